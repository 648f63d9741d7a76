import { data } from "react-router";
import { normalizeQuery, SEARCH_LIMIT, SEARCH_MIN_LENGTH, type SearchResponse, type SearchResult } from "~/lib/shell/search";
import { getDb } from "~/middleware/cloudflare";
import { requireAgency } from "~/middleware/session";
import { searchClients } from "~/lib/registers/client.server";
import { searchAgents } from "~/lib/registers/agent.server";
import { searchProviders, searchSuppliers } from "~/lib/registers/partner.server";
import type { Route } from "./+types/search";

/**
 * A record search provider: searches one module's records of one agency.
 * Modules add theirs to PROVIDERS when their tables exist; the agency comes
 * from the verified session, never from the request.
 */
export type SearchProvider = (args: {
  db: ReturnType<typeof getDb>;
  agencyId: string;
  query: string;
  limit: number;
}) => Promise<SearchResult[]>;

const PROVIDERS: SearchProvider[] = [searchClients, searchAgents, searchSuppliers, searchProviders];

export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireAgency(context, request);
  const query = normalizeQuery(new URL(request.url).searchParams.get("q"));
  let results: SearchResult[] = [];
  if (query.length >= SEARCH_MIN_LENGTH && PROVIDERS.length > 0) {
    const db = getDb(context);
    const found = await Promise.all(PROVIDERS.map((search) => search({ db, agencyId: viewer.agency.id, query, limit: SEARCH_LIMIT })));
    results = found.flat().slice(0, SEARCH_LIMIT);
  }
  return data({ query, results } satisfies SearchResponse, { headers: { "Cache-Control": "private, no-store" } });
}
