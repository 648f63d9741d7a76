/** The agency lists' URL state (licence management, agency choice): by name, searched by name or slug. */
import type { ListQuery, ListSpec } from "~/lib/kit/list";

export const AGENCY_LIST = { sorts: ["name"], defaultSort: "name" } as const satisfies ListSpec<"name", never>;
export type AgencyQuery = ListQuery<"name", never>;
