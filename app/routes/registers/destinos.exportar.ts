import { sql } from "drizzle-orm";
import { csvResponse } from "~/lib/kit/csv.server";
import { parseListQuery } from "~/lib/kit/list";
import { allRows } from "~/lib/kit/list.server";
import { DESTINATION_CSV_COLUMNS, destinationListSpec, destinationToCsvRow } from "~/lib/registers/destination";
import { destinationSource } from "~/lib/registers/destination.server";
import { getDb } from "~/middleware/cloudflare";
import { requireAgency, requireModule } from "~/middleware/session";
import { destination } from "~/db/schema";
import type { Route } from "./+types/destinos.exportar";

export const middleware: Route.MiddlewareFunction[] = [requireModule("cadastros", "destinos")];

/** GET /cadastros/destinos/exportar?<list params>: the current filter as CSV, in the list's order (no images). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireAgency(context, request);
  const db = getDb(context);
  const query = parseListQuery(new URL(request.url).searchParams, destinationListSpec);
  const sortColumn = destinationSource.sortColumns[query.sort];
  async function* batches() {
    for await (const rows of allRows({ db, agencyId: viewer.agency.id }, destinationSource, query, (where, order, limit) =>
      db
        .select({
          id: destination.id,
          name: destination.name,
          city: destination.city,
          state: destination.state,
          country: destination.country,
          description: destination.description,
          sortValue: sql<string | number | null>`${sortColumn}`,
        })
        .from(destination)
        .where(where)
        .orderBy(...order)
        .limit(limit),
    )) {
      yield rows.map(destinationToCsvRow);
    }
  }
  const day = new Date().toISOString().slice(0, 10);
  return csvResponse(`destinos-${viewer.agency.slug}-${day}.csv`, DESTINATION_CSV_COLUMNS, batches());
}
