import { data } from "react-router";
import { normalizeQuery, type SearchResponse } from "~/lib/shell/search";
import { searchRecords } from "~/lib/shell/search.server";
import { getLocale } from "~/middleware/i18n";
import { requireAgency, requireScope } from "~/middleware/session";
import type { Route } from "./+types/search";

/**
 * GET /busca?q=: records of the viewer's agency for the header box and the command
 * palette (decision 0019); the agency, role and licence come from the session.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const { licence } = requireAgency(context, request);
  const query = normalizeQuery(new URL(request.url).searchParams.get("q"));
  const results = await searchRecords(scope, query, { licence, language: getLocale(context) });
  return data({ query, results } satisfies SearchResponse, { headers: { "Cache-Control": "private, no-store" } });
}
