/**
 * The record kit's storage half, for any module's records: find, create,
 * update with a version check (a stale save changes nothing), delete refused
 * while the record is referenced, each write in one D1 batch with its audit
 * entry (the changed fields); and the record's history for its edit screen.
 *
 * A module describes its table once as a `RecordStore`:
 *
 *   export const clientStore = recordStore({
 *     table: client,                 // needs id, agency_id, version, updated_at
 *     entity: "client",              // the audit entity (and register_count's)
 *     label: (row) => row.name,      // how toasts and messages name a record
 *     softDelete: client.deletedAt,  // optional: delete sets it; rows with it are gone
 *     searchText: client.searchText, // optional: a derived column, written but never audited
 *     counter: "client",             // optional: register_count keeps live rows (lists' totals)
 *     createdBy: client.createdBy,   // optional: set to the user on create
 *     references: REFERENCES.client, // optional: what points at a record (delete refuses)
 *   });
 *
 * Without `softDelete` a delete removes the row. `listSourceOf(store, …)`
 * gives the list kit a source with the same options.
 *
 * References: a `ReferenceRule` says "rows of `table` whose `column` holds a
 * record's id refer to it" — `{ table, column, label, live?, when? }`:
 * - `label`: a translation key naming the kind, given `{{count}}`
 *   ("{{count}} contas a receber"); the refused delete lists these;
 * - `live`: the referencing table's deleted_at column (rows with a value do not
 *   count) or any condition a counting row must meet (`isNull(t.cancelledAt)`);
 * - `when`: a discriminator (`eq(t.partyKind, "client")`).
 * The count runs in the record's agency (the referencing table needs
 * agency_id). Registers keep theirs in app/lib/registers/references.server.ts.
 * `registerReference(entity, check)` adds a check in code (tests, or a
 * reference no single column expresses).
 *
 * Child rows (a package's departures, a block's room types): `createRecord`
 * and `updateRecord` take `children` (record-children.server.ts) and write
 * them in the record's batch, under its version check, in its one audit row.
 */
import { and, count, desc, eq, getTableColumns, is, isNull, lt, or, SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { auditEntry, profile, user } from "~/db/schema";
import { newId, nowIso } from "~/db/schema/columns";
import { auditIfChanged, changedRows, isUniqueViolation } from "~/lib/system/agencies.server";
import { auditInsert, changedFields } from "~/lib/platform/audit.server";
import type { Db } from "~/lib/platform/db.server";
import { fail, ok, type Result } from "~/lib/platform/result";
import type { Scope } from "~/lib/platform/scope.server";
import type { ListSource } from "~/lib/kit/list.server";
import { childChanges, planChildren, type ChildRows } from "~/lib/kit/record-children.server";

export type { ChildRows } from "~/lib/kit/record-children.server";

/** A table the kit can keep: an id, the agency, a version and updated_at. */
export type RecordTable = SQLiteTable & {
  id: SQLiteColumn;
  agencyId: SQLiteColumn;
  version: SQLiteColumn;
  updatedAt: SQLiteColumn;
};

/** Rows that point at a record (see the header). */
export type ReferenceRule = {
  table: SQLiteTable & { agencyId: SQLiteColumn };
  column: SQLiteColumn;
  label: string;
  live?: SQLiteColumn | SQL;
  when?: SQL;
};

export type RecordStore<T extends RecordTable = RecordTable> = {
  table: T;
  entity: string;
  /** How toasts and messages name a record (a method: any store fits `RecordStore`). */
  label(row: T["$inferSelect"]): string;
  softDelete?: SQLiteColumn;
  searchText?: SQLiteColumn;
  counter?: string;
  createdBy?: SQLiteColumn;
  references?: readonly ReferenceRule[];
};

/** Declares a store (only to infer the row type of `label`). */
export const recordStore = <T extends RecordTable>(store: RecordStore<T>): RecordStore<T> => store;

/** Who reads: the database and the agency (a Scope is one). */
export type ReadScope = Pick<Scope, "db" | "agencyId">;
/** Who writes: also the user and address for the audit entry (a Scope is one). */
export type WriteScope = Pick<Scope, "db" | "agencyId" | "userId" | "ip">;
/** @deprecated the old name of WriteScope. */
export type WriteContext = WriteScope;

/** A list source over the store's table with the store's soft delete, search and counter. */
export function listSourceOf<S extends string, F extends string>(
  store: RecordStore,
  list: Pick<ListSource<S, F>, "sortColumns" | "filterWhere">,
): ListSource<S, F> {
  return { table: store.table, softDelete: store.softDelete, search: store.searchText, counter: store.counter, ...list };
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The property name of `column` in the table (derived columns stay out of the audit). */
function keyOf(table: SQLiteTable, column: SQLiteColumn | undefined): string | null {
  if (!column) return null;
  return Object.entries(getTableColumns(table)).find(([, c]) => c === column)?.[0] ?? null;
}

/** The conditions that make a row of the store one of the agency's live records. */
function liveWhere(store: RecordStore, agencyId: string, id: string): SQL {
  const { table } = store;
  return and(eq(table.id, id), eq(table.agencyId, agencyId), ...(store.softDelete ? [isNull(store.softDelete)] : []))!;
}

/** One live record of the agency, or null (another agency's id is simply not found). */
export async function findRecord<T extends RecordTable>(scope: ReadScope, store: RecordStore<T>, id: string): Promise<T["$inferSelect"] | null> {
  if (!ID.test(id)) return null;
  const rows = await scope.db
    .select()
    .from(store.table as RecordTable)
    .where(liveWhere(store, scope.agencyId, id))
    .limit(1);
  return (rows[0] as T["$inferSelect"] | undefined) ?? null;
}

/** The values without the derived columns (what the audit compares). */
function audited(store: RecordStore, values: Record<string, unknown>) {
  const derived = keyOf(store.table, store.searchText);
  return Object.fromEntries(Object.entries(values).filter(([k]) => k !== derived));
}

export type CreateResult = Result<{ id: string }, "unique">;

/**
 * Inserts a record of the agency with its audit entry ("unique" when a unique
 * index refuses it), and its child rows in the same batch.
 */
export async function createRecord(
  scope: WriteScope,
  store: RecordStore,
  values: Record<string, unknown>,
  id: string = newId(),
  children: readonly ChildRows[] = [],
): Promise<CreateResult> {
  const { db, agencyId, userId, ip } = scope;
  const changes = Object.fromEntries(
    Object.entries(audited(store, values))
      .filter(([, v]) => v !== null && v !== undefined && v !== "" && !(Array.isArray(v) && v.length === 0))
      .map(([k, v]) => [k, [null, v]]),
  ) as Record<string, [unknown, unknown]>;
  const plans = await Promise.all(children.map((child) => planChildren(scope, child, id, null, [])));
  Object.assign(changes, childChanges(children, plans, true));
  const createdBy = keyOf(store.table, store.createdBy);
  try {
    await db.batch([
      db.insert(store.table).values({ ...values, id, agencyId, ...(createdBy ? { [createdBy]: userId } : {}) } as never),
      auditInsert(db, { agencyId, userId, entity: store.entity, entityId: id, action: "create", changes, ip }),
      ...(plans.flatMap((p) => p.statements) as never[]),
    ] as never);
    return ok({ id });
  } catch (error) {
    if (isUniqueViolation(error)) return fail("unique");
    throw error;
  }
}

export type UpdateResult<Row> = Result<{ changed: string[] }, "notFound" | "stale" | "unique", { current?: Row }>;

/**
 * Saves `values` over the record if its version is still `version`; otherwise
 * nothing is written and the current row comes back (`stale`, with `current`).
 * `children` are made the record's child rows in the same batch: each child
 * statement only applies while the record is at `version` (and the record's
 * update follows them in the same transaction), so a stale save writes no
 * child either.
 */
export async function updateRecord<T extends RecordTable>(
  scope: WriteScope,
  store: RecordStore<T>,
  id: string,
  version: number,
  values: Record<string, unknown>,
  children: readonly ChildRows[] = [],
): Promise<UpdateResult<T["$inferSelect"]>> {
  const { db, agencyId, userId, ip } = scope;
  const { table } = store;
  const before = await findRecord(scope, store, id);
  if (!before) return fail("notFound");
  if ((before as { version: number }).version !== version) return fail("stale", { current: before });
  // The children go first in the batch, each only while the record is still at the version read; the record's
  // own update (same condition) follows: one transaction, so all of them apply or none.
  const guard = sql`exists (select 1 from ${table} where ${and(eq(table.agencyId, agencyId), eq(table.id, id), eq(table.version, version))})`;
  const plans = await Promise.all(children.map((child) => planChildren(scope, child, id, guard)));
  const changes = { ...changedFields(before as Record<string, unknown>, audited(store, values)), ...childChanges(children, plans, false) };
  if (Object.keys(changes).length === 0) return ok({ changed: [] });
  try {
    const childStatements = plans.flatMap((p) => p.statements) as never[];
    const results = await db.batch([
      ...childStatements,
      db
        .update(table)
        .set({ ...values, updatedAt: nowIso(), version: sql`${table.version} + 1` } as never)
        .where(and(liveWhere(store, agencyId, id), eq(table.version, version))),
      auditIfChanged(db, { agencyId, userId, entity: store.entity, entityId: id, action: "update", changes, ip }),
    ] as never);
    const result = (results as unknown[])[childStatements.length];
    // meta.changes also counts rows the register_count triggers touch: 0 is the only "not saved".
    if (changedRows(result) === 0) {
      const current = await findRecord(scope, store, id);
      return current ? fail("stale", { current }) : fail("notFound");
    }
    return ok({ changed: Object.keys(changes) });
  } catch (error) {
    if (isUniqueViolation(error)) return fail("unique");
    throw error;
  }
}

// ---------------------------------------------------------------------------
// References

/** A kind of row that refers to a record, and how many of them do. */
export type Reference = { count: number; label: string };

/** A reference check written in code: how many live rows of its kind refer to the record, or null. */
export type ReferenceCheck = (db: Db, agencyId: string, id: string) => Promise<Reference | null>;
const CHECKS = new Map<string, ReferenceCheck[]>();

/** Adds a check for `entity`'s deletes; returns its removal. */
export function registerReference(entity: string, check: ReferenceCheck): () => void {
  CHECKS.set(entity, [...(CHECKS.get(entity) ?? []), check]);
  return () => CHECKS.set(entity, (CHECKS.get(entity) ?? []).filter((c) => c !== check));
}

/** How many live rows of the rule's table refer to `id` within the agency. */
export async function countReferences(scope: ReadScope, rule: ReferenceRule, id: string): Promise<number> {
  const live = rule.live === undefined ? [] : is(rule.live, SQL) ? [rule.live] : [isNull(rule.live)];
  const [row] = await scope.db
    .select({ n: count() })
    .from(rule.table)
    .where(and(eq(rule.table.agencyId, scope.agencyId), eq(rule.column, id), ...(rule.when ? [rule.when] : []), ...live));
  return Number(row?.n ?? 0);
}

/** The kinds of rows that refer to the record (declared rules and registered checks), each with its count > 0. */
export async function referencesTo(scope: ReadScope, store: Pick<RecordStore, "entity" | "references">, id: string): Promise<Reference[]> {
  const declared = (store.references ?? []).map(async (rule) => ({ count: await countReferences(scope, rule, id), label: rule.label }));
  const checked = (CHECKS.get(store.entity) ?? []).map((check) => check(scope.db, scope.agencyId, id));
  const found = await Promise.all([...declared, ...checked]);
  return found.filter((r): r is Reference => !!r && r.count > 0);
}

export type DeleteResult = Result<{ label: string }, "notFound" | "referenced", { references?: Reference[] }>;

/**
 * Deletes a record unless something refers to it: sets deleted_at when the
 * store soft-deletes (the row stays for history and old references), removes
 * the row otherwise; with its audit entry in the same batch.
 */
export async function deleteRecord<T extends RecordTable>(scope: WriteScope, store: RecordStore<T>, id: string): Promise<DeleteResult> {
  const { db, agencyId, userId, ip } = scope;
  const { table } = store;
  const before = await findRecord(scope, store, id);
  if (!before) return fail("notFound");
  const references = await referencesTo(scope, store, id);
  if (references.length > 0) return fail("referenced", { references });
  const at = nowIso();
  const deletedAt = keyOf(table, store.softDelete);
  const write = deletedAt
    ? db
        .update(table)
        .set({ [deletedAt]: at, updatedAt: at, version: sql`${table.version} + 1` } as never)
        .where(liveWhere(store, agencyId, id))
    : db.delete(table).where(liveWhere(store, agencyId, id));
  const [result] = await db.batch([
    write,
    auditIfChanged(db, { agencyId, userId, entity: store.entity, entityId: id, action: "delete", changes: deletedAt ? { [deletedAt]: [null, at] } : null, ip }),
  ]);
  // meta.changes includes the register_count trigger's row.
  if (changedRows(result) === 0) return fail("notFound");
  return ok({ label: store.label(before) });
}

// ---------------------------------------------------------------------------
// History

export const HISTORY_PAGE_SIZE = 20;

export type HistoryEntry = {
  id: string;
  createdAt: string;
  action: "create" | "update" | "delete" | "restore";
  who: string | null;
  changes: Record<string, [unknown, unknown]> | null;
};

export type HistoryPage = { entries: HistoryEntry[]; more: boolean };

/** The record's audit entries, newest first, keyset-paginated by `before` (an entry's createdAt and id). */
export async function recordHistory(scope: ReadScope, entity: string, id: string, before: { createdAt: string; id: string } | null = null): Promise<HistoryPage> {
  const { db, agencyId } = scope;
  const rows = await db
    .select({
      id: auditEntry.id,
      createdAt: auditEntry.createdAt,
      action: auditEntry.action,
      changes: auditEntry.changes,
      profileName: profile.name,
      userName: user.name,
    })
    .from(auditEntry)
    .leftJoin(user, eq(user.id, auditEntry.userId))
    .leftJoin(profile, eq(profile.id, auditEntry.userId))
    .where(
      and(
        eq(auditEntry.agencyId, agencyId),
        eq(auditEntry.entity, entity),
        eq(auditEntry.entityId, id),
        before ? or(lt(auditEntry.createdAt, before.createdAt), and(eq(auditEntry.createdAt, before.createdAt), lt(auditEntry.id, before.id))) : undefined,
      ),
    )
    .orderBy(desc(auditEntry.createdAt), desc(auditEntry.id))
    .limit(HISTORY_PAGE_SIZE + 1);
  const entries: HistoryEntry[] = rows.slice(0, HISTORY_PAGE_SIZE).map((r) => ({
    id: r.id,
    createdAt: r.createdAt,
    action: r.action,
    who: r.profileName || r.userName || null,
    changes: (r.changes as Record<string, [unknown, unknown]> | null) ?? null,
  }));
  return { entries, more: rows.length > HISTORY_PAGE_SIZE };
}

/** The history page a URL asks for (?historico=<createdAt>~<id> pages back). */
export function historyFromUrl(scope: ReadScope, entity: string, id: string, url: URL): Promise<HistoryPage> {
  const raw = url.searchParams.get("historico");
  const [createdAt, entryId] = raw?.split("~") ?? [];
  const before = createdAt && entryId && /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(createdAt) && ID.test(entryId) ? { createdAt, id: entryId } : null;
  return recordHistory(scope, entity, id, before);
}
