import { describe, expect, it } from "vitest";
import { DEFAULT_ACCOUNT_TYPES, DEFAULT_CHART, DEFAULT_PAYMENT_TERMS } from "~/lib/finance/defaults";
import { termSchedule } from "~/lib/finance/schedule";

describe("finance defaults", () => {
  it("the chart is a tree: unique codes and keys, parents listed before children with the same nature", () => {
    const seen = new Map<string, (typeof DEFAULT_CHART)[number]>();
    for (const a of DEFAULT_CHART) {
      expect(seen.has(a.code), a.code).toBe(false);
      if (a.parentCode !== null) {
        const parent = seen.get(a.parentCode);
        expect(parent, a.code).toBeDefined();
        expect(parent!.nature).toBe(a.nature);
        expect(a.code.startsWith(`${a.parentCode}.`)).toBe(true);
      }
      seen.set(a.code, a);
    }
    expect(new Set(DEFAULT_CHART.map((a) => a.systemKey)).size).toBe(DEFAULT_CHART.length);
    const keys = DEFAULT_CHART.map((a) => a.systemKey);
    for (const key of ["revenue.packages", "revenue.air", "revenue.hotel", "revenue.insurance", "revenue.commissions", "deduction.taxes", "cost.suppliers", "expense.card_fees", "expense.gateway_fees", "expense.payroll", "expense.bank_fees", "revenue.interest", "expense.discounts"]) {
      expect(keys).toContain(key);
    }
  });

  it("account types of every kind and payment terms that schedule", () => {
    expect(new Set(DEFAULT_ACCOUNT_TYPES.map((t) => t.kind))).toEqual(new Set(["checking", "savings", "cash", "card", "wallet"]));
    const rows = DEFAULT_PAYMENT_TERMS.map((t) => termSchedule(t, 100_000, "2025-01-01").length);
    expect(rows).toEqual([1, 3, 4]);
  });
});
