/**
 * Child rows of a record (a package's departures and prices, a block's room
 * types and segments), saved WITH the record: the parent's insert or
 * version-checked update, every child insert / update / delete / archive and
 * the one audit row go in the same `db.batch()` (one transaction: a failing
 * child statement leaves nothing, a stale parent changes nothing).
 *
 * A module describes each kind of child rows it saves with the record:
 *
 *   const departures: ChildRows = {
 *     name: "departures",                       // the audit field
 *     table: thirdPartyPackageDeparture,        // agency_id + the parent column
 *     parentColumn: thirdPartyPackageDeparture.packageId,
 *     rows: input.departures.map((d) => ({ id: d.id, departureDate: d.date, seats: d.seats })),
 *     archive: { column: thirdPartyPackageDeparture.archivedAt, referenced: soldDepartures },
 *   };
 *
 * Rows are matched to the stored ones by `match` (default the `id` column):
 * a matched row is updated in place (its id is stable: sales point at it),
 * an unmatched one inserted (a posted id that is not one of this record's
 * live rows gets a new id — ids from a form are never trusted), and a stored
 * row no longer posted is deleted, or archived (`archive.column` set) when
 * `archive.referenced` says something points at it. Tables keyed otherwise
 * (a package's destinations: package + destination) match on their key columns.
 */
import { and, eq, getTableColumns, inArray, is, isNull, SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { newId, nowIso } from "~/db/schema/columns";
import type { Db } from "~/lib/platform/db.server";
import type { ReadScope } from "~/lib/kit/record.server";

/** A child table: the agency and the parent's id on every row. */
export type ChildTable = SQLiteTable & { agencyId: SQLiteColumn };

export type ChildRows = {
  /** The audit field the rows appear under ("departures"). */
  name: string;
  table: ChildTable;
  parentColumn: SQLiteColumn;
  /** The wanted rows, in order (property names of the table; agency and parent are set by the kit). */
  rows: readonly Record<string, unknown>[];
  /** Columns that identify a row (default: the table's `id`). */
  match?: readonly SQLiteColumn[];
  /** Removed rows something points at are archived (column set), not deleted. */
  archive?: { column: SQLiteColumn; referenced?: (scope: ReadScope, ids: string[]) => Promise<ReadonlySet<string>> };
};

type Plan = {
  statements: unknown[];
  before: unknown[];
  after: unknown[];
  changed: boolean;
};

/** Property names of a table's columns, by column. */
const keysOf = (table: SQLiteTable) => {
  const cols = getTableColumns(table);
  const byColumn = new Map<SQLiteColumn, string>();
  for (const [k, c] of Object.entries(cols)) byColumn.set(c as SQLiteColumn, k);
  return { cols: cols as Record<string, SQLiteColumn>, key: (c: SQLiteColumn) => byColumn.get(c)! };
};

/** Columns left out of comparisons and the audit (bookkeeping). */
const BOOKKEEPING = new Set(["agencyId", "createdAt", "updatedAt"]);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * `insert into child (all columns) select … where <guard>`: the row is written
 * only when the guard holds (the parent just got its new version).
 */
function guardedInsert(db: Db, table: ChildTable, values: Record<string, unknown>, guard: SQL | null) {
  if (!guard) return db.insert(table).values(values as never);
  const { cols } = keysOf(table);
  const parts = Object.entries(cols).map(([key, col]) => {
    let v = values[key];
    const c = col as SQLiteColumn & { defaultFn?: () => unknown; default?: unknown };
    if (v === undefined) v = c.defaultFn ? c.defaultFn() : c.default;
    if (v === undefined || v === null) return sql`null`;
    if (is(v, SQL)) return v;
    return sql`${c.mapToDriverValue(v)}`;
  });
  return db.insert(table).select(sql`select ${sql.join(parts, sql`, `)} where ${guard}`);
}

/** The stored live child rows of a parent. */
export async function storedChildren(scope: ReadScope, child: ChildRows, parentId: string): Promise<Record<string, unknown>[]> {
  const { table, parentColumn, archive } = child;
  return (await scope.db
    .select()
    .from(table)
    .where(and(eq(table.agencyId, scope.agencyId), eq(parentColumn, parentId), ...(archive ? [isNull(archive.column)] : [])))) as Record<string, unknown>[];
}

/** What the audit shows of a row: its fields without bookkeeping, agency and parent. */
function auditView(child: ChildRows, row: Record<string, unknown>) {
  const { key } = keysOf(child.table);
  const parent = key(child.parentColumn);
  const archived = child.archive ? key(child.archive.column) : null;
  return Object.fromEntries(Object.entries(row).filter(([k, v]) => !BOOKKEEPING.has(k) && k !== parent && k !== archived && v !== undefined));
}

/**
 * The statements that make the stored child rows the wanted ones, and the
 * before / after the audit records. `guard` conditions every statement (an
 * update's parent is still at the version read); null on create (the parent is inserted in the same batch).
 */
export async function planChildren(scope: ReadScope, child: ChildRows, parentId: string, guard: SQL | null, stored?: Record<string, unknown>[]): Promise<Plan> {
  const { db, agencyId } = scope;
  const { table, parentColumn } = child;
  const { cols, key } = keysOf(table);
  const idKey = cols.id ? "id" : null;
  const matchKeys = (child.match ?? (cols.id ? [cols.id] : [])).map(key);
  if (matchKeys.length === 0) throw new Error(`Child rows "${child.name}": a table without id needs match columns`);
  const parentKey = key(parentColumn);
  const current = stored ?? (guard ? await storedChildren(scope, child, parentId) : []);
  const signature = (row: Record<string, unknown>) => JSON.stringify(matchKeys.map((k) => row[k] ?? null));
  const byKey = new Map(current.map((r) => [signature(r), r]));
  const where = (row: Record<string, unknown>) =>
    and(eq(table.agencyId, agencyId), eq(parentColumn, parentId), ...(idKey ? [eq(cols.id!, row.id)] : matchKeys.map((k) => eq(cols[k]!, row[k]))), ...(guard ? [guard] : []))!;

  const statements: unknown[] = [];
  const kept = new Set<Record<string, unknown>>();
  const after: Record<string, unknown>[] = [];
  const updates: unknown[] = [];
  const inserts: unknown[] = [];
  let changed = false;
  const at = nowIso();
  for (const wanted of child.rows) {
    const found = matchKeys.every((k) => wanted[k] !== undefined && wanted[k] !== null && wanted[k] !== "") ? byKey.get(signature(wanted)) : undefined;
    if (found && !kept.has(found)) {
      kept.add(found);
      const patch = Object.fromEntries(Object.entries(wanted).filter(([k, v]) => k !== idKey && k !== parentKey && k !== "agencyId" && v !== undefined && !same(v, found[k])));
      after.push(auditView(child, { ...found, ...wanted }));
      if (Object.keys(patch).length > 0) {
        changed = true;
        updates.push(
          db
            .update(table)
            .set({ ...patch, ...("updatedAt" in cols ? { updatedAt: at } : {}) } as never)
            .where(where(found)),
        );
      }
      continue;
    }
    changed = true;
    const values: Record<string, unknown> = { ...wanted, agencyId, [parentKey]: parentId };
    if (idKey) values[idKey] = newId();
    if ("createdAt" in cols) values.createdAt = at;
    if ("updatedAt" in cols) values.updatedAt = at;
    after.push(auditView(child, values));
    inserts.push(guardedInsert(db as Db, table, values, guard));
  }
  const removed = current.filter((r) => !kept.has(r));
  if (removed.length > 0) {
    changed = true;
    const ids = idKey ? removed.map((r) => String(r.id)) : [];
    const referenced = child.archive?.referenced && ids.length > 0 ? await child.archive.referenced(scope, ids) : new Set<string>();
    const toArchive = removed.filter((r) => idKey && referenced.has(String(r.id)));
    const toDelete = removed.filter((r) => !toArchive.includes(r));
    if (toArchive.length > 0 && child.archive) {
      const archivedKey = key(child.archive.column);
      statements.push(
        db
          .update(table)
          .set({ [archivedKey]: at, ...("updatedAt" in cols ? { updatedAt: at } : {}) } as never)
          .where(and(eq(table.agencyId, agencyId), eq(parentColumn, parentId), inArray(cols.id!, toArchive.map((r) => r.id)), ...(guard ? [guard] : []))),
      );
    }
    if (toDelete.length > 0) {
      if (idKey) {
        statements.push(
          db.delete(table).where(and(eq(table.agencyId, agencyId), eq(parentColumn, parentId), inArray(cols.id!, toDelete.map((r) => r.id)), ...(guard ? [guard] : []))),
        );
      } else {
        statements.push(...toDelete.map((r) => db.delete(table).where(where(r))));
      }
    }
  }
  // Deletes first, then updates, then inserts: a unique key freed by a removed row can be taken by a new one.
  statements.push(...updates, ...inserts);
  return { statements, before: current.map((r) => auditView(child, r)), after, changed };
}

/** The audit changes of the child rows that changed: { name: [before, after] }. */
export function childChanges(children: readonly ChildRows[], plans: readonly Plan[], create: boolean): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  children.forEach((child, i) => {
    const plan = plans[i]!;
    if (create ? plan.after.length > 0 : plan.changed) out[child.name] = [create ? null : plan.before, plan.after];
  });
  return out;
}
