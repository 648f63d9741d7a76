import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildSearchText, likeContains, normalizeSearchText, searchEquals, searchIncludes, searchTerms } from "~/lib/kit/search-text";

describe("normalizeSearchText", () => {
  it("drops accents and case", () => {
    expect(normalizeSearchText("José")).toBe("jose");
    expect(normalizeSearchText("São Paulo")).toBe("sao paulo");
    expect(normalizeSearchText("AÇAÍ com GUARANÁ")).toBe("acai com guarana");
    expect(normalizeSearchText("Foz do Iguaçu")).toBe("foz do iguacu");
    expect(normalizeSearchText("Conceição")).toBe("conceicao");
    expect(normalizeSearchText("Ñandú Müller Straße")).toBe("nandu muller strasse");
  });

  it("treats precomposed and decomposed input alike", () => {
    expect(normalizeSearchText("Jose\u0301")).toBe("jose");
    expect(normalizeSearchText("Jos\u00e9")).toBe("jose");
  });

  it("collapses and trims whitespace, tabs and newlines", () => {
    expect(normalizeSearchText("  Maria   das\tDores\n Silva  ")).toBe("maria das dores silva");
    expect(normalizeSearchText("a\u00a0b")).toBe("a b");
  });

  it("keeps digits and punctuation that are not marks", () => {
    expect(normalizeSearchText("D'Ávila & Cia. — 2026")).toBe("d'avila & cia. — 2026");
    expect(normalizeSearchText("ana@EXAMPLE.com")).toBe("ana@example.com");
  });

  it("maps empty input to the empty string", () => {
    expect(normalizeSearchText("")).toBe("");
    expect(normalizeSearchText(null)).toBe("");
    expect(normalizeSearchText(undefined)).toBe("");
    expect(normalizeSearchText("   ")).toBe("");
  });

  it("is idempotent and never leaves upper case, marks or doubled spaces (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (s) => {
        const n = normalizeSearchText(s);
        return normalizeSearchText(n) === n && !/\p{M}/u.test(n) && !/\s\s/.test(n) && n === n.trim() && n === n.toLowerCase();
      }),
      { numRuns: 1000 },
    );
  });
});

describe("comparisons", () => {
  it("match regardless of accents and case", () => {
    expect(searchEquals("José", "jose")).toBe(true);
    expect(searchEquals("São Paulo", "sao paulo")).toBe(true);
    expect(searchEquals("SAO  PAULO ", "São Paulo")).toBe(true);
    expect(searchEquals("José", "Josué")).toBe(false);
    expect(searchIncludes("Hotel Cataratas — Foz do Iguaçu/PR", "iguacu")).toBe(true);
    expect(searchIncludes("Gramado", "canela")).toBe(false);
  });
});

describe("buildSearchText", () => {
  it("joins the normalised parts, flattening arrays and dropping empty ones", () => {
    expect(buildSearchText("José da Silva", null, "52998224725", ["Jose@Example.com", undefined, ""], "  ")).toBe(
      "jose da silva 52998224725 jose@example.com",
    );
    expect(buildSearchText()).toBe("");
  });

  it("finds what the user types", () => {
    const row = buildSearchText("Conceição Araújo", "52998224725", ["conceicao@example.com"]);
    for (const query of ["conceicao", "ARAUJO", "Conceição Araújo", "529.982.247-25", "529982", "example.com"]) {
      expect(
        searchTerms(query).every((t) => row.includes(t)),
        query,
      ).toBe(true);
    }
    expect(searchTerms("araujo souza").every((t) => row.includes(t))).toBe(false);
  });
});

describe("searchTerms", () => {
  it("splits, normalises and deduplicates", () => {
    expect(searchTerms("  São   Paulo são ")).toEqual(["sao", "paulo"]);
    expect(searchTerms("")).toEqual([]);
    expect(searchTerms(null)).toEqual([]);
  });

  it("reduces document and phone fragments to digits", () => {
    expect(searchTerms("529.982.247-25")).toEqual(["52998224725"]);
    expect(searchTerms("11.222.333/0001-81")).toEqual(["11222333000181"]);
    expect(searchTerms("(11) 91234-5678")).toEqual(["11", "912345678"]);
    expect(searchTerms("apto 12-B")).toEqual(["apto", "12-b"]);
    expect(searchTerms("- / .")).toEqual(["-", "/", "."]);
  });
});

describe("likeContains", () => {
  it("wraps in % and escapes LIKE wildcards and the escape character", () => {
    expect(likeContains("jose")).toBe("%jose%");
    expect(likeContains("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});
