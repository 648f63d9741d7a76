import { getTableColumns } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as schema from "../../app/db/schema";
import salesPt from "../../app/locales/sales/pt";
import { DEMO_AGENCIES } from "./seed";
import { buildSalesRows, SALE_TITLE_TEXTS_PT, SALES_TABLES, type SalesTable } from "./seed-sales";
import { TODAY, TODAY_DAY, NOW, registers, byAgency, finance, excursions, userIds, rows } from "./demo-sales-fixture";

const TABLES: Record<SalesTable, SQLiteTable> = {
  sale: schema.sale,
  sale_passenger: schema.salePassenger,
  sale_item: schema.saleItem,
  excursion_passenger: schema.excursionPassenger,
  finance_title: schema.financeTitle,
  finance_entry: schema.financeEntry,
  record_counter: schema.recordCounter,
};

describe("demo sales", () => {
  it("writes only the schema's columns, the required ones filled, with unique ids in their own id space", () => {
    for (const table of Object.keys(SALES_TABLES) as SalesTable[]) {
      const columns = Object.values(getTableColumns(TABLES[table]));
      const names = new Set(columns.map((c) => c.name));
      expect(rows[table].length, table).toBeGreaterThan(0);
      const first = Object.keys(rows[table][0]!);
      for (const row of rows[table]) {
        // insertMany writes a table's rows with one column list.
        expect(Object.keys(row), table).toEqual(first);
        for (const key of Object.keys(row)) expect(names, `${table}.${key}`).toContain(key);
        for (const c of columns) if (c.notNull && !c.hasDefault) expect(row[c.name], `${table}.${c.name}`).not.toBeNull();
      }
    }
    const ids = Object.values(rows).flatMap((list) => list.filter((r) => r.id).map((r) => String(r.id)));
    expect(new Set(ids).size).toBe(ids.length);
    const financeIds = new Set([...finance.finance_title, ...finance.finance_entry].map((r) => String(r.id)));
    for (const id of ids) expect(financeIds.has(id)).toBe(false);
  });

  it("numbers each agency's sales 1..n, with the counter at the last and the totals the schema's check wants", () => {
    for (const a of DEMO_AGENCIES) {
      const sales = byAgency(rows.sale, a.id);
      expect(sales.map((s) => s.number)).toEqual(sales.map((_, i) => i + 1));
      expect(byAgency(rows.record_counter, a.id)).toEqual([{ agency_id: a.id, kind: "sale", last: sales.length }]);
      expect(new Set(sales.map((s) => s.kind))).toEqual(new Set(["emissivo", "excursion"]));
      expect(sales.some((s) => s.status === "draft")).toBe(true);
      expect(sales.filter((s) => s.status === "cancelled")).toHaveLength(1);
      for (const s of sales) {
        expect(s.total_cents).toBe(Number(s.price_cents) - Number(s.discount_cents) + Number(s.fees_cents));
        expect(s.margin_cents).toBe(Number(s.price_cents) - Number(s.discount_cents) - Number(s.cost_cents));
        expect(String(s.sale_date) <= TODAY_DAY).toBe(true);
        expect(String(s.search_text).startsWith(`${s.number} `)).toBe(true);
        expect((s.kind === "excursion") === (s.excursion_id !== null)).toBe(true);
        const items = rows.sale_item.filter((i) => i.sale_id === s.id);
        if (s.kind === "emissivo") {
          expect(items.length).toBeGreaterThan(0);
          expect(items.reduce((n, i) => n + Number(i.price_cents), 0)).toBe(s.price_cents);
          expect(items.reduce((n, i) => n + Number(i.cost_cents), 0)).toBe(s.cost_cents);
        }
        expect(rows.sale_passenger.filter((p) => p.sale_id === s.id)).toHaveLength(Number(s.passenger_count));
      }
    }
  });

  it("writes a confirmed sale's titles as the app does: receivables = total, payables = cost, categories from the chart", () => {
    const chart = new Map(finance.chart_account.map((c) => [String(c.id), String(c.system_key)]));
    for (const s of rows.sale) {
      const titles = rows.finance_title.filter((t) => t.origin_id === s.id);
      if (s.status === "draft") {
        expect(titles).toHaveLength(0);
        continue;
      }
      const sum = (direction: string) => titles.filter((t) => t.direction === direction).reduce((n, t) => n + Number(t.amount_cents), 0);
      expect(sum("receivable")).toBe(s.total_cents);
      expect(sum("payable")).toBe(s.cost_cents);
      for (const t of titles) {
        expect(t.origin_kind).toBe("sale");
        expect(t.agency_id).toBe(s.agency_id);
        const key = chart.get(String(t.category_id));
        expect(key, String(t.description)).toMatch(t.direction === "receivable" ? /^revenue\./ : /^cost\./);
        expect(String(t.description)).toMatch(new RegExp(`^Venda nº ${s.number} — `));
        if (s.status === "cancelled") expect(t.status).toBe("cancelled");
      }
    }
  });

  it("settles titles due before today (not all: a few stay overdue), never one due later", () => {
    const entries = new Map(rows.finance_entry.map((e) => [String(e.title_id), e]));
    let paid = 0;
    let overdue = 0;
    for (const t of rows.finance_title) {
      const entry = entries.get(String(t.id));
      if (t.status === "paid") {
        paid++;
        expect(entry).toBeDefined();
        expect(entry!.principal_cents).toBe(t.amount_cents);
        expect(entry!.net_cents).toBe(t.direction === "receivable" ? t.amount_cents : -Number(t.amount_cents));
        expect(String(t.due_date) < TODAY_DAY).toBe(true);
        expect(t.paid_cents).toBe(t.amount_cents);
      } else {
        expect(entry).toBeUndefined();
        expect(t.paid_cents).toBe(0);
        if (t.status === "open" && String(t.due_date) < TODAY_DAY) overdue++;
      }
    }
    expect(paid).toBeGreaterThan(10);
    expect(overdue).toBeGreaterThan(0);
  });

  it("seats excursion sales on open excursions, one passenger per seat, within capacity, at the excursion's boarding points", () => {
    const trips = new Map(excursions.excursion.map((x) => [String(x.id), x]));
    const seats = new Set<string>();
    for (const p of rows.excursion_passenger) {
      const trip = trips.get(String(p.excursion_id))!;
      expect(trip.status).toBe("open");
      expect(p.status).toBe("confirmed");
      const key = `${p.excursion_id}|${p.seat}`;
      expect(seats.has(key), key).toBe(false);
      seats.add(key);
      expect(Number(p.seat)).toBeLessThanOrEqual(Number(trip.capacity));
      expect(excursions.excursion_boarding.find((b) => b.id === p.boarding_id)?.excursion_id).toBe(p.excursion_id);
      const sale = rows.sale.find((s) => s.id === p.sale_id)!;
      expect(sale).toMatchObject({ kind: "excursion", excursion_id: p.excursion_id, status: "confirmed" });
    }
    for (const s of rows.sale.filter((x) => x.kind === "excursion")) {
      const places = rows.excursion_passenger.filter((p) => p.sale_id === s.id);
      expect(places).toHaveLength(Number(s.passenger_count));
      expect(places.reduce((n, p) => n + Number(p.price_cents), 0)).toBe(s.price_cents);
    }
  });

  it("has trips today for the daily service report", () => {
    const live = new Set(rows.sale.filter((s) => s.status === "confirmed").map((s) => String(s.id)));
    const today = rows.sale_item.filter((i) => live.has(String(i.sale_id)) && (i.start_date === TODAY_DAY || i.end_date === TODAY_DAY));
    expect(today.length).toBeGreaterThanOrEqual(DEMO_AGENCIES.length);
  });

  it("is deterministic for a day", () => {
    expect(buildSalesRows(DEMO_AGENCIES, { today: TODAY, now: NOW, rows: { ...registers, ...finance, ...excursions }, userIds })).toEqual(rows);
  });

  it("describes titles with the app's pt texts", () => {
    expect(SALE_TITLE_TEXTS_PT).toEqual({
      "sales.title.receivable": salesPt.sales.title.receivable,
      "sales.title.payable": salesPt.sales.title.payable,
      "sales.title.refund": salesPt.sales.title.refund,
    });
  });
});
