/**
 * Task types (Tarefas → Tipos de Tarefa, spec §2.3): a name and a colour from a
 * fixed Radix palette, shown as a chip on the board's cards. The list's sorts and
 * the CSV columns (zod-free: the browser imports this).
 */
import type { ListSpec } from "~/lib/kit/list";

export type { TaskTypeInput } from "~/lib/tasks/task-type.schema";

export const TASK_TYPES_PATH = "/tarefas/tipos";

/** The colours a type may take (Radix accent colours, shown as swatches). */
export const TASK_TYPE_COLORS = ["gray", "tomato", "red", "crimson", "pink", "purple", "violet", "indigo", "blue", "cyan", "teal", "green", "grass", "orange", "amber", "brown"] as const;
export type TaskTypeColor = (typeof TASK_TYPE_COLORS)[number];
export const isTaskTypeColor = (v: unknown): v is TaskTypeColor => typeof v === "string" && (TASK_TYPE_COLORS as readonly string[]).includes(v);

export const TASK_TYPE_SORTS = ["name", "createdAt"] as const;
export type TaskTypeSort = (typeof TASK_TYPE_SORTS)[number];
export type TaskTypeFilter = "color";

export const taskTypeListSpec = {
  sorts: TASK_TYPE_SORTS,
  defaultSort: "name",
  filters: { color: TASK_TYPE_COLORS },
} as const satisfies ListSpec<TaskTypeSort, TaskTypeFilter>;

export const TASK_TYPE_CSV_COLUMNS = ["name", "color"] as const;
export type TaskTypeCsvColumn = (typeof TASK_TYPE_CSV_COLUMNS)[number];

export const taskTypeToCsvRow = (t: { name: string; color: string }): Record<TaskTypeCsvColumn, string> => ({ name: t.name, color: t.color });
