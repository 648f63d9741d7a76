import { Badge, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { ListPage, type Column } from "~/components/kit/ListPage";
import { parseListQuery } from "~/lib/kit/list";
import { formatDateTime } from "~/lib/platform/format";
import { notFound } from "~/lib/platform/http";
import { dueClass, isTaskStatus, PRIORITY_COLORS, TASK_PRIORITIES, TASKS_PATH, taskEditPath, taskListSpec, taskStatusPath, type TaskPriority } from "~/lib/tasks/task";
import type { TaskTypeColor } from "~/lib/tasks/task-type";
import { taskTypeOptions } from "~/lib/tasks/task-type.server";
import { assigneeOptions, listTasks, type TaskListRow } from "~/lib/tasks/tasks.server";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import tasksStyles from "~/styles/tasks.css?url";
import type { Route } from "./+types/status";

export const middleware: Route.MiddlewareFunction[] = [requireModule("tarefas")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: tasksStyles }];

/** /tarefas/{status}: one status's tasks (search, filters, sorts, keyset pages); an unknown status is a 404. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const status = params.status;
  if (!isTaskStatus(status)) throw notFound();
  const scope = requireScope(context, request);
  const query = parseListQuery(new URL(request.url).searchParams, taskListSpec);
  const [{ rows, page }, types, people] = await Promise.all([listTasks(scope, status, query), taskTypeOptions(scope), assigneeOptions(scope)]);
  const i18n = getI18n(context);
  return { status, query, rows, page, types, people, timeZone: scope.timeZone, now: Date.now(), documentTitle: `${i18n.t("menu.tarefas.title")} · ${i18n.t(`tasks.statuses.${status}`)}` };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

export default function TaskStatusList({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { status, query, rows, page, types, people, timeZone, now } = loaderData;
  const columns: Column<TaskListRow>[] = [
    { key: "number", label: t("tasks.fields.number"), secondary: true, render: (r) => <Text color="gray">#{r.number}</Text> },
    {
      key: "title",
      label: t("tasks.fields.title"),
      wide: true,
      render: (r) => (
        <>
          <Text weight="medium">{r.title}</Text>{" "}
          {r.typeName && (
            <Badge color={(r.typeColor ?? "gray") as TaskTypeColor} variant="soft" size="1">
              {r.typeName}
            </Badge>
          )}
        </>
      ),
    },
    {
      key: "priority",
      label: t("tasks.fields.priority"),
      sort: "priority",
      render: (r) => (
        <Badge color={PRIORITY_COLORS[r.priority as TaskPriority]} variant="outline">
          {t(`tasks.priorities.${r.priority as TaskPriority}`)}
        </Badge>
      ),
    },
    {
      key: "dueAt",
      label: t("tasks.fields.dueAt"),
      sort: "dueAt",
      render: (r) =>
        r.dueAt ? (
          <Text className="nowrap" color={dueClass(r.dueAt, r.status, now, "") === "overdue" ? "red" : undefined}>
            {formatDateTime(r.dueAt, i18n.language, timeZone)}
          </Text>
        ) : (
          <Text color="gray">—</Text>
        ),
    },
    { key: "assignee", label: t("tasks.fields.assigneeUserId"), render: (r) => r.assigneeName ?? <Text color="gray">{t("tasks.noAssignee")}</Text> },
    { key: "checklist", label: t("tasks.fields.checklist"), secondary: true, align: "right", render: (r) => (r.checklistTotal ? `${r.checklistDone}/${r.checklistTotal}` : "—") },
    { key: "createdAt", label: t("tasks.fields.createdAt"), sort: "createdAt", secondary: true, render: (r) => formatDateTime(r.createdAt, i18n.language, timeZone) },
  ];
  return (
    <ListPage
      testId="tasks-list"
      title={t(`tasks.statuses.${status}`)}
      subtitle={t("tasks.subtitle")}
      trail={[{ label: t("menu.tarefas.title"), href: TASKS_PATH }]}
      spec={taskListSpec}
      query={query}
      page={page}
      rows={rows}
      columns={columns}
      filters={[
        { key: "type", label: t("tasks.fields.typeId"), options: types.map((x) => ({ value: x.id, label: x.name })) },
        { key: "assignee", label: t("tasks.fields.assigneeUserId"), options: people.map((p) => ({ value: p.id, label: p.name })) },
        { key: "priority", label: t("tasks.fields.priority"), options: TASK_PRIORITIES.map((p) => ({ value: p, label: t(`tasks.priorities.${p}`) })) },
        { key: "dueFrom", label: t("tasks.fields.dueFrom"), type: "date" },
        { key: "dueTo", label: t("tasks.fields.dueTo"), type: "date" },
      ]}
      countKey="tasks.count"
      searchPlaceholder={t("tasks.searchPlaceholder")}
      rowHref={(r) => taskEditPath(r.id)}
      newHref={`${TASKS_PATH}/novo`}
      newLabel={t("tasks.new")}
      exportHref={`${taskStatusPath(status)}/exportar`}
      emptyTitle={t("tasks.emptyTitle")}
      emptyText={t("tasks.emptyText")}
    />
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
