import { exportFilename } from "~/lib/kit/export.server";
import { parseListQuery } from "~/lib/kit/list";
import { formatDateTime } from "~/lib/platform/format";
import { excursionSaleListSpec } from "~/lib/sales/excursion-sale";
import { excursionSalesCsv } from "~/lib/sales/excursion-sale.server";
import { getI18n, getLocale } from "~/middleware/i18n";
import { requireAgency, requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/excursoes.exportar";

export const middleware: Route.MiddlewareFunction[] = [requireModule("vendas", "excursoes")];

/** GET /vendas/excursoes/exportar?<list params>: the current filter as CSV, in the list's order. */
export function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const query = parseListQuery(new URL(request.url).searchParams, excursionSaleListSpec);
  const { t } = getI18n(context);
  const language = getLocale(context);
  return excursionSalesCsv(scope, query, exportFilename("vendas-excursoes", requireAgency(context, request).agency.slug), (key) => t(key as never) as string, (iso) =>
    formatDateTime(iso, language, scope.timeZone),
  );
}
