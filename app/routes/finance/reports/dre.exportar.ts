import { dreCsv } from "~/lib/finance/ledger/exports.server";
import { dreParams } from "~/lib/finance/ledger/report-params";
import { incomeStatement } from "~/lib/finance/ledger/reports.server";
import { translate } from "~/lib/platform/translate";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/dre.exportar";
import { todayIn } from "~/lib/platform/time-zone";

export const middleware: Route.MiddlewareFunction[] = [requireModule("financeiro", "relatorios", "dre")];

/** GET …/dre/exportar?year=&basis=: the income statement as CSV. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const { year, basis } = dreParams(new URL(request.url).searchParams, todayIn(scope.timeZone));
  const dre = await incomeStatement(scope, basis, year);
  const i18n = getI18n(context);
  return dreCsv(dre, (k) => translate(i18n, k), `dre-${year}-${basis}.csv`);
}
