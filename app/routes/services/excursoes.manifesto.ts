import { manifestCsv, manifestPdf } from "~/lib/excursions/manifest.server";
import { loadOperational } from "~/lib/excursions/operational.server";
import { plainFailure } from "~/lib/platform/http";
import { translate } from "~/lib/platform/translate";
import { getI18n } from "~/middleware/i18n";
import { requireAgency, requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/excursoes.manifesto";

export const middleware: Route.MiddlewareFunction[] = [requireModule("servicos", "excursoes")];

/** GET …/manifesto/:id/csv or …/pdf: the excursion's ANTT passenger manifest (404 for another agency's excursion). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  if (params.format !== "csv" && params.format !== "pdf") return plainFailure(404);
  const scope = requireScope(context, request);
  const data = await loadOperational(scope, params.id);
  if (!data) return plainFailure(404);
  const i18n = getI18n(context);
  const label = (key: string, values?: Record<string, string | number>) => translate(i18n, key, values);
  if (params.format === "csv") return manifestCsv(data, { label, timeZone: scope.timeZone });
  return manifestPdf(data, {
    agencyName: requireAgency(context, request).agency.name,
    language: i18n.language,
    label,
    issuedAt: new Date().toISOString(),
    timeZone: scope.timeZone,
  });
}
