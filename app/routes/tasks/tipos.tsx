import { Badge } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { ListPage, type Column } from "~/components/kit/ListPage";
import { parseListQuery } from "~/lib/kit/list";
import { TASK_TYPE_COLORS, TASK_TYPES_PATH, taskTypeListSpec } from "~/lib/tasks/task-type";
import { listTaskTypes, type TaskTypeListRow } from "~/lib/tasks/task-type.server";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/tipos";

export const middleware: Route.MiddlewareFunction[] = [requireModule("tarefas", "tipos")];

export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const query = parseListQuery(new URL(request.url).searchParams, taskTypeListSpec);
  const { rows, page } = await listTaskTypes(scope, query);
  return { query, rows, page, documentTitle: getI18n(context).t("menu.tarefas.tipos.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

export default function TaskTypes({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { query, rows, page } = loaderData;
  const columns: Column<TaskTypeListRow>[] = [
    { key: "name", label: t("tasks.types.fields.name"), sort: "name", render: (r) => r.name },
    {
      key: "color",
      label: t("tasks.types.fields.color"),
      render: (r) => (
        <Badge color={r.color as (typeof TASK_TYPE_COLORS)[number]} variant="soft">
          {t(`tasks.colors.${r.color as (typeof TASK_TYPE_COLORS)[number]}`)}
        </Badge>
      ),
    },
  ];
  return (
    <ListPage
      testId="task-types-list"
      title={t("menu.tarefas.tipos.title")}
      subtitle={t("tasks.types.subtitle")}
      trail={[{ label: t("menu.tarefas.title"), href: "/tarefas" }]}
      spec={taskTypeListSpec}
      query={query}
      page={page}
      rows={rows}
      columns={columns}
      filters={[{ key: "color", label: t("tasks.types.fields.color"), options: TASK_TYPE_COLORS.map((c) => ({ value: c, label: t(`tasks.colors.${c}`) })) }]}
      countKey="tasks.types.count"
      searchPlaceholder={t("tasks.types.searchPlaceholder")}
      rowHref={(r) => `${TASK_TYPES_PATH}/editar/${r.id}`}
      newHref={`${TASK_TYPES_PATH}/novo`}
      newLabel={t("tasks.types.new")}
      exportHref={`${TASK_TYPES_PATH}/exportar`}
      emptyTitle={t("tasks.types.emptyTitle")}
      emptyText={t("tasks.types.emptyText")}
    />
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
