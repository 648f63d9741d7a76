import { parseListQuery } from "~/lib/kit/list";
import { exportFilename } from "~/lib/kit/export.server";
import { driverListSpec } from "~/lib/receptive/driver";
import { driversCsv } from "~/lib/receptive/driver.server";
import { requireAgency, requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/motoristas.exportar";

export const middleware: Route.MiddlewareFunction[] = [requireModule("servicos", "receptivo")];

/** GET /receptivo/motoristas/exportar?<list params>: the current filter as CSV, in the list's order. */
export function loader({ context, request }: Route.LoaderArgs) {
  const query = parseListQuery(new URL(request.url).searchParams, driverListSpec);
  return driversCsv(requireScope(context, request), query, exportFilename("motoristas", requireAgency(context, request).agency.slug));
}
