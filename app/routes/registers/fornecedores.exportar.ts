import { parseListQuery } from "~/lib/kit/list";
import { exportFilename } from "~/lib/kit/export.server";
import { supplierListSpec } from "~/lib/registers/partner";
import { partnersCsv } from "~/lib/registers/partner-screen.server";
import { requireAgency, requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/fornecedores.exportar";

export const middleware: Route.MiddlewareFunction[] = [requireModule("cadastros", "fornecedores")];

/** GET /cadastros/fornecedores/exportar?<list params>: the current filter as CSV, in the list's order. */
export function loader({ context, request }: Route.LoaderArgs) {
  const query = parseListQuery(new URL(request.url).searchParams, supplierListSpec);
  return partnersCsv(requireScope(context, request), "supplier", query, exportFilename("fornecedores", requireAgency(context, request).agency.slug));
}
