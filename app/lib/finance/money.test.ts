import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatBp, formatCents, MAX_CENTS, parseBp, parseCents, percentOf, splitCents } from "~/lib/finance/money";

describe("splitCents", () => {
  it("always sums to the total, parts differ by at most one cent, the larger ones first", () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_CENTS, max: MAX_CENTS }), fc.integer({ min: 1, max: 240 }), (total, parts) => {
        const split = splitCents(total, parts);
        expect(split).toHaveLength(parts);
        expect(split.reduce((a, b) => a + b, 0)).toBe(total);
        expect(split.every((p) => Number.isInteger(p))).toBe(true);
        const abs = split.map(Math.abs);
        expect(Math.max(...abs) - Math.min(...abs)).toBeLessThanOrEqual(1);
        expect(abs.every((p, i) => i === 0 || p <= abs[i - 1]!)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("gives the remainder to the first parts", () => {
    expect(splitCents(100, 3)).toEqual([34, 33, 33]);
    expect(splitCents(101, 3)).toEqual([34, 34, 33]);
    expect(splitCents(-100, 3)).toEqual([-34, -33, -33]);
    expect(splitCents(2, 3)).toEqual([1, 1, 0]);
    expect(splitCents(0, 2)).toEqual([0, 0]);
  });

  it("refuses what is a bug", () => {
    expect(() => splitCents(1.5, 2)).toThrow(RangeError);
    expect(() => splitCents(100, 0)).toThrow(RangeError);
  });
});

describe("percentOf", () => {
  it("rounds half up", () => {
    expect(percentOf(1000, 250)).toBe(25);
    expect(percentOf(5, 1000)).toBe(1); // 0,5 cent → 1
    expect(percentOf(4, 1000)).toBe(0); // 0,4 cent → 0
    expect(percentOf(-5, 1000)).toBe(-1);
    expect(percentOf(12345, 10000)).toBe(12345);
    expect(percentOf(MAX_CENTS, 10000)).toBe(MAX_CENTS);
  });

  it("is within half a cent of the exact share and never above the total", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_CENTS }), fc.integer({ min: 0, max: 10_000 }), (cents, bp) => {
        const p = percentOf(cents, bp);
        expect(Number.isInteger(p)).toBe(true);
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(cents);
        // |p − cents·bp/10000| ≤ 1/2, in integers: |p·10000 − cents·bp| ≤ 5000.
        const diff = BigInt(p) * 10000n - BigInt(cents) * BigInt(bp);
        expect(diff <= 5000n && diff > -5000n).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("money text", () => {
  it("formats pt style", () => {
    expect(formatCents(123456)).toBe("1.234,56");
    expect(formatCents(5)).toBe("0,05");
    expect(formatCents(-100)).toBe("-1,00");
    expect(formatCents(100000000)).toBe("1.000.000,00");
  });

  it("parses what people type", () => {
    expect(parseCents("1.234,56")).toBe(123456);
    expect(parseCents("1234,56")).toBe(123456);
    expect(parseCents("1234,5")).toBe(123450);
    expect(parseCents("R$ 1.234,56")).toBe(123456);
    expect(parseCents("1.234")).toBe(123400);
    expect(parseCents("1234.56")).toBe(123456);
    expect(parseCents("1234")).toBe(123400);
    expect(parseCents(" 0,01 ")).toBe(1);
    expect(parseCents("-10,00")).toBeNull();
    expect(parseCents("-10,00", { allowNegative: true })).toBe(-1000);
    for (const bad of ["", "abc", "1,234,56", "1.23.4", "12,345", "1e5", "1.2.3,00", "--1", "Infinity", "NaN", "0x10", "99999999999999999"]) {
      expect(parseCents(bad), bad).toBeNull();
    }
  });

  it("reads back what it formats", () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_CENTS, max: MAX_CENTS }), (cents) => {
        expect(parseCents(formatCents(cents), { allowNegative: true })).toBe(cents);
      }),
      { numRuns: 2000 },
    );
  });

  it("never throws and only answers safe integers in range", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (text) => {
        const cents = parseCents(text, { allowNegative: true });
        if (cents !== null) {
          expect(Number.isSafeInteger(cents)).toBe(true);
          expect(Math.abs(cents)).toBeLessThanOrEqual(MAX_CENTS);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("percentages in basis points", () => {
    expect(parseBp("2,5")).toBe(250);
    expect(parseBp("2.5")).toBe(250);
    expect(parseBp("10 %")).toBe(1000);
    expect(parseBp("100")).toBe(10000);
    expect(parseBp("100,01")).toBeNull();
    expect(parseBp("-1")).toBeNull();
    expect(parseBp("1,234")).toBeNull();
    expect(formatBp(250)).toBe("2,5");
    expect(formatBp(10000)).toBe("100");
    expect(formatBp(5)).toBe("0,05");
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (bp) => {
        expect(parseBp(formatBp(bp))).toBe(bp);
      }),
      { numRuns: 1000 },
    );
  });
});
