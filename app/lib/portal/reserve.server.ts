/**
 * Reserving through the client portal (issue #21 item 2, last sentence; decision 0021 §7).
 *
 * When the agency enables it (agency.portal_reservations, set in Minha agência), a visitor's
 * "quero reservar" on an excursion page also makes sure the agency has a client with that
 * e-mail (the register's own create, audited) and offers to go on in the portal. There the
 * signed-in client picks places, boarding point, seats and passengers, and the sale is made
 * by the SAME domain function staff use (createExcursionSale), acting as the agency
 * (actingScope: no user, the client's address in the audit): a draft whose places are held
 * for PORTAL_HOLD_HOURS, waiting for the agency to confirm it. The seats follow the seat
 * rules (one batch; the unique index decides a race; the room is told after). The sale is
 * given to the deal's owner (else the agency's first active Admin) selling as their agent
 * record, linked to the deal, and the staff are notified live.
 */
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { agency, client, deal, excursion, excursionPassenger, profile } from "~/db/schema";
import { linkDealSaleStatements } from "~/lib/crm/deal.server";
import { occupyingWhere } from "~/lib/excursions/operational-seats.server";
import type { BoardsEnv } from "~/lib/platform/board-room.server";
import { announceBoard } from "~/lib/platform/board-room.server";
import type { Db } from "~/lib/platform/db.server";
import { formatDateTime } from "~/lib/platform/format";
import { hitRateLimit } from "~/lib/platform/rate-limit.server";
import { notify, type RealtimeEnv } from "~/lib/platform/realtime.server";
import { fail, ok, type Result } from "~/lib/platform/result";
import type { PortalScope, Scope } from "~/lib/platform/scope.server";
import { languageOf, textIn } from "~/lib/platform/text-in";
import { actingScope } from "~/lib/portal/dashboard.server";
import { clientByEmail } from "~/lib/portal/access.server";
import { normaliseEmail } from "~/lib/portal/access";
import { PORTAL_HOLD_HOURS, PORTAL_RESERVE_MAX, PORTAL_RESERVE_RATE, reserveErr } from "~/lib/portal/reserve";
import { portalReserveSchema, type PortalReserveInput } from "~/lib/portal/reserve.schema";
import { parseForm } from "~/lib/kit/forms";
import { createClientFromContact } from "~/lib/registers/client.server";
import { excursionSalePath } from "~/lib/sales/excursion-sale";
import { boardingsOf, createExcursionSale } from "~/lib/sales/excursion-sale.server";
import { defaultAgentFor } from "~/lib/sales/sale-core.server";
import { parseSeat, sellableSeats } from "~/lib/sales/seats";
import { defaultTier, excursionSeating, seatSnapshot, type SeatsEnv } from "~/lib/sales/seats.server";
import type { SeatLayout } from "~/lib/services/seat-layout";

const isId = (v: unknown): v is string => typeof v === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(v);

/** Whether the agency lets clients go on to reserve through the portal (off by default). */
export async function portalReservationsOn(db: Db, agencyId: string): Promise<boolean> {
  const [row] = await db.select({ on: agency.portalReservations }).from(agency).where(eq(agency.id, agencyId)).limit(1);
  return row?.on === true;
}

/** Where "Continuar a reserva no portal" goes: the agency's portal sign-in with the e-mail, the excursion and the deal. */
export function continueUrl(agencySlug: string, email: string, excursionId: string, dealId: string): string {
  const q = new URLSearchParams({ email, reservar: excursionId, negocio: dealId });
  return `/portal/${encodeURIComponent(agencySlug)}/acesso?${q.toString()}`;
}

/** The reserve page a sign-in goes on to (only well-formed ids are carried), or null. */
export function reservePath(agencySlug: string, excursionId: unknown, dealId: unknown): string | null {
  if (!isId(excursionId)) return null;
  return `/portal/${encodeURIComponent(agencySlug)}/reservar/${excursionId}${isId(dealId) ? `?negocio=${dealId}` : ""}`;
}

/**
 * The agency's client with the visitor's e-mail, registered now from their name, e-mail and
 * phone when there is none (the register's create: numbered, audited with no user and the
 * visitor's address) — without it the portal cannot send the code. Null when the register
 * refuses the contact.
 */
export async function clientForReservation(acting: Scope, contact: { name: string; email: string; phone: string }): Promise<string | null> {
  const email = normaliseEmail(contact.email);
  const found = await clientByEmail(acting.db, acting.agencyId, email);
  if (found) return found.id;
  const made = await createClientFromContact(acting, { name: contact.name, email, phone: contact.phone });
  if (made.ok) return made.id;
  return made.reason === "duplicate" && made.existing ? made.existing : null;
}

export type ReservableExcursion = {
  id: string;
  title: string;
  departureAt: string;
  returnAt: string;
  currency: string;
  /** Places left now. */
  free: number;
  /** The most places this reservation may take. */
  maxPlaces: number;
  priceCents: number;
  boardings: { id: string; name: string; departureAt: string }[];
  layout: SeatLayout | null;
  /** Seats taken now (held or sold). */
  taken: number[];
  clientName: string;
};

/**
 * The excursion a signed-in client may reserve: the agency has portal reservations on, and
 * the excursion is its own, published, open for sale and not departed. Null otherwise
 * (another agency's id, a draft, a closed trip: a 404).
 */
export async function reservableExcursion(p: PortalScope, excursionId: unknown, now = new Date()): Promise<ReservableExcursion | null> {
  if (!isId(excursionId) || !(await portalReservationsOn(p.db, p.agencyId))) return null;
  const [row] = await p.db
    .select({ id: excursion.id, returnAt: excursion.returnAt })
    .from(excursion)
    .where(
      and(
        eq(excursion.agencyId, p.agencyId),
        eq(excursion.id, excursionId),
        eq(excursion.published, true),
        eq(excursion.status, "open"),
        isNull(excursion.archivedAt),
        sql`${excursion.departureAt} > ${now.toISOString()}`,
      ),
    )
    .limit(1);
  if (!row) return null;
  const scope = actingScope(p);
  const seating = await excursionSeating(scope, row.id);
  if (!seating) return null;
  const nowIso = now.toISOString();
  const [boardings, tier, snapshot, occupied, me] = await Promise.all([
    boardingsOf(scope, row.id),
    defaultTier(scope, row.id),
    seatSnapshot(scope, row.id, nowIso),
    p.db
      .select({ n: sql<number>`count(*)` })
      .from(excursionPassenger)
      .where(and(eq(excursionPassenger.agencyId, p.agencyId), eq(excursionPassenger.excursionId, row.id), occupyingWhere(nowIso))),
    p.db
      .select({ name: client.name })
      .from(client)
      .where(and(eq(client.agencyId, p.agencyId), eq(client.id, p.clientId)))
      .limit(1),
  ]);
  const sellable = seating.layout ? sellableSeats(seating.layout).size : seating.capacity;
  const taken = snapshot.seats.map((s) => s.seat);
  const free = Math.max(0, Math.min(seating.capacity, sellable) - Number(occupied[0]?.n ?? 0));
  return {
    id: seating.id,
    title: seating.title,
    departureAt: seating.departureAt,
    returnAt: row.returnAt,
    currency: seating.currency,
    free,
    maxPlaces: Math.min(free, PORTAL_RESERVE_MAX),
    priceCents: tier.priceCents,
    boardings,
    layout: seating.layout,
    taken,
    clientName: me[0]?.name ?? p.email,
  };
}

/** The deal the reservation continues: the agency's, live, without a sale yet, this client's or their e-mail's lead. */
async function continuedDeal(p: PortalScope, dealId: string | null): Promise<{ id: string; ownerUserId: string | null } | null> {
  if (!dealId) return null;
  const [row] = await p.db
    .select({ id: deal.id, ownerUserId: deal.ownerUserId })
    .from(deal)
    .where(
      and(
        eq(deal.agencyId, p.agencyId),
        eq(deal.id, dealId),
        isNull(deal.deletedAt),
        isNull(deal.saleId),
        sql`(${deal.clientId} = ${p.clientId} or lower(trim(${deal.leadEmail})) = ${p.email})`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The active staff who hear of a reservation (Admins and Agentes, each in their language), the deal's owner first. */
async function staffOf(db: Db, agencyId: string) {
  return db
    .select({ id: profile.id, role: profile.role, locale: profile.locale })
    .from(profile)
    .where(and(eq(profile.agencyId, agencyId), eq(profile.active, true), inArray(profile.role, ["Admin", "Agente"])))
    .orderBy(asc(profile.name), asc(profile.id));
}

type Staff = Awaited<ReturnType<typeof staffOf>>[number];

/**
 * Who sells the reservation: the deal's owner selling as their agent record (defaultAgentFor),
 * else the first active Admin (then Agente) of the agency who has one. Null: nobody can.
 */
async function sellerOf(p: PortalScope, staff: Staff[], dealOwner: string | null): Promise<{ owner: Staff; agentId: string } | null> {
  const acting = actingScope(p);
  const order = [...staff.filter((s) => s.id === dealOwner), ...staff.filter((s) => s.id !== dealOwner && s.role === "Admin"), ...staff.filter((s) => s.id !== dealOwner && s.role !== "Admin")];
  for (const owner of order) {
    const agentId = await defaultAgentFor({ ...acting, userId: owner.id });
    if (agentId) return { owner, agentId };
  }
  return null;
}

export type PortalReserveRefusal = "notFound" | "tooMany" | "invalid" | "taken" | "full" | "unavailable";
export type PortalReserveFailure = { fields?: Partial<Record<"places" | "seats" | "boardingId", string>> };

/**
 * Reserves the excursion for the signed-in client: the draft sale with its held places in one
 * batch, linked to the deal, the seat room told, the staff notified. Refusals write nothing:
 * notFound (404: setting off, another agency's or no longer reservable excursion), tooMany (429),
 * invalid (400, with the field's message key), taken / full (409), unavailable (503: nobody to
 * sell it).
 */
export async function reserveExcursion(
  p: PortalScope,
  env: SeatsEnv & RealtimeEnv & BoardsEnv,
  excursionId: unknown,
  input: PortalReserveInput,
): Promise<Result<{ saleId: string }, PortalReserveRefusal, PortalReserveFailure>> {
  const trip = await reservableExcursion(p, excursionId);
  if (!trip) return fail("notFound");
  const [byClient, byIp] = [
    await hitRateLimit(p.db, `portal-reserve:${p.agencyId}:${p.clientId}`, PORTAL_RESERVE_RATE),
    await hitRateLimit(p.db, `portal-reserve-ip:${p.ip ?? "none"}`, PORTAL_RESERVE_RATE),
  ];
  if (!byClient || !byIp) return fail("tooMany");
  if (input.places > trip.maxPlaces) return trip.free === 0 ? fail("full") : fail("invalid", { fields: { places: reserveErr.places } });
  if (trip.boardings.length > 0 && !trip.boardings.some((b) => b.id === input.boardingId)) return fail("invalid", { fields: { boardingId: reserveErr.boarding } });
  if (trip.boardings.length === 0 && input.boardingId) return fail("invalid", { fields: { boardingId: reserveErr.boarding } });
  let seats: (number | null)[] = Array.from({ length: input.places }, () => null);
  if (trip.layout) {
    const sellable = sellableSeats(trip.layout);
    const picked = input.seats.map(parseSeat);
    if (picked.length !== input.places || picked.some((s) => s === null || !sellable.has(s))) return fail("invalid", { fields: { seats: reserveErr.seats } });
    seats = picked;
  } else if (input.seats.length > 0) return fail("invalid", { fields: { seats: reserveErr.seats } });

  const acting = actingScope(p);
  const continued = await continuedDeal(p, input.negocio);
  const staff = await staffOf(p.db, p.agencyId);
  const seller = await sellerOf(p, staff, continued?.ownerUserId ?? null);
  if (!seller) return fail("unavailable");
  const { owner, agentId } = seller;

  const tier = await defaultTier(acting, trip.id);
  const names = [trip.clientName, ...input.names];
  const holdUntil = new Date(Date.now() + PORTAL_HOLD_HOURS * 3_600_000).toISOString();
  const made = await createExcursionSale(
    acting,
    { excursionId: trip.id, clientId: p.clientId, agentId },
    {
      env,
      holdUntil,
      places: seats.map((seat, i) => ({
        seat,
        name: names[i]!,
        clientId: i === 0 ? p.clientId : null,
        roomType: tier.roomType,
        ageBand: tier.ageBand,
        priceCents: tier.priceCents,
        boardingId: input.boardingId,
      })),
      extra: (saleId) => (continued ? linkDealSaleStatements(acting, continued.id, saleId, p.clientId, textIn("pt", "portal.reserve.dealNote", { title: trip.title, places: input.places })) : []),
    },
  );
  if (!made.ok) {
    if (made.reason === "taken" || made.reason === "full") return fail(made.reason);
    if (made.reason === "agent" || made.reason === "ownAgent") return fail("unavailable");
    if (made.reason === "noSuchSeat" || made.reason === "seatRequired" || made.reason === "noSeatChoice") return fail("invalid", { fields: { seats: reserveErr.seats } });
    return fail("notFound");
  }
  if (continued) await announceBoard(env, p.agencyId, "crm", { type: "changed", id: continued.id, by: "" });
  await Promise.all(
    staff
      .filter((s) => s.id === owner.id || s.role === "Admin")
      .map((s) =>
        notify(env, {
          userId: s.id,
          agencyId: p.agencyId,
          title: textIn(s.locale, "portal.reserve.notice.title"),
          message: textIn(s.locale, "portal.reserve.notice.message", {
            name: trip.clientName,
            title: trip.title,
            places: input.places,
            departure: formatDateTime(trip.departureAt, languageOf(s.locale), p.timeZone),
          }),
          link: excursionSalePath(made.id),
        }),
      ),
  );
  return ok({ saleId: made.id });
}

/** The reservation form as posted, checked by its schema (null: not a form this screen sends). */
export const parseReservation = (formData: FormData) => parseForm(formData, portalReserveSchema);
