/**
 * Invoicing (Financeiro → Faturamento; decision 0016), the part browser and
 * server share, without zod: paths, the list's spec, the billable lines of a
 * sale and their amounts, an invoice's shown status and the error keys. Pure.
 */
// Type-only and no other app import: the demo seed (plain node) imports this file.
import type { ListSpec } from "~/lib/kit/list";

export const GENERATE_PATH = "/financeiro/faturamento/gerar-fatura";
export const INVOICES_PATH = "/financeiro/faturamento/listagem-de-faturas";
export const invoicePath = (id: string) => `${INVOICES_PATH}/${id}`;
export const invoicePdfPath = (id: string) => `${INVOICES_PATH}/${id}/pdf`;

/** What the list shows and filters by: cancelled is stored; paid and overdue come from the titles. */
export const INVOICE_SHOWN_STATUSES = ["open", "paid", "overdue", "cancelled"] as const;
export type InvoiceShownStatus = (typeof INVOICE_SHOWN_STATUSES)[number];

/** "client:<id>" or "agent:<id>": a party as the forms and the list's filter carry it. */
export const PARTY_VALUE = /^(client|agent):([A-Za-z0-9_-]{1,64})$/;
export type PartyRef = { kind: "client" | "agent"; id: string };
export function parseParty(value: string | null | undefined): PartyRef | null {
  const m = PARTY_VALUE.exec(value ?? "");
  return m ? { kind: m[1] as PartyRef["kind"], id: m[2]! } : null;
}
export const partyValue = (p: PartyRef) => `${p.kind}:${p.id}`;

export const INVOICE_SORTS = ["issueDate", "number", "dueDate", "total"] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];
export type InvoiceFilter = "situacao" | "parte" | "de" | "ate";
/** A calendar day "YYYY-MM-DD" that exists. */
const isDay = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

export const invoiceListSpec: ListSpec<InvoiceSort, InvoiceFilter> = {
  sorts: INVOICE_SORTS,
  defaultSort: "issueDate",
  defaultDir: "desc",
  filters: { situacao: INVOICE_SHOWN_STATUSES, parte: (v) => PARTY_VALUE.test(v), de: isDay, ate: isDay },
};

/** A title paying an invoice, as its status needs it. */
export type PayingTitle = { status: "open" | "partial" | "paid" | "cancelled"; dueDate: string };

/**
 * Cancelled when the invoice is; otherwise from the titles that pay it (their
 * cancelled ones aside): overdue when one still open is due before today (the
 * agency's day), open while one is open, paid when none is.
 */
export function shownInvoiceStatus(status: "issued" | "cancelled", titles: readonly PayingTitle[], today: string): InvoiceShownStatus {
  if (status === "cancelled") return "cancelled";
  const open = titles.filter((t) => t.status === "open" || t.status === "partial");
  if (open.some((t) => t.dueDate < today)) return "overdue";
  if (open.length > 0) return "open";
  return titles.some((t) => t.status === "paid") ? "paid" : "open";
}

/**
 * Splits `discount` cents over items in proportion to their prices, by the
 * largest remainder: the shares are whole cents, never above an item's price,
 * and add up to exactly the discount (which is at most the sum of the prices).
 */
export function allocateDiscount(prices: readonly number[], discount: number): number[] {
  const total = prices.reduce((a, b) => a + b, 0);
  if (discount <= 0 || total <= 0) return prices.map(() => 0);
  const d = Math.min(discount, total);
  const exact = prices.map((p) => (p * d) / total);
  const shares = exact.map((x) => Math.floor(x));
  let left = d - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    if (shares[i]! < prices[i]!) {
      shares[i]! += 1;
      left--;
    }
  }
  return shares;
}

export type BillableSale = {
  id: string;
  number: number;
  kind: "emissivo" | "excursion";
  discountCents: number;
  totalCents: number;
  /** The excursion's title (an excursion sale's line). */
  label: string;
};
export type BillableItem = { id: string; description: string; priceCents: number; feesCents: number };
export type BillableLine = { key: string; saleId: string; saleItemId: string | null; saleNumber: number; description: string; amountCents: number };

export const saleKey = (saleId: string) => `sale:${saleId}`;

/**
 * The lines a sale is billed in: an emissivo sale's items, each its price and
 * fees less its share of the sale's discount (so the lines add up to the sale's
 * total), or an excursion sale whole. An emissivo sale without items is one line.
 */
export function saleLines(sale: BillableSale, items: readonly BillableItem[]): BillableLine[] {
  if (sale.kind === "excursion" || items.length === 0) {
    return [{ key: saleKey(sale.id), saleId: sale.id, saleItemId: null, saleNumber: sale.number, description: sale.label, amountCents: sale.totalCents }];
  }
  const shares = allocateDiscount(
    items.map((i) => i.priceCents),
    sale.discountCents,
  );
  return items.map((item, i) => ({
    key: item.id,
    saleId: sale.id,
    saleItemId: item.id,
    saleNumber: sale.number,
    description: item.description,
    amountCents: item.priceCents + item.feesCents - shares[i]!,
  }));
}

/** Σ of the lines (integer cents). */
export const invoiceTotal = (lines: readonly { amountCents: number }[]) => lines.reduce((sum, l) => sum + l.amountCents, 0);

/**
 * Which receivables pay an invoice (decision 0016): a sale that already has live
 * receivables is billed whole and its receivables are linked; the lines of sales
 * without them are paid by one receivable the invoice creates.
 */
export function payingPlan(
  lines: readonly BillableLine[],
  covered: ReadonlySet<string>,
): { linkedSales: string[]; createdCents: number } {
  const linked = new Set<string>();
  let created = 0;
  for (const l of lines) {
    if (covered.has(l.saleId)) linked.add(l.saleId);
    else created += l.amountCents;
  }
  return { linkedSales: [...linked], createdCents: created };
}

/** Error keys (translated). */
export const invoiceErr = {
  lines: "invoices.errors.lines",
  taken: "invoices.errors.taken",
  whole: "invoices.errors.whole",
  currency: "invoices.errors.currency",
  empty: "invoices.errors.empty",
  party: "invoices.errors.party",
  dueBeforeIssue: "invoices.errors.dueBeforeIssue",
  category: "invoices.errors.category",
  stale: "invoices.errors.stale",
  cancelled: "invoices.errors.cancelled",
  settled: "invoices.errors.settled",
  noEmail: "invoices.errors.noEmail",
  forbidden: "invoices.errors.forbidden",
  date: "invoices.errors.date",
  period: "invoices.errors.period",
  rate: "invoices.errors.rate",
} as const;
export type InvoiceErr = keyof typeof invoiceErr;

/** At most this many lines on one invoice (and candidates shown). */
export const MAX_INVOICE_LINES = 200;
