import { plainFailure } from "~/lib/platform/http";
import { translate } from "~/lib/platform/translate";
import { roomingCsv, roomingPdf } from "~/lib/services/hotel-block-exports.server";
import { roomingSheet } from "~/lib/services/hotel-block.server";
import { getI18n } from "~/middleware/i18n";
import { requireAgency, requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/bloqueio-hospedagem.rooming";

export const middleware: Route.MiddlewareFunction[] = [requireModule("servicos", "bloqueio_hospedagem")];

/** GET …/rooming/:id/csv or …/pdf: the block's rooming list for the hotel (404 for another agency's block). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  if (params.format !== "csv" && params.format !== "pdf") return plainFailure(404);
  const scope = requireScope(context, request);
  const sheet = await roomingSheet(scope, params.id);
  if (!sheet) return plainFailure(404);
  const i18n = getI18n(context);
  const label = (key: string, values?: Record<string, string | number>) => translate(i18n, key, values);
  if (params.format === "csv") return roomingCsv(sheet, label);
  return roomingPdf(sheet, { agencyName: requireAgency(context, request).agency.name, language: i18n.language, label, issuedAt: new Date().toISOString(), timeZone: scope.timeZone });
}
