import { exportFilename } from "~/lib/kit/export.server";
import { parseListQuery } from "~/lib/kit/list";
import { translate } from "~/lib/platform/translate";
import { emissivoListSpec } from "~/lib/sales/emissivo";
import { emissivoCsv } from "~/lib/sales/emissivo.server";
import { getI18n } from "~/middleware/i18n";
import { requireAgency, requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/emissivo.exportar";

export const middleware: Route.MiddlewareFunction[] = [requireModule("vendas", "emissivo")];

/** GET /vendas/emissivo/exportar?<list params>: the sales the viewer may see, current filter, as CSV. */
export function loader({ context, request }: Route.LoaderArgs) {
  const query = parseListQuery(new URL(request.url).searchParams, emissivoListSpec);
  const i18n = getI18n(context);
  return emissivoCsv(requireScope(context, request), query, exportFilename("vendas-emissivo", requireAgency(context, request).agency.slug), (key) => translate(i18n, key));
}
