/**
 * Contract templates (Contratos → Modelos, issue #17) through the real route
 * table, middleware, loaders and actions on the local D1:
 *  - create writes the template, its version 1 and the audit row; an edit of
 *    the text writes version 2 and leaves version 1 as it was; a change of kind
 *    or default only writes no version; an unchanged save writes nothing;
 *  - one default per agency and kind: marking one takes the mark from the other;
 *  - a body that is not the editor's document (unknown node, unknown merge
 *    field, not JSON, huge) is a 400 with a field error and nothing written;
 *  - stale saves, soft delete (a template a contract points at stays);
 *  - roles (an Agente reads and previews, may not change), no session,
 *    another agency's template and sale (404 everywhere, nothing changed);
 *  - the preview's sales and merge values; the default templates of the demo
 *    agencies and of a newly created agency; a fuzzed form never 5xx and
 *    writes nothing unless saved.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_TEMPLATES } from "~/lib/contracts/default-templates";
import type { TemplateDoc } from "~/lib/contracts/document";
import { appRequest, json } from "./harness";
import { createAgency, createUser, DEMO_AGENCIES, seedDemo, signIn } from "./fixtures";
import { FUZZ_RUNS } from "./fuzz";

beforeAll(seedDemo);

const LIST = "/contratos/modelos";
const NEW = `${LIST}/novo`;
const PREVIEW = `${LIST}/pre-visualizar`;
const editPath = (id: string) => `${LIST}/editar/${id}`;

type Reply = {
  result?: { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> | null };
  stale?: { version: number; differences: { field: string; value: string }[] };
  saved?: boolean;
  deleteError?: string;
  toast?: { title: string };
};
type ListRow = { id: string; name: string; language: string; saleKind: string; isDefault: boolean; currentVersion: number };
type EditData = {
  values: { name: string; language: string; saleKind: string; isDefault: string; body: string };
  version: number;
  canManage: boolean;
  canDelete: boolean;
  currentVersion: number;
  versions: { number: number; name: string; who: string | null }[];
};

const doc = (...texts: string[]): TemplateDoc => ({
  type: "doc",
  content: texts.map((text) => ({ type: "paragraph", content: [{ type: "text", text }, { type: "mergeField", attrs: { key: "client.name" } }] })),
});
const body = (...texts: string[]) => JSON.stringify(doc(...texts));
const templateForm = (over: Record<string, string> = {}) => ({ name: "Contrato simples", language: "pt", saleKind: "any", body: body("Contratante: "), ...over });

const location = (res: Response) => res.headers.get("Location") ?? "";
const one = <T>(query: string, ...binds: unknown[]) => env.DB.prepare(query).bind(...binds).first<T>();
const all = async <T>(query: string, ...binds: unknown[]) => (await env.DB.prepare(query).bind(...binds).all<T>()).results;
const templateRow = (id: string) => one<Record<string, unknown>>("select * from contract_template where id = ?", id);
const versionRows = (id: string) => all<Record<string, unknown>>("select * from contract_template_version where template_id = ? order by number", id);
const countOf = async (table: string, agencyId: string) => (await one<{ n: number }>(`select count(*) as n from ${table} where agency_id = ?`, agencyId))!.n;
const auditOf = async (id: string) =>
  (await all<{ action: string; user_id: string | null; changes: string | null }>("select action, user_id, changes from audit_entry where entity_id = ? order by created_at, id", id)).map((a) => ({
    ...a,
    changes: a.changes ? (JSON.parse(a.changes) as Record<string, [unknown, unknown]>) : null,
  }));
const liveDefaults = (agencyId: string, kind: string) =>
  all<{ id: string }>("select id from contract_template where agency_id = ? and sale_kind = ? and is_default = 1 and deleted_at is null", agencyId, kind);

async function get<T = Record<string, unknown>>(cookie: string, path: string, status = 200): Promise<T> {
  const res = await appRequest(path, { cookie });
  expect(res.status, path).toBe(status);
  return status === 200 ? json<T>(res) : (null as T);
}
async function post(cookie: string, path: string, form: Record<string, string>, status: number): Promise<Reply> {
  const res = await appRequest(path, { cookie, form });
  expect(res.status, `${path} ${JSON.stringify(form).slice(0, 200)}`).toBe(status);
  return res.headers.get("Content-Type")?.includes("json") ? json<Reply>(res) : {};
}
async function createTemplate(cookie: string, over: Record<string, string> = {}) {
  const res = await appRequest(NEW, { cookie, form: templateForm(over) });
  expect(res.status, await res.clone().text()).toBe(302);
  expect(location(res)).toMatch(/^\/contratos\/modelos\/editar\/[A-Za-z0-9_-]+$/);
  return location(res).split("/").pop()!;
}

/** A new agency with an Admin and an Agente (signed in). */
async function world(name = `Ag ${uuidv7().slice(-6)}`) {
  const agency = await createAgency(name);
  const admin = await createUser({ role: "Admin", agencyId: agency.id, name: `Admin ${name}` });
  const agente = await createUser({ role: "Agente", agencyId: agency.id, name: `Agente ${name}` });
  return { agency, admin, agente, cookie: await signIn(admin.email), agenteCookie: await signIn(agente.email) };
}

/** A client, an agent and a draft emissivo sale of the agency (owned by `ownerUserId`). */
async function saleOf(agencyId: string, ownerUserId: string | null, clientName: string, number: number, status = "draft") {
  const t = new Date().toISOString();
  const ids = { client: uuidv7(), agent: uuidv7(), sale: uuidv7() };
  const P = (q: string, ...v: unknown[]) => env.DB.prepare(q).bind(...v);
  const search = `${number} ${clientName.toLowerCase()}`;
  await env.DB.batch([
    P("insert into client (id, agency_id, name, search_text, created_at, updated_at) values (?, ?, ?, ?, ?, ?)", ids.client, agencyId, clientName, clientName.toLowerCase(), t, t),
    P("insert into agent (id, agency_id, name, created_at, updated_at) values (?, ?, 'Vendedor', ?, ?)", ids.agent, agencyId, t, t),
    P(
      "insert into sale (id, agency_id, number, kind, status, client_id, agent_id, owner_user_id, sale_date, currency, search_text, created_at, updated_at) values (?, ?, ?, 'emissivo', ?, ?, ?, ?, '2026-11-20', 'BRL', ?, ?, ?)",
      ids.sale,
      agencyId,
      number,
      status,
      ids.client,
      ids.agent,
      ownerUserId,
      search,
      t,
      t,
    ),
  ]);
  return ids;
}

describe("the default templates", () => {
  it("exist for each demo agency: excursion and emissivo, Portuguese, default, version 1", async () => {
    for (const a of DEMO_AGENCIES) {
      const rows = await all<{ id: string; name: string; sale_kind: string; language: string; is_default: number; current_version: number }>(
        "select id, name, sale_kind, language, is_default, current_version from contract_template where agency_id = ? and is_default = 1 and deleted_at is null order by sale_kind",
        a.id,
      );
      expect(rows.map((r) => [r.sale_kind, r.language, r.current_version])).toEqual([
        ["emissivo", "pt", 1],
        ["excursion", "pt", 1],
      ]);
      for (const r of rows) expect((await versionRows(r.id)).map((v) => v.number)).toEqual([1]);
    }
    const list = await get<{ rows: ListRow[] }>(await signIn("admin@sol.example"), LIST);
    expect(list.rows.map((r) => r.name)).toEqual(expect.arrayContaining(["Contrato de excursão", "Contrato de viagem — emissivo"]));
  });

  it("are created with a new agency (licence management), each with its version 1 and audit row", async () => {
    const superCookie = await signIn("super@rota.example");
    // A SuperAdmin works inside an agency (any) to reach licence management.
    expect((await appRequest("/selecionar-agencia", { cookie: superCookie, form: { agencyId: DEMO_AGENCIES[0].id, redirectTo: "/dashboard" } })).status).toBe(302);
    const slug = `modelos-${crypto.randomUUID().slice(0, 8)}`;
    const res = await appRequest("/sistema/license-management/new", {
      cookie: superCookie,
      form: { name: "Agência Nova de Modelos", legalName: "", cnpj: "", slug, timeZone: "America/Sao_Paulo", currency: "BRL", plan: "standard", adminName: "Admin Nova", adminEmail: `admin-${slug}@nova.example`, adminLocale: "pt" },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const created = await json<{ created: { id: string } }>(res);
    const agencyId = created.created.id;
    const rows = await all<{ id: string; name: string; sale_kind: string; is_default: number; body: string; current_version: number }>(
      "select id, name, sale_kind, is_default, body, current_version from contract_template where agency_id = ? order by sale_kind desc",
      agencyId,
    );
    expect(rows.map((r) => [r.name, r.sale_kind, r.is_default, r.current_version])).toEqual(DEFAULT_TEMPLATES.map((t) => [t.name, t.saleKind, 1, 1]));
    for (const r of rows) {
      expect(JSON.parse(r.body)).toEqual(DEFAULT_TEMPLATES.find((t) => t.saleKind === r.sale_kind)!.body);
      expect((await versionRows(r.id)).map((v) => [v.number, v.name])).toEqual([[1, r.name]]);
      expect((await auditOf(r.id)).map((a) => a.action)).toEqual(["create"]);
    }
  });
});

describe("contract templates", () => {
  let w: Awaited<ReturnType<typeof world>>;
  let other: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    w = await world("Agência dos Modelos");
    other = await world("Outra dos Modelos");
  }, 60_000);

  it("creates a template with its version 1 and the audit row, and lists, filters and exports it", async () => {
    const id = await createTemplate(w.cookie, { name: "Contrato de Hospedagem", language: "es", saleKind: "emissivo" });
    expect(await templateRow(id)).toMatchObject({ agency_id: w.agency.id, name: "Contrato de Hospedagem", language: "es", sale_kind: "emissivo", is_default: 0, current_version: 1, version: 1, created_by: w.admin.id, search_text: "contrato de hospedagem", deleted_at: null });
    expect(JSON.parse(String((await templateRow(id))!.body))).toEqual(doc("Contratante: "));
    const [v1] = await versionRows(id);
    expect(v1).toMatchObject({ agency_id: w.agency.id, number: 1, name: "Contrato de Hospedagem", language: "es", created_by: w.admin.id });
    expect(JSON.parse(String(v1!.body))).toEqual(doc("Contratante: "));
    const [audit] = await auditOf(id);
    expect(audit).toMatchObject({ action: "create", user_id: w.admin.id });
    expect(audit!.changes).toMatchObject({ name: [null, "Contrato de Hospedagem"], currentVersion: [null, 1] });

    const edit = await get<EditData>(w.cookie, editPath(id));
    expect(edit.values).toMatchObject({ name: "Contrato de Hospedagem", language: "es", saleKind: "emissivo", isDefault: "" });
    expect(JSON.parse(edit.values.body)).toEqual(doc("Contratante: "));
    expect(edit).toMatchObject({ version: 1, canManage: true, canDelete: true, currentVersion: 1 });
    expect(edit.versions).toEqual([expect.objectContaining({ number: 1, name: "Contrato de Hospedagem", who: `Admin ${w.agency.name}` })]);

    expect((await get<{ rows: ListRow[] }>(w.cookie, `${LIST}?q=hospedagem`)).rows.map((r) => r.id)).toEqual([id]);
    expect((await get<{ rows: ListRow[] }>(w.cookie, `${LIST}?language=es&kind=emissivo`)).rows.map((r) => r.id)).toEqual([id]);
    expect((await get<{ rows: ListRow[] }>(w.cookie, `${LIST}?language=pt&kind=emissivo`)).rows.map((r) => r.id)).not.toContain(id);
    await get(w.cookie, `${LIST}?language=xx&kind=nope&sort=body&after=%%%`);
    const csv = await (await appRequest(`${LIST}/exportar?q=hospedagem`, { cookie: w.cookie })).text();
    expect(csv.replace(/^\uFEFF/, "").split(/\r\n/)[0]).toBe("name;language;saleKind;isDefault;currentVersion;updatedAt");
    expect(csv).toContain("Contrato de Hospedagem;es;emissivo;0;1;");
  });

  it("writes version 2 on an edit of the text and never changes version 1", async () => {
    const id = await createTemplate(w.cookie, { name: "Versões" });
    const [v1] = await versionRows(id);
    const saved = await post(w.cookie, editPath(id), templateForm({ name: "Versões", body: body("Novo texto, cliente "), version: "1" }), 200);
    expect(saved.saved).toBe(true);
    expect(saved.result?.initialValue?.body).toBeUndefined();
    expect(await templateRow(id)).toMatchObject({ current_version: 2, version: 2 });
    expect(JSON.parse(String((await templateRow(id))!.body))).toEqual(doc("Novo texto, cliente "));
    const versions = await versionRows(id);
    expect(versions.map((v) => v.number)).toEqual([1, 2]);
    expect(versions[0]).toEqual(v1);
    expect(JSON.parse(String(versions[1]!.body))).toEqual(doc("Novo texto, cliente "));
    const update = (await auditOf(id))[1]!;
    expect(update.action).toBe("update");
    expect(update.changes).toEqual({ currentVersion: [1, 2] });

    // A new name is a new version too; a change of kind only is not.
    await post(w.cookie, editPath(id), templateForm({ name: "Versões (revisado)", body: body("Novo texto, cliente "), version: "2" }), 200);
    expect((await versionRows(id)).map((v) => [v.number, v.name])).toEqual([
      [1, "Versões"],
      [2, "Versões"],
      [3, "Versões (revisado)"],
    ]);
    await post(w.cookie, editPath(id), templateForm({ name: "Versões (revisado)", saleKind: "excursion", body: body("Novo texto, cliente "), version: "3" }), 200);
    expect(await templateRow(id)).toMatchObject({ current_version: 3, version: 4, sale_kind: "excursion" });
    expect(await versionRows(id)).toHaveLength(3);
    // An unchanged save writes nothing.
    const audits = (await auditOf(id)).length;
    await post(w.cookie, editPath(id), templateForm({ name: "Versões (revisado)", saleKind: "excursion", body: body("Novo texto, cliente "), version: "4" }), 200);
    expect(await templateRow(id)).toMatchObject({ version: 4, current_version: 3 });
    expect(await auditOf(id)).toHaveLength(audits);

    const edit = await get<EditData>(w.cookie, editPath(id));
    expect(edit.versions.map((v) => v.number)).toEqual([3, 2, 1]);
    expect(edit.currentVersion).toBe(3);
  });

  it("refuses a stale save and changes nothing", async () => {
    const id = await createTemplate(w.cookie, { name: "Antigo" });
    await post(w.cookie, editPath(id), templateForm({ name: "Novo", version: "1" }), 200);
    const before = await templateRow(id);
    const versions = await versionRows(id);
    const stale = await post(w.cookie, editPath(id), templateForm({ name: "Perdido", body: body("Outro"), version: "1" }), 409);
    expect(stale.stale?.version).toBe(2);
    expect(stale.stale?.differences.map((d) => d.field)).toEqual(expect.arrayContaining(["name", "body"]));
    expect(await templateRow(id)).toEqual(before);
    expect(await versionRows(id)).toEqual(versions);
  });

  it("keeps one default per kind: marking a template takes the mark from the previous one", async () => {
    const { cookie, agency } = await world("Agência dos Padrões");
    const a = await createTemplate(cookie, { name: "A", saleKind: "excursion", isDefault: "on" });
    const b = await createTemplate(cookie, { name: "B", saleKind: "excursion", isDefault: "on" });
    expect((await liveDefaults(agency.id, "excursion")).map((r) => r.id)).toEqual([b]);
    expect(await templateRow(a)).toMatchObject({ is_default: 0, version: 2 });
    expect((await auditOf(a)).at(-1)).toMatchObject({ action: "update", changes: { isDefault: [true, false] } });
    // Another kind keeps its own default.
    const c = await createTemplate(cookie, { name: "C", saleKind: "emissivo", isDefault: "on" });
    expect((await liveDefaults(agency.id, "excursion")).map((r) => r.id)).toEqual([b]);
    expect((await liveDefaults(agency.id, "emissivo")).map((r) => r.id)).toEqual([c]);
    // Editing A back to default clears B; no new version (the text did not change).
    await post(cookie, editPath(a), templateForm({ name: "A", saleKind: "excursion", isDefault: "on", version: "2" }), 200);
    expect((await liveDefaults(agency.id, "excursion")).map((r) => r.id)).toEqual([a]);
    expect(await templateRow(b)).toMatchObject({ is_default: 0 });
    expect(await versionRows(a)).toHaveLength(1);
    // Moving the default A to emissivo takes the mark from C.
    await post(cookie, editPath(a), templateForm({ name: "A", saleKind: "emissivo", isDefault: "on", version: "3" }), 200);
    expect((await liveDefaults(agency.id, "emissivo")).map((r) => r.id)).toEqual([a]);
    expect(await liveDefaults(agency.id, "excursion")).toEqual([]);
    expect(await templateRow(c)).toMatchObject({ is_default: 0 });
    // A stale save that would mark B changes nobody.
    const before = [await templateRow(a), await templateRow(b), await templateRow(c)];
    await post(cookie, editPath(b), templateForm({ name: "B", saleKind: "emissivo", isDefault: "on", version: "1" }), 409);
    expect([await templateRow(a), await templateRow(b), await templateRow(c)]).toEqual(before);
    // Deleting the default leaves the kind without one; a new default is accepted.
    expect((await appRequest(editPath(a), { cookie, form: { intent: "delete" } })).status).toBe(302);
    expect(await liveDefaults(agency.id, "emissivo")).toEqual([]);
    const d = await createTemplate(cookie, { name: "D", saleKind: "emissivo", isDefault: "on" });
    expect((await liveDefaults(agency.id, "emissivo")).map((r) => r.id)).toEqual([d]);
  });

  it("refuses a body that is not the editor's document: 400 with a field error, nothing written", async () => {
    const id = await createTemplate(w.cookie, { name: "Alvo dos corpos" });
    const before = await templateRow(id);
    const versions = await versionRows(id);
    const counts = [await countOf("contract_template", w.agency.id), await countOf("contract_template_version", w.agency.id)];
    const bodies: [string, string][] = [
      [JSON.stringify({ type: "doc", content: [{ type: "codeBlock", content: [{ type: "text", text: "rm -rf" }] }] }), "contracts.templates.errors.body"],
      [JSON.stringify({ type: "doc", content: [{ type: "paragraph", content: [{ type: "mergeField", attrs: { key: "client.password" } }] }] }), "contracts.templates.errors.body"],
      [JSON.stringify({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "x", marks: [{ type: "link", attrs: { href: "javascript:alert(1)" } }] }] }] }), "contracts.templates.errors.body"],
      ["{ not json", "contracts.templates.errors.body"],
      ["", "contracts.templates.errors.body"],
      [JSON.stringify({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "x".repeat(1_000_100) }] }] }), "contracts.templates.errors.bodyTooLong"],
      [JSON.stringify({ type: "doc", content: Array.from({ length: 2001 }, () => ({ type: "horizontalRule" })) }), "contracts.templates.errors.body"],
    ];
    for (const [raw, error] of bodies) {
      const created = await post(w.cookie, NEW, templateForm({ body: raw }), 400);
      expect(created.result?.error?.body, raw.slice(0, 80)).toEqual([error]);
      expect(created.result?.initialValue?.body).toBeUndefined();
      const edited = await post(w.cookie, editPath(id), templateForm({ body: raw, version: "1" }), 400);
      expect(edited.result?.error?.body).toEqual([error]);
    }
    expect(await templateRow(id)).toEqual(before);
    expect(await versionRows(id)).toEqual(versions);
    expect([await countOf("contract_template", w.agency.id), await countOf("contract_template_version", w.agency.id)]).toEqual(counts);
  });

  it("soft-deletes a template; one a contract points at stays, with its versions and the contract", async () => {
    const id = await createTemplate(w.cookie, { name: "Com contrato" });
    const [v1] = await versionRows(id);
    const s = await saleOf(w.agency.id, w.admin.id, "Cliente do Contrato", 9001);
    const contractId = uuidv7();
    const t = new Date().toISOString();
    await env.DB.prepare(
      "insert into contract (id, agency_id, number, sale_id, template_id, template_version_id, language, content, title, pdf_key, pdf_sha256, pdf_bytes, created_at, updated_at) values (?, ?, 1, ?, ?, ?, 'pt', '{\"blocks\":[]}', 'Contrato', 'k', 'h', 1, ?, ?)",
    )
      .bind(contractId, w.agency.id, s.sale, id, v1!.id, t, t)
      .run();
    const contractBefore = await one("select * from contract where id = ?", contractId);
    // An Agente may not delete.
    const refused = await post(w.agenteCookie, editPath(id), { intent: "delete" }, 403);
    expect(refused.deleteError).toBe("records.delete.forbidden");
    const res = await appRequest(editPath(id), { cookie: w.cookie, form: { intent: "delete" } });
    expect(res.status).toBe(302);
    expect(location(res)).toBe(LIST);
    expect((await templateRow(id))!.deleted_at).not.toBeNull();
    expect(await versionRows(id)).toEqual([v1]);
    expect(await one("select * from contract where id = ?", contractId)).toEqual(contractBefore);
    await get(w.cookie, editPath(id), 404);
    expect((await get<{ rows: ListRow[] }>(w.cookie, `${LIST}?q=com+contrato`)).rows).toEqual([]);
  });

  it("lets an Agente read and preview templates, never change them", async () => {
    const id = await createTemplate(w.cookie, { name: "Só leitura" });
    const before = await templateRow(id);
    const list = await get<{ rows: ListRow[]; canManage: boolean }>(w.agenteCookie, `${LIST}?q=leitura`);
    expect(list.canManage).toBe(false);
    expect(list.rows.map((r) => r.id)).toEqual([id]);
    const edit = await get<EditData>(w.agenteCookie, editPath(id));
    expect(edit).toMatchObject({ canManage: false, canDelete: false });
    const novo = await appRequest(NEW, { cookie: w.agenteCookie });
    expect(novo.status).toBe(302);
    expect(location(novo)).toBe(LIST);
    const count = await countOf("contract_template", w.agency.id);
    const created = await post(w.agenteCookie, NEW, templateForm({ name: "Do agente" }), 403);
    expect(created.toast?.title).toBe("contracts.templates.forbidden");
    await post(w.agenteCookie, editPath(id), templateForm({ name: "Mudado", version: "1" }), 403);
    expect(await templateRow(id)).toEqual(before);
    expect(await countOf("contract_template", w.agency.id)).toBe(count);
  });

  it("sends a visitor without a session to /login", async () => {
    const id = await createTemplate(w.cookie, { name: "Sem sessão" });
    for (const path of [LIST, NEW, editPath(id), `${LIST}/exportar`, `${PREVIEW}?q=`, `${PREVIEW}?venda=x`]) {
      const res = await appRequest(path);
      expect(res.status, path).toBe(302);
      expect(location(res)).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
    const before = await templateRow(id);
    const res = await appRequest(editPath(id), { form: templateForm({ name: "Sem sessão!", version: "1" }) });
    expect(res.status).toBe(302);
    expect(location(res)).toMatch(/^\/login/);
    expect(await templateRow(id)).toEqual(before);
  });

  it("keeps another agency's templates out of reach: 404 on every route and action, nothing changed", async () => {
    const id = await createTemplate(w.cookie, { name: "Exclusivo da Agência", isDefault: "on", saleKind: "excursion" });
    const before = await templateRow(id);
    const versions = await versionRows(id);
    const theirs = await countOf("contract_template", other.agency.id);
    await get(other.cookie, editPath(id), 404);
    await post(other.cookie, editPath(id), templateForm({ name: "Roubado", version: "1" }), 404);
    await post(other.cookie, editPath(id), { intent: "delete" }, 404);
    // Their own default of the same kind does not touch ours.
    await createTemplate(other.cookie, { name: "Padrão deles", isDefault: "on", saleKind: "excursion" });
    expect(await templateRow(id)).toEqual(before);
    expect(await versionRows(id)).toEqual(versions);
    expect(await countOf("contract_template", other.agency.id)).toBe(theirs + 1);
    for (const query of ["", "?q=exclusivo", "?kind=excursion", "?sort=updatedAt&dir=desc"]) {
      expect((await get<{ rows: ListRow[] }>(other.cookie, `${LIST}${query}`)).rows.map((r) => r.id), query).not.toContain(id);
      expect(await (await appRequest(`${LIST}/exportar${query}`, { cookie: other.cookie })).text()).not.toContain("Exclusivo");
    }
  });

  it("previews with the agency's sales the user may see, and 404 for any other sale", async () => {
    const { agency, admin, agente, cookie, agenteCookie } = await world("Agência da Prévia");
    const mine = await saleOf(agency.id, agente.id, "Joana Prévia", 101);
    const adminSale = await saleOf(agency.id, admin.id, "Rui Balcão", 102, "confirmed");
    const cancelled = await saleOf(agency.id, admin.id, "Cancelado Silva", 103, "cancelled");
    const foreign = await saleOf(other.agency.id, other.admin.id, "Estranho Externo", 104);

    const sales = await get<{ sales: { id: string; number: number; clientName: string; status: string }[] }>(cookie, `${PREVIEW}?q=`);
    expect(sales.sales.map((s) => s.id).sort()).toEqual([mine.sale, adminSale.sale].sort());
    expect((await get<{ sales: { id: string }[] }>(cookie, `${PREVIEW}?q=joana`)).sales.map((s) => s.id)).toEqual([mine.sale]);
    expect((await get<{ sales: { id: string }[] }>(cookie, `${PREVIEW}?q=102`)).sales.map((s) => s.id)).toEqual([adminSale.sale]);
    // An Agente sees their own sales only.
    expect((await get<{ sales: { id: string }[] }>(agenteCookie, `${PREVIEW}?q=`)).sales.map((s) => s.id)).toEqual([mine.sale]);

    const values = await get<{ values: Record<string, string> }>(cookie, `${PREVIEW}?venda=${mine.sale}&idioma=pt`);
    expect(values.values["client.name"]).toBe("Joana Prévia");
    expect(values.values["sale.number"]).toContain("101");
    await get(cookie, `${PREVIEW}?venda=${mine.sale}&idioma=xx`);
    await get(agenteCookie, `${PREVIEW}?venda=${mine.sale}&idioma=es`);
    await get(agenteCookie, `${PREVIEW}?venda=${adminSale.sale}&idioma=pt`, 404);
    await get(cookie, `${PREVIEW}?venda=${foreign.sale}&idioma=pt`, 404);
    await get(cookie, `${PREVIEW}?venda=${uuidv7()}&idioma=pt`, 404);
    await get(cookie, `${PREVIEW}?venda=${encodeURIComponent("' or 1=1 --")}`, 404);
    expect((await get<{ sales: { id: string }[] }>(other.cookie, `${PREVIEW}?q=joana`)).sales).toEqual([]);
    expect(cancelled.sale).toBeTruthy();
  });

  it("never answers 5xx to arbitrary input, and writes nothing unless saved", async () => {
    const { cookie, agency } = await world("Agência Propriedade");
    const id = await createTemplate(cookie, { name: "Alvo Fixo" });
    const huge = "ç".repeat(60_000);
    const bodies = fc.oneof(
      fc.constantFrom(body("Olá "), JSON.stringify(DEFAULT_TEMPLATES[0]!.body), "", "{}", "null", "[]", "not json", huge, JSON.stringify({ type: "doc", content: [{ type: "image" }] })),
      fc.string({ maxLength: 60 }),
      fc.json({ maxDepth: 4 }),
      fc.array(fc.constantFrom("paragraph", "heading", "bulletList", "text", "mergeField", "hardBreak"), { minLength: 1, maxLength: 4 }).map((types) =>
        JSON.stringify({ type: "doc", content: types.map((type) => ({ type, attrs: { level: 2, key: "client.name" }, text: "x", content: [{ type: "text", text: "y" }] })) }),
      ),
    );
    const text = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: "binary", maxLength: 40 }), fc.constantFrom("", " ", "pt", "en", "es", "xx", "emissivo", "excursion", "any", "on", "1", "0", "-1", "999999999999", huge));
    const fields = fc.record(
      { name: text, language: text, saleKind: text, isDefault: text, body: bodies, version: text, intent: fc.constantFrom("save", "", "other") },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fields, async (isNew, form) => {
        const before = await templateRow(id);
        const counts = [await countOf("contract_template", agency.id), await countOf("contract_template_version", agency.id)];
        const res = await appRequest(isNew ? NEW : editPath(id), { cookie, form: form as Record<string, string> });
        expect(res.status).toBeLessThan(500);
        const saved = isNew ? res.status === 302 : res.status === 200 && (await json<Reply>(res.clone())).saved === true;
        const after = [await countOf("contract_template", agency.id), await countOf("contract_template_version", agency.id)];
        if (!saved) {
          expect(after).toEqual(counts);
          expect(await templateRow(id)).toEqual(before);
        } else if (isNew) {
          expect(after).toEqual([counts[0]! + 1, counts[1]! + 1]);
        } else {
          expect(after[0]).toBe(counts[0]);
          expect(after[1]! - counts[1]!).toBeLessThanOrEqual(1);
          const row = (await templateRow(id))!;
          expect((await versionRows(id)).length).toBe(row.current_version);
        }
        expect((await liveDefaults(agency.id, "any")).length + 0).toBeLessThanOrEqual(1);
      }),
      { numRuns: FUZZ_RUNS },
    );
  }, 300_000);
});
