/**
 * Excursion sales (issue #16 item 3; /vendas/excursoes), pure: paths, the
 * list's URL state and CSV columns, the intents of the manage page and their
 * refusal keys, and the money of a sale's places. The zod schemas are in
 * excursion-sale.schema.ts, the data access in excursion-sale.server.ts,
 * seat holds in seats(.server).ts. Components import this.
 */
import { TRAVEL_DOCUMENT_TYPES } from "~/db/schema/excursions";
import { AGE_BANDS, PACKAGE_ROOM_TYPES } from "~/db/schema/services";
import type { ListSpec } from "~/lib/kit/list";
import { saleTotals, type SaleTotals } from "~/lib/sales/totals";

export type { ExcursionSaleIntent } from "~/lib/sales/excursion-sale.schema";
export { AGE_BANDS, PACKAGE_ROOM_TYPES, TRAVEL_DOCUMENT_TYPES };

export const EXCURSION_SALES_PATH = "/vendas/excursoes";
export const EXCURSION_SALE_NEW_PATH = `${EXCURSION_SALES_PATH}/novo`;
export const excursionSalePath = (id: string) => `${EXCURSION_SALES_PATH}/gerenciar/${id}`;
export const SALE_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** The most places one sale takes. */
export const MAX_PLACES = 60;

export const EXCURSION_SALE_INTENTS = ["hold", "release", "place", "move", "plan", "confirm", "apply", "remove", "cancel"] as const;

// ---------------------------------------------------------------------------
// The list

export const EXCURSION_SALE_SORTS = ["saleDate", "number", "total"] as const;
export type ExcursionSaleSort = (typeof EXCURSION_SALE_SORTS)[number];
export type ExcursionSaleFilter = "situacao" | "excursao" | "vendedor" | "de" | "ate";
const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const excursionSaleListSpec: ListSpec<ExcursionSaleSort, ExcursionSaleFilter> = {
  sorts: EXCURSION_SALE_SORTS,
  defaultSort: "saleDate",
  defaultDir: "desc",
  filters: {
    situacao: ["draft", "confirmed", "cancelled"],
    excursao: (v) => SALE_ID.test(v),
    vendedor: (v) => SALE_ID.test(v),
    de: (v) => DAY.test(v),
    ate: (v) => DAY.test(v),
  },
};

export const EXCURSION_SALE_CSV_COLUMNS = ["number", "saleDate", "status", "excursion", "departure", "client", "seller", "passengers", "currency", "price", "discount", "total", "paymentMethod"] as const;
export type ExcursionSaleCsvColumn = (typeof EXCURSION_SALE_CSV_COLUMNS)[number];

// ---------------------------------------------------------------------------
// Refusals (translation keys)

export const xsErr = {
  excursion: "sales.excursions.errors.excursion",
  client: "sales.excursions.errors.client",
  agent: "sales.errors.agent",
  ownAgent: "sales.errors.ownAgent",
  notSelling: "sales.excursions.errors.notSelling",
  noSuchSeat: "sales.excursions.errors.noSuchSeat",
  seatRequired: "sales.excursions.errors.seatRequired",
  noSeatChoice: "sales.excursions.errors.noSeatChoice",
  full: "sales.excursions.errors.full",
  taken: "sales.excursions.errors.taken",
  saleClosed: "sales.excursions.errors.saleClosed",
  notHolder: "sales.excursions.errors.notHolder",
  place: "sales.excursions.errors.place",
  boarding: "sales.excursions.errors.boarding",
  tier: "sales.excursions.errors.tier",
  name: "sales.excursions.errors.name",
  tooMany: "sales.excursions.errors.tooMany",
  lastPlace: "sales.excursions.errors.lastPlace",
  nothingToApply: "sales.excursions.errors.nothingToApply",
  notDraft: "sales.errors.notDraft",
  stale: "sales.errors.stale",
  notAllowed: "sales.errors.notAllowed",
  noItems: "sales.errors.noItems",
  holdsLapsed: "sales.errors.holdsLapsed",
  discountNeedsAdmin: "sales.errors.discountNeedsAdmin",
  reasonRequired: "sales.errors.reasonRequired",
  term: "sales.errors.term",
  category: "sales.errors.category",
  notCents: "sales.errors.notCents",
  negativeAmount: "sales.errors.negativeAmount",
  mixedCurrencies: "sales.errors.mixedCurrencies",
  discountAbovePrice: "sales.errors.discountAbovePrice",
  tooLarge: "sales.errors.tooLarge",
  invalidDay: "sales.errors.invalidDay",
  downPaymentInvalid: "sales.errors.downPaymentInvalid",
  costWithoutSupplier: "sales.errors.costWithoutSupplier",
  settledExceedsTotal: "sales.errors.settledExceedsTotal",
} as const;
export type XsRefusal = keyof typeof xsErr;
export const refusalKey = (reason: string): string => (reason in xsErr ? xsErr[reason as XsRefusal] : "sales.excursions.errors.generic");

// ---------------------------------------------------------------------------
// Money

/** The totals of a sale whose places cost `prices` (no cost, no fees: the agency's own trip). */
export const placesTotals = (currency: string, prices: readonly number[], discountCents: number) =>
  saleTotals(
    currency,
    prices.map((p) => ({ priceCents: p, costCents: 0, feesCents: 0, currency })),
    discountCents,
  );

export type { SaleTotals };
