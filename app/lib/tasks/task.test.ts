import { describe, expect, it } from "vitest";
import { TASK_PRIORITIES as SCHEMA_PRIORITIES, TASK_STATUSES as SCHEMA_STATUSES } from "~/db/schema/tasks";
import { canEditTask, dueClass, positionBetween, POSITION_GAP, reminderDue, renumbered, TASK_PRIORITIES, TASK_STATUSES, taskListSpec } from "~/lib/tasks/task";
import { taskEditSchemaIn, taskMoveSchema, taskSchemaIn } from "~/lib/tasks/task.schema";
import { taskTypeSchema } from "~/lib/tasks/task-type.schema";
import { parseListQuery } from "~/lib/kit/list";

describe("statuses and priorities", () => {
  it("are the schema's", () => {
    expect(TASK_STATUSES).toEqual(SCHEMA_STATUSES);
    expect(TASK_PRIORITIES).toEqual(SCHEMA_PRIORITIES);
  });
});

describe("positionBetween", () => {
  it("places at the ends and halfway, and asks for a renumbering when there is no gap", () => {
    expect(positionBetween(null, null)).toBe(POSITION_GAP);
    expect(positionBetween(null, 1024)).toBe(0);
    expect(positionBetween(2048, null)).toBe(3072);
    expect(positionBetween(1024, 2048)).toBe(1536);
    expect(positionBetween(10, 12)).toBe(11);
    expect(positionBetween(10, 11)).toBeNull();
    expect(positionBetween(10, 10)).toBeNull();
  });
  it("renumbers with the gap", () => {
    expect(renumbered(["a", "b", "c"])).toEqual([
      { id: "a", position: 1024 },
      { id: "b", position: 2048 },
      { id: "c", position: 3072 },
    ]);
    const [a, b] = renumbered(["a", "b"]);
    expect(positionBetween(a!.position, b!.position)).not.toBeNull();
  });
});

describe("dueClass and reminders", () => {
  const now = Date.parse("2027-03-10T12:00:00Z");
  const dayEnd = "2027-03-11T03:00:00.000Z";
  it("classifies an open task's due instant", () => {
    expect(dueClass("2027-03-10T11:59:00.000Z", "a_fazer", now, dayEnd)).toBe("overdue");
    expect(dueClass("2027-03-10T12:30:00.000Z", "em_andamento", now, dayEnd)).toBe("soon");
    expect(dueClass("2027-03-10T20:00:00.000Z", "a_fazer", now, dayEnd)).toBe("today");
    expect(dueClass("2027-03-12T20:00:00.000Z", "a_fazer", now, dayEnd)).toBe("later");
    expect(dueClass(null, "a_fazer", now, dayEnd)).toBe("none");
    expect(dueClass("2027-03-09T11:59:00.000Z", "concluida", now, dayEnd)).toBe("closed");
  });
  it("owes each reminder once per due instant", () => {
    const base = { status: "a_fazer", assigneeUserId: "u", remindedSoonFor: null, remindedOverdueFor: null };
    const soon = "2027-03-10T12:40:00.000Z";
    expect(reminderDue({ ...base, dueAt: soon }, now)).toBe("soon");
    expect(reminderDue({ ...base, dueAt: soon, remindedSoonFor: soon }, now)).toBeNull();
    expect(reminderDue({ ...base, dueAt: "2027-03-10T13:30:00.000Z" }, now)).toBeNull();
    const past = "2027-03-10T11:00:00.000Z";
    expect(reminderDue({ ...base, dueAt: past, remindedSoonFor: past }, now)).toBe("overdue");
    expect(reminderDue({ ...base, dueAt: past, remindedOverdueFor: past }, now)).toBeNull();
    expect(reminderDue({ ...base, dueAt: past, remindedOverdueFor: "2027-03-09T11:00:00.000Z" }, now)).toBe("overdue");
    expect(reminderDue({ ...base, dueAt: past, assigneeUserId: null }, now)).toBeNull();
    expect(reminderDue({ ...base, dueAt: past, status: "cancelada" }, now)).toBeNull();
  });
});

describe("the Agente rule", () => {
  it("lets an Agente change only their own or assigned tasks", () => {
    const t = { assigneeUserId: "a", createdBy: "b" };
    expect(canEditTask({ role: "Agente", userId: "a" }, t)).toBe(true);
    expect(canEditTask({ role: "Agente", userId: "b" }, t)).toBe(true);
    expect(canEditTask({ role: "Agente", userId: "c" }, t)).toBe(false);
    expect(canEditTask({ role: "Admin", userId: "c" }, t)).toBe(true);
  });
});

describe("schemas", () => {
  const parse = (v: Record<string, unknown>) => taskSchemaIn("America/Sao_Paulo").safeParse(v);
  it("reads the due date in the agency's zone and refuses what is not a date-time", () => {
    const ok = parse({ title: "Ligar", dueAt: "2027-03-10T09:30" });
    expect(ok.success && ok.data.dueAt).toBe("2027-03-10T12:30:00.000Z");
    expect(ok.success && ok.data.status).toBe("a_fazer");
    for (const dueAt of ["2027-02-30T10:00", "amanhã", "2027-03-10T25:00", "1800-01-01T10:00"]) expect(parse({ title: "X", dueAt }).success, dueAt).toBe(false);
  });
  it("refuses an empty title, an unknown status or priority, a link without its record", () => {
    expect(parse({ title: " " }).success).toBe(false);
    expect(parse({ title: "X", status: "geral" }).success).toBe(false);
    expect(parse({ title: "X", priority: "max" }).success).toBe(false);
    expect(parse({ title: "X", linkKind: "client" }).success).toBe(false);
    expect(parse({ title: "X", linkKind: "hotel", linkId: "a" }).success).toBe(false);
    expect(parse({ title: "X", linkKind: "client", linkId: "abc" }).success).toBe(true);
    expect(parse({ title: "X", assigneeUserId: "a b" }).success).toBe(false);
    expect(taskEditSchemaIn("UTC").safeParse({ title: "X" }).success).toBe(false);
  });
  it("checks a board move and a task type", () => {
    expect(taskMoveSchema.safeParse({ id: "a", version: "1", status: "concluida" }).success).toBe(true);
    expect(taskMoveSchema.safeParse({ id: "a", version: "0", status: "concluida" }).success).toBe(false);
    expect(taskMoveSchema.safeParse({ id: "a", version: "1", status: "feita" }).success).toBe(false);
    expect(taskTypeSchema.safeParse({ name: "Visita", color: "blue" }).success).toBe(true);
    expect(taskTypeSchema.safeParse({ name: "Visita", color: "#ff0000" }).success).toBe(false);
  });
  it("drops bad list filters", () => {
    const q = parseListQuery(new URLSearchParams("priority=max&dueFrom=2027-13-01&dueTo=2027-03-01&assignee=a%20b&sort=priority"), taskListSpec);
    expect(q.filters).toEqual({ dueTo: "2027-03-01" });
    expect(q.sort).toBe("priority");
  });
});
