/**
 * Excursion sales on the server (issue #16 item 3; decision 0011): the new
 * draft, the manage page's data and intents, the list and its CSV. A sale's
 * places are excursion_passenger rows with its sale_id; holds go through
 * seats.server.ts (D1 decides, the seat room is told after). Money and titles
 * through the core (sale-core.server.ts): every multi-row write starts with
 * saleStillAt and bumps the sale's version, so a stale or double write fails as
 * a whole.
 *
 * Draft: the stored totals follow the live places in every batch that changes
 * them (refreshTotals). Confirmed: a new hold is a pending place until
 * "apply" confirms it with the titles' adjustment; a removal, a room or age
 * band change and a new plan are previewed (planEdit) before they apply.
 */
import { syncSaleCommissions } from "~/lib/commissions/commissions.server";
import { and, asc, eq, gt, gte, isNull, lte, ne, sql, type SQL } from "drizzle-orm";
import { agent, client, excursion, excursionBoarding, excursionPassenger, excursionPrice, boardingPoint, paymentTerm, sale } from "~/db/schema";
import type { AgeBand, PackageRoomType } from "~/db/schema/services";
import { formatCents } from "~/lib/finance/money";
import { createRecord } from "~/lib/kit/record.server";
import { malformed, parseForm } from "~/lib/kit/forms";
import { clientSchema } from "~/lib/registers/client.schema";
import { clientStore, clientValues, findClientDuplicate } from "~/lib/registers/client.server";
import { exportList } from "~/lib/kit/export.server";
import type { ListQuery } from "~/lib/kit/list";
import { runList, type ListSource } from "~/lib/kit/list.server";
import { buildSearchText } from "~/lib/kit/search-text";
import { auditInsert } from "~/lib/platform/audit.server";
import { assertInBatch, isBatchAssert, isUniqueFailure } from "~/lib/platform/batch-assert.server";
import { fail, ok, type Result } from "~/lib/platform/result";
import type { Scope } from "~/lib/platform/scope.server";
import { todayIn } from "~/lib/platform/time-zone";
import {
  insertSaleStatements,
  planCancellation,
  planConfirmation,
  planEdit,
  SALE_ENTITY,
  saleScopeWhere,
  saleStillAt,
  saleTimeline,
  saleTitles,
  salesSettings,
  seesAllSales,
  sellerFor,
  totalsColumns,
  type ConfirmItem,
  type EditPreview,
  type SaleRow,
} from "~/lib/sales/sale-core.server";
import {
  EXCURSION_SALE_CSV_COLUMNS,
  MAX_PLACES,
  placesTotals,
  type ExcursionSaleCsvColumn,
  type ExcursionSaleFilter,
  type ExcursionSaleSort,
} from "~/lib/sales/excursion-sale";
import type { ExcursionSaleIntent, NewExcursionSaleInput } from "~/lib/sales/excursion-sale.schema";
import { holdExpiry } from "~/lib/sales/seats";
import {
  announceSeats,
  defaultTier,
  excursionSeating,
  extendHoldsStatement,
  holdFailure,
  holdPlace,
  holdStatements,
  PLACE_ENTITY,
  releasePlace,
  seatEvents,
  seatSnapshot,
  tierPrice,
  type NewPlace,
  type Seating,
  type SeatsEnv,
} from "~/lib/sales/seats.server";
import type { HoldRefusal } from "~/lib/sales/seats";
import { refuseSaleMove } from "~/lib/sales/status";
import { discountNeedsAdmin } from "~/lib/sales/totals";

type Statement = Parameters<Scope["db"]["batch"]>[0][number];
type Option = { value: string; label: string };
const PX = excursionPassenger;
const LIMIT = 1000;

const batch = (scope: Scope, statements: Statement[]) => scope.db.batch(statements as [Statement, ...Statement[]]);

// ---------------------------------------------------------------------------
// Options

/** Excursions selling now (open, live, not departed), soonest first. */
export async function sellingExcursionOptions(scope: Scope): Promise<(Option & { departureAt: string })[]> {
  const rows = await scope.db
    .select({ id: excursion.id, title: excursion.title, departureAt: excursion.departureAt })
    .from(excursion)
    .where(and(eq(excursion.agencyId, scope.agencyId), isNull(excursion.archivedAt), eq(excursion.status, "open"), gt(excursion.departureAt, new Date().toISOString())))
    .orderBy(asc(excursion.departureAt))
    .limit(500);
  return rows.map((r) => ({ value: r.id, label: r.title, departureAt: r.departureAt }));
}

/** Every excursion of the agency that has sales (the list's filter). */
export async function excursionFilterOptions(scope: Scope): Promise<Option[]> {
  const rows = await scope.db
    .select({ id: excursion.id, title: excursion.title })
    .from(excursion)
    .where(and(eq(excursion.agencyId, scope.agencyId), isNull(excursion.archivedAt)))
    .orderBy(asc(excursion.departureAt))
    .limit(LIMIT);
  return rows.map((r) => ({ value: r.id, label: r.title }));
}

export async function buyerOptions(scope: Scope): Promise<Option[]> {
  const rows = await scope.db
    .select({ id: client.id, name: client.name })
    .from(client)
    .where(and(eq(client.agencyId, scope.agencyId), isNull(client.deletedAt)))
    .orderBy(asc(client.searchText), asc(client.id))
    .limit(LIMIT);
  return rows.map((r) => ({ value: r.id, label: r.name }));
}

/** Sellers the user may pick (an Agente: their own agent record only). */
export async function sellerOptions(scope: Scope): Promise<Option[]> {
  const rows = await scope.db
    .select({ id: agent.id, name: agent.name })
    .from(agent)
    .where(and(eq(agent.agencyId, scope.agencyId), isNull(agent.deletedAt), seesAllSales(scope.role) ? undefined : eq(agent.userId, scope.userId)))
    .orderBy(asc(agent.searchText), asc(agent.id))
    .limit(LIMIT);
  return rows.map((r) => ({ value: r.id, label: r.name }));
}

export async function termOptions(scope: Scope): Promise<Option[]> {
  const rows = await scope.db
    .select({ id: paymentTerm.id, name: paymentTerm.name })
    .from(paymentTerm)
    .where(and(eq(paymentTerm.agencyId, scope.agencyId), isNull(paymentTerm.deletedAt)))
    .orderBy(asc(paymentTerm.name))
    .limit(200);
  return rows.map((r) => ({ value: r.id, label: r.name }));
}

async function clientName(scope: Scope, id: string): Promise<string | null> {
  const [row] = await scope.db
    .select({ name: client.name })
    .from(client)
    .where(and(eq(client.agencyId, scope.agencyId), eq(client.id, id), isNull(client.deletedAt)))
    .limit(1);
  return row?.name ?? null;
}

// ---------------------------------------------------------------------------
// A new sale

export type CreateRefusal = "excursion" | "notSelling" | "client" | "agent" | "ownAgent";

/** Places held with the new sale, in its batch (a client's reservation through the portal). */
export type NewSalePlaces = {
  env: SeatsEnv;
  places: readonly NewPlace[];
  /** When the holds lapse (a reservation waiting for the agency holds longer than a seller's HOLD_MINUTES). */
  holdUntil: string;
  /** The caller's statements for the same batch, given the new sale's id (the CRM deal's link). */
  extra?: (saleId: string) => Statement[];
};

/**
 * A draft excursion sale for the buyer and seller, on a selling excursion. Staff hold its
 * places afterwards on the manage page; a reservation through the portal passes them here
 * and the sale, its places (with the seat rules of holdStatements), its totals and the
 * caller's statements are ONE batch: a seat taken meanwhile ("taken") or a full trip
 * ("full") writes nothing.
 */
export async function createExcursionSale(scope: Scope, input: NewExcursionSaleInput): Promise<Result<{ id: string; placeIds: string[] }, CreateRefusal>>;
export async function createExcursionSale(scope: Scope, input: NewExcursionSaleInput, withPlaces: NewSalePlaces): Promise<Result<{ id: string; placeIds: string[] }, CreateRefusal | HoldRefusal | "tooMany">>;
export async function createExcursionSale(scope: Scope, input: NewExcursionSaleInput, withPlaces?: NewSalePlaces): Promise<Result<{ id: string; placeIds: string[] }, CreateRefusal | HoldRefusal | "tooMany">> {
  const seating = await excursionSeating(scope, input.excursionId);
  if (!seating) return fail("excursion");
  if (seating.status !== "open") return fail("notSelling");
  const buyer = await clientName(scope, input.clientId);
  if (buyer === null) return fail("client");
  const seller = await sellerFor(scope, input.agentId);
  if (!seller.ok) return fail(seller.reason);
  const totals = placesTotals(seating.currency, [], 0);
  if (!totals.ok) throw new Error("empty totals");
  const { id, statements } = insertSaleStatements(scope, {
    kind: "excursion",
    clientId: input.clientId,
    agentId: input.agentId,
    ownerUserId: seller.ownerUserId,
    excursionId: seating.id,
    saleDate: todayIn(scope.timeZone),
    currency: seating.currency,
    paymentTermId: null,
    paymentMethod: "pix",
    downPaymentCents: null,
    firstDueDate: null,
    notes: null,
    totals: totals.totals,
    passengerCount: 0,
    searchText: buildSearchText(buyer, seating.title, seller.agentName),
  });
  if (!withPlaces) {
    await batch(scope, statements);
    return ok({ id, placeIds: [] });
  }
  if (withPlaces.places.length === 0 || withPlaces.places.length > MAX_PLACES) return fail("tooMany");
  const now = new Date();
  const placeIds: string[] = [];
  const saleRef = { id, excursionId: seating.id, status: "draft" as const, ownerUserId: seller.ownerUserId };
  for (const place of withPlaces.places) {
    const held = holdStatements(scope, seating, saleRef, place, now, withPlaces.holdUntil);
    if (!held.ok) return held;
    placeIds.push(held.placeId);
    statements.push(...held.statements);
  }
  statements.push(refreshTotals(scope, id), ...(withPlaces.extra?.(id) ?? []));
  try {
    await batch(scope, statements);
  } catch (error) {
    const refusal = holdFailure(error);
    if (refusal) return fail(refusal);
    throw error;
  }
  await tell(withPlaces.env, scope, seating.id, withPlaces.places.map((p) => (p.seat === null ? null : String(p.seat))), "held", withPlaces.holdUntil);
  await syncSaleCommissions(scope, id);
  return ok({ id, placeIds });
}

// ---------------------------------------------------------------------------
// The sale's places

export type Place = {
  id: string;
  status: "held" | "confirmed";
  seat: string | null;
  holdExpiresAt: string | null;
  soldBy: string | null;
  clientId: string | null;
  name: string;
  documentType: string | null;
  documentNumber: string | null;
  birthDate: string | null;
  ageBand: AgeBand;
  roomType: PackageRoomType | null;
  roomLabel: string | null;
  boardingId: string | null;
  priceCents: number;
};

/** The sale's live places (held or confirmed), in seat order of insertion. */
export async function salePlaces(scope: Scope, saleId: string): Promise<Place[]> {
  const rows = await scope.db
    .select({
      id: PX.id,
      status: PX.status,
      seat: PX.seat,
      holdExpiresAt: PX.holdExpiresAt,
      soldBy: PX.soldBy,
      clientId: PX.clientId,
      name: PX.name,
      documentType: PX.documentType,
      documentNumber: PX.documentNumber,
      birthDate: PX.birthDate,
      ageBand: PX.ageBand,
      roomType: PX.roomType,
      roomLabel: PX.roomLabel,
      boardingId: PX.boardingId,
      priceCents: PX.priceCents,
    })
    .from(PX)
    .where(and(eq(PX.agencyId, scope.agencyId), eq(PX.saleId, saleId), ne(PX.status, "cancelled")))
    .orderBy(asc(PX.createdAt), asc(PX.id))
    .limit(MAX_PLACES * 2);
  return rows as Place[];
}

/** A place lapsed: held with an expiry at or before `now`. */
const lapsed = (p: Place, now: string) => p.status === "held" && p.holdExpiresAt !== null && p.holdExpiresAt <= now;

/** The statement keeping a draft's stored totals equal to its live places (the discount clamped to the price). */
function refreshTotals(scope: Scope, saleId: string): Statement {
  const live = sql`from "excursion_passenger" where "excursion_passenger"."agency_id" = ${scope.agencyId} and "excursion_passenger"."sale_id" = ${saleId} and "excursion_passenger"."status" <> 'cancelled'`;
  const price = sql`(select coalesce(sum("excursion_passenger"."price_cents"), 0) ${live})`;
  const discount = sql`min("sale"."discount_cents", ${price})`;
  return scope.db
    .update(sale)
    .set({
      priceCents: price,
      discountCents: discount,
      totalCents: sql`${price} - ${discount} + "sale"."fees_cents"`,
      marginCents: sql`${price} - ${discount} - "sale"."cost_cents"`,
      passengerCount: sql`(select count(*) ${live})`,
      downPaymentCents: sql`case when "sale"."down_payment_cents" is null then null else min("sale"."down_payment_cents", ${price} - ${discount} + "sale"."fees_cents") end`,
    })
    .where(and(eq(sale.agencyId, scope.agencyId), eq(sale.id, saleId), eq(sale.status, "draft")));
}

const bumpVersion = (scope: Scope, saleId: string, extra: Partial<typeof sale.$inferInsert> = {}) =>
  scope.db
    .update(sale)
    .set({ ...extra, version: sql`${sale.version} + 1`, updatedAt: new Date().toISOString() })
    .where(and(eq(sale.agencyId, scope.agencyId), eq(sale.id, saleId)));

const saleAudit = (scope: Scope, saleId: string, changes: Record<string, [unknown, unknown]>) =>
  auditInsert(scope.db, { agencyId: scope.agencyId, userId: scope.userId, ip: scope.ip, entity: SALE_ENTITY, entityId: saleId, action: "update", changes });

const placeAudit = (scope: Scope, placeId: string, changes: Record<string, [unknown, unknown]>) =>
  auditInsert(scope.db, { agencyId: scope.agencyId, userId: scope.userId, ip: scope.ip, entity: PLACE_ENTITY, entityId: placeId, action: "update", changes });

/** The fields whose value changes, as the audit keeps them. */
function diff(before: object, after: object): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  for (const [k, v] of Object.entries(after)) {
    const was = (before as Record<string, unknown>)[k];
    if (was !== v && typeof v !== "object") out[k] = [was ?? null, v ?? null];
    else if (v === null && was !== null && was !== undefined) out[k] = [was, null];
  }
  return out;
}

const asItems = (prices: readonly number[]): ConfirmItem[] => prices.map((p) => ({ priceCents: p, costCents: 0, feesCents: 0, supplierId: null, productKind: "package" }));

// ---------------------------------------------------------------------------
// The manage page

export async function boardingsOf(scope: Scope, excursionId: string) {
  return scope.db
    .select({ id: excursionBoarding.id, name: boardingPoint.name, departureAt: excursionBoarding.departureAt })
    .from(excursionBoarding)
    .innerJoin(boardingPoint, and(eq(boardingPoint.id, excursionBoarding.boardingPointId), eq(boardingPoint.agencyId, scope.agencyId)))
    .where(and(eq(excursionBoarding.agencyId, scope.agencyId), eq(excursionBoarding.excursionId, excursionId), isNull(excursionBoarding.archivedAt)))
    .orderBy(asc(excursionBoarding.departureAt))
    .limit(100);
}

export async function tiersOf(scope: Scope, excursionId: string) {
  return scope.db
    .select({ roomType: excursionPrice.roomType, ageBand: excursionPrice.ageBand, priceCents: excursionPrice.priceCents })
    .from(excursionPrice)
    .where(and(eq(excursionPrice.agencyId, scope.agencyId), eq(excursionPrice.excursionId, excursionId)))
    .limit(100);
}

/** Everything the manage page shows. */
export async function excursionSalePage(scope: Scope, row: SaleRow) {
  const seating = (await excursionSeating(scope, row.excursionId!))!;
  const [places, boardings, tiers, snapshot, titles, timeline, terms, clients, settings, seller] = await Promise.all([
    salePlaces(scope, row.id),
    boardingsOf(scope, seating.id),
    tiersOf(scope, seating.id),
    seatSnapshot(scope, seating.id),
    saleTitles(scope, row.id),
    saleTimeline(scope, row.id),
    termOptions(scope),
    buyerOptions(scope),
    salesSettings(scope),
    scope.db
      .select({ name: agent.name })
      .from(agent)
      .where(and(eq(agent.agencyId, scope.agencyId), eq(agent.id, row.agentId)))
      .limit(1),
  ]);
  return {
    sale: row,
    buyer: clients.find((c) => c.value === row.clientId)?.label ?? (await clientName(scope, row.clientId)) ?? "",
    seller: seller[0]?.name ?? "",
    excursion: { id: seating.id, title: seating.title, status: seating.status, departureAt: seating.departureAt, capacity: seating.capacity, currency: seating.currency },
    layout: seating.layout,
    places,
    boardings,
    tiers,
    seats: snapshot.seats,
    titles: titles.map((t) => ({ id: t.id, direction: t.direction, amountCents: t.amountCents, paidCents: t.paidCents, dueDate: t.dueDate, status: t.status, installmentNo: t.installmentNo, installmentCount: t.installmentCount, description: t.description })),
    timeline: timeline.entries,
    terms,
    clients,
    maxDiscountBp: settings.maxDiscountBp,
    now: new Date().toISOString(),
  };
}

// ---------------------------------------------------------------------------
// Intents

export type IntentResult =
  | { ok: true; preview?: EditPreview & { totalCents: number }; placeId?: string }
  | { ok: false; reason: string; status: 400 | 403 | 409; values?: Record<string, unknown> };

const refuse = (reason: string, status: 400 | 403 | 409 = 409, values?: Record<string, unknown>): IntentResult => ({ ok: false, reason, status, values });

/** Runs a batch; an assertion or a stale version → "stale", a seat taken meanwhile → "taken". */
async function write(scope: Scope, statements: Statement[]): Promise<IntentResult | null> {
  try {
    await batch(scope, statements);
    return null;
  } catch (error) {
    if (isUniqueFailure(error)) return refuse("taken");
    if (isBatchAssert(error)) return refuse("stale");
    throw error;
  }
}

/** The seat events of a sale's places changing state, for the room. */
async function tell(env: SeatsEnv, scope: Scope, excursionId: string, seats: readonly (string | null)[], state: "free" | "held" | "sold", expiresAt: string | null = null) {
  if (seats.length === 0) return; // no place changed
  // Places without a seat (no seat map) announce no seat event; the room still refreshes the public page's counts.
  await announceSeats(env, scope.agencyId, excursionId, seatEvents(seats, state, scope.userId, expiresAt));
}

/** Every intent on an excursion sale; afterwards its commission lines follow what is stored (syncSaleCommissions). */
export async function runExcursionSaleIntent(scope: Scope, env: SeatsEnv, row: SaleRow, intent: ExcursionSaleIntent, language: string): Promise<IntentResult> {
  try {
    return await excursionSaleIntent(scope, env, row, intent, language);
  } finally {
    await syncSaleCommissions(scope, row.id);
  }
}

async function excursionSaleIntent(scope: Scope, env: SeatsEnv, row: SaleRow, intent: ExcursionSaleIntent, language: string): Promise<IntentResult> {
  if (row.status === "cancelled") return refuse("saleClosed");
  const seating = await excursionSeating(scope, row.excursionId!);
  if (!seating) return refuse("excursion");
  const now = new Date();
  const nowIso = now.toISOString();
  switch (intent.intent) {
    case "hold": {
      const places = await salePlaces(scope, row.id);
      if (places.length >= MAX_PLACES) return refuse("tooMany", 400);
      const tier = await defaultTier(scope, seating.id);
      const buyer = places.length === 0 ? ((await clientName(scope, row.clientId)) ?? "") : "";
      const held = await holdPlace(scope, env, seating, row, {
        seat: intent.seat,
        name: buyer,
        clientId: places.length === 0 ? row.clientId : null,
        roomType: tier.roomType,
        ageBand: tier.ageBand,
        priceCents: tier.priceCents,
      }, now, row.status === "draft" ? [refreshTotals(scope, row.id), extendHoldsStatement(scope, row.id, now)] : []);
      if (!held.ok) return refuse(held.reason, held.reason === "taken" || held.reason === "full" ? 409 : 400);
      return { ok: true, placeId: held.placeId };
    }
    case "release": {
      const released = await releasePlace(scope, env, row, intent.place, seesAllSales(scope.role), row.status === "draft" ? [refreshTotals(scope, row.id)] : []);
      if (!released.ok) return refuse(released.reason === "notFound" ? "place" : released.reason, released.reason === "notFound" ? 400 : 403);
      return { ok: true };
    }
    case "move":
      return movePlace(scope, env, seating, row, intent.place, intent.seat, now);
    case "place":
      return editPlace(scope, env, seating, row, intent, language, now);
    case "plan":
      return editPlan(scope, row, intent, language);
    case "confirm":
      return confirmSale(scope, env, seating, row, intent.version, language, nowIso);
    case "apply":
      return applyPending(scope, env, seating, row, intent.version, intent.preview, language, nowIso);
    case "remove":
      return removePlace(scope, env, seating, row, intent.place, intent.version, intent.preview, language);
    case "cancel":
      return cancelSale(scope, env, seating, row, intent.version, intent.reason, language);
  }
}

/** A place moves to another seat (held or sold alike): one batch, the unique index decides. No money changes. */
async function movePlace(scope: Scope, env: SeatsEnv, seating: Seating, row: SaleRow, placeId: string, seat: number | null, now: Date): Promise<IntentResult> {
  if (!seating.layout) return refuse("noSeatChoice", 400);
  if (seat === null) return refuse("seatRequired", 400);
  const { refuseHold } = await import("~/lib/sales/seats");
  const refusal = refuseHold({ selling: seating.status === "open" || row.status === "confirmed", saleOpen: true, layout: seating.layout, seat });
  if (refusal) return refuse(refusal, 400);
  const places = await salePlaces(scope, row.id);
  const place = places.find((p) => p.id === placeId);
  if (!place) return refuse("place", 400);
  const nowIso = now.toISOString();
  const target = String(seat);
  if (place.seat === target) return { ok: true };
  const expiresAt = place.status === "held" ? holdExpiry(now) : null;
  const failed = await write(scope, [
    scope.db
      .update(PX)
      .set({ status: "cancelled", updatedAt: nowIso })
      .where(and(eq(PX.agencyId, scope.agencyId), eq(PX.excursionId, seating.id), eq(PX.seat, target), eq(PX.status, "held"), lte(PX.holdExpiresAt, nowIso))),
    scope.db
      .update(PX)
      .set({ seat: target, ...(expiresAt ? { holdExpiresAt: expiresAt } : {}), updatedAt: nowIso, version: sql`${PX.version} + 1` })
      .where(and(eq(PX.agencyId, scope.agencyId), eq(PX.id, place.id), eq(PX.status, place.status))),
    placeAudit(scope, place.id, { seat: [place.seat, target] }),
  ]);
  if (failed) return failed;
  await tell(env, scope, seating.id, [place.seat], "free");
  await tell(env, scope, seating.id, [target], place.status === "held" ? "held" : "sold", expiresAt);
  return { ok: true };
}

type PlaceIntent = Extract<ExcursionSaleIntent, { intent: "place" }>;

async function editPlace(scope: Scope, env: SeatsEnv, seating: Seating, row: SaleRow, input: PlaceIntent, language: string, now: Date): Promise<IntentResult> {
  const places = await salePlaces(scope, row.id);
  const place = places.find((p) => p.id === input.place);
  if (!place) return refuse("place", 400);
  const price = await tierPrice(scope, seating.id, input.roomType, input.ageBand);
  if (price === null) return refuse("tier", 400);
  if (input.boardingId) {
    const boardings = await boardingsOf(scope, seating.id);
    if (!boardings.some((b) => b.id === input.boardingId)) return refuse("boarding", 400);
  }
  if (input.clientId && (await clientName(scope, input.clientId)) === null) return refuse("client", 400);
  const values = {
    clientId: input.clientId,
    name: input.name,
    documentType: (input.documentType ?? null) as Place["documentType"],
    documentNumber: input.documentNumber,
    birthDate: input.birthDate,
    ageBand: input.ageBand,
    roomType: input.roomType,
    roomLabel: input.roomLabel,
    boardingId: input.boardingId,
    priceCents: price,
  };
  const changes = diff(place, values);
  const update = scope.db
    .update(PX)
    .set({ ...(values as Partial<typeof PX.$inferInsert>), updatedAt: now.toISOString(), version: sql`${PX.version} + 1` })
    .where(and(eq(PX.agencyId, scope.agencyId), eq(PX.id, place.id), eq(PX.status, place.status)));
  // A confirmed place whose price changes: the titles follow (previewed first).
  if (row.status === "confirmed" && place.status === "confirmed" && price !== place.priceCents) {
    const prices = places.filter((p) => p.status === "confirmed").map((p) => (p.id === place.id ? price : p.priceCents));
    const planned = await planWith(scope, row, prices, {}, language);
    if (!planned.ok) return planned.result;
    if (input.preview) return { ok: true, preview: planned.preview };
    const failed = await write(scope, [saleStillAt(scope, row.id, input.version, "confirmed"), bumpVersion(scope, row.id, planned.header), update, placeAudit(scope, place.id, changes), saleAudit(scope, row.id, planned.changes), ...planned.statements]);
    return failed ?? { ok: true };
  }
  if (input.preview) return { ok: true };
  const statements: Statement[] = [update, placeAudit(scope, place.id, changes)];
  if (row.status === "draft") statements.push(refreshTotals(scope, row.id), extendHoldsStatement(scope, row.id, now));
  const failed = await write(scope, statements);
  if (failed) return failed;
  if (row.status === "draft") {
    const expiresAt = holdExpiry(now);
    await tell(env, scope, seating.id, places.filter((p) => p.status === "held" && !lapsed(p, now.toISOString())).map((p) => p.seat), "held", expiresAt);
  }
  return { ok: true };
}

/** The edited header of a confirmed sale with new places' prices and plan, and the core's plan of its titles. */
async function planWith(
  scope: Scope,
  row: SaleRow,
  prices: readonly number[],
  plan: Partial<Pick<SaleRow, "discountCents" | "paymentTermId" | "paymentMethod" | "downPaymentCents" | "firstDueDate">>,
  language: string,
): Promise<
  | { ok: true; header: Partial<typeof sale.$inferInsert>; changes: Record<string, [unknown, unknown]>; statements: Statement[]; preview: EditPreview & { totalCents: number } }
  | { ok: false; result: IntentResult }
> {
  const discount = plan.discountCents ?? row.discountCents;
  const totals = placesTotals(row.currency, prices, discount);
  if (!totals.ok) return { ok: false, result: refuse(totals.reason, 400) };
  const header = { ...plan, ...totalsColumns(totals.totals), passengerCount: prices.length };
  const edited: SaleRow = { ...row, ...header } as SaleRow;
  const planned = await planEdit(scope, edited, asItems(prices), language);
  if (!planned.ok) return { ok: false, result: refuse(planned.reason, 409, planned as unknown as Record<string, unknown>) };
  const changes = diff(row, header);
  return { ok: true, header, changes, statements: planned.statements, preview: { ...planned.preview, totalCents: totals.totals.clientTotalCents } };
}

type PlanIntent = Extract<ExcursionSaleIntent, { intent: "plan" }>;

async function editPlan(scope: Scope, row: SaleRow, input: PlanIntent, language: string): Promise<IntentResult> {
  if (input.paymentTermId) {
    const terms = await termOptions(scope);
    if (!terms.some((t) => t.value === input.paymentTermId)) return refuse("term", 400);
  }
  const discount = input.discount ?? 0;
  const settings = await salesSettings(scope);
  if (discountNeedsAdmin(discount, row.priceCents, settings.maxDiscountBp) && scope.role !== "Admin" && scope.role !== "SuperAdmin") return refuse("discountNeedsAdmin", 403);
  if (discount > row.priceCents) return refuse("discountAbovePrice", 400);
  const total = row.priceCents - discount + row.feesCents;
  if (input.downPayment !== null && input.downPayment > total) return refuse("downPaymentInvalid", 400);
  const plan = { discountCents: discount, paymentTermId: input.paymentTermId, paymentMethod: input.paymentMethod, downPaymentCents: input.downPayment, firstDueDate: input.firstDueDate };
  if (row.status === "confirmed") {
    const places = await salePlaces(scope, row.id);
    const planned = await planWith(scope, row, places.filter((p) => p.status === "confirmed").map((p) => p.priceCents), plan, language);
    if (!planned.ok) return planned.result;
    if (input.preview) return { ok: true, preview: planned.preview };
    return (await write(scope, [saleStillAt(scope, row.id, input.version, "confirmed"), bumpVersion(scope, row.id, planned.header), saleAudit(scope, row.id, planned.changes), ...planned.statements])) ?? { ok: true };
  }
  if (input.preview) return { ok: true };
  const header = { ...plan, totalCents: total, marginCents: row.priceCents - discount - row.costCents };
  const changes = diff(row, header);
  return (await write(scope, [saleStillAt(scope, row.id, input.version, "draft"), bumpVersion(scope, row.id, header), saleAudit(scope, row.id, changes)])) ?? { ok: true };
}

/** Facts every confirmation of places checks: places named, boarding chosen when the trip has boarding points. */
async function placesReady(scope: Scope, seating: Seating, places: readonly Place[]): Promise<string | null> {
  if (places.some((p) => p.name.trim().length < 2)) return "name";
  const boardings = await boardingsOf(scope, seating.id);
  if (boardings.length > 0 && places.some((p) => !p.boardingId)) return "boarding";
  return null;
}

/** The assertion that, after the batch's update, exactly `count` places of the sale are confirmed and none still held (a lapsed hold or one taken meanwhile aborts). */
function placesConfirmed(scope: Scope, saleId: string, count: number) {
  return assertInBatch(
    scope.db,
    scope.agencyId,
    "sale.places",
    sql`(select count(*) from "excursion_passenger" where "excursion_passenger"."agency_id" = ${scope.agencyId} and "excursion_passenger"."sale_id" = ${saleId} and "excursion_passenger"."status" = 'confirmed') <> ${count} or exists (select 1 from "excursion_passenger" where "excursion_passenger"."agency_id" = ${scope.agencyId} and "excursion_passenger"."sale_id" = ${saleId} and "excursion_passenger"."status" = 'held')`,
  );
}

const confirmHolds = (scope: Scope, saleId: string, nowIso: string) =>
  scope.db
    .update(PX)
    .set({ status: "confirmed", holdExpiresAt: null, updatedAt: nowIso, version: sql`${PX.version} + 1` })
    .where(and(eq(PX.agencyId, scope.agencyId), eq(PX.saleId, saleId), eq(PX.status, "held"), gt(PX.holdExpiresAt, nowIso)));

async function confirmSale(scope: Scope, env: SeatsEnv, seating: Seating, row: SaleRow, version: number, language: string, nowIso: string): Promise<IntentResult> {
  if (row.status !== "draft") return refuse("notAllowed");
  const places = await salePlaces(scope, row.id);
  const settings = await salesSettings(scope);
  const prices = places.map((p) => p.priceCents);
  const price = prices.reduce((s, p) => s + p, 0);
  const refusal = refuseSaleMove("draft", "confirmed", {
    items: places.length,
    lapsedHolds: places.filter((p) => lapsed(p, nowIso)).length,
    discountNeedsAdmin: discountNeedsAdmin(row.discountCents, price, settings.maxDiscountBp),
    isAdmin: scope.role === "Admin" || scope.role === "SuperAdmin",
    reason: null,
  });
  if (refusal) return refuse(refusal, refusal === "discountNeedsAdmin" ? 403 : 409);
  const notReady = await placesReady(scope, seating, places);
  if (notReady) return refuse(notReady, 400);
  const totals = placesTotals(row.currency, prices, row.discountCents);
  if (!totals.ok) return refuse(totals.reason, 400);
  const header = { ...totalsColumns(totals.totals), passengerCount: places.length, status: "confirmed" as const, confirmedAt: nowIso };
  const planned = await planConfirmation(scope, { ...row, ...header } as SaleRow, asItems(prices), language);
  if (!planned.ok) return refuse(planned.reason, 409);
  const failed = await write(scope, [
    saleStillAt(scope, row.id, version, "draft"),
    bumpVersion(scope, row.id, header),
    confirmHolds(scope, row.id, nowIso),
    placesConfirmed(scope, row.id, places.length),
    saleAudit(scope, row.id, { status: ["draft", "confirmed"], totalCents: [row.totalCents, header.totalCents] }),
    ...places.map((p) => placeAudit(scope, p.id, { status: [p.status, "confirmed"] })),
    ...planned.statements,
  ]);
  if (failed) {
    // A hold that lapsed between the read and the batch: ask for the seat again.
    if (failed.ok === false && failed.reason === "stale") {
      const again = await salePlaces(scope, row.id);
      if (again.length !== places.length || again.some((p) => lapsed(p, new Date().toISOString()))) return refuse("holdsLapsed");
    }
    return failed;
  }
  await tell(env, scope, seating.id, places.map((p) => p.seat), "sold");
  return { ok: true };
}

/** A confirmed sale's pending holds (added passengers) become confirmed, with the titles' adjustment. */
async function applyPending(scope: Scope, env: SeatsEnv, seating: Seating, row: SaleRow, version: number, preview: boolean, language: string, nowIso: string): Promise<IntentResult> {
  if (row.status !== "confirmed") return refuse("notAllowed");
  const places = await salePlaces(scope, row.id);
  const pending = places.filter((p) => p.status === "held");
  if (pending.length === 0) return refuse("nothingToApply", 400);
  if (pending.some((p) => lapsed(p, nowIso))) return refuse("holdsLapsed");
  const notReady = await placesReady(scope, seating, pending);
  if (notReady) return refuse(notReady, 400);
  const planned = await planWith(scope, row, places.map((p) => p.priceCents), {}, language);
  if (!planned.ok) return planned.result;
  if (preview) return { ok: true, preview: planned.preview };
  const failed = await write(scope, [
    saleStillAt(scope, row.id, version, "confirmed"),
    bumpVersion(scope, row.id, planned.header),
    confirmHolds(scope, row.id, nowIso),
    placesConfirmed(scope, row.id, places.length),
    saleAudit(scope, row.id, planned.changes),
    ...pending.map((p) => placeAudit(scope, p.id, { status: ["held", "confirmed"] })),
    ...planned.statements,
  ]);
  if (failed) return failed;
  await tell(env, scope, seating.id, pending.map((p) => p.seat), "sold");
  return { ok: true };
}

/** A confirmed place leaves the sale (its seat is freed), with the titles' adjustment; the last one cannot (cancel the sale). */
async function removePlace(scope: Scope, env: SeatsEnv, seating: Seating, row: SaleRow, placeId: string, version: number, preview: boolean, language: string): Promise<IntentResult> {
  if (row.status !== "confirmed") return refuse("notAllowed");
  const places = await salePlaces(scope, row.id);
  const place = places.find((p) => p.id === placeId && p.status === "confirmed");
  if (!place) return refuse("place", 400);
  const rest = places.filter((p) => p.status === "confirmed" && p.id !== placeId);
  if (rest.length === 0) return refuse("lastPlace", 400);
  const planned = await planWith(scope, row, rest.map((p) => p.priceCents), { discountCents: Math.min(row.discountCents, rest.reduce((s, p) => s + p.priceCents, 0)) }, language);
  if (!planned.ok) return planned.result;
  if (preview) return { ok: true, preview: planned.preview };
  const failed = await write(scope, [
    saleStillAt(scope, row.id, version, "confirmed"),
    bumpVersion(scope, row.id, planned.header),
    scope.db
      .update(PX)
      .set({ status: "cancelled", updatedAt: new Date().toISOString(), version: sql`${PX.version} + 1` })
      .where(and(eq(PX.agencyId, scope.agencyId), eq(PX.id, place.id), eq(PX.status, "confirmed"))),
    placeAudit(scope, place.id, { status: ["confirmed", "cancelled"] }),
    saleAudit(scope, row.id, planned.changes),
    ...planned.statements,
  ]);
  if (failed) return failed;
  await tell(env, scope, seating.id, [place.seat], "free");
  return { ok: true };
}

async function cancelSale(scope: Scope, env: SeatsEnv, seating: Seating, row: SaleRow, version: number, reason: string, language: string): Promise<IntentResult> {
  const refusal = refuseSaleMove(row.status, "cancelled", { items: 0, lapsedHolds: 0, discountNeedsAdmin: false, isAdmin: false, reason });
  if (refusal) return refuse(refusal, refusal === "reasonRequired" ? 400 : 409);
  const places = await salePlaces(scope, row.id);
  const nowIso = new Date().toISOString();
  let titles: Statement[] = [];
  if (row.status === "confirmed") {
    const planned = await planCancellation(scope, row, language, todayIn(scope.timeZone), reason);
    if (!planned.ok) return refuse(planned.reason, 409);
    titles = planned.statements;
  }
  const failed = await write(scope, [
    saleStillAt(scope, row.id, version, row.status),
    bumpVersion(scope, row.id, { status: "cancelled", cancelledAt: nowIso, cancelReason: reason }),
    scope.db
      .update(PX)
      .set({ status: "cancelled", updatedAt: nowIso, version: sql`${PX.version} + 1` })
      .where(and(eq(PX.agencyId, scope.agencyId), eq(PX.saleId, row.id), ne(PX.status, "cancelled"))),
    saleAudit(scope, row.id, { status: [row.status, "cancelled"], cancelReason: [null, reason] }),
    ...places.map((p) => placeAudit(scope, p.id, { status: [p.status, "cancelled"] })),
    ...titles,
  ]);
  if (failed) return failed;
  await tell(env, scope, seating.id, places.map((p) => p.seat), "free");
  return { ok: true };
}

// ---------------------------------------------------------------------------
// A passenger who is not a client yet

export type NewClientAnswer = { ok: true; id: string; name: string } | { ok: false; status: 400 | 409; errors: Record<string, string[]> };

/**
 * A client created from a place of the sale (the client register's schema for
 * a person — name, CPF, birth date —, duplicate rule and store), then set as
 * that place's passenger with their name, birth date and CPF.
 */
export async function newPassengerClient(scope: Scope, row: SaleRow, formData: FormData): Promise<NewClientAnswer | ReturnType<typeof malformed>> {
  const placeId = formData.get("place");
  const places = await salePlaces(scope, row.id);
  const place = typeof placeId === "string" ? places.find((p) => p.id === placeId) : undefined;
  if (!place || row.status === "cancelled") return { ok: false, status: 400, errors: { "": [refusalKeyOf("place")] } };
  const fd = new FormData();
  fd.set("kind", "person");
  for (const key of ["name", "document", "birthDate"]) {
    const v = formData.get(`newClient.${key}`);
    if (typeof v === "string") fd.set(key, v);
  }
  const submission = parseForm(fd, clientSchema);
  if (!submission) return malformed();
  if (submission.status !== "success") return { ok: false, status: 400, errors: (submission.error ?? {}) as Record<string, string[]> };
  const input = submission.value;
  const duplicate = await findClientDuplicate(scope, input);
  if (duplicate) return { ok: false, status: 409, errors: { [duplicate.field]: [`records.errors.duplicate.${duplicate.field}`] } };
  const created = await createRecord(scope, clientStore, clientValues(input));
  if (!created.ok) return { ok: false, status: 409, errors: { document: ["records.errors.taken"] } };
  const values = {
    clientId: created.id,
    name: input.name,
    birthDate: input.birthDate ?? place.birthDate,
    ...(input.document ? { documentType: "cpf" as const, documentNumber: input.document } : {}),
  };
  await batch(scope, [
    scope.db
      .update(PX)
      .set({ ...values, updatedAt: new Date().toISOString(), version: sql`${PX.version} + 1` })
      .where(and(eq(PX.agencyId, scope.agencyId), eq(PX.id, place.id), ne(PX.status, "cancelled"))),
    placeAudit(scope, place.id, diff(place, values)),
  ]);
  return { ok: true, id: created.id, name: input.name };
}

const refusalKeyOf = (reason: string) => `sales.excursions.errors.${reason}`;

// ---------------------------------------------------------------------------
// The list and its CSV

export function excursionSaleSource(scope: Scope): ListSource<ExcursionSaleSort, ExcursionSaleFilter> {
  return {
    table: sale,
    scope: () => [saleScopeWhere(scope, "excursion")],
    sortColumns: { saleDate: sale.saleDate, number: sale.number, total: sale.totalCents },
    search: sale.searchText,
    counter: seesAllSales(scope.role) ? "sale_excursion" : undefined,
    filterWhere: (f) => {
      const out: SQL[] = [];
      if (f.situacao) out.push(eq(sale.status, f.situacao as SaleRow["status"]));
      if (f.excursao) out.push(eq(sale.excursionId, f.excursao));
      if (f.vendedor) out.push(eq(sale.agentId, f.vendedor));
      if (f.de) out.push(gte(sale.saleDate, f.de));
      if (f.ate) out.push(lte(sale.saleDate, f.ate));
      return out;
    },
  };
}

export type ExcursionSaleListRow = {
  id: string;
  sortValue: string | number | null;
  number: number;
  saleDate: string;
  status: SaleRow["status"];
  excursionTitle: string | null;
  departureAt: string | null;
  clientName: string | null;
  agentName: string | null;
  currency: string;
  priceCents: number;
  discountCents: number;
  totalCents: number;
  passengerCount: number;
  paymentMethod: string;
};

function selectSales(scope: Scope, query: ListQuery<ExcursionSaleSort, ExcursionSaleFilter>) {
  const { db, agencyId } = scope;
  const sortColumn = excursionSaleSource(scope).sortColumns[query.sort];
  return (where: SQL, order: SQL[], limit: number) =>
    db
      .select({
        id: sale.id,
        sortValue: sql<string | number | null>`${sortColumn}`.as("sort_value"),
        number: sale.number,
        saleDate: sale.saleDate,
        status: sale.status,
        excursionTitle: sql<string | null>`${excursion.title}`.as("excursion_title"),
        departureAt: sql<string | null>`${excursion.departureAt}`.as("departure_at"),
        clientName: sql<string | null>`${client.name}`.as("client_name"),
        agentName: sql<string | null>`${agent.name}`.as("agent_name"),
        currency: sale.currency,
        priceCents: sale.priceCents,
        discountCents: sale.discountCents,
        totalCents: sale.totalCents,
        passengerCount: sale.passengerCount,
        paymentMethod: sale.paymentMethod,
      })
      .from(sale)
      .leftJoin(excursion, and(eq(excursion.id, sale.excursionId), eq(excursion.agencyId, agencyId)))
      .leftJoin(client, and(eq(client.id, sale.clientId), eq(client.agencyId, agencyId)))
      .leftJoin(agent, and(eq(agent.id, sale.agentId), eq(agent.agencyId, agencyId)))
      .where(where)
      .orderBy(...order)
      .limit(limit);
}

export async function listExcursionSales(scope: Scope, query: ListQuery<ExcursionSaleSort, ExcursionSaleFilter>) {
  const { rows, page } = await runList(scope, excursionSaleSource(scope), query, selectSales(scope, query));
  return { rows: rows as ExcursionSaleListRow[], page };
}

/** The current filter of the list as CSV (money "1.234,56"; status and method in the user's language; departure in the agency's zone). */
export function excursionSalesCsv(scope: Scope, query: ListQuery<ExcursionSaleSort, ExcursionSaleFilter>, filename: string, label: (key: string) => string, instant: (iso: string) => string): Response {
  return exportList(
    scope,
    excursionSaleSource(scope),
    query,
    selectSales(scope, query) as unknown as (where: SQL, order: SQL[], limit: number) => Promise<ExcursionSaleListRow[]>,
    EXCURSION_SALE_CSV_COLUMNS,
    (r): Record<ExcursionSaleCsvColumn, string> => ({
      number: String(r.number),
      saleDate: r.saleDate,
      status: label(`sales.status.${r.status}`),
      excursion: r.excursionTitle ?? "",
      departure: r.departureAt ? instant(r.departureAt) : "",
      client: r.clientName ?? "",
      seller: r.agentName ?? "",
      passengers: String(r.passengerCount),
      currency: r.currency,
      price: formatCents(r.priceCents),
      discount: formatCents(r.discountCents),
      total: formatCents(r.totalCents),
      paymentMethod: label(`sales.method.${r.paymentMethod}`),
    }),
    filename,
  );
}

