/**
 * ensureFinanceDefaults: an agency that has no account types, chart of accounts
 * or payment terms yet (a new agency) gets the defaults of finance/defaults.ts.
 * Idempotent and cheap when there is nothing to do (one batch of three `exists`
 * reads): the finance loaders call it. A table is seeded only when the agency has
 * never had a row in it (deleted rows count), so what an agency removed does not
 * come back. Two concurrent first calls cannot duplicate rows: the unique
 * indexes (name, code) make the second insert of each row a no-op.
 */
import { and, eq, sql } from "drizzle-orm";
import { newId } from "~/db/schema/columns";
import { accountType, auditEntry, chartAccount, paymentTerm } from "~/db/schema";
import { DEFAULT_ACCOUNT_TYPES, DEFAULT_CHART, DEFAULT_PAYMENT_TERMS } from "~/lib/finance/defaults";
import type { Db } from "~/lib/platform/db.server";

export type EnsuredDefaults = { accountTypes: number; chartAccounts: number; paymentTerms: number };

export async function ensureFinanceDefaults(db: Db, agencyId: string): Promise<EnsuredDefaults> {
  const [types, chart, terms] = await db.batch([
    db.select({ one: sql<number>`1` }).from(accountType).where(eq(accountType.agencyId, agencyId)).limit(1),
    db.select({ one: sql<number>`1` }).from(chartAccount).where(eq(chartAccount.agencyId, agencyId)).limit(1),
    db.select({ one: sql<number>`1` }).from(paymentTerm).where(eq(paymentTerm.agencyId, agencyId)).limit(1),
  ]);
  const done: EnsuredDefaults = { accountTypes: 0, chartAccounts: 0, paymentTerms: 0 };
  if (types.length > 0 && chart.length > 0 && terms.length > 0) return done;

  const writes = [];
  const audit = (entity: string, count: number) =>
    db.insert(auditEntry).values({ agencyId, userId: null, entity, entityId: agencyId, action: "create", changes: { defaults: [null, count] } });
  if (types.length === 0) {
    for (const t of DEFAULT_ACCOUNT_TYPES) {
      writes.push(db.insert(accountType).values({ id: newId(), agencyId, name: t.name, kind: t.kind }).onConflictDoNothing());
    }
    writes.push(audit("account_type", DEFAULT_ACCOUNT_TYPES.length));
    done.accountTypes = DEFAULT_ACCOUNT_TYPES.length;
  }
  if (chart.length === 0) {
    const ids = new Map(DEFAULT_CHART.map((a) => [a.code, newId()]));
    for (const a of DEFAULT_CHART) {
      writes.push(
        db
          .insert(chartAccount)
          .values({
            id: ids.get(a.code)!,
            agencyId,
            code: a.code,
            name: a.name,
            nature: a.nature,
            parentId: a.parentCode === null ? null : ids.get(a.parentCode)!,
            systemKey: a.systemKey,
          })
          .onConflictDoNothing(),
      );
    }
    writes.push(audit("chart_account", DEFAULT_CHART.length));
    done.chartAccounts = DEFAULT_CHART.length;
  }
  if (terms.length === 0) {
    for (const t of DEFAULT_PAYMENT_TERMS) {
      const { systemKey: _key, ...values } = t;
      writes.push(db.insert(paymentTerm).values({ id: newId(), agencyId, ...values }).onConflictDoNothing());
    }
    writes.push(audit("payment_term", DEFAULT_PAYMENT_TERMS.length));
    done.paymentTerms = DEFAULT_PAYMENT_TERMS.length;
  }
  await db.batch(writes as unknown as Parameters<typeof db.batch>[0]);
  return done;
}

/** The agency's chart account with a default's system key ("expense.card_fees"), if it still exists. */
export async function chartAccountByKey(db: Db, agencyId: string, systemKey: string) {
  const [row] = await db
    .select()
    .from(chartAccount)
    .where(and(eq(chartAccount.agencyId, agencyId), eq(chartAccount.systemKey, systemKey)))
    .limit(1);
  return row ?? null;
}
