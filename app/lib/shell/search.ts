/**
 * Record search for the header box and the command palette (GET /busca?q=;
 * decision 0019). One FTS5 index (`search_doc` + `search_fts`, kept in step by
 * triggers, migration 0031_search) over every kind below; this module is the
 * pure part: the kinds (where each opens, which licence and role may see it),
 * the FTS5 query built from what the user typed, and the typo rule.
 * lib/shell/search.server.ts runs the query inside the viewer's agency.
 */
import type { Role } from "~/db/schema/platform";
import { roleMayOpen, screenForPath } from "~/lib/shell/screens";
import { hasPermission, type LicenceModules } from "~/lib/system/licence";
import { normalizeSearchText, searchTerms } from "~/lib/kit/search-text";

/** FTS5's trigram tokenizer matches substrings of 3 characters or more: shorter queries find nothing. */
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_MAX_LENGTH = 100;
/** Results in one answer, at most SEARCH_PER_KIND of each kind. */
export const SEARCH_LIMIT = 20;
export const SEARCH_PER_KIND = 5;
/** Candidates read from the index before ranking and the per-kind cap. */
export const SEARCH_CANDIDATES = 100;
/** Typo tolerance: a record matches when it holds at least this share of the query's trigrams. */
export const FUZZY_MIN_SHARE = 0.6;
/** At most this many trigrams of the query go to the index in the typo search. */
export const FUZZY_MAX_TRIGRAMS = 32;

/** How a part of a result's subtitle is shown. */
export type DetailType = "text" | "document" | "day" | "instant";

export type SearchKindInfo = {
  /** The group it is listed under (the two kinds of sale are one group). */
  group: string;
  /** The record's screen, `:id` replaced by the record id (a route of app/routes.ts). */
  href: string;
  /** Licence path (spec §5) the screen's requireModule checks. */
  licence: readonly string[];
  /** An Agente finds only their own (the module's list shows them only theirs). */
  ownOnlyForAgente?: boolean;
  /** The subtitle's parts, in the order the trigger stores them (a JSON array). */
  details: readonly DetailType[];
};

/**
 * Every indexed kind, keyed as the migration's triggers write `search_doc.kind`
 * (Portuguese keys, as the palette's labels palette.kinds.*).
 */
export const SEARCH_KINDS = {
  cliente: { group: "cliente", href: "/cadastros/clientes/editar/:id", licence: ["cadastros", "clientes"], details: ["document", "text", "text"] },
  fornecedor: { group: "fornecedor", href: "/cadastros/fornecedores/editar/:id", licence: ["cadastros", "fornecedores"], details: ["text", "document", "text"] },
  prestador: { group: "prestador", href: "/cadastros/prestadores/editar/:id", licence: ["cadastros", "prestadores"], details: ["text", "document", "text"] },
  agente: { group: "agente", href: "/cadastros/agentes/editar/:id", licence: ["cadastros", "agentes"], details: ["document", "text"] },
  embarque: { group: "embarque", href: "/cadastros/embarques/editar/:id", licence: ["cadastros", "embarques"], details: ["text", "text"] },
  destino: { group: "destino", href: "/cadastros/destinos/editar/:id", licence: ["cadastros", "destinos"], details: ["text", "text", "text"] },
  pacote: { group: "pacote", href: "/servicos/pacotes-de-terceiros/editar/:id", licence: ["servicos", "pacotes_de_terceiros"], details: ["text"] },
  excursao: { group: "excursao", href: "/servicos/excursoes/editar/:id", licence: ["servicos", "excursoes"], details: ["instant"] },
  venda: { group: "venda", href: "/vendas/emissivo/editar/:id", licence: ["vendas", "emissivo"], ownOnlyForAgente: true, details: ["day"] },
  venda_excursao: { group: "venda", href: "/vendas/excursoes/gerenciar/:id", licence: ["vendas", "excursoes"], ownOnlyForAgente: true, details: ["day"] },
  negocio: { group: "negocio", href: "/crm/negocios/editar/:id", licence: ["crm"], ownOnlyForAgente: true, details: ["text"] },
  tarefa: { group: "tarefa", href: "/tarefas/editar/:id", licence: ["tarefas"], details: ["instant"] },
  contrato: { group: "contrato", href: "/contratos/contrato/:id", licence: ["contratos", "assinaturas"], ownOnlyForAgente: true, details: ["text"] },
  fatura: {
    group: "fatura",
    href: "/financeiro/faturamento/listagem-de-faturas/:id",
    licence: ["financeiro", "faturamento", "listagem_de_faturas"],
    details: ["day"],
  },
} as const satisfies Record<string, SearchKindInfo>;

export type SearchKind = keyof typeof SEARCH_KINDS;
export const isSearchKind = (kind: string): kind is SearchKind => Object.hasOwn(SEARCH_KINDS, kind);

/** The kinds a viewer may find: their licence enables the screen and their role may open it (screens.ts). */
export function searchableKinds(role: Role, licence: LicenceModules | null | undefined): SearchKind[] {
  return (Object.keys(SEARCH_KINDS) as SearchKind[]).filter((kind) => {
    const info: SearchKindInfo = SEARCH_KINDS[kind];
    const [module, ...path] = info.licence;
    if (!hasPermission(licence, module!, ...path)) return false;
    const screen = screenForPath(info.href.replace(":id", "x"));
    return !screen || roleMayOpen(screen, role);
  });
}

/** The kinds an Agente finds only their own of. */
export const OWN_ONLY_KINDS: readonly SearchKind[] = (Object.keys(SEARCH_KINDS) as SearchKind[]).filter(
  (kind) => (SEARCH_KINDS[kind] as SearchKindInfo).ownOnlyForAgente === true,
);

export type SearchResult = {
  /** What kind of record (a key of SEARCH_KINDS). */
  kind: string;
  /** The group the palette lists it under. */
  group: string;
  id: string;
  title: string;
  subtitle: string | null;
  /** Where the record opens, a path inside the app. */
  href: string;
};

export type SearchResponse = { query: string; results: SearchResult[] };

/**
 * The query as the server uses it: control characters (a NUL would end the
 * FTS5 string early) and lone surrogates as spaces, trimmed, inner whitespace
 * collapsed, bounded.
 */
export function normalizeQuery(raw: string | null | undefined): string {
  const clean = (raw ?? "").replace(/[\p{Cc}\p{Cs}]/gu, " ").trim().replace(/\s+/g, " ");
  // By code points, so an emoji is never cut in half.
  return [...clean].slice(0, SEARCH_MAX_LENGTH).join("").trim();
}

/** One FTS5 string token: the text in double quotes, inner quotes doubled, so nothing the user types is FTS syntax. */
export const ftsString = (text: string) => `"${text.replaceAll('"', '""')}"`;

export type FtsQuery = {
  /** The MATCH expression (every long term, AND), or null when nothing can match. */
  match: string | null;
  /** Terms shorter than 3 characters: the index cannot look them up, the rows found must contain them. */
  shortTerms: string[];
  /** The folded query (lowercase, no accents), for the prefix boost. */
  folded: string;
};

/**
 * What the user typed as an FTS5 query: folded terms (searchTerms: lowercase,
 * no accents, documents and phones as digits), each of 3 characters or more as
 * a quoted string (all must match, anywhere in the title or body); shorter ones
 * filter what those found. A query of short words only ("a b c") is looked up
 * as one phrase when it is long enough.
 */
export function buildFtsQuery(query: string): FtsQuery {
  const folded = normalizeSearchText(query);
  const terms = searchTerms(query);
  const long = terms.filter((t) => [...t].length >= SEARCH_MIN_LENGTH);
  const shortTerms = terms.filter((t) => [...t].length < SEARCH_MIN_LENGTH);
  if (long.length > 0) return { match: long.map(ftsString).join(" "), shortTerms, folded };
  if ([...folded].length >= SEARCH_MIN_LENGTH) return { match: ftsString(folded), shortTerms: [], folded };
  return { match: null, shortTerms, folded };
}

/** The distinct trigrams of each word of a text (folded), not across words. */
export function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of normalizeSearchText(text).split(/[\s\p{P}]+/u)) {
    const chars = [...word];
    for (let i = 0; i + 3 <= chars.length; i++) out.add(chars.slice(i, i + 3).join(""));
  }
  return out;
}

/**
 * The typo search (when the exact one finds nothing), for names: the query's
 * trigrams OR'd within the title column (FTS5 finds every record whose title has
 * any), then `fuzzyShare` of the title keeps those holding at least
 * FUZZY_MIN_SHARE of them. Bodies (documents, e-mails, cities, locators) match
 * exactly only. Null when the query has no trigram.
 */
export function buildFuzzyQuery(query: string): { match: string; grams: Set<string> } | null {
  const grams = new Set([...trigrams(query)].slice(0, FUZZY_MAX_TRIGRAMS));
  if (grams.size === 0) return null;
  return { match: `title : (${[...grams].map(ftsString).join(" OR ")})`, grams };
}

/** The share (0..1) of the query's trigrams a record's text holds: "Joao Slva" in "João Silva" is 3 of 4. */
export function fuzzyShare(grams: ReadonlySet<string>, text: string): number {
  if (grams.size === 0) return 0;
  const have = trigrams(text);
  let shared = 0;
  for (const g of grams) if (have.has(g)) shared++;
  return shared / grams.size;
}

/** 0 when the title starts with the query, 1 when one of its words does, 2 otherwise (lower ranks first). */
export function prefixRank(title: string, folded: string): number {
  if (!folded) return 2;
  const t = normalizeSearchText(title).replace(/^#\d+ · /, "");
  if (t.startsWith(folded)) return 0;
  const first = folded.split(" ")[0]!;
  return t.split(/[\s\p{P}]+/u).some((w) => w.startsWith(first)) ? 1 : 2;
}

/**
 * Ranked candidates to the answer: by the prefix boost, then bm25 (lower is
 * better), at most SEARCH_PER_KIND per kind and SEARCH_LIMIT in all, grouped by
 * kind in the order of each group's best result.
 */
export function rankAndGroup<T extends { group: string; title: string; rank: number }>(rows: readonly T[], folded: string): T[] {
  const ranked = rows
    .map((row, i) => ({ row, i, boost: prefixRank(row.title, folded) }))
    .sort((a, b) => a.boost - b.boost || a.row.rank - b.row.rank || a.i - b.i)
    .map((r) => r.row);
  const groups = new Map<string, T[]>();
  let total = 0;
  for (const row of ranked) {
    if (total >= SEARCH_LIMIT) break;
    const list = groups.get(row.group) ?? [];
    if (list.length >= SEARCH_PER_KIND) continue;
    list.push(row);
    groups.set(row.group, list);
    total++;
  }
  return [...groups.values()].flat();
}
