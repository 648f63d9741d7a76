/**
 * The server half of the list pattern (kit/list.ts), for any table: the rows a
 * scope may see, searched, filtered, sorted and keyset-paginated. A page costs
 * the rows it shows (each sort column has an index that starts with the scope's
 * columns), however deep it is.
 *
 * A list declares a `ListSource`. Only the table, its id and the sort columns are
 * required; the rest are options:
 * - `scope`: the rows of the scope (default: `agency_id = scope.agencyId`; a
 *   cross-agency list such as the SuperAdmin's agencies gives its own);
 * - `softDelete`: the deleted_at column, to hide deleted rows;
 * - `search`: a normalised search-text column (accent- and case-insensitive
 *   terms, kit/search-text.ts) or a function of the query giving conditions;
 * - `counter`: the entity name in register_count (kept by triggers), so an
 *   unfiltered total is one row; without it, totals are counted up to COUNT_CAP.
 */
import { and, asc, desc, eq, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { registerCount } from "~/db/schema";
import type { Db } from "~/lib/platform/db.server";
import { COUNT_CAP, encodeCursor, isFiltered, type Cursor, type ListQuery, type PageInfo, type SortDir } from "~/lib/kit/list";
import { searchTerms } from "~/lib/kit/search-text";

/** A table a list can page: an id, and (unless the source gives its own scope) agency_id. */
export type ListTable = SQLiteTable & { id: SQLiteColumn; agencyId?: SQLiteColumn };

export type ListSource<S extends string, F extends string> = {
  table: ListTable;
  /** Sort key → column; each has an index (scope columns…, column, id). */
  sortColumns: Record<S, SQLiteColumn>;
  /** SQL conditions of the active filters. */
  filterWhere?: (filters: Partial<Record<F, string>>) => SQL[];
  /** The rows the scope may see; default: the table's agency_id is the scope's agency. */
  scope?: (agencyId: string | null) => SQL[];
  /** deleted_at: rows with a value are hidden. */
  softDelete?: SQLiteColumn;
  /** A normalised search-text column, or the conditions of a search. */
  search?: SQLiteColumn | ((q: string) => SQL[]);
  /** The entity in register_count (trigger-kept live rows) for unfiltered totals. */
  counter?: string;
  /** false: the page is not counted (PageInfo `uncounted`); the list gets its count in a request of its own (finance totals). */
  count?: false;
};

/** Who is listing: the database and the agency (null only for cross-agency lists with their own scope). */
export type ListScope = { db: Db; agencyId: string | null };

/** Conditions every query of an agency's live rows starts with. */
export const liveRows = (table: SQLiteTable & { agencyId: SQLiteColumn; deletedAt: SQLiteColumn }, agencyId: string) => [
  eq(table.agencyId, agencyId),
  isNull(table.deletedAt),
];

/**
 * Each search term must occur in the column (accent- and case-insensitive: both
 * sides are normalised). instr, not LIKE: D1 refuses LIKE patterns over 50 bytes,
 * and no wildcard needs escaping.
 */
export function searchWhere(column: SQLiteColumn, q: string): SQL[] {
  return searchTerms(q).map((term) => sql`instr(${column}, ${term}) > 0`);
}

/** The conditions of the scope, soft delete, search and filters. */
function baseWhere<S extends string, F extends string>(source: ListSource<S, F>, agencyId: string | null, query: ListQuery<S, F>): SQL[] {
  const { table } = source;
  let scope: SQL[];
  if (source.scope) scope = source.scope(agencyId);
  else {
    if (!table.agencyId || agencyId === null) throw new Error("A list without agency_id or agency needs its own scope");
    scope = [eq(table.agencyId, agencyId)];
  }
  const search = !source.search || !query.q ? [] : typeof source.search === "function" ? source.search(query.q) : searchWhere(source.search, query.q);
  return [...scope, ...(source.softDelete ? [isNull(source.softDelete)] : []), ...search, ...(source.filterWhere?.(query.filters) ?? [])];
}

/**
 * Rows strictly after `cursor` in the order (column dir, id dir), as a row-value
 * comparison `(column, id) > (v, id)` that SQLite turns into an index range: a
 * deep page reads its own rows, not every row before it. SQLite puts NULLs first
 * ascending and last descending; nullable sort columns follow that, with an
 * extra branch only where NULLs lie ahead.
 */
function afterCursor(column: SQLiteColumn, idColumn: SQLiteColumn, dir: SortDir, cursor: Cursor): SQL {
  const { v, id } = cursor;
  const byId = dir === "asc" ? sql`${idColumn} > ${id}` : sql`${idColumn} < ${id}`;
  if (v === null) {
    return dir === "asc" ? or(and(isNull(column), byId), isNotNull(column))! : and(isNull(column), byId)!;
  }
  const beyond = dir === "asc" ? sql`(${column}, ${idColumn}) > (${v}, ${id})` : sql`(${column}, ${idColumn}) < (${v}, ${id})`;
  return dir === "desc" && !column.notNull ? or(beyond, isNull(column))! : beyond;
}

const flip = (dir: SortDir): SortDir => (dir === "asc" ? "desc" : "asc");

export type PageSelect<R> = (where: SQL, order: SQL[], limit: number) => Promise<R[]>;

/**
 * One page of `select` (which must include the sort column as `sortValue` and
 * `id`) plus its PageInfo. Rows come in the list's order whichever way the user
 * paged.
 */
export async function runList<S extends string, F extends string, R extends { id: string; sortValue: string | number | null }>(
  scope: ListScope,
  source: ListSource<S, F>,
  query: ListQuery<S, F>,
  select: PageSelect<R>,
): Promise<{ rows: R[]; page: PageInfo }> {
  const { table } = source;
  const column = source.sortColumns[query.sort];
  const base = baseWhere(source, scope.agencyId, query);
  const backwards = query.before !== null;
  const dir = backwards ? flip(query.dir) : query.dir;
  const cursor = query.after ?? query.before;
  const where = and(...base, ...(cursor ? [afterCursor(column, table.id, dir, cursor)] : []))!;
  const order = dir === "asc" ? [asc(column), asc(table.id)] : [desc(column), desc(table.id)];
  const [found, totals] = await Promise.all([select(where, order, query.size + 1), source.count === false ? { total: 0, capped: false } : countRows(scope, source, query, and(...base)!)]);
  const more = found.length > query.size;
  const rows = found.slice(0, query.size);
  if (backwards) rows.reverse();
  const first = rows[0];
  const last = rows[rows.length - 1];
  const edge = (r: R | undefined) => (r ? encodeCursor({ v: r.sortValue, id: r.id }) : null);
  // Forwards: a next page if one more row came; a previous one if we came from a cursor.
  // Backwards: the mirror image.
  const hasNext = backwards ? true : more;
  const hasPrev = backwards ? more : query.after !== null;
  return {
    rows,
    page: {
      total: totals.total,
      totalCapped: totals.capped,
      ...(source.count === false ? { uncounted: true } : {}),
      next: hasNext && rows.length > 0 ? edge(last) : null,
      prev: hasPrev && rows.length > 0 ? edge(first) : null,
    },
  };
}

async function countRows<S extends string, F extends string>(scope: ListScope, source: ListSource<S, F>, query: ListQuery<S, F>, where: SQL) {
  const { db, agencyId } = scope;
  if (source.counter && agencyId !== null && !isFiltered(query)) {
    const [row] = await db
      .select({ live: registerCount.live })
      .from(registerCount)
      .where(and(eq(registerCount.agencyId, agencyId), eq(registerCount.entity, source.counter)));
    return { total: Math.max(0, row?.live ?? 0), capped: false };
  }
  const inner = db
    .select({ one: sql`1` })
    .from(source.table)
    .where(where)
    .limit(COUNT_CAP + 1);
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(inner.as("matches"));
  const n = Number(row?.n ?? 0);
  return { total: Math.min(n, COUNT_CAP), capped: n > COUNT_CAP };
}

/**
 * Every row of the current filter in the list's order, in keyset batches (CSV
 * export). Stops after `max` rows.
 */
export async function* allRows<S extends string, F extends string, R extends { id: string; sortValue: string | number | null }>(
  scope: ListScope,
  source: ListSource<S, F>,
  query: ListQuery<S, F>,
  select: PageSelect<R>,
  max = 50_000,
): AsyncGenerator<R[]> {
  let cursor: Cursor | null = null;
  let sent = 0;
  const batch = 500;
  const column = source.sortColumns[query.sort];
  const { table } = source;
  const base = baseWhere(source, scope.agencyId, query);
  const order = query.dir === "asc" ? [asc(column), asc(table.id)] : [desc(column), desc(table.id)];
  while (sent < max) {
    const where = and(...base, ...(cursor ? [afterCursor(column, table.id, query.dir, cursor)] : []))!;
    const rows = await select(where, order, Math.min(batch, max - sent));
    if (rows.length === 0) return;
    yield rows;
    sent += rows.length;
    const last = rows[rows.length - 1]!;
    cursor = { v: last.sortValue, id: last.id };
    if (rows.length < batch) return;
  }
}
