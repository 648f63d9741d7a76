import { getTableColumns } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as schema from "../../app/db/schema";
import { DEMO_AGENCIES, DEMO_USERS } from "./seed";
import { buildFinanceRows, FINANCE_TABLES, financeWindow, MONTHS_AHEAD, MONTHS_BACK, type FinanceTable } from "./seed-finance";
import { buildRegisterRows } from "./seed-registers";

const NOW = new Date("2026-01-05T12:00:00.000Z");
const registers = buildRegisterRows(DEMO_AGENCIES, { now: NOW, agentUserId: DEMO_USERS[2].id });
/** The seed's day: any day gives a year back and two months ahead around it, the same rows for the same day. */
const TODAY = "2027-03-15";
const SETTLED_UNTIL = financeWindow(TODAY).settledUntil;
const input = {
  now: NOW,
  today: TODAY,
  parties: Object.fromEntries(
    DEMO_AGENCIES.map((a) => [
      a.id,
      {
        clients: registers.client.filter((r) => r.agency_id === a.id).map((r) => ({ id: String(r.id), name: String(r.name) })),
        suppliers: registers.supplier.filter((r) => r.agency_id === a.id).map((r) => ({ id: String(r.id), name: String(r.name), category: String(r.category) })),
        userId: null,
      },
    ]),
  ),
};
const rows = buildFinanceRows(DEMO_AGENCIES, input);
const TABLES: Record<FinanceTable, SQLiteTable> = {
  account_type: schema.accountType,
  chart_account: schema.chartAccount,
  payment_term: schema.paymentTerm,
  bank_account: schema.bankAccount,
  finance_title: schema.financeTitle,
  finance_entry: schema.financeEntry,
};

describe("finance seed rows", () => {
  it("are deterministic, use only the tables' columns and fill the required ones", () => {
    expect(buildFinanceRows(DEMO_AGENCIES, input)).toEqual(rows);
    // Another day moves the calendar with it.
    const later = buildFinanceRows(DEMO_AGENCIES, { ...input, today: "2027-09-02" });
    expect(later.finance_title.length).toBeGreaterThan(0);
    expect(later.finance_title.map((t) => t.due_date)).not.toEqual(rows.finance_title.map((t) => t.due_date));
    const months = (list: typeof rows.finance_title) => [...new Set(list.map((t) => String(t.competence_date).slice(0, 7)))].sort();
    expect(months(rows.finance_title)[0]).toBe("2026-03");
    expect(months(rows.finance_title).at(-1)).toBe("2027-05");
    expect(months(later.finance_title)[0]).toBe("2026-09");
    expect(MONTHS_BACK + MONTHS_AHEAD + 1).toBe(months(rows.finance_title).length);
    for (const table of Object.keys(FINANCE_TABLES) as FinanceTable[]) {
      const columns = Object.values(getTableColumns(TABLES[table]));
      const names = new Set(columns.map((c) => c.name));
      expect(rows[table].length, table).toBeGreaterThan(0);
      for (const row of rows[table]) {
        for (const key of Object.keys(row)) expect(names, `${table}.${key}`).toContain(key);
        for (const c of columns) if (c.notNull && !c.hasDefault) expect(row[c.name], `${table}.${c.name}`).not.toBeNull();
      }
    }
    const ids = Object.values(rows).flatMap((list) => list.map((r) => String(r.id)));
    expect(new Set(ids).size).toBe(ids.length);
  });

  for (const agency of DEMO_AGENCIES) {
    describe(agency.name, () => {
      const titles = rows.finance_title.filter((t) => t.agency_id === agency.id);
      const entries = rows.finance_entry.filter((e) => e.agency_id === agency.id);
      const clients = new Set(registers.client.filter((r) => r.agency_id === agency.id).map((r) => r.id));
      const suppliers = new Set(registers.supplier.filter((r) => r.agency_id === agency.id).map((r) => r.id));
      const categories = new Map(rows.chart_account.filter((c) => c.agency_id === agency.id).map((c) => [c.id, c]));
      const accounts = rows.bank_account.filter((b) => b.agency_id === agency.id);

      it("has a year of receivables from its clients and payables to its suppliers, on leaf categories of its chart", () => {
        const receivables = titles.filter((t) => t.direction === "receivable");
        const payables = titles.filter((t) => t.direction === "payable");
        expect(receivables.length).toBeGreaterThan(100);
        expect(payables.length).toBeGreaterThan(100);
        for (const t of receivables) expect(clients.has(t.party_id)).toBe(true);
        for (const t of payables) expect(suppliers.has(t.party_id)).toBe(true);
        const parents = new Set([...categories.values()].map((c) => c.parent_id));
        for (const t of titles) {
          expect(categories.has(t.category_id)).toBe(true);
          expect(parents.has(t.category_id), String(t.description)).toBe(false);
        }
        const months = new Set(titles.map((t) => String(t.competence_date).slice(0, 7)));
        expect(months.size).toBeGreaterThanOrEqual(12);
        // Settled up to yesterday; from today on, open.
        for (const t of titles) if (String(t.due_date) >= TODAY) expect(t.status, String(t.due_date)).toBe("open");
        for (const e of entries) expect(String(e.date) < TODAY, String(e.date)).toBe(true);
      });

      it("keeps each title's paid cents, status and version in step with its settlements; installments add up", () => {
        for (const t of titles) {
          const mine = entries.filter((e) => e.title_id === t.id);
          const paid = mine.reduce((s, e) => s + Number(e.principal_cents), 0);
          expect(t.paid_cents).toBe(paid);
          expect(t.status).toBe(paid >= Number(t.amount_cents) ? "paid" : paid > 0 ? "partial" : "open");
          expect(t.version).toBe(1 + mine.length);
          expect(Number(t.amount_cents)).toBeGreaterThan(0);
        }
        const groups = new Map<string, typeof titles>();
        for (const t of titles) groups.set(String(t.group_id), [...(groups.get(String(t.group_id)) ?? []), t]);
        for (const group of groups.values()) {
          expect(group.map((t) => t.installment_no).sort()).toEqual(Array.from({ length: group.length }, (_, i) => i + 1));
          for (const t of group) expect(t.installment_count).toBe(group.length);
        }
      });

      it("leaves a few titles overdue, settles into two banks and a cash desk, and pairs every transfer", () => {
        const overdue = titles.filter((t) => t.status !== "paid" && String(t.due_date) <= SETTLED_UNTIL);
        expect(overdue.length).toBeGreaterThanOrEqual(1);
        expect(overdue.length).toBeLessThanOrEqual(8);
        expect(accounts).toHaveLength(3);
        for (const account of accounts) expect(entries.some((e) => e.bank_account_id === account.id && e.kind === "settlement")).toBe(true);
        const transfers = new Map<string, number>();
        for (const e of entries.filter((e) => e.transfer_id)) transfers.set(String(e.transfer_id), (transfers.get(String(e.transfer_id)) ?? 0) + Number(e.net_cents));
        expect(transfers.size).toBeGreaterThanOrEqual(2);
        for (const sum of transfers.values()) expect(sum).toBe(0);
        expect(entries.some((e) => e.kind === "manual" && categories.get(e.category_id)?.system_key === "expense.bank_fees")).toBe(true);
        for (const e of entries) expect(String(e.date) >= String(accounts[0]!.opening_date)).toBe(true);
      });
    });
  }
});
