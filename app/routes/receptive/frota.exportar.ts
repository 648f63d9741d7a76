import { parseListQuery } from "~/lib/kit/list";
import { exportFilename } from "~/lib/kit/export.server";
import { vehicleListSpec } from "~/lib/receptive/vehicle";
import { vehiclesCsv } from "~/lib/receptive/vehicle.server";
import { requireAgency, requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/frota.exportar";

export const middleware: Route.MiddlewareFunction[] = [requireModule("servicos", "receptivo")];

/** GET /receptivo/frota/exportar?<list params>: the current filter as CSV, in the list's order. */
export function loader({ context, request }: Route.LoaderArgs) {
  const query = parseListQuery(new URL(request.url).searchParams, vehicleListSpec);
  return vehiclesCsv(requireScope(context, request), query, exportFilename("frota", requireAgency(context, request).agency.slug));
}
