/**
 * Fleet (Receptivo → Frota): the agency's vehicles — plate (old or Mercosul),
 * model, type, seats, year, RENAVAM, insurance and inspection expiries, which
 * the schedule and the excursions' checklist check. Form schema, list spec, CSV.
 */
import { z } from "zod";
import { FLEET_VEHICLE_TYPES } from "~/db/schema/receptive";

export { FLEET_VEHICLE_TYPES };
import { msg, optionalText, requiredText } from "~/lib/kit/forms";
import { checkboxField, dateField, optionalInt, versionField } from "~/lib/kit/fields";
import type { ListSpec } from "~/lib/kit/list";
import { ACTIVE_FILTER } from "~/lib/receptive/driver";
import { formatPlate, normalizePlate, normalizeRenavam, rcpErr } from "~/lib/receptive/fields";

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

export const VEHICLE_SORTS = ["plate", "model", "seats", "insuranceExpiry", "createdAt"] as const;
export type VehicleSort = (typeof VEHICLE_SORTS)[number];
export type VehicleFilter = "type" | "status";

export const vehicleListSpec = {
  sorts: VEHICLE_SORTS,
  defaultSort: "plate",
  filters: { type: FLEET_VEHICLE_TYPES, status: ACTIVE_FILTER },
} as const satisfies ListSpec<VehicleSort, VehicleFilter>;

type VehicleRow = {
  plate: string;
  model: string;
  type: string;
  seats: number;
  year: number | null;
  renavam: string | null;
  insuranceExpiry: string | null;
  inspectionExpiry: string | null;
  notes: string | null;
  active: boolean;
};

export const vehicleFormValues = (r: VehicleRow) => ({
  plate: formatPlate(r.plate),
  model: r.model,
  type: r.type,
  seats: String(r.seats),
  year: r.year === null ? "" : String(r.year),
  renavam: r.renavam ?? "",
  insuranceExpiry: r.insuranceExpiry ?? "",
  inspectionExpiry: r.inspectionExpiry ?? "",
  notes: r.notes ?? "",
  active: r.active ? "on" : "",
});

export const VEHICLE_CSV_COLUMNS = ["plate", "model", "type", "seats", "year", "renavam", "insuranceExpiry", "inspectionExpiry", "active", "notes"] as const;
export const vehicleToCsvRow = (r: VehicleRow): Record<(typeof VEHICLE_CSV_COLUMNS)[number], string> => ({
  ...vehicleFormValues(r),
  active: r.active ? "1" : "0",
});
