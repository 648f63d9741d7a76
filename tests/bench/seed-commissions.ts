/**
 * Bench data for the commissions report (issue #20): the commission lines of the
 * 100,000 bench sales (tests/bench/seed-sales.ts), as the app computes them — the
 * seller's rule and basis points (the demo agents: % of the sale or of the margin),
 * rounded half up once, on each confirmed sale — written by one INSERT … SELECT over
 * the bench sales (after seedSales), a third of them paid, a third released, a third
 * pending. Ids follow the sale's (table code 0187).
 *
 * tests/bench/run.ts measures commissionTargets(): the report per agent over a year
 * (CSV and PDF) and the screen filtered to that year.
 */
import { DEMO_AGENCIES } from "../../scripts/seed/seed.ts";
import { seedToday } from "../../scripts/seed/seed-finance.ts";
import { executeSql } from "./d1-sql.ts";
import type { BenchTarget } from "./run.ts";

const AGENCY = DEMO_AGENCIES[0];

/** The lines of the bench sales (ids 0190b000-0180-…), in one statement. */
export function build(): string[] {
  const base = "(CASE a.commission_rule WHEN 'margin_percent' THEN s.margin_cents ELSE s.price_cents - s.discount_cents END)";
  const amount = `((${base} * a.commission_bps + 5000) / 10000)`;
  const status = "(CASE s.number % 3 WHEN 0 THEN 'paid' WHEN 1 THEN 'released' ELSE 'pending' END)";
  return [
    `INSERT INTO commission_line (id, agency_id, sale_id, agent_id, sale_date, sale_number, kind, rule, bps, base_cents, amount_cents, released_cents, currency, status, created_at, updated_at, version)
SELECT '0190b000-0187' || substr(s.id, 14), s.agency_id, s.id, s.agent_id, s.sale_date, s.number, 'sale', a.commission_rule, a.commission_bps, ${base}, ${amount},
  CASE WHEN ${status} = 'pending' THEN 0 ELSE ${amount} END, s.currency, ${status}, s.created_at, s.created_at, 1
FROM sale s JOIN agent a ON a.id = s.agent_id AND a.agency_id = s.agency_id
WHERE s.agency_id = '${AGENCY.id}' AND s.id LIKE '0190b000-0180-%' AND s.status = 'confirmed' AND a.commission_bps > 0 AND ${base} > 0
ON CONFLICT DO NOTHING;`,
  ];
}

export type SeededCommissions = { ms: number; sqlBytes: number };

/** Writes the bench sales' commission lines into the local D1 under `stateDir` (after seedSales). */
export function seedCommissions(root: string, stateDir: string): SeededCommissions {
  const start = performance.now();
  const sqlBytes = executeSql(root, stateDir, build(), "commissions");
  return { ms: performance.now() - start, sqlBytes };
}

/** The commissions report over the last year (100k sales over two years), signed in as the Admin. */
export function commissionTargets(cookie: string): BenchTarget[] {
  const headers = { Cookie: cookie };
  const today = seedToday();
  const from = `${Number(today.slice(0, 4)) - 1}${today.slice(4, 10)}`;
  const year = `from=${from}&to=${today}`;
  return [
    { name: "commissions report (100k sales), a year, CSV", path: `/financeiro/faturamento/comissoes/relatorio?format=csv&${year}`, headers },
    { name: "commissions report (100k sales), a year, PDF", path: `/financeiro/faturamento/comissoes/relatorio?format=pdf&${year}`, headers },
    { name: "commissions list (100k sales), a year", path: `/financeiro/faturamento/comissoes?${year}`, headers },
  ];
}
