/**
 * Ground charters (Serviços → Fretamento Terrestre): a bus company's vehicle with
 * its seat layout, the route, departure and return, cost and the ANTT
 * authorisation. The form schema shared by browser and server (date-times are
 * typed in the agency's time zone and leave the schema as UTC ISO strings, so
 * the schema is built for a zone), the list's sorts and filters, and the CSV
 * columns.
 */
import { z } from "zod";
import { formatCents, parseCents } from "~/lib/finance/money";
import { msg, optionalText, requiredText } from "~/lib/kit/forms";
import { dateField, versionField } from "~/lib/kit/fields";
import type { ListSpec } from "~/lib/kit/list";
import { parseCalendarDate } from "~/lib/platform/time-zone";
import { capacityOf, defaultLayout, parseLayoutJson, VEHICLE_TYPES, type SeatLayout, type VehicleType } from "~/lib/services/seat-layout";
import { localInputToUtc, SERVICE_CURRENCIES, svcErr, utcToLocalInput } from "~/lib/services/fields";

export const CHARTER_LIST_PATH = "/servicos/fretamento-terrestre";
export const MAX_STOPS = 20;

/** A stored id (uuid v7 or the seed's), as forms post it. */
const idPattern = /^[A-Za-z0-9_-]{1,64}$/;

/** The form's fields, for a time zone (the date-times are the agency's local time). */
const charterFields = (timeZone: string) => ({
  title: requiredText(120),
  supplierId: z
    .string({ error: svcErr.supplier })
    .trim()
    .min(1, svcErr.supplier)
    .refine((v) => idPattern.test(v), svcErr.supplier),
  vehicleType: z.enum(VEHICLE_TYPES, { error: msg.invalid }),
  /** Brazilian plate, old (ABC-1234) or Mercosul (ABC1D23); stored upper-case without the dash. */
  vehiclePlate: optionalText(10)
    .transform((v) => (v ? v.toUpperCase().replace(/[\s-]/g, "") : null))
    .refine((v) => v === null || /^[A-Z]{3}[0-9][A-Z0-9][0-9]{2}$/.test(v), svcErr.plate),
  /** The layout JSON the editor posts; empty: the vehicle type's template. */
  seatLayout: z.string().max(70_000, svcErr.layout).optional(),
  origin: requiredText(120),
  /** One stop per line. */
  stops: z
    .string()
    .max(MAX_STOPS * 130, msg.tooLong)
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(/\r?\n/)
        .map((s) => s.trim().replace(/\s+/g, " "))
        .filter(Boolean),
    )
    .refine((stops) => stops.length <= MAX_STOPS, svcErr.stops)
    .refine((stops) => stops.every((s) => s.length <= 120), msg.tooLong),
  destinationName: requiredText(120),
  destinationId: optionalText(64).refine((v) => v === null || idPattern.test(v), msg.invalid),
  departureAt: z
    .string({ error: msg.required })
    .trim()
    .min(1, msg.required)
    .transform((v, ctx) => {
      const utc = localInputToUtc(v, timeZone);
      if (!utc) {
        ctx.addIssue({ code: "custom", message: svcErr.dateTime });
        return z.NEVER;
      }
      return utc;
    }),
  returnAt: optionalText(20).transform((v, ctx) => {
    if (v === null) return null;
    const utc = localInputToUtc(v, timeZone);
    if (!utc) {
      ctx.addIssue({ code: "custom", message: svcErr.dateTime });
      return z.NEVER;
    }
    return utc;
  }),
  cost: optionalText(24).transform((v, ctx) => {
    if (v === null) return 0;
    const cents = parseCents(v);
    if (cents === null) {
      ctx.addIssue({ code: "custom", message: svcErr.money });
      return z.NEVER;
    }
    return cents;
  }),
  currency: z.enum(SERVICE_CURRENCIES, { error: svcErr.currency }),
  anttAuthorization: optionalText(40),
  anttValidUntil: dateField(),
  notes: optionalText(2000),
});

type Parsed = z.output<z.ZodObject<ReturnType<typeof charterFields>>>;

/** Cross-field rules: the return after the departure; the layout valid (or the type's template). */
function finish(v: Parsed, ctx: z.RefinementCtx): Omit<Parsed, "seatLayout"> & { seatLayout: SeatLayout } {
  if (v.returnAt && v.returnAt < v.departureAt) ctx.addIssue({ code: "custom", path: ["returnAt"], message: svcErr.returnBeforeDeparture });
  let layout: SeatLayout;
  if (!v.seatLayout || !v.seatLayout.trim()) layout = defaultLayout(v.vehicleType);
  else {
    const parsed = parseLayoutJson(v.seatLayout);
    if (!parsed.ok) {
      ctx.addIssue({ code: "custom", path: ["seatLayout"], message: parsed.error });
      return z.NEVER;
    }
    layout = parsed.layout;
  }
  if (capacityOf(layout).sellable === 0) ctx.addIssue({ code: "custom", path: ["seatLayout"], message: svcErr.noSellableSeats });
  return { ...v, seatLayout: layout };
}

/** Novo fretamento, for the agency's time zone. */
export const charterSchema = (timeZone: string) => z.object(charterFields(timeZone)).transform(finish);
/** Editar fretamento: the same plus the version the form was loaded with. */
export const charterEditSchema = (timeZone: string) =>
  z.object({ ...charterFields(timeZone), version: versionField() }).transform((v, ctx) => ({ ...finish(v, ctx), version: v.version }));

export type CharterInput = z.output<ReturnType<typeof charterSchema>>;

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
