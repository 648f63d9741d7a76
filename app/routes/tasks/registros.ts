import { isTaskLinkKind } from "~/lib/tasks/task";
import { searchLinks } from "~/lib/tasks/tasks.server";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/registros";

export const middleware: Route.MiddlewareFunction[] = [requireModule("tarefas")];

/** GET /tarefas/registros?kind=client|deal|sale|excursion&q=: the agency's records for the task form's link picker. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const kind = url.searchParams.get("kind");
  if (!isTaskLinkKind(kind)) return { options: [] };
  return { options: await searchLinks(requireScope(context, request), kind, url.searchParams.get("q") ?? "") };
}
