import { parseListQuery } from "~/lib/kit/list";
import { exportFilename } from "~/lib/kit/export.server";
import { destinationListSpec } from "~/lib/registers/destination";
import { destinationsCsv } from "~/lib/registers/destination.server";
import { requireAgency, requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/destinos.exportar";

export const middleware: Route.MiddlewareFunction[] = [requireModule("cadastros", "destinos")];

/** GET /cadastros/destinos/exportar?<list params>: the current filter as CSV, in the list's order (no images). */
export function loader({ context, request }: Route.LoaderArgs) {
  const query = parseListQuery(new URL(request.url).searchParams, destinationListSpec);
  return destinationsCsv(requireScope(context, request), query, exportFilename("destinos", requireAgency(context, request).agency.slug));
}
