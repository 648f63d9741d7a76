/**
 * Tasks (issue #18) through the real route table, middleware, loaders and actions on
 * the local D1: task types (create, duplicate, delete refused while used), tasks
 * (create with the agency's number, edit, board moves with the version check and the
 * board room's announcement, comments, checklist), tenant isolation on every route
 * and action, the Agente rule, the assignment notification, the reminders once per
 * due instant, and a property test of each form.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { runTaskReminders } from "~/lib/tasks/reminders.server";
import { appRequest, BASE_URL, json } from "./harness";
import { createAgency, createUser, seedDemo, signIn, SOL } from "./fixtures";
import { FUZZ_RUNS } from "./fuzz";
import worker from "./worker";

type Member = { id: string; cookie: string };
type World = { agencyId: string; admin: Member; agente: Member; other: Member; typeId: string; clientId: string };

async function member(agencyId: string, role: string, name: string): Promise<Member> {
  const user = await createUser({ role, agencyId, name });
  return { id: user.id, cookie: await signIn(user.email) };
}

async function world(name: string): Promise<World> {
  const agency = await createAgency(`Agência ${name} ${Date.now().toString(36)}`);
  const [admin, agente, other] = await Promise.all([member(agency.id, "Admin", `Admin ${name}`), member(agency.id, "Agente", `Agente ${name}`), member(agency.id, "Agente", `Outro ${name}`)]);
  const typeRes = await appRequest("/tarefas/tipos/novo", { cookie: admin.cookie, form: { name: `Ligação ${name}`, color: "blue" } });
  expect(typeRes.status).toBe(302);
  const typeId = typeRes.headers.get("Location")!.split("/").pop()!;
  const clientId = crypto.randomUUID();
  const now = new Date().toISOString();
  await env.DB.prepare("insert into client (id, agency_id, name, search_text, created_at, updated_at) values (?, ?, ?, ?, ?, ?)").bind(clientId, agency.id, `Cliente ${name}`, `cliente ${name.toLowerCase()}`, now, now).run();
  return { agencyId: agency.id, admin, agente, other, typeId, clientId };
}

type TaskDb = { id: string; agency_id: string; number: number; title: string; status: string; position: number; version: number; assignee_user_id: string | null; due_at: string | null; completed_at: string | null; client_id: string | null; comment_count: number; checklist_total: number; checklist_done: number; reminded_soon_for: string | null; reminded_overdue_for: string | null };
const taskRow = (id: string) => env.DB.prepare("select * from task where id = ?").bind(id).first<TaskDb>();
const notificationsOf = async (userId: string) => (await env.DB.prepare("select * from notification where user_id = ? order by created_at").bind(userId).all<{ title: string; message: string; link: string | null }>()).results;
const run = (q: string, ...binds: unknown[]) => env.DB.prepare(q).bind(...binds).run();

async function createTask(w: World, by: Member, form: Record<string, string> = {}) {
  const res = await appRequest("/tarefas/novo", { cookie: by.cookie, form: { title: "Ligar para o cliente", status: "a_fazer", priority: "medium", ...form } });
  expect(res.status, await res.clone().text()).toBe(302);
  return res.headers.get("Location")!.split("/").pop()!;
}

const edit = (id: string) => `/tarefas/editar/${id}`;
const move = (by: Member, form: Record<string, string>) => appRequest("/tarefas?index", { cookie: by.cookie, form: { intent: "move", beforeId: "", afterId: "", ...form } });

let w: World;
let x: World;
beforeAll(async () => {
  [w, x] = await Promise.all([world("Sol"), world("Mar")]);
});

describe("task types", () => {
  it("lists, refuses a duplicate name and an unknown colour, and refuses deleting a type in use", async () => {
    const list = await json<{ rows: { id: string; name: string; color: string }[] }>(await appRequest("/tarefas/tipos", { cookie: w.admin.cookie }));
    expect(list.rows.map((r) => r.id)).toContain(w.typeId);
    const dup = await appRequest("/tarefas/tipos/novo", { cookie: w.admin.cookie, form: { name: "ligação sol", color: "red" } });
    expect(dup.status).toBe(409);
    const bad = await appRequest("/tarefas/tipos/novo", { cookie: w.admin.cookie, form: { name: "Visita", color: "chartreuse" } });
    expect(bad.status).toBe(400);
    const id = await createTask(w, w.admin, { typeId: w.typeId });
    const refused = await appRequest(`/tarefas/tipos/editar/${w.typeId}`, { cookie: w.admin.cookie, form: { intent: "delete" } });
    expect(refused.status).toBe(409);
    expect((await appRequest(`/tarefas/tipos/editar/${w.typeId}`, { cookie: x.admin.cookie })).status).toBe(404);
    expect((await appRequest(`/tarefas/tipos/editar/${w.typeId}`, { cookie: x.admin.cookie, form: { intent: "delete" } })).status).toBe(404);
    const csv = await appRequest("/tarefas/tipos/exportar", { cookie: w.admin.cookie });
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain("Ligação Sol");
    // Another agency's type is refused on a task.
    const foreign = await appRequest("/tarefas/novo", { cookie: w.admin.cookie, form: { title: "X", status: "a_fazer", priority: "low", typeId: x.typeId } });
    expect(foreign.status).toBe(400);
    expect((await taskRow(id))!.status).toBe("a_fazer");
  });
});

describe("tasks", () => {
  it("numbers tasks per agency, keeps the due date in UTC and links a client of the agency only", async () => {
    const a = await createTask(w, w.admin, { dueAt: "2027-03-10T09:30", linkKind: "client", linkId: w.clientId });
    const b = await createTask(w, w.admin);
    const [ra, rb] = [await taskRow(a), await taskRow(b)];
    expect(rb!.number).toBe(ra!.number + 1);
    expect(ra!.due_at).toBe("2027-03-10T12:30:00.000Z");
    expect(ra!.client_id).toBe(w.clientId);
    expect(rb!.position).toBeGreaterThan(ra!.position);
    const foreignLink = await appRequest("/tarefas/novo", { cookie: w.admin.cookie, form: { title: "X", status: "a_fazer", priority: "low", linkKind: "client", linkId: x.clientId } });
    expect(foreignLink.status).toBe(400);
    const missingId = await appRequest("/tarefas/novo", { cookie: w.admin.cookie, form: { title: "X", status: "a_fazer", priority: "low", linkKind: "client" } });
    expect(missingId.status).toBe(400);
    const badDue = await appRequest("/tarefas/novo", { cookie: w.admin.cookie, form: { title: "X", status: "a_fazer", priority: "low", dueAt: "2027-02-30T10:00" } });
    expect(badDue.status).toBe(400);
    const page = await json<{ values: { dueAt: string; linkKind: string }; link: { label: string } }>(await appRequest(edit(a), { cookie: w.admin.cookie }));
    expect(page.values.dueAt).toBe("2027-03-10T09:30");
    expect(page.link.label).toBe("Cliente Sol");
    const picker = await json<{ options: { id: string }[] }>(await appRequest(`/tarefas/registros?kind=client&q=sol`, { cookie: w.admin.cookie }));
    expect(picker.options.map((o) => o.id)).toEqual([w.clientId]);
    // The client's page shows its open tasks (not another agency's client's page).
    const clientPage = await json<{ tasks: { id: string }[] }>(await appRequest(`/cadastros/clientes/editar/${w.clientId}`, { cookie: w.admin.cookie }));
    expect(clientPage.tasks.map((t) => t.id)).toContain(a);
    expect(clientPage.tasks.map((t) => t.id)).not.toContain(b);
    expect((await appRequest(`/cadastros/clientes/editar/${w.clientId}`, { cookie: x.admin.cookie })).status).toBe(404);
    // Novo from the client's page comes linked to it; another agency's client does not.
    const preset = await json<{ values: { linkKind: string; linkId: string } }>(await appRequest(`/tarefas/novo?linkKind=client&linkId=${w.clientId}`, { cookie: w.admin.cookie }));
    expect(preset.values).toMatchObject({ linkKind: "client", linkId: w.clientId });
    const foreignPreset = await json<{ values: { linkKind?: string } }>(await appRequest(`/tarefas/novo?linkKind=client&linkId=${x.clientId}`, { cookie: w.admin.cookie }));
    expect(foreignPreset.values.linkKind).toBeUndefined();
  });

  it("edits with the version check and sets completed_at when concluded", async () => {
    const id = await createTask(w, w.admin);
    const saved = await appRequest(edit(id), { cookie: w.admin.cookie, form: { title: "Ligar de novo", status: "concluida", priority: "high", version: "1" } });
    expect(saved.status).toBe(200);
    const row = (await taskRow(id))!;
    expect(row.title).toBe("Ligar de novo");
    expect(row.completed_at).not.toBeNull();
    const stale = await appRequest(edit(id), { cookie: w.admin.cookie, form: { title: "Velho", status: "a_fazer", priority: "high", version: "1" } });
    expect(stale.status).toBe(409);
    expect((await taskRow(id))!.title).toBe("Ligar de novo");
  });

  it("moves a card on the board, refuses a stale version, and announces the move in the agency's tasks room only", async () => {
    const a = await createTask(w, w.admin, { title: "A" });
    const b = await createTask(w, w.admin, { title: "B", status: "em_andamento" });
    const watcher = open(await connect(`${w.agencyId}:tasks`, w.agente.cookie));
    const moved = await move(w.admin, { id: a, version: "1", status: "em_andamento", afterId: b });
    expect(moved.status).toBe(200);
    const row = (await taskRow(a))!;
    expect(row.status).toBe("em_andamento");
    expect(row.position).toBeLessThan((await taskRow(b))!.position);
    expect(row.version).toBe(2);
    await watcher.until(() => watcher.messages.some((m) => m.type === "moved" && m.id === a));
    expect(watcher.messages.find((m) => m.type === "moved" && m.id === a)).toMatchObject({ column: "em_andamento", version: 2, by: w.admin.id, position: row.position });
    watcher.ws.close();
    const stale = await move(w.admin, { id: a, version: "1", status: "concluida" });
    expect(stale.status).toBe(409);
    expect((await taskRow(a))!.status).toBe("em_andamento");
    // A neighbour that is no longer in the column: stale too.
    expect((await move(w.admin, { id: a, version: "2", status: "concluida", beforeId: b })).status).toBe(409);
    // Concluded by a move.
    expect((await move(w.admin, { id: a, version: "2", status: "concluida" })).status).toBe(200);
    expect((await taskRow(a))!.completed_at).not.toBeNull();
    expect((await move(w.admin, { id: a, version: "x", status: "nope" })).status).toBe(400);
  });

  it("renumbers a column with no gap left between two neighbours", async () => {
    const p = await createTask(w, w.admin, { title: "P", status: "cancelada" });
    const q = await createTask(w, w.admin, { title: "Q", status: "cancelada" });
    const r = await createTask(w, w.admin, { title: "R" });
    await run("update task set position = 10 where id = ?", p);
    await run("update task set position = 11 where id = ?", q);
    expect((await move(w.admin, { id: r, version: "1", status: "cancelada", beforeId: p, afterId: q })).status).toBe(200);
    const [rp, rq, rr] = [(await taskRow(p))!, (await taskRow(q))!, (await taskRow(r))!];
    expect(rp.position < rr.position && rr.position < rq.position).toBe(true);
  });

  it("the board room refuses another agency's user and no session", async () => {
    expect((await connect(`${w.agencyId}:tasks`, x.admin.cookie)).status).toBe(403);
    expect((await connect(`${w.agencyId}:tasks`)).status).toBe(401);
  });

  it("another agency's task is not found on view, edit, move, comment and checklist", async () => {
    const id = await createTask(w, w.admin);
    const before = await taskRow(id);
    expect((await appRequest(edit(id), { cookie: x.admin.cookie })).status).toBe(404);
    expect((await appRequest(edit(id), { cookie: x.admin.cookie, form: { title: "Alheia", status: "a_fazer", priority: "low", version: "1" } })).status).toBe(404);
    expect((await move(x.admin, { id, version: "1", status: "concluida" })).status).toBe(404);
    expect((await appRequest(edit(id), { cookie: x.admin.cookie, form: { intent: "comment", body: "oi" } })).status).toBe(404);
    expect((await appRequest(edit(id), { cookie: x.admin.cookie, form: { intent: "checklistAdd", label: "item" } })).status).toBe(404);
    expect((await appRequest(edit(id), { cookie: x.admin.cookie, form: { intent: "delete" } })).status).toBe(404);
    expect(await taskRow(id)).toEqual(before);
  });

  it("comments and checklist keep their counters; lists by status with filters, 404 for an unknown status", async () => {
    const id = await createTask(w, w.admin, { title: "Checklist", priority: "urgent" });
    expect((await appRequest(edit(id), { cookie: w.agente.cookie, form: { intent: "comment", body: "Liguei, sem resposta" } })).status).toBe(200);
    expect((await appRequest(edit(id), { cookie: w.admin.cookie, form: { intent: "checklistAdd", label: "Passaporte" } })).status).toBe(200);
    expect((await appRequest(edit(id), { cookie: w.admin.cookie, form: { intent: "checklistAdd", label: "Visto" } })).status).toBe(200);
    const page = await json<{ checklist: { id: string; done: boolean }[]; comments: { body: string; authorName: string }[] }>(await appRequest(edit(id), { cookie: w.admin.cookie }));
    expect(page.comments).toMatchObject([{ body: "Liguei, sem resposta", authorName: "Agente Sol" }]);
    expect((await appRequest(edit(id), { cookie: w.admin.cookie, form: { intent: "checklistToggle", itemId: page.checklist[0]!.id } })).status).toBe(200);
    expect((await appRequest(edit(id), { cookie: w.admin.cookie, form: { intent: "checklistRemove", itemId: page.checklist[1]!.id } })).status).toBe(200);
    expect((await appRequest(edit(id), { cookie: w.admin.cookie, form: { intent: "checklistRemove", itemId: page.checklist[1]!.id } })).status).toBe(404);
    const row = (await taskRow(id))!;
    expect([row.comment_count, row.checklist_total, row.checklist_done]).toEqual([1, 1, 1]);

    const list = await json<{ rows: { id: string }[] }>(await appRequest("/tarefas/a_fazer?priority=urgent&sort=priority", { cookie: w.admin.cookie }));
    expect(list.rows.map((r) => r.id)).toContain(id);
    const none = await json<{ rows: { id: string }[] }>(await appRequest("/tarefas/concluida?priority=urgent", { cookie: w.admin.cookie }));
    expect(none.rows.map((r) => r.id)).not.toContain(id);
    expect((await appRequest("/tarefas/nao-existe", { cookie: w.admin.cookie })).status).toBe(404);
    expect((await appRequest("/tarefas/nao-existe/exportar", { cookie: w.admin.cookie })).status).toBe(404);
    const csv = await appRequest("/tarefas/a_fazer/exportar", { cookie: w.admin.cookie });
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain("Checklist");
    for (const path of ["/tarefas", "/tarefas/geral"]) {
      const overview = await appRequest(path, { cookie: w.admin.cookie });
      expect(overview.status).toBe(200);
      const body = await json<{ columns: { status: string; cards: { id: string }[] }[] }>(overview);
      expect(body.columns.find((c) => c.status === "a_fazer")!.cards.map((c) => c.id)).toContain(id);
    }
    // Another agency does not see it.
    const theirs = await json<{ columns: { cards: { id: string }[] }[] }>(await appRequest("/tarefas", { cookie: x.admin.cookie }));
    expect(theirs.columns.flatMap((c) => c.cards.map((k) => k.id))).not.toContain(id);
    expect((await appRequest("/tarefas")).status).toBe(302);
  });

  it("an Agente changes only the tasks assigned to them or created by them", async () => {
    const adminTask = await createTask(w, w.admin, { title: "Do admin" });
    const assigned = await createTask(w, w.admin, { title: "Para o agente", assigneeUserId: w.agente.id });
    const own = await createTask(w, w.agente, { title: "Do agente" });
    const save = (id: string, by: Member, version: string) => appRequest(edit(id), { cookie: by.cookie, form: { title: "Mudou", status: "em_andamento", priority: "low", version } });
    expect((await save(adminTask, w.agente, "1")).status).toBe(403);
    expect((await move(w.agente, { id: adminTask, version: "1", status: "concluida" })).status).toBe(403);
    expect((await appRequest(edit(adminTask), { cookie: w.agente.cookie, form: { intent: "checklistAdd", label: "x" } })).status).toBe(403);
    expect((await taskRow(adminTask))!.title).toBe("Do admin");
    expect((await save(assigned, w.agente, "1")).status).toBe(200);
    expect((await save(own, w.agente, "1")).status).toBe(200);
    expect((await save(own, w.other, "2")).status).toBe(403);
    expect((await move(w.admin, { id: own, version: "2", status: "concluida" })).status).toBe(200);
    const page = await json<{ canEdit: boolean }>(await appRequest(edit(adminTask), { cookie: w.agente.cookie }));
    expect(page.canEdit).toBe(false);
  });

  it("notifies exactly the assignee on assignment, not on self-assignment", async () => {
    const before = (await notificationsOf(w.other.id)).length;
    const id = await createTask(w, w.admin, { title: "Emitir bilhete", assigneeUserId: w.other.id });
    const after = await notificationsOf(w.other.id);
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)).toMatchObject({ title: "Nova tarefa para você", link: edit(id) });
    expect(after.at(-1)!.message).toContain("Emitir bilhete");
    expect(await notificationsOf(w.agente.id)).toEqual(expect.not.arrayContaining([expect.objectContaining({ link: edit(id) })]));
    const adminBefore = (await notificationsOf(w.admin.id)).length;
    await createTask(w, w.admin, { title: "Minha", assigneeUserId: w.admin.id });
    expect((await notificationsOf(w.admin.id)).length).toBe(adminBefore);
    // A change of assignee tells the new one; a save without a change tells nobody.
    const agenteBefore = (await notificationsOf(w.agente.id)).length;
    expect((await appRequest(edit(id), { cookie: w.admin.cookie, form: { title: "Emitir bilhete", status: "a_fazer", priority: "medium", assigneeUserId: w.agente.id, version: "1" } })).status).toBe(200);
    expect((await notificationsOf(w.agente.id)).length).toBe(agenteBefore + 1);
    expect((await appRequest(edit(id), { cookie: w.admin.cookie, form: { title: "Emitir bilhete!", status: "a_fazer", priority: "medium", assigneeUserId: w.agente.id, version: "2" } })).status).toBe(200);
    expect((await notificationsOf(w.agente.id)).length).toBe(agenteBefore + 1);
    // Another agency's user cannot be assigned.
    expect((await appRequest("/tarefas/novo", { cookie: w.admin.cookie, form: { title: "X", status: "a_fazer", priority: "low", assigneeUserId: x.admin.id } })).status).toBe(400);
  });
});

describe("the demo seed", () => {
  it("gives the demo agency types and tasks whose counters the triggers kept, and a counter for the next number", async () => {
    await seedDemo();
    await seedDemo();
    const types = await env.DB.prepare("select count(*) as n from task_type where agency_id = ?").bind(SOL.id).first<{ n: number }>();
    expect(types!.n).toBeGreaterThanOrEqual(5);
    const counts = await env.DB.prepare("select sum(checklist_total) as total, sum(comment_count) as comments, max(number) as last from task where agency_id = ?").bind(SOL.id).first<{ total: number; comments: number; last: number }>();
    expect(counts!.total).toBeGreaterThan(0);
    expect(counts!.comments).toBeGreaterThan(0);
    const counter = await env.DB.prepare("select last from record_counter where agency_id = ? and kind = 'task'").bind(SOL.id).first<{ last: number }>();
    expect(counter!.last).toBeGreaterThanOrEqual(counts!.last);
  });
});

describe("reminders", () => {
  it("reminds once per due instant (soon, then overdue) and again after the due date moves", async () => {
    const r = await world("Lembrete");
    const now = new Date();
    const in30 = new Date(now.getTime() + 30 * 60_000).toISOString();
    const id = await createTask(r, r.admin, { title: "Pagar hotel", assigneeUserId: r.agente.id });
    const done = await createTask(r, r.admin, { title: "Feita", assigneeUserId: r.agente.id, status: "concluida" });
    await run("update task set due_at = ? where id in (?, ?)", in30, id, done);
    const count = async () => (await notificationsOf(r.agente.id)).filter((n) => n.link === edit(id)).length;
    const base = await count();
    await runTaskReminders(env, now);
    expect(await count()).toBe(base + 1);
    expect((await notificationsOf(r.agente.id)).at(-1)!.title).toBe("Tarefa vence em menos de 1 hora");
    await runTaskReminders(env, now);
    expect(await count()).toBe(base + 1);
    // An hour later it is overdue: one more, once.
    const later = new Date(now.getTime() + 60 * 60_000);
    await runTaskReminders(env, later);
    await runTaskReminders(env, later);
    expect(await count()).toBe(base + 2);
    expect((await taskRow(id))!.reminded_overdue_for).toBe(in30);
    // The due date moves: reminded again.
    const moved = new Date(later.getTime() + 20 * 60_000).toISOString();
    await run("update task set due_at = ? where id = ?", moved, id);
    await runTaskReminders(env, later);
    expect(await count()).toBe(base + 3);
    // Closed tasks are never reminded.
    expect((await notificationsOf(r.agente.id)).filter((n) => n.link === edit(done) && n.title !== "Nova tarefa para você").length).toBe(0);
  });

  it("speaks the assignee's language", async () => {
    const r = await world("Idioma");
    await run("update profile set locale = 'es' where id = ?", r.other.id);
    const id = await createTask(r, r.admin, { title: "Llamar", assigneeUserId: r.other.id });
    await run("update task set due_at = ? where id = ?", new Date(Date.now() - 60_000).toISOString(), id);
    await runTaskReminders(env, new Date());
    const last = (await notificationsOf(r.other.id)).filter((n) => n.link === edit(id)).at(-1)!;
    expect(last.title).toBe("Tarea atrasada");
  });
});

// ---------------------------------------------------------------------------
// The board room

async function connect(room: string, cookie?: string) {
  const headers = new Headers({ Upgrade: "websocket", Origin: BASE_URL });
  if (cookie) headers.set("Cookie", cookie);
  return worker.fetch(new Request(`${BASE_URL}/parties/boards/${room}`, { headers }) as unknown as Request<unknown, IncomingRequestCfProperties>, env);
}

function open(res: Response) {
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  const messages: { type: string; [k: string]: unknown }[] = [];
  ws.addEventListener("message", (e) => {
    messages.push(JSON.parse(e.data as string));
  });
  ws.accept();
  const until = async (test: () => boolean) => {
    const deadline = Date.now() + 5000;
    while (!test() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return messages;
  };
  return { ws, messages, until };
}

// ---------------------------------------------------------------------------
// Property tests of the forms

const anyText = fc.oneof(
  { weight: 3, arbitrary: fc.string() },
  { weight: 1, arbitrary: fc.constant("") },
  { weight: 1, arbitrary: fc.constantFrom("x".repeat(5000), "2027-13-40T25:61", "a_fazer", "urgent", "client", "'; drop table task; --", "\u0000", "NaN", "-1") },
);
const formValue = (good: fc.Arbitrary<string>) => fc.oneof({ weight: 8, arbitrary: good }, { weight: 2, arbitrary: anyText }, { weight: 1, arbitrary: fc.array(good, { minLength: 2, maxLength: 3 }) });

describe("forms under fuzz", () => {
  it("the task form never answers 5xx and writes only what it saves", async () => {
    const f = await world("Fuzz");
    const model = {
      title: formValue(fc.constantFrom("Ligar", "Visita ao hotel", "")),
      description: formValue(fc.constantFrom("", "Detalhes")),
      typeId: formValue(fc.constantFrom("", f.typeId, x.typeId)),
      status: formValue(fc.constantFrom("a_fazer", "em_andamento", "concluida", "cancelada", "geral")),
      priority: formValue(fc.constantFrom("low", "medium", "high", "urgent")),
      dueAt: formValue(fc.constantFrom("", "2027-05-01T10:00", "2027-05-01")),
      assigneeUserId: formValue(fc.constantFrom("", f.admin.id, f.agente.id, x.admin.id)),
      linkKind: formValue(fc.constantFrom("", "client", "deal", "sale", "excursion")),
      linkId: formValue(fc.constantFrom("", f.clientId, x.clientId)),
      intent: formValue(fc.constantFrom("", "comment", "checklistAdd", "move")),
    };
    const count = async () => (await env.DB.prepare("select count(*) as n from task where agency_id = ?").bind(f.agencyId).first<{ n: number }>())!.n;
    let created = 0;
    await fc.assert(
      // Half the forms are random mixes of the fields (most of them refused), the other half valid ones, so the
      // saving path is exercised on every run, not by luck: 150 random mixes alone once saved none.
      fc.asyncProperty(
        fc.oneof(
          fc.record(model, { requiredKeys: [] }),
          fc.record({
            title: fc.constantFrom("Ligar", "Visita ao hotel"),
            description: fc.constantFrom("", "Detalhes"),
            typeId: fc.constantFrom("", f.typeId),
            status: fc.constantFrom("a_fazer", "em_andamento"),
            priority: fc.constantFrom("low", "medium", "high", "urgent"),
            dueAt: fc.constantFrom("", "2027-05-01T10:00"),
            assigneeUserId: fc.constantFrom("", f.admin.id, f.agente.id),
          }),
        ),
        async (form) => {
        const before = await count();
        const res = await appRequest("/tarefas/novo", { cookie: f.admin.cookie, form: form as Record<string, string | string[]> });
        expect(res.status).toBeLessThan(500);
        const after = await count();
        if (res.status === 302) {
          created += 1;
          expect(after).toBe(before + 1);
        } else expect(after).toBe(before);
        },
      ),
      { numRuns: FUZZ_RUNS },
    );
    if (FUZZ_RUNS >= 100) expect(created).toBeGreaterThan(0);
  }, 600_000);

  it("the edit, move, comment and checklist posts never answer 5xx", async () => {
    const f = await world("Fuzz2");
    const id = await createTask(f, f.admin);
    const model = {
      intent: formValue(fc.constantFrom("", "comment", "checklistAdd", "checklistToggle", "checklistRemove", "move", "delete")),
      body: formValue(fc.constantFrom("Oi", "")),
      label: formValue(fc.constantFrom("Item", "")),
      itemId: formValue(fc.constantFrom("", "abc", id)),
      id: formValue(fc.constantFrom(id, x.typeId, "")),
      version: formValue(fc.constantFrom("1", "2", "0", "abc")),
      status: formValue(fc.constantFrom("a_fazer", "concluida", "x")),
      beforeId: formValue(fc.constantFrom("", id)),
      title: formValue(fc.constantFrom("T", "")),
      priority: formValue(fc.constantFrom("low", "zzz")),
    };
    await fc.assert(
      fc.asyncProperty(fc.record(model, { requiredKeys: [] }), fc.boolean(), async (form, board) => {
        const form2 = { ...form, ...(form.intent === "delete" ? { intent: "comment" } : {}) };
        const res = await appRequest(board ? "/tarefas?index" : edit(id), { cookie: f.agente.cookie, form: form2 as Record<string, string | string[]> });
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: Math.max(20, Math.floor(FUZZ_RUNS / 4)) },
    );
    expect(await taskRow(id)).not.toBeNull();
  }, 600_000);

  it("the task type form never answers 5xx", async () => {
    const f = await world("Fuzz3");
    await fc.assert(
      fc.asyncProperty(fc.record({ name: formValue(fc.constantFrom("Visita", "")), color: formValue(fc.constantFrom("blue", "red", "chartreuse")), intent: formValue(fc.constantFrom("", "delete")) }, { requiredKeys: [] }), async (form) => {
        const res = await appRequest("/tarefas/tipos/novo", { cookie: f.admin.cookie, form: form as Record<string, string | string[]> });
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: Math.max(20, Math.floor(FUZZ_RUNS / 4)) },
    );
  }, 600_000);
});
