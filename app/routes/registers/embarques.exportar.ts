import { parseListQuery } from "~/lib/kit/list";
import { exportFilename } from "~/lib/kit/export.server";
import { boardingPointListSpec } from "~/lib/registers/boarding-point";
import { boardingPointsCsv } from "~/lib/registers/boarding-point.server";
import { requireAgency, requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/embarques.exportar";

export const middleware: Route.MiddlewareFunction[] = [requireModule("cadastros", "embarques")];

/** GET /cadastros/embarques/exportar?<list params>: the current filter as CSV, in the list's order. */
export function loader({ context, request }: Route.LoaderArgs) {
  const query = parseListQuery(new URL(request.url).searchParams, boardingPointListSpec);
  return boardingPointsCsv(requireScope(context, request), query, exportFilename("embarques", requireAgency(context, request).agency.slug));
}
