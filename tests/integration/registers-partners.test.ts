/**
 * Suppliers (Cadastros → Fornecedores) and providers (Cadastros → Prestadores)
 * through the real route table, middleware, loaders and actions on local D1:
 * the demo seed in the list, create / update / delete with their audit
 * entries and history, stale versions, duplicates, references, search,
 * filters, sorts, keyset pages, CSV export, the palette's search, tenant
 * isolation on every route and arbitrary posts (property test).
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it } from "vitest";
import { generateCnpj, generateCpf, mulberry32 } from "~/lib/platform/br-documents";
import { registerReference } from "~/lib/kit/record.server";
import { registerSearchText } from "~/lib/kit/search-text";
import { appRequest, json } from "./harness";
import { createAgency, createUser, MAR, seedDemo, signIn, SOL } from "./fixtures";
import { FUZZ_RUNS } from "./fuzz";

beforeAll(seedDemo);

type Reg = {
  register: "supplier" | "provider";
  path: string;
  table: "supplier" | "provider";
  searchKind: string;
  category: string;
  /** A seeded record of Sol Viagens, and one only Mar Turismo has. */
  seeded: { sol: string; marOnly: string };
};

const REGISTERS: Reg[] = [
  { register: "supplier", path: "/cadastros/fornecedores", table: "supplier", searchKind: "fornecedor", category: "hotel", seeded: { sol: "Hotel Vale das Hortênsias Ltda.", marOnly: "Hotel Praia do Forte Mar Ltda." } },
  { register: "provider", path: "/cadastros/prestadores", table: "provider", searchKind: "prestador", category: "transfer", seeded: { sol: "Foz Transfer Receptivo Ltda.", marOnly: "Salvador Transfer Executivo Ltda." } },
];

const rng = mulberry32(77001);
const freshCnpj = () => generateCnpj(rng);
const freshCpf = () => generateCpf(rng);
const tag = () => uuidv7().slice(-8);

type Reply = { result?: { status?: string; error?: Record<string, string[]>; initialValue?: Record<string, unknown> }; saved?: boolean; duplicate?: { field: string; name: string; href: string }; stale?: { version: number; differences: { field: string; value: string }[] }; deleteError?: string; references?: { count: number; label: string }[] };
type ListData = { rows: { id: string; name: string; city: string | null; category: string; kind: string; services?: { name: string }[] }[]; page: { total: number; totalCapped: boolean; next: string | null; prev: string | null } };
type FormData_ = { mode: "new" | "edit"; values: Record<string, unknown>; version: number; name: string; history: { entries: { action: string; changes: Record<string, [unknown, unknown]> | null }[]; more: boolean } | null; canDelete: boolean };
type Row = Record<string, unknown> & { id: string; name: string; version: number; deleted_at: string | null; agency_id: string };

/** A complete, valid form of the register (fields overridable). */
function validForm(reg: Reg, over: Record<string, string | string[]> = {}): Record<string, string | string[]> {
  const id = tag();
  const cnpj = freshCnpj();
  return {
    kind: "company",
    name: `Parceiro Teste ${id}`,
    tradeName: `Parceiro ${id}`,
    document: cnpj,
    category: reg.category,
    email: `reservas-${id}@parceiro.example`,
    phone: "(54) 3286-1000",
    website: "www.parceiro.example",
    city: "Gramado",
    state: "RS",
    country: "BR",
    "contacts[0].name": "Ana Souza",
    "contacts[0].role": "Reservas",
    "contacts[0].email": "ana@parceiro.example",
    "contacts[0].phone": "(54) 99999-1234",
    bankCode: "341",
    bankBranch: "1234",
    bankAccount: "12345-6",
    bankAccountType: "checking",
    pixKeyType: "cnpj",
    pixKey: cnpj,
    paymentTerm: "Faturado 30 dias",
    notes: "",
    ...(reg.register === "provider" ? { "services[0].name": "City tour", "services[0].description": "Meio dia" } : {}),
    ...over,
  };
}

const rowOf = (reg: Reg, id: string) => env.DB.prepare(`select * from ${reg.table} where id = ?`).bind(id).first<Row>();
const countOf = (reg: Reg, agencyId: string) =>
  env.DB.prepare(`select count(*) as n from ${reg.table} where agency_id = ?`)
    .bind(agencyId)
    .first<{ n: number }>()
    .then((r) => r!.n);
const auditOf = (entityId: string) =>
  env.DB.prepare("select agency_id, user_id, entity, action, changes from audit_entry where entity_id = ? order by created_at, id")
    .bind(entityId)
    .all<{ agency_id: string; user_id: string | null; entity: string; action: string; changes: string | null }>()
    .then((r) => r.results.map((a) => ({ ...a, changes: a.changes ? (JSON.parse(a.changes) as Record<string, [unknown, unknown]>) : null })));

async function create(reg: Reg, cookie: string, form: Record<string, string | string[]>) {
  const res = await appRequest(`${reg.path}/novo`, { cookie, form });
  const location = res.headers.get("Location");
  const id = res.status === 302 && location ? location.split("/").pop()! : null;
  return { res, id };
}

async function list(reg: Reg, cookie: string, search = "") {
  const res = await appRequest(`${reg.path}${search}`, { cookie });
  expect(res.status).toBe(200);
  return json<ListData>(res);
}

/** A row inserted straight into D1 (list fixtures), with its search_text as the app writes it. */
async function insertRow(reg: Reg, agencyId: string, r: { name: string; city?: string | null; category?: string; kind?: "person" | "company"; createdAt?: string }) {
  const id = uuidv7();
  const at = r.createdAt ?? new Date().toISOString();
  await env.DB.prepare(`insert into ${reg.table} (id, agency_id, kind, name, category, city, search_text, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`)
    .bind(id, agencyId, r.kind ?? "company", r.name, r.category ?? "other", r.city ?? null, registerSearchText.partner({ name: r.name, city: r.city }), at, at)
    .run();
  return id;
}

async function agencyWith(roles: ("Admin" | "Agente")[]) {
  const agency = await createAgency();
  const cookies: string[] = [];
  const users: string[] = [];
  for (const role of roles) {
    const user = await createUser({ role, agencyId: agency.id, name: `${role} ${tag()}` });
    users.push(user.id);
    cookies.push(await signIn(user.email));
  }
  return { agency, cookies, users };
}

describe.each(REGISTERS)("$path", (reg) => {
  let A: Awaited<ReturnType<typeof agencyWith>>;
  let B: Awaited<ReturnType<typeof agencyWith>>;
  let adminA: string;
  let agentA: string;
  let adminB: string;

  beforeAll(async () => {
    A = await agencyWith(["Admin", "Agente"]);
    B = await agencyWith(["Admin"]);
    [adminA, agentA] = A.cookies as [string, string];
    adminB = B.cookies[0]!;
  });

  describe("the demo seed", () => {
    it("lists the agency's seeded records, with the total of its live rows, and no other agency's", async () => {
      const cookie = await signIn("admin@sol.example");
      const data = await list(reg, cookie, "?size=100");
      const names = data.rows.map((r) => r.name);
      expect(names).toContain(reg.seeded.sol);
      expect(names).not.toContain(reg.seeded.marOnly);
      const live = await env.DB.prepare(`select count(*) as n from ${reg.table} where agency_id = ? and deleted_at is null`).bind(SOL.id).first<{ n: number }>();
      expect(data.page.total).toBe(live!.n);
      expect(data.page.total).toBeGreaterThanOrEqual(5);
      if (reg.register === "provider") expect(data.rows.find((r) => r.name === reg.seeded.sol)?.services?.length).toBeGreaterThan(0);

      const mar = await list(reg, await signIn("admin@mar.example"), "?size=100");
      expect(mar.rows.map((r) => r.name)).toContain(reg.seeded.marOnly);
      expect(mar.rows.map((r) => r.name)).not.toContain(reg.seeded.sol);
      const marIds = new Set(mar.rows.map((r) => r.id));
      expect(data.rows.some((r) => marIds.has(r.id))).toBe(false);
      expect(MAR.id).not.toBe(SOL.id);
    });

    it("opens a seeded record's edit screen with its values", async () => {
      const cookie = await signIn("admin@sol.example");
      const seeded = await env.DB.prepare(`select id from ${reg.table} where agency_id = ? and name = ?`).bind(SOL.id, reg.seeded.sol).first<{ id: string }>();
      const res = await appRequest(`${reg.path}/editar/${seeded!.id}`, { cookie });
      expect(res.status).toBe(200);
      const data = await json<FormData_>(res);
      expect(data).toMatchObject({ mode: "edit", name: reg.seeded.sol });
      expect(data.values.pixKey).toBeTruthy();
    });
  });

  describe("create, update, delete", () => {
    it("opens the empty form", async () => {
      const res = await appRequest(`${reg.path}/novo`, { cookie: agentA });
      expect(res.status).toBe(200);
      expect(await json<FormData_>(res)).toMatchObject({ mode: "new", version: 0, history: null, canDelete: false });
    });

    it("creates a record with its audit entry, then updates it with only the changed fields audited; the edit screen shows the history", async () => {
      const form = validForm(reg);
      const { res, id } = await create(reg, agentA, form);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(`${reg.path}/editar/${id}`);
      const row = (await rowOf(reg, id!))!;
      expect(row).toMatchObject({
        agency_id: A.agency.id,
        kind: "company",
        name: form.name,
        document: form.document,
        category: reg.category,
        phone: "5432861000",
        website: "https://www.parceiro.example",
        bank_code: "341",
        pix_key_type: "cnpj",
        pix_key: form.document,
        version: 1,
        created_by: A.users[1],
      });
      expect(JSON.parse(row.contacts as string)).toEqual([{ name: "Ana Souza", role: "Reservas", email: "ana@parceiro.example", phone: "54999991234" }]);
      if (reg.register === "provider") expect(JSON.parse(row.services as string)).toEqual([{ name: "City tour", description: "Meio dia" }]);
      expect(row.search_text).toContain("parceiro teste");
      expect(row.search_text).toContain(form.document);

      const [created] = await auditOf(id!);
      expect(created).toMatchObject({ agency_id: A.agency.id, user_id: A.users[1], entity: reg.table, action: "create" });
      expect(created!.changes).toMatchObject({ name: [null, form.name], document: [null, form.document], category: [null, reg.category] });
      expect(created!.changes).not.toHaveProperty("searchText");

      const save = await appRequest(`${reg.path}/editar/${id}`, { cookie: agentA, form: { ...form, version: "1", city: "Canela", "contacts[1].name": "Bruno Lima", "contacts[1].role": "Financeiro" } });
      expect(save.status).toBe(200);
      expect(await json<Reply>(save)).toMatchObject({ saved: true });
      const after = (await rowOf(reg, id!))!;
      expect(after).toMatchObject({ city: "Canela", version: 2 });
      expect(after.search_text).toContain("canela");
      const audits = await auditOf(id!);
      expect(audits.map((a) => a.action)).toEqual(["create", "update"]);
      expect(Object.keys(audits[1]!.changes!).sort()).toEqual(["city", "contacts"]);
      expect(audits[1]!.changes!.city).toEqual(["Gramado", "Canela"]);

      const edit = await json<FormData_>(await appRequest(`${reg.path}/editar/${id}`, { cookie: agentA }));
      expect(edit).toMatchObject({ mode: "edit", version: 2, canDelete: false });
      expect(edit.history!.entries.map((e) => e.action)).toEqual(["update", "create"]);
      expect(edit.history!.entries[0]!.changes!.city).toEqual(["Gramado", "Canela"]);
      expect((edit.values.contacts as unknown[]).length).toBe(2);

      // Saving the same values writes nothing and audits nothing.
      await appRequest(`${reg.path}/editar/${id}`, { cookie: agentA, form: { ...form, version: "2", city: "Canela", "contacts[1].name": "Bruno Lima", "contacts[1].role": "Financeiro" } });
      expect((await rowOf(reg, id!))!.version).toBe(2);
      expect((await auditOf(id!)).length).toBe(2);
    });

    it("refuses a stale version (409) with the current values, and changes nothing", async () => {
      const form = validForm(reg);
      const { id } = await create(reg, agentA, form);
      expect((await appRequest(`${reg.path}/editar/${id}`, { cookie: adminA, form: { ...form, version: "1", name: "Primeiro a salvar" } })).status).toBe(200);
      const before = await rowOf(reg, id!);
      const stale = await appRequest(`${reg.path}/editar/${id}`, { cookie: agentA, form: { ...form, version: "1", name: "Segundo a salvar", paymentTerm: "À vista" } });
      expect(stale.status).toBe(409);
      const body = await json<Reply>(stale);
      expect(body.stale!.version).toBe(2);
      expect(body.stale!.differences).toContainEqual({ field: "name", value: "Primeiro a salvar" });
      expect(await rowOf(reg, id!)).toEqual(before);
      expect((await auditOf(id!)).length).toBe(2);
    });

    it("refuses a duplicate CPF/CNPJ or e-mail (409) naming the existing record; another agency may use them", async () => {
      const first = validForm(reg);
      const { id } = await create(reg, agentA, first);
      const count = await countOf(reg, A.agency.id);

      const sameDoc = await create(reg, agentA, validForm(reg, { document: first.document as string }));
      expect(sameDoc.res.status).toBe(409);
      const dup = await json<Reply>(sameDoc.res);
      expect(dup.duplicate).toEqual({ field: "document", name: first.name, href: `${reg.path}/editar/${id}` });
      expect(dup.result!.error!.document).toEqual(["records.errors.duplicate.document"]);

      const sameEmail = await create(reg, agentA, validForm(reg, { email: (first.email as string).toUpperCase() }));
      expect(sameEmail.res.status).toBe(409);
      expect((await json<Reply>(sameEmail.res)).duplicate).toMatchObject({ field: "email", name: first.name });
      expect(await countOf(reg, A.agency.id)).toBe(count);

      // Editing another record into the same document is refused too.
      const other = validForm(reg);
      const { id: otherId } = await create(reg, agentA, other);
      const before = await rowOf(reg, otherId!);
      const clash = await appRequest(`${reg.path}/editar/${otherId}`, { cookie: agentA, form: { ...other, version: "1", document: first.document as string } });
      expect(clash.status).toBe(409);
      expect(await rowOf(reg, otherId!)).toEqual(before);

      // The same person as a supplier of another agency.
      expect((await create(reg, adminB, validForm(reg, { document: first.document as string, email: first.email as string }))).res.status).toBe(302);
    });

    it("validates per kind: a person with a CPF, the CNPJ of a company refused for a person", async () => {
      const cpf = freshCpf();
      const person = await create(reg, agentA, validForm(reg, { kind: "person", name: "Carlos Eduardo Mendes", document: cpf, pixKeyType: "cpf", pixKey: cpf }));
      expect(person.res.status).toBe(302);
      expect((await rowOf(reg, person.id!))!.document).toBe(cpf);
      const count = await countOf(reg, A.agency.id);
      const bad = await create(reg, agentA, validForm(reg, { kind: "person", document: freshCnpj(), pixKeyType: "random", pixKey: "nao-e-uuid", bankCode: "41" }));
      expect(bad.res.status).toBe(400);
      const errors = (await json<Reply>(bad.res)).result!.error!;
      expect(errors.document).toEqual(["registers.errors.cpf"]);
      expect(errors.pixKey).toEqual(["registers.errors.pixKey"]);
      expect(errors.bankCode).toEqual(["registers.errors.bankCode"]);
      expect(await countOf(reg, A.agency.id)).toBe(count);
    });

    it("adds and removes contact rows without JavaScript and writes nothing", async () => {
      const count = await countOf(reg, A.agency.id);
      const add = await appRequest(`${reg.path}/novo`, { cookie: agentA, form: { ...validForm(reg), __intent__: JSON.stringify({ type: "insert", payload: { name: "contacts" } }) } });
      expect(add.status).toBe(200);
      const added = await json<Reply>(add);
      expect((added.result!.initialValue!.contacts as unknown[]).length).toBe(2);
      const remove = await appRequest(`${reg.path}/novo`, { cookie: agentA, form: { ...validForm(reg), "contacts[1].name": "X", __intent__: JSON.stringify({ type: "remove", payload: { name: "contacts", index: 0 } }) } });
      expect(remove.status).toBe(200);
      expect((await json<Reply>(remove)).result!.initialValue!.contacts).toEqual([{ name: "X" }]);
      if (reg.register === "provider") {
        const svc = await appRequest(`${reg.path}/novo`, { cookie: agentA, form: { ...validForm(reg), __intent__: JSON.stringify({ type: "insert", payload: { name: "services" } }) } });
        expect(((await json<Reply>(svc)).result!.initialValue!.services as unknown[]).length).toBe(2);
      }
      expect(await countOf(reg, A.agency.id)).toBe(count);
    });

    it("lets only Admins delete: soft delete with its audit entry, gone from list, search and edit screen", async () => {
      const form = validForm(reg);
      const { id } = await create(reg, agentA, form);
      const denied = await appRequest(`${reg.path}/editar/${id}`, { cookie: agentA, form: { intent: "delete" } });
      expect(denied.status).toBe(403);
      expect((await rowOf(reg, id!))!.deleted_at).toBeNull();

      const done = await appRequest(`${reg.path}/editar/${id}`, { cookie: adminA, form: { intent: "delete" } });
      expect(done.status).toBe(302);
      expect(done.headers.get("Location")).toBe(reg.path);
      expect(done.headers.getSetCookie().some((c) => c.startsWith("rota_flash="))).toBe(true);
      const row = (await rowOf(reg, id!))!;
      expect(row.deleted_at).not.toBeNull();
      const audits = await auditOf(id!);
      expect(audits.at(-1)).toMatchObject({ action: "delete", user_id: A.users[0] });
      expect(audits.at(-1)!.changes).toHaveProperty("deletedAt");
      expect((await list(reg, adminA, `?q=${encodeURIComponent(form.name as string)}`)).rows).toEqual([]);
      expect((await appRequest(`${reg.path}/editar/${id}`, { cookie: adminA })).status).toBe(404);
      // The document is free again.
      expect((await create(reg, agentA, validForm(reg, { document: form.document as string }))).res.status).toBe(302);
    });

    it("refuses to delete a record while something refers to it", async () => {
      const { id } = await create(reg, agentA, validForm(reg));
      const unregister = registerReference(reg.table, async (_db, agencyId, refId) => (agencyId === A.agency.id && refId === id ? { count: 2, label: "test.references" } : null));
      try {
        const refused = await appRequest(`${reg.path}/editar/${id}`, { cookie: adminA, form: { intent: "delete" } });
        expect(refused.status).toBe(409);
        expect(await json<Reply>(refused)).toMatchObject({ deleteError: "records.delete.referenced", references: [{ count: 2, label: "test.references" }] });
        expect((await rowOf(reg, id!))!.deleted_at).toBeNull();
        expect((await auditOf(id!)).map((a) => a.action)).toEqual(["create"]);
      } finally {
        unregister();
      }
      expect((await appRequest(`${reg.path}/editar/${id}`, { cookie: adminA, form: { intent: "delete" } })).status).toBe(302);
      expect((await rowOf(reg, id!))!.deleted_at).not.toBeNull();
    });
  });

  describe("default payment term", () => {
    /** A payment term of the agency (raw insert: the terms screen is Finance's). */
    async function insertTerm(agencyId: string, over: { active?: boolean; deleted?: boolean } = {}) {
      const id = uuidv7();
      const now = new Date().toISOString();
      await env.DB.prepare("insert into payment_term (id, agency_id, name, installments, first_due_days, active, deleted_at, created_at, updated_at) values (?, ?, ?, 2, 30, ?, ?, ?, ?)")
        .bind(id, agencyId, `Prazo ${tag()}`, over.active === false ? 0 : 1, over.deleted ? now : null, now, now)
        .run();
      return id;
    }

    it("offers the agency's live, active terms; saves the chosen one; empty is à vista (null); history and CSV name it", async () => {
      const term = await insertTerm(A.agency.id);
      const inactive = await insertTerm(A.agency.id, { active: false });
      const deleted = await insertTerm(A.agency.id, { deleted: true });
      const foreign = await insertTerm(B.agency.id);
      const screen = await json<FormData_ & { paymentTerms: { id: string; name: string; active: boolean }[] }>(await appRequest(`${reg.path}/novo`, { cookie: agentA }));
      const offered = screen.paymentTerms.map((p) => p.id);
      expect(offered).toContain(term);
      expect(offered).not.toContain(inactive);
      expect(offered).not.toContain(deleted);
      expect(offered).not.toContain(foreign);

      const cash = await create(reg, agentA, validForm(reg, { paymentTermId: "" }));
      expect(cash.res.status).toBe(302);
      expect((await rowOf(reg, cash.id!))!.payment_term_id).toBeNull();

      const form = validForm(reg, { paymentTermId: term, paymentTerm: "Faturado após o check-out" });
      const { res, id } = await create(reg, agentA, form);
      expect(res.status).toBe(302);
      expect(await rowOf(reg, id!)).toMatchObject({ payment_term_id: term, payment_term: "Faturado após o check-out" });
      expect((await auditOf(id!))[0]!.changes).toMatchObject({ paymentTermId: [null, term] });
      const edit = await json<FormData_>(await appRequest(`${reg.path}/editar/${id}`, { cookie: agentA }));
      expect(edit.values).toMatchObject({ paymentTermId: term, paymentTerm: "Faturado após o check-out" });

      const csv = await (await appRequest(`${reg.path}/exportar?q=${encodeURIComponent(form.name as string)}`, { cookie: agentA })).text();
      const [head, line] = csv.replace(/^\uFEFF/, "").trim().split("\r\n");
      const termName = (await env.DB.prepare("select name from payment_term where id = ?").bind(term).first<{ name: string }>())!.name;
      const cells = line!.split(";");
      expect(cells[head!.split(";").indexOf("defaultPaymentTerm")]).toBe(termName);

      // Back to à vista: the field emptied.
      const back = await appRequest(`${reg.path}/editar/${id}`, { cookie: agentA, form: { ...form, version: "1", paymentTermId: "" } });
      expect(back.status).toBe(200);
      expect((await rowOf(reg, id!))!.payment_term_id).toBeNull();
    });

    it("refuses another agency's, a deleted, an inactive or an unknown term with a field error, and writes nothing", async () => {
      const foreign = await insertTerm(B.agency.id);
      const deleted = await insertTerm(A.agency.id, { deleted: true });
      const inactive = await insertTerm(A.agency.id, { active: false });
      const { id } = await create(reg, agentA, validForm(reg));
      const before = await rowOf(reg, id!);
      const count = await countOf(reg, A.agency.id);
      for (const bad of [foreign, deleted, inactive, uuidv7()]) {
        const created = await create(reg, agentA, validForm(reg, { paymentTermId: bad }));
        expect(created.res.status, bad).toBe(400);
        expect((await json<Reply>(created.res)).result!.error).toEqual({ paymentTermId: ["partners.errors.paymentTermId"] });
        const saved = await appRequest(`${reg.path}/editar/${id}`, { cookie: agentA, form: { ...validForm(reg), document: before!.document as string, version: "1", paymentTermId: bad } });
        expect(saved.status, bad).toBe(400);
        expect((await json<Reply>(saved)).result!.error).toEqual({ paymentTermId: ["partners.errors.paymentTermId"] });
      }
      expect(await countOf(reg, A.agency.id)).toBe(count);
      expect(await rowOf(reg, id!)).toEqual(before);
    });

    it("keeps a term deactivated after it was chosen (offered, marked inactive, saved again unchanged)", async () => {
      const term = await insertTerm(A.agency.id);
      const form = validForm(reg, { paymentTermId: term });
      const { id } = await create(reg, agentA, form);
      await env.DB.prepare("update payment_term set active = 0 where id = ?").bind(term).run();
      const edit = await json<FormData_ & { paymentTerms: { id: string; active: boolean }[] }>(await appRequest(`${reg.path}/editar/${id}`, { cookie: agentA }));
      expect(edit.paymentTerms.find((p) => p.id === term)).toMatchObject({ active: false });
      const save = await appRequest(`${reg.path}/editar/${id}`, { cookie: agentA, form: { ...form, version: "1", city: "Nova Petrópolis" } });
      expect(save.status).toBe(200);
      expect(await rowOf(reg, id!)).toMatchObject({ payment_term_id: term, city: "Nova Petrópolis", version: 2 });
    });
  });

  describe("list: search, filters, sorts, pages, export", () => {
    let L: Awaited<ReturnType<typeof agencyWith>>;
    let cookie: string;
    const names: string[] = [];
    beforeAll(async () => {
      L = await agencyWith(["Agente"]);
      cookie = L.cookies[0]!;
      const day = (n: number) => new Date(Date.UTC(2025, 0, 1 + n)).toISOString();
      for (let i = 0; i < 30; i++) {
        const name = `Parceiro ${String(i).padStart(2, "0")} Ltda.`;
        names.push(name);
        await insertRow(reg, L.agency.id, { name, city: i % 3 === 0 ? "Gramado" : i % 3 === 1 ? "Canela" : null, category: i < 10 ? reg.category : "other", createdAt: day(30 - i) });
      }
      await insertRow(reg, L.agency.id, { name: "Pousada Açaí São João", city: "São Paulo", category: "hotel", kind: "person", createdAt: day(40) });
    });

    it("pages by keyset in name order with the total, forwards and back", async () => {
      const first = await list(reg, cookie);
      expect(first.page.total).toBe(31);
      expect(first.rows.length).toBe(25);
      expect(first.rows.map((r) => r.name)).toEqual([...names, "Pousada Açaí São João"].sort((a, b) => a.localeCompare(b)).slice(0, 25));
      expect(first.page.prev).toBeNull();
      const second = await list(reg, cookie, `?after=${first.page.next}`);
      expect(second.rows.length).toBe(6);
      expect(second.page.next).toBeNull();
      expect(second.rows.some((r) => first.rows.some((f) => f.id === r.id))).toBe(false);
      const back = await list(reg, cookie, `?before=${second.page.prev}`);
      expect(back.rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id));
    });

    it("sorts by city and by date of creation, both ways", async () => {
      const byCity = await list(reg, cookie, "?sort=city&dir=desc&size=50");
      const cities = byCity.rows.map((r) => r.city);
      expect(cities[0]).toBe("São Paulo");
      expect(cities.at(-1)).toBeNull();
      const newest = await list(reg, cookie, "?sort=createdAt&dir=desc&size=50");
      expect(newest.rows[0]!.name).toBe("Pousada Açaí São João");
      expect(newest.rows.at(-1)!.name).toBe("Parceiro 29 Ltda.");
    });

    it("filters by category and kind, counting the matches", async () => {
      const cat = await list(reg, cookie, `?category=${reg.category}&size=50`);
      expect(cat.page.total).toBe(reg.category === "hotel" ? 11 : 10);
      expect(cat.rows.every((r) => r.category === reg.category)).toBe(true);
      const people = await list(reg, cookie, "?kind=person");
      expect(people.rows.map((r) => r.name)).toEqual(["Pousada Açaí São João"]);
      // A value outside the list is dropped, not an error.
      expect((await list(reg, cookie, "?category=spaceline&kind=robot")).page.total).toBe(31);
    });

    it("finds records without accents or case: 'sao paulo', 'acai'", async () => {
      expect((await list(reg, cookie, "?q=sao+paulo")).rows.map((r) => r.name)).toEqual(["Pousada Açaí São João"]);
      expect((await list(reg, cookie, "?q=ACAI")).rows.map((r) => r.name)).toEqual(["Pousada Açaí São João"]);
      expect((await list(reg, cookie, "?q=gramado")).page.total).toBe(10);
      expect((await list(reg, cookie, "?q=parceiro+07")).rows.map((r) => r.name)).toEqual(["Parceiro 07 Ltda."]);
    });

    it("exports the current filter as CSV, in the list's order", async () => {
      const res = await appRequest(`${reg.path}/exportar?q=canela&sort=createdAt&dir=asc`, { cookie });
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toContain("text/csv");
      const text = await res.text();
      const lines = text.replace(/^\uFEFF/, "").trim().split("\r\n");
      expect(lines[0]!.split(";")).toContain("pixKey");
      expect(lines[0]!.includes("services")).toBe(reg.register === "provider");
      expect(lines.length).toBe(1 + 10);
      expect(lines[1]).toContain("Parceiro 28 Ltda.");
      expect(text).not.toContain("Gramado");
    });

    it("finds records in the command palette with links to their edit screens", async () => {
      const res = await appRequest("/busca?q=sao+joao", { cookie });
      const { results } = await json<{ results: { kind: string; title: string; href: string }[] }>(res);
      const mine = results.filter((r) => r.kind === reg.searchKind);
      expect(mine.map((r) => r.title)).toEqual(["Pousada Açaí São João"]);
      expect(mine[0]!.href).toMatch(new RegExp(`^${reg.path}/editar/[A-Za-z0-9_-]+$`));
    });
  });

  describe("tenant isolation", () => {
    let recordId: string;
    let recordName: string;
    beforeAll(async () => {
      const form = validForm(reg, { name: `Exclusivo da Agência A ${tag()}`, city: "Bonito" });
      recordName = form.name as string;
      recordId = (await create(reg, adminA, form)).id!;
    });

    it("answers 404 to another agency on every route of the record, and changes nothing", async () => {
      const before = await rowOf(reg, recordId);
      const audits = (await auditOf(recordId)).length;
      expect((await appRequest(`${reg.path}/editar/${recordId}`, { cookie: adminB })).status).toBe(404);
      expect((await appRequest(`${reg.path}/editar/${recordId}`, { cookie: adminB, form: { ...validForm(reg), version: "1" } })).status).toBe(404);
      expect((await appRequest(`${reg.path}/editar/${recordId}`, { cookie: adminB, form: { intent: "delete" } })).status).toBe(404);
      expect((await appRequest(`${reg.path}/editar/${recordId}`, { cookie: adminB, form: { __intent__: JSON.stringify({ type: "insert", payload: { name: "contacts" } }) } })).status).toBe(404);
      expect((await appRequest(`${reg.path}/editar/nao-existe`, { cookie: adminB })).status).toBe(404);
      expect((await appRequest(`${reg.path}/editar/${"x".repeat(200)}`, { cookie: adminB })).status).toBe(404);
      expect(await rowOf(reg, recordId)).toEqual(before);
      expect((await auditOf(recordId)).length).toBe(audits);
    });

    it("keeps the other agency's rows out of lists, searches, filters, sorts, pages, CSV and the palette", async () => {
      const queries = ["", "?q=exclusivo", "?q=bonito", `?category=${reg.category}`, "?kind=company", "?sort=city&dir=desc", "?sort=createdAt&dir=desc&size=100"];
      const bIds = new Set<string>();
      for (const q of queries) {
        const data = await list(reg, adminB, q);
        expect(data.rows.some((r) => r.id === recordId || r.name === recordName)).toBe(false);
        data.rows.forEach((r) => bIds.add(r.id));
        if (data.page.next) {
          const next = await list(reg, adminB, `${q ? `${q}&` : "?"}after=${data.page.next}`);
          expect(next.rows.some((r) => r.id === recordId)).toBe(false);
        }
      }
      const aRows = await env.DB.prepare(`select id from ${reg.table} where agency_id = ?`).bind(A.agency.id).all<{ id: string }>();
      expect(aRows.results.some((r) => bIds.has(r.id))).toBe(false);
      // A cursor made from A's record does not reveal it either.
      const cursor = btoa(JSON.stringify(["exclusivo", recordId])).replace(/=+$/, "");
      expect((await list(reg, adminB, `?after=${cursor}`)).rows.some((r) => r.id === recordId)).toBe(false);

      const csv = await (await appRequest(`${reg.path}/exportar`, { cookie: adminB })).text();
      expect(csv).not.toContain(recordName);
      expect(csv).not.toContain("Bonito");
      const palette = await json<{ results: { id: string }[] }>(await appRequest("/busca?q=exclusivo", { cookie: adminB }));
      expect(palette.results.some((r) => r.id === recordId)).toBe(false);
      // A sees it.
      expect((await list(reg, adminA, "?q=exclusivo")).rows.map((r) => r.id)).toContain(recordId);
    });
  });

  describe("malformed posts", () => {
    it("answers broken Conform control fields and far-away row indexes with 400, promptly, writing nothing", async () => {
      const P = await agencyWith(["Agente"]);
      const cookie = P.cookies[0]!;
      const id = (await create(reg, cookie, validForm(reg))).id!;
      const before = await rowOf(reg, id);
      const count = await countOf(reg, P.agency.id);
      const extras: Record<string, string>[] = [
        { __intent__: "garbage" },
        { __intent__: '{"type":1}' },
        { __intent__: '{"type":"reset"}' },
        { __intent__: '{"type":"insert"}' },
        { __state__: "{" },
        { "contacts[10000000].name": "Ana" },
        { "services[99999999999999999999].name": "Tour" },
      ];
      for (const extra of extras) {
        for (const path of [`${reg.path}/novo`, `${reg.path}/editar/${id}`]) {
          const started = Date.now();
          const res = await appRequest(path, { cookie, form: { ...validForm(reg), version: "1", ...extra } });
          expect(res.status, `${path} ${JSON.stringify(extra)}`).toBe(400);
          expect(Date.now() - started, "milliseconds to answer").toBeLessThan(1_000);
        }
      }
      expect(await rowOf(reg, id)).toEqual(before);
      expect(await countOf(reg, P.agency.id)).toBe(count);
    });
  });

  describe("arbitrary posts to the action (property)", () => {
    const FIELDS = [
      "kind", "name", "tradeName", "document", "category", "email", "phone", "website", "city", "state", "country",
      "bankCode", "bankBranch", "bankAccount", "bankAccountType", "pixKeyType", "pixKey", "paymentTerm", "paymentTermId", "notes",
      "contacts", "contacts[0].name", "contacts[0].email", "contacts[0].phone", "contacts[3].role", "contacts[0]",
      "services", "services[0].name", "services[0].description", "services[1]", "services[150].name", "version", "intent", "__intent__", "__state__",
    ];
    const HUGE = "Ç".repeat(70_000);
    const scalar = fc.oneof(
      fc.constant(""),
      fc.string({ maxLength: 40 }),
      fc.string({ unit: "binary", maxLength: 40 }),
      fc.constantFrom(
        HUGE,
        "company", "person", "hotel", "transfer", "other", "cpf", "cnpj", "email", "phone", "random", "checking",
        "341", "1234", "12345-6", "11.222.333/0001-81", "529.982.247-25", "financeiro@x.example", "+55 11 91234-5678",
        "0", "1", "-1", "99999999999", "delete", "save", "on", "null", "[]", "{}",
        JSON.stringify({ type: "insert", payload: { name: "contacts" } }),
        JSON.stringify({ type: "remove", payload: { name: "services", index: 5 } }),
        JSON.stringify({ type: "update", payload: { name: "name", value: { a: 1 } } }),
        JSON.stringify({ type: "reset" }),
        JSON.stringify({ type: "reorder", payload: { name: "contacts", from: 0, to: 9 } }),
        "{",
      ),
    );
    const value = fc.oneof({ weight: 4, arbitrary: scalar }, { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) });
    const post = fc.record({
      fields: fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 8 }),
      fromValid: fc.boolean(),
      toEdit: fc.boolean(),
      keepVersion: fc.boolean(),
    });

    it("never answers 5xx; a refused post changes neither the table nor the record", { timeout: 240_000 }, async () => {
      const P = await agencyWith(["Agente"]);
      const cookie = P.cookies[0]!;
      const target = (await create(reg, cookie, validForm(reg))).id!;
      await fc.assert(
        fc.asyncProperty(post, async ({ fields, fromValid, toEdit, keepVersion }) => {
          const before = await rowOf(reg, target);
          const count = await countOf(reg, P.agency.id);
          const form: Record<string, string | string[]> = { ...(fromValid ? validForm(reg) : {}), ...fields };
          if (toEdit && keepVersion && !("version" in fields)) form.version = String(before!.version);
          const res = await appRequest(toEdit ? `${reg.path}/editar/${target}` : `${reg.path}/novo`, { cookie, form });
          expect(res.status).toBeLessThan(500);
          const body = res.headers.get("Content-Type")?.includes("json") ? await json<Reply>(res) : null;
          const success = toEdit ? res.status === 200 && body?.saved === true : res.status === 302;
          if (!success) {
            expect(await countOf(reg, P.agency.id)).toBe(count);
            expect(await rowOf(reg, target)).toEqual(before);
          } else if (!toEdit) {
            expect(await countOf(reg, P.agency.id)).toBe(count + 1);
          }
        }),
        { numRuns: FUZZ_RUNS },
      );
    });
  });
});
