import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../app/db/schema";
import { buildCommissionRows } from "./seed-commissions";
import { applyBps, commissionBase } from "../../app/lib/commissions/commissions";
import { registers, rows } from "./demo-sales-fixture";

const lines = buildCommissionRows({ sale: rows.sale, finance_title: rows.finance_title, agent: registers.agent });

describe("the demo commissions", () => {
  it("give each confirmed sale of a seller with a commission one line: the agent's rule on the sale, released only when the client paid in full", () => {
    const agents = new Map(registers.agent.map((a) => [a.id, a]));
    const confirmed = rows.sale.filter((s) => s.status === "confirmed" && Number(agents.get(s.agent_id)?.commission_bps) > 0);
    expect(lines.length).toBeGreaterThan(10);
    expect(new Set(lines.map((l) => l.id)).size).toBe(lines.length);
    for (const l of lines) {
      const s = rows.sale.find((x) => x.id === l.sale_id)!;
      const a = agents.get(s.agent_id)!;
      expect(s.status).toBe("confirmed");
      expect(l).toMatchObject({ agency_id: s.agency_id, agent_id: s.agent_id, sale_date: s.sale_date, sale_number: s.number, rule: a.commission_rule, bps: a.commission_bps });
      const base = commissionBase(a.commission_rule as "sale_percent", { priceCents: Number(s.price_cents), discountCents: Number(s.discount_cents), marginCents: Number(s.margin_cents) });
      expect(l.amount_cents).toBe(applyBps(base, Number(a.commission_bps)));
      const titles = rows.finance_title.filter((t) => t.origin_id === s.id && t.direction === "receivable");
      const paidInFull = titles.reduce((n, t) => n + Number(t.paid_cents), 0) >= Number(s.total_cents);
      expect(l.status).toBe(paidInFull ? "released" : "pending");
      expect(l.released_cents).toBe(paidInFull ? l.amount_cents : 0);
    }
    expect(lines.length).toBe(confirmed.filter((s) => lines.some((l) => l.sale_id === s.id)).length);
    expect(lines.some((l) => l.status === "released") && lines.some((l) => l.status === "pending")).toBe(true);
  });

  it("have every column of the table, and ids that follow their sale's", () => {
    const columns = Object.values(getTableColumns(schema.commissionLine)).map((c) => c.name).sort();
    for (const l of lines) expect(Object.keys(l).sort()).toEqual(columns);
    expect(lines[0]!.id).toBe(String(lines[0]!.sale_id).replace("-0180-", "-0187-"));
  });
});
