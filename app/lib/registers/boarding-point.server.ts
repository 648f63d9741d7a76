/**
 * Boarding points on the server: the record store and screen spec (the kit's
 * loader and action), the list source, page and CSV export, the states (UFs)
 * the agency's points are in (the list's filter), and the row a form input
 * becomes.
 */
import { and, asc, eq, isNotNull, sql, type SQL } from "drizzle-orm";
import { boardingPoint } from "~/db/schema";
import { formatCep } from "~/lib/platform/br-documents";
import type { Scope } from "~/lib/platform/scope.server";
import type { ListQuery } from "~/lib/kit/list";
import { liveRows, runList } from "~/lib/kit/list.server";
import { registerSearchText } from "~/lib/kit/search-text";
import { exportList, wholeRows } from "~/lib/kit/export.server";
import { listSourceOf, recordStore, type ReadScope } from "~/lib/kit/record.server";
import type { RecordSpec } from "~/lib/kit/record-action.server";
import { BOARDING_POINT_CSV_COLUMNS, BOARDING_POINTS_PATH, boardingPointToCsvRow, coordinateText, type BoardingPointFilter, type BoardingPointInput, type BoardingPointSort } from "~/lib/registers/boarding-point";
import { boardingPointEditSchema, boardingPointSchema } from "~/lib/registers/boarding-point.schema";
import { REFERENCES } from "~/lib/registers/references.server";
import { canManageRegisters } from "~/lib/registers/roles";

export const BOARDING_POINT_ENTITY = "boarding_point";

export const boardingPointStore = recordStore({
  table: boardingPoint,
  entity: BOARDING_POINT_ENTITY,
  label: (row) => row.name,
  softDelete: boardingPoint.deletedAt,
  searchText: boardingPoint.searchText,
  counter: BOARDING_POINT_ENTITY,
  createdBy: boardingPoint.createdBy,
  references: REFERENCES.boarding_point,
});

export type BoardingPointQuery = ListQuery<BoardingPointSort, BoardingPointFilter>;

export const boardingPointSource = listSourceOf<BoardingPointSort, BoardingPointFilter>(boardingPointStore, {
  sortColumns: { name: boardingPoint.searchText, createdAt: boardingPoint.createdAt },
  filterWhere: (f) => {
    const out: SQL[] = [];
    if (f.state) out.push(eq(boardingPoint.state, f.state));
    return out;
  },
});

export type BoardingPointListRow = {
  id: string;
  sortValue: string | number | null;
  name: string;
  address: string | null;
  district: string | null;
  city: string | null;
  state: string | null;
  latitude: number | null;
  longitude: number | null;
  reference: string | null;
  defaultOffsetMinutes: number;
  createdAt: string;
};

export function listBoardingPoints(scope: ReadScope, query: BoardingPointQuery) {
  const { db } = scope;
  const sortColumn = boardingPointSource.sortColumns[query.sort];
  return runList(scope, boardingPointSource, query, (where, order, limit) =>
    db
      .select({
        id: boardingPoint.id,
        sortValue: sql<string | number | null>`${sortColumn}`,
        name: boardingPoint.name,
        address: boardingPoint.address,
        district: boardingPoint.district,
        city: boardingPoint.city,
        state: boardingPoint.state,
        latitude: boardingPoint.latitude,
        longitude: boardingPoint.longitude,
        reference: boardingPoint.reference,
        defaultOffsetMinutes: boardingPoint.defaultOffsetMinutes,
        createdAt: boardingPoint.createdAt,
      })
      .from(boardingPoint)
      .where(where)
      .orderBy(...order)
      .limit(limit) as Promise<BoardingPointListRow[]>,
  );
}

/** The states (UFs) of the agency's live boarding points, for the list's filter. */
export async function boardingPointStates({ db, agencyId }: ReadScope): Promise<string[]> {
  const rows = await db
    .selectDistinct({ state: boardingPoint.state })
    .from(boardingPoint)
    .where(and(...liveRows(boardingPoint, agencyId), isNotNull(boardingPoint.state)))
    .orderBy(asc(boardingPoint.state));
  return rows.map((r) => r.state).filter((s): s is string => !!s);
}

/** The stored row of a validated form input (without id, agency and bookkeeping). */
export function boardingPointValues(input: BoardingPointInput) {
  return {
    name: input.name,
    address: input.address,
    district: input.district,
    city: input.city,
    state: input.state,
    postalCode: input.postalCode,
    latitude: input.latitude,
    longitude: input.longitude,
    reference: input.reference,
    defaultOffsetMinutes: input.defaultOffsetMinutes,
    searchText: registerSearchText.boardingPoint(input),
  };
}

// ---------------------------------------------------------------------------
// The form screen (novo and editar/:id) and the export

type BoardingPointRow = typeof boardingPoint.$inferSelect;

/** A stored boarding point as the form shows it (masked CEP, coordinates and minutes as text). */
export function boardingPointFormValues(row: BoardingPointRow) {
  const text = (v: string | null) => v ?? "";
  return {
    name: row.name,
    address: text(row.address),
    district: text(row.district),
    city: text(row.city),
    state: text(row.state),
    postalCode: row.postalCode ? formatCep(row.postalCode) : "",
    latitude: coordinateText(row.latitude),
    longitude: coordinateText(row.longitude),
    reference: text(row.reference),
    defaultOffsetMinutes: String(row.defaultOffsetMinutes),
  };
}

/** An empty boarding point form (novo). */
export const BOARDING_POINT_EMPTY: Partial<ReturnType<typeof boardingPointFormValues>> = { defaultOffsetMinutes: "0" };

/** The boarding point form screen for the kit's loader and action. */
export const boardingPointSpec: RecordSpec<typeof boardingPoint, BoardingPointInput> = {
  store: boardingPointStore,
  listPath: BOARDING_POINTS_PATH,
  canDelete: canManageRegisters,
  schemas: { create: boardingPointSchema, edit: boardingPointEditSchema },
  values: boardingPointValues,
  display: boardingPointFormValues,
  // No duplicate rule: "Rodoviária" may well exist in two cities.
};

/** The current filter of the list as CSV, in the list's order. */
export function boardingPointsCsv(scope: Scope, query: BoardingPointQuery, filename: string) {
  return exportList(scope, boardingPointSource, query, wholeRows(scope.db, boardingPoint, boardingPointSource, query), BOARDING_POINT_CSV_COLUMNS, (r) => boardingPointToCsvRow(r.row), filename);
}
