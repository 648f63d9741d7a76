import { exportFilename } from "~/lib/kit/export.server";
import { parseListQuery } from "~/lib/kit/list";
import { airBlockListSpec } from "~/lib/services/air-block";
import { airBlocksCsv } from "~/lib/services/air-block.server";
import { requireAgency, requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/bloqueio-aereo.exportar";

export const middleware: Route.MiddlewareFunction[] = [requireModule("servicos", "bloqueio_aereo")];

/** GET /servicos/bloqueio-aereo/exportar?<list params>: the current filter as CSV, in the list's order. */
export function loader({ context, request }: Route.LoaderArgs) {
  const query = parseListQuery(new URL(request.url).searchParams, airBlockListSpec);
  return airBlocksCsv(requireScope(context, request), query, exportFilename("bloqueios-aereos", requireAgency(context, request).agency.slug));
}
