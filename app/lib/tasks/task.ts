/**
 * Tasks (spec §2.3 Tarefas, §2.6 /tarefas, /tarefas/{status}; issue #18), what
 * browser and server share without zod: the statuses (the /tarefas/{status}
 * values, in board order), priorities, the kinds of linked record, the list's
 * sorts and filters, the board's position maths, the due-date classes and the
 * Agente edit rule.
 */
import { POSITION_STEP as POSITION_GAP, positionBetween } from "~/lib/kit/board-position";
import type { ListSpec } from "~/lib/kit/list";

export type { TaskInput } from "~/lib/tasks/task.schema";

export const TASKS_PATH = "/tarefas";
export const taskEditPath = (id: string) => `${TASKS_PATH}/editar/${id}`;
export const taskStatusPath = (status: TaskStatus) => `${TASKS_PATH}/${status}`;

/** As db/schema/tasks.ts (a unit test keeps the two equal; components may not import the schema). */
export const TASK_STATUSES = ["a_fazer", "em_andamento", "concluida", "cancelada"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const isTaskStatus = (v: unknown): v is TaskStatus => typeof v === "string" && (TASK_STATUSES as readonly string[]).includes(v);
/** The statuses a reminder or the overview counts: the work still to be done. */
export const OPEN_STATUSES = ["a_fazer", "em_andamento"] as const satisfies readonly TaskStatus[];
export const isOpenStatus = (s: string) => (OPEN_STATUSES as readonly string[]).includes(s);

export const TASK_PRIORITIES = ["low", "medium", "high", "urgent"] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
/** Sort rank of a priority: urgent first when ascending. */
export const PRIORITY_RANK: Record<TaskPriority, number> = { urgent: 0, high: 1, medium: 2, low: 3 };
export const PRIORITY_COLORS: Record<TaskPriority, "gray" | "blue" | "orange" | "red"> = { low: "gray", medium: "blue", high: "orange", urgent: "red" };

/** The kinds of record a task may be linked to (one at most). */
export const TASK_LINK_KINDS = ["client", "deal", "sale", "excursion"] as const;
export type TaskLinkKind = (typeof TASK_LINK_KINDS)[number];
export const isTaskLinkKind = (v: unknown): v is TaskLinkKind => typeof v === "string" && (TASK_LINK_KINDS as readonly string[]).includes(v);

export const taskErr = {
  dueAt: "tasks.errors.dueAt",
  assignee: "tasks.errors.assignee",
  type: "tasks.errors.type",
  link: "tasks.errors.link",
  notYours: "tasks.errors.notYours",
} as const;

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const isRecordId = (v: string) => ID.test(v);
const isDay = (v: string) => DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

export const TASK_SORTS = ["dueAt", "priority", "createdAt", "position"] as const;
export type TaskSort = (typeof TASK_SORTS)[number];
export type TaskFilter = "type" | "assignee" | "priority" | "dueFrom" | "dueTo";

export const taskListSpec = {
  sorts: TASK_SORTS,
  defaultSort: "dueAt",
  filters: { type: isRecordId, assignee: isRecordId, priority: TASK_PRIORITIES, dueFrom: isDay, dueTo: isDay },
} as const satisfies ListSpec<TaskSort, TaskFilter>;

export const TASK_CSV_COLUMNS = ["number", "title", "status", "priority", "type", "dueAt", "assignee", "checklist", "comments", "createdAt"] as const;
export type TaskCsvColumn = (typeof TASK_CSV_COLUMNS)[number];

// ---------------------------------------------------------------------------
// The board: a card's place in its column is a sparse integer

/** The board positions are the kit's (kit/board-position.ts). */
export { POSITION_GAP, positionBetween };

/** The column numbered afresh: the ids in order with positions GAP, 2·GAP, … */
export const renumbered = (ids: readonly string[]) => ids.map((id, i) => ({ id, position: (i + 1) * POSITION_GAP }));

// ---------------------------------------------------------------------------
// Due dates

export type DueClass = "overdue" | "soon" | "today" | "later" | "none" | "closed";

/**
 * How a task's due instant reads now: overdue (past, still open), soon (within the
 * hour), today (later today in the agency's zone), later; none without a due date;
 * closed once done or cancelled.
 */
export function dueClass(dueAt: string | null, status: string, now: number, dayEnd: string): DueClass {
  if (!isOpenStatus(status)) return "closed";
  if (!dueAt) return "none";
  const due = Date.parse(dueAt);
  if (due < now) return "overdue";
  if (due - now <= 3_600_000) return "soon";
  if (dueAt < dayEnd) return "today";
  return "later";
}

/** Which reminder a task is owed now (each once per due instant), or null. */
export function reminderDue(
  t: { dueAt: string | null; status: string; assigneeUserId: string | null; remindedSoonFor: string | null; remindedOverdueFor: string | null },
  now: number,
): "soon" | "overdue" | null {
  if (!t.dueAt || !t.assigneeUserId || !isOpenStatus(t.status)) return null;
  const due = Date.parse(t.dueAt);
  if (Number.isNaN(due)) return null;
  if (due < now) return t.remindedOverdueFor === t.dueAt ? null : "overdue";
  if (due - now <= 3_600_000) return t.remindedSoonFor === t.dueAt ? null : "soon";
  return null;
}

// ---------------------------------------------------------------------------
// Who may change a task

/** An Agente changes the tasks assigned to them or created by them; everyone else with the module, any task. */
export function canEditTask(viewer: { role: string; userId: string }, t: { assigneeUserId: string | null; createdBy: string | null }): boolean {
  if (viewer.role !== "Agente") return true;
  return t.assigneeUserId === viewer.userId || t.createdBy === viewer.userId;
}
