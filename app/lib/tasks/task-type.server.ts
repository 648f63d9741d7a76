/**
 * Task types on the server: the record store and screen spec (the kit's loader
 * and action), the list page and CSV, the options of the task form and filters,
 * and the duplicate rule (one live type per name). A type is soft-deleted, and
 * refused while a live task uses it.
 */
import { and, asc, eq, isNull, ne, sql, type SQL } from "drizzle-orm";
import { task, taskType } from "~/db/schema";
import type { Scope } from "~/lib/platform/scope.server";
import type { ListQuery } from "~/lib/kit/list";
import { liveRows, runList } from "~/lib/kit/list.server";
import { buildSearchText, normalizeSearchText } from "~/lib/kit/search-text";
import { exportList, wholeRows } from "~/lib/kit/export.server";
import { listSourceOf, recordStore, type ReadScope, type WriteScope } from "~/lib/kit/record.server";
import type { RecordSpec } from "~/lib/kit/record-action.server";
import { TASK_TYPE_CSV_COLUMNS, TASK_TYPES_PATH, taskTypeToCsvRow, type TaskTypeFilter, type TaskTypeInput, type TaskTypeSort } from "~/lib/tasks/task-type";
import { taskTypeEditSchema, taskTypeSchema } from "~/lib/tasks/task-type.schema";
import { canManageRegisters } from "~/lib/registers/roles";

export const TASK_TYPE_ENTITY = "task_type";

export const taskTypeStore = recordStore({
  table: taskType,
  entity: TASK_TYPE_ENTITY,
  label: (row) => row.name,
  softDelete: taskType.deletedAt,
  searchText: taskType.searchText,
  createdBy: taskType.createdBy,
  // A live task keeps its type.
  references: [{ table: task, column: task.typeId, live: task.deletedAt, label: "tasks.types.references" }],
});

export type TaskTypeQuery = ListQuery<TaskTypeSort, TaskTypeFilter>;

export const taskTypeSource = listSourceOf<TaskTypeSort, TaskTypeFilter>(taskTypeStore, {
  sortColumns: { name: taskType.searchText, createdAt: taskType.createdAt },
  filterWhere: (f) => {
    const out: SQL[] = [];
    if (f.color) out.push(eq(taskType.color, f.color));
    return out;
  },
});

export type TaskTypeListRow = { id: string; sortValue: string | number | null; name: string; color: string; createdAt: string };

export function listTaskTypes(scope: ReadScope, query: TaskTypeQuery) {
  const { db } = scope;
  const sortColumn = taskTypeSource.sortColumns[query.sort];
  return runList(scope, taskTypeSource, query, (where, order, limit) =>
    db
      .select({ id: taskType.id, sortValue: sql<string | number | null>`${sortColumn}`, name: taskType.name, color: taskType.color, createdAt: taskType.createdAt })
      .from(taskType)
      .where(where)
      .orderBy(...order)
      .limit(limit) as Promise<TaskTypeListRow[]>,
  );
}

/** The agency's live types, by name (the task form's select, the filters, the board's chips). */
export function taskTypeOptions({ db, agencyId }: ReadScope): Promise<{ id: string; name: string; color: string }[]> {
  return db
    .select({ id: taskType.id, name: taskType.name, color: taskType.color })
    .from(taskType)
    .where(and(...liveRows(taskType, agencyId)))
    .orderBy(asc(taskType.searchText), asc(taskType.id));
}

export function taskTypeValues(input: TaskTypeInput) {
  return { name: input.name, color: input.color, searchText: buildSearchText(input.name) };
}

type TaskTypeRow = typeof taskType.$inferSelect;

export const taskTypeFormValues = (row: TaskTypeRow) => ({ name: row.name, color: row.color });
export const TASK_TYPE_EMPTY = { color: "blue" };

/** Another live type of the agency with the same name (accents and case aside). */
async function duplicateTaskType({ db, agencyId }: WriteScope, input: TaskTypeInput, exceptId: string | undefined) {
  const rows = await db
    .select({ id: taskType.id, name: taskType.name })
    .from(taskType)
    .where(and(eq(taskType.agencyId, agencyId), isNull(taskType.deletedAt), eq(taskType.searchText, normalizeSearchText(input.name)), ...(exceptId ? [ne(taskType.id, exceptId)] : [])))
    .limit(1);
  const row = rows[0];
  return row ? { field: "name", id: row.id, name: row.name } : null;
}

export const taskTypeSpec: RecordSpec<typeof taskType, TaskTypeInput> = {
  store: taskTypeStore,
  listPath: TASK_TYPES_PATH,
  canDelete: canManageRegisters,
  schemas: { create: taskTypeSchema, edit: taskTypeEditSchema },
  values: taskTypeValues,
  display: taskTypeFormValues,
  duplicate: duplicateTaskType,
};

export function taskTypesCsv(scope: Scope, query: TaskTypeQuery, filename: string) {
  return exportList(scope, taskTypeSource, query, wholeRows(scope.db, taskType, taskTypeSource, query), TASK_TYPE_CSV_COLUMNS, (r) => taskTypeToCsvRow(r.row), filename);
}
