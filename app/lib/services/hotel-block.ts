/**
 * Hotel blocks (Serviços → Bloqueio de Hospedagem), pure (the form's schema,
 * the block and its room types as Conform list rows, is in
 * hotel-block.schema.ts): the rooming list's
 * rules (one room per unit of a room type; a room with guests or a sale is
 * never dropped), the totals, the list spec and the CSV columns.
 */
import { MEAL_PLANS } from "~/db/schema/services";
import { formatCents } from "~/lib/finance/money";
import type { ListSpec } from "~/lib/kit/list";
import { BLOCK_FILTERS, type BlockFilter } from "~/lib/services/blocks";

export type { HotelBlockInput, RoomTypeInput } from "~/lib/services/hotel-block.schema";

export { MEAL_PLANS };
export const HOTEL_BLOCK_LIST_PATH = "/servicos/bloqueio-hospedagem";
export const MAX_ROOM_TYPES = 20;
export const MAX_ROOMS_PER_TYPE = 300;
export const MAX_GUESTS_PER_ROOM = 12;

// ---------------------------------------------------------------------------
// Rooming list

/** A stored room of the rooming list, as the rules need it. */
export type RoomingRoom = { id: string; roomTypeId: string; roomIndex: number; guests: { name: string }[]; saleId: string | null };

/** A room that may not be dropped: someone is in it, or a sale sold it. */
export const roomInUse = (room: Pick<RoomingRoom, "guests" | "saleId">) => room.saleId !== null || room.guests.some((g) => g.name.trim() !== "");

export type RoomingPlan = {
  /** Rooms to create (room type id, 1-based index). */
  insert: { roomTypeId: string; roomIndex: number }[];
  /** Rooms to delete (empty, unsold, beyond the new quantity or of a removed type). */
  remove: string[];
  /** Room types whose reduction or removal would drop rooms in use: the form row and how many. */
  refused: { roomTypeId: string; inUse: number }[];
};

/**
 * How the rooming list follows the room types: each kept type has rooms
 * 1..quantity (missing ones created, those beyond deleted), a removed type
 * loses its rooms — unless a room that would go is in use, which refuses the
 * change for that type.
 */
export function planRooming(rooms: readonly RoomingRoom[], types: readonly { id: string; quantity: number }[]): RoomingPlan {
  const plan: RoomingPlan = { insert: [], remove: [], refused: [] };
  const quantity = new Map(types.map((t) => [t.id, t.quantity]));
  const byType = new Map<string, RoomingRoom[]>();
  for (const r of rooms) byType.set(r.roomTypeId, [...(byType.get(r.roomTypeId) ?? []), r]);
  for (const [typeId, list] of byType) {
    const keep = quantity.get(typeId) ?? 0;
    const going = list.filter((r) => r.roomIndex > keep);
    const inUse = going.filter(roomInUse).length;
    if (inUse > 0) plan.refused.push({ roomTypeId: typeId, inUse });
    else plan.remove.push(...going.map((r) => r.id));
  }
  for (const t of types) {
    const have = new Set((byType.get(t.id) ?? []).map((r) => r.roomIndex));
    for (let i = 1; i <= t.quantity; i++) if (!have.has(i)) plan.insert.push({ roomTypeId: t.id, roomIndex: i });
  }
  return plan;
}

/** Guests typed one per line → the stored list (trimmed, blank lines dropped). */
export function parseGuests(text: string): { name: string }[] | null {
  const names = text
    .split(/\r?\n/)
    .map((s) => s.trim().replace(/\s+/g, " "))
    .filter(Boolean);
  if (names.length > MAX_GUESTS_PER_ROOM || names.some((n) => n.length > 120)) return null;
  return names.map((name) => ({ name }));
}

// ---------------------------------------------------------------------------
// Totals and availability

/** Nights between two calendar days. */
export function nightsBetween(checkIn: string, checkOut: string): number {
  const day = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
  return Math.max(0, Math.round((day(checkOut) - day(checkIn)) / 86_400_000));
}

export type RoomTypeFigures = { quantity: number; nightlyCostCents: number; nightlyPriceCents: number };

/** The block's totals: rooms, room nights, cost and price of all rooms for all nights. */
export function hotelBlockTotals(block: { checkIn: string; checkOut: string }, types: readonly RoomTypeFigures[]) {
  const nights = nightsBetween(block.checkIn, block.checkOut);
  const rooms = types.reduce((n, t) => n + t.quantity, 0);
  return {
    nights,
    rooms,
    roomNights: rooms * nights,
    costCents: types.reduce((n, t) => n + t.quantity * t.nightlyCostCents, 0) * nights,
    priceCents: types.reduce((n, t) => n + t.quantity * t.nightlyPriceCents, 0) * nights,
  };
}

// ---------------------------------------------------------------------------
// List

export const HOTEL_BLOCK_SORTS = ["checkIn", "title", "releaseDate", "createdAt"] as const;
export type HotelBlockSort = (typeof HOTEL_BLOCK_SORTS)[number];

/** Filters: the hotel, the destination and a range of check-in days. */
export const hotelBlockListSpec = {
  sorts: HOTEL_BLOCK_SORTS,
  defaultSort: "checkIn",
  defaultDir: "asc",
  filters: BLOCK_FILTERS,
} as const satisfies ListSpec<HotelBlockSort, BlockFilter>;

// ---------------------------------------------------------------------------
// Form values and CSV

type StoredRoomType = { id: string; name: string; occupancy: number; quantity: number; nightlyCostCents: number; nightlyPriceCents: number };

/** A stored block and its room types as the form shows them. */
export function hotelBlockFormValues(
  row: { title: string; hotelId: string; destinationId: string | null; checkIn: string; checkOut: string; mealPlan: string; releaseDate: string | null; currency: string; notes: string | null },
  types: readonly StoredRoomType[],
) {
  return {
    title: row.title,
    hotelId: row.hotelId,
    destinationId: row.destinationId ?? "",
    checkIn: row.checkIn,
    checkOut: row.checkOut,
    mealPlan: row.mealPlan,
    releaseDate: row.releaseDate ?? "",
    currency: row.currency,
    notes: row.notes ?? "",
    roomTypes: types.map((t) => ({
      id: t.id,
      name: t.name,
      occupancy: String(t.occupancy),
      quantity: String(t.quantity),
      nightlyCost: formatCents(t.nightlyCostCents),
      nightlyPrice: formatCents(t.nightlyPriceCents),
    })),
  };
}
export type HotelBlockFormValues = ReturnType<typeof hotelBlockFormValues>;

/** An empty room type row (novo, and the add button). */
export const EMPTY_ROOM_TYPE = { id: "", name: "", occupancy: "2", quantity: "1", nightlyCost: "", nightlyPrice: "" };

export const HOTEL_BLOCK_CSV_COLUMNS = [
  "title",
  "hotel",
  "destination",
  "checkIn",
  "checkOut",
  "nights",
  "mealPlan",
  "releaseDate",
  "roomTypes",
  "rooms",
  "roomNights",
  "sold",
  "held",
  "free",
  "cost",
  "price",
  "currency",
  "notes",
] as const;
export type HotelBlockCsvColumn = (typeof HOTEL_BLOCK_CSV_COLUMNS)[number];

/** The rooming list file for the hotel: one line per room. */
export const ROOMING_CSV_COLUMNS = ["roomType", "room", "occupancy", "guests", "checkIn", "checkOut", "mealPlan", "notes"] as const;
export type RoomingCsvColumn = (typeof ROOMING_CSV_COLUMNS)[number];
