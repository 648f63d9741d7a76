/**
 * Stored BRL amounts (decision 0018): a title, an entry or a sale in a foreign
 * currency keeps its rate and its amount in BRL converted once by fx.ts
 * (`tryToBrl`); the DRE adds those BRL amounts. Properties of what the writers
 * store and the DRE builds from it.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BASE_CURRENCY, convert, MAX_RATE_E6, RATE_SCALE, toBrl, tryToBrl } from "~/lib/finance/fx";
import { buildDre, settlementNet, type DreCategory, type DreCell } from "~/lib/finance/ledger/ledger";
import { MAX_CENTS } from "~/lib/finance/money";
import { termSchedule } from "~/lib/finance/schedule";

const rate = fc.integer({ min: 1, max: MAX_RATE_E6 });
const amount = fc.integer({ min: 1, max: 100_000_000_00 });
const currency = fc.constantFrom("USD", "EUR", "JPY", "CLP", "GBP");
const BRL = { currency: BASE_CURRENCY, rateE6: RATE_SCALE };

describe("a stored amount's BRL", () => {
  it("is convert() at the stored rate, the same whatever the sign (a reversal cancels its settlement exactly), and BRL is itself", () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_CENTS, max: MAX_CENTS }), currency, rate, (cents, code, rateE6) => {
        const brl = tryToBrl(cents, code, rateE6);
        const exact = (() => {
          try {
            return convert(cents, { currency: code, rateE6 }, BRL);
          } catch {
            return null;
          }
        })();
        expect(brl).toBe(exact);
        if (brl !== null) expect(tryToBrl(-cents, code, rateE6)).toBe(-brl || 0);
        expect(tryToBrl(cents, BASE_CURRENCY, rateE6)).toBe(cents);
      }),
    );
  });

  it("never throws: beyond exact integers it is null (a field error), not a 500", () => {
    expect(tryToBrl(MAX_CENTS, "CLP", MAX_RATE_E6)).toBeNull();
    expect(() => tryToBrl(MAX_CENTS, "CLP", MAX_RATE_E6)).not.toThrow();
  });

  it("installments convert each their own cents: together within (n + 1) / 2 centavos of the total converted once", () => {
    fc.assert(
      fc.property(amount, rate, fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 5_000 }), (total, rateE6, installments, downBp) => {
        const rows = termSchedule({ downPaymentBp: downBp, installments, firstDueDays: 30, intervalKind: "days", intervalDays: 30, dayOfMonth: null }, total, "2026-03-10");
        const parts = rows.map((r) => toBrl(r.amountCents, "USD", rateE6));
        const drift = Math.abs(parts.reduce((s, p) => s + p, 0) - toBrl(total, "USD", rateE6));
        expect(drift).toBeLessThanOrEqual((rows.length + 1) / 2);
      }),
    );
  });

  it("partial settlements at the title's rate add up, within (n + 1) / 2 centavos, to the title's BRL", () => {
    fc.assert(
      fc.property(amount, rate, fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 8 }), (total, rateE6, weights) => {
        // Split the title into settlements by the weights (the last one takes the rest).
        const sum = weights.reduce((s, w) => s + w, 0);
        let left = total;
        const principals = weights.map((w, i) => {
          const p = i === weights.length - 1 ? left : Math.floor((total * w) / sum);
          left -= p;
          return p;
        });
        const nets = principals.filter((p) => p > 0).map((p) => settlementNet("receivable", { principalCents: p, interestCents: 0, fineCents: 0, discountCents: 0, feeCents: 0 }));
        const brl = nets.map((n) => toBrl(n, "USD", rateE6));
        expect(Math.abs(brl.reduce((s, b) => s + b, 0) - toBrl(total, "USD", rateE6))).toBeLessThanOrEqual((nets.length + 1) / 2);
      }),
    );
  });
});

describe("the DRE in BRL", () => {
  const categories: DreCategory[] = [
    { id: "rev", code: "1", name: "Receita", nature: "revenue", parentId: null },
    { id: "ded", code: "2", name: "Deduções", nature: "deduction", parentId: null },
    { id: "cost", code: "3", name: "Custos", nature: "cost", parentId: null },
    { id: "exp", code: "4", name: "Despesas", nature: "expense", parentId: null },
  ];
  const months = ["2026-01", "2026-02", "2026-03"];
  const title = fc.record({
    category: fc.constantFrom("rev", "ded", "cost", "exp"),
    month: fc.constantFrom(...months),
    receivable: fc.boolean(),
    amountCents: fc.integer({ min: 1, max: 10_000_000 }),
    currency: fc.constantFrom("BRL", "USD", "EUR"),
    rateE6: fc.integer({ min: 100_000, max: 9_000_000 }),
  });

  it("its result is the sum of the stored BRL amounts (each title converted once, at its own rate), never of foreign cents", () => {
    fc.assert(
      fc.property(fc.array(title, { maxLength: 40 }), (titles) => {
        // What the writers store and the triggers add per (category, month).
        const stored = titles.map((t) => ({ ...t, brl: toBrl(t.amountCents, t.currency, t.rateE6) }));
        const cells = new Map<string, DreCell>();
        for (const t of stored) {
          const key = `${t.category}|${t.month}`;
          const cell = cells.get(key) ?? { categoryId: t.category, month: t.month, signedCents: 0 };
          cell.signedCents += t.receivable ? t.brl : -t.brl;
          cells.set(key, cell);
        }
        const dre = buildDre(categories, [...cells.values()], months);
        expect(dre.result.totalCents).toBe(stored.reduce((s, t) => s + (t.receivable ? t.brl : -t.brl), 0));
        // Month by month as well.
        for (const m of months) expect(dre.result.months[m]).toBe(stored.filter((t) => t.month === m).reduce((s, t) => s + (t.receivable ? t.brl : -t.brl), 0));
      }),
    );
  });
});
