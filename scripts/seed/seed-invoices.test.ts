// The demo invoices (seed-invoices.ts) over the demo sales built as seed-sales.test.ts builds them.
import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../app/db/schema";
import { DEMO_AGENCIES } from "./seed";
import { buildInvoiceRows, INVOICE_TABLES, type InvoiceTable } from "./seed-invoices";
import { TODAY_DAY, NOW, registers, userIds, rows } from "./demo-sales-fixture";

const invoices = buildInvoiceRows(DEMO_AGENCIES, { now: NOW, today: TODAY_DAY, rows: { sale: rows.sale, sale_item: rows.sale_item, finance_title: rows.finance_title, client: registers.client }, userIds });
const TABLES = { invoice: schema.invoice, invoice_line: schema.invoiceLine, invoice_title: schema.invoiceTitle, record_counter: schema.recordCounter };

describe("demo invoices", () => {
  it("writes only the schema's columns, two invoices per agency numbered 1 and 2, the counter at 2", () => {
    for (const table of Object.keys(INVOICE_TABLES) as InvoiceTable[]) {
      const names = new Set(Object.values(getTableColumns(TABLES[table])).map((c) => c.name));
      expect(invoices[table].length, table).toBeGreaterThan(0);
      for (const row of invoices[table]) for (const key of Object.keys(row)) expect(names.has(key), `${table}.${key}`).toBe(true);
    }
    for (const a of DEMO_AGENCIES) {
      expect(invoices.invoice.filter((i) => i.agency_id === a.id).map((i) => i.number)).toEqual([1, 2]);
      expect(invoices.record_counter.filter((c) => c.agency_id === a.id)).toEqual([{ agency_id: a.id, kind: "invoice", last: 2 }]);
    }
    expect(new Set(invoices.invoice_line.map((l) => l.billing_key)).size).toBe(invoices.invoice_line.length);
  });

  it("bills confirmed sales whole: Σ lines = the invoice total = Σ of its sales' totals = Σ of the linked receivables", () => {
    for (const inv of invoices.invoice) {
      const lines = invoices.invoice_line.filter((l) => l.invoice_id === inv.id);
      const saleIds = new Set(lines.map((l) => l.sale_id));
      const sales = rows.sale.filter((s) => saleIds.has(s.id));
      expect(sales.every((s) => s.status === "confirmed" && s.agency_id === inv.agency_id && s.client_id === inv.party_id)).toBe(true);
      const sum = (list: readonly Record<string, unknown>[], key: string) => list.reduce((t, r) => t + Number(r[key]), 0);
      expect(sum(lines, "amount_cents")).toBe(inv.total_cents);
      expect(sum(sales, "total_cents")).toBe(inv.total_cents);
      const titleIds = new Set(invoices.invoice_title.filter((t) => t.invoice_id === inv.id).map((t) => t.title_id));
      const titles = rows.finance_title.filter((t) => titleIds.has(t.id));
      expect(titles.every((t) => t.origin_kind === "sale" && t.direction === "receivable")).toBe(true);
      expect(sum(titles, "amount_cents")).toBe(inv.total_cents);
      expect(String(inv.due_date) >= String(inv.issue_date)).toBe(true);
    }
  });

  it("is the same rows when built twice (idempotent with fixed ids)", () => {
    expect(buildInvoiceRows(DEMO_AGENCIES, { now: NOW, today: TODAY_DAY, rows: { sale: rows.sale, sale_item: rows.sale_item, finance_title: rows.finance_title, client: registers.client }, userIds })).toEqual(invoices);
  });
});
