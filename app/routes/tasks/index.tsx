import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { TaskBoard } from "~/components/tasks/TaskBoard";
import { TaskCardBody, type CardData } from "~/components/tasks/TaskCard";
import { PageHeader } from "~/components/ui";
import { parseForm } from "~/lib/kit/forms";
import { boardRoomName } from "~/lib/platform/board-room";
import { announceBoard } from "~/lib/platform/board-room.server";
import { badRequest, conflict, forbidden, notFound } from "~/lib/platform/http";
import { TASKS_PATH, taskStatusPath } from "~/lib/tasks/task";
import { taskMoveSchema } from "~/lib/tasks/task.schema";
import { moveTask, taskBoard, taskOverview } from "~/lib/tasks/tasks.server";
import { getEnv } from "~/middleware/cloudflare";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import tasksStyles from "~/styles/tasks.css?url";
import type { Route } from "./+types/index";

export const middleware: Route.MiddlewareFunction[] = [requireModule("tarefas")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: tasksStyles }];

/** /tarefas and /tarefas/geral (the sidebar's Visão Geral): the overview and the board. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const now = Date.now();
  const [overview, columns] = await Promise.all([taskOverview(scope, now), taskBoard(scope)]);
  return {
    overview,
    columns,
    now,
    me: scope.userId,
    room: boardRoomName(scope.agencyId, "tasks"),
    timeZone: scope.timeZone,
    documentTitle: getI18n(context).t("menu.tarefas.title"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

/**
 * A board move (intent=move): saved if the card is still at the version the mover saw
 * (409 with a message otherwise), then announced on the agency's tasks board room.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const scope = requireScope(context, request);
  const formData = await request.formData();
  if (formData.get("intent") !== "move") return badRequest();
  const submission = parseForm(formData, taskMoveSchema);
  if (!submission || submission.status !== "success") return badRequest();
  const result = await moveTask(scope, submission.value);
  if (!result.ok) {
    if (result.reason === "notFound") throw notFound();
    if (result.reason === "forbidden") return forbidden({ toast: { title: "tasks.errors.notYours", variant: "destructive" as const } });
    return conflict({ stale: true, toast: { title: "tasks.board.stale", variant: "destructive" as const } });
  }
  const moved = { id: submission.value.id, ...result };
  await announceBoard(getEnv(context), scope.agencyId, "tasks", { type: "moved", id: moved.id, column: moved.status, position: moved.position, version: moved.version, by: scope.userId });
  return { moved };
}

export default function TasksOverview({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { overview, columns, now, me, room, timeZone } = loaderData;
  const sections = [
    { key: "mine", title: t("tasks.overview.mine"), data: overview.mine },
    { key: "overdue", title: t("tasks.overview.overdue"), data: overview.overdue },
    { key: "today", title: t("tasks.overview.today"), data: overview.today },
  ] as const;
  return (
    <Flex direction="column" gap="4" data-testid="tasks-overview">
      <PageHeader
        title={t("menu.tarefas.title")}
        subtitle={t("tasks.subtitle")}
        actions={
          <Button asChild>
            <Link to={`${TASKS_PATH}/novo`} data-testid="task-new">
              <Plus size={16} aria-hidden /> {t("tasks.new")}
            </Link>
          </Button>
        }
      />
      <div className="task-stats">
        {sections.map((s) => (
          <Card key={s.key} data-testid={`tasks-${s.key}`}>
            <Flex direction="column" gap="2">
              <Flex justify="between" align="baseline">
                <Heading as="h2" size="3">
                  {s.title}
                </Heading>
                <Text size="5" weight="bold" data-testid={`tasks-${s.key}-count`}>
                  {s.data.count}
                </Text>
              </Flex>
              {s.data.cards.length === 0 ? (
                <Text size="1" color="gray">
                  {t("tasks.overview.none")}
                </Text>
              ) : (
                s.data.cards.slice(0, 4).map((c: CardData) => <TaskCardBody key={c.id} card={c} timeZone={timeZone} now={now} dayEnd={overview.dayEnd} />)
              )}
            </Flex>
          </Card>
        ))}
        <Card data-testid="tasks-by-assignee">
          <Flex direction="column" gap="2">
            <Heading as="h2" size="3">
              {t("tasks.overview.byAssignee")}
            </Heading>
            {overview.byAssignee.length === 0 ? (
              <Text size="1" color="gray">
                {t("tasks.overview.none")}
              </Text>
            ) : (
              <ul className="task-assignees">
                {overview.byAssignee.map((a) => (
                  <li key={a.userId ?? "none"}>
                    <Flex justify="between" gap="2">
                      {a.userId ? (
                        <Link to={`${taskStatusPath("a_fazer")}?assignee=${encodeURIComponent(a.userId)}`}>{a.name ?? "—"}</Link>
                      ) : (
                        <Text>{t("tasks.noAssignee")}</Text>
                      )}
                      <Text weight="bold">{a.count}</Text>
                    </Flex>
                  </li>
                ))}
              </ul>
            )}
          </Flex>
        </Card>
      </div>
      <Heading as="h2" size="4">
        {t("tasks.board.title")}
      </Heading>
      <TaskBoard columns={columns} room={room} me={me} timeZone={timeZone} now={now} dayEnd={overview.dayEnd} action={TASKS_PATH + "?index"} />
    </Flex>
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
