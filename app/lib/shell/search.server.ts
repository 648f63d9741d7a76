/**
 * The record search (decision 0019): one FTS5 query over `search_fts` joined to
 * `search_doc`, always inside the scope's agency, only the kinds the viewer's
 * licence and role may open (searchableKinds) and, for an Agente, only their own
 * sales, deals and contracts (as those modules' lists). The index is kept in step
 * by triggers (migration 0031_search); nothing here writes it.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Scope } from "~/lib/platform/scope.server";
import { formatDocument } from "~/lib/platform/br-documents";
import { formatDate } from "~/lib/platform/format";
import { normalizeSearchText } from "~/lib/kit/search-text";
import {
  buildFtsQuery,
  buildFuzzyQuery,
  FUZZY_MIN_SHARE,
  fuzzyShare,
  isSearchKind,
  OWN_ONLY_KINDS,
  rankAndGroup,
  SEARCH_CANDIDATES,
  SEARCH_KINDS,
  SEARCH_MIN_LENGTH,
  searchableKinds,
  type DetailType,
  type SearchKind,
  type SearchKindInfo,
  type SearchResult,
} from "~/lib/shell/search";
import type { LicenceModules } from "~/lib/system/licence";

type Row = { kind: string; record_id: string; title: string; subtitle: string | null; body: string; score: number };

/** The index rows matching an FTS5 expression, best bm25 first (a title match weighs 10 times a body match). */
async function candidates(scope: Scope, match: string, kinds: readonly SearchKind[]): Promise<Row[]> {
  const kindList = sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  const own: SQL =
    scope.role === "Agente" && OWN_ONLY_KINDS.length > 0
      ? sql` and (search_doc.kind not in (${sql.join(
          OWN_ONLY_KINDS.map((k) => sql`${k}`),
          sql`, `,
        )}) or search_doc.owner_user_id = ${scope.userId})`
      : sql``;
  return scope.db.all<Row>(sql`
    select search_doc.kind, search_doc.record_id, search_doc.title, search_doc.subtitle, search_doc.body, bm25(search_fts, 10.0, 1.0) as score
    from search_fts join search_doc on search_doc.id = search_fts.rowid
    where search_fts match ${match} and search_doc.agency_id = ${scope.agencyId} and search_doc.deleted = 0
      and search_doc.kind in (${kindList})${own}
    order by score limit ${SEARCH_CANDIDATES}`);
}

/** The stored subtitle (a JSON array of the kind's parts) as one line: documents masked, dates in the agency's zone. */
export function formatSubtitle(info: Pick<SearchKindInfo, "details">, stored: string | null, language: string, timeZone: string): string | null {
  let parts: unknown;
  try {
    parts = JSON.parse(stored ?? "[]");
  } catch {
    return null;
  }
  if (!Array.isArray(parts)) return null;
  const shown = parts.flatMap((value, i) => {
    if (typeof value !== "string" || value.trim() === "") return [];
    const type: DetailType = info.details[i] ?? "text";
    if (type === "document") return [formatDocument(value)];
    if (type === "day") return [formatDate(`${value}T12:00:00Z`, language, "UTC")];
    if (type === "instant") return [formatDate(value, language, timeZone)];
    return [value];
  });
  return shown.length > 0 ? shown.join(" · ") : null;
}

/**
 * The records matching a normalized query for the viewer: the exact search
 * (every term of 3+ characters, accents and case ignored); when it finds
 * nothing, the typo search (≥ FUZZY_MIN_SHARE of the query's trigrams).
 * Nothing below SEARCH_MIN_LENGTH characters.
 */
export async function searchRecords(
  scope: Scope,
  query: string,
  viewer: { licence: LicenceModules | null | undefined; language: string },
): Promise<SearchResult[]> {
  if ([...query].length < SEARCH_MIN_LENGTH) return [];
  const kinds = searchableKinds(scope.role, viewer.licence);
  if (kinds.length === 0) return [];
  const built = buildFtsQuery(query);
  if (!built.match) return [];

  const contains = (row: Row, term: string) => normalizeSearchText(`${row.title} ${row.body}`).includes(term);
  let rows = (await candidates(scope, built.match, kinds)).filter((row) => built.shortTerms.every((term) => contains(row, term)));
  if (rows.length === 0) {
    const fuzzy = buildFuzzyQuery(query);
    if (fuzzy) rows = (await candidates(scope, fuzzy.match, kinds)).filter((row) => fuzzyShare(fuzzy.grams, row.title) >= FUZZY_MIN_SHARE);
  }

  const typed = rows.flatMap((row) => (isSearchKind(row.kind) ? [{ ...row, kind: row.kind, group: SEARCH_KINDS[row.kind].group, rank: row.score }] : []));
  return rankAndGroup(typed, built.folded).map((row) => {
    const info: SearchKindInfo = SEARCH_KINDS[row.kind];
    return {
      kind: row.kind,
      group: info.group,
      id: row.record_id,
      title: row.title,
      subtitle: formatSubtitle(info, row.subtitle, viewer.language, scope.timeZone),
      href: info.href.replace(":id", encodeURIComponent(row.record_id)),
    };
  });
}
