/** The fleet form's schema (server, and the browser on demand). */
import { z } from "zod";
import { FLEET_VEHICLE_TYPES } from "~/db/schema/receptive";
import { msg, optionalText, requiredText } from "~/lib/kit/forms";
import { checkboxField, dateField, optionalInt, versionField } from "~/lib/kit/fields";
import { normalizePlate, normalizeRenavam, rcpErr } from "~/lib/receptive/fields";

const MAX_YEAR = 2100;

const vehicleFields = {
  plate: z
    .string({ error: msg.required })
    .trim()
    .min(1, msg.required)
    .max(10, msg.tooLong)
    .transform((v, ctx) => {
      const plate = normalizePlate(v);
      if (!plate) {
        ctx.addIssue({ code: "custom", message: rcpErr.plate });
        return z.NEVER;
      }
      return plate;
    }),
  model: requiredText(120),
  type: z.enum(FLEET_VEHICLE_TYPES, { error: msg.required }),
  seats: z
    .string({ error: msg.required })
    .trim()
    .min(1, msg.required)
    .max(4, rcpErr.seats)
    .refine((v) => /^[0-9]+$/.test(v) && Number(v) >= 1 && Number(v) <= 100, rcpErr.seats)
    .transform(Number),
  year: optionalInt(1950, MAX_YEAR).refine((v) => v === null || (v >= 1950 && v <= MAX_YEAR), rcpErr.year),
  renavam: optionalText(20).transform((v, ctx) => {
    if (v === null) return null;
    const renavam = normalizeRenavam(v);
    if (!renavam) {
      ctx.addIssue({ code: "custom", message: rcpErr.renavam });
      return z.NEVER;
    }
    return renavam;
  }),
  insuranceExpiry: dateField(),
  inspectionExpiry: dateField(),
  notes: optionalText(2000),
  active: checkboxField(),
};

export const vehicleSchema = z.object(vehicleFields);
export const vehicleEditSchema = z.object({ ...vehicleFields, version: versionField() });
export type VehicleInput = z.output<typeof vehicleSchema>;

