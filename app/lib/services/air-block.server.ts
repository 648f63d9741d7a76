/**
 * Air blocks on the server: the record store and list (airline, destination,
 * route, seats, availability, the name / ticketing deadline marks), the save
 * with the flight segments as the kit's child rows, the passenger list (at most
 * `seats` names, each with its own version), clone, archive and the exports
 * (the list as CSV; the passenger list as CSV and PDF for the airline).
 */
import { and, asc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { SubmissionResult } from "@conform-to/react";
import { airBlock, airBlockPassenger, airBlockSegment, destination, supplier } from "~/db/schema";
import { newId, nowIso } from "~/db/schema/columns";
import { formatCents } from "~/lib/finance/money";
import { exportList } from "~/lib/kit/export.server";
import { parseForm } from "~/lib/kit/forms";
import type { ListQuery } from "~/lib/kit/list";
import { runList } from "~/lib/kit/list.server";
import { createRecord, deleteRecord, findRecord, listSourceOf, recordStore, type ChildRows, type ReadScope, type WriteScope } from "~/lib/kit/record.server";
import type { RecordSpec } from "~/lib/kit/record-action.server";
import { buildSearchText } from "~/lib/kit/search-text";
import { auditInsert } from "~/lib/platform/audit.server";
import { fail, ok, type Result } from "~/lib/platform/result";
import type { Scope } from "~/lib/platform/scope.server";
import { zonedDayRange } from "~/lib/platform/time-zone";
import { AIR_BLOCK_CSV_COLUMNS, AIR_BLOCK_LIST_PATH, airBlockFormValues, EMPTY_SEGMENT, type AirBlockCsvColumn, type AirBlockInput, type AirBlockSort } from "~/lib/services/air-block";
import { airBlockEditSchema, airBlockSchema, passengersSchema } from "~/lib/services/air-block.schema";
import { blockErr, type BlockFilter } from "~/lib/services/blocks";
import { checkSupplierAndDestination, namesFor } from "~/lib/services/blocks.server";
import type { Availability } from "~/lib/services/charter";
import { deadlineMark, worstMark, type DeadlineMark } from "~/lib/services/deadlines";
import { SERVICE_CURRENCIES, utcToLocalInput } from "~/lib/services/fields";

export const AIR_BLOCK_ENTITY = "air_block";
export { AIR_BLOCK_LIST_PATH };

export type AirBlockRow = typeof airBlock.$inferSelect;
export type SegmentRow = typeof airBlockSegment.$inferSelect;
export type PassengerRow = typeof airBlockPassenger.$inferSelect;

export const airBlockStore = recordStore({
  table: airBlock,
  entity: AIR_BLOCK_ENTITY,
  label: (row) => row.title,
  softDelete: airBlock.archivedAt,
  searchText: airBlock.searchText,
  counter: AIR_BLOCK_ENTITY,
  createdBy: airBlock.createdBy,
});

/** The list's source; the date range is the agency's calendar days of the first departure. */
export function airBlockSource(timeZone: string) {
  return listSourceOf<AirBlockSort, BlockFilter>(airBlockStore, {
    sortColumns: { departureAt: airBlock.departureAt, title: airBlock.searchText, createdAt: airBlock.createdAt },
    filterWhere: (f) => {
      const out: SQL[] = [];
      if (f.fornecedor) out.push(eq(airBlock.airlineId, f.fornecedor));
      if (f.destino) out.push(eq(airBlock.destinationId, f.destino));
      const { start, end } = zonedDayRange(f.de ?? null, f.ate ?? null, timeZone);
      if (start) out.push(gte(airBlock.departureAt, start));
      if (end) out.push(lt(airBlock.departureAt, end));
      return out;
    },
  });
}

export const airBlockSearchText = (r: { title: string; locator?: string | null; airline?: string | null; destination?: string | null; segments?: readonly { flightNumber: string; fromIata: string; toIata: string }[] }) =>
  buildSearchText(r.title, r.locator, r.airline, r.destination, ...(r.segments ?? []).flatMap((s) => [s.flightNumber, s.fromIata, s.toIata]));

// ---------------------------------------------------------------------------
// Segments, passengers and availability

export async function segmentsOf(scope: ReadScope, blockIds: readonly string[]): Promise<SegmentRow[]> {
  if (blockIds.length === 0) return [];
  return scope.db
    .select()
    .from(airBlockSegment)
    .where(and(eq(airBlockSegment.agencyId, scope.agencyId), inArray(airBlockSegment.blockId, [...blockIds])))
    .orderBy(asc(airBlockSegment.blockId), asc(airBlockSegment.position), asc(airBlockSegment.departureAt));
}

export async function passengersOf(scope: ReadScope, blockId: string): Promise<PassengerRow[]> {
  return scope.db
    .select()
    .from(airBlockPassenger)
    .where(and(eq(airBlockPassenger.agencyId, scope.agencyId), eq(airBlockPassenger.blockId, blockId)))
    .orderBy(asc(airBlockPassenger.position), asc(airBlockPassenger.id));
}

/**
 * Availability of air blocks: the total is the block's seats, sold the
 * passengers a sale put in (passenger.sale_id), held none yet. Computed on
 * every read, never stored.
 */
export async function airBlockAvailability(scope: ReadScope, blocks: readonly { id: string; seats: number }[]): Promise<Map<string, Availability & { names: number }>> {
  const out = new Map<string, Availability & { names: number }>();
  if (blocks.length === 0) return out;
  const counts = await scope.db
    .select({ blockId: airBlockPassenger.blockId, names: sql<number>`count(*)`, sold: sql<number>`count(${airBlockPassenger.saleId})` })
    .from(airBlockPassenger)
    .where(and(eq(airBlockPassenger.agencyId, scope.agencyId), inArray(airBlockPassenger.blockId, blocks.map((b) => b.id))))
    .groupBy(airBlockPassenger.blockId);
  const byBlock = new Map(counts.map((c) => [c.blockId, c]));
  for (const b of blocks) {
    const c = byBlock.get(b.id);
    const sold = Math.min(Number(c?.sold ?? 0), b.seats);
    const held = 0;
    out.set(b.id, { total: b.seats, held, sold, free: Math.max(0, b.seats - sold - held), names: Number(c?.names ?? 0) });
  }
  return out;
}

/** The block's deadline marks, the worst of the name and ticketing deadlines. */
export const airBlockMark = (row: { nameDeadline: string | null; ticketingDeadline: string | null }, now: Date, timeZone: string): DeadlineMark =>
  worstMark([row.nameDeadline, row.ticketingDeadline].map((d) => (d ? deadlineMark({ instant: d }, now, timeZone) : null)));

// ---------------------------------------------------------------------------
// Save

/** Field errors a save needs the database for: the airline, the destination, seats not below the names already in. */
export async function checkAirBlock(scope: ReadScope, input: AirBlockInput, current: AirBlockRow | null): Promise<Record<string, string[]> | null> {
  const errors = await checkSupplierAndDestination(
    scope,
    { supplierId: input.airlineId, destinationId: input.destinationId },
    current ? { supplierId: current.airlineId, destinationId: current.destinationId } : null,
    "airline",
    { supplier: "airlineId", categoryError: blockErr.airlineCategory },
  );
  if (current) {
    const names = (await passengersOf(scope, current.id)).length;
    if (input.seats < names) errors.seats = [blockErr.seatsBelowPassengers];
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

export function airBlockValues(input: AirBlockInput, names: { supplier: string | null; destination: string | null }) {
  return {
    title: input.title,
    airlineId: input.airlineId,
    destinationId: input.destinationId,
    locator: input.locator,
    seats: input.seats,
    fareCostCents: input.fareCost,
    farePriceCents: input.farePrice,
    taxesCents: input.taxes,
    currency: input.currency,
    nameDeadline: input.nameDeadline,
    ticketingDeadline: input.ticketingDeadline,
    departureAt: input.segments[0]?.departureAt ?? null,
    notes: input.notes,
    searchText: airBlockSearchText({ title: input.title, locator: input.locator, airline: names.supplier, destination: names.destination, segments: input.segments }),
  };
}

/** The flight segments as the kit's child rows (ids kept: sales will point at them). */
export const segmentChildren = (input: Pick<AirBlockInput, "segments">): ChildRows[] => [
  {
    name: "segments",
    table: airBlockSegment,
    parentColumn: airBlockSegment.blockId,
    rows: input.segments.map((s, position) => ({
      id: s.id ?? undefined,
      position,
      flightNumber: s.flightNumber,
      fromIata: s.fromIata,
      toIata: s.toIata,
      departureAt: s.departureAt,
      arrivalAt: s.arrivalAt,
    })),
  },
];

export function airBlockSpec(scope: Pick<Scope, "timeZone">): RecordSpec<typeof airBlock, AirBlockInput> {
  let names: { supplier: string | null; destination: string | null } = { supplier: null, destination: null };
  return {
    store: airBlockStore,
    listPath: AIR_BLOCK_LIST_PATH,
    canDelete: () => false,
    schemas: { create: airBlockSchema(scope.timeZone), edit: airBlockEditSchema(scope.timeZone) },
    values: (input) => airBlockValues(input, names),
    children: segmentChildren,
    display: (row) => {
      const { segments: _s, ...values } = airBlockFormValues(row, [], scope.timeZone);
      return values;
    },
    check: async (s, input, current) => {
      const errors = await checkAirBlock(s, input, current);
      names = errors ? names : await namesFor(s, input.airlineId, input.destinationId);
      return errors;
    },
  };
}

export async function airBlockForm(scope: ReadScope, row: AirBlockRow, timeZone: string) {
  return airBlockFormValues(row, await segmentsOf(scope, [row.id]), timeZone);
}

export const airBlockEmpty = (currency: string) => ({
  currency: (SERVICE_CURRENCIES as readonly string[]).includes(currency) ? currency : "BRL",
  seats: "",
  segments: [EMPTY_SEGMENT],
});

// ---------------------------------------------------------------------------
// The passenger list

export type PassengerSaveAnswer =
  | { kind: "notFound" }
  | { kind: "malformed" }
  /** 400, or 200 when the form only added / removed / moved a row without JavaScript. */
  | { kind: "invalid"; result: SubmissionResult<string[]>; status: 200 | 400 }
  | { kind: "stale"; result: SubmissionResult<string[]> }
  | { kind: "saved"; result: SubmissionResult<string[]>; changed: boolean };

/**
 * Saves the passenger list posted by its form: rows with an id of this block
 * are updated (their posted version must still be the stored one: else stale,
 * nothing written), rows without one inserted, rows the form was loaded with
 * and no longer posts deleted — never one a sale put in. At most `seats` names.
 * One batch, one audit row on the block.
 */
export async function savePassengers(scope: WriteScope, blockId: string, formData: FormData): Promise<PassengerSaveAnswer> {
  const block = await findRecord(scope, airBlockStore, blockId);
  if (!block) return { kind: "notFound" };
  const submission = parseForm(formData, passengersSchema);
  if (!submission) return { kind: "malformed" };
  if (submission.status !== "success") return { kind: "invalid", result: submission.reply(), status: submission.status === "error" ? 400 : 200 };
  const input = submission.value;
  const stored = await passengersOf(scope, blockId);
  const byId = new Map(stored.map((p) => [p.id, p]));
  const posted = new Set(input.passengers.map((p) => p.id).filter((id): id is string => !!id && byId.has(id)));
  const removed = input.loaded.filter((id) => byId.has(id) && !posted.has(id)).map((id) => byId.get(id)!);
  const kept = stored.length - removed.length;
  const added = input.passengers.filter((p) => !p.id || !byId.has(p.id)).length;
  if (kept + added > block.seats) return { kind: "invalid", result: submission.reply({ formErrors: [blockErr.passengersOverSeats] }), status: 400 };
  if (removed.some((p) => p.saleId)) return { kind: "invalid", result: submission.reply({ formErrors: [blockErr.passengerSold] }), status: 400 };
  const staleRows = input.passengers.filter((p) => p.id && byId.has(p.id) && Number(p.version) !== byId.get(p.id)!.version);
  if (staleRows.length > 0) return { kind: "stale", result: submission.reply({ formErrors: [blockErr.stale] }) };

  const { db, agencyId, userId, ip } = scope;
  const at = nowIso();
  const view = (p: { lastName: string; firstName: string; document: string | null; birthDate: string | null; ticketNumber: string | null }) =>
    [p.lastName, p.firstName, p.document, p.birthDate, p.ticketNumber].filter(Boolean).join(" · ");
  const statements: unknown[] = [];
  const before: string[] = [];
  const after: string[] = [];
  if (removed.length > 0) {
    statements.push(db.delete(airBlockPassenger).where(and(eq(airBlockPassenger.agencyId, agencyId), eq(airBlockPassenger.blockId, blockId), inArray(airBlockPassenger.id, removed.map((p) => p.id)))));
    before.push(...removed.map(view));
  }
  let position = 0;
  const basePosition = stored.reduce((n, p) => Math.max(n, p.position + 1), 0);
  for (const p of input.passengers) {
    position++;
    const values = { lastName: p.lastName, firstName: p.firstName, document: p.document, birthDate: p.birthDate, ticketNumber: p.ticketNumber };
    const current = p.id ? byId.get(p.id) : undefined;
    if (current) {
      const changed = view(current) !== view(values) || current.position !== position;
      if (!changed) continue;
      if (view(current) !== view(values)) {
        before.push(view(current));
        after.push(view(values));
      }
      statements.push(
        db
          .update(airBlockPassenger)
          .set({ ...values, position, updatedAt: at, version: sql`${airBlockPassenger.version} + 1` })
          .where(and(eq(airBlockPassenger.agencyId, agencyId), eq(airBlockPassenger.id, current.id), eq(airBlockPassenger.version, current.version))),
      );
    } else {
      after.push(view(values));
      statements.push(db.insert(airBlockPassenger).values({ id: newId(), agencyId, blockId, position: basePosition + position, ...values, createdAt: at, updatedAt: at }));
    }
  }
  if (statements.length === 0) return { kind: "saved", result: submission.reply(), changed: false };
  statements.push(auditInsert(db, { agencyId, userId, entity: AIR_BLOCK_ENTITY, entityId: blockId, action: "update", changes: { passengers: [before, after] }, ip }));
  await db.batch(statements as never);
  return { kind: "saved", result: submission.reply({ resetForm: true }), changed: true };
}

/** The passenger list as its form shows it. */
export function passengerFormValues(passengers: readonly PassengerRow[]) {
  return {
    loaded: passengers.map((p) => p.id).join(","),
    passengers: passengers.map((p) => ({
      id: p.id,
      version: String(p.version),
      lastName: p.lastName,
      firstName: p.firstName,
      document: p.document ?? "",
      birthDate: p.birthDate ?? "",
      ticketNumber: p.ticketNumber ?? "",
    })),
  };
}

// ---------------------------------------------------------------------------
// Clone and archive

/** Copies a block and its segments ("<title> (cópia)"), without passengers, locator or deadlines. */
export async function cloneAirBlock(scope: WriteScope, id: string, copySuffix: string): Promise<Result<{ id: string; title: string }, "notFound" | "unique">> {
  const row = await findRecord(scope, airBlockStore, id);
  if (!row) return fail("notFound");
  const segments = await segmentsOf(scope, [id]);
  const title = `${row.title} ${copySuffix}`.slice(0, 120);
  const { id: _id, agencyId: _a, createdAt: _c, updatedAt: _u, version: _v, createdBy: _b, archivedAt: _d, ...copy } = row;
  const names = await namesFor(scope, row.airlineId, row.destinationId);
  const created = await createRecord(
    scope,
    airBlockStore,
    { ...copy, title, locator: null, searchText: airBlockSearchText({ title, airline: names.supplier, destination: names.destination, segments }) },
    undefined,
    segmentChildren({ segments: segments.map((s) => ({ ...s, id: null })) }),
  );
  if (!created.ok) return created;
  return ok({ id: created.id, title });
}

export const archiveAirBlock = (scope: WriteScope, id: string) => deleteRecord(scope, airBlockStore, id);

// ---------------------------------------------------------------------------
// List

export type AirBlockListRow = {
  id: string;
  sortValue: string | number | null;
  title: string;
  airlineName: string | null;
  destinationName: string | null;
  locator: string | null;
  route: string;
  departureAt: string | null;
  seats: number;
  passengers: number;
  farePriceCents: number;
  currency: string;
  nameDeadline: string | null;
  ticketingDeadline: string | null;
  availability: Availability;
  mark: DeadlineMark;
};

function selectBlocks(scope: ReadScope, query: ListQuery<AirBlockSort, BlockFilter>, timeZone: string) {
  const { db, agencyId } = scope;
  const sortColumn = airBlockSource(timeZone).sortColumns[query.sort];
  return (where: SQL, order: SQL[], limit: number) =>
    db
      // Flat columns each under its own name: D1 returns a joined row's columns by name (see hotel-block.server.ts).
      .select({
        id: airBlock.id,
        sortValue: sql<string | number | null>`${sortColumn}`.as("sort_value"),
        title: airBlock.title,
        locator: airBlock.locator,
        seats: airBlock.seats,
        fareCostCents: airBlock.fareCostCents,
        farePriceCents: airBlock.farePriceCents,
        taxesCents: airBlock.taxesCents,
        currency: airBlock.currency,
        nameDeadline: airBlock.nameDeadline,
        ticketingDeadline: airBlock.ticketingDeadline,
        departureAt: airBlock.departureAt,
        notes: airBlock.notes,
        airlineName: sql<string | null>`${supplier.name}`.as("airline_name"),
        airlineTradeName: sql<string | null>`${supplier.tradeName}`.as("airline_trade_name"),
        destinationName: sql<string | null>`${destination.name}`.as("destination_name"),
      })
      .from(airBlock)
      .leftJoin(supplier, and(eq(supplier.id, airBlock.airlineId), eq(supplier.agencyId, agencyId)))
      .leftJoin(destination, and(eq(destination.id, airBlock.destinationId), eq(destination.agencyId, agencyId)))
      .where(where)
      .orderBy(...order)
      .limit(limit);
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectBlocks>>>[number];

/** "GRU → LIS → GRU" from a block's segments in order. */
export function routeOf(segments: readonly { fromIata: string; toIata: string }[]): string {
  const stops: string[] = [];
  for (const s of segments) {
    if (stops[stops.length - 1] !== s.fromIata) stops.push(s.fromIata);
    stops.push(s.toIata);
  }
  return stops.join(" → ");
}

async function withFigures(scope: Scope, rows: Selected[], now: Date) {
  const segments = await segmentsOf(scope, rows.map((r) => r.id));
  const availability = await airBlockAvailability(scope, rows);
  return rows.map((r) => {
    const own = segments.filter((s) => s.blockId === r.id);
    return { selected: r, segments: own, availability: availability.get(r.id)!, mark: airBlockMark(r, now, scope.timeZone) };
  });
}

export async function listAirBlocks(scope: Scope, query: ListQuery<AirBlockSort, BlockFilter>, now = new Date()) {
  const { rows, page } = await runList(scope, airBlockSource(scope.timeZone), query, selectBlocks(scope, query, scope.timeZone));
  const figures = await withFigures(scope, rows, now);
  return {
    page,
    rows: figures.map(
      ({ selected: s, segments, availability: { names, ...availability }, mark }): AirBlockListRow => ({
        id: s.id,
        sortValue: s.sortValue,
        title: s.title,
        airlineName: s.airlineTradeName || s.airlineName,
        destinationName: s.destinationName,
        locator: s.locator,
        route: routeOf(segments),
        departureAt: s.departureAt,
        seats: s.seats,
        passengers: names,
        farePriceCents: s.farePriceCents,
        currency: s.currency,
        nameDeadline: s.nameDeadline,
        ticketingDeadline: s.ticketingDeadline,
        availability,
        mark,
      }),
    ),
  };
}

export function airBlocksCsv(scope: Scope, query: ListQuery<AirBlockSort, BlockFilter>, filename: string): Response {
  const select = selectBlocks(scope, query, scope.timeZone);
  const now = new Date();
  const local = (iso: string | null) => (iso ? utcToLocalInput(iso, scope.timeZone).replace("T", " ") : "");
  const batched = async (where: SQL, order: SQL[], limit: number) => {
    const figures = await withFigures(scope, await select(where, order, limit), now);
    return figures.map((f) => ({ id: f.selected.id, sortValue: f.selected.sortValue, ...f }));
  };
  return exportList(
    scope,
    airBlockSource(scope.timeZone),
    query,
    batched,
    AIR_BLOCK_CSV_COLUMNS,
    ({ selected: s, segments, availability }): Record<AirBlockCsvColumn, string> => ({
      title: s.title,
      airline: s.airlineTradeName || s.airlineName || "",
      destination: s.destinationName ?? "",
      locator: s.locator ?? "",
      route: routeOf(segments),
      departureAt: local(s.departureAt),
      returnAt: local(segments.length > 1 ? segments[segments.length - 1]!.departureAt : null),
      seats: String(s.seats),
      passengers: String(availability.names),
      sold: String(availability.sold),
      held: String(availability.held),
      free: String(availability.free),
      fareCost: formatCents(s.fareCostCents),
      farePrice: formatCents(s.farePriceCents),
      taxes: formatCents(s.taxesCents),
      currency: s.currency,
      nameDeadline: local(s.nameDeadline),
      ticketingDeadline: local(s.ticketingDeadline),
      notes: s.notes ?? "",
    }),
    filename,
  );
}

// ---------------------------------------------------------------------------
// The passenger list for the airline

export type PassengerSheet = { block: AirBlockRow; airlineName: string | null; segments: SegmentRow[]; passengers: PassengerRow[] };

/** A block's passengers with its airline and flights (null: not the agency's live block). */
export async function passengerSheet(scope: ReadScope, blockId: string): Promise<PassengerSheet | null> {
  const block = await findRecord(scope, airBlockStore, blockId);
  if (!block) return null;
  const [segments, passengers, names] = await Promise.all([segmentsOf(scope, [blockId]), passengersOf(scope, blockId), namesFor(scope, block.airlineId, null)]);
  const [airline] = await scope.db
    .select({ name: supplier.name, tradeName: supplier.tradeName })
    .from(supplier)
    .where(and(eq(supplier.agencyId, scope.agencyId), eq(supplier.id, block.airlineId)))
    .limit(1);
  return { block, airlineName: airline ? airline.tradeName || airline.name : names.supplier, segments, passengers };
}

