import { describe, expect, it } from "vitest";
import { readLanguageCookie, serializeLanguageCookie } from "~/middleware/i18n";
import { LANGUAGES } from "~/locales";
import { hasLanguageCookie, languageCookieString } from "~/lib/platform/language-sync";

describe("the language cookie written in the browser", () => {
  it("is exactly the cookie the server writes", () => {
    for (const lng of LANGUAGES) expect(languageCookieString(lng)).toBe(serializeLanguageCookie(lng));
  });

  it("is read back by the server's detection", () => {
    for (const lng of LANGUAGES) {
      const pair = languageCookieString(lng).split(";")[0]!;
      const request = new Request("http://localhost/", { headers: { Cookie: `other=1; ${pair}` } });
      expect(readLanguageCookie(request)).toBe(lng);
    }
  });

  it("is found among other cookies, and only by its exact name", () => {
    expect(hasLanguageCookie("a=1; lng=en; b=2")).toBe(true);
    expect(hasLanguageCookie("lng=pt")).toBe(true);
    expect(hasLanguageCookie("xlng=pt; lngx=en")).toBe(false);
    expect(hasLanguageCookie("")).toBe(false);
  });
});
