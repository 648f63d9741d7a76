/**
 * The common duplicate rule of a record screen: another live record of the
 * agency with the same value in a unique column (a plate, a CPF, a licence
 * number). Use it in a RecordSpec's `duplicate`, one check per unique column,
 * in the order the form shows them.
 */
import { and, eq, isNull, ne, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Duplicate } from "~/lib/kit/record-action.server";
import type { ReadScope, RecordStore, RecordTable } from "~/lib/kit/record.server";

type Unique = { field: string; column: SQLiteColumn; value: string | null | undefined };

export async function findLiveDuplicate<T extends RecordTable>(
  { db, agencyId }: ReadScope,
  store: RecordStore<T>,
  uniques: readonly Unique[],
  exceptId: string | undefined,
): Promise<Duplicate | null> {
  const table = store.table;
  const base: SQL[] = [eq(table.agencyId, agencyId)];
  if (store.softDelete) base.push(isNull(store.softDelete));
  if (exceptId) base.push(ne(table.id, exceptId));
  for (const u of uniques) {
    if (!u.value) continue;
    const [row] = await db
      .select()
      .from(table as RecordTable)
      .where(and(...base, eq(u.column, u.value)))
      .limit(1);
    if (row) return { field: u.field, id: (row as { id: string }).id, name: store.label(row as T["$inferSelect"]) };
  }
  return null;
}
