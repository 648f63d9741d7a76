import { csvResponse } from "~/lib/kit/csv.server";
import { parseListQuery } from "~/lib/kit/list";
import { allRows } from "~/lib/kit/list.server";
import { AGENT_CSV_COLUMNS, agentListSpec, agentToCsvRow } from "~/lib/registers/agent";
import { agentExportSelect, agentSource } from "~/lib/registers/agent.server";
import { getDb } from "~/middleware/cloudflare";
import { requireAgency, requireModule } from "~/middleware/session";
import type { Route } from "./+types/agentes.exportar";

export const middleware: Route.MiddlewareFunction[] = [requireModule("cadastros", "agentes")];

/** GET /cadastros/agentes/exportar?<list params>: the current filter as CSV, in the list's order. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireAgency(context, request);
  const db = getDb(context);
  const query = parseListQuery(new URL(request.url).searchParams, agentListSpec);
  const select = agentExportSelect(db, agentSource.sortColumns[query.sort]);
  async function* batches() {
    for await (const rows of allRows({ db, agencyId: viewer.agency.id }, agentSource, query, select)) {
      yield rows.map((r) => agentToCsvRow({ ...r.row, userName: r.userName, userEmail: r.userEmail }));
    }
  }
  const day = new Date().toISOString().slice(0, 10);
  return csvResponse(`agentes-${viewer.agency.slug}-${day}.csv`, AGENT_CSV_COLUMNS, batches());
}
