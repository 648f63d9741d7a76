/**
 * The ground charter form's schema, for the agency's time zone (one
 * definition: the server's action and the browser, which loads it on demand).
 */
import { z } from "zod";
import { parseCents } from "~/lib/finance/money";
import { dateField, versionField } from "~/lib/kit/fields";
import { msg, optionalText, requiredText } from "~/lib/kit/forms";
import { MAX_STOPS } from "~/lib/services/charter";
import { localInputToUtc, SERVICE_CURRENCIES, SERVICE_ID as idPattern, svcErr } from "~/lib/services/fields";
import { capacityOf, defaultLayout, VEHICLE_TYPES, type SeatLayout } from "~/lib/services/seat-layout";
import { parseLayoutJson } from "~/lib/services/seat-layout.schema";

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
