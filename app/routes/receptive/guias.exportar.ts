import { parseListQuery } from "~/lib/kit/list";
import { exportFilename } from "~/lib/kit/export.server";
import { guideListSpec } from "~/lib/receptive/guide";
import { guidesCsv } from "~/lib/receptive/guide.server";
import { requireAgency, requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/guias.exportar";

export const middleware: Route.MiddlewareFunction[] = [requireModule("servicos", "receptivo")];

/** GET /receptivo/guias/exportar?<list params>: the current filter as CSV, in the list's order. */
export function loader({ context, request }: Route.LoaderArgs) {
  const query = parseListQuery(new URL(request.url).searchParams, guideListSpec);
  return guidesCsv(requireScope(context, request), query, exportFilename("guias", requireAgency(context, request).agency.slug));
}
