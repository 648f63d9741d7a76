import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/lib/platform/redirect-target";

const ORIGIN = "https://rota.example";

/** Where a browser would go with this Location on a page of the app. */
function staysHome(location: string): boolean {
  // Browsers strip tab and newlines before parsing; the URL parser does the same.
  const resolved = new URL(location, `${ORIGIN}/some/page`);
  return resolved.origin === ORIGIN;
}

const isSafe = (path: string) => path.startsWith("/") && !path.startsWith("//") && staysHome(path) && /^[\x21-\x7e]*$/.test(path);

describe("safeRedirect", () => {
  it("keeps a path of the app, with its query and fragment", () => {
    expect(safeRedirect("/cadastros/clientes?q=ana&page=2#top")).toBe("/cadastros/clientes?q=ana&page=2#top");
    expect(safeRedirect("/")).toBe("/");
  });

  it.each([
    "//evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "/\v/evil.example",
    "\t//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/.//evil.example",
    "/./\t/evil.example",
    "https://evil.example",
    "javascript:alert(1)",
    "evil.example",
    "",
    " /dashboard",
    "/\u0085/evil.example",
  ])("refuses %j", (attack) => {
    expect(safeRedirect(attack, "/fallback")).toBe("/fallback");
  });

  it("answers ASCII (a valid Location header) for unicode paths", () => {
    expect(safeRedirect("/cadastros/clientes?q=joão")).toBe("/cadastros/clientes?q=jo%C3%A3o");
  });

  it("refuses what is not a string", () => {
    expect(safeRedirect(null)).toBe("/dashboard");
    expect(safeRedirect(undefined)).toBe("/dashboard");
    expect(safeRedirect(42)).toBe("/dashboard");
  });

  it("always answers a single-slash path that stays on the origin, and never throws (any string)", () => {
    const input = fc.oneof(
      fc.string({ unit: "binary" }),
      fc.string({ unit: "grapheme" }),
      fc.string({ unit: fc.constantFrom("/", "\\", ".", "\t", "\n", "\r", "\v", "\0", "%", "@", ":", "?", "#", "e", "é", "\u2028", "\u0085", " ") }),
      fc.string({ unit: fc.constantFrom("/", "\\", ".", "\t", "\n", "e", ":", "@") }).map((s) => `/${s}`),
    );
    fc.assert(
      fc.property(input, (to) => {
        const out = safeRedirect(to, "/dashboard");
        expect(isSafe(out)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});
