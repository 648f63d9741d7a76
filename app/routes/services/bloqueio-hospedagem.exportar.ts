import { exportFilename } from "~/lib/kit/export.server";
import { parseListQuery } from "~/lib/kit/list";
import { hotelBlockListSpec } from "~/lib/services/hotel-block";
import { hotelBlocksCsv } from "~/lib/services/hotel-block.server";
import { translate } from "~/lib/platform/translate";
import { getI18n } from "~/middleware/i18n";
import { requireAgency, requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/bloqueio-hospedagem.exportar";

export const middleware: Route.MiddlewareFunction[] = [requireModule("servicos", "bloqueio_hospedagem")];

/** GET /servicos/bloqueio-hospedagem/exportar?<list params>: the current filter as CSV, in the list's order. */
export function loader({ context, request }: Route.LoaderArgs) {
  const query = parseListQuery(new URL(request.url).searchParams, hotelBlockListSpec);
  const i18n = getI18n(context);
  return hotelBlocksCsv(requireScope(context, request), query, exportFilename("bloqueios-hospedagem", requireAgency(context, request).agency.slug), (plan) =>
    translate(i18n, `services.mealPlans.${plan}`),
  );
}
