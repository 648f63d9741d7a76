/**
 * Fleet (Receptivo → Frota): the agency's vehicles — plate (old or Mercosul),
 * model, type, seats, year, RENAVAM, insurance and inspection expiries, which
 * the schedule and the excursions' checklist check. Form schema, list spec, CSV.
 */
import { FLEET_VEHICLE_TYPES } from "~/db/schema/receptive";
import type { ListSpec } from "~/lib/kit/list";
import { ACTIVE_FILTER } from "~/lib/receptive/driver";
import { formatPlate } from "~/lib/receptive/fields";

export { FLEET_VEHICLE_TYPES };
export type { VehicleInput } from "~/lib/receptive/vehicle.schema";

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
