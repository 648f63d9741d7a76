/**
 * Ground charters (Serviços → Fretamento Terrestre): a bus company's vehicle with
 * its seat layout, the route, departure and return, cost and the ANTT
 * authorisation. Without zod: the list's sorts and filters, the ANTT status,
 * the form's values and the CSV columns. The form's schema (date-times are
 * typed in the agency's time zone and leave the schema as UTC ISO strings, so
 * the schema is built for a zone) is in charter.schema.ts.
 */
import { formatCents } from "~/lib/finance/money";
import type { ListSpec } from "~/lib/kit/list";
import { parseCalendarDate } from "~/lib/platform/time-zone";
import { SERVICE_ID, utcToLocalInput } from "~/lib/services/fields";
import type { SeatLayout, VehicleType } from "~/lib/services/seat-layout";

export type { CharterInput } from "~/lib/services/charter.schema";

export const CHARTER_LIST_PATH = "/servicos/fretamento-terrestre";
export const MAX_STOPS = 20;

const idPattern = SERVICE_ID;

// ---------------------------------------------------------------------------
// List

export const CHARTER_SORTS = ["departureAt", "title", "createdAt"] as const;
export type CharterSort = (typeof CHARTER_SORTS)[number];
export type CharterFilter = "fornecedor" | "de" | "ate";

/** Filters: a bus company (by id) and a date range of departures (calendar days in the agency's zone). */
export const charterListSpec = {
  sorts: CHARTER_SORTS,
  defaultSort: "departureAt",
  defaultDir: "asc",
  filters: {
    fornecedor: (v: string) => idPattern.test(v),
    de: (v: string) => parseCalendarDate(v) !== null,
    ate: (v: string) => parseCalendarDate(v) !== null,
  },
} as const satisfies ListSpec<CharterSort, CharterFilter>;

/**
 * The ANTT authorisation against the trip, by calendar days in the agency's
 * zone: expired (before today), ends before the return (or the departure when
 * there is no return), or fine (also when none is given).
 */
export function anttStatus(
  charter: { anttValidUntil: string | null; departureAt: string; returnAt: string | null },
  timeZone: string,
  now: Date = new Date(),
): "expired" | "beforeReturn" | null {
  if (!charter.anttValidUntil) return null;
  const today = utcToLocalInput(now.toISOString(), timeZone).slice(0, 10);
  if (charter.anttValidUntil < today) return "expired";
  const lastDay = utcToLocalInput(charter.returnAt ?? charter.departureAt, timeZone).slice(0, 10);
  return charter.anttValidUntil < lastDay ? "beforeReturn" : null;
}

/** Seats of a service: what it offers, what sales hold and sold, what is left. */
export type Availability = { total: number; held: number; sold: number; free: number };

// ---------------------------------------------------------------------------
// Form values and CSV

/** A stored charter as the form shows it (date-times in the agency's zone, money as "1.234,56"). */
export function charterFormValues(
  row: {
    title: string;
    supplierId: string;
    vehicleType: VehicleType;
    vehiclePlate: string | null;
    seatLayout: SeatLayout;
    origin: string;
    stops: string[];
    destinationName: string;
    destinationId: string | null;
    departureAt: string;
    returnAt: string | null;
    costCents: number;
    currency: string;
    anttAuthorization: string | null;
    anttValidUntil: string | null;
    notes: string | null;
  },
  timeZone: string,
  toLocal: (iso: string, timeZone: string) => string,
) {
  return {
    title: row.title,
    supplierId: row.supplierId,
    vehicleType: row.vehicleType,
    vehiclePlate: row.vehiclePlate ?? "",
    seatLayout: JSON.stringify(row.seatLayout),
    origin: row.origin,
    stops: row.stops.join("\n"),
    destinationName: row.destinationName,
    destinationId: row.destinationId ?? "",
    departureAt: toLocal(row.departureAt, timeZone),
    returnAt: row.returnAt ? toLocal(row.returnAt, timeZone) : "",
    cost: formatCents(row.costCents),
    currency: row.currency,
    anttAuthorization: row.anttAuthorization ?? "",
    anttValidUntil: row.anttValidUntil ?? "",
    notes: row.notes ?? "",
  };
}

export type CharterFormValues = ReturnType<typeof charterFormValues>;

export const CHARTER_CSV_COLUMNS = [
  "title",
  "busCompany",
  "vehicleType",
  "vehiclePlate",
  "origin",
  "stops",
  "destination",
  "departureAt",
  "returnAt",
  "seats",
  "blockedSeats",
  "sellableSeats",
  "held",
  "sold",
  "free",
  "cost",
  "currency",
  "anttAuthorization",
  "anttValidUntil",
  "notes",
] as const;
export type CharterCsvColumn = (typeof CHARTER_CSV_COLUMNS)[number];
