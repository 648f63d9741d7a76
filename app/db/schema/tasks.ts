// Tasks (DOMAIN.md "CRM and tasks"; spec §2.3 Tarefas: Visão Geral, Tipos de Tarefa;
// §2.6 /tarefas, /tarefas/tipos, /tarefas/{status}; issue #18): task types, tasks with
// comments and a checklist.
//
// Conventions (as sales.ts):
// - `agency_id` on every row and first in every index;
// - the status set is fixed (TASK_STATUSES: the /tarefas/{status} segments);
// - a task links to at most one record (client, deal, sale or excursion), each its own
//   foreign key so a link can never point at nothing;
// - `due_at` is a UTC ISO instant (entered in the agency's time zone); the reminders
//   keep the due instant they were sent for, so each is sent once, and again only
//   when the due date moves;
// - a task's place in its board column is `position` (sparse integers);
// - `version` for optimistic concurrency; changes go to the audit path.

import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { user } from "~/db/schema/auth";
import { id, nowIso, timestamps, version } from "~/db/schema/columns";
import { excursion } from "~/db/schema/excursions";
import { deal } from "~/db/schema/crm";
import { agency } from "~/db/schema/platform";
import { client } from "~/db/schema/registers";
import { sale } from "~/db/schema/sales";

const enumList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/** The fixed statuses, in board order; the /tarefas/{status} route values. */
export const TASK_STATUSES = ["a_fazer", "em_andamento", "concluida", "cancelada"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_PRIORITIES = ["low", "medium", "high", "urgent"] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

const tenant = () => ({
  agencyId: text("agency_id")
    .notNull()
    .references(() => agency.id),
});

export const taskType = sqliteTable(
  "task_type",
  {
    id: id(),
    ...tenant(),
    name: text("name").notNull(),
    /** A Radix accent colour name. */
    color: text("color").notNull().default("blue"),
    searchText: text("search_text").notNull().default(""),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    deletedAt: text("deleted_at"),
    ...timestamps,
    version: version(),
  },
  (t) => [
    index("task_type_name_idx").on(t.agencyId, t.deletedAt, t.name, t.id),
    index("task_type_search_idx").on(t.agencyId, t.deletedAt, t.searchText),
  ],
);

export const task = sqliteTable(
  "task",
  {
    id: id(),
    ...tenant(),
    number: integer("number").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    typeId: text("type_id").references(() => taskType.id),
    status: text("status", { enum: TASK_STATUSES }).notNull().default("a_fazer"),
    priority: text("priority", { enum: TASK_PRIORITIES }).notNull().default("medium"),
    dueAt: text("due_at"),
    assigneeUserId: text("assignee_user_id").references(() => user.id, { onDelete: "set null" }),
    clientId: text("client_id").references(() => client.id),
    dealId: text("deal_id").references(() => deal.id),
    saleId: text("sale_id").references(() => sale.id),
    excursionId: text("excursion_id").references(() => excursion.id),
    position: integer("position").notNull().default(0),
    completedAt: text("completed_at"),
    /** The due instant the "due within the hour" reminder was sent for. */
    remindedSoonFor: text("reminded_soon_for"),
    /** The due instant the "overdue" reminder was sent for. */
    remindedOverdueFor: text("reminded_overdue_for"),
    checklistTotal: integer("checklist_total").notNull().default(0),
    checklistDone: integer("checklist_done").notNull().default(0),
    commentCount: integer("comment_count").notNull().default(0),
    searchText: text("search_text").notNull().default(""),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    deletedAt: text("deleted_at"),
    ...timestamps,
    version: version(),
  },
  (t) => [
    uniqueIndex("task_number_uq").on(t.agencyId, t.number),
    // The board and /tarefas/{status}: a status's column in order; by due date; by priority.
    index("task_status_position_idx").on(t.agencyId, t.deletedAt, t.status, t.position, t.id),
    index("task_status_due_idx").on(t.agencyId, t.deletedAt, t.status, t.dueAt, t.id),
    index("task_assignee_idx").on(t.agencyId, t.deletedAt, t.assigneeUserId, t.status, t.dueAt),
    // The scheduled reminders: open tasks by due instant.
    index("task_due_idx").on(t.deletedAt, t.status, t.dueAt),
    index("task_client_idx").on(t.agencyId, t.clientId),
    index("task_deal_idx").on(t.agencyId, t.dealId),
    index("task_sale_idx").on(t.agencyId, t.saleId),
    index("task_excursion_idx").on(t.agencyId, t.excursionId),
    index("task_search_idx").on(t.agencyId, t.deletedAt, t.searchText),
    check("task_status_ck", sql`status in (${enumList(TASK_STATUSES)})`),
    check("task_priority_ck", sql`priority in (${enumList(TASK_PRIORITIES)})`),
    check(
      "task_link_ck",
      sql`(client_id is not null) + (deal_id is not null) + (sale_id is not null) + (excursion_id is not null) <= 1`,
    ),
    check("task_checklist_ck", sql`checklist_done between 0 and checklist_total`),
  ],
);

export const taskComment = sqliteTable(
  "task_comment",
  {
    id: id(),
    ...tenant(),
    taskId: text("task_id")
      .notNull()
      .references(() => task.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: text("created_at").notNull().$defaultFn(nowIso),
  },
  (t) => [index("task_comment_task_idx").on(t.agencyId, t.taskId, t.createdAt, t.id)],
);

export const taskChecklistItem = sqliteTable(
  "task_checklist_item",
  {
    id: id(),
    ...tenant(),
    taskId: text("task_id")
      .notNull()
      .references(() => task.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    label: text("label").notNull(),
    done: integer("done", { mode: "boolean" }).notNull().default(false),
    doneAt: text("done_at"),
    doneBy: text("done_by").references(() => user.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("task_checklist_task_idx").on(t.agencyId, t.taskId, t.position)],
);
