/**
 * Tasks on the server (issue #18): the record store and the screen spec for the
 * kit's loader and action, the per-status lists and CSV, the board's columns and
 * moves, the overview, comments and checklist, the checks of a form (type,
 * assignee and linked record of the agency), the number per agency (the
 * record_counter, bumped in the create's batch as sales do) and the assignment
 * notification. Every read and write takes the Scope; another agency's task is
 * simply not found.
 */
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, ne, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { client, deal, excursion, profile, recordCounter, sale, task, taskChecklistItem, taskComment, taskType } from "~/db/schema";
import { newId, nowIso } from "~/db/schema/columns";
import { exportList, wholeRows } from "~/lib/kit/export.server";
import type { ListQuery } from "~/lib/kit/list";
import { runList } from "~/lib/kit/list.server";
import type { RecordSpec } from "~/lib/kit/record-action.server";
import { findRecord, listSourceOf, recordStore, type ReadScope, type WriteScope } from "~/lib/kit/record.server";
import { buildSearchText, searchTerms } from "~/lib/kit/search-text";
import { auditInsert } from "~/lib/platform/audit.server";
import { notify, type RealtimeEnv } from "~/lib/platform/realtime.server";
import { fail, ok, type Result } from "~/lib/platform/result";
import type { Scope } from "~/lib/platform/scope.server";
import { textIn } from "~/lib/platform/text-in";
import { nextDay, todayIn, zonedDayRange, zonedDayStart } from "~/lib/platform/time-zone";
import { canManageRegisters } from "~/lib/registers/roles";
import { utcToLocalInput } from "~/lib/services/fields";
import { auditIfChanged, changedRows } from "~/lib/system/agencies.server";
import {
  canEditTask,
  OPEN_STATUSES,
  positionBetween,
  POSITION_GAP,
  renumbered,
  TASK_CSV_COLUMNS,
  TASK_STATUSES,
  taskErr,
  TASKS_PATH,
  taskEditPath,
  type TaskCsvColumn,
  type TaskFilter,
  type TaskInput,
  type TaskLinkKind,
  type TaskSort,
  type TaskStatus,
} from "~/lib/tasks/task";
import { taskEditSchemaIn, taskSchemaIn, type TaskMove } from "~/lib/tasks/task.schema";

export const TASK_ENTITY = "task";
/** The record_counter kind of the tasks' numbers. */
export const TASK_COUNTER = "task";

export const taskStore = recordStore({
  table: task,
  entity: TASK_ENTITY,
  label: (row) => row.title,
  softDelete: task.deletedAt,
  searchText: task.searchText,
  createdBy: task.createdBy,
});

export type TaskRow = typeof task.$inferSelect;

// ---------------------------------------------------------------------------
// The lists: /tarefas/{status}

/** Urgent first when ascending (the column holds text; the rank is its order). */
const priorityRank = Object.assign(sql`(case ${task.priority} when 'urgent' then 0 when 'high' then 1 when 'medium' then 2 else 3 end)`, {
  notNull: true,
}) as unknown as SQLiteColumn;

export type TaskQuery = ListQuery<TaskSort, TaskFilter>;

/** The list source of one status: the agency's live tasks in it, the filters read in the agency's zone. */
export function taskSource(status: TaskStatus, timeZone: string) {
  return {
    ...listSourceOf<TaskSort, TaskFilter>(taskStore, {
      sortColumns: { dueAt: task.dueAt, priority: priorityRank, createdAt: task.createdAt, position: task.position },
      filterWhere: (f) => {
        const out: SQL[] = [];
        if (f.type) out.push(eq(task.typeId, f.type));
        if (f.assignee) out.push(eq(task.assigneeUserId, f.assignee));
        if (f.priority) out.push(eq(task.priority, f.priority as TaskRow["priority"]));
        const { start, end } = zonedDayRange(f.dueFrom ?? null, f.dueTo ?? null, timeZone);
        if (start) out.push(gte(task.dueAt, start));
        if (end) out.push(lt(task.dueAt, end));
        return out;
      },
    }),
    scope: (agencyId: string | null) => [eq(task.agencyId, agencyId ?? ""), eq(task.status, status)],
  };
}

/** A task as a list row or a board card. */
export type TaskCard = {
  id: string;
  number: number;
  title: string;
  status: TaskStatus;
  priority: TaskRow["priority"];
  dueAt: string | null;
  position: number;
  version: number;
  typeName: string | null;
  typeColor: string | null;
  assigneeUserId: string | null;
  assigneeName: string | null;
  createdBy: string | null;
  checklistTotal: number;
  checklistDone: number;
  commentCount: number;
  createdAt: string;
};
export type TaskListRow = TaskCard & { sortValue: string | number | null };

const cardColumns = {
  id: task.id,
  number: task.number,
  title: task.title,
  status: task.status,
  priority: task.priority,
  dueAt: task.dueAt,
  position: task.position,
  version: task.version,
  typeName: taskType.name,
  typeColor: taskType.color,
  assigneeUserId: task.assigneeUserId,
  assigneeName: profile.name,
  createdBy: task.createdBy,
  checklistTotal: task.checklistTotal,
  checklistDone: task.checklistDone,
  commentCount: task.commentCount,
  createdAt: task.createdAt,
};

/** The joins of a card: its type and assignee, within the agency. */
function cardsFrom(scope: ReadScope) {
  return scope.db
    .select(cardColumns)
    .from(task)
    .leftJoin(taskType, and(eq(taskType.id, task.typeId), eq(taskType.agencyId, scope.agencyId)))
    .leftJoin(profile, and(eq(profile.id, task.assigneeUserId), eq(profile.agencyId, scope.agencyId)));
}

export function listTasks(scope: Scope, status: TaskStatus, query: TaskQuery) {
  const source = taskSource(status, scope.timeZone);
  const sortColumn = source.sortColumns[query.sort];
  return runList(scope, source, query, (where, order, limit) =>
    scope.db
      .select({ ...cardColumns, sortValue: sql<string | number | null>`${sortColumn}` })
      .from(task)
      .leftJoin(taskType, and(eq(taskType.id, task.typeId), eq(taskType.agencyId, scope.agencyId)))
      .leftJoin(profile, and(eq(profile.id, task.assigneeUserId), eq(profile.agencyId, scope.agencyId)))
      .where(where)
      .orderBy(...order)
      .limit(limit) as Promise<TaskListRow[]>,
  );
}

/** The current filter of a status's list as CSV, in the list's order (type and assignee by name, due in the agency's zone). */
export async function tasksCsv(scope: Scope, status: TaskStatus, query: TaskQuery, filename: string) {
  const source = taskSource(status, scope.timeZone);
  const [types, people] = await Promise.all([
    scope.db.select({ id: taskType.id, name: taskType.name }).from(taskType).where(eq(taskType.agencyId, scope.agencyId)),
    scope.db.select({ id: profile.id, name: profile.name }).from(profile).where(eq(profile.agencyId, scope.agencyId)),
  ]);
  const typeName = new Map(types.map((t) => [t.id, t.name]));
  const personName = new Map(people.map((p) => [p.id, p.name]));
  const toRow = ({ row }: { row: TaskRow }): Record<TaskCsvColumn, string> => ({
    number: String(row.number),
    title: row.title,
    status: row.status,
    priority: row.priority,
    type: row.typeId ? (typeName.get(row.typeId) ?? "") : "",
    dueAt: row.dueAt ? utcToLocalInput(row.dueAt, scope.timeZone).replace("T", " ") : "",
    assignee: row.assigneeUserId ? (personName.get(row.assigneeUserId) ?? "") : "",
    checklist: `${row.checklistDone}/${row.checklistTotal}`,
    comments: String(row.commentCount),
    createdAt: row.createdAt,
  });
  return exportList(scope, source, query, wholeRows(scope.db, task, source, query), TASK_CSV_COLUMNS, (r) => toRow(r as unknown as { row: TaskRow }), filename);
}

// ---------------------------------------------------------------------------
// The board and the overview

/** Cards shown per column; the rest is one link away (/tarefas/{status}). */
export const BOARD_COLUMN_LIMIT = 50;

export type BoardColumn = { status: TaskStatus; count: number; cards: TaskCard[] };

/** Each status's first cards in board order, and how many the column holds. */
export async function taskBoard(scope: ReadScope): Promise<BoardColumn[]> {
  const live = [eq(task.agencyId, scope.agencyId), isNull(task.deletedAt)];
  const [counts, ...columns] = await Promise.all([
    scope.db
      .select({ status: task.status, n: count() })
      .from(task)
      .where(and(...live))
      .groupBy(task.status),
    ...TASK_STATUSES.map(
      (status) =>
        cardsFrom(scope)
          .where(and(...live, eq(task.status, status)))
          .orderBy(asc(task.position), asc(task.id))
          .limit(BOARD_COLUMN_LIMIT) as Promise<TaskCard[]>,
    ),
  ]);
  const byStatus = new Map(counts.map((c) => [c.status, c.n]));
  return TASK_STATUSES.map((status, i) => ({ status, count: byStatus.get(status) ?? 0, cards: columns[i]! }));
}

export type TaskOverview = {
  mine: { count: number; cards: TaskCard[] };
  overdue: { count: number; cards: TaskCard[] };
  today: { count: number; cards: TaskCard[] };
  byAssignee: { userId: string | null; name: string | null; count: number }[];
  dayEnd: string;
};

const OVERVIEW_CARDS = 8;

/** The overview of the open tasks: the viewer's, the overdue ones, today's (in the agency's zone) and the count by assignee. */
export async function taskOverview(scope: Scope, now = Date.now()): Promise<TaskOverview> {
  const nowIsoText = new Date(now).toISOString();
  const today = todayIn(scope.timeZone, now);
  const dayStart = zonedDayStart(today, scope.timeZone);
  const dayEnd = zonedDayStart(nextDay(today), scope.timeZone);
  const open = [eq(task.agencyId, scope.agencyId), isNull(task.deletedAt), inArray(task.status, [...OPEN_STATUSES])];
  const section = async (where: SQL[]) => {
    const [cards, [total]] = await Promise.all([
      cardsFrom(scope)
        .where(and(...open, ...where))
        .orderBy(sql`${task.dueAt} is null`, asc(task.dueAt), asc(task.id))
        .limit(OVERVIEW_CARDS) as Promise<TaskCard[]>,
      scope.db
        .select({ n: count() })
        .from(task)
        .where(and(...open, ...where)),
    ]);
    return { count: total?.n ?? 0, cards };
  };
  const [mine, overdue, todays, byAssignee] = await Promise.all([
    section([eq(task.assigneeUserId, scope.userId)]),
    section([lt(task.dueAt, nowIsoText)]),
    section([gte(task.dueAt, dayStart), lt(task.dueAt, dayEnd)]),
    scope.db
      .select({ userId: task.assigneeUserId, name: profile.name, count: count() })
      .from(task)
      .leftJoin(profile, and(eq(profile.id, task.assigneeUserId), eq(profile.agencyId, scope.agencyId)))
      .where(and(...open))
      .groupBy(task.assigneeUserId, profile.name)
      .orderBy(desc(count()))
      .limit(20),
  ]);
  return { mine, overdue, today: todays, byAssignee, dayEnd };
}

// ---------------------------------------------------------------------------
// Options and links

/** The agency's active users, by name (the assignee select and filter). */
export function assigneeOptions({ db, agencyId }: ReadScope): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: profile.id, name: profile.name })
    .from(profile)
    .where(and(eq(profile.agencyId, agencyId), eq(profile.active, true)))
    .orderBy(asc(profile.name), asc(profile.id));
}

export type LinkOption = { id: string; label: string };
const LINK_RESULTS = 20;

/** Whether `id` is a live record of `kind` in the agency. */
async function linkExists(scope: ReadScope, kind: TaskLinkKind, id: string): Promise<boolean> {
  return (await linkLabel(scope, kind, id)) !== null;
}

/** How a linked record is named (a client's name, "#12 Title" of a deal, "#34 Client" of a sale, an excursion's title), or null. */
export async function linkLabel({ db, agencyId }: ReadScope, kind: TaskLinkKind, id: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return null;
  switch (kind) {
    case "client": {
      const [r] = await db.select({ name: client.name }).from(client).where(and(eq(client.agencyId, agencyId), eq(client.id, id), isNull(client.deletedAt))).limit(1);
      return r ? r.name : null;
    }
    case "deal": {
      const [r] = await db.select({ number: deal.number, title: deal.title }).from(deal).where(and(eq(deal.agencyId, agencyId), eq(deal.id, id), isNull(deal.deletedAt))).limit(1);
      return r ? `#${r.number} ${r.title}` : null;
    }
    case "sale": {
      const [r] = await db
        .select({ number: sale.number, name: client.name })
        .from(sale)
        .leftJoin(client, and(eq(client.id, sale.clientId), eq(client.agencyId, agencyId)))
        .where(and(eq(sale.agencyId, agencyId), eq(sale.id, id), isNull(sale.deletedAt)))
        .limit(1);
      return r ? `#${r.number}${r.name ? ` ${r.name}` : ""}` : null;
    }
    case "excursion": {
      const [r] = await db.select({ title: excursion.title }).from(excursion).where(and(eq(excursion.agencyId, agencyId), eq(excursion.id, id), isNull(excursion.archivedAt))).limit(1);
      return r ? r.title : null;
    }
  }
}

/** The agency's records of `kind` matching `q` (name, title or number), for the link picker. */
export async function searchLinks({ db, agencyId }: ReadScope, kind: TaskLinkKind, q: string): Promise<LinkOption[]> {
  const terms = searchTerms(q.slice(0, 100));
  const matching = (column: SQLiteColumn) => terms.map((term) => sql`instr(${column}, ${term}) > 0`);
  const digits = /^\d{1,9}$/.test(q.trim()) ? Number(q.trim()) : null;
  switch (kind) {
    case "client": {
      const rows = await db
        .select({ id: client.id, name: client.name })
        .from(client)
        .where(and(eq(client.agencyId, agencyId), isNull(client.deletedAt), ...matching(client.searchText)))
        .orderBy(asc(client.searchText), asc(client.id))
        .limit(LINK_RESULTS);
      return rows.map((r) => ({ id: r.id, label: r.name }));
    }
    case "deal": {
      const rows = await db
        .select({ id: deal.id, number: deal.number, title: deal.title })
        .from(deal)
        .where(and(eq(deal.agencyId, agencyId), isNull(deal.deletedAt), ...(digits !== null ? [eq(deal.number, digits)] : matching(deal.searchText))))
        .orderBy(desc(deal.number))
        .limit(LINK_RESULTS);
      return rows.map((r) => ({ id: r.id, label: `#${r.number} ${r.title}` }));
    }
    case "sale": {
      const rows = await db
        .select({ id: sale.id, number: sale.number, name: client.name })
        .from(sale)
        .leftJoin(client, and(eq(client.id, sale.clientId), eq(client.agencyId, agencyId)))
        .where(and(eq(sale.agencyId, agencyId), isNull(sale.deletedAt), ...(digits !== null ? [eq(sale.number, digits)] : matching(sale.searchText))))
        .orderBy(desc(sale.number))
        .limit(LINK_RESULTS);
      return rows.map((r) => ({ id: r.id, label: `#${r.number}${r.name ? ` ${r.name}` : ""}` }));
    }
    case "excursion": {
      const rows = await db
        .select({ id: excursion.id, title: excursion.title })
        .from(excursion)
        .where(and(eq(excursion.agencyId, agencyId), isNull(excursion.archivedAt), ...matching(excursion.searchText)))
        .orderBy(asc(excursion.title), asc(excursion.id))
        .limit(LINK_RESULTS);
      return rows.map((r) => ({ id: r.id, label: r.title }));
    }
  }
}

/** A stored task's link as the form shows it. */
export function linkOf(row: Pick<TaskRow, "clientId" | "dealId" | "saleId" | "excursionId">): { kind: TaskLinkKind; id: string } | null {
  if (row.clientId) return { kind: "client", id: row.clientId };
  if (row.dealId) return { kind: "deal", id: row.dealId };
  if (row.saleId) return { kind: "sale", id: row.saleId };
  if (row.excursionId) return { kind: "excursion", id: row.excursionId };
  return null;
}

// ---------------------------------------------------------------------------
// The form: values, checks, spec

export function taskValues(input: TaskInput) {
  const link = (kind: TaskLinkKind) => (input.linkKind === kind ? input.linkId : null);
  return {
    title: input.title,
    description: input.description,
    typeId: input.typeId,
    status: input.status,
    priority: input.priority,
    dueAt: input.dueAt,
    assigneeUserId: input.assigneeUserId,
    clientId: link("client"),
    dealId: link("deal"),
    saleId: link("sale"),
    excursionId: link("excursion"),
    searchText: buildSearchText(input.title, input.description),
  };
}

/** The type, the assignee and the linked record must be the agency's (field errors otherwise). */
export async function checkTask(scope: WriteScope, input: TaskInput): Promise<Record<string, string[]> | null> {
  const errors: Record<string, string[]> = {};
  const { db, agencyId } = scope;
  const [typeRow, person, linked] = await Promise.all([
    input.typeId ? db.select({ id: taskType.id }).from(taskType).where(and(eq(taskType.agencyId, agencyId), eq(taskType.id, input.typeId), isNull(taskType.deletedAt))).limit(1) : Promise.resolve([{ id: "" }]),
    input.assigneeUserId
      ? db.select({ id: profile.id }).from(profile).where(and(eq(profile.agencyId, agencyId), eq(profile.id, input.assigneeUserId), eq(profile.active, true))).limit(1)
      : Promise.resolve([{ id: "" }]),
    input.linkKind && input.linkId ? linkExists(scope, input.linkKind, input.linkId) : Promise.resolve(true),
  ]);
  if (typeRow.length === 0) errors.typeId = [taskErr.type];
  if (person.length === 0) errors.assigneeUserId = [taskErr.assignee];
  if (!linked) errors.linkId = [taskErr.link];
  return Object.keys(errors).length ? errors : null;
}

/** A stored task as the form shows it (the due date in the agency's zone). */
export function taskFormValues(row: TaskRow, timeZone: string) {
  const link = linkOf(row);
  return {
    title: row.title,
    description: row.description ?? "",
    typeId: row.typeId ?? "",
    status: row.status,
    priority: row.priority,
    dueAt: row.dueAt ? utcToLocalInput(row.dueAt, timeZone) : "",
    assigneeUserId: row.assigneeUserId ?? "",
    linkKind: link?.kind ?? "",
    linkId: link?.id ?? "",
  };
}

/** The task screen for the kit's loader and action (the update path; creating goes through createTask for the number). */
export function taskSpec(scope: Scope): RecordSpec<typeof task, TaskInput> {
  return {
    store: taskStore,
    listPath: TASKS_PATH,
    canDelete: canManageRegisters,
    schemas: { create: taskSchemaIn(scope.timeZone), edit: taskEditSchemaIn(scope.timeZone) },
    values: taskValues,
    display: (row) => taskFormValues(row, scope.timeZone),
    check: (s, input) => checkTask(s, input),
  };
}

// ---------------------------------------------------------------------------
// Writes

const counterNumber = (agencyId: string) =>
  sql`(select "record_counter"."last" from "record_counter" where "record_counter"."agency_id" = ${agencyId} and "record_counter"."kind" = ${TASK_COUNTER})`;
const columnEnd = (agencyId: string, status: TaskStatus) =>
  sql`(select coalesce(max("task"."position"), 0) + ${POSITION_GAP} from "task" where "task"."agency_id" = ${agencyId} and "task"."status" = ${status} and "task"."deleted_at" is null)`;
/** completed_at follows the status: set once when concluida, cleared otherwise. */
const completedFor = (at: string) => sql`case when ${task.status} = 'concluida' then coalesce(${task.completedAt}, ${at}) else null end`;

/**
 * A new task with the agency's next number at the end of its column: the counter is
 * bumped and read back by the insert in one batch with the audit entry (no two tasks
 * share a number).
 */
export async function createTask(scope: WriteScope, input: TaskInput): Promise<{ id: string }> {
  const { db, agencyId, userId, ip } = scope;
  const id = newId();
  const values = taskValues(input);
  const at = nowIso();
  await db.batch([
    db
      .insert(recordCounter)
      .values({ agencyId, kind: TASK_COUNTER, last: 1 })
      .onConflictDoUpdate({ target: [recordCounter.agencyId, recordCounter.kind], set: { last: sql`${recordCounter.last} + 1` } }),
    db.insert(task).values({
      ...values,
      id,
      agencyId,
      number: counterNumber(agencyId) as unknown as number,
      position: columnEnd(agencyId, input.status) as unknown as number,
      completedAt: input.status === "concluida" ? at : null,
      createdBy: userId,
    }),
    auditInsert(db, {
      agencyId,
      userId,
      entity: TASK_ENTITY,
      entityId: id,
      action: "create",
      changes: Object.fromEntries(
        Object.entries(values)
          .filter(([k, v]) => k !== "searchText" && v !== null && v !== "")
          .map(([k, v]) => [k, [null, v]]),
      ),
      ip,
    }),
  ]);
  return { id };
}

/** After a save through the kit: completed_at follows the status. */
export async function settleCompletion(scope: WriteScope, id: string) {
  await scope.db
    .update(task)
    .set({ completedAt: completedFor(nowIso()) as unknown as string })
    .where(and(eq(task.agencyId, scope.agencyId), eq(task.id, id)));
}

/** The live task of the agency, or null. */
export const findTask = (scope: ReadScope, id: string) => findRecord(scope, taskStore, id);

export type MoveResult = Result<{ status: TaskStatus; position: number; version: number }, "notFound" | "forbidden" | "stale">;

/**
 * A board move: the card goes to `status` between its new neighbours (sparse
 * positions; the column is renumbered when there is no gap left) if it is still at
 * the version the mover saw and the neighbours are still in that column; otherwise
 * nothing is written ("stale"). An Agente moves only the tasks they may edit.
 */
export async function moveTask(scope: Scope, move: TaskMove): Promise<MoveResult> {
  const { db, agencyId, userId, ip } = scope;
  const current = await findTask(scope, move.id);
  if (!current) return fail("notFound");
  if (!canEditTask(scope, current)) return fail("forbidden");
  if (current.version !== move.version) return fail("stale");
  const column = async () =>
    db
      .select({ id: task.id, position: task.position })
      .from(task)
      .where(and(eq(task.agencyId, agencyId), isNull(task.deletedAt), eq(task.status, move.status), ne(task.id, move.id)))
      .orderBy(asc(task.position), asc(task.id));
  const placeOf = (rows: { id: string; position: number }[], id: string | null) => (id === null ? null : (rows.find((r) => r.id === id)?.position ?? undefined));
  let rows = await column();
  let before = placeOf(rows, move.beforeId);
  let after = placeOf(rows, move.afterId);
  if (before === undefined || after === undefined) return fail("stale");
  let position = positionBetween(before, after);
  const renumber: ReturnType<typeof db.update>[] = [];
  if (position === null) {
    const fresh = renumbered(rows.map((r) => r.id));
    for (const r of fresh) renumber.push(db.update(task).set({ position: r.position }).where(and(eq(task.agencyId, agencyId), eq(task.id, r.id))) as never);
    rows = fresh;
    before = placeOf(rows, move.beforeId) ?? null;
    after = placeOf(rows, move.afterId) ?? null;
    position = positionBetween(before, after)!;
  }
  const at = nowIso();
  const changes: Record<string, [unknown, unknown]> = current.status !== move.status ? { status: [current.status, move.status] as [unknown, unknown] } : {};
  const results = (await db.batch([
    ...(renumber as never[]),
    db
      .update(task)
      .set({ status: move.status, position, updatedAt: at, version: sql`${task.version} + 1`, completedAt: sql`case when ${move.status} = 'concluida' then coalesce(${task.completedAt}, ${at}) else null end` as never })
      .where(and(eq(task.agencyId, agencyId), eq(task.id, move.id), isNull(task.deletedAt), eq(task.version, move.version))),
    // A reorder within the column is not a change of the record; a new status is.
    ...(current.status !== move.status ? [auditIfChanged(db, { agencyId, userId, entity: TASK_ENTITY, entityId: move.id, action: "update", changes, ip })] : []),
  ] as never)) as unknown[];
  if (changedRows(results[renumber.length]) === 0) return fail("stale");
  return ok({ status: move.status, position, version: move.version + 1 });
}

// ---------------------------------------------------------------------------
// Comments and checklist

export type TaskComment = { id: string; body: string; createdAt: string; userId: string | null; authorName: string | null };
export type ChecklistItem = { id: string; label: string; done: boolean; position: number };

export function taskComments(scope: ReadScope, taskId: string): Promise<TaskComment[]> {
  return scope.db
    .select({ id: taskComment.id, body: taskComment.body, createdAt: taskComment.createdAt, userId: taskComment.userId, authorName: profile.name })
    .from(taskComment)
    .leftJoin(profile, and(eq(profile.id, taskComment.userId), eq(profile.agencyId, scope.agencyId)))
    .where(and(eq(taskComment.agencyId, scope.agencyId), eq(taskComment.taskId, taskId)))
    .orderBy(asc(taskComment.createdAt), asc(taskComment.id))
    .limit(200);
}

export function taskChecklist(scope: ReadScope, taskId: string): Promise<ChecklistItem[]> {
  return scope.db
    .select({ id: taskChecklistItem.id, label: taskChecklistItem.label, done: taskChecklistItem.done, position: taskChecklistItem.position })
    .from(taskChecklistItem)
    .where(and(eq(taskChecklistItem.agencyId, scope.agencyId), eq(taskChecklistItem.taskId, taskId)))
    .orderBy(asc(taskChecklistItem.position), asc(taskChecklistItem.id))
    .limit(200);
}

/** A comment on a task of the agency (any member may comment); its count comes from a trigger. */
export async function addComment(scope: WriteScope, taskId: string, body: string): Promise<void> {
  await scope.db.insert(taskComment).values({ agencyId: scope.agencyId, taskId, userId: scope.userId, body });
}

export const MAX_CHECKLIST_ITEMS = 100;

/** A checklist item at the end of the task's list (the counters come from triggers). */
export async function addChecklistItem(scope: WriteScope, taskId: string, label: string): Promise<boolean> {
  const items = await taskChecklist(scope, taskId);
  if (items.length >= MAX_CHECKLIST_ITEMS) return false;
  const last = items.at(-1)?.position ?? 0;
  await scope.db.insert(taskChecklistItem).values({ agencyId: scope.agencyId, taskId, label, position: last + 1 });
  return true;
}

/** Ticks or unticks an item of the task; false when it is not one of its items. */
export async function toggleChecklistItem(scope: WriteScope, taskId: string, itemId: string): Promise<boolean> {
  const at = nowIso();
  const result = await scope.db
    .update(taskChecklistItem)
    .set({
      done: sql`not ${taskChecklistItem.done}` as never,
      doneAt: sql`case when ${taskChecklistItem.done} then null else ${at} end` as never,
      doneBy: sql`case when ${taskChecklistItem.done} then null else ${scope.userId} end` as never,
      updatedAt: at,
    })
    .where(and(eq(taskChecklistItem.agencyId, scope.agencyId), eq(taskChecklistItem.taskId, taskId), eq(taskChecklistItem.id, itemId)));
  return changedRows(result) > 0;
}

export async function removeChecklistItem(scope: WriteScope, taskId: string, itemId: string): Promise<boolean> {
  const result = await scope.db
    .delete(taskChecklistItem)
    .where(and(eq(taskChecklistItem.agencyId, scope.agencyId), eq(taskChecklistItem.taskId, taskId), eq(taskChecklistItem.id, itemId)));
  return changedRows(result) > 0;
}

// ---------------------------------------------------------------------------
// Notifications and the linked record

/** Tells the new assignee (not the one assigning to themself) live, in their language, with a link to the task. */
export async function notifyAssignee(env: RealtimeEnv, scope: Scope, t: { id: string; title: string; assigneeUserId: string | null }): Promise<boolean> {
  if (!t.assigneeUserId || t.assigneeUserId === scope.userId) return false;
  const people = await scope.db
    .select({ id: profile.id, name: profile.name, locale: profile.locale, active: profile.active })
    .from(profile)
    .where(and(eq(profile.agencyId, scope.agencyId), inArray(profile.id, [t.assigneeUserId, scope.userId])));
  const assignee = people.find((p) => p.id === t.assigneeUserId);
  if (!assignee?.active) return false;
  const by = people.find((p) => p.id === scope.userId)?.name ?? "";
  await notify(env, {
    userId: assignee.id,
    agencyId: scope.agencyId,
    title: textIn(assignee.locale, "tasks.notify.assigned.title"),
    message: textIn(assignee.locale, "tasks.notify.assigned.message", { by, title: t.title }),
    link: taskEditPath(t.id),
  });
  return true;
}

/** Open tasks a record's page lists (the rest are on the task lists). */
export const LINKED_TASKS_LIMIT = 20;

const LINK_COLUMNS = { client: task.clientId, deal: task.dealId, sale: task.saleId, excursion: task.excursionId } as const satisfies Record<TaskLinkKind, SQLiteColumn>;

/**
 * The open tasks linked to a record (a client's, deal's, sale's or excursion's page), by due
 * date, the first LINKED_TASKS_LIMIT (read through the link's index, `task_<kind>_idx`).
 */
export function linkedOpenTasks(scope: ReadScope, kind: TaskLinkKind, id: string): Promise<TaskCard[]> {
  return cardsFrom(scope)
    .where(and(eq(task.agencyId, scope.agencyId), eq(LINK_COLUMNS[kind], id), isNull(task.deletedAt), inArray(task.status, [...OPEN_STATUSES])))
    .orderBy(sql`${task.dueAt} is null`, asc(task.dueAt), asc(task.id))
    .limit(LINKED_TASKS_LIMIT) as Promise<TaskCard[]>;
}

/** The open tasks linked to a client (its edit page), by due date. */
export const clientOpenTasks = (scope: ReadScope, clientId: string) => linkedOpenTasks(scope, "client", clientId);
