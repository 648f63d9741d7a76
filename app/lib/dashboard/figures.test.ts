import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { periodsOf, sumBrl, visibleFigures, weekStart, type MoneyGroup } from "~/lib/dashboard/figures";
import { tryToBrl } from "~/lib/finance/fx";
import { defaultLicence } from "~/lib/system/licence";

const cents = fc.integer({ min: -10_000_000_00, max: 10_000_000_00 });
const rate = fc.integer({ min: 1, max: 9_999_999_999 });
const group: fc.Arbitrary<MoneyGroup> = fc.oneof(
  fc.record({ currency: fc.constant("BRL"), rateE6: fc.option(fc.constant(1_000_000)), cents }),
  fc.record({ currency: fc.constantFrom("USD", "EUR"), rateE6: fc.option(rate), cents }),
  fc.record({ currency: fc.constant("USD"), rateE6: rate, cents, storedBrlCents: cents }),
);

describe("sumBrl (the dashboard's money in reais)", () => {
  it("is the exact sum of each group's reais, and the foreign groups without a rate apart per currency", () => {
    fc.assert(
      fc.property(fc.array(group, { maxLength: 30 }), (groups) => {
        const out = sumBrl(groups);
        let brl = 0;
        const apart: Record<string, number> = {};
        for (const g of groups) {
          if (g.cents === 0) continue;
          if (g.currency === "BRL") brl += g.cents;
          else if (g.storedBrlCents != null) brl += g.storedBrlCents;
          else if (g.rateE6) brl += tryToBrl(g.cents, g.currency, g.rateE6)!;
          else apart[g.currency] = (apart[g.currency] ?? 0) + g.cents;
        }
        expect(out.brlCents).toBe(brl);
        expect(Number.isInteger(out.brlCents)).toBe(true);
        expect(Object.fromEntries(out.unconverted.map((u) => [u.currency, u.cents]))).toEqual(apart);
      }),
    );
  });

  it("does not depend on the order of the groups, and BRL alone sums as integers", () => {
    fc.assert(
      fc.property(fc.array(group, { maxLength: 20 }), (groups) => {
        expect(sumBrl([...groups].reverse())).toEqual(sumBrl(groups));
      }),
    );
    fc.assert(
      fc.property(fc.array(cents, { maxLength: 50 }), (list) => {
        expect(sumBrl(list.map((c) => ({ currency: "BRL", rateE6: null, cents: c }))).brlCents).toBe(list.reduce((s, c) => s + c, 0));
      }),
    );
  });
});

describe("periods", () => {
  it("this month, the last, 12 months and the ISO week", () => {
    const p = periodsOf("2026-01-04");
    expect(p.month).toBe("2026-01");
    expect(p.lastMonth).toBe("2025-12");
    expect(p.months[0]).toBe("2025-02");
    expect(p.months).toHaveLength(12);
    expect(p.week).toEqual({ from: "2025-12-29", to: "2026-01-04" });
    expect(p.weeks[7]).toBe("2026-02-16");
    expect(weekStart("2026-06-15")).toBe("2026-06-15");
  });
});

describe("visibleFigures", () => {
  it("shows the books to Admin and Financeiro only, and nothing without a licence", () => {
    expect([...visibleFigures("Admin", defaultLicence())]).toEqual(expect.arrayContaining(["sales", "receivables", "cash", "pipeline"]));
    expect(visibleFigures("Agente", defaultLicence()).has("cash")).toBe(false);
    expect(visibleFigures("Agente", defaultLicence()).has("sales")).toBe(true);
    expect(visibleFigures("Financeiro", defaultLicence()).has("payables")).toBe(true);
    expect(visibleFigures("Admin", null).size).toBe(0);
  });
});
