/**
 * The record kit's CSV export: every row of a list's current filter, in the
 * list's order, streamed in keyset batches (list.server.ts `allRows`). A module
 * gives its list source, its select (or `wholeRows` of the table), the CSV
 * columns and a row → record function; its route only parses the list's URL:
 *
 *   export function clientsCsv(scope: Scope, query: ClientQuery, filename: string) {
 *     return exportList(scope, clientSource, query, wholeRows(scope.db, client, clientSource, query), CLIENT_CSV_COLUMNS, (r) => clientToCsvRow(r.row), filename);
 *   }
 */
import { sql } from "drizzle-orm";
import type { Db } from "~/lib/platform/db.server";
import { csvResponse } from "~/lib/kit/csv.server";
import type { ListQuery } from "~/lib/kit/list";
import { allRows, type ListScope, type ListSource, type ListTable, type PageSelect } from "~/lib/kit/list.server";

type SortValue = string | number | null;

/** A select of the whole row of `table` (the source's, as `row`), its id and the sort value. */
export function wholeRows<S extends string, F extends string, T extends ListTable>(
  db: Db,
  table: T,
  source: ListSource<S, F>,
  query: ListQuery<S, F>,
): PageSelect<{ row: T["$inferSelect"]; id: string; sortValue: SortValue }> {
  const sortColumn = source.sortColumns[query.sort];
  return (where, order, limit) =>
    db
      .select({ row: table as ListTable, id: table.id, sortValue: sql<SortValue>`${sortColumn}` })
      .from(table)
      .where(where)
      .orderBy(...order)
      .limit(limit) as unknown as Promise<{ row: T["$inferSelect"]; id: string; sortValue: SortValue }[]>;
}

/** The file name of an export: `<base>-<agency slug>-<YYYY-MM-DD>.csv`. */
export const exportFilename = (base: string, agencySlug: string, now = new Date()) => `${base}-${agencySlug}-${now.toISOString().slice(0, 10)}.csv`;

/** The current filter of a list as a streamed CSV download. */
export function exportList<S extends string, F extends string, R extends { id: string; sortValue: SortValue }>(
  scope: ListScope,
  source: ListSource<S, F>,
  query: ListQuery<S, F>,
  select: PageSelect<R>,
  columns: readonly string[],
  toRow: (row: R) => Record<string, string>,
  filename: string,
): Response {
  async function* batches() {
    for await (const rows of allRows(scope, source, query, select)) yield rows.map(toRow);
  }
  return csvResponse(filename, columns, batches());
}
