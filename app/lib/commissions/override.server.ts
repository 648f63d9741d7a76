/**
 * A sale's own commission (issue #20 item 3, "an override per sale"; decision 0017):
 * the card on the sale's page shows the seller's rule, the sale's override if it has
 * one and the commission it makes; Admin and Financeiro set or clear the override.
 * The write is the sale's (its version, its timeline through the audit) and the
 * sale's lines then follow it (syncSaleCommissions).
 */
import { and, eq, ne, sql } from "drizzle-orm";
import { agent, commissionLine, sale } from "~/db/schema";
import { nowIso } from "~/db/schema/columns";
import { canPay, syncSaleCommissions } from "~/lib/commissions/commissions.server";
import type { SaleCommission } from "~/lib/commissions/commissions";
import type { CommissionOverrideInput } from "~/lib/commissions/commissions.schema";
import { auditInsert } from "~/lib/platform/audit.server";
import { isBatchAssert } from "~/lib/platform/batch-assert.server";
import { fail, ok, type Result } from "~/lib/platform/result";
import type { Scope } from "~/lib/platform/scope.server";
import { findSale, saleStillAt } from "~/lib/sales/sale-core.server";

/** The card's data; null when the sale is not the viewer's to see. */
export async function saleCommission(scope: Scope, saleId: string): Promise<SaleCommission | null> {
  const row = await findSale(scope, saleId);
  if (!row) return null;
  const [seller, lines] = await Promise.all([
    scope.db
      .select({ name: agent.name, rule: agent.commissionRule, bps: agent.commissionBps })
      .from(agent)
      .where(and(eq(agent.agencyId, scope.agencyId), eq(agent.id, row.agentId)))
      .limit(1),
    scope.db
      .select({ amount: sql<number>`coalesce(sum(${commissionLine.amountCents}), 0)` })
      .from(commissionLine)
      .where(and(eq(commissionLine.agencyId, scope.agencyId), eq(commissionLine.saleId, row.id), ne(commissionLine.status, "cancelled"))),
  ]);
  const s = seller[0];
  if (!s) return null;
  return {
    saleId: row.id,
    version: row.version,
    agentName: s.name,
    agentRule: s.rule,
    agentBps: s.bps,
    override: row.commissionRule && row.commissionBps !== null ? { rule: row.commissionRule, bps: row.commissionBps } : null,
    amountCents: Number(lines[0]?.amount ?? 0),
    currency: row.currency,
    canEdit: canPay(scope.role) && row.status !== "cancelled",
  };
}

export type OverrideRefusal = "notFound" | "forbidden" | "stale" | "closed";

/** Sets (rule and bps) or clears (both null) the sale's own commission; its lines follow. */
export async function setCommissionOverride(scope: Scope, saleId: string, input: CommissionOverrideInput): Promise<Result<{ kind: string; number: number }, OverrideRefusal>> {
  const row = await findSale(scope, saleId);
  if (!row) return fail("notFound");
  if (!canPay(scope.role)) return fail("forbidden");
  if (row.status === "cancelled") return fail("closed");
  if (row.version !== input.version) return fail("stale");
  const before = { rule: row.commissionRule, bps: row.commissionBps };
  if (before.rule === input.rule && before.bps === input.bps) return ok({ kind: row.kind, number: row.number });
  const { db, agencyId, userId, ip } = scope;
  try {
    await db.batch([
      saleStillAt(scope, row.id, input.version, row.status),
      db
        .update(sale)
        .set({ commissionRule: input.rule, commissionBps: input.bps, updatedAt: nowIso(), version: sql`${sale.version} + 1` })
        .where(and(eq(sale.agencyId, agencyId), eq(sale.id, row.id))),
      auditInsert(db, {
        agencyId,
        userId,
        ip,
        entity: "sale",
        entityId: row.id,
        action: "update",
        changes: { commissionRule: [before.rule, input.rule], commissionBps: [before.bps, input.bps] },
      }),
    ]);
  } catch (error) {
    if (isBatchAssert(error)) return fail("stale");
    throw error;
  }
  await syncSaleCommissions(scope, row.id);
  return ok({ kind: row.kind, number: row.number });
}
