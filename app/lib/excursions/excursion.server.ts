/**
 * Excursions on the server: the record store, the list (destination, charter,
 * seats held and confirmed from excursion_passenger), the options of the form,
 * the checks a save needs from the database (every referenced row the agency's
 * and live — or already on the trip —, the charter's capacity and vehicle, the
 * boarding times from the points' usual offsets, the global slug), the child
 * rows saved with it by the record kit (boarding points, price tiers,
 * components), the status moves (refuseMove on facts read here; a cancellation
 * notifies the sellers), the manifest lock, clone, prefill from a charter, and
 * the CSV export. Images: service-images.server.ts.
 */
import { and, asc, eq, gt, gte, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import {
  accommodationBlock,
  airBlock,
  boardingPoint,
  destination,
  driver,
  excursion,
  excursionBoarding,
  excursionComponent,
  excursionPassenger,
  excursionPrice,
  fleetVehicle,
  groundCharter,
  guide,
  receptiveService,
} from "~/db/schema";
import { nowIso } from "~/db/schema/columns";
import type { ExcursionComponentKind } from "~/db/schema/excursions";
import { formatCents } from "~/lib/finance/money";
import { exportList } from "~/lib/kit/export.server";
import { parseForm } from "~/lib/kit/forms";
import type { ListQuery } from "~/lib/kit/list";
import { runList } from "~/lib/kit/list.server";
import { createRecord, deleteRecord, findRecord, listSourceOf, recordStore, type ChildRows, type ReadScope } from "~/lib/kit/record.server";
import type { ExtraIntents, RecordSpec } from "~/lib/kit/record-action.server";
import { buildSearchText } from "~/lib/kit/search-text";
import { redirectWithToast } from "~/lib/platform/flash.server";
import { badRequest, conflict, forbidden, notFound } from "~/lib/platform/http";
import type { RealtimeEnv } from "~/lib/platform/realtime.server";
import { fail, ok, type Result } from "~/lib/platform/result";
import type { Scope } from "~/lib/platform/scope.server";
import { zonedDayRange } from "~/lib/platform/time-zone";
import type { ToastMessage } from "~/lib/platform/toast";
import { moveExcursion } from "~/lib/excursions/moves.server";
import { EXCURSION_ENTITY, availabilityOf, boardingTime, canPublish, componentRef, CREW_KINDS, EXCURSION_CSV_COLUMNS, EXCURSION_LIST_PATH, excErr, excursionFormValues, publicExcursionPath, refusedByManifestLock, shiftDays, type ExcursionAvailability, type ExcursionChildren, type ExcursionCsvColumn, type ExcursionFilter, type ExcursionFormValues, type ExcursionInput, type ExcursionSort, type LockedFacts } from "~/lib/excursions/excursion";
import { excursionEditSchema, excursionSchema, moveSchema } from "~/lib/excursions/excursion.schema";
import { isEditable, type ExcursionStatus } from "~/lib/excursions/status";
import { excursionPlaceCounts, excursionSeatStates } from "~/lib/excursions/operational-seats.server";
import { canArchiveServices, SERVICE_CURRENCIES, utcToLocalInput } from "~/lib/services/fields";
import { packageDestinationOptions } from "~/lib/services/package.server";
import type { SeatLayout } from "~/lib/services/seat-layout";
import { imageIntents } from "~/lib/services/service-images.server";
import { packageSlug } from "~/lib/services/slug";
import { agencyPrefix, freeSlug, slugTaken } from "~/lib/services/slug.server";

export { EXCURSION_ENTITY };
export { EXCURSION_LIST_PATH };

export type ExcursionRow = typeof excursion.$inferSelect;
export type Option = { value: string; label: string };

const E = excursion;
const B = excursionBoarding;
const C = excursionComponent;
const PR = excursionPrice;
const PX = excursionPassenger;

export const excursionStore = recordStore({
  table: excursion,
  entity: EXCURSION_ENTITY,
  label: (row) => row.title,
  softDelete: excursion.archivedAt,
  searchText: excursion.searchText,
  createdBy: excursion.createdBy,
});

/** The list's source; the date range is the agency's calendar days, so it is made for a time zone. */
export function excursionSource(timeZone: string) {
  return listSourceOf<ExcursionSort, ExcursionFilter>(excursionStore, {
    sortColumns: { departureAt: E.departureAt, title: E.searchText, createdAt: E.createdAt },
    filterWhere: (f) => {
      const out: SQL[] = [];
      if (f.status) out.push(eq(E.status, f.status as ExcursionStatus));
      if (f.destino) out.push(eq(E.destinationId, f.destino));
      if (f.publicado) out.push(eq(E.published, f.publicado === "sim"));
      const { start, end } = zonedDayRange(f.de ?? null, f.ate ?? null, timeZone);
      if (start) out.push(gte(E.departureAt, start));
      if (end) out.push(lt(E.departureAt, end));
      return out;
    },
  });
}

/** What search finds an excursion by: title, slug, destination and charter. */
export const excursionSearchText = (r: { title: string; slug: string; destinationName?: string | null; charterTitle?: string | null }) =>
  buildSearchText(r.title, r.slug, r.destinationName, r.charterTitle);

// ---------------------------------------------------------------------------
// Passengers: counts and seats (sales write them, #16)

/** Places held and confirmed per excursion: the one seat rule (operational-seats.server.ts). */
export const passengerCounts = excursionPlaceCounts;

/** An excursion's availability: its capacity against live holds and confirmed seats. */
export async function excursionAvailability(scope: ReadScope, row: { id: string; capacity: number }): Promise<ExcursionAvailability> {
  const c = (await passengerCounts(scope, [row.id])).get(row.id) ?? { held: 0, confirmed: 0 };
  return availabilityOf(row.capacity, c.held, c.confirmed);
}

/** The taken seats of an excursion (seat number → held | sold), for the read-only seat map. */
export const seatStates = excursionSeatStates;

// ---------------------------------------------------------------------------
// List

export type ExcursionListRow = {
  id: string;
  sortValue: string | number | null;
  title: string;
  slug: string;
  status: ExcursionStatus;
  destinationName: string | null;
  charterTitle: string | null;
  departureAt: string;
  returnAt: string;
  availability: ExcursionAvailability;
  minPassengers: number;
  priceFrom: number | null;
  currency: string;
  published: boolean;
};

const listColumns = (sortColumn: unknown) => ({
  id: E.id,
  sortValue: sql<string | number | null>`${sortColumn}`,
  title: E.title,
  slug: E.slug,
  status: E.status,
  departureAt: E.departureAt,
  returnAt: E.returnAt,
  capacity: E.capacity,
  minPassengers: E.minPassengers,
  currency: E.currency,
  published: E.published,
  destinationName: destination.name,
  charterTitle: groundCharter.title,
});

/** The lowest price per person of excursions (a free place is no "from"); by id. */
async function lowestPrices(scope: ReadScope, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await scope.db
    .select({ excursionId: PR.excursionId, cents: sql<number>`min(${PR.priceCents})` })
    .from(PR)
    .where(and(eq(PR.agencyId, scope.agencyId), inArray(PR.excursionId, [...ids]), gt(PR.priceCents, 0)))
    .groupBy(PR.excursionId);
  return new Map(rows.map((r) => [r.excursionId, Number(r.cents)]));
}

function listQuery(scope: Scope, sortColumn: unknown) {
  const { db, agencyId } = scope;
  return (where: SQL, order: SQL[], limit: number) =>
    db
      .select(listColumns(sortColumn))
      .from(E)
      .leftJoin(destination, and(eq(destination.id, E.destinationId), eq(destination.agencyId, agencyId)))
      .leftJoin(groundCharter, and(eq(groundCharter.id, E.charterId), eq(groundCharter.agencyId, agencyId)))
      .where(where)
      .orderBy(...order)
      .limit(limit);
}

type ListDbRow = Awaited<ReturnType<ReturnType<typeof listQuery>>>[number];

async function decorate(scope: Scope, rows: readonly ListDbRow[]): Promise<ExcursionListRow[]> {
  const ids = rows.map((r) => r.id);
  const [counts, prices] = await Promise.all([passengerCounts(scope, ids), lowestPrices(scope, ids)]);
  return rows.map((r) => {
    const c = counts.get(r.id) ?? { held: 0, confirmed: 0 };
    return {
      id: r.id,
      sortValue: r.sortValue,
      title: r.title,
      slug: r.slug,
      status: r.status,
      destinationName: r.destinationName,
      charterTitle: r.charterTitle,
      departureAt: r.departureAt,
      returnAt: r.returnAt,
      availability: availabilityOf(r.capacity, c.held, c.confirmed),
      minPassengers: r.minPassengers,
      priceFrom: prices.get(r.id) ?? null,
      currency: r.currency,
      published: r.published,
    };
  });
}

export async function listExcursions(scope: Scope, query: ListQuery<ExcursionSort, ExcursionFilter>) {
  const source = excursionSource(scope.timeZone);
  const { rows, page } = await runList({ db: scope.db, agencyId: scope.agencyId }, source, query, listQuery(scope, source.sortColumns[query.sort]));
  return { page, rows: await decorate(scope, rows) };
}

/** The current filter of the list as CSV (date-times in the agency's zone, money as "1.234,56"). */
export function excursionsCsv(scope: Scope, query: ListQuery<ExcursionSort, ExcursionFilter>, filename: string, texts: { status: (s: ExcursionStatus) => string; yesNo: (v: boolean) => string }): Response {
  const source = excursionSource(scope.timeZone);
  const select = listQuery(scope, source.sortColumns[query.sort]);
  const local = (iso: string) => utcToLocalInput(iso, scope.timeZone).replace("T", " ");
  const pointsOf = async (ids: string[]) => {
    const out = new Map<string, string[]>();
    if (ids.length === 0) return out;
    const rows = await scope.db
      .select({ excursionId: B.excursionId, name: boardingPoint.name, at: B.departureAt })
      .from(B)
      .innerJoin(boardingPoint, and(eq(boardingPoint.id, B.boardingPointId), eq(boardingPoint.agencyId, scope.agencyId)))
      .where(and(eq(B.agencyId, scope.agencyId), inArray(B.excursionId, ids), isNull(B.archivedAt)))
      .orderBy(asc(B.excursionId), asc(B.departureAt));
    for (const r of rows) out.set(r.excursionId, [...(out.get(r.excursionId) ?? []), `${r.name} ${local(r.at).slice(11)}`]);
    return out;
  };
  // Decorated page by page: counts, prices and boarding points for each batch of rows.
  const decorated = async (where: SQL, order: SQL[], limit: number) => {
    const rows = await select(where, order, limit);
    const [list, points] = await Promise.all([decorate(scope, rows), pointsOf(rows.map((r) => r.id))]);
    return list.map((r) => ({ ...r, points: points.get(r.id) ?? [] }));
  };
  return exportList(
    scope,
    source,
    query,
    decorated,
    EXCURSION_CSV_COLUMNS,
    (r): Record<ExcursionCsvColumn, string> => ({
      title: r.title,
      slug: r.slug,
      status: texts.status(r.status),
      destination: r.destinationName ?? "",
      departureAt: local(r.departureAt),
      returnAt: local(r.returnAt),
      charter: r.charterTitle ?? "",
      capacity: String(r.availability.capacity),
      held: String(r.availability.held),
      confirmed: String(r.availability.confirmed),
      free: String(r.availability.free),
      minPassengers: String(r.minPassengers),
      boardingPoints: r.points.join(" | "),
      priceFrom: r.priceFrom === null ? "" : formatCents(r.priceFrom),
      currency: r.currency,
      published: texts.yesNo(r.published),
      publicPath: r.published ? publicExcursionPath(r.slug) : "",
    }),
    filename,
  );
}

// ---------------------------------------------------------------------------
// Options

export const excursionDestinationOptions = (scope: ReadScope, include: readonly string[] = []) => packageDestinationOptions(scope, include);

/** The agency's live boarding points (and the ones given), with their usual offset after the departure. */
export async function boardingPointOptions(scope: ReadScope, include: readonly string[] = []): Promise<(Option & { offset: number })[]> {
  const rows = await scope.db
    .select({ id: boardingPoint.id, name: boardingPoint.name, city: boardingPoint.city, state: boardingPoint.state, offset: boardingPoint.defaultOffsetMinutes })
    .from(boardingPoint)
    .where(and(eq(boardingPoint.agencyId, scope.agencyId), or(isNull(boardingPoint.deletedAt), include.length > 0 ? inArray(boardingPoint.id, [...include]) : sql`0`)))
    .orderBy(asc(boardingPoint.searchText), asc(boardingPoint.id))
    .limit(500);
  return rows.map((r) => ({ value: r.id, label: [r.name, [r.city, r.state].filter(Boolean).join(" - ")].filter(Boolean).join(" · "), offset: r.offset }));
}

/** The agency's live ground charters (and the current one). */
export async function charterOptions(scope: ReadScope, include?: string | null): Promise<(Option & { capacity: number })[]> {
  const rows = await scope.db
    .select({ id: groundCharter.id, title: groundCharter.title, capacity: groundCharter.capacity, plate: groundCharter.vehiclePlate })
    .from(groundCharter)
    .where(and(eq(groundCharter.agencyId, scope.agencyId), or(isNull(groundCharter.archivedAt), include ? eq(groundCharter.id, include) : sql`0`)))
    .orderBy(asc(groundCharter.departureAt), asc(groundCharter.id))
    .limit(500);
  return rows.map((r) => ({ value: r.id, label: [r.title, r.plate].filter(Boolean).join(" · "), capacity: r.capacity }));
}

/** The agency's live fleet vehicles (and the current one). */
export async function vehicleOptions(scope: ReadScope, include?: string | null): Promise<Option[]> {
  const rows = await scope.db
    .select({ id: fleetVehicle.id, plate: fleetVehicle.plate, model: fleetVehicle.model, seats: fleetVehicle.seats })
    .from(fleetVehicle)
    .where(and(eq(fleetVehicle.agencyId, scope.agencyId), or(isNull(fleetVehicle.deletedAt), include ? eq(fleetVehicle.id, include) : sql`0`)))
    .orderBy(asc(fleetVehicle.searchText), asc(fleetVehicle.id))
    .limit(500);
  return rows.map((r) => ({ value: r.id, label: `${r.plate} · ${r.model} (${r.seats})` }));
}

/** Where each component kind's rows live, and whether a row is live. */
const COMPONENT_SOURCES = {
  hotel_block: { table: accommodationBlock, id: accommodationBlock.id, agency: accommodationBlock.agencyId, label: accommodationBlock.title, gone: accommodationBlock.archivedAt, column: "hotelBlockId" },
  air_block: { table: airBlock, id: airBlock.id, agency: airBlock.agencyId, label: airBlock.title, gone: airBlock.archivedAt, column: "airBlockId" },
  receptive_service: { table: receptiveService, id: receptiveService.id, agency: receptiveService.agencyId, label: receptiveService.name, gone: receptiveService.deletedAt, column: "receptiveServiceId" },
  guide: { table: guide, id: guide.id, agency: guide.agencyId, label: guide.name, gone: guide.deletedAt, column: "guideId" },
  driver: { table: driver, id: driver.id, agency: driver.agencyId, label: driver.name, gone: driver.deletedAt, column: "driverId" },
} as const satisfies Record<ExcursionComponentKind, unknown>;

const COMPONENT_KINDS = Object.keys(COMPONENT_SOURCES) as ExcursionComponentKind[];

/** Rows of a component kind: the agency's, live or among `include`; id → { label, live }. */
async function componentRows(scope: ReadScope, kind: ExcursionComponentKind, include: readonly string[], only?: readonly string[]) {
  const s = COMPONENT_SOURCES[kind];
  const rows = (await scope.db
    .select({ id: s.id, label: s.label, gone: s.gone })
    .from(s.table)
    .where(
      and(
        eq(s.agency, scope.agencyId),
        only ? inArray(s.id, only.length > 0 ? [...only] : [""]) : or(isNull(s.gone), include.length > 0 ? inArray(s.id, [...include]) : sql`0`),
      ),
    )
    .orderBy(asc(s.label), asc(s.id))
    .limit(300)) as { id: string; label: string; gone: string | null }[];
  return rows;
}

export type ComponentGroup = { kind: ExcursionComponentKind; options: Option[] };

/** The component select's groups: per kind, the agency's live rows (and the ones on the trip); values "kind:id". */
export async function componentOptions(scope: ReadScope, current: ExcursionChildren["components"] = []): Promise<ComponentGroup[]> {
  return Promise.all(
    COMPONENT_KINDS.map(async (kind) => {
      const rows = await componentRows(
        scope,
        kind,
        current.filter((c) => c.kind === kind).map((c) => c.refId),
      );
      return { kind, options: rows.map((r) => ({ value: componentRef(kind, r.id), label: r.label })) };
    }),
  );
}

// ---------------------------------------------------------------------------
// Children

/** An excursion's live children as stored (the form, the lock, clone). */
export async function excursionChildRows(scope: ReadScope, id: string): Promise<ExcursionChildren> {
  const [boardings, prices, components] = await Promise.all([
    scope.db
      .select({ id: B.id, boardingPointId: B.boardingPointId, departureAt: B.departureAt })
      .from(B)
      .where(and(eq(B.agencyId, scope.agencyId), eq(B.excursionId, id), isNull(B.archivedAt)))
      .orderBy(asc(B.departureAt), asc(B.position)),
    scope.db
      .select({ roomType: PR.roomType, ageBand: PR.ageBand, priceCents: PR.priceCents })
      .from(PR)
      .where(and(eq(PR.agencyId, scope.agencyId), eq(PR.excursionId, id))),
    scope.db
      .select()
      .from(C)
      .where(and(eq(C.agencyId, scope.agencyId), eq(C.excursionId, id)))
      .orderBy(asc(C.position)),
  ]);
  return {
    boardings,
    prices,
    components: components.map((c) => ({ id: c.id, kind: c.kind, refId: (c[COMPONENT_SOURCES[c.kind].column] as string | null) ?? "", notes: c.notes })),
  };
}

/** Boarding rows sales point at (they are archived, not deleted, when removed from the trip). */
async function boardingsInUse(scope: ReadScope, ids: readonly string[]): Promise<ReadonlySet<string>> {
  if (ids.length === 0) return new Set();
  const rows = await scope.db
    .selectDistinct({ id: PX.boardingId })
    .from(PX)
    .where(and(eq(PX.agencyId, scope.agencyId), inArray(PX.boardingId, [...ids])));
  return new Set(rows.map((r) => r.id).filter((v): v is string => !!v));
}

export type ResolvedBoarding = { id: string | null; boardingPointId: string; departureAt: string };

/** The child rows an excursion is saved with (record kit): boardings in time order (stable ids), the price grid, the components. */
export function excursionChildren(input: { boardings: readonly ResolvedBoarding[]; prices: ExcursionInput["prices"]; components: ExcursionInput["components"] }): ChildRows[] {
  const noRefs = { hotelBlockId: null, airBlockId: null, receptiveServiceId: null, guideId: null, driverId: null };
  return [
    {
      name: "boardings",
      table: B,
      parentColumn: B.excursionId,
      rows: [...input.boardings]
        .sort((a, b) => a.departureAt.localeCompare(b.departureAt))
        .map((b, position) => ({ ...(b.id ? { id: b.id } : {}), boardingPointId: b.boardingPointId, departureAt: b.departureAt, position })),
      archive: { column: B.archivedAt, referenced: boardingsInUse },
    },
    {
      name: "prices",
      table: PR,
      parentColumn: PR.excursionId,
      match: [PR.roomType, PR.ageBand],
      rows: input.prices.map((p) => ({ roomType: p.roomType, ageBand: p.ageBand, priceCents: p.priceCents })),
    },
    {
      name: "components",
      table: C,
      parentColumn: C.excursionId,
      rows: input.components.map((c, position) => ({
        ...(c.id ? { id: c.id } : {}),
        kind: c.kind,
        ...noRefs,
        [COMPONENT_SOURCES[c.kind].column]: c.refId,
        notes: c.notes,
        position,
      })),
    },
  ];
}

// ---------------------------------------------------------------------------
// Checks

/** What a save decided from the database. */
export type Resolved = {
  slug: string;
  publishedAt: string | null;
  capacity: number;
  vehicleId: string | null;
  boardings: ResolvedBoarding[];
  destinationName: string | null;
  charterTitle: string | null;
};

/** The agency's fleet vehicle with the plate, if any (a charter's bus). */
async function vehicleByPlate(scope: ReadScope, plate: string | null): Promise<string | null> {
  if (!plate) return null;
  const [row] = await scope.db
    .select({ id: fleetVehicle.id })
    .from(fleetVehicle)
    .where(and(eq(fleetVehicle.agencyId, scope.agencyId), isNull(fleetVehicle.deletedAt), eq(fleetVehicle.plate, plate.toUpperCase().replace(/[\s-]/g, ""))))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Field errors a save needs the database for, and what it resolved: the
 * destination, charter, vehicle, boarding points and components must be the
 * agency's live rows (those already on the trip stay acceptable); the charter
 * gives the capacity (and the vehicle, by plate, when none is chosen); an
 * empty boarding time is the departure plus the point's usual offset; the
 * slug is free across agencies (a suffix on create) and kept once published;
 * publishing needs a trip on sale or closed; the capacity cannot drop below
 * the seats taken.
 */
export async function checkExcursion(
  scope: ReadScope,
  input: ExcursionInput,
  current: ExcursionRow | null,
): Promise<{ errors: Record<string, string[]> } | { resolved: Resolved }> {
  const errors: Record<string, string[]> = {};
  const onTrip = current ? await excursionChildRows(scope, current.id) : { boardings: [], prices: [], components: [] };

  const [place] = await scope.db
    .select({ name: destination.name, deletedAt: destination.deletedAt })
    .from(destination)
    .where(and(eq(destination.agencyId, scope.agencyId), eq(destination.id, input.destinationId)))
    .limit(1);
  if (!place || (place.deletedAt && current?.destinationId !== input.destinationId)) errors.destinationId = [excErr.destination];

  let capacity = input.capacity ?? 0;
  let vehicleId = input.vehicleId;
  let charterTitle: string | null = null;
  if (input.charterId) {
    const [charter] = await scope.db
      .select({ title: groundCharter.title, capacity: groundCharter.capacity, plate: groundCharter.vehiclePlate, archivedAt: groundCharter.archivedAt })
      .from(groundCharter)
      .where(and(eq(groundCharter.agencyId, scope.agencyId), eq(groundCharter.id, input.charterId)))
      .limit(1);
    if (!charter || (charter.archivedAt && current?.charterId !== input.charterId)) errors.charterId = [excErr.charter];
    else {
      capacity = charter.capacity;
      charterTitle = charter.title;
      if (!vehicleId) vehicleId = await vehicleByPlate(scope, charter.plate);
    }
  }
  if (input.vehicleId) {
    const [vehicle] = await scope.db
      .select({ deletedAt: fleetVehicle.deletedAt })
      .from(fleetVehicle)
      .where(and(eq(fleetVehicle.agencyId, scope.agencyId), eq(fleetVehicle.id, input.vehicleId)))
      .limit(1);
    if (!vehicle || (vehicle.deletedAt && current?.vehicleId !== input.vehicleId)) errors.vehicleId = [excErr.vehicle];
  }

  const boardings: ResolvedBoarding[] = [];
  if (input.boardings.length > 0) {
    const points = await scope.db
      .select({ id: boardingPoint.id, offset: boardingPoint.defaultOffsetMinutes, deletedAt: boardingPoint.deletedAt })
      .from(boardingPoint)
      .where(and(eq(boardingPoint.agencyId, scope.agencyId), inArray(boardingPoint.id, input.boardings.map((b) => b.boardingPointId))));
    const byId = new Map(points.map((p) => [p.id, p]));
    const kept = new Set(onTrip.boardings.map((b) => b.boardingPointId));
    input.boardings.forEach((b, i) => {
      const point = byId.get(b.boardingPointId);
      if (!point || (point.deletedAt && !kept.has(b.boardingPointId))) {
        errors[`boardings[${i}].boardingPointId`] = [excErr.boardingPoint];
        return;
      }
      const at = b.departureAt ?? boardingTime(input.departureAt, point.offset);
      if (at < input.departureAt) errors[`boardings[${i}].departureAt`] = [excErr.boardingBeforeDeparture];
      boardings.push({ id: b.id, boardingPointId: b.boardingPointId, departureAt: at });
    });
  }

  for (const kind of COMPONENT_KINDS) {
    const wanted = input.components.map((c, i) => ({ c, i })).filter(({ c }) => c.kind === kind);
    if (wanted.length === 0) continue;
    const rows = await componentRows(scope, kind, [], wanted.map(({ c }) => c.refId));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const kept = new Set(onTrip.components.filter((c) => c.kind === kind).map((c) => c.refId));
    for (const { c, i } of wanted) {
      const row = byId.get(c.refId);
      if (!row || (row.gone && !kept.has(c.refId))) errors[`components[${i}].ref`] = [excErr.component];
    }
  }

  const status = current?.status ?? "draft";
  if (input.published && !canPublish(status) && !current?.published) errors.published = [excErr.publishStatus];

  if (current) {
    const taken = (await passengerCounts(scope, [current.id])).get(current.id);
    if (taken && taken.held + taken.confirmed > capacity) errors[input.charterId ? "charterId" : "capacity"] = [excErr.capacityTaken];
  }

  let slug: string;
  if (!current) {
    slug = await freeSlug(scope, E, input.slug ?? packageSlug(await agencyPrefix(scope), input.title));
  } else {
    slug = input.slug ?? current.slug;
    if (slug !== current.slug) {
      if (current.publishedAt) errors.slug = [excErr.slugKept];
      else if (await slugTaken(scope, E, slug, current.id)) errors.slug = [excErr.slugTaken];
    }
  }
  if (Object.keys(errors).length > 0) return { errors };
  const publishedAt = current?.publishedAt ?? (input.published ? nowIso() : null);
  return { resolved: { slug, publishedAt, capacity, vehicleId, boardings, destinationName: place?.name ?? null, charterTitle } };
}

/** The stored columns of a validated input (derived: slug, capacity, vehicle, first publication, search text). */
export function excursionValues(input: ExcursionInput, resolved: Resolved) {
  return {
    title: input.title,
    slug: resolved.slug,
    summary: input.summary,
    destinationId: input.destinationId,
    departureAt: input.departureAt,
    returnAt: input.returnAt,
    charterId: input.charterId,
    capacity: resolved.capacity,
    vehicleId: resolved.vehicleId,
    minPassengers: input.minPassengers,
    includes: input.includes,
    excludes: input.excludes,
    cancellationPolicy: input.cancellationPolicy,
    currency: input.currency,
    published: input.published,
    publishedAt: resolved.publishedAt,
    searchText: excursionSearchText({ title: input.title, slug: resolved.slug, destinationName: resolved.destinationName, charterTitle: resolved.charterTitle }),
  };
}

/** The record kit's spec of the excursion screen, for a request (the schemas are in the agency's time zone). */
export function excursionSpec(scope: Pick<Scope, "timeZone">): RecordSpec<typeof excursion, ExcursionInput> {
  let resolved: Resolved | null = null;
  return {
    store: excursionStore,
    listPath: EXCURSION_LIST_PATH,
    // Excursions are archived (intent "archive"), never deleted.
    canDelete: () => false,
    schemas: { create: excursionSchema(scope.timeZone), edit: excursionEditSchema(scope.timeZone) },
    values: (input) => excursionValues(input, resolved!),
    children: (input) => excursionChildren({ boardings: resolved!.boardings, prices: input.prices, components: input.components }),
    display: (row) => ({
      title: row.title,
      slug: row.slug,
      summary: row.summary ?? "",
      departureAt: utcToLocalInput(row.departureAt, scope.timeZone),
      returnAt: utcToLocalInput(row.returnAt, scope.timeZone),
      capacity: String(row.capacity),
      minPassengers: String(row.minPassengers),
      includes: row.includes.join("\n"),
      excludes: row.excludes.join("\n"),
      currency: row.currency,
      cancellationPolicy: row.cancellationPolicy ?? "",
      published: row.published ? "✓" : "—",
    }),
    check: async (s, input, current) => {
      const checked = await checkExcursion(s, input, current);
      if ("errors" in checked) return checked.errors;
      resolved = checked.resolved;
      return null;
    },
  };
}

/** A stored excursion as the form shows it, children included. */
export async function excursionForm(scope: ReadScope & Pick<Scope, "timeZone">, row: ExcursionRow): Promise<ExcursionFormValues> {
  return excursionFormValues(row, await excursionChildRows(scope, row.id), scope.timeZone);
}

/** The values of an empty form (novo): one empty row of each list, the agency's currency. */
export const excursionEmpty = (currency: string, timeZone: string): ExcursionFormValues => ({
  ...excursionFormValues(
    {
      title: "",
      slug: "",
      summary: null,
      destinationId: "",
      departureAt: "",
      returnAt: "",
      charterId: null,
      capacity: 0,
      vehicleId: null,
      minPassengers: 1,
      includes: [],
      excludes: [],
      cancellationPolicy: null,
      currency: "BRL",
      published: false,
    },
    { boardings: [], prices: [], components: [] },
    timeZone,
  ),
  currency: (SERVICE_CURRENCIES as readonly string[]).includes(currency) ? currency : "BRL",
});

/** Novo excursão from a ground charter (?fretamento=id): its title, destination, dates, charter, vehicle (by plate) and currency; null when not the agency's live charter. */
export async function excursionFromCharter(scope: Scope, charterId: string | null): Promise<ExcursionFormValues | null> {
  if (!charterId || !/^[A-Za-z0-9_-]{1,64}$/.test(charterId)) return null;
  const [c] = await scope.db
    .select()
    .from(groundCharter)
    .where(and(eq(groundCharter.agencyId, scope.agencyId), eq(groundCharter.id, charterId), isNull(groundCharter.archivedAt)))
    .limit(1);
  if (!c) return null;
  const local = (iso: string | null) => (iso ? utcToLocalInput(iso, scope.timeZone) : "");
  return {
    ...excursionEmpty(c.currency, scope.timeZone),
    title: c.title,
    destinationId: c.destinationId ?? "",
    departureAt: local(c.departureAt),
    returnAt: local(c.returnAt),
    charterId: c.id,
    vehicleId: (await vehicleByPlate(scope, c.vehiclePlate)) ?? "",
  };
}

/** The charter's seat map of an excursion (null without a charter). */
export async function charterLayout(scope: ReadScope, charterId: string | null): Promise<{ layout: SeatLayout; title: string } | null> {
  if (!charterId) return null;
  const [row] = await scope.db
    .select({ layout: groundCharter.seatLayout, title: groundCharter.title })
    .from(groundCharter)
    .where(and(eq(groundCharter.agencyId, scope.agencyId), eq(groundCharter.id, charterId)))
    .limit(1);
  return row ? { layout: row.layout, title: row.title } : null;
}

// ---------------------------------------------------------------------------
// The manifest lock

/** The locked facts of a stored trip. */
const storedFacts = (row: ExcursionRow, children: ExcursionChildren): LockedFacts => ({
  departureAt: row.departureAt,
  returnAt: row.returnAt,
  charterId: row.charterId,
  vehicleId: row.vehicleId,
  boardings: children.boardings,
  crew: children.components.filter((c) => CREW_KINDS.includes(c.kind)),
});

/**
 * A save of a trip whose manifest is final, by someone other than an Admin:
 * the locked fields it would change (empty: it may go on). Invalid input goes
 * on too (the kit answers it with its field errors, nothing written).
 */
export async function manifestLockRefusal(scope: Scope, row: ExcursionRow, formData: FormData): Promise<string[]> {
  if (!row.manifestFinalAt || scope.role === "Admin" || scope.role === "SuperAdmin") return [];
  const submission = parseForm(formData, excursionEditSchema(scope.timeZone));
  if (!submission || submission.status !== "success") return [];
  const input = submission.value as ExcursionInput;
  const checked = await checkExcursion(scope, input, row);
  if ("errors" in checked) return [];
  const before = storedFacts(row, await excursionChildRows(scope, row.id));
  const after: LockedFacts = {
    departureAt: input.departureAt,
    returnAt: input.returnAt,
    charterId: input.charterId,
    vehicleId: checked.resolved.vehicleId,
    boardings: checked.resolved.boardings,
    crew: input.components,
  };
  return refusedByManifestLock(scope.role, row.manifestFinalAt, before, after);
}

// ---------------------------------------------------------------------------
// Intents of the edit screen

const toast = (title: string, values?: Record<string, string>): ToastMessage => ({ title, variant: "destructive", ...(values ? { values } : {}) });

/**
 * The edit screen's own intents: the status moves, archive (administrators and
 * operations; not while passengers hold seats), the images', and the guards of
 * a save: done and cancelled trips are read-only (409), and a final manifest
 * refuses a non-Admin's change of dates, vehicle, boarding or crew (403).
 * Another agency's or an unknown id is a 404, whatever the intent.
 */
export function excursionIntents(id: string, env: RealtimeEnv & { FILES: R2Bucket }): ExtraIntents {
  const images = imageIntents({ kind: "excursion", id }, env.FILES);
  return async (intent, formData, scope) => {
    const row = await findRecord(scope, excursionStore, id);
    if (!row) throw notFound();
    if (intent === "move") {
      const parsed = moveSchema.safeParse({ to: formData.get("to") ?? undefined, reason: typeof formData.get("reason") === "string" ? formData.get("reason") : undefined });
      if (!parsed.success) return badRequest({ moveError: "services.excursions.moves.refused.notAllowed", toast: toast("services.excursions.moves.refused.notAllowed") });
      const moved = await moveExcursion(scope, env, row, parsed.data.to, parsed.data.reason);
      if (!moved.ok) {
        const key = `services.excursions.moves.refused.${moved.reason}`;
        return conflict({ moveError: key, toast: toast(key) });
      }
      return { moved: moved.to, toast: { title: `services.excursions.moves.done.${moved.to}`, values: { name: row.title } } satisfies ToastMessage };
    }
    if (intent === "archive") {
      if (!canArchiveServices(scope.role)) return forbidden({ archiveError: "services.archive.forbidden", toast: toast("services.archive.forbidden") });
      const taken = (await passengerCounts(scope, [id])).get(id);
      if (taken && taken.held + taken.confirmed > 0) return conflict({ archiveError: "services.excursions.errors.archivePassengers", toast: toast("services.excursions.errors.archivePassengers") });
      const result = await deleteRecord(scope, excursionStore, id);
      if (!result.ok) throw notFound();
      return redirectWithToast(EXCURSION_LIST_PATH, { title: "services.archive.done", values: { name: result.label } });
    }
    const answered = await images(intent, formData, scope);
    if (answered !== undefined) return answered;
    // A save (or a repeatable row's add / remove).
    if (!isEditable(row.status)) return conflict({ readOnly: true, toast: toast(excErr.readOnly) });
    const locked = await manifestLockRefusal(scope, row, formData);
    if (locked.length > 0) return forbidden({ lockError: "services.excursions.errors.manifestLocked", locked, toast: toast("services.excursions.errors.manifestLocked") });
    return undefined;
  };
}

// ---------------------------------------------------------------------------
// Clone

/**
 * A new draft from an excursion: everything but its passengers (and images,
 * which the copy gets its own), every date — departure, return, each boarding
 * time — moved by `offsetDays` on the agency's calendar, a free slug made
 * from the agency and the new title, not published, `cloned_from` set.
 */
export async function cloneExcursion(scope: Scope, id: string, offsetDays: number, title: string): Promise<Result<{ id: string; title: string }, "notFound" | "unique">> {
  const row = await findRecord(scope, excursionStore, id);
  if (!row) return fail("notFound");
  const children = await excursionChildRows(scope, id);
  const shift = (iso: string) => shiftDays(iso, offsetDays, scope.timeZone);
  const slug = await freeSlug(scope, E, packageSlug(await agencyPrefix(scope), title));
  const {
    id: _id,
    agencyId: _a,
    createdAt: _c,
    updatedAt: _u,
    version: _v,
    createdBy: _b,
    archivedAt: _d,
    status: _s,
    statusReason: _r,
    statusChangedAt: _sc,
    manifestFinalAt: _m,
    manifestFinalBy: _mb,
    publishedAt: _p,
    ...copy
  } = row;
  const created = await createRecord(
    scope,
    excursionStore,
    {
      ...copy,
      title,
      slug,
      departureAt: shift(row.departureAt),
      returnAt: shift(row.returnAt),
      status: "draft",
      published: false,
      clonedFrom: row.id,
      searchText: excursionSearchText({ title, slug }),
    },
    undefined,
    excursionChildren({
      boardings: children.boardings.map((b) => ({ id: null, boardingPointId: b.boardingPointId, departureAt: shift(b.departureAt) })),
      prices: children.prices as ExcursionInput["prices"],
      components: children.components.map((c) => ({ ...c, id: null })),
    }),
  );
  if (!created.ok) return created;
  return ok({ id: created.id, title });
}

/** A stored excursion's title and whether it may be cloned (the agency's live one), for the clone screen. */
export async function excursionToClone(scope: ReadScope, id: string) {
  const row = await findRecord(scope, excursionStore, id);
  return row ? { id: row.id, title: row.title, departureAt: row.departureAt, returnAt: row.returnAt } : null;
}

