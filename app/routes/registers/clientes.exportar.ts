import { csvResponse } from "~/lib/kit/csv.server";
import { parseListQuery } from "~/lib/kit/list";
import { allRows } from "~/lib/kit/list.server";
import { CLIENT_CSV_COLUMNS, clientListSpec, clientToCsvRow } from "~/lib/registers/client";
import { clientSource } from "~/lib/registers/client.server";
import { client } from "~/db/schema";
import { sql } from "drizzle-orm";
import { getDb } from "~/middleware/cloudflare";
import { requireAgency, requireModule } from "~/middleware/session";
import type { Route } from "./+types/clientes.exportar";

export const middleware: Route.MiddlewareFunction[] = [requireModule("cadastros", "clientes")];

/** GET /cadastros/clientes/exportar?<list params>: the current filter as CSV, in the list's order. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireAgency(context, request);
  const db = getDb(context);
  const query = parseListQuery(new URL(request.url).searchParams, clientListSpec);
  const sortColumn = clientSource.sortColumns[query.sort];
  async function* batches() {
    for await (const rows of allRows({ db, agencyId: viewer.agency.id }, clientSource, query, (where, order, limit) =>
      db
        .select({ row: client, id: client.id, sortValue: sql<string | number | null>`${sortColumn}` })
        .from(client)
        .where(where)
        .orderBy(...order)
        .limit(limit),
    )) {
      yield rows.map((r) => clientToCsvRow(r.row));
    }
  }
  const day = new Date().toISOString().slice(0, 10);
  return csvResponse(`clientes-${viewer.agency.slug}-${day}.csv`, CLIENT_CSV_COLUMNS, batches());
}
