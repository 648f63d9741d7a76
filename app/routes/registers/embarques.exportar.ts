import { sql } from "drizzle-orm";
import { boardingPoint } from "~/db/schema";
import { csvResponse } from "~/lib/kit/csv.server";
import { parseListQuery } from "~/lib/kit/list";
import { allRows } from "~/lib/kit/list.server";
import { BOARDING_POINT_CSV_COLUMNS, boardingPointListSpec, boardingPointToCsvRow } from "~/lib/registers/boarding-point";
import { boardingPointSource } from "~/lib/registers/boarding-point.server";
import { getDb } from "~/middleware/cloudflare";
import { requireAgency, requireModule } from "~/middleware/session";
import type { Route } from "./+types/embarques.exportar";

export const middleware: Route.MiddlewareFunction[] = [requireModule("cadastros", "embarques")];

/** GET /cadastros/embarques/exportar?<list params>: the current filter as CSV, in the list's order. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireAgency(context, request);
  const db = getDb(context);
  const query = parseListQuery(new URL(request.url).searchParams, boardingPointListSpec);
  const sortColumn = boardingPointSource.sortColumns[query.sort];
  async function* batches() {
    for await (const rows of allRows({ db, agencyId: viewer.agency.id }, boardingPointSource, query, (where, order, limit) =>
      db
        .select({ row: boardingPoint, id: boardingPoint.id, sortValue: sql<string | number | null>`${sortColumn}` })
        .from(boardingPoint)
        .where(where)
        .orderBy(...order)
        .limit(limit),
    )) {
      yield rows.map((r) => boardingPointToCsvRow(r.row));
    }
  }
  const day = new Date().toISOString().slice(0, 10);
  return csvResponse(`embarques-${viewer.agency.slug}-${day}.csv`, BOARDING_POINT_CSV_COLUMNS, batches());
}
