import { describe, expect, it } from "vitest";
import { detectLanguage, languageFromHeader } from "~/middleware/i18n";

const request = (headers: Record<string, string>) => new Request("http://localhost/", { headers });

describe("the request's language", () => {
  it("takes the browser's first language the app speaks, by quality", () => {
    expect(languageFromHeader("en-US,en;q=0.9")).toBe("en");
    expect(languageFromHeader("pt-BR")).toBe("pt");
    expect(languageFromHeader("de-DE,es;q=0.8,en;q=0.5")).toBe("es");
    expect(languageFromHeader("en;q=0.4, es;q=0.9")).toBe("es");
    expect(languageFromHeader("fr, *;q=0.5")).toBeNull();
    expect(languageFromHeader("es;q=0, en")).toBe("en");
    expect(languageFromHeader("")).toBeNull();
    expect(languageFromHeader(";;,=,q=1")).toBeNull();
  });

  it("the saved choice wins, then the browser, then pt", () => {
    expect(detectLanguage(request({ Cookie: "lng=es", "Accept-Language": "en" }))).toBe("es");
    expect(detectLanguage(request({ Cookie: "lng=xx", "Accept-Language": "en" }))).toBe("en");
    expect(detectLanguage(request({ "Accept-Language": "fr" }))).toBe("pt");
    expect(detectLanguage(request({}))).toBe("pt");
  });
});
