/**
 * The /vendas overview's read: one GROUP BY over the month's sales on
 * sale_month_idx (agency, deleted_at, sale_date) — no per-row reads — and the
 * sellers' names. An Agente sees only their own sales (sale-core's
 * saleScopeWhere, the one place of that rule).
 */
import { and, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { agent, sale } from "~/db/schema";
import type { Scope } from "~/lib/platform/scope.server";
import { saleScopeWhere } from "~/lib/sales/sale-core.server";
import { monthDays, summarizeOverview, type Overview, type OverviewGroup } from "~/lib/sales/overview";

export async function salesOverview(scope: Pick<Scope, "db" | "agencyId" | "userId" | "role">, month: string): Promise<Overview> {
  const { db, agencyId } = scope;
  const { from, to } = monthDays(month);
  const rows = await db
    .select({
      agentId: sale.agentId,
      kind: sale.kind,
      status: sale.status,
      currency: sale.currency,
      count: sql<number>`count(*)`,
      totalCents: sql<number>`coalesce(sum(${sale.totalCents}), 0)`,
      marginCents: sql<number>`coalesce(sum(${sale.marginCents}), 0)`,
    })
    .from(sale)
    .where(and(saleScopeWhere(scope), gte(sale.saleDate, from), lte(sale.saleDate, to)))
    .groupBy(sale.agentId, sale.kind, sale.status, sale.currency);
  const groups: OverviewGroup[] = rows.map((r) => ({ ...r, count: Number(r.count), totalCents: Number(r.totalCents), marginCents: Number(r.marginCents) }));
  const ids = [...new Set(groups.map((g) => g.agentId))];
  const agents = ids.length === 0 ? [] : await db.select({ id: agent.id, name: agent.name }).from(agent).where(and(eq(agent.agencyId, agencyId), inArray(agent.id, ids)));
  return summarizeOverview(
    month,
    groups,
    new Map(agents.map((a) => [a.id, a.name])),
  );
}
