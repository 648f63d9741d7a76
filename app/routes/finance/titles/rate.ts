import { data } from "react-router";
import { parseRateQuery } from "~/lib/finance/cambio/rate-query";
import { directionOf, LICENCE_KEY } from "~/lib/finance/ledger/screen.server";
import { titleRate } from "~/lib/finance/ledger/titles.server";
import { badRequest } from "~/lib/platform/http";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/rate";

export const middleware: Route.MiddlewareFunction[] = [(args, next) => requireModule("financeiro", LICENCE_KEY[directionOf(args.request)])(args, next)];

/**
 * GET …/cotacao?moeda=&dia=: the rate a title of that currency and competence day would be
 * saved with (decision 0018: the day's, or the latest of the 7 before), or null when there is
 * none — the form shows it before saving. 400 for an unknown currency or a day that is not one.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const query = parseRateQuery(new URL(request.url).searchParams);
  if (!query) return badRequest({ currency: null, day: null, rate: null });
  const rate = await titleRate(scope, query.currency, query.day);
  return data({ currency: query.currency, day: query.day, rate }, { headers: { "Cache-Control": "private, no-store" } });
}
