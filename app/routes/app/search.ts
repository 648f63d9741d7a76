import { data } from "react-router";
import { normalizeQuery, type SearchResponse } from "~/lib/shell/search";
import { searchRecords } from "~/lib/shell/search.server";
import { requireScope } from "~/middleware/session";
import type { Route } from "./+types/search";

/** GET /busca?q=: records of the viewer's agency for the command palette; the agency comes from the session. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const query = normalizeQuery(new URL(request.url).searchParams.get("q"));
  const results = await searchRecords(scope, query);
  return data({ query, results } satisfies SearchResponse, { headers: { "Cache-Control": "private, no-store" } });
}
