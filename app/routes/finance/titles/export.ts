import { titlesCsv } from "~/lib/finance/ledger/exports.server";
import { directionOf, LICENCE_KEY } from "~/lib/finance/ledger/screen.server";
import { parseTitleQuery } from "~/lib/finance/ledger/title-list";
import { translate } from "~/lib/platform/translate";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/export";

export const middleware: Route.MiddlewareFunction[] = [(args, next) => requireModule("financeiro", LICENCE_KEY[directionOf(args.request)])(args, next)];

/** GET …/exportar?<list params>: the list's current filter as CSV, in the list's order. */
export function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const direction = directionOf(request);
  const { query, filter } = parseTitleQuery(new URL(request.url).searchParams);
  const i18n = getI18n(context);
  const name = direction === "receivable" ? "contas-a-receber" : "contas-a-pagar";
  return titlesCsv(scope, direction, query, filter, (k) => translate(i18n, k), `${name}-${new Date().toISOString().slice(0, 10)}.csv`);
}
