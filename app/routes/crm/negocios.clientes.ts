import { dealClientOptions } from "~/lib/crm/deal.server";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/negocios.clientes";

export const middleware: Route.MiddlewareFunction[] = [requireModule("crm")];

/** GET /crm/negocios/clientes?q=: the agency's clients matching q, for the deal form's client picker (bounded). */
export async function loader({ context, request }: Route.LoaderArgs) {
  return { options: await dealClientOptions(requireScope(context, request), new URL(request.url).searchParams.get("q") ?? "") };
}
