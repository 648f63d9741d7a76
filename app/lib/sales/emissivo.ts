/**
 * Emissivo sales (issue #16 items 1, 2, 6; /vendas/emissivo), pure: the list's
 * URL state (sorts, filters), the CSV columns, the form's values and the
 * refusal keys. The zod schema is in emissivo.schema.ts (loaded on demand by
 * the browser), the data access in emissivo.server.ts. Components import this.
 */
import { AGE_BANDS, type AgeBand } from "~/db/schema/services";
import { formatCents } from "~/lib/finance/money";
import type { ListSpec } from "~/lib/kit/list";
import { saleTotals, type SaleTotals } from "~/lib/sales/totals";
import { parseCents } from "~/lib/finance/money";

export type { EmissivoInput, EmissivoItemInput } from "~/lib/sales/emissivo.schema";

export const EMISSIVO_LIST_PATH = "/vendas/emissivo";
export const emissivoEditPath = (id: string) => `${EMISSIVO_LIST_PATH}/editar/${id}`;

export const MAX_ITEMS = 40;
export const MAX_PASSENGERS = 60;
export const SALE_ID = /^[A-Za-z0-9_-]{1,64}$/;

export const SALE_PAYMENT_METHODS = ["pix", "boleto", "credit_card", "debit_card", "bank_transfer", "cash", "payment_link", "other"] as const;
export const SALE_INVENTORY_KINDS = ["none", "package_departure", "hotel_room", "air_seat"] as const;
export type InventoryKind = (typeof SALE_INVENTORY_KINDS)[number];
export const SALE_STATUS_FILTER = ["draft", "confirmed", "cancelled"] as const;
export { AGE_BANDS, type AgeBand };

// ---------------------------------------------------------------------------
// The list

export const EMISSIVO_SORTS = ["saleDate", "number", "total"] as const;
export type EmissivoSort = (typeof EMISSIVO_SORTS)[number];
export type EmissivoFilter = "situacao" | "vendedor" | "cliente" | "de" | "ate";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const emissivoListSpec: ListSpec<EmissivoSort, EmissivoFilter> = {
  sorts: EMISSIVO_SORTS,
  defaultSort: "saleDate",
  defaultDir: "desc",
  filters: {
    situacao: SALE_STATUS_FILTER,
    vendedor: (v) => SALE_ID.test(v),
    cliente: (v) => SALE_ID.test(v),
    de: (v) => DAY.test(v),
    ate: (v) => DAY.test(v),
  },
};

export const EMISSIVO_CSV_COLUMNS = ["number", "saleDate", "status", "client", "seller", "items", "passengers", "currency", "cost", "price", "discount", "fees", "total", "margin", "paymentMethod", "notes"] as const;
export type EmissivoCsvColumn = (typeof EMISSIVO_CSV_COLUMNS)[number];

// ---------------------------------------------------------------------------
// Refusals (translation keys; sales.errors.* are the lead's shared ones)

export const emiErr = {
  client: "sales.emissivo.errors.client",
  agent: "sales.errors.agent",
  ownAgent: "sales.errors.ownAgent",
  productKind: "sales.emissivo.errors.productKind",
  supplier: "sales.emissivo.errors.supplier",
  passenger: "sales.emissivo.errors.passenger",
  passengerTwice: "sales.emissivo.errors.passengerTwice",
  itemPassenger: "sales.emissivo.errors.itemPassenger",
  inventory: "sales.emissivo.errors.inventory",
  quantity: "sales.emissivo.errors.quantity",
  unavailable: "sales.emissivo.errors.unavailable",
  time: "sales.emissivo.errors.time",
  date: "sales.emissivo.errors.date",
  endBeforeStart: "sales.emissivo.errors.endBeforeStart",
  money: "sales.emissivo.errors.money",
  tooMany: "sales.emissivo.errors.tooMany",
  term: "sales.errors.term",
  discountNeedsAdmin: "sales.errors.discountNeedsAdmin",
  discountAbovePrice: "sales.errors.discountAbovePrice",
  downPaymentInvalid: "sales.errors.downPaymentInvalid",
  costWithoutSupplier: "sales.errors.costWithoutSupplier",
  tooLarge: "sales.errors.tooLarge",
  notEditable: "sales.emissivo.errors.notEditable",
} as const;

// ---------------------------------------------------------------------------
// The form's values (what the inputs show)

export type EmissivoItemValues = {
  id: string;
  productKindId: string;
  supplierId: string;
  description: string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  locator: string;
  passengers: string[];
  cost: string;
  price: string;
  fees: string;
  inventoryKind: InventoryKind;
  packageDepartureId: string;
  roomTypeId: string;
  airBlockId: string;
  quantity: string;
};

export type EmissivoFormValues = {
  clientId: string;
  agentId: string;
  saleDate: string;
  currency: string;
  passengers: { clientId: string; ageBand: AgeBand }[];
  items: EmissivoItemValues[];
  discount: string;
  paymentTermId: string;
  paymentMethod: string;
  downPayment: string;
  firstDueDate: string;
  notes: string;
};

export const EMPTY_ITEM: EmissivoItemValues = {
  id: "",
  productKindId: "",
  supplierId: "",
  description: "",
  startDate: "",
  startTime: "",
  endDate: "",
  endTime: "",
  locator: "",
  passengers: [],
  cost: "",
  price: "",
  fees: "",
  inventoryKind: "none",
  packageDepartureId: "",
  roomTypeId: "",
  airBlockId: "",
  quantity: "1",
};

export const EMPTY_PASSENGER = { clientId: "", ageBand: "adult" as AgeBand };

export function emissivoEmpty(currency: string, today: string, agentId: string | null): EmissivoFormValues {
  return {
    clientId: "",
    agentId: agentId ?? "",
    saleDate: today,
    currency,
    passengers: [],
    items: [EMPTY_ITEM],
    discount: "",
    paymentTermId: "",
    paymentMethod: "pix",
    downPayment: "",
    firstDueDate: "",
    notes: "",
  };
}

type StoredItem = {
  id: string;
  productKindId: string;
  supplierId: string | null;
  description: string;
  startDate: string | null;
  startTime: string | null;
  endDate: string | null;
  endTime: string | null;
  locator: string | null;
  passengerIds: string[];
  costCents: number;
  priceCents: number;
  feesCents: number;
  inventoryKind: InventoryKind;
  packageDepartureId: string | null;
  roomTypeId: string | null;
  airBlockId: string | null;
  quantity: number;
};

type StoredSale = {
  clientId: string;
  agentId: string;
  saleDate: string;
  currency: string;
  discountCents: number;
  paymentTermId: string | null;
  paymentMethod: string;
  downPaymentCents: number | null;
  firstDueDate: string | null;
  notes: string | null;
};

const money = (cents: number) => (cents ? formatCents(cents) : "");

/** A stored sale with its passengers and items as the form shows them (item passengers by client id). */
export function emissivoFormValues(
  sale: StoredSale,
  passengers: readonly { id: string; clientId: string; ageBand: AgeBand }[],
  items: readonly StoredItem[],
): EmissivoFormValues {
  const clientOf = new Map(passengers.map((p) => [p.id, p.clientId]));
  return {
    clientId: sale.clientId,
    agentId: sale.agentId,
    saleDate: sale.saleDate,
    currency: sale.currency,
    passengers: passengers.map((p) => ({ clientId: p.clientId, ageBand: p.ageBand })),
    items: items.map((i) => ({
      id: i.id,
      productKindId: i.productKindId,
      supplierId: i.supplierId ?? "",
      description: i.description,
      startDate: i.startDate ?? "",
      startTime: i.startTime ?? "",
      endDate: i.endDate ?? "",
      endTime: i.endTime ?? "",
      locator: i.locator ?? "",
      passengers: i.passengerIds.map((id) => clientOf.get(id)).filter((v): v is string => !!v),
      cost: money(i.costCents),
      price: money(i.priceCents),
      fees: money(i.feesCents),
      inventoryKind: i.inventoryKind,
      packageDepartureId: i.packageDepartureId ?? "",
      roomTypeId: i.roomTypeId ?? "",
      airBlockId: i.airBlockId ?? "",
      quantity: String(i.quantity),
    })),
    discount: money(sale.discountCents),
    paymentTermId: sale.paymentTermId ?? "",
    paymentMethod: sale.paymentMethod,
    downPayment: sale.downPaymentCents === null ? "" : formatCents(sale.downPaymentCents),
    firstDueDate: sale.firstDueDate ?? "",
    notes: sale.notes ?? "",
  };
}

/**
 * The live totals of what the form holds (typed money as "1.234,56"); null
 * while something is not a valid amount or the discount is above the price.
 */
export function liveTotals(currency: string, items: readonly { cost?: unknown; price?: unknown; fees?: unknown }[], discount: unknown): SaleTotals | null {
  const cents = (v: unknown) => {
    if (typeof v !== "string" || v.trim() === "") return 0;
    return parseCents(v);
  };
  const parsed = items.map((i) => ({ costCents: cents(i.cost), priceCents: cents(i.price), feesCents: cents(i.fees), currency }));
  const d = cents(discount);
  if (d === null || parsed.some((p) => p.costCents === null || p.priceCents === null || p.feesCents === null)) return null;
  const result = saleTotals(currency, parsed as { costCents: number; priceCents: number; feesCents: number; currency: string }[], d);
  return result.ok ? result.totals : null;
}

/** "HH:MM" (00:00–23:59). */
export const isClockTime = (v: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v);

/**
 * The units of inventory an item takes from a service (seats of a departure or
 * an air block, rooms of a room type), summed per service id — what the
 * availability check compares with the free count.
 */
export function inventoryDemand(items: readonly { inventoryKind: InventoryKind; packageDepartureId: string | null; roomTypeId: string | null; airBlockId: string | null; quantity: number }[]) {
  const out = { departures: new Map<string, number>(), roomTypes: new Map<string, number>(), airBlocks: new Map<string, number>() };
  const add = (m: Map<string, number>, id: string | null, n: number) => {
    if (id) m.set(id, (m.get(id) ?? 0) + n);
  };
  for (const i of items) {
    if (i.inventoryKind === "package_departure") add(out.departures, i.packageDepartureId, i.quantity);
    else if (i.inventoryKind === "hotel_room") add(out.roomTypes, i.roomTypeId, i.quantity);
    else if (i.inventoryKind === "air_seat") add(out.airBlocks, i.airBlockId, i.quantity);
  }
  return out;
}

/**
 * A stable digest of the money and plan of an edit (the preview step of a
 * confirmed sale's edit: the second submit must carry the same digest).
 */
export function editDigest(parts: readonly (string | number | null)[]): string {
  let h = 2166136261;
  const s = parts.map((p) => (p === null ? "∅" : String(p))).join("|");
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619) >>> 0;
  }
  return h.toString(36);
}
