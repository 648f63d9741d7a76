/** A record's open tasks (a client's edit page): read-only, each linking to the task, and a link to a new task linked to the record. */
import { Badge, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDateTime } from "~/lib/platform/format";
import { PRIORITY_COLORS, TASKS_PATH, taskEditPath, type TaskLinkKind, type TaskPriority, type TaskStatus } from "~/lib/tasks/task";

export type LinkedTask = { id: string; number: number; title: string; status: string; priority: string; dueAt: string | null; assigneeName: string | null };

/** `now`: the loader's instant (red when overdue). */
export function LinkedTasks({ tasks, timeZone, now, kind, id }: { tasks: readonly LinkedTask[]; timeZone: string; now: number; kind: TaskLinkKind; id: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Card data-testid="linked-tasks">
      <Flex direction="column" gap="2">
        <Flex justify="between" align="center">
          <Heading as="h2" size="3">
            {t("tasks.linked.title")}
          </Heading>
          <Link to={`${TASKS_PATH}/novo?linkKind=${kind}&linkId=${encodeURIComponent(id)}`}>
            <Text size="2">
              <Plus size={14} aria-hidden /> {t("tasks.linked.new")}
            </Text>
          </Link>
        </Flex>
        {tasks.length === 0 ? (
          <Text size="2" color="gray">
            {t("tasks.linked.empty")}
          </Text>
        ) : (
          <ul style={{ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: 6 }}>
            {tasks.map((task) => (
              <li key={task.id}>
                <Flex gap="2" align="center" wrap="wrap">
                  <Link to={taskEditPath(task.id)}>
                    #{task.number} {task.title}
                  </Link>
                  <Badge variant="soft" color="gray">
                    {t(`tasks.statuses.${task.status as TaskStatus}`)}
                  </Badge>
                  <Badge variant="outline" color={PRIORITY_COLORS[task.priority as TaskPriority]}>
                    {t(`tasks.priorities.${task.priority as TaskPriority}`)}
                  </Badge>
                  {task.dueAt && (
                    <Text size="1" color={Date.parse(task.dueAt) < now ? "red" : "gray"}>
                      {formatDateTime(task.dueAt, i18n.language, timeZone)}
                    </Text>
                  )}
                  <Text size="1" color="gray">
                    {task.assigneeName ?? t("tasks.noAssignee")}
                  </Text>
                </Flex>
              </li>
            ))}
          </ul>
        )}
      </Flex>
    </Card>
  );
}
