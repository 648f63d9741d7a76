/**
 * Record search for the command palette (GET /busca?q=). The shell lists screens
 * on its own; records come from the modules, each adding a provider to
 * lib/shell/search.server.ts that searches its table inside the viewer's agency.
 * Until the registers land there are no providers, so results are empty.
 */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_LIMIT = 20;

export type SearchResult = {
  /** What kind of record: "cliente", "venda", ... (the module's key). */
  kind: string;
  id: string;
  title: string;
  subtitle: string | null;
  /** Where the record opens, a path inside the app. */
  href: string;
};

export type SearchResponse = { query: string; results: SearchResult[] };

/** The query as the server uses it: trimmed, inner whitespace collapsed, bounded. */
export function normalizeQuery(raw: string | null | undefined): string {
  return (raw ?? "").trim().replace(/\s+/g, " ").slice(0, SEARCH_MAX_LENGTH);
}
