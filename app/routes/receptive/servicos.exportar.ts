import { parseListQuery } from "~/lib/kit/list";
import { exportFilename } from "~/lib/kit/export.server";
import { serviceListSpec } from "~/lib/receptive/service";
import { servicesCsv } from "~/lib/receptive/service.server";
import { getI18n } from "~/middleware/i18n";
import { requireAgency, requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/servicos.exportar";

export const middleware: Route.MiddlewareFunction[] = [requireModule("servicos", "receptivo")];

/** GET /receptivo/servicos/exportar?<list params>: the current filter as CSV, kinds named in the user's language. */
export function loader({ context, request }: Route.LoaderArgs) {
  const query = parseListQuery(new URL(request.url).searchParams, serviceListSpec);
  const { t } = getI18n(context);
  return servicesCsv(requireScope(context, request), query, exportFilename("servicos-receptivos", requireAgency(context, request).agency.slug), (kind) => t(`receptive.kinds.${kind}` as never));
}
