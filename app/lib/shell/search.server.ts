/**
 * The command palette's record search: every module's provider, inside the
 * scope's agency. A module adds its provider to PROVIDERS when its table exists.
 */
import type { Db } from "~/lib/platform/db.server";
import type { Scope } from "~/lib/platform/scope.server";
import { searchAgents } from "~/lib/registers/agent.server";
import { searchClients } from "~/lib/registers/client.server";
import { searchProviders, searchSuppliers } from "~/lib/registers/partner.server";
import { SEARCH_LIMIT, SEARCH_MIN_LENGTH, type SearchResult } from "~/lib/shell/search";

/** A record search provider: searches one module's records of one agency. */
export type SearchProvider = (args: { db: Db; agencyId: string; query: string; limit: number }) => Promise<SearchResult[]>;

const PROVIDERS: SearchProvider[] = [searchClients, searchAgents, searchSuppliers, searchProviders];

/** The first SEARCH_LIMIT records matching a normalized query; none below SEARCH_MIN_LENGTH. */
export async function searchRecords(scope: Scope, query: string): Promise<SearchResult[]> {
  if (query.length < SEARCH_MIN_LENGTH) return [];
  const found = await Promise.all(PROVIDERS.map((search) => search({ db: scope.db, agencyId: scope.agencyId, query, limit: SEARCH_LIMIT })));
  return found.flat().slice(0, SEARCH_LIMIT);
}
