import { parseListQuery } from "~/lib/kit/list";
import { exportFilename } from "~/lib/kit/export.server";
import { agentListSpec } from "~/lib/registers/agent";
import { agentsCsv } from "~/lib/registers/agent.server";
import { requireAgency, requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/agentes.exportar";

export const middleware: Route.MiddlewareFunction[] = [requireModule("cadastros", "agentes")];

/** GET /cadastros/agentes/exportar?<list params>: the current filter as CSV, in the list's order. */
export function loader({ context, request }: Route.LoaderArgs) {
  const query = parseListQuery(new URL(request.url).searchParams, agentListSpec);
  return agentsCsv(requireScope(context, request), query, exportFilename("agentes", requireAgency(context, request).agency.slug));
}
