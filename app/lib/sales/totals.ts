/**
 * A sale's money (issue #16 item 1, DOMAIN.md "sale"; decision 0011): the
 * totals from its items (cost, price and fees in integer cents, one currency)
 * and a sale-level discount, and the discount-limit rule. Pure: the sale form's
 * preview, the confirmation (titles.ts) and the list's stored totals all read it.
 *
 *   total to the client = price − discount + fees
 *   margin              = price − discount − cost   (fees pass through)
 *   margin %            = margin / (price − discount), in basis points
 */
// Relative with .ts on purpose: the demo seed imports this file under plain node, where ~/ does not resolve.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { MAX_CENTS } from "../finance/money.ts";
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { fail, ok, type Result } from "../platform/result.ts";

/** The money of one sale item. */
export type ItemMoney = {
  costCents: number;
  priceCents: number;
  feesCents: number;
  /** ISO 4217; every item is in the sale's currency. */
  currency: string;
};

export type SaleTotals = {
  currency: string;
  costCents: number;
  priceCents: number;
  discountCents: number;
  feesCents: number;
  /** price − discount + fees: what the client pays (the receivables' sum). */
  clientTotalCents: number;
  /** price − discount − cost (negative when sold below cost). */
  marginCents: number;
  /** margin ÷ (price − discount) in basis points, rounded half away from zero; null when price − discount is 0. */
  marginBp: number | null;
};

export type TotalsRefusal = "notCents" | "negativeAmount" | "mixedCurrencies" | "discountAbovePrice" | "tooLarge";
/** `item` is the index of the offending item (null for the discount or the sums). */
export type TotalsFailure = { item: number | null };

const isCents = (n: number) => Number.isSafeInteger(n);

/**
 * `numerator / denominator` in basis points, rounded half away from zero,
 * exactly (BigInt: margin × 10 000 can pass 2^53). `denominator` > 0.
 */
function ratioBp(numerator: number, denominator: number): number {
  const sign = numerator < 0 ? -1n : 1n;
  const n = BigInt(Math.abs(numerator)) * 10_000n;
  const d = BigInt(denominator);
  const rounded = (2n * n + d) / (2n * d);
  return Number(sign * rounded) + 0;
}

/**
 * The totals of a sale in `currency` with `items` and a sale-level
 * `discountCents`. Refuses amounts that are not whole cents or are negative, an
 * item in another currency, a discount above the price, and sums above
 * MAX_CENTS. A sale without items has all totals 0.
 */
export function saleTotals(
  currency: string,
  items: readonly ItemMoney[],
  discountCents: number,
): Result<{ totals: SaleTotals }, TotalsRefusal, TotalsFailure> {
  let cost = 0;
  let price = 0;
  let fees = 0;
  for (const [i, item] of items.entries()) {
    if (!isCents(item.costCents) || !isCents(item.priceCents) || !isCents(item.feesCents)) return fail("notCents", { item: i });
    if (item.costCents < 0 || item.priceCents < 0 || item.feesCents < 0) return fail("negativeAmount", { item: i });
    if (item.currency !== currency) return fail("mixedCurrencies", { item: i });
    cost += item.costCents;
    price += item.priceCents;
    fees += item.feesCents;
    if (cost > MAX_CENTS || price > MAX_CENTS || fees > MAX_CENTS) return fail("tooLarge", { item: i });
  }
  if (!isCents(discountCents)) return fail("notCents", { item: null });
  if (discountCents < 0) return fail("negativeAmount", { item: null });
  if (discountCents > price) return fail("discountAbovePrice", { item: null });
  const net = price - discountCents;
  const clientTotal = net + fees;
  if (clientTotal > MAX_CENTS) return fail("tooLarge", { item: null });
  const margin = net - cost;
  return ok({
    totals: {
      currency,
      costCents: cost,
      priceCents: price,
      discountCents,
      feesCents: fees,
      clientTotalCents: clientTotal,
      marginCents: margin,
      marginBp: net === 0 ? null : ratioBp(margin, net),
    },
  });
}

/**
 * Whether a discount needs an Admin (issue #16 item 6): it is above `limitBp`
 * of the price (exactly: discount × 10 000 > price × limit). A null limit (none
 * set in the agency settings) never needs one; a zero discount never does.
 */
export function discountNeedsAdmin(discountCents: number, priceCents: number, limitBp: number | null): boolean {
  if (limitBp === null || discountCents <= 0) return false;
  return BigInt(discountCents) * 10_000n > BigInt(Math.max(0, priceCents)) * BigInt(Math.max(0, limitBp));
}
