/**
 * The air block form's and the passenger list's schemas (one definition: the
 * server's actions and the browser, which loads them on demand).
 */
import { z } from "zod";
import { dateField, versionField } from "~/lib/kit/fields";
import { msg, optionalText, requiredText } from "~/lib/kit/forms";
import { MAX_SEATS, MAX_SEGMENTS } from "~/lib/services/air-block";
import { blockErr } from "~/lib/services/blocks";
import { moneyField, optionalId, optionalInstant, requiredId, requiredInstant, wholeField } from "~/lib/services/blocks.schema";
import { SERVICE_CURRENCIES, svcErr } from "~/lib/services/fields";

const IATA = /^[A-Z]{3}$/;
/** "G3 1234", "LA3050", "AD 4502A": the airline's two-character code and 1–4 digits (an optional suffix letter). */
const FLIGHT = /^([A-Z0-9]{2})\s?([0-9]{1,4}[A-Z]?)$/;

const iataField = () =>
  z
    .string({ error: msg.required })
    .trim()
    .toUpperCase()
    .min(1, msg.required)
    .refine((v) => IATA.test(v), blockErr.iata);

const segmentRow = (timeZone: string) =>
  z.object({
    id: optionalId(),
    flightNumber: z
      .string({ error: msg.required })
      .trim()
      .toUpperCase()
      .min(1, msg.required)
      .max(10, blockErr.flightNumber)
      .refine((v) => FLIGHT.test(v), blockErr.flightNumber)
      .transform((v) => v.replace(FLIGHT, "$1 $2")),
    fromIata: iataField(),
    toIata: iataField(),
    departureAt: requiredInstant(timeZone),
    arrivalAt: requiredInstant(timeZone),
  });

const airBlockFields = (timeZone: string) => ({
  title: requiredText(120),
  airlineId: requiredId(svcErr.supplier),
  destinationId: optionalId(),
  /** The airline's record locator: 5 to 8 letters and digits, stored upper-case. */
  locator: optionalText(12)
    .transform((v) => (v ? v.toUpperCase().replace(/\s/g, "") : null))
    .refine((v) => v === null || /^[A-Z0-9]{5,8}$/.test(v), msg.invalid),
  seats: wholeField(1, MAX_SEATS, blockErr.seats),
  fareCost: moneyField(),
  farePrice: moneyField(),
  taxes: moneyField(),
  currency: z.enum(SERVICE_CURRENCIES, { error: svcErr.currency }),
  nameDeadline: optionalInstant(timeZone),
  ticketingDeadline: optionalInstant(timeZone),
  notes: optionalText(2000),
  segments: z.array(segmentRow(timeZone), { error: blockErr.segments }).min(1, blockErr.segments).max(MAX_SEGMENTS, blockErr.segments),
});

type Parsed = z.output<z.ZodObject<ReturnType<typeof airBlockFields>>>;

/** Cross-field rules: each flight lands after it leaves, between two airports, after the one before; deadlines in order. */
function finish(v: Parsed, ctx: z.RefinementCtx) {
  v.segments.forEach((s, i) => {
    if (s.fromIata === s.toIata) ctx.addIssue({ code: "custom", path: ["segments", i, "toIata"], message: blockErr.sameAirport });
    if (s.arrivalAt <= s.departureAt) ctx.addIssue({ code: "custom", path: ["segments", i, "arrivalAt"], message: blockErr.arrival });
    const before = v.segments[i - 1];
    if (before && s.departureAt < before.arrivalAt) ctx.addIssue({ code: "custom", path: ["segments", i, "departureAt"], message: blockErr.segmentOrder });
  });
  const ids = v.segments.map((s) => s.id).filter(Boolean);
  if (new Set(ids).size !== ids.length) ctx.addIssue({ code: "custom", path: ["segments"], message: msg.invalid });
  if (v.nameDeadline && v.ticketingDeadline && v.ticketingDeadline < v.nameDeadline) {
    ctx.addIssue({ code: "custom", path: ["ticketingDeadline"], message: blockErr.ticketing });
  }
  return v;
}

export const airBlockSchema = (timeZone: string) => z.object(airBlockFields(timeZone)).transform(finish);
export const airBlockEditSchema = (timeZone: string) => z.object({ ...airBlockFields(timeZone), version: versionField() }).transform(finish);
export type AirBlockInput = z.output<ReturnType<typeof airBlockSchema>>;
export type SegmentInput = AirBlockInput["segments"][number];

// ---------------------------------------------------------------------------
// Passenger list

const passengerRow = z.object({
  id: optionalId(),
  /** The version the row was loaded with (empty for a new row). */
  version: optionalText(10).refine((v) => v === null || /^[0-9]{1,9}$/.test(v), msg.invalid),
  lastName: requiredText(60),
  firstName: requiredText(60),
  document: optionalText(30),
  birthDate: dateField(),
  /** The e-ticket number: 13 digits (airline prefix and serial), dashes and spaces allowed. */
  ticketNumber: optionalText(20)
    .transform((v) => (v ? v.replace(/[\s-]/g, "") : null))
    .refine((v) => v === null || /^[0-9]{13}$/.test(v), msg.invalid),
});

export const passengersSchema = z
  .object({
    /** The ids of the passengers the form was loaded with (a row someone else added meanwhile is not removed). */
    loaded: optionalText(MAX_SEATS * 70).refine((v) => v === null || v.split(",").every((id) => /^[A-Za-z0-9_-]{1,64}$/.test(id)), msg.invalid),
    passengers: z.array(passengerRow).max(MAX_SEATS, blockErr.passengersOverSeats).optional(),
  })
  .transform((v, ctx) => {
    const ids = (v.passengers ?? []).map((p) => p.id).filter(Boolean);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: "custom", path: ["passengers"], message: msg.invalid });
    return { loaded: v.loaded ? v.loaded.split(",") : [], passengers: v.passengers ?? [] };
  });
export type PassengersInput = z.output<typeof passengersSchema>;
export type PassengerInput = PassengersInput["passengers"][number];
