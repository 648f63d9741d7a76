import { templateListSpec } from "~/lib/contracts/template";
import { templatesCsv } from "~/lib/contracts/template.server";
import { exportFilename } from "~/lib/kit/export.server";
import { parseListQuery } from "~/lib/kit/list";
import { requireAgency, requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/modelos.exportar";

export const middleware: Route.MiddlewareFunction[] = [requireModule("contratos", "modelos")];

/** GET /contratos/modelos/exportar?<list params>: the current filter as CSV (without the bodies), in the list's order. */
export function loader({ context, request }: Route.LoaderArgs) {
  const query = parseListQuery(new URL(request.url).searchParams, templateListSpec);
  return templatesCsv(requireScope(context, request), query, exportFilename("modelos-de-contrato", requireAgency(context, request).agency.slug));
}
