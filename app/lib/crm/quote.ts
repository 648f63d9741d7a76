/**
 * Quotes (orçamentos, issue #18): what browser and server share without zod — paths,
 * the totals of a quote's items (cost, price and fees in integer cents; a quote-level
 * discount), whether a quote is still open for the client, the limits.
 *
 *   total = Σ price − discount + Σ fees
 */
export const QUOTES_PATH = "/crm/orcamentos";
export const quoteEditHref = (id: string) => `${QUOTES_PATH}/editar/${id}`;
export const quoteNewHref = (dealId: string) => `${QUOTES_PATH}/novo?negocio=${encodeURIComponent(dealId)}`;
export const publicQuoteHref = (slug: string) => `/orcamento/${slug}`;

/** The languages a quote may be written in (the schema's, here for the browser). */
export const QUOTE_LANGS = ["pt", "en", "es"] as const;
export const MAX_QUOTE_ITEMS = 30;
/** Blank rows the form offers beyond the quote's items. */
export const BLANK_ROWS = 3;
/** 10^12 cents: far above any trip, far below the float's integer range. */
export const MAX_QUOTE_CENTS = 1_000_000_000_000;
/** Answers (accept or decline posts) a quote's link takes in an hour, from anyone: far above a client's, far below a flood. */
export const QUOTE_ANSWER_RATE = { windowMs: 3_600_000, max: 10 };
/** A public slug: randomToken()'s base64url of 32 bytes. */
export const QUOTE_SLUG = /^[A-Za-z0-9_-]{20,100}$/;

export type QuoteItemMoney = { costCents: number; priceCents: number; feesCents: number };
export type QuoteTotals = { costCents: number; priceCents: number; discountCents: number; feesCents: number; totalCents: number };

/** The totals of the items with the discount; null when the discount is above the price or a sum leaves the limit. */
export function quoteTotals(items: readonly QuoteItemMoney[], discountCents: number): QuoteTotals | null {
  let cost = 0;
  let price = 0;
  let fees = 0;
  for (const it of items) {
    if (![it.costCents, it.priceCents, it.feesCents].every((v) => Number.isSafeInteger(v) && v >= 0)) return null;
    cost += it.costCents;
    price += it.priceCents;
    fees += it.feesCents;
  }
  if (!Number.isSafeInteger(discountCents) || discountCents < 0 || discountCents > price) return null;
  const total = price - discountCents + fees;
  if (cost > MAX_QUOTE_CENTS || total > MAX_QUOTE_CENTS || price > MAX_QUOTE_CENTS) return null;
  return { costCents: cost, priceCents: price, discountCents, feesCents: fees, totalCents: total };
}

export type QuoteState = "draft" | "open" | "expired" | "accepted" | "declined";

/** What the client's page shows: a sent quote is open until the end of its validity day (`today` in the agency's zone). */
export function quoteState(status: "draft" | "sent" | "accepted" | "declined", validUntil: string, today: string): QuoteState {
  if (status === "accepted" || status === "declined" || status === "draft") return status;
  return today > validUntil ? "expired" : "open";
}
