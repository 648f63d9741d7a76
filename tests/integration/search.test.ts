/**
 * The record search (GET /busca; issue #22 item 2, decision 0019) on the local
 * D1 through the real routes and actions:
 *  - the FTS index in step after create, update, soft delete and restore of
 *    clients, emissivo sales and tasks (written by the app's actions; the app
 *    has no restore action, so the restore is the row's deleted_at cleared);
 *  - accent and case insensitivity, documents by digits, a sale by its locator,
 *    a name with a typo;
 *  - tenant isolation, also when the query is the other agency's exact id,
 *    document or locator;
 *  - role and licence filtering (an Agente finds only their own sales);
 *  - a fuzzed query never answers 5xx.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureFinanceDefaults } from "~/lib/finance/defaults.server";
import { formatCpf, generateCpf, mulberry32 } from "~/lib/platform/br-documents";
import { createDb } from "~/lib/platform/db.server";
import { appRequest, json } from "./harness";
import { createAgency, createUser, signIn } from "./fixtures";
import { FUZZ_RUNS } from "./fuzz";

const rng = mulberry32(2211);
const nextCpf = () => generateCpf(rng);
const now = () => new Date().toISOString();
const P = (q: string, ...v: unknown[]) => env.DB.prepare(q).bind(...v);
const idFrom = (res: Response) => (res.headers.get("Location") ?? "").split("/").pop()!;

type Result = { kind: string; group: string; id: string; title: string; subtitle: string | null; href: string };
async function search(cookie: string, q: string): Promise<Result[]> {
  const res = await appRequest(`/busca?q=${encodeURIComponent(q)}`, { cookie });
  expect(res.status, q).toBe(200);
  return (await json<{ results: Result[] }>(res)).results;
}
const ids = (results: Result[]) => results.map((r) => r.id);

async function world(tag: string) {
  const agency = await createAgency(`Agência ${tag} ${uuidv7().slice(-5)}`);
  await ensureFinanceDefaults(createDb(env.DB), agency.id);
  const admin = await createUser({ role: "Admin", agencyId: agency.id, name: `Admin ${tag}` });
  const agente = await createUser({ role: "Agente", agencyId: agency.id, name: `Agente ${tag}` });
  const agente2 = await createUser({ role: "Agente", agencyId: agency.id, name: `Outro ${tag}` });
  const x = { client: uuidv7(), supplier: uuidv7(), agent: uuidv7(), agentAgente: uuidv7(), agentAgente2: uuidv7(), kind: uuidv7() };
  const t = now();
  await env.DB.batch([
    P("insert into client (id, agency_id, name, search_text, created_at, updated_at) values (?, ?, 'Carla Compradora', 'carla compradora', ?, ?)", x.client, agency.id, t, t),
    P("insert into supplier (id, agency_id, name, category, created_at, updated_at) values (?, ?, 'Hotel Busca', 'hotel', ?, ?)", x.supplier, agency.id, t, t),
    P("insert into agent (id, agency_id, name, created_at, updated_at) values (?, ?, 'Bia Balcão', ?, ?)", x.agent, agency.id, t, t),
    P("insert into agent (id, agency_id, name, user_id, created_at, updated_at) values (?, ?, 'Ana Agente', ?, ?, ?)", x.agentAgente, agency.id, agente.id, t, t),
    P("insert into agent (id, agency_id, name, user_id, created_at, updated_at) values (?, ?, 'Otto Outro', ?, ?, ?)", x.agentAgente2, agency.id, agente2.id, t, t),
    P("insert into product_kind (id, agency_id, kind, enabled, created_at, updated_at) values (?, ?, 'hotel', 1, ?, ?)", x.kind, agency.id, t, t),
  ]);
  return { agency, x, admin: await signIn(admin.email), agente: await signIn(agente.email), agente2: await signIn(agente2.email) };
}
type World = Awaited<ReturnType<typeof world>>;

function clientForm(overrides: Record<string, string>): Record<string, string> {
  return { kind: "person", name: "Cliente", document: "", "emails[0]": "", "phones[0].number": "", country: "BR", ...overrides };
}
async function createClient(cookie: string, form: Record<string, string>) {
  const res = await appRequest("/cadastros/clientes/novo", { cookie, form: clientForm(form) });
  expect(res.status, await res.clone().text()).toBe(302);
  return idFrom(res);
}

function saleForm(w: World, agentId: string, locator: string, description = "Hotel em Lisboa") {
  return {
    clientId: w.x.client,
    agentId,
    saleDate: "2026-11-20",
    currency: "BRL",
    paymentMethod: "pix",
    paymentTermId: "",
    firstDueDate: "2026-11-25",
    discount: "",
    notes: "",
    "passengers[0].clientId": w.x.client,
    "passengers[0].ageBand": "adult",
    "items[0].productKindId": w.x.kind,
    "items[0].supplierId": w.x.supplier,
    "items[0].description": description,
    "items[0].locator": locator,
    "items[0].cost": "800,00",
    "items[0].price": "1.000,00",
  };
}
async function createSale(w: World, cookie: string, agentId: string, locator: string) {
  const res = await appRequest("/vendas/emissivo/novo", { cookie, form: saleForm(w, agentId, locator) });
  expect(res.status, await res.clone().text()).toBe(302);
  return idFrom(res);
}
const saleVersion = async (id: string) => (await P("select version from sale where id = ?", id).first<{ version: number }>())!.version;

async function createTask(cookie: string, title: string) {
  const res = await appRequest("/tarefas/novo", { cookie, form: { title, status: "a_fazer", priority: "medium" } });
  expect(res.status, await res.clone().text()).toBe(302);
  return idFrom(res);
}

let A: World;
let B: World;
beforeAll(async () => {
  [A, B] = await Promise.all([world("Alfa"), world("Beta")]);
});

describe("the index follows the app's writes", () => {
  it("clients: create, rename, soft delete, restore", async () => {
    const cpf = nextCpf();
    const id = await createClient(A.admin, { name: "Gumercinda Ávila Prado", document: formatCpf(cpf), "emails[0]": "gumercinda@example.com", city: "Três Corações" });
    const found = await search(A.admin, "gumercinda");
    expect(found).toEqual([
      expect.objectContaining({ kind: "cliente", group: "cliente", id, title: "Gumercinda Ávila Prado", href: `/cadastros/clientes/editar/${id}`, subtitle: `${formatCpf(cpf)} · gumercinda@example.com · Três Corações` }),
    ]);
    // By document, masked or digits.
    expect(ids(await search(A.admin, formatCpf(cpf)))).toEqual([id]);
    expect(ids(await search(A.admin, cpf))).toEqual([id]);

    const saved = await appRequest(`/cadastros/clientes/editar/${id}`, { cookie: A.admin, form: clientForm({ name: "Gumercinda Bastos", document: formatCpf(cpf), version: "1" }) });
    expect(saved.status, await saved.clone().text()).toBeLessThan(400);
    expect(ids(await search(A.admin, "avila"))).toEqual([]);
    expect((await search(A.admin, "gumercinda bastos")).map((r) => r.title)).toEqual(["Gumercinda Bastos"]);

    const del = await appRequest(`/cadastros/clientes/editar/${id}`, { cookie: A.admin, form: { intent: "delete" } });
    expect(del.status).toBe(302);
    expect(ids(await search(A.admin, "gumercinda"))).toEqual([]);
    expect(ids(await search(A.admin, cpf))).toEqual([]);

    await P("update client set deleted_at = null where id = ?", id).run();
    expect(ids(await search(A.admin, "gumercinda"))).toEqual([id]);
  });

  it("emissivo sales: create (by number, client and locator), edit the locator, delete the draft, restore", async () => {
    const id = await createSale(A, A.admin, A.x.agent, "QZ7LOC");
    const [hit] = await search(A.admin, "qz7loc");
    expect(hit).toMatchObject({ kind: "venda", group: "venda", id, href: `/vendas/emissivo/editar/${id}` });
    expect(hit!.title).toMatch(/^#\d+ · Carla Compradora$/);
    expect(ids(await search(A.admin, "QZ7"))).toContain(id);

    const edited = await appRequest(`/vendas/emissivo/editar/${id}`, { cookie: A.admin, form: { ...saleForm(A, A.x.agent, "WK9NEW"), version: String(await saleVersion(id)) } });
    expect(edited.status, await edited.clone().text()).toBe(200);
    expect(ids(await search(A.admin, "qz7loc"))).toEqual([]);
    expect(ids(await search(A.admin, "wk9new"))).toEqual([id]);

    const del = await appRequest(`/vendas/emissivo/editar/${id}`, { cookie: A.admin, form: { intent: "delete", version: String(await saleVersion(id)) } });
    expect(del.status).toBe(302);
    expect(ids(await search(A.admin, "wk9new"))).toEqual([]);

    await P("update sale set deleted_at = null where id = ?", id).run();
    expect(ids(await search(A.admin, "wk9new"))).toEqual([id]);
  });

  it("tasks: create, retitle, delete, restore", async () => {
    const id = await createTask(A.admin, "Renovar passaporte do Zacarias");
    expect(await search(A.admin, "zacarias")).toEqual([expect.objectContaining({ kind: "tarefa", id, href: `/tarefas/editar/${id}` })]);
    const saved = await appRequest(`/tarefas/editar/${id}`, { cookie: A.admin, form: { title: "Emitir visto do Zacarias", status: "a_fazer", priority: "high", version: "1" } });
    expect(saved.status).toBe(200);
    expect(ids(await search(A.admin, "passaporte zacarias"))).toEqual([]);
    expect(ids(await search(A.admin, "visto zacarias"))).toEqual([id]);
    const del = await appRequest(`/tarefas/editar/${id}`, { cookie: A.admin, form: { intent: "delete" } });
    expect(del.status).toBe(302);
    expect(ids(await search(A.admin, "zacarias"))).toEqual([]);
    await P("update task set deleted_at = null where id = ?", id).run();
    expect(ids(await search(A.admin, "zacarias"))).toEqual([id]);
  });

  it("a hard delete removes the record from the index and from FTS", async () => {
    const id = await createTask(A.admin, "Tarefa Efêmera Xilofone");
    expect(ids(await search(A.admin, "xilofone"))).toEqual([id]);
    await P("delete from task where id = ?", id).run();
    expect(ids(await search(A.admin, "xilofone"))).toEqual([]);
    expect((await P("select count(*) n from search_doc where record_id = ?", id).first<{ n: number }>())!.n).toBe(0);
    // The FTS index holds exactly the live documents (integrity-check against its content table).
    await env.DB.prepare("insert into search_fts(search_fts, rank) values ('integrity-check', 1)").run();
  });
});

describe("matching", () => {
  let joao: string;
  beforeAll(async () => {
    joao = await createClient(A.admin, { name: "João Quixadá Silva" });
  });

  it("ignores accents and case, both ways", async () => {
    for (const q of ["joao quixada", "JOÃO QUIXADÁ", "Joao Quixadá", "quixada"]) expect(ids(await search(A.admin, q)), q).toContain(joao);
  });

  it("finds a name with a typo when the exact search finds nothing", async () => {
    expect(ids(await search(A.admin, "Joao Quixda Slva"))).toContain(joao);
    expect(ids(await search(A.admin, "Quixada Slva"))).toContain(joao);
    // Too far from anything: nothing; typos are forgiven in names, not in what the body holds.
    expect(ids(await search(A.admin, "Zzyzx Wqrtp"))).toEqual([]);
    const withCity = await createClient(A.admin, { name: "Heloísa Nunes", "emails[0]": "heloisa.paraguacu@example.com" });
    expect(ids(await search(A.admin, "paraguacu"))).toEqual([withCity]);
    expect(ids(await search(A.admin, "paraguasu"))).toEqual([]);
  });

  it("answers nothing below 3 characters", async () => {
    expect(await search(A.admin, "jo")).toEqual([]);
  });
});

describe("tenant isolation", () => {
  let bClient: string;
  let bCpf: string;
  let bSale: string;
  beforeAll(async () => {
    bCpf = nextCpf();
    bClient = await createClient(B.admin, { name: "Zulmira Exclusiva Beta", document: formatCpf(bCpf), "emails[0]": "zulmira@beta.example" });
    bSale = await createSale(B, B.admin, B.x.agent, "BETA99");
  });

  it("never answers another agency's records, even for their exact id, document, e-mail or locator", async () => {
    for (const q of ["zulmira", "Zulmira Exclusiva Beta", bCpf, formatCpf(bCpf), "zulmira@beta.example", "beta99", "BETA99", bClient, bSale, "Zulmra Exclusva"]) {
      const found = await search(A.admin, q);
      expect(ids(found), q).not.toContain(bClient);
      expect(ids(found), q).not.toContain(bSale);
    }
    expect(ids(await search(B.admin, "zulmira"))).toEqual([bClient]);
    expect(ids(await search(B.admin, "beta99"))).toEqual([bSale]);
  });
});

describe("roles and licence", () => {
  let mine: string;
  let theirs: string;
  beforeAll(async () => {
    mine = await createSale(A, A.agente, A.x.agentAgente, "MYOWN1");
    theirs = await createSale(A, A.agente2, A.x.agentAgente2, "THEIRS2");
  });

  it("an Agente finds only their own sales; an Admin finds all", async () => {
    expect(ids(await search(A.agente, "myown1"))).toEqual([mine]);
    expect(ids(await search(A.agente, "theirs2"))).toEqual([]);
    expect(ids(await search(A.agente2, "theirs2"))).toEqual([theirs]);
    expect(ids(await search(A.admin, "theirs2"))).toEqual([theirs]);
    // Both find the shared client register.
    expect((await search(A.agente, "carla compradora")).map((r) => r.kind)).toContain("cliente");
  });

  it("leaves out the kinds the agency's licence turns off", async () => {
    const row = await P("select modules from licence where agency_id = ?", A.agency.id).first<{ modules: string }>();
    const modules = JSON.parse(row!.modules) as Record<string, { enabled: boolean }>;
    modules.vendas!.enabled = false;
    await P("update licence set modules = ? where agency_id = ?", JSON.stringify(modules), A.agency.id).run();
    try {
      expect(ids(await search(A.admin, "theirs2"))).toEqual([]);
      expect((await search(A.admin, "carla compradora")).map((r) => r.kind)).toEqual(["cliente"]);
    } finally {
      await P("update licence set modules = ? where agency_id = ?", row!.modules, A.agency.id).run();
    }
  });
});

describe("hostile queries", () => {
  it("never answers 5xx, whatever the query (FTS5 syntax, quotes, control characters, long)", async () => {
    const fixed = ['"', '""', "a\"b'c", "NEAR(a b)", "abc*", "^abc", "abc OR def", "-abc", "(((", "col:abc", "title:x", "\\", "%_%", "\u0000abc", "🙂🙂🙂", "x".repeat(5000)];
    for (const q of fixed) expect((await appRequest(`/busca?q=${encodeURIComponent(q)}`, { cookie: A.admin })).status, q).toBe(200);
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 80, unit: "binary" }), async (q) => {
        const res = await appRequest(`/busca?q=${encodeURIComponent(q)}`, { cookie: A.agente });
        expect(res.status).toBe(200);
      }),
      { numRuns: Math.min(FUZZ_RUNS, 300) },
    );
  });
});
