/**
 * The pure parts of an excursion's operational view (issue #15 item 3): which
 * passengers are on the trip, seat order, the rooming (passengers by room
 * label) and the boarding list (each point in order of time with its
 * passengers). The data comes from operational.server.ts; nothing here reads
 * the database, so the groupings are tested on their own.
 */
import type { ExcursionPassengerStatus, TravelDocumentType } from "~/db/schema/excursions";
import type { AgeBand, PackageRoomType } from "~/db/schema/services";

export const OPERATIONAL_PATH = "/servicos/excursoes/operacional";
export const MANIFEST_PATH = "/servicos/excursoes/manifesto";
export const OPERATIONAL_INTENTS = ["finalize", "reopen"] as const;
export type OperationalIntent = (typeof OPERATIONAL_INTENTS)[number];

/** A passenger as the operational view reads it. */
export type OperationalPassenger = {
  id: string;
  status: ExcursionPassengerStatus;
  holdExpiresAt: string | null;
  seat: string | null;
  name: string;
  documentType: TravelDocumentType | null;
  documentNumber: string | null;
  birthDate: string | null;
  ageBand: AgeBand;
  roomType: PackageRoomType | null;
  roomLabel: string | null;
  boardingId: string | null;
  phone: string | null;
};

/** A boarding point of the trip with its time. */
export type OperationalBoarding = { id: string; name: string; address: string | null; departureAt: string; position: number };

/** What a seat is taken as: held by a sale in progress, or sold (confirmed). */
export type SeatOccupancy = "held" | "sold";

/**
 * Whether a passenger row takes its seat at `now`: a confirmed one does (sold),
 * a hold does until it lapses (held), a cancelled one never does. The SQL of
 * the same rule is `occupyingWhere` in operational-seats.server.ts.
 */
export function occupancyOf(p: Pick<OperationalPassenger, "status" | "holdExpiresAt">, now: string): SeatOccupancy | null {
  if (p.status === "confirmed") return "sold";
  if (p.status === "held" && (p.holdExpiresAt === null || p.holdExpiresAt > now)) return "held";
  return null;
}

/** Numbered seats in number order, then other seat names, then passengers with no seat; ties by name. */
export function compareSeats(a: { seat: string | null; name: string }, b: { seat: string | null; name: string }): number {
  const rank = (s: string | null) => (s === null || s.trim() === "" ? 2 : /^\d+$/.test(s.trim()) ? 0 : 1);
  const ra = rank(a.seat);
  const rb = rank(b.seat);
  if (ra !== rb) return ra - rb;
  if (ra === 0) {
    const d = Number(a.seat) - Number(b.seat);
    if (d !== 0) return d;
  } else if (ra === 1) {
    const d = a.seat!.localeCompare(b.seat!, "pt-BR", { numeric: true });
    if (d !== 0) return d;
  }
  return a.name.localeCompare(b.name, "pt-BR", { sensitivity: "base" });
}

/** Passengers in seat order (a copy). */
export const inSeatOrder = <P extends { seat: string | null; name: string }>(passengers: readonly P[]): P[] => [...passengers].sort(compareSeats);

/** The seat map's states: seat number → held | sold (seats that are not numbers are not on a map). */
export function seatStates(passengers: readonly Pick<OperationalPassenger, "seat" | "status" | "holdExpiresAt">[], now: string): Record<number, SeatOccupancy> {
  const out: Record<number, SeatOccupancy> = {};
  for (const p of passengers) {
    const state = occupancyOf(p, now);
    if (!state || !p.seat || !/^\d+$/.test(p.seat.trim())) continue;
    const n = Number(p.seat);
    // Sold wins over a hold of the same seat (never both, by the unique index; defensive).
    if (out[n] !== "sold") out[n] = state;
  }
  return out;
}

export type RoomGroup<P> = { label: string | null; roomType: PackageRoomType | null; passengers: P[] };

/**
 * The rooming: passengers sharing a room label share the room ("Q1"), rooms in
 * label order (natural: Q2 before Q10); the room type is the one its
 * passengers have (the first one set). Passengers with no room label come last,
 * in one group with a null label.
 */
export function roomingGroups<P extends Pick<OperationalPassenger, "roomLabel" | "roomType" | "name" | "seat">>(passengers: readonly P[]): RoomGroup<P>[] {
  const rooms = new Map<string, P[]>();
  const none: P[] = [];
  for (const p of passengers) {
    const label = p.roomLabel?.trim();
    if (!label) none.push(p);
    else rooms.set(label, [...(rooms.get(label) ?? []), p]);
  }
  const groups: RoomGroup<P>[] = [...rooms.entries()]
    .sort(([a], [b]) => a.localeCompare(b, "pt-BR", { numeric: true, sensitivity: "base" }))
    .map(([label, list]) => ({ label, roomType: list.find((p) => p.roomType)?.roomType ?? null, passengers: inSeatOrder(list) }));
  if (none.length > 0) groups.push({ label: null, roomType: null, passengers: inSeatOrder(none) });
  return groups;
}

export type BoardingGroup<P> = { boarding: OperationalBoarding | null; passengers: P[] };

/**
 * The boarding list: each boarding point in order of time (then its position),
 * with its passengers in seat order — every point, even one nobody boards at
 * (the bus still stops there). Passengers whose boarding point is not one of
 * the trip's come last, in a group with no point.
 */
export function boardingGroups<P extends Pick<OperationalPassenger, "boardingId" | "name" | "seat">>(boardings: readonly OperationalBoarding[], passengers: readonly P[]): BoardingGroup<P>[] {
  const ordered = [...boardings].sort((a, b) => (a.departureAt < b.departureAt ? -1 : a.departureAt > b.departureAt ? 1 : a.position - b.position));
  const byId = new Map(ordered.map((b) => [b.id, [] as P[]]));
  const none: P[] = [];
  for (const p of passengers) {
    const list = p.boardingId ? byId.get(p.boardingId) : undefined;
    if (list) list.push(p);
    else none.push(p);
  }
  const groups: BoardingGroup<P>[] = ordered.map((b) => ({ boarding: b, passengers: inSeatOrder(byId.get(b.id)!) }));
  if (none.length > 0) groups.push({ boarding: null, passengers: inSeatOrder(none) });
  return groups;
}
