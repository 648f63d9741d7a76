/** A task as a card (the board, the overview): title, type chip, priority, due (red when overdue), assignee, checklist and comments. */
import { Badge, Flex, Text } from "@radix-ui/themes";
import { CheckSquare, MessageSquare, User } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDateTime } from "~/lib/platform/format";
import { dueClass, PRIORITY_COLORS, taskEditPath, type TaskPriority } from "~/lib/tasks/task";
import type { TaskTypeColor } from "~/lib/tasks/task-type";

export type CardData = {
  id: string;
  number: number;
  title: string;
  status: string;
  priority: string;
  dueAt: string | null;
  typeName: string | null;
  typeColor: string | null;
  assigneeName: string | null;
  checklistTotal: number;
  checklistDone: number;
  commentCount: number;
};

export function TaskCardBody({ card, timeZone, now, dayEnd }: { card: CardData; timeZone: string; now: number; dayEnd: string }) {
  const { t, i18n } = useTranslation();
  const due = dueClass(card.dueAt, card.status, now, dayEnd);
  return (
    <Flex direction="column" gap="1">
      <Flex gap="1" align="center" wrap="wrap">
        {card.typeName && (
          <Badge color={(card.typeColor ?? "gray") as TaskTypeColor} variant="soft" size="1">
            {card.typeName}
          </Badge>
        )}
        <Badge color={PRIORITY_COLORS[card.priority as TaskPriority] ?? "gray"} variant="outline" size="1">
          {t(`tasks.priorities.${card.priority as TaskPriority}`)}
        </Badge>
      </Flex>
      <Link to={taskEditPath(card.id)} className="task-card-title" data-testid="task-card-link">
        <Text size="2" weight="medium">
          {card.title}
        </Text>
      </Link>
      <Flex gap="3" align="center" wrap="wrap">
        {card.dueAt ? (
          <Text size="1" className={due === "overdue" ? "task-overdue" : undefined} color={due === "overdue" ? "red" : "gray"} data-due={due}>
            {formatDateTime(card.dueAt, i18n.language, timeZone)}
          </Text>
        ) : (
          <Text size="1" color="gray">
            {t("tasks.noDue")}
          </Text>
        )}
        <Text size="1" color="gray">
          <User size={12} aria-hidden /> {card.assigneeName ?? t("tasks.noAssignee")}
        </Text>
        {card.checklistTotal > 0 && (
          <Text size="1" color="gray" title={t("tasks.fields.checklist")}>
            <CheckSquare size={12} aria-hidden /> {t("tasks.checklist.done", { done: card.checklistDone, total: card.checklistTotal })}
          </Text>
        )}
        {card.commentCount > 0 && (
          <Text size="1" color="gray" title={t("tasks.fields.comments")}>
            <MessageSquare size={12} aria-hidden /> {card.commentCount}
          </Text>
        )}
      </Flex>
    </Flex>
  );
}
