import { statementCsv } from "~/lib/finance/ledger/exports.server";
import { statementPeriod } from "~/lib/finance/ledger/report-params";
import { accountStatement } from "~/lib/finance/ledger/reports.server";
import { plainFailure } from "~/lib/platform/http";
import { translate } from "~/lib/platform/translate";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/extrato-de-contas.exportar";
import { todayIn } from "~/lib/platform/time-zone";

export const middleware: Route.MiddlewareFunction[] = [requireModule("financeiro", "relatorios", "extrato_de_contas")];

/** GET …/exportar?account=&from=&to=: the statement as CSV (404 for another agency's account). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const params = new URL(request.url).searchParams;
  const { from, to } = statementPeriod(params, todayIn(scope.timeZone));
  const statement = await accountStatement(scope, params.get("account") ?? "", from, to);
  if (!statement) return plainFailure(404);
  const i18n = getI18n(context);
  return statementCsv(statement, (k) => translate(i18n, k), `extrato-${from}-${to}.csv`);
}
