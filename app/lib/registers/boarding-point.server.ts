/**
 * Boarding points on the server: the list source, the states (UFs) the agency's
 * points are in (the list's filter), and the row a form input becomes.
 */
import { and, asc, eq, isNotNull, sql, type SQL } from "drizzle-orm";
import { boardingPoint } from "~/db/schema";
import type { Db } from "~/lib/platform/db.server";
import type { ListQuery } from "~/lib/kit/list";
import { liveRows, runList, type ListSource } from "~/lib/kit/list.server";
import { registerSearchText } from "~/lib/kit/search-text";
import type { BoardingPointFilter, BoardingPointInput, BoardingPointSort } from "~/lib/registers/boarding-point";

export const BOARDING_POINT_ENTITY = "boarding_point";

export const boardingPointSource: ListSource<BoardingPointSort, BoardingPointFilter> = {
  table: boardingPoint,
  softDelete: boardingPoint.deletedAt,
  search: boardingPoint.searchText,
  counter: BOARDING_POINT_ENTITY,
  sortColumns: { name: boardingPoint.searchText, createdAt: boardingPoint.createdAt },
  filterWhere: (f) => {
    const out: SQL[] = [];
    if (f.state) out.push(eq(boardingPoint.state, f.state));
    return out;
  },
};

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

export function listBoardingPoints(db: Db, agencyId: string, query: ListQuery<BoardingPointSort, BoardingPointFilter>) {
  const sortColumn = boardingPointSource.sortColumns[query.sort];
  return runList({ db, agencyId }, boardingPointSource, query, (where, order, limit) =>
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
export async function boardingPointStates(db: Db, agencyId: string): Promise<string[]> {
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
