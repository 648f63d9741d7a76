/**
 * The fleet on the server: the record store and screen spec, the list source
 * and page, and the CSV export. A plate is one live vehicle per agency.
 */
import { eq, sql } from "drizzle-orm";
import { fleetVehicle } from "~/db/schema";
import type { Scope } from "~/lib/platform/scope.server";
import type { ListQuery } from "~/lib/kit/list";
import { runList } from "~/lib/kit/list.server";
import { buildSearchText } from "~/lib/kit/search-text";
import { exportList, wholeRows } from "~/lib/kit/export.server";
import { findLiveDuplicate } from "~/lib/kit/duplicate.server";
import { listSourceOf, recordStore, type ReadScope } from "~/lib/kit/record.server";
import type { RecordSpec } from "~/lib/kit/record-action.server";
import { VEHICLE_CSV_COLUMNS, vehicleFormValues, vehicleToCsvRow, type VehicleFilter, type VehicleInput, type VehicleSort } from "~/lib/receptive/vehicle";
import { vehicleEditSchema, vehicleSchema } from "~/lib/receptive/vehicle.schema";
import { canManageReceptive, formatPlate, RECEPTIVE_PATHS } from "~/lib/receptive/fields";
import { activeWhere } from "~/lib/receptive/driver.server";
import { REFERENCES } from "~/lib/registers/references.server";

export const VEHICLE_ENTITY = "fleet_vehicle";

export const vehicleStore = recordStore({
  table: fleetVehicle,
  entity: VEHICLE_ENTITY,
  label: (row) => `${formatPlate(row.plate)} · ${row.model}`,
  softDelete: fleetVehicle.deletedAt,
  searchText: fleetVehicle.searchText,
  createdBy: fleetVehicle.createdBy,
  references: REFERENCES.fleet_vehicle,
});

export type VehicleQuery = ListQuery<VehicleSort, VehicleFilter>;

export const vehicleSource = listSourceOf<VehicleSort, VehicleFilter>(vehicleStore, {
  sortColumns: {
    plate: fleetVehicle.plate,
    model: fleetVehicle.model,
    seats: fleetVehicle.seats,
    insuranceExpiry: fleetVehicle.insuranceExpiry,
    createdAt: fleetVehicle.createdAt,
  },
  filterWhere: (f) => [...(f.type ? [eq(fleetVehicle.type, f.type as (typeof fleetVehicle.type.enumValues)[number])] : []), ...activeWhere(fleetVehicle.active, f.status)],
});

export type VehicleListRow = {
  id: string;
  sortValue: string | number | null;
  plate: string;
  model: string;
  type: string;
  seats: number;
  year: number | null;
  insuranceExpiry: string | null;
  inspectionExpiry: string | null;
  active: boolean;
};

export function listVehicles(scope: ReadScope, query: VehicleQuery) {
  const { db } = scope;
  const sortColumn = vehicleSource.sortColumns[query.sort];
  return runList(scope, vehicleSource, query, (where, order, limit) =>
    db
      .select({
        id: fleetVehicle.id,
        sortValue: sql<string | number | null>`${sortColumn}`,
        plate: fleetVehicle.plate,
        model: fleetVehicle.model,
        type: fleetVehicle.type,
        seats: fleetVehicle.seats,
        year: fleetVehicle.year,
        insuranceExpiry: fleetVehicle.insuranceExpiry,
        inspectionExpiry: fleetVehicle.inspectionExpiry,
        active: fleetVehicle.active,
      })
      .from(fleetVehicle)
      .where(where)
      .orderBy(...order)
      .limit(limit) as Promise<VehicleListRow[]>,
  );
}

export const vehicleSearchText = (r: { plate: string; model: string; renavam: string | null }) => buildSearchText(r.plate, formatPlate(r.plate), r.model, r.renavam);

export function vehicleValues(input: VehicleInput) {
  return { ...input, searchText: vehicleSearchText(input) };
}

export const VEHICLE_EMPTY = { type: "van", active: "on" };

export const vehicleSpec: RecordSpec<typeof fleetVehicle, VehicleInput> = {
  store: vehicleStore,
  listPath: RECEPTIVE_PATHS.fleet,
  canDelete: canManageReceptive,
  schemas: { create: vehicleSchema, edit: vehicleEditSchema },
  values: vehicleValues,
  display: vehicleFormValues,
  duplicate: (scope, input, exceptId) => findLiveDuplicate(scope, vehicleStore, [{ field: "plate", column: fleetVehicle.plate, value: input.plate }], exceptId),
};

export function vehiclesCsv(scope: Scope, query: VehicleQuery, filename: string) {
  return exportList(scope, vehicleSource, query, wholeRows(scope.db, fleetVehicle, vehicleSource, query), VEHICLE_CSV_COLUMNS, (r) => vehicleToCsvRow(r.row), filename);
}
