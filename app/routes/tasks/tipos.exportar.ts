import { parseListQuery } from "~/lib/kit/list";
import { exportFilename } from "~/lib/kit/export.server";
import { taskTypeListSpec } from "~/lib/tasks/task-type";
import { taskTypesCsv } from "~/lib/tasks/task-type.server";
import { requireAgency, requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/tipos.exportar";

export const middleware: Route.MiddlewareFunction[] = [requireModule("tarefas", "tipos")];

/** GET /tarefas/tipos/exportar?<list params>: the current filter as CSV. */
export function loader({ context, request }: Route.LoaderArgs) {
  const query = parseListQuery(new URL(request.url).searchParams, taskTypeListSpec);
  return taskTypesCsv(requireScope(context, request), query, exportFilename("tipos-de-tarefa", requireAgency(context, request).agency.slug));
}
