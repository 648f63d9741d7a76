/**
 * Seats of an excursion sale (issue #16 item 3; decision 0011), the pure part:
 * how long a hold lasts, which seats a layout sells, whether a hold may be
 * asked for, what the seat room sends to its sockets, and which holds have
 * lapsed. The server (seats.server.ts) writes D1 and the room
 * (party/excursion-seats.ts) only tells the sellers; nothing here decides a
 * race: the partial unique index on excursion_passenger does.
 *
 * A hold is extended on activity: every save of the sale's places re-arms its
 * live holds to now + HOLD_MINUTES (a seller filling in passengers does not
 * lose the seats), and nothing else extends it.
 */
import type { SeatLayout } from "~/lib/services/seat-layout";

/** How long a held seat waits for the sale's confirmation. */
export const HOLD_MINUTES = 10;
export const HOLD_MS = HOLD_MINUTES * 60_000;

/** The instant a hold made at `now` lapses (UTC ISO). */
export const holdExpiry = (now: Date | string): string => new Date(new Date(now).getTime() + HOLD_MS).toISOString();

/** The seat room of an excursion: one per agency and excursion (the room name). */
export const SEATS_PARTY = "excursion-seats";
export const seatRoomName = (agencyId: string, excursionId: string) => `${agencyId}:${excursionId}`;
/** The room name's parts, or null when it is not `{agencyId}:{excursionId}`. */
export function parseSeatRoom(name: string): { agencyId: string; excursionId: string } | null {
  const parts = name.split(":");
  if (parts.length !== 2 || !parts[0] || !parts[1] || name.length > 200) return null;
  return { agencyId: parts[0], excursionId: parts[1] };
}

/**
 * The public page's socket names its room by the excursion's public identity, the slug
 * (no `:`); the handshake finds the `{agencyId}:{excursionId}` room of a published
 * excursion behind it (seats.server.ts authorizePublicSeatRoom).
 */
export const isPublicSeatRoom = (name: string) => /^[a-z0-9-]{1,120}$/.test(name);

/** The two audiences of a seat room, as its sockets are tagged: sellers, and visitors of the public page. */
export type SeatAudience = "staff" | "public";

/** What a seat is for the sellers watching the map. */
export type LiveSeatState = "free" | "held" | "sold";

/** One seat's news: `by` the user who holds or sold it (null when free), `expiresAt` the hold's end. */
export type SeatEvent = { type: "seat"; seat: number; state: LiveSeatState; by: string | null; expiresAt: string | null };
/** What a socket gets on connect: every taken seat (the others are free). */
export type SeatSnapshot = { type: "seats"; seats: Omit<SeatEvent, "type">[] };
/** Everything the seat room sends to sellers. */
export type SeatRoomEvent = SeatEvent | SeatSnapshot | { type: "pong" };
/** What a visitor's socket gets, on connect and after every change: counts only, never who holds a seat. */
export type PublicPlacesEvent = { type: "places"; places: { total: number; held: number; sold: number; free: number } };
/** Everything the seat room sends to the public page. */
export type PublicSeatRoomEvent = PublicPlacesEvent | { type: "pong" };

/** The room's RPC surface the app uses (the Durable Object class lives in party/excursion-seats.ts). */
export type SeatRoom = {
  /** Broadcasts seat changes D1 already holds; returns how many sockets got them. */
  announce(events: SeatEvent[]): Promise<number>;
  connectionCount(): Promise<number>;
};

/** The seats a layout sells: every numbered seat not blocked (crew, broken). */
export function sellableSeats(layout: SeatLayout): Set<number> {
  const out = new Set<number>();
  for (const deck of layout.decks) for (const row of deck.rows) for (const cell of row) if (cell.kind === "seat" && !cell.blocked) out.add(cell.number);
  return out;
}

/** A posted seat: a whole number 1..999 as text, or null. */
export function parseSeat(value: unknown): number | null {
  if (typeof value !== "string" || !/^\d{1,3}$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n >= 1 ? n : null;
}

export type HoldRefusal = "notSelling" | "noSuchSeat" | "seatRequired" | "noSeatChoice" | "full" | "taken" | "saleClosed";

/**
 * Whether a place may be held: the excursion must be selling, the sale a draft
 * or confirmed; with a seat map the seat must be one it sells, without one no
 * seat is named (capacity is checked in the batch). Null when it may.
 */
export function refuseHold(input: { selling: boolean; saleOpen: boolean; layout: SeatLayout | null; seat: number | null }): HoldRefusal | null {
  if (!input.saleOpen) return "saleClosed";
  if (!input.selling) return "notSelling";
  if (input.layout) {
    if (input.seat === null) return "seatRequired";
    if (!sellableSeats(input.layout).has(input.seat)) return "noSuchSeat";
  } else if (input.seat !== null) return "noSeatChoice";
  return null;
}

/** A held place as the room keeps it. */
export type HeldSeat = { seat: number; expiresAt: string | null };

/** The holds that lapsed by `now` (expiry at or before it); holds without expiry never lapse. */
export const lapsedHolds = (holds: readonly HeldSeat[], now: string): HeldSeat[] => holds.filter((h) => h.expiresAt !== null && h.expiresAt <= now);

/** The earliest expiry still ahead of `now` (the room's next alarm), or null. */
export function nextExpiry(holds: readonly HeldSeat[], now: string): string | null {
  let best: string | null = null;
  for (const h of holds) if (h.expiresAt !== null && h.expiresAt > now && (best === null || h.expiresAt < best)) best = h.expiresAt;
  return best;
}

/** Whole seconds left on a hold at `now` (0 once lapsed; null without expiry). */
export function secondsLeft(expiresAt: string | null, now: number): number | null {
  if (expiresAt === null) return null;
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));
}

/** "m:ss" of a countdown. */
export const mmss = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

/**
 * Applies a seat event to the states a seat map shows (free seats are absent):
 * held by me, held by another seller, sold.
 */
export type MapSeat = { state: "held" | "sold"; mine: boolean; expiresAt: string | null };
export function applySeatEvent(states: Readonly<Record<number, MapSeat>>, event: Omit<SeatEvent, "type">, me: string): Record<number, MapSeat> {
  const next = { ...states };
  if (event.state === "free") delete next[event.seat];
  else next[event.seat] = { state: event.state, mine: event.by === me, expiresAt: event.expiresAt };
  return next;
}
