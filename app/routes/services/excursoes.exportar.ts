import { exportFilename } from "~/lib/kit/export.server";
import { parseListQuery } from "~/lib/kit/list";
import { excursionListSpec } from "~/lib/excursions/excursion";
import { excursionsCsv } from "~/lib/excursions/excursion.server";
import { getI18n } from "~/middleware/i18n";
import { requireAgency, requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/excursoes.exportar";

export const middleware: Route.MiddlewareFunction[] = [requireModule("servicos", "excursoes")];

/** GET /servicos/excursoes/exportar?<list params>: the current filter as CSV, in the list's order. */
export function loader({ context, request }: Route.LoaderArgs) {
  const query = parseListQuery(new URL(request.url).searchParams, excursionListSpec);
  const { t } = getI18n(context);
  return excursionsCsv(requireScope(context, request), query, exportFilename("excursoes", requireAgency(context, request).agency.slug), {
    status: (s) => t(`services.excursions.statuses.${s}`),
    yesNo: (v) => (v ? t("services.excursions.yes") : t("services.excursions.no")),
  });
}
