import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { quoteState, quoteTotals } from "~/lib/crm/quote";

const item = fc.record({ costCents: fc.integer({ min: 0, max: 1e9 }), priceCents: fc.integer({ min: 0, max: 1e9 }), feesCents: fc.integer({ min: 0, max: 1e8 }) });

describe("quote totals", () => {
  it("are the items' sums, total = price − discount + fees, and the database's check holds", () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 30 }), fc.nat(), (items, d) => {
        const price = items.reduce((s, i) => s + i.priceCents, 0);
        const discount = price === 0 ? 0 : d % (price + 1);
        const t = quoteTotals(items, discount)!;
        expect(t.costCents).toBe(items.reduce((s, i) => s + i.costCents, 0));
        expect(t.priceCents).toBe(price);
        expect(t.feesCents).toBe(items.reduce((s, i) => s + i.feesCents, 0));
        expect(t.totalCents).toBe(t.priceCents - t.discountCents + t.feesCents);
        expect(t.discountCents).toBeLessThanOrEqual(t.priceCents);
        expect(t.totalCents).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("refuse a discount above the price and non-integer or negative money", () => {
    expect(quoteTotals([{ costCents: 0, priceCents: 100, feesCents: 0 }], 101)).toBeNull();
    expect(quoteTotals([{ costCents: 0, priceCents: 1.5, feesCents: 0 }], 0)).toBeNull();
    expect(quoteTotals([{ costCents: -1, priceCents: 1, feesCents: 0 }], 0)).toBeNull();
    expect(quoteTotals([], 0)).toEqual({ costCents: 0, priceCents: 0, discountCents: 0, feesCents: 0, totalCents: 0 });
  });
});

describe("quote state", () => {
  it("is open through the last valid day in the agency's zone, then expired; answers are final", () => {
    expect(quoteState("sent", "2026-05-10", "2026-05-10")).toBe("open");
    expect(quoteState("sent", "2026-05-10", "2026-05-11")).toBe("expired");
    expect(quoteState("accepted", "2026-05-10", "2026-06-11")).toBe("accepted");
    expect(quoteState("declined", "2026-05-10", "2026-05-01")).toBe("declined");
  });
});
