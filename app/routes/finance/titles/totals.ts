import { directionOf, LICENCE_KEY } from "~/lib/finance/ledger/screen.server";
import { parseTitleQuery } from "~/lib/finance/ledger/title-list";
import { titleTotals } from "~/lib/finance/ledger/title-list.server";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/totals";

export const middleware: Route.MiddlewareFunction[] = [(args, next) => requireModule("financeiro", LICENCE_KEY[directionOf(args.request)])(args, next)];

/**
 * GET …/totais?<list params>: the totals of the list's filtered set (count, and
 * per currency open, overdue, paid), fetched by the list after it renders
 * (docs/decisions/0010-finance-totals.md).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const { query, filter } = parseTitleQuery(new URL(request.url).searchParams);
  return { totals: await titleTotals(scope, directionOf(request), filter, query.q) };
}
