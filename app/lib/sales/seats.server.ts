/**
 * Seat holds of excursion sales (issue #16 item 3; decision 0011). D1 decides:
 * a hold is one batch that first frees a LAPSED hold on the seat, then inserts
 * the held place; the partial unique index (agency, excursion, seat) for live
 * rows refuses a second live place on a seat, so of concurrent sellers exactly
 * one wins and the others get "taken" (never a 500). Without a seat map the
 * place has no seat and the batch asserts the capacity instead.
 *
 * After D1 has the change, the excursion's seat room (party/excursion-seats.ts)
 * is told and broadcasts it; a room that cannot be reached loses nothing (a
 * socket reads the states from D1 on connect).
 */
import { and, eq, inArray, isNotNull, isNull, lte, ne, sql } from "drizzle-orm";
import { getServerByName, routePartykitRequest, type Server } from "partyserver";
import { batchAssert, excursion, excursionPassenger, excursionPrice } from "~/db/schema";
import type { AgeBand, PackageRoomType } from "~/db/schema/services";
import { liveHoldWhere, occupyingWhere } from "~/lib/excursions/operational-seats.server";
import type { ExcursionStatus } from "~/lib/excursions/status";
import { isSelling } from "~/lib/excursions/status";
import type { ReadScope } from "~/lib/kit/record.server";
import { auditInsert } from "~/lib/platform/audit.server";
import { createDb } from "~/lib/platform/db.server";
import { roomViewer } from "~/lib/platform/realtime.server";
import { plainFailure } from "~/lib/platform/http";
import { fail, ok, type Result } from "~/lib/platform/result";
import type { Scope } from "~/lib/platform/scope.server";
import { charterLayout } from "~/lib/excursions/excursion.server";
import {
  holdExpiry,
  parseSeatRoom,
  refuseHold,
  SEATS_PARTY,
  seatRoomName,
  isPublicSeatRoom,
  type HeldSeat,
  type SeatAudience,
  type HoldRefusal,
  type SeatEvent,
  type SeatRoom,
} from "~/lib/sales/seats";
import type { SeatLayout } from "~/lib/services/seat-layout";

/** The audit entity of a place (an excursion_passenger row). */
export const PLACE_ENTITY = "excursion_passenger";

/** The app Worker has the seat rooms; a Worker without them (webhooks) announces nothing. */
type BatchStatement = Parameters<Scope["db"]["batch"]>[0][number];

export type SeatsEnv = { ExcursionSeats?: DurableObjectNamespace };

/** What holding needs to know of the excursion. */
export type Seating = {
  id: string;
  title: string;
  status: ExcursionStatus;
  currency: string;
  capacity: number;
  departureAt: string;
  charterId: string | null;
  layout: SeatLayout | null;
};

/** The excursion (live, in the agency) and its seat map, or null. */
export async function excursionSeating(scope: ReadScope, excursionId: string): Promise<Seating | null> {
  const [row] = await scope.db
    .select({
      id: excursion.id,
      title: excursion.title,
      status: excursion.status,
      currency: excursion.currency,
      capacity: excursion.capacity,
      departureAt: excursion.departureAt,
      charterId: excursion.charterId,
    })
    .from(excursion)
    .where(and(eq(excursion.agencyId, scope.agencyId), eq(excursion.id, excursionId), isNull(excursion.archivedAt)))
    .limit(1);
  if (!row) return null;
  const charter = await charterLayout(scope, row.charterId);
  return { ...row, layout: charter?.layout ?? null };
}

/** The price of a place: the excursion's tier for room type × age band (null: no such tier). */
export async function tierPrice(scope: ReadScope, excursionId: string, roomType: PackageRoomType, ageBand: AgeBand): Promise<number | null> {
  const [row] = await scope.db
    .select({ price: excursionPrice.priceCents })
    .from(excursionPrice)
    .where(and(eq(excursionPrice.agencyId, scope.agencyId), eq(excursionPrice.excursionId, excursionId), eq(excursionPrice.roomType, roomType), eq(excursionPrice.ageBand, ageBand)))
    .limit(1);
  return row ? row.price : null;
}

/** The tier a new place starts with: an adult's, in the first room type that has one (else any tier). */
export async function defaultTier(scope: ReadScope, excursionId: string): Promise<{ roomType: PackageRoomType | null; ageBand: AgeBand; priceCents: number }> {
  const rows = await scope.db
    .select({ roomType: excursionPrice.roomType, ageBand: excursionPrice.ageBand, price: excursionPrice.priceCents })
    .from(excursionPrice)
    .where(and(eq(excursionPrice.agencyId, scope.agencyId), eq(excursionPrice.excursionId, excursionId)))
    .orderBy(excursionPrice.roomType, excursionPrice.ageBand)
    .limit(100);
  const pick = rows.find((r) => r.ageBand === "adult") ?? rows[0];
  return pick ? { roomType: pick.roomType, ageBand: pick.ageBand, priceCents: pick.price } : { roomType: null, ageBand: "adult", priceCents: 0 };
}

/** Every taken seat of an excursion at `now` (seat rule: operational-seats.server.ts) and the live holds' expiries. */
export async function seatSnapshot(scope: ReadScope, excursionId: string, now = new Date().toISOString()): Promise<{ seats: Omit<SeatEvent, "type">[]; holds: HeldSeat[] }> {
  const PX = excursionPassenger;
  const rows = await scope.db
    .select({ seat: PX.seat, status: PX.status, by: PX.soldBy, expiresAt: PX.holdExpiresAt })
    .from(PX)
    .where(and(eq(PX.agencyId, scope.agencyId), eq(PX.excursionId, excursionId), isNotNull(PX.seat), occupyingWhere(now)))
    .limit(1000);
  const seats: Omit<SeatEvent, "type">[] = [];
  const holds: HeldSeat[] = [];
  for (const r of rows) {
    const seat = Number(r.seat);
    if (!Number.isInteger(seat)) continue;
    const sold = r.status === "confirmed";
    seats.push({ seat, state: sold ? "sold" : "held", by: r.by, expiresAt: sold ? null : r.expiresAt });
    if (!sold) holds.push({ seat, expiresAt: r.expiresAt });
  }
  seats.sort((a, b) => a.seat - b.seat);
  return { seats, holds };
}

/** Tells the excursion's room what D1 now holds; false when the room could not be reached (nothing is lost). */
export async function announceSeats(env: SeatsEnv, agencyId: string, excursionId: string, events: SeatEvent[]): Promise<boolean> {
  // No seat events (a place without a seat): the room still refreshes the public page's counts.
  if (!env.ExcursionSeats) return false;
  try {
    const stub = await getServerByName(env.ExcursionSeats as unknown as DurableObjectNamespace<Server>, seatRoomName(agencyId, excursionId));
    await (stub as unknown as SeatRoom).announce(events);
    return true;
  } catch (error) {
    console.warn(`seat room ${agencyId}:${excursionId} unreachable`, error);
    return false;
  }
}

const isUniqueViolation = (error: unknown) => /UNIQUE constraint failed/i.test(String((error as { message?: string })?.message ?? error));
const isCheckViolation = (error: unknown) => /CHECK constraint failed/i.test(String((error as { message?: string })?.message ?? error));

/** The sale a place belongs to, as holding needs it. */
export type PlaceSale = { id: string; excursionId: string | null; status: "draft" | "confirmed" | "cancelled"; ownerUserId: string | null };

export type NewPlace = {
  seat: number | null;
  name: string;
  clientId: string | null;
  roomType: PackageRoomType | null;
  ageBand: AgeBand;
  priceCents: number;
  /** The boarding point (an excursion_boarding id of the trip), when the buyer picked it. */
  boardingId?: string | null;
};

/**
 * The batch statements that hold a place for the sale (see holdPlace): free a lapsed hold on
 * the seat, insert the held place (until `expiresAt`), assert the capacity when the trip has
 * no seat map, audit. A caller that writes several places and the sale itself in ONE batch
 * (a client's reservation through the portal) runs them together: the partial unique index
 * refuses a seat taken meanwhile ("taken"), the capacity check a full trip ("full").
 */
export function holdStatements(
  scope: Scope,
  seating: Seating,
  sale: PlaceSale,
  place: NewPlace,
  now: Date,
  expiresAt: string,
): Result<{ placeId: string; statements: BatchStatement[] }, HoldRefusal> {
  const refusal = refuseHold({ selling: isSelling(seating.status), saleOpen: sale.status !== "cancelled", layout: seating.layout, seat: place.seat });
  if (refusal) return fail(refusal);
  const nowIso = now.toISOString();
  const PX = excursionPassenger;
  const placeId = crypto.randomUUID();
  const seat = place.seat === null ? null : String(place.seat);
  const statements: BatchStatement[] = [];
  if (seat !== null) {
    // A lapsed hold never blocks a seat: freed in the same batch as the new hold (decision 0011).
    statements.push(
      scope.db
        .update(PX)
        .set({ status: "cancelled", updatedAt: nowIso })
        .where(and(eq(PX.agencyId, scope.agencyId), eq(PX.excursionId, seating.id), eq(PX.seat, seat), eq(PX.status, "held"), isNotNull(PX.holdExpiresAt), lte(PX.holdExpiresAt, nowIso))),
    );
  }
  statements.push(
    scope.db.insert(PX).values({
      id: placeId,
      agencyId: scope.agencyId,
      excursionId: seating.id,
      saleId: sale.id,
      soldBy: scope.userId,
      status: "held",
      holdExpiresAt: expiresAt,
      seat,
      clientId: place.clientId,
      name: place.name,
      ageBand: place.ageBand,
      roomType: place.roomType,
      priceCents: place.priceCents,
      ...(place.boardingId ? { boardingId: place.boardingId } : {}),
    }),
  );
  if (seat === null) {
    // No seat map: the places taking the trip may not pass its capacity (checked inside the batch).
    statements.push(
      scope.db.insert(batchAssert).values({
        agencyId: scope.agencyId,
        reason: "capacity",
        ok: sql<number>`(select count(*) <= ${seating.capacity} from ${PX} where ${PX.agencyId} = ${scope.agencyId} and ${PX.excursionId} = ${seating.id} and ${occupyingWhere(nowIso)})`,
      }),
    );
  }
  statements.push(
    auditInsert(scope.db, {
      agencyId: scope.agencyId,
      userId: scope.userId,
      entity: PLACE_ENTITY,
      entityId: placeId,
      action: "create",
      changes: { sale: [null, sale.id], seat: [null, seat], status: [null, "held"] },
      ip: scope.ip,
    }),
  );
  return ok({ placeId, statements });
}

/** A batch failure of hold statements as a refusal ("taken": a live place has the seat; "full": no place left), or null. */
export function holdFailure(error: unknown): "taken" | "full" | null {
  if (isUniqueViolation(error)) return "taken";
  if (isCheckViolation(error)) return "full";
  return null;
}

/**
 * Holds a place for the sale: a seat of the map (or a place without seat when
 * the trip has no seat choice) for HOLD_MINUTES, in one batch that frees a
 * lapsed hold on the seat first. `taken` when another live place has it.
 */
export async function holdPlace(
  scope: Scope,
  env: SeatsEnv,
  seating: Seating,
  sale: PlaceSale,
  place: NewPlace,
  now = new Date(),
  /** Statements of the caller that go in the same batch (the sale's totals, its other holds re-armed). */
  extra: BatchStatement[] = [],
): Promise<Result<{ placeId: string; expiresAt: string }, HoldRefusal>> {
  const expiresAt = holdExpiry(now);
  const planned = holdStatements(scope, seating, sale, place, now, expiresAt);
  if (!planned.ok) return planned;
  const { placeId, statements } = planned;
  const seat = place.seat === null ? null : String(place.seat);
  statements.push(...extra);
  try {
    await scope.db.batch(statements as [BatchStatement, ...BatchStatement[]]);
  } catch (error) {
    if (isUniqueViolation(error)) return fail("taken");
    if (isCheckViolation(error) && seat === null) return fail("full");
    throw error;
  }
  await announceSeats(env, scope.agencyId, seating.id, place.seat !== null ? [{ type: "seat", seat: place.seat, state: "held", by: scope.userId, expiresAt }] : []);
  return ok({ placeId, expiresAt });
}

export type ReleaseRefusal = "notFound" | "notHolder";

/**
 * Releases a HELD place of the sale (its seat is free again): the holder, the
 * sale's owner, or someone who sees every sale may. A confirmed place is
 * removed through the sale's edit (its titles change), not here.
 */
export async function releasePlace(scope: Scope, env: SeatsEnv, sale: PlaceSale, placeId: string, seesAll: boolean, extra: BatchStatement[] = []): Promise<Result<object, ReleaseRefusal>> {
  const PX = excursionPassenger;
  const [place] = await scope.db
    .select({ id: PX.id, seat: PX.seat, soldBy: PX.soldBy, excursionId: PX.excursionId })
    .from(PX)
    .where(and(eq(PX.agencyId, scope.agencyId), eq(PX.id, placeId), eq(PX.saleId, sale.id), eq(PX.status, "held")))
    .limit(1);
  if (!place) return fail("notFound");
  if (!seesAll && place.soldBy !== scope.userId && sale.ownerUserId !== scope.userId) return fail("notHolder");
  const nowIso = new Date().toISOString();
  await scope.db.batch([
    scope.db
      .update(PX)
      .set({ status: "cancelled", updatedAt: nowIso })
      .where(and(eq(PX.agencyId, scope.agencyId), eq(PX.id, placeId), eq(PX.status, "held"))),
    auditInsert(scope.db, {
      agencyId: scope.agencyId,
      userId: scope.userId,
      entity: PLACE_ENTITY,
      entityId: placeId,
      action: "update",
      changes: { status: ["held", "cancelled"] },
      ip: scope.ip,
    }),
    ...extra,
  ]);
  const seat = place.seat === null ? null : Number(place.seat);
  await announceSeats(env, scope.agencyId, place.excursionId, seat !== null && Number.isInteger(seat) ? [{ type: "seat", seat, state: "free", by: null, expiresAt: null }] : []);
  return ok({});
}

/** The statement re-arming the sale's live holds to a fresh expiry (activity extends the hold). */
export function extendHoldsStatement(scope: Pick<Scope, "db" | "agencyId">, saleId: string, now: Date) {
  const PX = excursionPassenger;
  return scope.db
    .update(PX)
    .set({ holdExpiresAt: holdExpiry(now) })
    .where(and(eq(PX.agencyId, scope.agencyId), eq(PX.saleId, saleId), liveHoldWhere(now.toISOString())));
}

/** The seat events of places whose state changed (for the room), from their seat numbers. */
export function seatEvents(seats: readonly (string | null)[], state: SeatEvent["state"], by: string | null, expiresAt: string | null): SeatEvent[] {
  const out: SeatEvent[] = [];
  for (const s of seats) {
    const n = s === null ? NaN : Number(s);
    if (Number.isInteger(n)) out.push({ type: "seat", seat: n, state, by: state === "free" ? null : by, expiresAt: state === "held" ? expiresAt : null });
  }
  return out;
}

/** The sale's live seats (held and confirmed), as numbers. */
export async function saleSeats(scope: ReadScope, saleId: string): Promise<string[]> {
  const PX = excursionPassenger;
  const rows = await scope.db
    .select({ seat: PX.seat })
    .from(PX)
    .where(and(eq(PX.agencyId, scope.agencyId), eq(PX.saleId, saleId), ne(PX.status, "cancelled"), isNotNull(PX.seat)))
    .limit(1000);
  return rows.map((r) => r.seat!);
}

// ---------------------------------------------------------------------------
// The room's handshake

/**
 * /parties/excursion-seats/{agencyId}:{excursionId}: the WebSocket handshake is
 * accepted only from the app's own origin, with a valid session, for an active
 * member of the room's agency (a SuperAdmin working in it), on an excursion of
 * that agency. Anything else is refused before the upgrade.
 */
export async function authorizeSeatRoom(request: Request, rawEnv: Env, room: string): Promise<Response | undefined> {
  const parsed = parseSeatRoom(room);
  if (!parsed) return plainFailure(404);
  const viewer = await roomViewer(request, rawEnv);
  if (viewer instanceof Response) return viewer;
  if (viewer.agencyId !== parsed.agencyId) return plainFailure(403);
  const db = viewer.db;
  const [trip] = await db
    .select({ id: excursion.id })
    .from(excursion)
    .where(and(eq(excursion.agencyId, parsed.agencyId), eq(excursion.id, parsed.excursionId)))
    .limit(1);
  if (!trip) return plainFailure(404);
  return undefined;
}

/**
 * The header that tells the room a socket is a visitor's (the room tags it "public" and
 * sends it counts only). Set here, after the public handshake, and only here: it is
 * removed from every incoming request first, so no client can claim an audience.
 */
export const SEAT_AUDIENCE_HEADER = "x-rota-seat-audience";

/** The audience of a socket's upgrade request, as the handshake set it. */
export const seatAudience = (request: Request): SeatAudience => (request.headers.get(SEAT_AUDIENCE_HEADER) === "public" ? "public" : "staff");

/**
 * /parties/excursion-seats/{slug}: the public excursion page's anonymous, read-only
 * socket. No session is asked for, but the socket names the excursion only by its public
 * identity (the slug) and is accepted only from the app's own origin for a published
 * excursion on sale or with sales over (the page's own rule, catalog.server.ts); the
 * request is then sent to that excursion's `{agencyId}:{excursionId}` room marked as a
 * visitor's. An anonymous socket can never name an agency/excursion pair (that path asks
 * for a seller's session, authorizeSeatRoom). A Response is the refusal.
 */
export async function authorizePublicSeatRoom(request: Request, rawEnv: Env, slug: string): Promise<Request | Response> {
  const url = new URL(request.url);
  const origin = request.headers.get("Origin");
  if (!origin || origin !== url.origin) return plainFailure(403, "Forbidden origin");
  const { publicExcursionRoom } = await import("~/lib/public/catalog.server");
  const room = await publicExcursionRoom({ db: createDb(rawEnv.DB), ip: null }, slug);
  if (!room) return plainFailure(404);
  url.pathname = `/parties/${SEATS_PARTY}/${seatRoomName(room.agencyId, room.excursionId)}`;
  const headers = new Headers(request.headers);
  headers.delete("Cookie"); // a visitor's socket carries nobody's session into the room
  headers.set(SEAT_AUDIENCE_HEADER, "public");
  return new Request(url, { headers });
}

/** Routes a seat room's WebSocket upgrade (only upgrades come from outside; announcements use the binding). */
export async function handleSeatPartyRequest(incoming: Request, env: Env): Promise<Response> {
  if (incoming.headers.get("Upgrade")?.toLowerCase() !== "websocket") return plainFailure(404);
  // Only the public handshake below may mark a socket as a visitor's.
  let request = new Request(incoming);
  request.headers.delete(SEAT_AUDIENCE_HEADER);
  const name = decodeURIComponent(new URL(request.url).pathname.slice(`/parties/${SEATS_PARTY}/`.length));
  const visitor = isPublicSeatRoom(name);
  if (visitor) {
    const routed = await authorizePublicSeatRoom(request, env, name);
    if (routed instanceof Response) return routed;
    request = routed;
  }
  const res = await routePartykitRequest(request, env, {
    onBeforeConnect: (req, lobby) => {
      if (lobby.className !== SEATS_CLASS) return plainFailure(404);
      return visitor ? undefined : authorizeSeatRoom(req, env, lobby.name);
    },
  });
  return res ?? plainFailure(404);
}

/** The Durable Object class (and binding) of the seat rooms. */
export const SEATS_CLASS = "ExcursionSeats";

/** Whether a /parties/ path is a seat room's. */
export const isSeatRoomPath = (pathname: string) => pathname.startsWith(`/parties/${SEATS_PARTY}/`);

/** Places of a sale by id (for a batch that must name them). */
export async function placesOf(scope: ReadScope, saleId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const PX = excursionPassenger;
  return scope.db
    .select()
    .from(PX)
    .where(and(eq(PX.agencyId, scope.agencyId), eq(PX.saleId, saleId), inArray(PX.id, [...ids])))
    .limit(1000);
}
