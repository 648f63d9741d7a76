import { describe, expect, it } from "vitest";
import { isSlug, packageSlug, slugify, SLUG_MAX, uniqueSlug, withSuffix } from "~/lib/services/slug";

describe("slugs", () => {
  it("normalise any text to [a-z0-9-], accents off, hyphens collapsed", () => {
    expect(slugify("  Gramado & Canela — Natal Luz! ")).toBe("gramado-canela-natal-luz");
    expect(slugify("São João, Jalapão e Cancún")).toBe("sao-joao-jalapao-e-cancun");
    expect(slugify("Straße Œuvre")).toBe("strasse-oeuvre");
    expect(slugify("--__--")).toBe("");
    expect(slugify("日本")).toBe("");
  });
  it("stay within the length, cut at a hyphen when one is near the end", () => {
    const long = slugify("palavra ".repeat(40));
    expect(long.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(long.endsWith("-")).toBe(false);
    expect(isSlug(long)).toBe(true);
    expect(slugify("a".repeat(200)).length).toBe(SLUG_MAX);
  });
  it("a package's slug is the agency's and the title's", () => {
    expect(packageSlug("sol-viagens", "Gramado: Natal Luz 2027")).toBe("sol-viagens-gramado-natal-luz-2027");
    expect(packageSlug("Mar & Sol Turismo", "")).toBe("mar-sol-turismo");
    expect(packageSlug("", "!!!")).toBe("pacote");
    expect(packageSlug("x".repeat(80), "y".repeat(200)).length).toBeLessThanOrEqual(SLUG_MAX - 4);
  });
  it("suffixes make it unique and keep it valid", () => {
    expect(withSuffix("gramado", 1)).toBe("gramado");
    expect(withSuffix("gramado", 3)).toBe("gramado-3");
    expect(withSuffix("a".repeat(120), 12).length).toBe(SLUG_MAX);
    expect(uniqueSlug("gramado", new Set())).toBe("gramado");
    expect(uniqueSlug("gramado", new Set(["gramado", "gramado-2"]))).toBe("gramado-3");
  });
  it("isSlug accepts only what the table's check accepts", () => {
    for (const ok of ["a", "gramado-2027", "0"]) expect(isSlug(ok)).toBe(true);
    for (const bad of ["", "Gramado", "a--b", "-a", "a-", "a_b", "á", "a".repeat(121)]) expect(isSlug(bad)).toBe(false);
  });
});
