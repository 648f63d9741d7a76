import { exportFilename } from "~/lib/kit/export.server";
import { parseListQuery } from "~/lib/kit/list";
import { charterListSpec } from "~/lib/services/charter";
import { chartersCsv } from "~/lib/services/charter.server";
import { getI18n } from "~/middleware/i18n";
import { requireAgency, requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/fretamento-terrestre.exportar";

export const middleware: Route.MiddlewareFunction[] = [requireModule("servicos", "fretamento_terrestre")];

/** GET /servicos/fretamento-terrestre/exportar?<list params>: the current filter as CSV, in the list's order. */
export function loader({ context, request }: Route.LoaderArgs) {
  const query = parseListQuery(new URL(request.url).searchParams, charterListSpec);
  const { t } = getI18n(context);
  return chartersCsv(requireScope(context, request), query, exportFilename("fretamentos", requireAgency(context, request).agency.slug), (type) =>
    t(`services.vehicleTypes.${type}` as "services.vehicleTypes.van"),
  );
}
