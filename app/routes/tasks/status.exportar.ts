import { parseListQuery } from "~/lib/kit/list";
import { exportFilename } from "~/lib/kit/export.server";
import { notFound } from "~/lib/platform/http";
import { isTaskStatus, taskListSpec } from "~/lib/tasks/task";
import { tasksCsv } from "~/lib/tasks/tasks.server";
import { requireAgency, requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/status.exportar";

export const middleware: Route.MiddlewareFunction[] = [requireModule("tarefas")];

/** GET /tarefas/{status}/exportar?<list params>: the current filter as CSV. */
export function loader({ context, request, params }: Route.LoaderArgs) {
  if (!isTaskStatus(params.status)) throw notFound();
  const query = parseListQuery(new URL(request.url).searchParams, taskListSpec);
  return tasksCsv(requireScope(context, request), params.status, query, exportFilename(`tarefas-${params.status}`, requireAgency(context, request).agency.slug));
}
