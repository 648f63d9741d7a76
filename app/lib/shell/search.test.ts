import fc from "fast-check";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { defaultLicence } from "~/lib/system/licence";
import {
  buildFtsQuery,
  buildFuzzyQuery,
  FUZZY_MIN_SHARE,
  ftsString,
  fuzzyShare,
  normalizeQuery,
  prefixRank,
  rankAndGroup,
  SEARCH_KINDS,
  SEARCH_LIMIT,
  SEARCH_PER_KIND,
  searchableKinds,
  trigrams,
} from "~/lib/shell/search";

describe("buildFtsQuery", () => {
  it("quotes every folded term of 3+ characters and ANDs them", () => {
    expect(buildFtsQuery("João  SILVA")).toEqual({ match: '"joao" "silva"', shortTerms: [], folded: "joao silva" });
  });

  it("reduces a document or phone to its digits", () => {
    expect(buildFtsQuery("123.456.789-09").match).toBe('"12345678909"');
    expect(buildFtsQuery("(11) 98765-4321")).toMatchObject({ match: '"987654321"', shortTerms: ["11"] });
  });

  it("keeps short words as a filter and looks a query of short words up as one phrase", () => {
    expect(buildFtsQuery("ana b")).toMatchObject({ match: '"ana"', shortTerms: ["b"] });
    expect(buildFtsQuery("a b c")).toMatchObject({ match: '"a b c"', shortTerms: [] });
    expect(buildFtsQuery("ab").match).toBeNull();
  });

  it("doubles inner quotes so no input is FTS5 syntax", () => {
    expect(ftsString('a"b')).toBe('"a""b"');
    expect(buildFtsQuery('abc" OR "def NEAR(')).toMatchObject({ match: '"abc""" """def" "near("', shortTerms: ["or"] });
  });

  it("always answers a MATCH made of balanced quoted strings (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120, unit: "binary" }), (raw) => {
        const { match } = buildFtsQuery(normalizeQuery(raw));
        if (match === null) return;
        // Outside the strings only spaces: every token opens and closes its quotes.
        const outside = match.replace(/"(?:[^"]|"")*"/g, "");
        expect(outside.trim()).toBe("");
        expect(match).not.toMatch(/\p{Cc}/u);
      }),
    );
  });
});

describe("typo tolerance", () => {
  it("splits words into trigrams, folded, not across words", () => {
    expect([...trigrams("João Slva")].sort()).toEqual(["joa", "lva", "oao", "slv"]);
  });

  it('keeps "João Silva" for "Joao Slva" (3 of 4 trigrams) and drops unrelated names', () => {
    const q = buildFuzzyQuery("Joao Slva")!;
    expect(q.match).toBe('title : ("joa" OR "oao" OR "slv" OR "lva")');
    expect(fuzzyShare(q.grams, "João Silva")).toBeGreaterThanOrEqual(FUZZY_MIN_SHARE);
    expect(fuzzyShare(q.grams, "Joana Souza")).toBeLessThan(FUZZY_MIN_SHARE);
    expect(buildFuzzyQuery("ab")).toBeNull();
  });
});

describe("ranking", () => {
  it("puts a title starting with the query first, then a word starting with it, then bm25", () => {
    expect(prefixRank("Silva Tur", "silva")).toBe(0);
    expect(prefixRank("#12 · Silvana Prado", "silva")).toBe(0);
    expect(prefixRank("João Silva", "silva")).toBe(1);
    expect(prefixRank("Casa da Silvaa", "ilva")).toBe(2);
    const rows = [
      { group: "cliente", title: "João Silva", rank: -9 },
      { group: "venda", title: "#3 · Silva Tur", rank: -1 },
      { group: "cliente", title: "Silva Tur", rank: -2 },
    ];
    expect(rankAndGroup(rows, "silva").map((r) => r.title)).toEqual(["Silva Tur", "João Silva", "#3 · Silva Tur"]);
  });

  it("caps each kind and the whole answer, grouped", () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({ group: `g${i % 6}`, title: `x${i}`, rank: i }));
    const out = rankAndGroup(rows, "zzz");
    expect(out).toHaveLength(SEARCH_LIMIT);
    const groups = out.map((r) => r.group);
    for (const g of new Set(groups)) {
      const first = groups.indexOf(g);
      const last = groups.lastIndexOf(g);
      expect(groups.slice(first, last + 1).every((x) => x === g)).toBe(true);
      expect(last - first + 1).toBeLessThanOrEqual(SEARCH_PER_KIND);
    }
  });
});

describe("kinds", () => {
  const paths = new Set<string>();
  const walk = (entries: { path?: string; children?: unknown[] }[], prefix: string) => {
    for (const e of entries) {
      const full = e.path ? `${prefix}/${e.path}`.replace(/\/+/g, "/") : prefix;
      if (e.path) paths.add(full);
      if (e.children) walk(e.children as never, full);
    }
  };
  walk(routes as never, "");

  it("opens every kind on a route of app/routes.ts", () => {
    for (const [kind, info] of Object.entries(SEARCH_KINDS)) expect(paths, kind).toContain(info.href);
  });

  it("leaves out the kinds whose licence entry is off", () => {
    const licence = defaultLicence();
    expect(searchableKinds("Admin", licence)).toEqual(Object.keys(SEARCH_KINDS));
    licence.vendas!.enabled = false;
    licence.cadastros!.submodules!.clientes!.enabled = false;
    const kinds = searchableKinds("Admin", licence);
    expect(kinds).not.toContain("venda");
    expect(kinds).not.toContain("venda_excursao");
    expect(kinds).not.toContain("cliente");
    expect(kinds).toContain("fornecedor");
    expect(searchableKinds("Admin", null)).toEqual([]);
  });
});
