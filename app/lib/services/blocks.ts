/**
 * What the hotel and air block forms share (pure): the error keys of their
 * locale module (app/locales/services/blocks), ids, money and whole-number
 * fields, and the list's filters (a supplier, a destination, a date range).
 */
import { z } from "zod";
import { parseCents } from "~/lib/finance/money";
import { msg, optionalText } from "~/lib/kit/forms";
import { parseCalendarDate } from "~/lib/platform/time-zone";
import { localInputToUtc, svcErr } from "~/lib/services/fields";

export const blockErr = {
  checkOut: "services.blocks.errors.checkOut",
  release: "services.blocks.errors.release",
  roomTypes: "services.blocks.errors.roomTypes",
  roomTypeName: "services.blocks.errors.roomTypeName",
  roomsInUse: "services.blocks.errors.roomsInUse",
  roomTypeInUse: "services.blocks.errors.roomTypeInUse",
  whole: "services.blocks.errors.whole",
  hotelCategory: "services.blocks.errors.hotelCategory",
  airlineCategory: "services.blocks.errors.airlineCategory",
  segments: "services.blocks.errors.segments",
  iata: "services.blocks.errors.iata",
  sameAirport: "services.blocks.errors.sameAirport",
  flightNumber: "services.blocks.errors.flightNumber",
  arrival: "services.blocks.errors.arrival",
  segmentOrder: "services.blocks.errors.segmentOrder",
  seats: "services.blocks.errors.seats",
  passengersOverSeats: "services.blocks.errors.passengersOverSeats",
  passengerSold: "services.blocks.errors.passengerSold",
  seatsBelowPassengers: "services.blocks.errors.seatsBelowPassengers",
  ticketing: "services.blocks.errors.ticketing",
  guests: "services.blocks.errors.guests",
  stale: "services.blocks.errors.stale",
} as const;

/** A stored id (uuid v7 or the seed's), as forms post it. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** A required id of a select (supplier...). */
export const requiredId = (error: string) =>
  z
    .string({ error })
    .trim()
    .min(1, error)
    .refine((v) => ID_PATTERN.test(v), error);

/** An optional id: empty is null. */
export const optionalId = () => optionalText(64).refine((v) => v === null || ID_PATTERN.test(v), msg.invalid);

/** Money typed as "1.234,56" (empty is 0) → integer cents. */
export const moneyField = () =>
  optionalText(24).transform((v, ctx) => {
    if (v === null) return 0;
    const cents = parseCents(v);
    if (cents === null) {
      ctx.addIssue({ code: "custom", message: svcErr.money });
      return z.NEVER;
    }
    return cents;
  });

/** A required whole number within bounds (`rangeError` when out of them). */
export const wholeField = (min: number, max: number, rangeError: string = blockErr.whole) =>
  z
    .string({ error: msg.required })
    .trim()
    .min(1, msg.required)
    .max(8, blockErr.whole)
    .refine((v) => /^[0-9]+$/.test(v), blockErr.whole)
    .transform((v) => Number.parseInt(v, 10))
    .refine((v) => v >= min && v <= max, rangeError);

/** A required calendar day "YYYY-MM-DD". */
export const requiredDay = () =>
  z
    .string({ error: msg.required })
    .trim()
    .min(1, msg.required)
    .refine((v) => parseCalendarDate(v) !== null, "registers.errors.date");

/** A required date-time typed in the zone → UTC ISO. */
export const requiredInstant = (timeZone: string) =>
  z
    .string({ error: msg.required })
    .trim()
    .min(1, msg.required)
    .max(20, svcErr.dateTime)
    .transform((v, ctx) => {
      const utc = localInputToUtc(v, timeZone);
      if (!utc) {
        ctx.addIssue({ code: "custom", message: svcErr.dateTime });
        return z.NEVER;
      }
      return utc;
    });

/** An optional date-time typed in the zone → UTC ISO or null. */
export const optionalInstant = (timeZone: string) =>
  optionalText(20).transform((v, ctx) => {
    if (v === null) return null;
    const utc = localInputToUtc(v, timeZone);
    if (!utc) {
      ctx.addIssue({ code: "custom", message: svcErr.dateTime });
      return z.NEVER;
    }
    return utc;
  });

export type BlockFilter = "fornecedor" | "destino" | "de" | "ate";

/** The list filters both blocks share: supplier and destination by id, a range of calendar days. */
export const BLOCK_FILTERS = {
  fornecedor: (v: string) => ID_PATTERN.test(v),
  destino: (v: string) => ID_PATTERN.test(v),
  de: (v: string) => parseCalendarDate(v) !== null,
  ate: (v: string) => parseCalendarDate(v) !== null,
} as const;
