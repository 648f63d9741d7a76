/**
 * Writing registers, the same way for every one: create, update with a version
 * check (a stale save changes nothing), soft delete refused while the record is
 * referenced, each write in one D1 batch with its audit entry (changed fields);
 * and the record's history for its edit screen.
 */
import { and, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { auditEntry, profile, user } from "~/db/schema";
import { auditIfChanged, changedRows, isUniqueViolation } from "~/lib/system/agencies.server";
import { auditInsert, changedFields } from "~/lib/platform/audit.server";
import type { Db } from "~/lib/platform/db.server";
import { nowIso } from "~/db/schema/columns";

export type RegisterTable = SQLiteTable & {
  id: SQLiteColumn;
  agencyId: SQLiteColumn;
  deletedAt: SQLiteColumn;
  version: SQLiteColumn;
  updatedAt: SQLiteColumn;
};

export type WriteContext = { db: Db; agencyId: string; userId: string; ip: string | null };

/** One live record of the agency, or null (another agency's id is simply not found). */
export async function findLive<T extends RegisterTable>(db: Db, table: T, agencyId: string, id: string) {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return null;
  const rows = await db
    .select()
    .from(table as RegisterTable)
    .where(and(eq(table.id, id), eq(table.agencyId, agencyId), isNull(table.deletedAt)))
    .limit(1);
  return (rows[0] as T["$inferSelect"] | undefined) ?? null;
}

export type CreateResult = { ok: true; id: string } | { ok: false; reason: "unique" };

export async function createRecord(ctx: WriteContext, table: RegisterTable, entity: string, id: string, values: Record<string, unknown>): Promise<CreateResult> {
  const { db, agencyId, userId, ip } = ctx;
  const changes = Object.fromEntries(
    Object.entries(values)
      .filter(([k, v]) => k !== "searchText" && v !== null && v !== "" && !(Array.isArray(v) && v.length === 0))
      .map(([k, v]) => [k, [null, v]]),
  ) as Record<string, [unknown, unknown]>;
  try {
    await db.batch([
      db.insert(table).values({ ...values, id, agencyId, createdBy: userId } as never),
      auditInsert(db, { agencyId, userId, entity, entityId: id, action: "create", changes, ip }),
    ]);
    return { ok: true, id };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "unique" };
    throw error;
  }
}

export type UpdateResult<Row> =
  | { ok: true; changed: string[] }
  | { ok: false; reason: "notFound" }
  | { ok: false; reason: "stale"; current: Row }
  | { ok: false; reason: "unique" };

/**
 * Saves `values` over the record if its version is still `version`; otherwise
 * nothing is written and the current row comes back.
 */
export async function updateRecord<T extends RegisterTable>(
  ctx: WriteContext,
  table: T,
  entity: string,
  id: string,
  version: number,
  values: Record<string, unknown>,
): Promise<UpdateResult<T["$inferSelect"]>> {
  const { db, agencyId, userId, ip } = ctx;
  const before = await findLive(db, table, agencyId, id);
  if (!before) return { ok: false, reason: "notFound" };
  if ((before as { version: number }).version !== version) return { ok: false, reason: "stale", current: before };
  const { searchText: _ignored, ...compared } = values;
  const changes = changedFields(before as Record<string, unknown>, compared);
  if (Object.keys(changes).length === 0) return { ok: true, changed: [] };
  try {
    const [result] = await db.batch([
      db
        .update(table)
        .set({ ...values, updatedAt: nowIso(), version: sql`${table.version} + 1` } as never)
        .where(and(eq(table.id, id), eq(table.agencyId, agencyId), isNull(table.deletedAt), eq(table.version, version))),
      auditIfChanged(db, { agencyId, userId, entity, entityId: id, action: "update", changes, ip }),
    ]);
    // meta.changes also counts rows the register_count triggers touch: 0 is the only "not saved".
    if (changedRows(result) === 0) {
      const current = await findLive(db, table, agencyId, id);
      return current ? { ok: false, reason: "stale", current } : { ok: false, reason: "notFound" };
    }
    return { ok: true, changed: Object.keys(changes) };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "unique" };
    throw error;
  }
}

/**
 * What refers to a record: later modules register a check per entity (a sale's
 * client, a package's operator...). Each answers how many live rows of its kind
 * refer to the record, and a translation key naming that kind.
 */
export type ReferenceCheck = (db: Db, agencyId: string, id: string) => Promise<{ count: number; label: string } | null>;
const REFERENCES = new Map<string, ReferenceCheck[]>();

export function registerReference(entity: string, check: ReferenceCheck): () => void {
  const list = REFERENCES.get(entity) ?? [];
  list.push(check);
  REFERENCES.set(entity, list);
  return () => {
    const current = REFERENCES.get(entity) ?? [];
    REFERENCES.set(
      entity,
      current.filter((c) => c !== check),
    );
  };
}

export async function referencesTo(db: Db, entity: string, agencyId: string, id: string) {
  const checks = REFERENCES.get(entity) ?? [];
  const found = await Promise.all(checks.map((check) => check(db, agencyId, id)));
  return found.filter((r): r is { count: number; label: string } => !!r && r.count > 0);
}

export type DeleteResult =
  | { ok: true; name: string }
  | { ok: false; reason: "notFound" }
  | { ok: false; reason: "referenced"; references: { count: number; label: string }[] };

/** Soft delete: sets deleted_at (the row stays for history and old references). */
export async function softDelete(ctx: WriteContext, table: RegisterTable & { name: SQLiteColumn }, entity: string, id: string): Promise<DeleteResult> {
  const { db, agencyId, userId, ip } = ctx;
  const before = (await findLive(db, table, agencyId, id)) as { name: string } | null;
  if (!before) return { ok: false, reason: "notFound" };
  const references = await referencesTo(db, entity, agencyId, id);
  if (references.length > 0) return { ok: false, reason: "referenced", references };
  const at = nowIso();
  const [result] = await db.batch([
    db
      .update(table)
      .set({ deletedAt: at, updatedAt: at, version: sql`${table.version} + 1` } as never)
      .where(and(eq(table.id, id), eq(table.agencyId, agencyId), isNull(table.deletedAt))),
    auditIfChanged(db, { agencyId, userId, entity, entityId: id, action: "delete", changes: { deletedAt: [null, at] }, ip }),
  ]);
  // meta.changes includes the register_count trigger's row.
  if (changedRows(result) === 0) return { ok: false, reason: "notFound" };
  return { ok: true, name: before.name };
}

export const HISTORY_PAGE_SIZE = 20;

export type HistoryEntry = {
  id: string;
  createdAt: string;
  action: "create" | "update" | "delete" | "restore";
  who: string | null;
  changes: Record<string, [unknown, unknown]> | null;
};

/** The record's audit entries, newest first, keyset-paginated by `before` (an entry id). */
export async function recordHistory(db: Db, agencyId: string, entity: string, id: string, before: { createdAt: string; id: string } | null = null) {
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
