import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  convert,
  currencyName,
  divRoundHalfEven,
  formatRate,
  FX_CURRENCIES,
  MAX_RATE_E6,
  minorUnits,
  parseDay,
  parseRate,
  parseRateRow,
  RATE_SCALE,
  toBrl,
  tryConvert,
} from "~/lib/finance/fx";
import { MAX_CENTS } from "~/lib/finance/money";
import { currencyDigits } from "~/lib/platform/format";

// Up to R$ 10 million in cents (or 10 million units of a currency without cents) at any rate stays exact.
const amount = fc.integer({ min: -1_000_000_000, max: 1_000_000_000 });
const rate = fc.integer({ min: 1, max: MAX_RATE_E6 });
const code = fc.constantFrom(...FX_CURRENCIES.map((c) => c.code));

/** The exact value as a fraction, for an oracle: amount × rate × 10^mt / (RATE_SCALE × 10^mf). */
const exactBrl = (a: number, currency: string, r: number) => ({ num: BigInt(a) * BigInt(r) * 100n, den: BigInt(RATE_SCALE) * 10n ** BigInt(minorUnits(currency)) });

describe("divRoundHalfEven", () => {
  it("rounds ties to the even neighbour, symmetric around zero", () => {
    expect(divRoundHalfEven(5n, 2n)).toBe(2n);
    expect(divRoundHalfEven(7n, 2n)).toBe(4n);
    expect(divRoundHalfEven(-5n, 2n)).toBe(-2n);
    expect(divRoundHalfEven(-7n, 2n)).toBe(-4n);
    expect(divRoundHalfEven(10n, 3n)).toBe(3n);
    expect(divRoundHalfEven(11n, 3n)).toBe(4n);
    expect(() => divRoundHalfEven(1n, 0n)).toThrow(RangeError);
  });

  it("is within half a unit of the exact quotient", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.bigInt({ min: 1n, max: 10n ** 20n }), (num, den) => {
        const q = divRoundHalfEven(num, den);
        const diff = q * den - num; // the error × den
        expect(2n * (diff < 0n ? -diff : diff) <= den).toBe(true);
        expect(divRoundHalfEven(-num, den)).toBe(-q);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("convert", () => {
  it("converts at the rate, rounded once", () => {
    expect(toBrl(10_000, "USD", 5_432_100)).toBe(54_321); // US$ 100,00 × 5,4321 = R$ 543,21
    expect(toBrl(1, "USD", 5_432_150)).toBe(5); // 0,0543215 → R$ 0,05
    expect(toBrl(1000, "JPY", 35_123)).toBe(3512); // ¥1000 × 0,035123 = R$ 35,123 → 35,12
    expect(convert(54_321, { currency: "BRL", rateE6: 0 }, { currency: "USD", rateE6: 5_432_100 })).toBe(10_000);
    // 1 cent × 0.5 → a tie: to the even neighbour (0), and 3 cents × 0.5 = 1.5 → 2.
    expect(toBrl(1, "USD", 500_000)).toBe(0);
    expect(toBrl(3, "USD", 500_000)).toBe(2);
    expect(toBrl(-3, "USD", 500_000)).toBe(-2);
    // A cross rate goes through the exact BRL value: US$ 100 at 5,50 = R$ 550 = € 91,6666… at 6,00 → € 91,67.
    expect(convert(10_000, { currency: "USD", rateE6: 5_500_000 }, { currency: "EUR", rateE6: 6_000_000 })).toBe(9_167);
  });

  it("is the identity for BRL and for the same currency", () => {
    fc.assert(
      fc.property(amount, rate, code, (a, r, c) => {
        expect(toBrl(a, "BRL", r)).toBe(a);
        expect(convert(a, { currency: c, rateE6: r }, { currency: c, rateE6: r })).toBe(a);
      }),
    );
  });

  it("equals the exact value rounded half to even (within half a cent)", () => {
    fc.assert(
      fc.property(amount, rate, code, (a, r, c) => {
        const out = toBrl(a, c, r);
        const { num, den } = exactBrl(a, c, r);
        const diff = BigInt(out) * den - num;
        expect(2n * (diff < 0n ? -diff : diff) <= den).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("is monotonic in the amount and in the rate", () => {
    fc.assert(
      fc.property(amount, amount, rate, rate, code, (a, b, r, s, c) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(toBrl(lo, c, r)).toBeLessThanOrEqual(toBrl(hi, c, r));
        const [rlo, rhi] = r <= s ? [r, s] : [s, r];
        const positive = Math.abs(a);
        expect(toBrl(positive, c, rlo)).toBeLessThanOrEqual(toBrl(positive, c, rhi));
      }),
      { numRuns: 2000 },
    );
  });

  it("converting then summing is within (n + 1) / 2 cents of summing then converting", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -10_000_000, max: 10_000_000 }), { minLength: 1, maxLength: 60 }), rate, code, (amounts, r, c) => {
        const sumOfConverted = amounts.reduce((s, a) => s + toBrl(a, c, r), 0);
        const convertedSum = toBrl(
          amounts.reduce((s, a) => s + a, 0),
          c,
          r,
        );
        expect(2 * Math.abs(sumOfConverted - convertedSum)).toBeLessThanOrEqual(amounts.length + 1);
      }),
      { numRuns: 1000 },
    );
  });

  it("refuses what is a bug", () => {
    expect(() => toBrl(1.5, "USD", 5_000_000)).toThrow(RangeError);
    expect(() => toBrl(1, "USD", 0)).toThrow(RangeError);
    expect(() => toBrl(1, "USD", 1.5)).toThrow(RangeError);
    // A result beyond exact integers is refused, never rounded silently (tryConvert answers null).
    expect(() => toBrl(MAX_CENTS, "JPY", MAX_RATE_E6)).toThrow(RangeError);
    expect(tryConvert(MAX_CENTS, { currency: "JPY", rateE6: MAX_RATE_E6 }, { currency: "BRL", rateE6: RATE_SCALE })).toBeNull();
  });
});

describe("currencies", () => {
  it("minor units agree with the money formatter", () => {
    for (const c of FX_CURRENCIES) expect(c.minor, c.code).toBe(currencyDigits(c.code));
  });

  it("names a currency in each language", () => {
    expect(currencyName("USD", "pt")).toMatch(/Dólar/i);
    expect(currencyName("USD", "en")).toMatch(/Dollar/i);
    expect(currencyName("EUR", "es")).toMatch(/euro/i);
  });
});

describe("rates as text", () => {
  it("parses what people type and formats it back", () => {
    expect(parseRate("5,4321")).toBe(5_432_100);
    expect(parseRate("5.4321")).toBe(5_432_100);
    expect(parseRate(" 5 ")).toBe(5_000_000);
    expect(parseRate("0,035123")).toBe(35_123);
    for (const bad of ["", "0", "0,000000", "-5", "5,1234567", "abc", "5,4.3", "1.234,56", "1e3", "10000"]) expect(parseRate(bad), bad).toBeNull();
    expect(formatRate(5_432_100)).toBe("5,4321");
    expect(formatRate(35_123)).toBe("0,035123");
  });

  it("round-trips every rate", () => {
    fc.assert(
      fc.property(rate, (r) => {
        expect(parseRate(formatRate(r))).toBe(r);
      }),
    );
  });

  it("never throws on any text", () => {
    fc.assert(fc.property(fc.string(), (s) => {
      const r = parseRate(s);
      expect(r === null || (Number.isSafeInteger(r) && r > 0 && r <= MAX_RATE_E6)).toBe(true);
    }));
  });
});

describe("CSV rows", () => {
  const today = "2026-11-28";
  it("takes a good row in either date style", () => {
    expect(parseRateRow({ currency: "usd", date: "2026-11-27", rate: "5,4321" }, today)).toEqual({ ok: true, row: { currency: "USD", date: "2026-11-27", rateE6: 5_432_100 } });
    expect(parseRateRow({ currency: "EUR", date: "27/11/2026", rate: "6.1" }, today)).toEqual({ ok: true, row: { currency: "EUR", date: "2026-11-27", rateE6: 6_100_000 } });
  });

  it("names every bad field", () => {
    const r = parseRateRow({ currency: "XYZ", date: "31/02/2026", rate: "-1" }, today);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors.map((e) => e.field)).toEqual(["currency", "date", "rate"]);
    expect(parseRateRow({ currency: "BRL", date: "2026-11-29", rate: "1" }, today)).toEqual({
      ok: false,
      errors: [
        { field: "currency", message: "fx.errors.currency" },
        { field: "date", message: "fx.errors.future" },
      ],
    });
    expect(parseRateRow({}, today).ok).toBe(false);
  });

  it("parses days strictly", () => {
    expect(parseDay("2024-02-29")).toBe("2024-02-29");
    expect(parseDay("2023-02-29")).toBeNull();
    expect(parseDay("29/02/2024")).toBe("2024-02-29");
    expect(parseDay("2024-2-1")).toBeNull();
  });
});
