/**
 * Money conversion (Câmbio, decision 0018): the one place an amount in one
 * currency becomes an amount in another. Pure and dependency-free (the seed
 * imports it under plain node).
 *
 * - A rate is how many BRL one unit of a currency is worth on a day, kept as an
 *   exact integer at RATE_SCALE (rate_e6 = rate × 1,000,000). BRL's rate is 1.
 * - Amounts are integer minor units of their currency (cents; yen; pesos for
 *   CLP), as everywhere in Rota (formatMoney).
 * - A conversion is computed exactly as a fraction of big integers
 *   (amount × rate_from × 10^minor_to / (rate_to × 10^minor_from)) and rounded
 *   ONCE, here, to the target's minor unit, **half to even** (banker's rounding:
 *   0.5 goes to the even neighbour, so rounding errors do not drift one way over
 *   many conversions; symmetric for negative amounts). A cross conversion
 *   (USD → EUR) goes through the exact BRL fraction, not through a rounded BRL.
 * - Bound: converting n amounts and summing differs from summing and converting
 *   by at most (n + 1) / 2 minor units (each rounding is off by at most ½).
 */

/** rate_e6 = rate × RATE_SCALE. */
export const RATE_SCALE = 1_000_000;
export const BASE_CURRENCY = "BRL";
/** The largest rate accepted: 9.999,999999 BRL per unit (the strongest currencies are worth tens of BRL). */
export const MAX_RATE_E6 = 9_999_999_999;
/** A rate older than this many days is not used for a date (weekends and holidays fall back to the last business day). */
export const MAX_RATE_AGE_DAYS = 7;

/** ISO 4217 currencies the agency may enable, with their minor units. */
export const FX_CURRENCIES = [
  { code: "USD", minor: 2 },
  { code: "EUR", minor: 2 },
  { code: "GBP", minor: 2 },
  { code: "ARS", minor: 2 },
  { code: "CLP", minor: 0 },
  { code: "UYU", minor: 2 },
  { code: "PYG", minor: 0 },
  { code: "CAD", minor: 2 },
  { code: "CHF", minor: 2 },
  { code: "JPY", minor: 0 },
  { code: "MXN", minor: 2 },
  { code: "AUD", minor: 2 },
  { code: "COP", minor: 2 },
  { code: "PEN", minor: 2 },
  { code: "CNY", minor: 2 },
] as const;
export type FxCurrencyCode = (typeof FX_CURRENCIES)[number]["code"];
export const FX_CODES: readonly string[] = FX_CURRENCIES.map((c) => c.code);

/** BRL and the foreign currencies. */
export const ALL_CODES: readonly string[] = [BASE_CURRENCY, ...FX_CODES];

export const isFxCode = (code: string): code is FxCurrencyCode => FX_CODES.includes(code);

/** Minor units of a currency (2 for BRL and unknown codes). */
export function minorUnits(code: string): number {
  return FX_CURRENCIES.find((c) => c.code === code)?.minor ?? 2;
}

/** A currency's name in a language ("Dólar americano", "US Dollar", "dólar estadounidense"). */
export function currencyName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language === "pt" ? "pt-BR" : language], { type: "currency" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** num / den rounded half to even (den > 0). */
export function divRoundHalfEven(num: bigint, den: bigint): bigint {
  if (den <= 0n) throw new RangeError("divRoundHalfEven: denominator must be positive");
  const negative = num < 0n;
  const abs = negative ? -num : num;
  let q = abs / den;
  const r = abs - q * den;
  const twice = r * 2n;
  if (twice > den || (twice === den && q % 2n === 1n)) q += 1n;
  return negative ? -q : q;
}

export type RateRef = { currency: string; rateE6: number };

const rateOf = (side: RateRef) => {
  if (side.currency === BASE_CURRENCY) return BigInt(RATE_SCALE);
  if (!Number.isSafeInteger(side.rateE6) || side.rateE6 <= 0) throw new RangeError(`convert: bad rate ${side.rateE6} for ${side.currency}`);
  return BigInt(side.rateE6);
};

/**
 * `amount` minor units of `from.currency` in `to.currency`, at the two rates to
 * BRL (ignored for BRL itself), rounded once half to even.
 */
export function convert(amount: number, from: RateRef, to: RateRef): number {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`convert: ${amount} is not an integer amount`);
  if (from.currency === to.currency) return amount;
  const num = BigInt(amount) * rateOf(from) * 10n ** BigInt(minorUnits(to.currency));
  const den = rateOf(to) * 10n ** BigInt(minorUnits(from.currency));
  const out = divRoundHalfEven(num, den);
  if (out > BigInt(Number.MAX_SAFE_INTEGER) || out < -BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError("convert: the result is beyond exact integers");
  return Number(out) + 0;
}

/** convert(), or null when the result is too large to be exact (the converter's field error). */
export function tryConvert(amount: number, from: RateRef, to: RateRef): number | null {
  try {
    return convert(amount, from, to);
  } catch {
    return null;
  }
}

/** `amount` minor units of `currency` in BRL cents at `rateE6` (BRL itself unchanged). */
export function toBrl(amount: number, currency: string, rateE6: number): number {
  return convert(amount, { currency, rateE6 }, { currency: BASE_CURRENCY, rateE6: RATE_SCALE });
}

/**
 * A stored amount's BRL (decision 0018: a title's amount, an entry's net, a
 * sale's total, each converted once at the rate it keeps): toBrl, or null when
 * the result is beyond exact integers (the writers refuse it as a field error).
 */
export function tryToBrl(amount: number, currency: string, rateE6: number): number | null {
  return tryConvert(amount, { currency, rateE6 }, { currency: BASE_CURRENCY, rateE6: RATE_SCALE });
}

const RATE_TEXT = /^(\d{1,4})(?:[.,](\d{1,6}))?$/;

/** A typed rate ("5,4321", "5.4321", "5") as rate_e6, or null (not a number, ≤ 0, over 6 decimals or MAX_RATE_E6). */
export function parseRate(text: string): number | null {
  const match = RATE_TEXT.exec(text.trim());
  if (!match) return null;
  const value = Number(match[1]) * RATE_SCALE + Number((match[2] ?? "").padEnd(6, "0"));
  if (!Number.isSafeInteger(value) || value <= 0 || value > MAX_RATE_E6) return null;
  return value;
}

/** rate_e6 as the forms take it, pt style, at least 4 decimals: 5432100 → "5,4321"; 35123 → "0,035123". */
export function formatRate(rateE6: number): string {
  const units = Math.floor(rateE6 / RATE_SCALE);
  let fraction = String(rateE6 % RATE_SCALE).padStart(6, "0");
  while (fraction.length > 4 && fraction.endsWith("0")) fraction = fraction.slice(0, -1);
  return `${units},${fraction}`;
}

/** rate_e6 shown in a language (4 to 6 decimals). */
export function displayRate(rateE6: number, language: string): string {
  const locale = language === "pt" ? "pt-BR" : language === "es" ? "es" : "en-US";
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 4, maximumFractionDigits: 6 }).format(rateE6 / RATE_SCALE);
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const BR_DAY = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** "YYYY-MM-DD" or "DD/MM/YYYY" as "YYYY-MM-DD" when the day exists, else null. */
export function parseDay(text: string): string | null {
  const s = text.trim();
  let y: number, m: number, d: number;
  let match = ISO_DAY.exec(s);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = BR_DAY.exec(s))) [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else return null;
  if (y < 1900 || y > 2999) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/** The day `days` before "YYYY-MM-DD". */
export function dayMinus(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** The CSV import's columns (the header row; ";" or ","). */
export const FX_CSV_COLUMNS = ["currency", "date", "rate"] as const;

export type RateRowError = { field: "currency" | "date" | "rate"; message: string };
export type RateRow = { currency: FxCurrencyCode; date: string; rateE6: number };

/** The error keys of the rate form and the import (fx.errors.*). */
export const fxErr = {
  currency: "fx.errors.currency",
  date: "fx.errors.date",
  rate: "fx.errors.rate",
  future: "fx.errors.future",
  taken: "fx.errors.taken",
  duplicateInFile: "fx.errors.duplicateInFile",
  noRate: "fx.errors.noRate",
  amount: "fx.errors.amount",
} as const;

/** One CSV record as a rate, or its errors (each field checked; nothing thrown). `today` refuses future days. */
export function parseRateRow(record: Record<string, string | undefined>, today: string): { ok: true; row: RateRow } | { ok: false; errors: RateRowError[] } {
  const errors: RateRowError[] = [];
  const currency = (record.currency ?? "").trim().toUpperCase();
  if (!isFxCode(currency)) errors.push({ field: "currency", message: fxErr.currency });
  const date = parseDay(record.date ?? "");
  if (!date) errors.push({ field: "date", message: fxErr.date });
  else if (date > today) errors.push({ field: "date", message: fxErr.future });
  const rateE6 = parseRate(record.rate ?? "");
  if (rateE6 === null) errors.push({ field: "rate", message: fxErr.rate });
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, row: { currency: currency as FxCurrencyCode, date: date!, rateE6: rateE6! } };
}
