/**
 * CRM and tasks on their records (issue #18), and the quote's public page's follow-ups:
 * - a deal, a sale (emissivo) and an excursion list their open tasks (not closed ones, not
 *   another record's), with the link to a new task linked to them; the client page its sales
 *   (an Agente, only their own); the deal page the sale it became;
 * - the public page: the agency's own staff opening it is not the client's opening; accept and
 *   decline posts are rate-limited per link (429, nothing written); the agency's logo shown;
 * - an accepted quote whose owner has no agent record still makes the draft sale, theirs
 *   (an agent registered for them), also in an agency with no agents at all;
 * - an Agente's kanban column totals are of their own deals, not the agency's.
 */
import { env } from "cloudflare:test";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it } from "vitest";
import { QUOTE_ANSWER_RATE } from "~/lib/crm/quote";
import { LINKED_TASKS_LIMIT } from "~/lib/tasks/tasks.server";
import { appRequest, json } from "./harness";
import { createAgency, createUser, signIn } from "./fixtures";

const run = (q: string, ...binds: unknown[]) => env.DB.prepare(q).bind(...binds).run();
const now = () => new Date().toISOString();
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An agency with an Admin and an Agente, a product kind and a supplier; `withAgent`: the Agente has an agent record. */
async function world(name: string, withAgent = true) {
  const agency = await createAgency(`${name} ${uuidv7().slice(-6)}`);
  const admin = await createUser({ role: "Admin", agencyId: agency.id, name: `Admin ${name}` });
  const agente = await createUser({ role: "Agente", agencyId: agency.id, name: `Agente ${name}` });
  const t = now();
  const kind = uuidv7();
  const supplier = uuidv7();
  await env.DB.batch([
    env.DB.prepare("insert into supplier (id, agency_id, name, created_at, updated_at) values (?, ?, 'Hotel Serra Azul', ?, ?)").bind(supplier, agency.id, t, t),
    env.DB.prepare("insert into product_kind (id, agency_id, kind, created_at, updated_at) values (?, ?, 'hotel', ?, ?)").bind(kind, agency.id, t, t),
    ...(withAgent ? [env.DB.prepare("insert into agent (id, agency_id, name, user_id, created_at, updated_at) values (?, ?, ?, ?, ?, ?)").bind(uuidv7(), agency.id, `Agente ${name}`, agente.id, t, t)] : []),
  ]);
  return { agency, admin, agente, kind, supplier, adminCookie: await signIn(admin.email), agenteCookie: await signIn(agente.email) };
}
type World = Awaited<ReturnType<typeof world>>;

async function newDeal(cookie: string, form: Record<string, string> = {}) {
  const res = await appRequest("/crm/negocios/novo", { cookie, form: { intent: "save", title: "Férias em Gramado", leadName: "Lia Lead", leadEmail: `lia-${uuidv7().slice(-8)}@example.com`, value: "8.000,00", ...form } });
  expect(res.status, await res.clone().text()).toBe(302);
  return res.headers.get("Location")!.split("/").pop()!;
}

async function sentQuote(w: World, dealId: string, cookie: string) {
  const res = await appRequest(`/crm/orcamentos/novo?negocio=${dealId}`, {
    cookie,
    form: { intent: "save", title: "Gramado 5 noites", language: "pt", validUntil: future(10), "items[0].productKindId": w.kind, "items[0].supplierId": w.supplier, "items[0].description": "Hotel", "items[0].cost": "3.000,00", "items[0].price": "4.000,00" },
  });
  expect(res.status, await res.clone().text()).toBe(302);
  const id = res.headers.get("Location")!.split("/").pop()!;
  expect((await appRequest(`/crm/orcamentos/editar/${id}`, { cookie, form: { intent: "send" } })).status).toBe(302);
  const row = await env.DB.prepare("select slug from quote where id = ?").bind(id).first<{ slug: string }>();
  return { id, slug: row!.slug };
}

const quoteRow = (id: string) => env.DB.prepare("select * from quote where id = ?").bind(id).first<Record<string, unknown>>();

async function newTask(cookie: string, form: Record<string, string>) {
  const res = await appRequest("/tarefas/novo", { cookie, form: { title: "Ligar para o cliente", status: "a_fazer", priority: "medium", ...form } });
  expect(res.status, await res.clone().text()).toBe(302);
  return res.headers.get("Location")!.split("/").pop()!;
}

type Linked = { tasks: { id: string; title: string }[] };

describe("tasks and sales on their records", () => {
  let w: World;
  let x: World;
  beforeAll(async () => {
    [w, x] = await Promise.all([world("Sol"), world("Mar")]);
  });

  it("a deal lists its open tasks (not closed ones, not another deal's) and links the sale it became", async () => {
    const dealId = await newDeal(w.adminCookie);
    const other = await newDeal(w.adminCookie);
    const open = await newTask(w.adminCookie, { title: "Enviar roteiro", linkKind: "deal", linkId: dealId });
    const done = await newTask(w.adminCookie, { title: "Já feito", status: "concluida", linkKind: "deal", linkId: dealId });
    const elsewhere = await newTask(w.adminCookie, { title: "Outro negócio", linkKind: "deal", linkId: other });
    const page = await json<Linked & { sale: unknown }>(await appRequest(`/crm/negocios/editar/${dealId}`, { cookie: w.adminCookie }));
    const ids = page.tasks.map((t) => t.id);
    expect(ids).toContain(open);
    expect(ids).not.toContain(done);
    expect(ids).not.toContain(elsewhere);
    expect(page.sale).toBeNull();
    // The link to a new task comes linked (the task form's preset).
    const preset = await json<{ values: { linkKind: string; linkId: string } }>(await appRequest(`/tarefas/novo?linkKind=deal&linkId=${dealId}`, { cookie: w.adminCookie }));
    expect(preset.values).toMatchObject({ linkKind: "deal", linkId: dealId });
    // Another agency cannot link a task to it, nor see the deal.
    expect((await appRequest("/tarefas/novo", { cookie: x.adminCookie, form: { title: "X", status: "a_fazer", priority: "low", linkKind: "deal", linkId: dealId } })).status).toBe(400);
    expect((await appRequest(`/crm/negocios/editar/${dealId}`, { cookie: x.adminCookie })).status).toBe(404);
  });

  it("a deal's list is bounded", async () => {
    const dealId = await newDeal(w.adminCookie);
    const t = now();
    await env.DB.batch(
      Array.from({ length: LINKED_TASKS_LIMIT + 5 }, (_, i) =>
        env.DB.prepare("insert into task (id, agency_id, number, title, status, priority, position, deal_id, search_text, created_at, updated_at) values (?, ?, ?, ?, 'a_fazer', 'low', ?, ?, '', ?, ?)").bind(uuidv7(), w.agency.id, 100_000 + i, `Tarefa ${i}`, (i + 1) * 1024, dealId, t, t),
      ),
    );
    const page = await json<Linked>(await appRequest(`/crm/negocios/editar/${dealId}`, { cookie: w.adminCookie }));
    expect(page.tasks).toHaveLength(LINKED_TASKS_LIMIT);
  });

  it("an accepted quote's sale lists its tasks; the client page lists its sales (an Agente, only their own)", async () => {
    const dealId = await newDeal(w.agenteCookie);
    const { id, slug } = await sentQuote(w, dealId, w.agenteCookie);
    expect((await appRequest(`/orcamento/${slug}`, { form: { intent: "accept" } })).status).toBe(200);
    const saleId = String((await quoteRow(id))!.sale_id);
    const deal = await json<{ sale: { href: string; number: number } | null }>(await appRequest(`/crm/negocios/editar/${dealId}`, { cookie: w.agenteCookie }));
    expect(deal.sale?.href).toBe(`/vendas/emissivo/editar/${saleId}`);
    const taskId = await newTask(w.agenteCookie, { title: "Emitir vouchers", linkKind: "sale", linkId: saleId });
    const salePage = await json<Linked>(await appRequest(`/vendas/emissivo/editar/${saleId}`, { cookie: w.agenteCookie }));
    expect(salePage.tasks.map((t) => t.id)).toEqual([taskId]);

    const clientId = String((await env.DB.prepare("select client_id from sale where id = ?").bind(saleId).first<{ client_id: string }>())!.client_id);
    type ClientPage = { sales: { sales: { id: string; href: string; status: string }[]; allHref: string } };
    const mine = await json<ClientPage>(await appRequest(`/cadastros/clientes/editar/${clientId}`, { cookie: w.agenteCookie }));
    expect(mine.sales.sales.map((s) => s.id)).toEqual([saleId]);
    expect(mine.sales.sales[0]).toMatchObject({ href: `/vendas/emissivo/editar/${saleId}`, status: "draft" });
    expect(mine.sales.allHref).toBe(`/vendas/emissivo?cliente=${clientId}`);
    const admin = await json<ClientPage>(await appRequest(`/cadastros/clientes/editar/${clientId}`, { cookie: w.adminCookie }));
    expect(admin.sales.sales.map((s) => s.id)).toEqual([saleId]);
    // Another Agente of the agency does not see it.
    const other = await createUser({ role: "Agente", agencyId: w.agency.id, name: "Outro Agente" });
    const theirs = await json<ClientPage>(await appRequest(`/cadastros/clientes/editar/${clientId}`, { cookie: await signIn(other.email) }));
    expect(theirs.sales.sales).toEqual([]);
    // Another agency: 404 on the sale and the client.
    expect((await appRequest(`/vendas/emissivo/editar/${saleId}`, { cookie: x.adminCookie })).status).toBe(404);
    expect((await appRequest(`/cadastros/clientes/editar/${clientId}`, { cookie: x.adminCookie })).status).toBe(404);
  });

  it("an excursion lists its open tasks", async () => {
    const t = now();
    const destinationId = uuidv7();
    const excursionId = uuidv7();
    await run("insert into destination (id, agency_id, name, search_text, created_at, updated_at) values (?, ?, 'Gramado', 'gramado', ?, ?)", destinationId, w.agency.id, t, t);
    await run(
      `insert into excursion (id, agency_id, title, slug, destination_id, departure_at, return_at, capacity, status, created_at, updated_at)
       values (?, ?, 'Gramado de ônibus', ?, ?, '2027-03-11T00:00:00.000Z', '2027-03-15T23:00:00.000Z', 46, 'open', ?, ?)`,
      excursionId,
      w.agency.id,
      `ex-${excursionId.slice(-12)}`,
      destinationId,
      t,
      t,
    );
    const taskId = await newTask(w.adminCookie, { title: "Confirmar o ônibus", linkKind: "excursion", linkId: excursionId });
    const page = await json<Linked & { now: number }>(await appRequest(`/servicos/excursoes/editar/${excursionId}`, { cookie: w.adminCookie }));
    expect(page.tasks.map((r) => r.id)).toEqual([taskId]);
    expect((await appRequest(`/servicos/excursoes/editar/${excursionId}`, { cookie: x.adminCookie })).status).toBe(404);
  });
});

describe("the quote form (Conform)", () => {
  it("answers field errors as Conform's reply (schema and server checks), a stale save as a form error, and adds a row without JavaScript", async () => {
    const w = await world("Formulário");
    const dealId = await newDeal(w.agenteCookie);
    type Reply = { result: { status: string; error: Record<string, string[] | null>; initialValue: Record<string, unknown> } };
    const base = { intent: "save", title: "Gramado", language: "pt", validUntil: future(5) };
    const missing = await appRequest(`/crm/orcamentos/novo?negocio=${dealId}`, { cookie: w.agenteCookie, form: { ...base, "items[0].description": "Hotel", "items[0].price": "10,00" } });
    expect(missing.status).toBe(400);
    expect((await json<Reply>(missing)).result.error["items[0].productKindId"]).toEqual(["validation.required"]);
    const foreign = await appRequest(`/crm/orcamentos/novo?negocio=${dealId}`, { cookie: w.agenteCookie, form: { ...base, "items[0].productKindId": uuidv7(), "items[0].description": "Hotel" } });
    expect(foreign.status).toBe(400);
    const body = await json<Reply>(foreign);
    expect(body.result.error["items[0].productKindId"]).toEqual(["crm.errors.productKind"]);
    expect(body.result.initialValue).toMatchObject({ title: "Gramado" });
    // A row added without JavaScript (Conform's insert intent): the form comes back with it, nothing saved.
    const count = async () => (await env.DB.prepare("select count(*) as n from quote where deal_id = ?").bind(dealId).first<{ n: number }>())!.n;
    const insert = await appRequest(`/crm/orcamentos/novo?negocio=${dealId}`, { cookie: w.agenteCookie, form: { title: "Gramado", language: "pt", validUntil: future(5), __intent__: JSON.stringify({ type: "insert", payload: { name: "items" } }) } });
    expect(insert.status).toBe(400);
    expect((await json<Reply>(insert)).result.initialValue).toMatchObject({ title: "Gramado" });
    expect(await count()).toBe(0);
    // Saved, then a save from an old version: the form's error.
    const { id } = await sentQuote(w, dealId, w.agenteCookie);
    const stale = await appRequest(`/crm/orcamentos/editar/${id}`, { cookie: w.agenteCookie, form: { ...base, version: "1", "items[0].productKindId": w.kind, "items[0].description": "Hotel" } });
    expect(stale.status).toBe(409);
    expect((await json<Reply>(stale)).result.error[""]).toEqual(["crm.quotes.stale"]);
  });
});

describe("the deal form's client picker", () => {
  it("searches the agency's clients (bounded), never another agency's; the deal's own client is always an option", async () => {
    const [w, x] = await Promise.all([world("Busca"), world("Alheia")]);
    const t = now();
    const add = (agencyId: string, name: string) => {
      const id = uuidv7();
      return { id, stmt: env.DB.prepare("insert into client (id, agency_id, name, search_text, created_at, updated_at) values (?, ?, ?, ?, ?, ?)").bind(id, agencyId, name, name.toLowerCase(), t, t) };
    };
    const many = Array.from({ length: 30 }, (_, i) => add(w.agency.id, `zeca ${String(i).padStart(2, "0")}`));
    const mine = add(w.agency.id, "marta quintana");
    const theirs = add(x.agency.id, "marta quintana");
    await env.DB.batch([...many.map((c) => c.stmt), mine.stmt, theirs.stmt]);
    type Options = { options: { value: string; label: string }[] };
    const search = async (q: string, cookie = w.agenteCookie) => (await json<Options>(await appRequest(`/crm/negocios/clientes?q=${encodeURIComponent(q)}`, { cookie }))).options;
    expect((await search("marta quin")).map((o) => o.value)).toEqual([mine.id]);
    expect(await search("zeca")).toHaveLength(20);
    expect(await search("ninguém")).toEqual([]);
    expect((await search("marta", x.adminCookie)).map((o) => o.value)).toEqual([theirs.id]);
    expect((await appRequest("/crm/negocios/clientes?q=marta")).status).toBe(302);
    // The deal's client is offered on its page even when it is not among the first by name.
    const dealId = await newDeal(w.agenteCookie, { clientId: mine.id, leadName: "", leadEmail: "" });
    const page = await json<{ clients: { value: string }[] }>(await appRequest(`/crm/negocios/editar/${dealId}`, { cookie: w.agenteCookie }));
    expect(page.clients[0]!.value).toBe(mine.id);
    expect(page.clients.length).toBeLessThanOrEqual(21);
  });
});

describe("the public quote page", () => {
  let w: World;
  let x: World;
  beforeAll(async () => {
    [w, x] = await Promise.all([world("Página"), world("Outra")]);
  });

  it("the agency's staff opening the link is not the client's opening; anyone else's is", async () => {
    const dealId = await newDeal(w.agenteCookie);
    const { id, slug } = await sentQuote(w, dealId, w.agenteCookie);
    expect((await appRequest(`/orcamento/${slug}`, { cookie: w.agenteCookie })).status).toBe(200);
    expect((await appRequest(`/orcamento/${slug}`, { cookie: w.adminCookie })).status).toBe(200);
    expect(await quoteRow(id)).toMatchObject({ view_count: 0, first_viewed_at: null });
    const viewed = async () => (await env.DB.prepare("select count(*) as n from deal_activity where deal_id = ? and kind = 'quote_viewed'").bind(dealId).first<{ n: number }>())!.n;
    expect(await viewed()).toBe(0);
    // The client (no session), and a user of another agency, are counted.
    await appRequest(`/orcamento/${slug}`);
    await appRequest(`/orcamento/${slug}`, { cookie: x.adminCookie });
    expect(await quoteRow(id)).toMatchObject({ view_count: 2 });
    expect(await viewed()).toBe(1);
  });

  it("rate-limits answers per link: 429 beyond the limit, nothing written; another link is not affected", async () => {
    const dealId = await newDeal(w.agenteCookie);
    const { id, slug } = await sentQuote(w, dealId, w.agenteCookie);
    const { slug: otherSlug } = await sentQuote(w, dealId, w.agenteCookie);
    // Declines without a reason: refused (400) but counted.
    for (let i = 0; i < QUOTE_ANSWER_RATE.max; i++) expect((await appRequest(`/orcamento/${slug}`, { form: { intent: "decline", reason: "" } })).status).toBe(400);
    const limited = await appRequest(`/orcamento/${slug}`, { form: { intent: "accept" } });
    expect(limited.status).toBe(429);
    expect(await json<{ error: string }>(limited)).toMatchObject({ error: "tooMany" });
    expect(await quoteRow(id)).toMatchObject({ status: "sent", sale_id: null });
    expect((await appRequest(`/orcamento/${slug}`, { form: { intent: "decline", reason: "Caro" } })).status).toBe(429);
    expect(await quoteRow(id)).toMatchObject({ status: "sent" });
    // The page itself still opens; another quote's link still answers.
    expect((await appRequest(`/orcamento/${slug}`)).status).toBe(200);
    expect((await appRequest(`/orcamento/${otherSlug}`, { form: { intent: "decline", reason: "Caro" } })).status).toBe(200);
  });

  it("the window passes: a link limited an hour ago answers again", async () => {
    const dealId = await newDeal(w.agenteCookie);
    const { id, slug } = await sentQuote(w, dealId, w.agenteCookie);
    for (let i = 0; i < QUOTE_ANSWER_RATE.max; i++) await appRequest(`/orcamento/${slug}`, { form: { intent: "nothing" } });
    expect((await appRequest(`/orcamento/${slug}`, { form: { intent: "nothing" } })).status).toBe(429);
    await run("update rate_limit set last_request = last_request - ? where key = ?", QUOTE_ANSWER_RATE.windowMs, `rota:quote-answer:${id}`);
    expect((await appRequest(`/orcamento/${slug}`, { form: { intent: "accept" } })).status).toBe(200);
    expect(await quoteRow(id)).toMatchObject({ status: "accepted" });
  });

  it("shows the agency's logo when it has one", async () => {
    const dealId = await newDeal(w.agenteCookie);
    const { slug } = await sentQuote(w, dealId, w.agenteCookie);
    type Page = { quote: { logoUrl: string | null } };
    expect((await json<Page>(await appRequest(`/orcamento/${slug}`))).quote.logoUrl).toBeNull();
    await run("update agency set logo_key = ? where id = ?", `logos/${w.agency.id}/abcdef123456.png`, w.agency.id);
    const logo = (await json<Page>(await appRequest(`/orcamento/${slug}`))).quote.logoUrl;
    expect(logo).toBe(`/arquivos/logo/${w.agency.id}?v=ef123456.png`);
    await run("update agency set logo_key = null where id = ?", w.agency.id);
  });
});

describe("the accepted quote's sale and the Agente's board", () => {
  it("an owner without an agent record (in an agency with no agents) still gets the draft sale, for an agent registered for them", async () => {
    const w = await world("Sem agentes", false);
    const dealId = await newDeal(w.adminCookie);
    const { id, slug } = await sentQuote(w, dealId, w.adminCookie);
    const [a, b] = await Promise.all([appRequest(`/orcamento/${slug}`, { form: { intent: "accept" } }), appRequest(`/orcamento/${slug}`, { form: { intent: "accept" } })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const row = (await quoteRow(id))!;
    expect(row.sale_id).toBeTruthy();
    const sale = await env.DB.prepare("select status, kind, owner_user_id, agent_id, total_cents from sale where id = ?").bind(row.sale_id).first<Record<string, unknown>>();
    expect(sale).toMatchObject({ status: "draft", kind: "emissivo", owner_user_id: w.admin.id, total_cents: 400_000 });
    const agents = (await env.DB.prepare("select id, user_id, name from agent where agency_id = ? and deleted_at is null").bind(w.agency.id).all<{ id: string; user_id: string; name: string }>()).results;
    expect(agents).toHaveLength(1);
    expect(agents[0]).toMatchObject({ id: sale!.agent_id, user_id: w.admin.id, name: "Admin Sem agentes" });
    const d = await env.DB.prepare("select d.sale_id, s.kind from deal d join crm_stage s on s.id = d.stage_id where d.id = ?").bind(dealId).first();
    expect(d).toMatchObject({ kind: "won", sale_id: row.sale_id });
  });

  it("an owner without an agent record in an agency with other agents: the sale is the owner's, not another seller's", async () => {
    const w = await world("Com agentes");
    const dealId = await newDeal(w.adminCookie);
    const { id, slug } = await sentQuote(w, dealId, w.adminCookie);
    expect((await appRequest(`/orcamento/${slug}`, { form: { intent: "accept" } })).status).toBe(200);
    const sale = await env.DB.prepare("select s.owner_user_id, a.user_id from sale s join agent a on a.id = s.agent_id where s.id = ?").bind((await quoteRow(id))!.sale_id).first();
    expect(sale).toMatchObject({ owner_user_id: w.admin.id, user_id: w.admin.id });
  });

  it("an Agente's column totals are of their own deals; an Admin's, the agency's", async () => {
    const w = await world("Totais");
    await newDeal(w.adminCookie, { value: "1.000,00" });
    await newDeal(w.adminCookie, { value: "2.000,00" });
    await newDeal(w.agenteCookie, { value: "300,00" });
    type Board = { stages: { slug: string; dealCount: number; valueCents: number }[]; cards: { id: string }[] };
    const lead = (b: Board) => b.stages.find((s) => s.slug === "lead")!;
    const admin = await json<Board>(await appRequest("/crm", { cookie: w.adminCookie }));
    expect(lead(admin)).toMatchObject({ dealCount: 3, valueCents: 330_000 });
    const agente = await json<Board>(await appRequest("/crm", { cookie: w.agenteCookie }));
    expect(lead(agente)).toMatchObject({ dealCount: 1, valueCents: 30_000 });
    expect(agente.cards).toHaveLength(1);
    expect(agente.stages.filter((s) => s.slug !== "lead").every((s) => s.dealCount === 0 && s.valueCents === 0)).toBe(true);
  });
});
