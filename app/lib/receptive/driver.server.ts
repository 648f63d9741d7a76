/**
 * Drivers on the server: the record store and screen spec (the kit's loader
 * and action), the list source and page, and the CSV export.
 */
import { eq, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { driver } from "~/db/schema";
import type { Scope } from "~/lib/platform/scope.server";
import type { ListQuery } from "~/lib/kit/list";
import { runList } from "~/lib/kit/list.server";
import { buildSearchText } from "~/lib/kit/search-text";
import { exportList, wholeRows } from "~/lib/kit/export.server";
import { findLiveDuplicate } from "~/lib/kit/duplicate.server";
import { listSourceOf, recordStore, type ReadScope } from "~/lib/kit/record.server";
import type { RecordSpec } from "~/lib/kit/record-action.server";
import { DRIVER_CSV_COLUMNS, driverFormValues, driverToCsvRow, type DriverFilter, type DriverInput, type DriverSort } from "~/lib/receptive/driver";
import { driverEditSchema, driverSchema } from "~/lib/receptive/driver.schema";
import { canManageReceptive, RECEPTIVE_PATHS } from "~/lib/receptive/fields";
import { REFERENCES } from "~/lib/registers/references.server";

export const DRIVER_ENTITY = "driver";

export const driverStore = recordStore({
  table: driver,
  entity: DRIVER_ENTITY,
  label: (row) => row.name,
  softDelete: driver.deletedAt,
  searchText: driver.searchText,
  createdBy: driver.createdBy,
  references: REFERENCES.driver,
});

export type DriverQuery = ListQuery<DriverSort, DriverFilter>;

/** `status` filter: active or inactive records (shared by the receptive registers). */
export const activeWhere = (column: SQLiteColumn, status: string | undefined): SQL[] =>
  status ? [eq(column, status === "active")] : [];

export const driverSource = listSourceOf<DriverSort, DriverFilter>(driverStore, {
  sortColumns: { name: driver.searchText, cnhExpiry: driver.cnhExpiry, createdAt: driver.createdAt },
  filterWhere: (f) => [...(f.category ? [eq(driver.cnhCategory, f.category as (typeof driver.cnhCategory.enumValues)[number])] : []), ...activeWhere(driver.active, f.status)],
});

export type DriverListRow = {
  id: string;
  sortValue: string | number | null;
  name: string;
  phone: string | null;
  cnhNumber: string;
  cnhCategory: string;
  cnhExpiry: string;
  ear: boolean;
  active: boolean;
};

export function listDrivers(scope: ReadScope, query: DriverQuery) {
  const { db } = scope;
  const sortColumn = driverSource.sortColumns[query.sort];
  return runList(scope, driverSource, query, (where, order, limit) =>
    db
      .select({
        id: driver.id,
        sortValue: sql<string | number | null>`${sortColumn}`,
        name: driver.name,
        phone: driver.phone,
        cnhNumber: driver.cnhNumber,
        cnhCategory: driver.cnhCategory,
        cnhExpiry: driver.cnhExpiry,
        ear: driver.ear,
        active: driver.active,
      })
      .from(driver)
      .where(where)
      .orderBy(...order)
      .limit(limit) as Promise<DriverListRow[]>,
  );
}

export const driverSearchText = (r: { name: string; cpf: string | null; cnhNumber: string; phone: string | null }) => buildSearchText(r.name, r.cpf, r.cnhNumber, r.phone);

export function driverValues(input: DriverInput) {
  return { ...input, searchText: driverSearchText(input) };
}

export const DRIVER_EMPTY = { cnhCategory: "D", active: "on" };

export const driverSpec: RecordSpec<typeof driver, DriverInput> = {
  store: driverStore,
  listPath: RECEPTIVE_PATHS.drivers,
  canDelete: canManageReceptive,
  schemas: { create: driverSchema, edit: driverEditSchema },
  values: driverValues,
  display: driverFormValues,
  duplicate: (scope, input, exceptId) =>
    findLiveDuplicate(
      scope,
      driverStore,
      [
        { field: "cpf", column: driver.cpf, value: input.cpf },
        { field: "cnhNumber", column: driver.cnhNumber, value: input.cnhNumber },
      ],
      exceptId,
    ),
};

export function driversCsv(scope: Scope, query: DriverQuery, filename: string) {
  return exportList(scope, driverSource, query, wholeRows(scope.db, driver, driverSource, query), DRIVER_CSV_COLUMNS, (r) => driverToCsvRow(r.row), filename);
}
