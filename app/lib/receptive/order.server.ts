/**
 * The receptive schedule on the server: the service orders' store and screen
 * spec (the kit's loader and action, with the assignment rules as its check),
 * the agenda's list, the options of the form (services, drivers, guides,
 * vehicles), and a driver's daily order sheet as a PDF. The database refuses a
 * double booking too (triggers of migration 0013): `saveOrder` answers that
 * race as a conflict instead of an error.
 */
import { and, asc, eq, gt, isNull, lt, ne, or, type SQL } from "drizzle-orm";
import { data } from "react-router";
import { driver, fleetVehicle, guide, receptiveOrder, receptiveService } from "~/db/schema";
import type { Scope } from "~/lib/platform/scope.server";
import { formatTime } from "~/lib/platform/format";
import { zonedDayRange } from "~/lib/platform/time-zone";
import type { ListQuery } from "~/lib/kit/list";
import { allRows, runList, type PageSelect } from "~/lib/kit/list.server";
import { buildSearchText } from "~/lib/kit/search-text";
import { listSourceOf, recordStore, type ReadScope } from "~/lib/kit/record.server";
import { recordAction, type RecordSpec } from "~/lib/kit/record-action.server";
import { tablePdf, pdfResponse } from "~/lib/kit/table-pdf.server";
import { canManageReceptive, formatPlate } from "~/lib/receptive/fields";
import { assignmentProblems, orderDays, orderEnd, orderErr, ORDERS_PATH, type DriverFacts, type GuideFacts, type OrderFilter, type OrderInput, type OrderSort, type VehicleFacts } from "~/lib/receptive/order";
import { orderEditSchema, orderSchema } from "~/lib/receptive/order.schema";
import { utcToLocalInput } from "~/lib/services/fields";

export const ORDER_ENTITY = "receptive_order";

export const orderStore = recordStore({
  table: receptiveOrder,
  entity: ORDER_ENTITY,
  label: (row) => row.reference ?? row.startsAt.slice(0, 16).replace("T", " "),
  softDelete: receptiveOrder.deletedAt,
  searchText: receptiveOrder.searchText,
  createdBy: receptiveOrder.createdBy,
});

export type OrderQuery = ListQuery<OrderSort, OrderFilter>;

/** The agenda's source: calendar-day filters are read in the agency's zone. */
export function orderSource(timeZone: string) {
  return listSourceOf<OrderSort, OrderFilter>(orderStore, {
    sortColumns: { startsAt: receptiveOrder.startsAt },
    filterWhere: (f) => {
      const out: SQL[] = [];
      const { start, end } = zonedDayRange(f.de ?? null, f.ate ?? null, timeZone);
      if (start) out.push(gt(receptiveOrder.endsAt, start));
      if (end) out.push(lt(receptiveOrder.startsAt, end));
      if (f.motorista) out.push(eq(receptiveOrder.driverId, f.motorista));
      if (f.situacao) out.push(eq(receptiveOrder.status, f.situacao as "scheduled" | "done" | "cancelled"));
      return out;
    },
  });
}

export type OrderListRow = {
  id: string;
  sortValue: string | number | null;
  startsAt: string;
  endsAt: string;
  passengers: number;
  reference: string | null;
  pickup: string | null;
  dropoff: string | null;
  status: string;
  serviceName: string;
  serviceKind: string;
  driverId: string | null;
  driverName: string | null;
  guideName: string | null;
  vehiclePlate: string | null;
  vehicleSeats: number | null;
};

function orderPages(scope: ReadScope): PageSelect<OrderListRow> {
  const { db, agencyId } = scope;
  return (where, order, limit) =>
    db
      .select({
        id: receptiveOrder.id,
        sortValue: receptiveOrder.startsAt,
        startsAt: receptiveOrder.startsAt,
        endsAt: receptiveOrder.endsAt,
        passengers: receptiveOrder.passengers,
        reference: receptiveOrder.reference,
        pickup: receptiveOrder.pickup,
        dropoff: receptiveOrder.dropoff,
        status: receptiveOrder.status,
        serviceName: receptiveService.name,
        serviceKind: receptiveService.kind,
        driverId: receptiveOrder.driverId,
        driverName: driver.name,
        guideName: guide.name,
        vehiclePlate: fleetVehicle.plate,
        vehicleSeats: fleetVehicle.seats,
      })
      .from(receptiveOrder)
      .innerJoin(receptiveService, and(eq(receptiveService.id, receptiveOrder.serviceId), eq(receptiveService.agencyId, agencyId)))
      .leftJoin(driver, and(eq(driver.id, receptiveOrder.driverId), eq(driver.agencyId, agencyId)))
      .leftJoin(guide, and(eq(guide.id, receptiveOrder.guideId), eq(guide.agencyId, agencyId)))
      .leftJoin(fleetVehicle, and(eq(fleetVehicle.id, receptiveOrder.vehicleId), eq(fleetVehicle.agencyId, agencyId)))
      .where(where)
      .orderBy(...order)
      .limit(limit) as Promise<OrderListRow[]>;
}

/** A page of the agenda (orders by start within the range). */
export function listOrders(scope: Scope, query: OrderQuery) {
  return runList(scope, orderSource(scope.timeZone), query, orderPages(scope));
}

// ---------------------------------------------------------------------------
// The form's options

export type Option = { value: string; label: string };
export type ServiceOption = Option & { durationMinutes: number; capacity: number };

/** Live active rows of a receptive register for a select, plus the current one even if it changed since. */
async function options<R extends { id: string }>(
  rows: (where: SQL | undefined) => Promise<R[]>,
  table: { id: typeof driver.id; agencyId: typeof driver.agencyId; deletedAt: typeof driver.deletedAt; active: typeof driver.active },
  agencyId: string,
  include: string | null | undefined,
): Promise<R[]> {
  const live = await rows(and(eq(table.agencyId, agencyId), isNull(table.deletedAt), eq(table.active, true)));
  if (include && !live.some((r) => r.id === include)) live.unshift(...(await rows(and(eq(table.agencyId, agencyId), eq(table.id, include)))));
  return live;
}

export async function orderFormOptions(scope: ReadScope, current: { serviceId: string; driverId: string | null; guideId: string | null; vehicleId: string | null } | null) {
  const { db, agencyId } = scope;
  const [services, drivers, guides, vehicles] = await Promise.all([
    options(
      (where) =>
        db
          .select({ id: receptiveService.id, name: receptiveService.name, durationMinutes: receptiveService.durationMinutes, capacity: receptiveService.capacity })
          .from(receptiveService)
          .where(where)
          .orderBy(asc(receptiveService.searchText))
          .limit(500),
      receptiveService as never,
      agencyId,
      current?.serviceId,
    ),
    options((where) => db.select({ id: driver.id, name: driver.name, cnhCategory: driver.cnhCategory }).from(driver).where(where).orderBy(asc(driver.searchText)).limit(500), driver, agencyId, current?.driverId),
    options((where) => db.select({ id: guide.id, name: guide.name }).from(guide).where(where).orderBy(asc(guide.searchText)).limit(500), guide as never, agencyId, current?.guideId),
    options(
      (where) => db.select({ id: fleetVehicle.id, plate: fleetVehicle.plate, model: fleetVehicle.model, seats: fleetVehicle.seats }).from(fleetVehicle).where(where).orderBy(asc(fleetVehicle.plate)).limit(500),
      fleetVehicle as never,
      agencyId,
      current?.vehicleId,
    ),
  ]);
  return {
    services: services.map((s): ServiceOption => ({ value: s.id, label: s.name, durationMinutes: s.durationMinutes, capacity: s.capacity })),
    drivers: drivers.map((d): Option => ({ value: d.id, label: `${d.name} (${d.cnhCategory})` })),
    guides: guides.map((g): Option => ({ value: g.id, label: g.name })),
    vehicles: vehicles.map((v): Option => ({ value: v.id, label: `${formatPlate(v.plate)} · ${v.model} · ${v.seats}` })),
  };
}

// ---------------------------------------------------------------------------
// The check and the save

type OrderRow = typeof receptiveOrder.$inferSelect;
type Computed = OrderInput & { endsAt?: string };

/**
 * Field errors of an order the database is needed for: the service and the
 * people and vehicle must be the agency's live records, and the assignment
 * rules must pass against the agency's other live orders (order.ts). Keeps the
 * computed end on the input for `values`.
 */
async function checkOrder(scope: Scope, input: Computed, current: OrderRow | null): Promise<Record<string, string[]> | null> {
  const { db, agencyId } = scope;
  const byId = <T>(q: Promise<T[]>) => q.then((r) => r[0] ?? null);
  const [service, drv, gde, veh] = await Promise.all([
    byId(db.select().from(receptiveService).where(and(eq(receptiveService.agencyId, agencyId), eq(receptiveService.id, input.serviceId), isNull(receptiveService.deletedAt))).limit(1)),
    input.driverId ? byId(db.select().from(driver).where(and(eq(driver.agencyId, agencyId), eq(driver.id, input.driverId), isNull(driver.deletedAt))).limit(1)) : null,
    input.guideId ? byId(db.select().from(guide).where(and(eq(guide.agencyId, agencyId), eq(guide.id, input.guideId), isNull(guide.deletedAt))).limit(1)) : null,
    input.vehicleId ? byId(db.select().from(fleetVehicle).where(and(eq(fleetVehicle.agencyId, agencyId), eq(fleetVehicle.id, input.vehicleId), isNull(fleetVehicle.deletedAt))).limit(1)) : null,
  ]);
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (!service) add("serviceId", orderErr.service);
  if (input.driverId && !drv) add("driverId", orderErr.unknown);
  if (input.guideId && !gde) add("guideId", orderErr.unknown);
  if (input.vehicleId && !veh) add("vehicleId", orderErr.unknown);
  if (!service) return errors;
  // A save that keeps the service keeps its end even if the service's duration changed since.
  const endsAt = current && current.serviceId === input.serviceId && current.startsAt === input.startsAt ? current.endsAt : orderEnd(input.startsAt, service.durationMinutes);
  input.endsAt = endsAt;
  const interval = { startsAt: input.startsAt, endsAt };
  const resources: SQL[] = [];
  if (input.driverId) resources.push(eq(receptiveOrder.driverId, input.driverId));
  if (input.guideId) resources.push(eq(receptiveOrder.guideId, input.guideId));
  if (input.vehicleId) resources.push(eq(receptiveOrder.vehicleId, input.vehicleId));
  const others = resources.length
    ? await db
        .select({
          id: receptiveOrder.id,
          startsAt: receptiveOrder.startsAt,
          endsAt: receptiveOrder.endsAt,
          driverId: receptiveOrder.driverId,
          guideId: receptiveOrder.guideId,
          vehicleId: receptiveOrder.vehicleId,
          status: receptiveOrder.status,
        })
        .from(receptiveOrder)
        .where(
          and(
            eq(receptiveOrder.agencyId, agencyId),
            isNull(receptiveOrder.deletedAt),
            ne(receptiveOrder.status, "cancelled"),
            lt(receptiveOrder.startsAt, endsAt),
            gt(receptiveOrder.endsAt, input.startsAt),
            or(...resources),
          ),
        )
        .limit(50)
    : [];
  const problems = assignmentProblems(
    { ...interval, id: current?.id ?? null, passengers: input.passengers, status: input.status, days: orderDays(interval, scope.timeZone) },
    {
      driver: drv ? ({ id: drv.id, name: drv.name, cnhCategory: drv.cnhCategory, cnhExpiry: drv.cnhExpiry, active: drv.active } satisfies DriverFacts) : null,
      guide: gde ? ({ id: gde.id, name: gde.name, cadasturExpiry: gde.cadasturExpiry, active: gde.active } satisfies GuideFacts) : null,
      vehicle: veh
        ? ({ id: veh.id, label: veh.plate, type: veh.type, seats: veh.seats, insuranceExpiry: veh.insuranceExpiry, inspectionExpiry: veh.inspectionExpiry, active: veh.active } satisfies VehicleFacts)
        : null,
      capacity: service.capacity,
    },
    others,
  );
  for (const p of problems) if (!errors[p.field]?.includes(p.message)) add(p.field, p.message);
  return Object.keys(errors).length ? errors : null;
}

export function orderValues(input: Computed) {
  if (!input.endsAt) throw new Error("orderValues before checkOrder");
  return {
    serviceId: input.serviceId,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    passengers: input.passengers,
    reference: input.reference,
    pickup: input.pickup,
    dropoff: input.dropoff,
    vehicleId: input.vehicleId,
    driverId: input.driverId,
    guideId: input.guideId,
    status: input.status,
    notes: input.notes,
    searchText: buildSearchText(input.reference, input.pickup, input.dropoff),
  };
}

/** A stored order as the form shows it (the start in the agency's zone). */
export const orderFormValues = (row: OrderRow, timeZone: string) => ({
  serviceId: row.serviceId,
  startsAt: utcToLocalInput(row.startsAt, timeZone),
  passengers: String(row.passengers),
  reference: row.reference ?? "",
  pickup: row.pickup ?? "",
  dropoff: row.dropoff ?? "",
  vehicleId: row.vehicleId ?? "",
  driverId: row.driverId ?? "",
  guideId: row.guideId ?? "",
  status: row.status,
  notes: row.notes ?? "",
});

/** An empty order for a day (08:00) of the agenda. */
export const orderEmpty = (day: string | null) => ({ status: "scheduled", passengers: "1", startsAt: day ? `${day}T08:00` : "" });

export function orderSpec(scope: Scope): RecordSpec<typeof receptiveOrder, OrderInput> {
  return {
    store: orderStore,
    // Records live at /servicos/receptivo/ordens/editar/:id; the list itself is the agenda (ordens redirects there).
    listPath: ORDERS_PATH,
    canDelete: canManageReceptive,
    schemas: { create: orderSchema(scope.timeZone), edit: orderEditSchema(scope.timeZone) },
    values: orderValues,
    display: (row) => orderFormValues(row, scope.timeZone),
    check: (_s, input, current) => checkOrder(scope, input, current),
  };
}

const isOverlapRefusal = (error: unknown) => {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) if (String((e as Error).message ?? e).includes("receptive_order_conflict")) return true;
  return false;
};

/**
 * The order form's action: the kit's save with the assignment check. When two
 * saves race past the check, the database's trigger refuses the second: it
 * answers 409 with the form's error, nothing written.
 */
export async function saveOrder(scope: Scope, request: Request, params: { id?: string }) {
  try {
    return await recordAction(orderSpec(scope), scope, request, params);
  } catch (error) {
    if (!isOverlapRefusal(error)) throw error;
    return data({ result: { status: "error" as const, error: { "": [orderErr.race] } }, toast: { title: orderErr.race, variant: "destructive" as const } }, { status: 409 });
  }
}

export { ORDERS_PATH };

// ---------------------------------------------------------------------------
// A driver's daily order sheet

export async function driverSheetPdf(
  scope: Scope,
  driverId: string,
  day: string,
  texts: { heading: string; title: string; lines: (driverName: string) => string[]; columns: Record<"time" | "service" | "passengers" | "pickup" | "vehicle" | "guide" | "reference", string>; empty: string; issued: string; page: (p: number, n: number) => string; language: string; kind: (k: string) => string },
): Promise<Response | null> {
  const { db, agencyId } = scope;
  const [who] = await db.select({ name: driver.name }).from(driver).where(and(eq(driver.agencyId, agencyId), eq(driver.id, driverId))).limit(1);
  if (!who) return null;
  const query: OrderQuery = { q: "", sort: "startsAt", dir: "asc", size: 100, after: null, before: null, filters: { de: day, ate: day, motorista: driverId, situacao: "scheduled" } };
  const rows: OrderListRow[] = [];
  for await (const batch of allRows(scope, orderSource(scope.timeZone), query, orderPages(scope), 500)) rows.push(...batch);
  const time = (iso: string) => formatTime(iso, texts.language, scope.timeZone);
  const bytes = await tablePdf({
    heading: texts.heading,
    title: texts.title,
    lines: texts.lines(who.name),
    columns: [
      { key: "time", label: texts.columns.time, weight: 1.1 },
      { key: "service", label: texts.columns.service, weight: 2.2 },
      { key: "passengers", label: texts.columns.passengers, weight: 0.7, right: true },
      { key: "pickup", label: texts.columns.pickup, weight: 2.4 },
      { key: "vehicle", label: texts.columns.vehicle, weight: 1.1 },
      { key: "guide", label: texts.columns.guide, weight: 1.3 },
      { key: "reference", label: texts.columns.reference, weight: 1.6 },
    ],
    rows: rows.map((r) => ({
      cells: {
        time: `${time(r.startsAt)}–${time(r.endsAt)}`,
        service: [r.serviceName, texts.kind(r.serviceKind)],
        passengers: String(r.passengers),
        pickup: [r.pickup ?? "", r.dropoff ? `→ ${r.dropoff}` : ""].filter(Boolean),
        vehicle: r.vehiclePlate ? formatPlate(r.vehiclePlate) : "",
        guide: r.guideName ?? "",
        reference: r.reference ?? "",
      },
    })),
    emptyText: texts.empty,
    issued: texts.issued,
    pageLabel: texts.page,
    language: texts.language,
    author: texts.heading,
  });
  return pdfResponse(bytes, `ordens-${day}-${who.name.normalize("NFD").replace(/[^A-Za-z0-9]+/g, "-").toLowerCase()}.pdf`);
}
