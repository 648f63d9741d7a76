import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../app/db/schema";
import { buildSeedStatements, DEMO_AGENCIES, DEMO_USERS } from "./seed";
import { buildTaskRows, SEED_TASK_TYPES } from "./seed-tasks";

const NOW = new Date("2026-01-05T12:00:00.000Z");
const TODAY = new Date("2026-11-27T15:30:00.000Z");
const clients = DEMO_AGENCIES.flatMap((a, i) => [1, 2, 3].map((n) => ({ id: `c-${i}-${n}`, agency_id: a.id })));
const rows = buildTaskRows(DEMO_AGENCIES, { now: NOW, today: TODAY, users: DEMO_USERS, clients });

describe("the tasks demo seed", () => {
  it("writes only the tables' columns", () => {
    for (const [table, drizzleTable] of [
      ["task_type", schema.taskType],
      ["task", schema.task],
      ["task_checklist_item", schema.taskChecklistItem],
      ["task_comment", schema.taskComment],
      ["record_counter", schema.recordCounter],
    ] as const) {
      const columns = new Set(Object.values(getTableColumns(drizzleTable)).map((c) => c.name));
      for (const row of rows[table]) for (const key of Object.keys(row)) expect(columns.has(key), `${table}.${key}`).toBe(true);
    }
  });

  it("gives each agency its types and eight tasks per user across the statuses, some overdue, numbered with the counter", () => {
    for (const a of DEMO_AGENCIES) {
      expect(rows.task_type.filter((t) => t.agency_id === a.id).map((t) => t.name)).toEqual(SEED_TASK_TYPES.map((t) => t.name));
      const users = DEMO_USERS.filter((u) => u.agencyId === a.id);
      const tasks = rows.task.filter((t) => t.agency_id === a.id);
      for (const u of users) expect(tasks.filter((t) => t.assignee_user_id === u.id)).toHaveLength(8);
      expect(new Set(tasks.map((t) => t.status))).toEqual(new Set(["a_fazer", "em_andamento", "concluida", "cancelada"]));
      const open = tasks.filter((t) => t.status === "a_fazer" || t.status === "em_andamento");
      expect(open.some((t) => t.due_at && String(t.due_at) < TODAY.toISOString())).toBe(true);
      expect(open.some((t) => t.due_at && String(t.due_at) > TODAY.toISOString())).toBe(true);
      expect(tasks.map((t) => t.number)).toEqual(tasks.map((_, i) => i + 1));
      expect(rows.record_counter.filter((r) => r.agency_id === a.id)).toEqual([{ agency_id: a.id, kind: "task", last: tasks.length }]);
      // Linked clients are the agency's; types too; checklists and comments on the agency's tasks.
      const ids = new Set(tasks.map((t) => t.id));
      for (const t of tasks) {
        if (t.client_id) expect(String(t.client_id)).toMatch(new RegExp(`^c-${DEMO_AGENCIES.indexOf(a)}-`));
        expect(rows.task_type.find((x) => x.id === t.type_id)?.agency_id).toBe(a.id);
        expect(t.checklist_total ?? 0).toBe(0);
      }
      for (const c of [...rows.task_checklist_item, ...rows.task_comment].filter((r) => r.agency_id === a.id)) expect(ids.has(c.task_id as string)).toBe(true);
    }
    expect(rows.task_checklist_item.length).toBeGreaterThan(0);
    expect(rows.task_comment.length).toBeGreaterThan(0);
  });

  it("is deterministic, uses unique ids and is inserted after the users and clients", async () => {
    expect(buildTaskRows(DEMO_AGENCIES, { now: NOW, today: TODAY, users: DEMO_USERS, clients })).toEqual(rows);
    const all = [...rows.task_type, ...rows.task, ...rows.task_checklist_item, ...rows.task_comment].map((r) => r.id);
    expect(new Set(all).size).toBe(all.length);
    const statements = await buildSeedStatements(async () => "hash");
    const types = statements.findIndex((s) => s.startsWith("INSERT INTO task_type "));
    const tasks = statements.findIndex((s) => s.startsWith("INSERT INTO task "));
    expect(types).toBeGreaterThan(statements.findIndex((s) => s.startsWith("INSERT INTO client ")));
    expect(tasks).toBeGreaterThan(types);
    expect(statements.findIndex((s) => s.startsWith("INSERT INTO task_checklist_item "))).toBeGreaterThan(tasks);
    for (const s of statements.filter((x) => x.includes("INTO task"))) expect(s).toContain("ON CONFLICT DO NOTHING");
  });
});
