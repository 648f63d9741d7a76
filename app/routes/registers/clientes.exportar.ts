import { parseListQuery } from "~/lib/kit/list";
import { exportFilename } from "~/lib/kit/export.server";
import { clientListSpec } from "~/lib/registers/client";
import { clientsCsv } from "~/lib/registers/client.server";
import { requireAgency, requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/clientes.exportar";

export const middleware: Route.MiddlewareFunction[] = [requireModule("cadastros", "clientes")];

/** GET /cadastros/clientes/exportar?<list params>: the current filter as CSV, in the list's order. */
export function loader({ context, request }: Route.LoaderArgs) {
  const query = parseListQuery(new URL(request.url).searchParams, clientListSpec);
  return clientsCsv(requireScope(context, request), query, exportFilename("clientes", requireAgency(context, request).agency.slug));
}
