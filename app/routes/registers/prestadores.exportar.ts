import { parseListQuery } from "~/lib/kit/list";
import { exportFilename } from "~/lib/kit/export.server";
import { providerListSpec } from "~/lib/registers/partner";
import { partnersCsv } from "~/lib/registers/partner-screen.server";
import { requireAgency, requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/prestadores.exportar";

export const middleware: Route.MiddlewareFunction[] = [requireModule("cadastros", "prestadores")];

/** GET /cadastros/prestadores/exportar?<list params>: the current filter as CSV, in the list's order. */
export function loader({ context, request }: Route.LoaderArgs) {
  const query = parseListQuery(new URL(request.url).searchParams, providerListSpec);
  return partnersCsv(requireScope(context, request), "provider", query, exportFilename("prestadores", requireAgency(context, request).agency.slug));
}
