/**
 * Conditions a db.batch asserts when it runs (D1 runs a batch as one
 * transaction): the statement inserts into `batch_assert` a row with ok = 0
 * when the condition is violated, the table's check fails and the whole batch
 * rolls back. Reads before a batch can go stale; an assertion inside it cannot
 * (a sale still at the version read, inventory still free, titles unchanged).
 */
import { sql, type SQL } from "drizzle-orm";
import { batchAssert } from "~/db/schema";
import type { Db } from "~/lib/platform/db.server";

/**
 * A batch statement that aborts the batch when `violated` is true. `violated`
 * is a SQL condition (typically `exists (...)` / `not exists (...)`); its
 * tenant tables must be qualified with their agency (the tenant guard).
 */
export function assertInBatch(db: Db, agencyId: string, reason: string, violated: SQL) {
  return db.insert(batchAssert).select(sql`select ${agencyId}, ${reason}, 0 where ${violated}`);
}

const messages = (error: unknown): string[] => {
  const out: string[] = [];
  let e: unknown = error;
  for (let depth = 0; e && depth < 5; depth++) {
    out.push(String((e as { message?: unknown }).message ?? e));
    e = (e as { cause?: unknown }).cause;
  }
  return out;
};

/** Whether a batch failed because one of its assertions was violated. */
export const isBatchAssert = (error: unknown) => messages(error).some((m) => /batch_assert/i.test(m));

/** Whether a batch failed on a UNIQUE constraint (e.g. a seat held twice). */
export const isUniqueFailure = (error: unknown) => messages(error).some((m) => /UNIQUE constraint failed/i.test(m));
