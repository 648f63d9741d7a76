/**
 * Bench data for the record search (issue #22, decision 0019): brings the FTS index to
 * BENCH_SEARCH_DOCS indexed records. After the 100k phase Sol Viagens holds about 215,000
 * searchable rows (clients, packages, sales, deals); this adds clients to Mar Turismo, the
 * other demo agency, up to the total — through seedClients, so the search triggers index them
 * as for any insert. Sol's viewer never sees them, but the FTS index is shared by every
 * agency: a term common in both ("silva") matches Mar's rows in the index before the
 * agency filter drops them. Measuring the same queries before and after (searchTargets)
 * gives that cross-agency cost, the one decision 0019 names.
 */
import { seedClients, type SeededClients } from "./seed-clients.ts";
import { querySql } from "./d1-sql.ts";
import type { BenchTarget } from "./run.ts";

export const BENCH_SEARCH_DOCS = 500_000;

export type SeededSearch = { docsBefore: number; added: SeededClients | null; docsAfter: number; liveInFts: number };

const count = (root: string, stateDir: string) => Number(querySql<{ n: number }>(root, stateDir, "SELECT count(*) AS n FROM search_doc")[0]?.n ?? 0);

/** Adds Mar Turismo clients until search_doc holds `total` rows (nothing when it already does). */
export function seedSearch(root: string, stateDir: string, total = BENCH_SEARCH_DOCS): SeededSearch {
  const docsBefore = count(root, stateDir);
  const missing = total - docsBefore;
  const added = missing > 0 ? seedClients(root, stateDir, missing, 1) : null;
  const docsAfter = count(root, stateDir);
  const liveInFts = Number(querySql<{ n: number }>(root, stateDir, "SELECT count(*) AS n FROM search_doc WHERE deleted = 0")[0]?.n ?? 0);
  return { docsBefore, added, docsAfter, liveInFts };
}

/**
 * The palette's request (GET /busca?q=, JSON) for the queries people type: a common surname
 * (thousands of hits in both agencies), a first and last name, a name with a typo (the fuzzy
 * path: the exact search finds nothing, then the title trigrams), a sale number, an e-mail
 * fragment. `label` names the index's size in the report.
 */
export function searchTargets(cookie: string, label: string): BenchTarget[] {
  const headers = { Cookie: cookie };
  return [
    ["silva", "common surname"],
    ["maria oliveira", "first and last name"],
    ["Joao Slva", "name with a typo (fuzzy)"],
    ["51234", "sale number"],
    ["ana.santos", "e-mail fragment"],
  ].map(([q, what]) => ({ name: `search ${label}: ${what} (q=${q})`, path: `/busca?q=${encodeURIComponent(q!)}`, headers }));
}
