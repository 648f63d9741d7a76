/**
 * Money as integer cents (DOMAIN.md "Finance"; schema/finance.ts header): exact
 * splits, percentages in basis points, and the "1.234,56" text the forms show
 * and take. Pure and dependency-free (the seed imports it under plain node).
 */

/** The largest amount a form takes: R$ 99.999.999.999,99 (well inside exact integers). */
export const MAX_CENTS = 9_999_999_999_999;

/**
 * `totalCents` split into `parts` integer amounts that add up exactly to the
 * total. The remainder cents go to the first parts, one each, so no two parts
 * differ by more than one cent: splitCents(100, 3) → [34, 33, 33].
 * Negative totals split the same way (every part ≤ 0). `parts` below 1 is a bug.
 */
export function splitCents(totalCents: number, parts: number): number[] {
  if (!Number.isSafeInteger(totalCents)) throw new RangeError(`splitCents: total ${totalCents} is not an integer number of cents`);
  if (!Number.isInteger(parts) || parts < 1) throw new RangeError(`splitCents: ${parts} parts`);
  const sign = totalCents < 0 ? -1 : 1;
  const abs = Math.abs(totalCents);
  const base = Math.floor(abs / parts);
  const remainder = abs - base * parts;
  return Array.from({ length: parts }, (_, i) => sign * (base + (i < remainder ? 1 : 0)) + 0);
}

/**
 * `bp` basis points (1 bp = 0,01 %) of `cents`, rounded half up (away from zero
 * for negative amounts): percentOf(1000, 250) → 25; percentOf(5, 1000) → 1.
 */
export function percentOf(cents: number, bp: number): number {
  if (!Number.isSafeInteger(cents) || !Number.isSafeInteger(bp)) throw new RangeError(`percentOf: ${cents} × ${bp} bp`);
  const sign = (cents < 0 ? -1 : 1) * (bp < 0 ? -1 : 1);
  const product = BigInt(Math.abs(cents)) * BigInt(Math.abs(bp));
  const rounded = (product + 5000n) / 10000n;
  return sign * Number(rounded) + 0;
}

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ".");

/** Cents as the forms show them, pt style without the currency: 123456 → "1.234,56", -5 → "-0,05". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(cents));
  const units = Math.floor(abs / 100);
  const fraction = String(abs % 100).padStart(2, "0");
  return `${sign}${group(String(units))},${fraction}`;
}

/**
 * A typed amount as cents, or null when it is not one. Takes what people type:
 * "1.234,56", "1234,56", "1234,5", "1234", "R$ 1.234,56", "1.234" (one thousand
 * two hundred and thirty-four), "1234.56" (a single dot followed by one or two
 * digits reads as decimals), with a leading "-" when `allowNegative`.
 * At most two decimals; at most MAX_CENTS.
 */
export function parseCents(text: string, { allowNegative = false }: { allowNegative?: boolean } = {}): number | null {
  let s = text.replace(/\s+/g, "").replace(/^R\$/i, "");
  let negative = false;
  if (s.startsWith("-")) {
    negative = true;
    s = s.slice(1).replace(/^R\$/i, "");
  }
  if (negative && !allowNegative) return null;
  let units: string;
  let fraction = "";
  if (s.includes(",")) {
    const match = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{0,2}))?$/.exec(s);
    if (!match) return null;
    units = match[1]!.replaceAll(".", "");
    fraction = match[2] ?? "";
  } else if (/^\d+\.\d{1,2}$/.test(s)) {
    [units, fraction] = s.split(".") as [string, string];
  } else if (/^(\d{1,3}(?:\.\d{3})+|\d+)$/.test(s)) {
    units = s.replaceAll(".", "");
  } else {
    return null;
  }
  if (units.length > 14) return null;
  const cents = Number(units) * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(cents) || cents > MAX_CENTS) return null;
  return negative ? -cents + 0 : cents;
}

/** Basis points as a percentage the forms show: 250 → "2,5", 10000 → "100", 5 → "0,05". */
export function formatBp(bp: number): string {
  const sign = bp < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(bp));
  const units = Math.floor(abs / 100);
  const fraction = String(abs % 100).padStart(2, "0").replace(/0+$/, "");
  return `${sign}${group(String(units))}${fraction ? `,${fraction}` : ""}`;
}

/** A typed percentage ("2,5", "2.5", "10", "2,5 %") as basis points, or null. At most two decimals, 0 – `max` bp. */
export function parseBp(text: string, max = 10_000): number | null {
  const s = text.replace(/\s+/g, "").replace(/%$/, "");
  const match = /^(\d{1,7})(?:[.,](\d{0,2}))?$/.exec(s);
  if (!match) return null;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return bp <= max ? bp : null;
}
