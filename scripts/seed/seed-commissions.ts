/**
 * Demo commissions (issue #20): one line per confirmed demo sale whose seller has a
 * commission, as the app writes it (app/lib/commissions/commissions.ts: the agent's
 * rule and basis points, released under the agencies' default policy "full payment"
 * when the seeded receivables of the sale are all paid, else pending). Ids follow the
 * sale's (table code 0x187, the same n), so a second day's seed — whose sales conflict
 * on their ids and keep the first day's — keeps these too (ON CONFLICT DO NOTHING).
 * Runs under plain node (relative imports with .ts).
 */
import { releasedAmount, targetCommission, type Rule } from "../../app/lib/commissions/commissions.ts";
import type { SeedRow } from "./seed-registers.ts";

export const COMMISSION_TABLE_CODE = 0x187;

/** The line's id from its sale's seed id (…-0180-7aaa-8000-n → …-0187-7aaa-8000-n). */
export const commissionSeedId = (saleId: string) => saleId.replace(/^(0190a000-)0180(-)/, `$10${COMMISSION_TABLE_CODE.toString(16)}$2`);

export function buildCommissionRows(input: { sale: readonly SeedRow[]; finance_title: readonly SeedRow[]; agent: readonly SeedRow[] }): SeedRow[] {
  const agents = new Map(input.agent.map((a) => [String(a.id), a]));
  const paid = new Map<string, number>();
  for (const t of input.finance_title) {
    if (t.origin_kind !== "sale" || t.direction !== "receivable" || t.party_kind !== "client" || t.status === "cancelled") continue;
    paid.set(String(t.origin_id), (paid.get(String(t.origin_id)) ?? 0) + Number(t.paid_cents));
  }
  const out: SeedRow[] = [];
  for (const s of input.sale) {
    if (s.status !== "confirmed") continue;
    const agent = agents.get(String(s.agent_id));
    if (!agent) continue;
    const rule = agent.commission_rule as Rule;
    const bps = Number(agent.commission_bps);
    const target = targetCommission(rule, bps, { status: "confirmed", priceCents: Number(s.price_cents), discountCents: Number(s.discount_cents), marginCents: Number(s.margin_cents) });
    if (target.amountCents <= 0) continue;
    const released = releasedAmount("full_payment", target.amountCents, Number(s.total_cents), paid.get(String(s.id)) ?? 0);
    out.push({
      id: commissionSeedId(String(s.id)),
      agency_id: s.agency_id,
      sale_id: s.id,
      agent_id: s.agent_id,
      sale_date: s.sale_date,
      sale_number: s.number,
      kind: "sale",
      rule,
      bps,
      base_cents: target.baseCents,
      amount_cents: target.amountCents,
      released_cents: released,
      currency: s.currency,
      status: released > 0 ? "released" : "pending",
      payable_id: null,
      paid_at: null,
      cancelled_at: null,
      created_by: s.created_by ?? null,
      created_at: s.confirmed_at ?? s.created_at,
      updated_at: s.confirmed_at ?? s.created_at,
      version: 1,
    });
  }
  return out;
}
