import { plainFailure } from "~/lib/platform/http";
import { translate } from "~/lib/platform/translate";
import { passengersCsv, passengersPdf } from "~/lib/services/air-block-exports.server";
import { passengerSheet } from "~/lib/services/air-block.server";
import { getI18n } from "~/middleware/i18n";
import { requireAgency, requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/bloqueio-aereo.passageiros";

export const middleware: Route.MiddlewareFunction[] = [requireModule("servicos", "bloqueio_aereo")];

/** GET …/passageiros/:id/csv or …/pdf: the block's passenger list for the airline (404 for another agency's block). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  if (params.format !== "csv" && params.format !== "pdf") return plainFailure(404);
  const scope = requireScope(context, request);
  const sheet = await passengerSheet(scope, params.id);
  if (!sheet) return plainFailure(404);
  if (params.format === "csv") return passengersCsv(sheet, scope.timeZone);
  const i18n = getI18n(context);
  return passengersPdf(sheet, {
    agencyName: requireAgency(context, request).agency.name,
    language: i18n.language,
    label: (key, values) => translate(i18n, key, values),
    issuedAt: new Date().toISOString(),
    timeZone: scope.timeZone,
  });
}
