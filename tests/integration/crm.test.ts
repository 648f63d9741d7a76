/**
 * CRM (issue #18): stages made on first use, deals created and edited (an Agente's own only),
 * board moves (another agency's deal 404, a stale version 409, lost needs a reason, the
 * timeline and counters in the same batch), the crm board room (the move announced, another
 * agency's user refused), one stage's list, lead conversion, fuzzed forms.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "./worker";
import { appRequest, json } from "./harness";
import { createAgency, createUser, signIn } from "./fixtures";
import { FUZZ_RUNS } from "./fuzz";

const ORIGIN = "http://localhost:8787";

type Stage = { id: string; name: string; slug: string; kind: string; dealCount: number; valueCents: number };
type Card = { id: string; stageId: string; position: number; version: number; title: string };
type BoardData = { stages: Stage[]; cards: Card[] };

async function world(name: string) {
  const agency = await createAgency(name);
  const admin = await createUser({ role: "Admin", agencyId: agency.id, name: "Ana Admin" });
  const agente = await createUser({ role: "Agente", agencyId: agency.id, name: "Beto Agente" });
  return { agency, admin, agente, adminCookie: await signIn(admin.email), agenteCookie: await signIn(agente.email) };
}

const board = async (cookie: string) => json<BoardData>(await appRequest("/crm", { cookie }));

async function newDeal(cookie: string, form: Record<string, string> = {}) {
  const res = await appRequest("/crm/negocios/novo", { cookie, form: { intent: "save", title: "Lua de mel em Paris", leadName: "Carla Lead", value: "12.500,00", ...form } });
  expect(res.status, await res.clone().text()).toBe(302);
  return res.headers.get("Location")!.split("/").pop()!;
}

const dealRow = (id: string) => env.DB.prepare("select * from deal where id = ?").bind(id).first<Record<string, unknown>>();
const move = (cookie: string, form: Record<string, string>) => appRequest("/crm", { cookie, form: { intent: "move", ...form } });

describe("CRM stages and board", () => {
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    w = await world("Agência do Funil");
  });

  it("gives an agency the default stages on first use, once", async () => {
    const [a, b] = await Promise.all([board(w.adminCookie), board(w.adminCookie)]);
    expect(a.stages.map((s) => [s.slug, s.kind])).toEqual([
      ["lead", "open"],
      ["contato", "open"],
      ["proposta", "open"],
      ["negociacao", "open"],
      ["ganho", "won"],
      ["perdido", "lost"],
    ]);
    expect(b.stages.map((s) => s.id)).toEqual(a.stages.map((s) => s.id));
  });

  it("creates a deal numbered per agency in the first open stage, with its activity and the stage counters", async () => {
    const id = await newDeal(w.adminCookie);
    const row = (await dealRow(id))!;
    expect(row).toMatchObject({ title: "Lua de mel em Paris", lead_name: "Carla Lead", value_cents: 1_250_000, owner_user_id: w.admin.id, agency_id: w.agency.id });
    const { stages } = await board(w.adminCookie);
    expect(row.stage_id).toBe(stages[0]!.id);
    expect(stages[0]).toMatchObject({ dealCount: 1, valueCents: 1_250_000 });
    const act = await env.DB.prepare("select kind from deal_activity where deal_id = ?").bind(id).all();
    expect(act.results.map((r) => r.kind)).toEqual(["created"]);
  });

  it("moves a card between stages: position, version, stage entered, timeline, counters; a stale version is refused", async () => {
    const id = await newDeal(w.adminCookie, { title: "Cruzeiro" });
    const { stages } = await board(w.adminCookie);
    const contato = stages.find((s) => s.slug === "contato")!;
    const before = (await dealRow(id))!;
    const res = await move(w.adminCookie, { deal: id, stage: contato.id, version: String(before.version) });
    expect(res.status).toBe(200);
    const after = (await dealRow(id))!;
    expect(after).toMatchObject({ stage_id: contato.id, version: Number(before.version) + 1, closed_at: null });
    expect(after.stage_entered_at).not.toBe(before.stage_entered_at);
    const acts = await env.DB.prepare("select kind, from_stage_id, to_stage_id from deal_activity where deal_id = ? and kind = 'stage_change'").bind(id).all();
    expect(acts.results).toEqual([{ kind: "stage_change", from_stage_id: before.stage_id, to_stage_id: contato.id }]);
    expect((await board(w.adminCookie)).stages.find((s) => s.id === contato.id)!.dealCount).toBeGreaterThanOrEqual(1);
    // The same (now stale) version again: 409, nothing written.
    const stale = await move(w.adminCookie, { deal: id, stage: stages[2]!.id, version: String(before.version) });
    expect(stale.status).toBe(409);
    expect(await dealRow(id)).toEqual(after);
  });

  it("places a card between two others (sparse positions), renumbering when there is no gap", async () => {
    const { stages } = await board(w.adminCookie);
    const proposta = stages.find((s) => s.slug === "proposta")!;
    const ids = [await newDeal(w.adminCookie, { title: "A", stageId: proposta.id }), await newDeal(w.adminCookie, { title: "B", stageId: proposta.id }), await newDeal(w.adminCookie, { title: "C", stageId: proposta.id })];
    const order = async () => (await board(w.adminCookie)).cards.filter((c) => c.stageId === proposta.id).map((c) => c.title);
    expect(await order()).toEqual(["C", "B", "A"]);
    // A between C and B.
    const a = (await dealRow(ids[0]!))!;
    expect((await move(w.adminCookie, { deal: ids[0]!, stage: proposta.id, after: ids[2]!, before: ids[1]!, version: String(a.version) })).status).toBe(200);
    expect(await order()).toEqual(["C", "A", "B"]);
    // Squeeze: give C and A adjacent positions, then put B between them.
    await env.DB.prepare("update deal set position = 1 where id = ?").bind(ids[2]).run();
    await env.DB.prepare("update deal set position = 2 where id = ?").bind(ids[0]).run();
    const b = (await dealRow(ids[1]!))!;
    expect((await move(w.adminCookie, { deal: ids[1]!, stage: proposta.id, after: ids[2]!, before: ids[0]!, version: String(b.version) })).status).toBe(200);
    expect(await order()).toEqual(["C", "B", "A"]);
  });

  it("needs a reason to lose a deal, and closes it in won or lost", async () => {
    const id = await newDeal(w.adminCookie, { title: "Perdível" });
    const { stages } = await board(w.adminCookie);
    const lost = stages.find((s) => s.kind === "lost")!;
    const won = stages.find((s) => s.kind === "won")!;
    const v = Number((await dealRow(id))!.version);
    expect((await move(w.adminCookie, { deal: id, stage: lost.id, version: String(v) })).status).toBe(400);
    expect((await dealRow(id))!.version).toBe(v);
    expect((await move(w.adminCookie, { deal: id, stage: lost.id, version: String(v), lostReason: "Preço" })).status).toBe(200);
    expect(await dealRow(id)).toMatchObject({ stage_id: lost.id, lost_reason: "Preço" });
    expect((await dealRow(id))!.closed_at).toBeTruthy();
    expect((await move(w.adminCookie, { deal: id, stage: won.id, version: String(v + 1) })).status).toBe(200);
    expect(await dealRow(id)).toMatchObject({ stage_id: won.id, lost_reason: null });
  });

  it("refuses another agency's deal with 404 and leaves it unchanged; an Agente sees and moves only their own", async () => {
    const other = await world("Outra do Funil");
    const theirs = await newDeal(other.adminCookie, { title: "Deles" });
    const row = (await dealRow(theirs))!;
    const { stages } = await board(w.adminCookie);
    expect((await move(w.adminCookie, { deal: theirs, stage: stages[1]!.id, version: String(row.version) })).status).toBe(404);
    expect((await appRequest(`/crm/negocios/editar/${theirs}`, { cookie: w.adminCookie })).status).toBe(404);
    expect((await appRequest(`/crm/negocios/editar/${theirs}`, { cookie: w.adminCookie, form: { intent: "save", title: "x", leadName: "y", version: "1" } })).status).toBe(404);
    expect(await dealRow(theirs)).toEqual(row);
    // Their stage ids are not ours either.
    const mine = await newDeal(w.adminCookie, { title: "Nosso" });
    const theirStages = (await board(other.adminCookie)).stages;
    expect((await move(w.adminCookie, { deal: mine, stage: theirStages[1]!.id, version: "1" })).status).toBe(400);
    // The Agente: the Admin's deal is not theirs.
    expect((await appRequest(`/crm/negocios/editar/${mine}`, { cookie: w.agenteCookie })).status).toBe(404);
    expect((await move(w.agenteCookie, { deal: mine, stage: stages[1]!.id, version: "1" })).status).toBe(404);
    const own = await newDeal(w.agenteCookie, { title: "Do agente", ownerUserId: w.admin.id });
    expect(await dealRow(own)).toMatchObject({ owner_user_id: w.agente.id });
    const seen = await board(w.agenteCookie);
    expect(seen.cards.map((c) => c.id)).toEqual([own]);
  });

  it("lists one stage with filters and CSV; an unknown stage is 404", async () => {
    expect((await appRequest("/crm/nao-existe", { cookie: w.adminCookie })).status).toBe(404);
    const res = await appRequest("/crm/lead?sort=value&dir=desc&source=other", { cookie: w.adminCookie });
    expect(res.status).toBe(200);
    const data = await json<{ rows: { title: string }[] }>(res);
    expect(data.rows.length).toBeGreaterThan(0);
    const csv = await appRequest("/crm/lead/exportar", { cookie: w.adminCookie });
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain("Lua de mel em Paris");
    expect((await appRequest("/crm/nao-existe/exportar", { cookie: w.adminCookie })).status).toBe(404);
  });

  it("edits a deal with its version, logs an activity and converts a lead into a client", async () => {
    const id = await newDeal(w.adminCookie, { title: "Convertível", leadName: "Duda Souza", leadEmail: "duda@example.com", leadPhone: "(11) 98888-7777" });
    const edit = await appRequest(`/crm/negocios/editar/${id}`, { cookie: w.adminCookie, form: { intent: "save", title: "Convertível 2", leadName: "Duda Souza", leadEmail: "duda@example.com", version: "1" } });
    expect(edit.status).toBe(302);
    const stale = await appRequest(`/crm/negocios/editar/${id}`, { cookie: w.adminCookie, form: { intent: "save", title: "Velho", leadName: "Duda Souza", version: "1" } });
    expect(stale.status).toBe(409);
    expect((await appRequest(`/crm/negocios/editar/${id}`, { cookie: w.adminCookie, form: { intent: "log", kind: "call", body: "Ligou pedindo datas" } })).status).toBe(200);
    const conv = await appRequest(`/crm/negocios/editar/${id}`, { cookie: w.adminCookie, form: { intent: "convert" } });
    expect(conv.status).toBe(200);
    const row = (await dealRow(id))!;
    expect(row.client_id).toBeTruthy();
    const c = await env.DB.prepare("select name, agency_id from client where id = ?").bind(row.client_id).first();
    expect(c).toEqual({ name: "Duda Souza", agency_id: w.agency.id });
    const kinds = (await env.DB.prepare("select kind from deal_activity where deal_id = ? order by occurred_at").bind(id).all()).results.map((r) => r.kind);
    expect(kinds).toEqual(expect.arrayContaining(["created", "call", "lead_converted"]));
    expect((await appRequest(`/crm/negocios/editar/${id}`, { cookie: w.adminCookie, form: { intent: "convert" } })).status).toBe(400);
    // The client's page lists the deal (read-only).
    const page = await json<{ deals: { id: string }[] }>(await appRequest(`/cadastros/clientes/editar/${row.client_id}`, { cookie: w.adminCookie }));
    expect(page.deals.map((d) => d.id)).toEqual([id]);
  });

  it("sends to /login without a session", async () => {
    const res = await appRequest("/crm");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toContain("/login");
  });
});

describe("the crm board room", () => {
  const connect = (room: string, cookie: string) =>
    worker.fetch(new Request(`${ORIGIN}/parties/boards/${room}`, { headers: { Upgrade: "websocket", Cookie: cookie, Origin: ORIGIN } }) as unknown as Request<unknown, IncomingRequestCfProperties>, env);

  it("hears a move, and refuses another agency's user", async () => {
    const w = await world("Agência Ao Vivo");
    const other = await world("Outra Ao Vivo");
    expect((await connect(`${w.agency.id}:crm`, other.adminCookie)).status).toBe(403);
    const res = await connect(`${w.agency.id}:crm`, w.agenteCookie);
    expect(res.status).toBe(101);
    const ws = res.webSocket!;
    const messages: { type: string; id?: string; column?: string }[] = [];
    ws.addEventListener("message", (e) => messages.push(JSON.parse(e.data as string)));
    ws.accept();
    const id = await newDeal(w.adminCookie, { title: "Ao vivo" });
    const { stages } = await board(w.adminCookie);
    expect((await move(w.adminCookie, { deal: id, stage: stages[1]!.id, version: "1" })).status).toBe(200);
    const deadline = Date.now() + 5000;
    while (!messages.some((m) => m.type === "moved") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(messages.find((m) => m.type === "moved")).toMatchObject({ type: "moved", id, column: stages[1]!.id });
    ws.close();
  });
});

describe("fuzzed CRM forms", () => {
  it("never answers 5xx and writes nothing unless it saved (the deal form and the board's move)", async () => {
    const w = await world("Agência Fuzz CRM");
    const id = await newDeal(w.adminCookie, { title: "Alvo" });
    const { stages } = await board(w.adminCookie);
    const text = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.string({ unit: "binary", maxLength: 40 }),
      fc.constantFrom("", " ", "x".repeat(5000), "1", "0", "-1", "1e9", "NaN", "12,50", "2026-02-30", "2026-05-01", id, stages[0]!.id, stages[5]!.id, "move", "save", "log", "convert", "site", "note", "a@b.co"),
    );
    const value = fc.oneof(text, fc.array(text, { minLength: 2, maxLength: 3 }));
    const fields = fc.dictionary(
      fc.constantFrom("intent", "title", "clientId", "leadName", "leadPhone", "leadEmail", "stageId", "value", "passengers", "travelStart", "travelEnd", "expectedCloseDate", "ownerUserId", "source", "lostReason", "version", "deal", "stage", "after", "before", "kind", "body"),
      value,
    );
    const count = async () => (await env.DB.prepare("select count(*) as n from deal where agency_id = ?").bind(w.agency.id).first<{ n: number }>())!.n;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("/crm", "/crm/negocios/novo", `/crm/negocios/editar/${id}`), fields, async (path, form) => {
        const n = await count();
        const before = await dealRow(id);
        const res = await appRequest(path, { cookie: w.adminCookie, form });
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400) {
          expect(await count()).toBe(n);
          expect(await dealRow(id)).toEqual(before);
        }
      }),
      { numRuns: Math.min(FUZZ_RUNS, 300) },
    );
  }, 240_000);
});
