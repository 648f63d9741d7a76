import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocateDiscount, invoiceListSpec, invoiceTotal, parseParty, payingPlan, saleLines, shownInvoiceStatus, type PayingTitle } from "~/lib/finance/invoices/invoice";
import { parseListQuery } from "~/lib/kit/list";

const cents = fc.integer({ min: 0, max: 5_000_000 });

describe("allocateDiscount", () => {
  it("gives whole cents that add up to the discount, none above its item's price (property)", () => {
    fc.assert(
      fc.property(fc.array(cents, { minLength: 1, maxLength: 12 }), fc.double({ min: 0, max: 1, noNaN: true }), (prices, share) => {
        const total = prices.reduce((a, b) => a + b, 0);
        const discount = Math.floor(total * share);
        const shares = allocateDiscount(prices, discount);
        expect(shares).toHaveLength(prices.length);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(discount);
        shares.forEach((s, i) => {
          expect(Number.isInteger(s)).toBe(true);
          expect(s).toBeGreaterThanOrEqual(0);
          expect(s).toBeLessThanOrEqual(prices[i]!);
        });
      }),
    );
  });

  it("splits in proportion (10,00 over 100,00 and 50,00 → 6,67 and 3,33)", () => {
    expect(allocateDiscount([100_00, 50_00], 10_00)).toEqual([6_67, 3_33]);
    expect(allocateDiscount([0, 0], 0)).toEqual([0, 0]);
  });
});

describe("saleLines and invoiceTotal", () => {
  it("the lines of a sale add up to exactly its total, item by item or whole (property)", () => {
    const item = fc.record({ price: cents, fees: fc.integer({ min: 0, max: 100_000 }) });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 10 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.boolean(), (items, share, excursion) => {
        const price = items.reduce((s, i) => s + i.price, 0);
        const fees = items.reduce((s, i) => s + i.fees, 0);
        const discount = Math.floor(price * share);
        const total = price - discount + fees;
        const lines = saleLines(
          { id: "s1", number: 7, kind: excursion ? "excursion" : "emissivo", discountCents: discount, totalCents: total, label: "Trip" },
          items.map((i, n) => ({ id: `i${n}`, description: `Item ${n}`, priceCents: i.price, feesCents: i.fees })),
        );
        expect(invoiceTotal(lines)).toBe(total);
        expect(lines.every((l) => l.amountCents >= 0 && Number.isInteger(l.amountCents))).toBe(true);
        expect(new Set(lines.map((l) => l.key)).size).toBe(lines.length);
        if (excursion || items.length === 0) expect(lines.map((l) => l.key)).toEqual(["sale:s1"]);
      }),
    );
  });

  it("payingPlan: covered sales are linked, the rest is one created receivable of their lines' sum", () => {
    const lines = [
      { key: "a", saleId: "s1", saleItemId: "a", saleNumber: 1, description: "", amountCents: 100 },
      { key: "b", saleId: "s2", saleItemId: "b", saleNumber: 2, description: "", amountCents: 250 },
      { key: "c", saleId: "s2", saleItemId: "c", saleNumber: 2, description: "", amountCents: 50 },
    ];
    expect(payingPlan(lines, new Set(["s1"]))).toEqual({ linkedSales: ["s1"], createdCents: 300 });
    expect(payingPlan(lines, new Set())).toEqual({ linkedSales: [], createdCents: 400 });
  });
});

describe("shownInvoiceStatus", () => {
  const title = (status: PayingTitle["status"], dueDate = "2026-12-01"): PayingTitle => ({ status, dueDate });
  it("is cancelled, overdue, open or paid from the paying titles", () => {
    const today = "2026-11-28";
    expect(shownInvoiceStatus("cancelled", [title("paid")], today)).toBe("cancelled");
    expect(shownInvoiceStatus("issued", [title("open")], today)).toBe("open");
    expect(shownInvoiceStatus("issued", [title("partial", "2026-11-27"), title("paid")], today)).toBe("overdue");
    expect(shownInvoiceStatus("issued", [title("open", today)], today)).toBe("open");
    expect(shownInvoiceStatus("issued", [title("paid"), title("cancelled")], today)).toBe("paid");
    expect(shownInvoiceStatus("issued", [], today)).toBe("open");
  });
});

describe("parties, languages and the list's URL", () => {
  it("reads a party value and drops anything else", () => {
    expect(parseParty("client:abc-1")).toEqual({ kind: "client", id: "abc-1" });
    expect(parseParty("agent:x")).toEqual({ kind: "agent", id: "x" });
    expect(parseParty("supplier:x")).toBeNull();
    expect(parseParty("client:../x")).toBeNull();
    const q = parseListQuery(new URLSearchParams("situacao=paid&parte=client:x&de=2026-02-30&ate=2026-03-01&sort=total"), invoiceListSpec);
    expect(q.filters).toEqual({ situacao: "paid", parte: "client:x", ate: "2026-03-01" });
    expect(q.sort).toBe("total");
  });
});
