/**
 * Agents (Cadastros → Agentes) and boarding points (Cadastros → Locais de
 * Embarque) through the real route table, middleware, loaders and actions, in
 * workerd with the real D1: lists (search, filters, sorts, pages, totals), CSV
 * export, create / update / delete with audit entries and history, stale saves,
 * duplicates, the linked user's rules, deletes refused while referenced, tenant
 * isolation, the palette search, and arbitrary input never breaking the action.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { generateCnpj, generateCpf, mulberry32 } from "~/lib/platform/br-documents";
import type { PageInfo } from "~/lib/kit/list";
import { registerReference } from "~/lib/kit/record.server";
import { appRequest, json } from "./harness";
import { createAgency, createUser, MAR, seedDemo, signIn, SOL } from "./fixtures";
import { FUZZ_RUNS } from "./fuzz";

beforeAll(seedDemo);

const AG = "/cadastros/agentes";
const BP = "/cadastros/embarques";
const rng = mulberry32(77_2026);
const cpf = () => generateCpf(rng);
const cnpj = () => generateCnpj(rng);

type Reply = {
  result?: { status?: string; error?: Record<string, string[] | null> };
  duplicate?: { field: string; name: string; href: string };
  stale?: { version: number; differences: { field: string; value: string }[] };
  saved?: boolean;
  deleteError?: string;
  references?: { count: number; label: string }[];
};
type ListData<R> = { rows: R[]; page: PageInfo; states?: string[] };
type AgentRow = { id: string; name: string; document: string | null; email: string | null; userId: string | null; userName: string | null; commissionRule: string; commissionBps: number };
type PointRow = { id: string; name: string; city: string | null; state: string | null; latitude: number | null; longitude: number | null };

const location = (res: Response) => res.headers.get("Location") ?? "";
const idFrom = (res: Response) => location(res).split("/").pop()!;

const one = <T>(query: string, ...binds: unknown[]) => env.DB.prepare(query).bind(...binds).first<T>();
const countLive = async (table: string, agencyId: string) =>
  (await one<{ n: number }>(`select count(*) as n from ${table} where agency_id = ? and deleted_at is null`, agencyId))!.n;
const countAll = async (table: string) => (await one<{ n: number }>(`select count(*) as n from ${table}`))!.n;
const rowOf = (table: string, id: string) => one<Record<string, unknown>>(`select * from ${table} where id = ?`, id);
const auditOf = async (entityId: string) =>
  (
    await env.DB.prepare("select agency_id, user_id, entity, action, changes from audit_entry where entity_id = ? order by created_at, id")
      .bind(entityId)
      .all<{ agency_id: string; user_id: string; entity: string; action: string; changes: string | null }>()
  ).results.map((a) => ({ ...a, changes: a.changes ? (JSON.parse(a.changes) as Record<string, [unknown, unknown]>) : null }));

async function get<T = Record<string, unknown>>(cookie: string, path: string, status = 200): Promise<T> {
  const res = await appRequest(path, { cookie });
  expect(res.status, path).toBe(status);
  return status === 200 ? json<T>(res) : (null as T);
}
const post = (cookie: string, path: string, form: Record<string, string | string[]>) => appRequest(path, { cookie, form });
async function postReply(cookie: string, path: string, form: Record<string, string | string[]>, status: number) {
  const res = await post(cookie, path, form);
  expect(res.status, `${path} ${JSON.stringify(form).slice(0, 200)}`).toBe(status);
  return json<Reply>(res);
}
const csvOf = async (cookie: string, path: string) => {
  const res = await appRequest(path, { cookie });
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toContain("text/csv");
  return res.text();
};

/** A new agency with an Admin (signed in) and an Agente member. */
async function agencyWithStaff(name?: string) {
  const agency = await createAgency(name);
  const admin = await createUser({ role: "Admin", agencyId: agency.id, name: "Admin da Agência" });
  const seller = await createUser({ role: "Agente", agencyId: agency.id, name: "Vendedora Interna" });
  const sellerCookie = await signIn(seller.email);
  return { agency, admin, seller, cookie: await signIn(admin.email), sellerCookie };
}

const agentForm = (over: Record<string, string | string[]> = {}) => ({
  name: "Carla Revendedora",
  document: "",
  email: "",
  phone: "",
  userId: "",
  commissionRule: "sale_percent",
  commission: "5",
  pixKeyType: "",
  pixKey: "",
  notes: "",
  ...over,
});
const pointForm = (over: Record<string, string | string[]> = {}) => ({
  name: "Rodoviária",
  address: "",
  district: "",
  city: "",
  state: "",
  postalCode: "",
  latitude: "",
  longitude: "",
  reference: "",
  defaultOffsetMinutes: "0",
  ...over,
});

async function createAgent(cookie: string, over: Record<string, string | string[]> = {}) {
  const res = await post(cookie, `${AG}/novo`, agentForm(over));
  expect(res.status, await res.clone().text()).toBe(302);
  expect(location(res)).toMatch(/^\/cadastros\/agentes\/editar\/[A-Za-z0-9_-]+$/);
  return idFrom(res);
}
async function createPoint(cookie: string, over: Record<string, string | string[]> = {}) {
  const res = await post(cookie, `${BP}/novo`, pointForm(over));
  expect(res.status, await res.clone().text()).toBe(302);
  expect(location(res)).toMatch(/^\/cadastros\/embarques\/editar\/[A-Za-z0-9_-]+$/);
  return idFrom(res);
}

describe("the demo seed's agents and boarding points", () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await signIn("admin@sol.example");
  });

  it("lists Sol's agents with the linked user, formatted commission data and no Mar agent", async () => {
    const list = await get<ListData<AgentRow>>(cookie, AG);
    expect(list.page.total).toBe(4);
    expect(list.rows.map((r) => r.name)).toEqual(["Bruno Carvalho Lima", "Cristina Alves Moura", "Figueiredo Viagens e Representações Ltda.", "Patrícia Nogueira Prado"]);
    const bruno = list.rows.find((r) => r.name === "Bruno Carvalho Lima")!;
    expect(bruno).toMatchObject({ userName: "Bruno Carvalho Lima", commissionRule: "sale_percent", commissionBps: 500 });
    expect(list.rows.some((r) => r.name.includes("Tiago"))).toBe(false);
    const internal = await get<ListData<AgentRow>>(cookie, `${AG}?linked=internal`);
    expect(internal.rows.map((r) => r.name)).toEqual(["Bruno Carvalho Lima"]);
    const resellers = await get<ListData<AgentRow>>(cookie, `${AG}?linked=reseller&rule=margin_percent`);
    expect(resellers.rows.map((r) => r.name)).toEqual(["Cristina Alves Moura", "Figueiredo Viagens e Representações Ltda."]);
    expect(resellers.page.total).toBe(2);
  });

  it("lists Sol's boarding points in São Paulo and Campinas, with the state filter of the UFs present", async () => {
    const list = await get<ListData<PointRow>>(cookie, BP);
    expect(list.page.total).toBe(5);
    expect(new Set(list.rows.map((r) => r.city))).toEqual(new Set(["São Paulo", "Campinas"]));
    expect(list.states).toEqual(["SP"]);
    expect(list.rows.every((r) => r.latitude !== null && r.longitude !== null)).toBe(true);
    const saoPaulo = await get<ListData<PointRow>>(cookie, `${BP}?q=sao+paulo`);
    expect(saoPaulo.rows.map((r) => r.name).sort()).toEqual(["Metrô Barra Funda", "Metrô Tatuapé", "Terminal Jabaquara", "Terminal Rodoviário Tietê"]);
    const mar = await get<ListData<PointRow>>(await signIn("admin@mar.example"), `${BP}?state=BA`);
    expect(mar.rows).toHaveLength(5);
    expect(mar.rows.some((r) => r.city === "Feira de Santana")).toBe(true);
  });

  it("finds agents in the command palette, inside the agency only", async () => {
    const res = await get<{ results: { kind: string; title: string; href: string }[] }>(cookie, "/busca?q=cristina");
    expect(res.results).toContainEqual(expect.objectContaining({ kind: "agente", title: "Cristina Alves Moura", href: expect.stringMatching(/^\/cadastros\/agentes\/editar\//) }));
    const mar = await get<{ results: { kind: string; title: string }[] }>(await signIn("admin@mar.example"), "/busca?q=cristina");
    expect(mar.results.filter((r) => r.kind === "agente")).toEqual([]);
  });
});

describe("agents", () => {
  let staff: Awaited<ReturnType<typeof agencyWithStaff>>;
  let other: Awaited<ReturnType<typeof agencyWithStaff>>;
  beforeAll(async () => {
    staff = await agencyWithStaff("Agência dos Agentes");
    other = await agencyWithStaff("Outra Agência");
  });

  it("creates, shows, updates and deletes with audit entries and history", async () => {
    const document = cpf();
    const id = await createAgent(staff.cookie, { name: "Márcia Revendedora", document, commission: "2,5", commissionRule: "margin_percent", pixKeyType: "email", pixKey: "Pix@Marcia.example" });
    const row = await rowOf("agent", id);
    expect(row).toMatchObject({ agency_id: staff.agency.id, name: "Márcia Revendedora", document, commission_bps: 250, commission_rule: "margin_percent", pix_key: "pix@marcia.example", version: 1, created_by: staff.admin.id, user_id: null });
    expect(row!.search_text).toBe(`marcia revendedora ${document}`);
    const [created] = await auditOf(id);
    expect(created).toMatchObject({ agency_id: staff.agency.id, user_id: staff.admin.id, entity: "agent", action: "create" });
    expect(created!.changes).toMatchObject({ name: [null, "Márcia Revendedora"], commissionBps: [null, 250], document: [null, document] });

    const edit = await get<{ values: Record<string, string>; version: number; history: { entries: { action: string }[] }; canDelete: boolean }>(staff.cookie, `${AG}/editar/${id}`);
    expect(edit.values).toMatchObject({ name: "Márcia Revendedora", commission: "2,5", commissionRule: "margin_percent", pixKeyType: "email" });
    expect(edit.version).toBe(1);
    expect(edit.canDelete).toBe(true);
    expect(edit.history.entries.map((e) => e.action)).toEqual(["create"]);

    const saved = await postReply(staff.cookie, `${AG}/editar/${id}`, agentForm({ ...edit.values, commission: "10", userId: staff.seller.id, version: "1" }), 200);
    expect(saved.saved).toBe(true);
    expect(await rowOf("agent", id)).toMatchObject({ commission_bps: 1000, user_id: staff.seller.id, version: 2 });
    const updated = (await auditOf(id))[1]!;
    expect(updated.action).toBe("update");
    expect(updated.changes).toEqual({ commissionBps: [250, 1000], userId: [null, staff.seller.id] });
    const history = await get<{ history: { entries: { action: string; changes: Record<string, unknown> | null }[] } }>(staff.cookie, `${AG}/editar/${id}`);
    expect(history.history.entries.map((e) => e.action)).toEqual(["update", "create"]);

    // The list shows the linked user's name; the edit screen offers the agency's active members only.
    const list = await get<ListData<AgentRow>>(staff.cookie, `${AG}?linked=internal`);
    expect(list.rows).toEqual([expect.objectContaining({ id, userName: "Vendedora Interna", commissionBps: 1000 })]);
    const form = await get<{ members: { id: string }[] }>(staff.cookie, `${AG}/novo`);
    expect(form.members.map((m) => m.id).sort()).toEqual([staff.admin.id, staff.seller.id].sort());

    // An Agente may edit but not delete.
    const forbidden = await postReply(staff.sellerCookie, `${AG}/editar/${id}`, { intent: "delete" }, 403);
    expect(forbidden.deleteError).toBe("records.delete.forbidden");
    expect((await rowOf("agent", id))!.deleted_at).toBeNull();

    const deleted = await post(staff.cookie, `${AG}/editar/${id}`, { intent: "delete" });
    expect(deleted.status).toBe(302);
    expect(location(deleted)).toBe(AG);
    expect((await rowOf("agent", id))!.deleted_at).not.toBeNull();
    expect((await auditOf(id)).map((a) => a.action)).toEqual(["create", "update", "delete"]);
    await get(staff.cookie, `${AG}/editar/${id}`, 404);
    // The document and the user are free again.
    await createAgent(staff.cookie, { name: "Márcia de Novo", document, userId: staff.seller.id });
  });

  it("refuses a stale version and changes nothing", async () => {
    const id = await createAgent(staff.cookie, { name: "Estela Antiga" });
    await postReply(staff.cookie, `${AG}/editar/${id}`, agentForm({ name: "Estela Nova", version: "1" }), 200);
    const before = await rowOf("agent", id);
    const audits = (await auditOf(id)).length;
    const stale = await postReply(staff.cookie, `${AG}/editar/${id}`, agentForm({ name: "Estela Perdida", commission: "7", version: "1" }), 409);
    expect(stale.stale?.version).toBe(2);
    expect(stale.stale?.differences).toEqual(expect.arrayContaining([{ field: "name", value: "Estela Nova" }, { field: "commission", value: "5" }]));
    expect(await rowOf("agent", id)).toEqual(before);
    expect(await auditOf(id)).toHaveLength(audits);
  });

  it("refuses a CPF/CNPJ already in use, naming the agent", async () => {
    const document = cnpj();
    const id = await createAgent(staff.cookie, { name: "Representações Alfa Ltda.", document });
    const count = await countLive("agent", staff.agency.id);
    const dup = await postReply(staff.cookie, `${AG}/novo`, agentForm({ name: "Outro", document: document.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, "$1.$2.$3/$4-$5") }), 409);
    expect(dup.duplicate).toEqual({ field: "document", name: "Representações Alfa Ltda.", href: `${AG}/editar/${id}` });
    expect(dup.result?.error?.document).toEqual(["records.errors.duplicate.document"]);
    expect(await countLive("agent", staff.agency.id)).toBe(count);
    // Another agency may have an agent with the same document.
    await createAgent(other.cookie, { name: "Alfa na Outra", document });
    // Editing another agent to that document is refused too.
    const second = await createAgent(staff.cookie, { name: "Beta" });
    const before = await rowOf("agent", second);
    const dupEdit = await postReply(staff.cookie, `${AG}/editar/${second}`, agentForm({ name: "Beta", document, version: "1" }), 409);
    expect(dupEdit.duplicate?.name).toBe("Representações Alfa Ltda.");
    expect(await rowOf("agent", second)).toEqual(before);
  });

  it("links a user of the agency to one live agent only, never another agency's user or an inactive one", async () => {
    const member = await createUser({ role: "Agente", agencyId: staff.agency.id, name: "Rafael Vendedor" });
    const id = await createAgent(staff.cookie, { name: "Rafael Vendedor", userId: member.id });
    const count = await countLive("agent", staff.agency.id);

    const dup = await postReply(staff.cookie, `${AG}/novo`, agentForm({ name: "Rafael de Novo", userId: member.id }), 409);
    expect(dup.duplicate).toEqual({ field: "userId", name: "Rafael Vendedor", href: `${AG}/editar/${id}` });
    expect(dup.result?.error?.userId).toEqual(["records.errors.duplicate.userId"]);

    const foreign = await postReply(staff.cookie, `${AG}/novo`, agentForm({ name: "Intruso", userId: other.seller.id }), 400);
    expect(foreign.result?.error?.userId).toEqual(["agents.errors.userNotMember"]);
    const unknown = await postReply(staff.cookie, `${AG}/novo`, agentForm({ name: "Fantasma", userId: "no-such-user" }), 400);
    expect(unknown.result?.error?.userId).toEqual(["agents.errors.userNotMember"]);
    const superAdmin = await postReply(staff.cookie, `${AG}/novo`, agentForm({ name: "Super", userId: "0190a000-0000-7000-8000-000000000101" }), 400);
    expect(superAdmin.result?.error?.userId).toEqual(["agents.errors.userNotMember"]);

    const leaver = await createUser({ role: "Agente", agencyId: staff.agency.id, name: "Ex Funcionária" });
    const linked = await createAgent(staff.cookie, { name: "Ex Funcionária", userId: leaver.id });
    await env.DB.prepare("update profile set active = 0 where id = ?").bind(leaver.id).run();
    const inactive = await postReply(staff.cookie, `${AG}/novo`, agentForm({ name: "Outra", userId: leaver.id }), 400);
    expect(inactive.result?.error?.userId).toEqual(["agents.errors.userNotMember"]);
    // The agent already linked to the deactivated user still saves, and its form still lists the user.
    const edit = await get<{ members: { id: string; active: boolean }[] }>(staff.cookie, `${AG}/editar/${linked}`);
    expect(edit.members).toContainEqual(expect.objectContaining({ id: leaver.id, active: false }));
    expect((await get<{ members: { id: string }[] }>(staff.cookie, `${AG}/novo`)).members.map((m) => m.id)).not.toContain(leaver.id);
    await postReply(staff.cookie, `${AG}/editar/${linked}`, agentForm({ name: "Ex Funcionária", userId: leaver.id, notes: "saiu", version: "1" }), 200);
    expect(await countLive("agent", staff.agency.id)).toBe(count + 1);
  });

  it("validates the commission and the Pix key per type", async () => {
    const count = await countAll("agent");
    const bad = async (over: Record<string, string>, field: string, key: string) => {
      const reply = await postReply(staff.cookie, `${AG}/novo`, agentForm(over), 400);
      expect(reply.result?.error?.[field]).toEqual([key]);
    };
    await bad({ commission: "101" }, "commission", "registers.errors.percent");
    await bad({ commission: "2,555" }, "commission", "registers.errors.percent");
    await bad({ document: "123.456.789-00" }, "document", "registers.errors.cpf");
    await bad({ document: "11.222.333/0001-00" }, "document", "registers.errors.cnpj");
    await bad({ pixKeyType: "cpf", pixKey: "123.456.789-00" }, "pixKey", "registers.errors.pixKey");
    await bad({ pixKeyType: "random", pixKey: "not-a-uuid" }, "pixKey", "registers.errors.pixKey");
    await bad({ pixKeyType: "phone", pixKey: "123" }, "pixKey", "registers.errors.pixKey");
    await bad({ pixKey: "x@y.example" }, "pixKeyType", "agents.errors.pixKeyType");
    expect(await countAll("agent")).toBe(count);
    const id = await createAgent(staff.cookie, { name: "Pix Aleatório", pixKeyType: "random", pixKey: "123E4567-E89B-42D3-A456-426614174000", commission: "0,5" });
    expect(await rowOf("agent", id)).toMatchObject({ pix_key: "123e4567-e89b-42d3-a456-426614174000", commission_bps: 50 });
    const phone = await createAgent(staff.cookie, { name: "Pix Telefone", pixKeyType: "phone", pixKey: "(11) 91234-5678" });
    expect(await rowOf("agent", phone)).toMatchObject({ pix_key: "+5511912345678" });
  });

  it("refuses a delete while the agent is referenced", async () => {
    const id = await createAgent(staff.cookie, { name: "Agente Com Vendas" });
    const unregister = registerReference("agent", async (_db, agencyId, refId) => (agencyId === staff.agency.id && refId === id ? { count: 3, label: "registers.fields.tags" } : null));
    try {
      const reply = await postReply(staff.cookie, `${AG}/editar/${id}`, { intent: "delete" }, 409);
      expect(reply.deleteError).toBe("records.delete.referenced");
      expect(reply.references).toEqual([{ count: 3, label: "registers.fields.tags" }]);
      expect(await rowOf("agent", id)).toMatchObject({ deleted_at: null, version: 1 });
      expect((await auditOf(id)).map((a) => a.action)).toEqual(["create"]);
    } finally {
      unregister();
    }
    expect((await post(staff.cookie, `${AG}/editar/${id}`, { intent: "delete" })).status).toBe(302);
    expect((await rowOf("agent", id))!.deleted_at).not.toBeNull();
  });

  it("answers a delete with a redirect to the list", async () => {
    const id = await createAgent(staff.cookie, { name: "Agente a Excluir" });
    const deleted = await post(staff.cookie, `${AG}/editar/${id}`, { intent: "delete" });
    expect(deleted.status).toBe(302);
    expect(location(deleted)).toBe(AG);
    expect((await rowOf("agent", id))!.deleted_at).not.toBeNull();
  });

  it("keeps every route inside the agency", async () => {
    const mine = await createAgent(staff.cookie, { name: "Zuleica Exclusiva", email: "zuleica@example.com", document: cpf(), commissionRule: "margin_percent" });
    const before = await rowOf("agent", mine);
    const audits = (await auditOf(mine)).length;
    const count = await countAll("agent");
    // Another agency's session: 404 for the id on every route, nothing written.
    await get(other.cookie, `${AG}/editar/${mine}`, 404);
    expect((await post(other.cookie, `${AG}/editar/${mine}`, agentForm({ name: "Roubada", version: "1" }))).status).toBe(404);
    expect((await post(other.cookie, `${AG}/editar/${mine}`, { intent: "delete" })).status).toBe(404);
    expect((await post(other.cookie, `${AG}/editar/${mine}?historico=x`, agentForm({ name: "Roubada", version: String(before!.version) }))).status).toBe(404);
    expect(await rowOf("agent", mine)).toEqual(before);
    expect(await auditOf(mine)).toHaveLength(audits);
    expect(await countAll("agent")).toBe(count);
    // Lists, searches, filters, sorts, pages and the CSV of the other agency show none of its rows.
    for (const query of ["", "?q=zuleica", "?q=zuleica%40example.com", `?q=${before!.document as string}`, "?rule=margin_percent", "?linked=reseller", "?sort=createdAt&dir=desc", "?size=100"]) {
      const list = await get<ListData<AgentRow>>(other.cookie, `${AG}${query}`);
      expect(list.rows.map((r) => r.id), query).not.toContain(mine);
      const csv = await csvOf(other.cookie, `${AG}/exportar${query}`);
      expect(csv, query).not.toContain("Zuleica");
    }
    expect((await get<{ results: { id: string }[] }>(other.cookie, "/busca?q=zuleica")).results).toEqual([]);
    // The owner does see it everywhere.
    expect((await get<ListData<AgentRow>>(staff.cookie, `${AG}?q=zuleica`)).rows.map((r) => r.id)).toEqual([mine]);
    expect(await csvOf(staff.cookie, `${AG}/exportar?q=zuleica`)).toContain("Zuleica Exclusiva");
  });

  it("searches accent-insensitively, filters, sorts, pages and exports the filter", async () => {
    const { cookie, agency } = await agencyWithStaff("Agência das Listas");
    await createAgent(cookie, { name: "João Conceição", email: "joao@example.com" });
    const ids: string[] = [];
    for (let i = 0; i < 28; i++) {
      ids.push(await createAgent(cookie, { name: `Agente ${String(i).padStart(2, "0")}`, commissionRule: i % 2 ? "margin_percent" : "sale_percent", commission: String(i) }));
    }
    expect((await get<ListData<AgentRow>>(cookie, `${AG}?q=joao+conceicao`)).rows.map((r) => r.name)).toEqual(["João Conceição"]);
    expect((await get<ListData<AgentRow>>(cookie, `${AG}?q=JOÃO`)).rows.map((r) => r.name)).toEqual(["João Conceição"]);

    const first = await get<ListData<AgentRow>>(cookie, AG);
    expect(first.page.total).toBe(29);
    expect(await countLive("agent", agency.id)).toBe(29);
    expect(first.rows).toHaveLength(25);
    expect(first.rows[0]!.name).toBe("Agente 00");
    expect(first.page.prev).toBeNull();
    const second = await get<ListData<AgentRow>>(cookie, `${AG}?after=${first.page.next}`);
    expect(second.rows.map((r) => r.name)).toEqual(["Agente 25", "Agente 26", "Agente 27", "João Conceição"]);
    expect(second.page.next).toBeNull();
    const back = await get<ListData<AgentRow>>(cookie, `${AG}?before=${second.page.prev}`);
    expect(back.rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id));

    const margin = await get<ListData<AgentRow>>(cookie, `${AG}?rule=margin_percent&sort=createdAt&dir=desc&size=50`);
    expect(margin.page.total).toBe(14);
    expect(margin.rows[0]!.name).toBe("Agente 27");
    expect(margin.rows.every((r) => r.commissionRule === "margin_percent")).toBe(true);

    const csv = await csvOf(cookie, `${AG}/exportar?rule=margin_percent`);
    const lines = csv.replace(/^\uFEFF/, "").trim().split(/\r\n/);
    expect(lines[0]).toBe("name;document;email;phone;linkedUser;linkedUserEmail;commissionRule;commissionPercent;pixKeyType;pixKey;notes");
    expect(lines).toHaveLength(15);
    expect(lines[1]).toContain("Agente 01;");
    expect(lines[1]).toContain(";margin_percent;1;");
    // Malformed list params are dropped, never an error.
    await get(cookie, `${AG}?rule=bogus&linked=x&sort=nope&dir=up&size=7&after=%%%`);
  });

  it("never answers 5xx to arbitrary input, and a refused save changes nothing", async () => {
    const { cookie, agency, seller } = await agencyWithStaff("Agência Propriedade");
    const id = await createAgent(cookie, { name: "Alvo Fixo" });
    const taken = cpf();
    await createAgent(cookie, { name: "Dono do CPF", document: taken });
    const huge = "ã".repeat(50_000);
    const text = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: "binary", maxLength: 60 }),
      fc.constantFrom("", " ", huge, "5", "2,5", "100", "-1", "1e3", "NaN", taken, "123.456.789-09", seller.id, "sale_percent", "margin_percent", "cpf", "random", "email", "a@b.co", "(11) 91234-5678", "0", "1", "2", "99999999999999999999"),
    );
    const value = fc.oneof(text, fc.array(text, { minLength: 2, maxLength: 3 }));
    const fields = fc.dictionary(fc.constantFrom("name", "document", "email", "phone", "userId", "commissionRule", "commission", "pixKeyType", "pixKey", "notes", "version"), value);
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fields, async (isNew, form) => {
        const before = await rowOf("agent", id);
        const count = await countLive("agent", agency.id);
        const res = await post(cookie, isNew ? `${AG}/novo` : `${AG}/editar/${id}`, form);
        expect(res.status).toBeLessThan(500);
        const success = isNew ? res.status === 302 : res.status === 200 && (await json<Reply>(res.clone())).saved === true;
        if (!success) {
          expect(await countLive("agent", agency.id)).toBe(count);
          expect(await rowOf("agent", id)).toEqual(before);
        } else if (!isNew) {
          expect(await countLive("agent", agency.id)).toBe(count);
        }
      }),
      { numRuns: FUZZ_RUNS },
    );
  }, 240_000);
});

describe("boarding points", () => {
  let staff: Awaited<ReturnType<typeof agencyWithStaff>>;
  let other: Awaited<ReturnType<typeof agencyWithStaff>>;
  beforeAll(async () => {
    staff = await agencyWithStaff("Agência dos Embarques");
    other = await agencyWithStaff("Outra dos Embarques");
  });

  it("creates, shows, updates and deletes with audit entries, history and the map link", async () => {
    const id = await createPoint(staff.cookie, {
      name: "Praça da Sé",
      address: "Praça da Sé, s/n",
      district: "Sé",
      city: "São Paulo",
      state: "sp",
      postalCode: "01001-000",
      latitude: "-23,5503",
      longitude: "-46,6339",
      reference: "Em frente à catedral",
      defaultOffsetMinutes: "15",
    });
    expect(await rowOf("boarding_point", id)).toMatchObject({ agency_id: staff.agency.id, state: "SP", postal_code: "01001000", latitude: -23.5503, longitude: -46.6339, default_offset_minutes: 15, search_text: "praca da se praca da se, s/n se sao paulo", version: 1 });
    const [created] = await auditOf(id);
    expect(created).toMatchObject({ entity: "boarding_point", action: "create", user_id: staff.admin.id });
    expect(created!.changes).toMatchObject({ latitude: [null, -23.5503], city: [null, "São Paulo"] });

    const edit = await get<{ values: Record<string, string>; map: string | null; history: { entries: { action: string }[] } }>(staff.cookie, `${BP}/editar/${id}`);
    expect(edit.values).toMatchObject({ postalCode: "01001-000", latitude: "-23.5503", longitude: "-46.6339", defaultOffsetMinutes: "15" });
    expect(edit.map).toBe("https://www.openstreetmap.org/?mlat=-23.5503&mlon=-46.6339#map=17/-23.5503/-46.6339");
    expect(edit.history.entries.map((e) => e.action)).toEqual(["create"]);

    const saved = await postReply(staff.cookie, `${BP}/editar/${id}`, pointForm({ ...edit.values, latitude: "", longitude: "", defaultOffsetMinutes: "20", version: "1" }), 200);
    expect(saved.saved).toBe(true);
    expect(await rowOf("boarding_point", id)).toMatchObject({ latitude: null, longitude: null, default_offset_minutes: 20, version: 2 });
    expect((await auditOf(id))[1]!.changes).toEqual({ latitude: [-23.5503, null], longitude: [-46.6339, null], defaultOffsetMinutes: [15, 20] });
    const after = await get<{ map: string | null; history: { entries: { action: string }[] } }>(staff.cookie, `${BP}/editar/${id}`);
    expect(after.map).toBeNull();
    expect(after.history.entries.map((e) => e.action)).toEqual(["update", "create"]);

    expect((await post(staff.sellerCookie, `${BP}/editar/${id}`, { intent: "delete" })).status).toBe(403);
    const deleted = await post(staff.cookie, `${BP}/editar/${id}`, { intent: "delete" });
    expect(deleted.status).toBe(302);
    expect(location(deleted)).toBe(BP);
    expect((await rowOf("boarding_point", id))!.deleted_at).not.toBeNull();
    expect((await auditOf(id)).map((a) => a.action)).toEqual(["create", "update", "delete"]);
    await get(staff.cookie, `${BP}/editar/${id}`, 404);
  });

  it("validates coordinates in pairs and in range, the CEP, the UF and the offset", async () => {
    const count = await countAll("boarding_point");
    const bad = async (over: Record<string, string>, field: string, key: string) => {
      const reply = await postReply(staff.cookie, `${BP}/novo`, pointForm(over), 400);
      expect(reply.result?.error?.[field]).toEqual([key]);
    };
    await bad({ latitude: "-23,5" }, "longitude", "boardingPoints.errors.coordinatesPair");
    await bad({ longitude: "-46,5" }, "latitude", "boardingPoints.errors.coordinatesPair");
    await bad({ latitude: "-91", longitude: "0" }, "latitude", "registers.errors.latitude");
    await bad({ latitude: "0", longitude: "181" }, "longitude", "registers.errors.longitude");
    await bad({ postalCode: "123" }, "postalCode", "registers.errors.cep");
    await bad({ state: "ZZ" }, "state", "registers.errors.state");
    await bad({ defaultOffsetMinutes: "1441" }, "defaultOffsetMinutes", "registers.errors.number");
    await bad({ name: "" }, "name", "validation.required");
    expect(await countAll("boarding_point")).toBe(count);
  });

  it("refuses a stale version and changes nothing", async () => {
    const id = await createPoint(staff.cookie, { name: "Ponto Antigo" });
    await postReply(staff.cookie, `${BP}/editar/${id}`, pointForm({ name: "Ponto Novo", version: "1" }), 200);
    const before = await rowOf("boarding_point", id);
    const stale = await postReply(staff.cookie, `${BP}/editar/${id}`, pointForm({ name: "Ponto Perdido", version: "1" }), 409);
    expect(stale.stale).toEqual({ version: 2, differences: [{ field: "name", value: "Ponto Novo" }] });
    expect(await rowOf("boarding_point", id)).toEqual(before);
    expect(await auditOf(id)).toHaveLength(2);
  });

  it("refuses a delete while the point is referenced", async () => {
    const id = await createPoint(staff.cookie, { name: "Ponto Com Excursões" });
    const unregister = registerReference("boarding_point", async (_db, _agencyId, refId) => (refId === id ? { count: 2, label: "menu.servicos.excursoes.title" } : null));
    try {
      const reply = await postReply(staff.cookie, `${BP}/editar/${id}`, { intent: "delete" }, 409);
      expect(reply.references).toEqual([{ count: 2, label: "menu.servicos.excursoes.title" }]);
      expect(await rowOf("boarding_point", id)).toMatchObject({ deleted_at: null, version: 1 });
    } finally {
      unregister();
    }
  });

  it("keeps every route inside the agency", async () => {
    const mine = await createPoint(staff.cookie, { name: "Ponto Secreto Xyzzy", city: "Florianópolis", state: "SC" });
    const before = await rowOf("boarding_point", mine);
    const count = await countAll("boarding_point");
    await get(other.cookie, `${BP}/editar/${mine}`, 404);
    expect((await post(other.cookie, `${BP}/editar/${mine}`, pointForm({ name: "Roubado", version: "1" }))).status).toBe(404);
    expect((await post(other.cookie, `${BP}/editar/${mine}`, { intent: "delete" })).status).toBe(404);
    expect(await rowOf("boarding_point", mine)).toEqual(before);
    expect(await countAll("boarding_point")).toBe(count);
    const theirs = await get<ListData<PointRow>>(other.cookie, BP);
    expect(theirs.states).toEqual([]);
    for (const query of ["", "?q=xyzzy", "?q=florianopolis", "?state=SC", "?sort=createdAt&dir=desc", "?size=100"]) {
      const list = await get<ListData<PointRow>>(other.cookie, `${BP}${query}`);
      expect(list.rows.map((r) => r.id), query).not.toContain(mine);
      expect(await csvOf(other.cookie, `${BP}/exportar${query}`), query).not.toContain("Xyzzy");
    }
    expect((await get<ListData<PointRow>>(staff.cookie, `${BP}?q=florianopolis`)).rows.map((r) => r.id)).toEqual([mine]);
    expect((await get<ListData<PointRow>>(staff.cookie, BP)).states).toContain("SC");
  });

  it("searches accent-insensitively, filters by state, sorts, pages and exports", async () => {
    const { cookie } = await agencyWithStaff("Agência de Pontos");
    await createPoint(cookie, { name: "Estação da Luz", city: "São Paulo", state: "SP", latitude: "-23,5349", longitude: "-46,6353", defaultOffsetMinutes: "90" });
    await createPoint(cookie, { name: "Mercado Modelo", city: "Salvador", state: "BA" });
    for (let i = 0; i < 25; i++) await createPoint(cookie, { name: `Parada ${String(i).padStart(2, "0")}`, city: "Campinas", state: "SP" });
    expect((await get<ListData<PointRow>>(cookie, `${BP}?q=sao+paulo`)).rows.map((r) => r.name)).toEqual(["Estação da Luz"]);
    expect((await get<ListData<PointRow>>(cookie, `${BP}?q=estacao`)).rows.map((r) => r.name)).toEqual(["Estação da Luz"]);
    const ba = await get<ListData<PointRow>>(cookie, `${BP}?state=BA`);
    expect(ba.rows.map((r) => r.name)).toEqual(["Mercado Modelo"]);
    expect(ba.states).toEqual(["BA", "SP"]);
    const first = await get<ListData<PointRow>>(cookie, BP);
    expect(first.page.total).toBe(27);
    expect(first.rows).toHaveLength(25);
    const second = await get<ListData<PointRow>>(cookie, `${BP}?after=${first.page.next}`);
    expect(second.rows.map((r) => r.name)).toEqual(["Parada 23", "Parada 24"]);
    const newest = await get<ListData<PointRow>>(cookie, `${BP}?sort=createdAt&dir=desc&size=50`);
    expect(newest.rows[0]!.name).toBe("Parada 24");
    expect(newest.rows).toHaveLength(27);
    const csv = (await csvOf(cookie, `${BP}/exportar?q=luz`)).replace(/^\uFEFF/, "").trim().split(/\r\n/);
    expect(csv).toHaveLength(2);
    expect(csv[0]).toBe("name;address;district;city;state;postalCode;latitude;longitude;reference;defaultOffsetMinutes");
    // csv.server.ts escapes formulae: a cell starting with "-" (a negative coordinate) currently gets a leading "'".
    expect(csv[1]).toMatch(/^Estação da Luz;;;São Paulo;SP;;"?'?-23\.5349"?;"?'?-46\.6353"?;;90$/);
    await get(cookie, `${BP}?state=XX&sort=city&after=abc`);
  });

  it("never answers 5xx to arbitrary input, and a refused save changes nothing", async () => {
    const { cookie, agency } = await agencyWithStaff("Agência Propriedade Pontos");
    const id = await createPoint(cookie, { name: "Alvo Fixo" });
    const huge = "é".repeat(50_000);
    const text = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: "binary", maxLength: 60 }),
      fc.constantFrom("", " ", huge, "-23,5", "-46.6", "90", "-180", "181", "0", "1", "2", "1440", "1441", "SP", "sp", "01001-000", "NaN", "Infinity", "1e3", "99999999999999999999"),
    );
    const value = fc.oneof(text, fc.array(text, { minLength: 2, maxLength: 3 }));
    const fields = fc.dictionary(fc.constantFrom("name", "address", "district", "city", "state", "postalCode", "latitude", "longitude", "reference", "defaultOffsetMinutes", "version"), value);
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fields, async (isNew, form) => {
        const before = await rowOf("boarding_point", id);
        const count = await countLive("boarding_point", agency.id);
        const res = await post(cookie, isNew ? `${BP}/novo` : `${BP}/editar/${id}`, form);
        expect(res.status).toBeLessThan(500);
        const success = isNew ? res.status === 302 : res.status === 200 && (await json<Reply>(res.clone())).saved === true;
        if (!success) {
          expect(await countLive("boarding_point", agency.id)).toBe(count);
          expect(await rowOf("boarding_point", id)).toEqual(before);
        }
      }),
      { numRuns: FUZZ_RUNS },
    );
  }, 240_000);
});

describe("both registers for Mar's session", () => {
  it("never show Sol's seeded rows", async () => {
    const cookie = await signIn("admin@mar.example");
    const agents = await get<ListData<AgentRow>>(cookie, `${AG}?size=100`);
    expect(agents.rows.length).toBe(3);
    const solAgent = await one<{ id: string }>("select id from agent where agency_id = ? limit 1", SOL.id);
    await get(cookie, `${AG}/editar/${solAgent!.id}`, 404);
    const points = await get<ListData<PointRow>>(cookie, `${BP}?size=100`);
    expect(points.rows.every((r) => r.state === "BA")).toBe(true);
    const solPoint = await one<{ id: string }>("select id from boarding_point where agency_id = ? limit 1", SOL.id);
    await get(cookie, `${BP}/editar/${solPoint!.id}`, 404);
    expect(await csvOf(cookie, `${BP}/exportar`)).not.toContain("Tatuapé");
    expect(MAR.slug).toBe("mar-turismo");
  });
});
