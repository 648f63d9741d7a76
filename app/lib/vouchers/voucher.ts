/**
 * Service vouchers (issue #21 item 5; decision 0023): the document a client shows
 * the hotel, the transfer company, the guide or the excursion's crew. One voucher
 * per item of a confirmed emissivo sale, one per confirmed excursion sale covering
 * its confirmed places (seats); a draft or cancelled sale has none, nor a cancelled
 * or still held place. Pure: what the server read becomes the vouchers here.
 */
import type { ProductKind } from "~/db/schema/registers";
import { isLanguage, type Language } from "~/locales";

export type VoucherDocument = { type: string; number: string } | null;

export type VoucherPassenger = {
  name: string;
  document: VoucherDocument;
  seat: string | null;
  /** An excursion place's room type (PACKAGE_ROOM_TYPES) and room label. */
  roomType: string | null;
  roomLabel: string | null;
  boarding: { place: string; address: string | null; at: string | null } | null;
};

export type VoucherSegment = { flight: string; from: string; to: string; departureAt: string; arrivalAt: string };

export type Voucher = {
  /** The emissivo item's id, or the excursion sale's own id. */
  key: string;
  /** The sale's number and the item's place in it ("128-2"); an excursion sale's number alone. */
  number: string;
  saleId: string;
  kind: ProductKind | "excursion";
  title: string;
  /** The buyer (the sale's client). */
  client: string;
  provider: { name: string; phone: string | null } | null;
  /** Calendar days and local times of an emissivo item. */
  startDate: string | null;
  endDate: string | null;
  startTime: string | null;
  endTime: string | null;
  /** An excursion's departure and return (UTC instants), and its destination. */
  departureAt: string | null;
  returnAt: string | null;
  destination: string | null;
  /** A hotel block's room type name and meal plan (MEAL_PLANS). */
  room: string | null;
  mealPlan: string | null;
  locator: string | null;
  segments: VoucherSegment[];
  passengers: VoucherPassenger[];
  includes: string[];
  notes: string | null;
};

/** What a list shows of a voucher (the sale pages, the portal). */
export type VoucherEntry = { saleId: string; key: string; number: string; title: string; kind: Voucher["kind"] };

export const entryOf = (v: Voucher): VoucherEntry => ({ saleId: v.saleId, key: v.key, number: v.number, title: v.title, kind: v.kind });

/** The voucher's number: the sale's, and the item's position (1-based) for an emissivo item. */
export const voucherNumber = (saleNumber: number, itemIndex: number | null) => (itemIndex === null ? String(saleNumber) : `${saleNumber}-${itemIndex + 1}`);

/** A client's travel document as the voucher names it: CPF, else passport, else RG. */
export function clientDocument(c: { kind?: string | null; document: string | null; passportNumber: string | null; rg: string | null }): VoucherDocument {
  if (c.document && c.kind !== "company") return { type: "cpf", number: c.document };
  if (c.passportNumber) return { type: "passport", number: c.passportNumber };
  if (c.rg) return { type: "rg", number: c.rg };
  return null;
}

export type SaleInput = { id: string; number: number; kind: "emissivo" | "excursion"; status: string; clientName: string };

export type ItemInput = Omit<Voucher, "key" | "number" | "saleId" | "client" | "passengers" | "departureAt" | "returnAt" | "destination"> & {
  id: string;
  /** The sale_passenger ids the item is for (empty: every passenger of the sale). */
  passengerIds: readonly string[];
};

export type SalePassengerInput = { id: string; name: string; document: VoucherDocument };

/** The vouchers of a confirmed emissivo sale: one per item, each with its own passengers. */
export function emissivoVouchers(sale: SaleInput, items: readonly ItemInput[], passengers: readonly SalePassengerInput[]): Voucher[] {
  if (sale.kind !== "emissivo" || sale.status !== "confirmed") return [];
  return items.map(({ id, passengerIds, ...item }, index) => {
    const named = passengerIds.length > 0 ? passengers.filter((p) => passengerIds.includes(p.id)) : passengers;
    return {
      ...item,
      key: id,
      number: voucherNumber(sale.number, index),
      saleId: sale.id,
      client: sale.clientName,
      departureAt: null,
      returnAt: null,
      destination: null,
      passengers: named.map((p) => ({ name: p.name, document: p.document, seat: null, roomType: null, roomLabel: null, boarding: null })),
    };
  });
}

export type ExcursionInput = {
  title: string;
  destination: string | null;
  departureAt: string;
  returnAt: string;
  includes: readonly string[];
  provider: { name: string; phone: string | null } | null;
};

export type PlaceInput = {
  status: string;
  name: string;
  documentType: string | null;
  documentNumber: string | null;
  seat: string | null;
  roomType: string | null;
  roomLabel: string | null;
  boarding: VoucherPassenger["boarding"];
};

const seatOrder = (a: PlaceInput, b: PlaceInput) => {
  const x = Number(a.seat);
  const y = Number(b.seat);
  if (Number.isFinite(x) && Number.isFinite(y) && a.seat && b.seat) return x - y;
  return (a.seat ?? "").localeCompare(b.seat ?? "") || a.name.localeCompare(b.name);
};

/** The voucher of a confirmed excursion sale: its confirmed places only (none: no voucher). */
export function excursionVoucher(sale: SaleInput, trip: ExcursionInput, places: readonly PlaceInput[]): Voucher | null {
  if (sale.kind !== "excursion" || sale.status !== "confirmed") return null;
  const riding = places.filter((p) => p.status === "confirmed").sort(seatOrder);
  if (riding.length === 0) return null;
  return {
    key: sale.id,
    number: voucherNumber(sale.number, null),
    saleId: sale.id,
    kind: "excursion",
    title: trip.title,
    client: sale.clientName,
    provider: trip.provider,
    startDate: null,
    endDate: null,
    startTime: null,
    endTime: null,
    departureAt: trip.departureAt,
    returnAt: trip.returnAt,
    destination: trip.destination,
    room: null,
    mealPlan: null,
    locator: null,
    segments: [],
    passengers: riding.map((p) => ({
      name: p.name,
      document: p.documentNumber ? { type: p.documentType ?? "other", number: p.documentNumber } : null,
      seat: p.seat,
      roomType: p.roomType,
      roomLabel: p.roomLabel,
      boarding: p.boarding,
    })),
    includes: [...trip.includes],
    notes: null,
  };
}

/** The language a voucher is written in: the one asked for (pt, en, es), else the fallback. */
export const voucherLanguage = (asked: string | null | undefined, fallback: Language): Language => (isLanguage(asked) ? asked : fallback);

/** The file's name: "voucher-128-2.pdf". */
export const voucherFilename = (v: Pick<Voucher, "number">) => `voucher-${v.number}.pdf`;
