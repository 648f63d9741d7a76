/**
 * The receptive schedule (Serviços → Receptivo): service orders — a service at
 * a date-time with its passengers, pickup, and the vehicle, driver and guide
 * assigned — and the rules an assignment must pass (`assignmentProblems`):
 *  - the same driver, guide or vehicle never in two live orders whose
 *    [start, end) overlap;
 *  - the driver's CNH, the guide's CADASTUR, the vehicle's insurance and
 *    inspection valid on every day the order runs (in the agency's zone);
 *  - the driver's CNH category allows the vehicle (D or E for buses, micros and
 *    vans over 8 seats; B for cars);
 *  - no more passengers than the vehicle's seats, nor the service's capacity.
 * The form schema (date-times typed in the agency's zone), the agenda's range
 * and its list spec. Pure.
 */
import { RECEPTIVE_ORDER_STATUSES, type CnhCategory, type FleetVehicleType } from "~/db/schema/receptive";
import type { ListSpec } from "~/lib/kit/list";
import { parseCalendarDate, todayIn } from "~/lib/platform/time-zone";

export type { OrderInput } from "~/lib/receptive/order.schema";

export { RECEPTIVE_ORDER_STATUSES };

export const SCHEDULE_PATH = "/servicos/receptivo";
export const ORDERS_PATH = `${SCHEDULE_PATH}/ordens`;

const ID = /^[A-Za-z0-9_-]{1,64}$/;

export const orderErr = {
  service: "receptive.orders.errors.service",
  dateTime: "receptive.orders.errors.dateTime",
  passengers: "receptive.orders.errors.passengers",
  busy: "receptive.orders.errors.busy",
  cnhExpired: "receptive.orders.errors.cnhExpired",
  cnhCategory: "receptive.orders.errors.cnhCategory",
  cadasturExpired: "receptive.orders.errors.cadasturExpired",
  insuranceExpired: "receptive.orders.errors.insuranceExpired",
  inspectionExpired: "receptive.orders.errors.inspectionExpired",
  seats: "receptive.orders.errors.seats",
  capacity: "receptive.orders.errors.capacity",
  inactive: "receptive.orders.errors.inactive",
  unknown: "receptive.orders.errors.unknown",
  race: "receptive.orders.errors.race",
} as const;

/** The end of an order: its start plus the service's duration. */
export const orderEnd = (startsAt: string, durationMinutes: number) => new Date(Date.parse(startsAt) + durationMinutes * 60_000).toISOString();

// ---------------------------------------------------------------------------
// The assignment rules

export type Interval = { startsAt: string; endsAt: string };
/** Half-open intervals overlap when each starts before the other ends. */
export const overlaps = (a: Interval, b: Interval) => a.startsAt < b.endsAt && b.startsAt < a.endsAt;

export type ScheduledOrder = Interval & { id: string; driverId: string | null; guideId: string | null; vehicleId: string | null; status: string };
export type DriverFacts = { id: string; name: string; cnhCategory: CnhCategory; cnhExpiry: string; active: boolean };
export type GuideFacts = { id: string; name: string; cadasturExpiry: string | null; active: boolean };
export type VehicleFacts = { id: string; label: string; type: FleetVehicleType; seats: number; insuranceExpiry: string | null; inspectionExpiry: string | null; active: boolean };

/** Vehicles that need a professional licence (D or E): buses, micros, and vans or others over 8 passenger seats. */
export function needsProfessionalLicence(vehicle: Pick<VehicleFacts, "type" | "seats">): boolean {
  if (vehicle.type === "bus" || vehicle.type === "double_decker" || vehicle.type === "minibus") return true;
  return vehicle.seats > 8;
}

/** Whether a CNH category may drive the vehicle (CTB art. 143: D carries over 8 passengers; E includes D; B a car). */
export function cnhAllows(category: CnhCategory, vehicle: Pick<VehicleFacts, "type" | "seats">): boolean {
  const letters = category.replace("A", "") || "A";
  const allowed = new Set<string>(letters === "E" ? ["B", "C", "D", "E"] : letters === "D" ? ["B", "C", "D"] : letters === "C" ? ["B", "C"] : letters === "B" ? ["B"] : []);
  return needsProfessionalLicence(vehicle) ? allowed.has("D") : allowed.has("B");
}

export type Problem = { field: "driverId" | "guideId" | "vehicleId" | "passengers"; message: string; values?: Record<string, string | number> };

/**
 * What stops an order from being saved as it is (empty when it may be): the
 * order's interval against the agency's other live orders, and the documents
 * of who and what it assigns on the days it runs (`days`: its first and last
 * calendar day in the agency's zone). A cancelled order assigns nobody.
 */
export function assignmentProblems(
  order: Interval & { id: string | null; passengers: number; status: string; days: { first: string; last: string } },
  assigned: { driver: DriverFacts | null; guide: GuideFacts | null; vehicle: VehicleFacts | null; capacity: number },
  others: readonly ScheduledOrder[],
): Problem[] {
  if (order.status === "cancelled") return [];
  const problems: Problem[] = [];
  const live = others.filter((o) => o.id !== order.id && o.status !== "cancelled" && overlaps(o, order));
  const { driver, guide, vehicle } = assigned;
  const validThrough = (expiry: string | null) => expiry !== null && expiry >= order.days.last;
  if (driver) {
    if (!driver.active) problems.push({ field: "driverId", message: orderErr.inactive });
    if (live.some((o) => o.driverId === driver.id)) problems.push({ field: "driverId", message: orderErr.busy });
    if (!validThrough(driver.cnhExpiry)) problems.push({ field: "driverId", message: orderErr.cnhExpired, values: { date: driver.cnhExpiry } });
    if (vehicle && !cnhAllows(driver.cnhCategory, vehicle)) problems.push({ field: "driverId", message: orderErr.cnhCategory, values: { category: driver.cnhCategory } });
  }
  if (guide) {
    if (!guide.active) problems.push({ field: "guideId", message: orderErr.inactive });
    if (live.some((o) => o.guideId === guide.id)) problems.push({ field: "guideId", message: orderErr.busy });
    if (!validThrough(guide.cadasturExpiry)) problems.push({ field: "guideId", message: orderErr.cadasturExpired });
  }
  if (vehicle) {
    if (!vehicle.active) problems.push({ field: "vehicleId", message: orderErr.inactive });
    if (live.some((o) => o.vehicleId === vehicle.id)) problems.push({ field: "vehicleId", message: orderErr.busy });
    if (!validThrough(vehicle.insuranceExpiry)) problems.push({ field: "vehicleId", message: orderErr.insuranceExpired });
    if (!validThrough(vehicle.inspectionExpiry)) problems.push({ field: "vehicleId", message: orderErr.inspectionExpired });
    if (order.passengers > vehicle.seats) problems.push({ field: "passengers", message: orderErr.seats, values: { seats: vehicle.seats } });
  }
  if (assigned.capacity > 0 && order.passengers > assigned.capacity) problems.push({ field: "passengers", message: orderErr.capacity, values: { capacity: assigned.capacity } });
  return problems;
}

/** The calendar days (agency zone) an order runs on: the day of its start and of its last minute. */
export function orderDays(interval: Interval, timeZone: string): { first: string; last: string } {
  return { first: todayIn(timeZone, Date.parse(interval.startsAt)), last: todayIn(timeZone, Date.parse(interval.endsAt) - 60_000) };
}

// ---------------------------------------------------------------------------
// The agenda

export const AGENDA_VIEWS = ["day", "week"] as const;
export type AgendaView = (typeof AGENDA_VIEWS)[number];

/** The calendar day `n` days after (or before) `day`. */
export const shiftDay = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const weekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

/** The days an agenda shows: the day itself, or its week from Monday. */
export function agendaDays(view: AgendaView, day: string): string[] {
  if (view === "day") return [day];
  const start = shiftDay(day, -((weekday(day) + 6) % 7));
  return Array.from({ length: 7 }, (_, i) => shiftDay(start, i));
}

/** The day before / after the agenda's range (the arrows). */
export const agendaStep = (view: AgendaView, day: string, direction: -1 | 1) => shiftDay(day, direction * (view === "day" ? 1 : 7));

export const ORDER_SORTS = ["startsAt"] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
export type OrderFilter = "de" | "ate" | "motorista" | "situacao";

/** The agenda's list: orders by start, within calendar days (agency zone), of a driver, of a status. */
export const orderListSpec = {
  sorts: ORDER_SORTS,
  defaultSort: "startsAt",
  defaultDir: "asc",
  filters: {
    de: (v: string) => parseCalendarDate(v) !== null,
    ate: (v: string) => parseCalendarDate(v) !== null,
    motorista: (v: string) => ID.test(v),
    situacao: RECEPTIVE_ORDER_STATUSES,
  },
} as const satisfies ListSpec<OrderSort, OrderFilter>;
