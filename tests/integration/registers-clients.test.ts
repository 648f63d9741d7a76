/**
 * Clients (Cadastros → Clientes) through the real route table, middleware,
 * loaders and actions, on the real local D1:
 *  1. tenant isolation on every route and action (list, search, filters, sorts,
 *     cursors, CSV, edit GET/POST/delete, the command palette search);
 *  2. create (normalised digits, search_text, audit, flash), invalid CPF,
 *     duplicates (CPF, e-mail) per agency;
 *  3. update (version, audit of exactly the changed fields, history) and stale saves;
 *  4. delete (roles, references, soft delete, counters, audit, document freed);
 *  5. lists: totals, keyset pages walked forwards and backwards for every sort,
 *     malformed parameters, accent-insensitive search;
 *  6. rows read by the list's own SQL on a 10 000-client agency;
 *  7. property tests of the save actions (arbitrary form values, 1000 runs each);
 *  and the CSV export of the current filter. Imports: registers-clients-import.test.ts.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it } from "vitest";
import { formatCnpj, formatCpf, generateCnpj, generateCpf, mulberry32 } from "~/lib/platform/br-documents";
import { parseCsv } from "~/lib/kit/csv.server";
import { createDb } from "~/lib/platform/db.server";
import { encodeCursor, parseListQuery, type PageInfo } from "~/lib/kit/list";
import { CLIENT_CSV_COLUMNS, clientListSpec } from "~/lib/registers/client";
import { listClients, type ClientListRow } from "~/lib/registers/client.server";
import { registerReference } from "~/lib/kit/record.server";
import { registerSearchText, searchTerms } from "~/lib/kit/search-text";
import { appRequest, json, type AppRequestInit } from "./harness";
import { createAgency, createUser, seedDemo, signIn } from "./fixtures";
import { FUZZ_RUNS } from "./fuzz";

const LIST = "/cadastros/clientes";
const NEW = `${LIST}/novo`;
const EXPORT = `${LIST}/exportar`;
const editPath = (id: string) => `${LIST}/editar/${id}`;
const location = (res: Response) => res.headers.get("Location");

// Documents from a PRNG stream of their own (the demo seed uses others).
const rng = mulberry32(0xc11e);
const nextCpf = () => generateCpf(rng);
const nextCnpj = () => generateCnpj(rng);
let serial = 0;
const uniq = () => `${Date.now().toString(36)}${(serial++).toString(36)}`;

type Session = { id: string; name: string; cookie: string; userId: string };

/** A new agency with one signed-in member of `role`. */
async function agencyWith(role = "Admin", name?: string): Promise<Session> {
  const agency = await createAgency(name);
  const user = await createUser({ role, agencyId: agency.id, name: `${role} da ${agency.name}` });
  return { ...agency, cookie: await signIn(user.email), userId: user.id };
}

async function memberOf(agencyId: string, role: string) {
  const user = await createUser({ role, agencyId, name: `${role} Membro` });
  return { cookie: await signIn(user.email), userId: user.id };
}

type ClientRowDb = Record<string, unknown> & { id: string; agency_id: string; version: number; deleted_at: string | null; search_text: string };
const rowOf = (id: string) => env.DB.prepare("select * from client where id = ?").bind(id).first<ClientRowDb>();
const rowsOf = async (agencyId: string) =>
  (await env.DB.prepare("select * from client where agency_id = ? order by id").bind(agencyId).all<ClientRowDb>()).results;
const liveCount = async (agencyId: string) =>
  (await env.DB.prepare("select count(*) as n from client where agency_id = ? and deleted_at is null").bind(agencyId).first<{ n: number }>())!.n;
const registerCount = async (agencyId: string) =>
  (await env.DB.prepare("select live from register_count where agency_id = ? and entity = 'client'").bind(agencyId).first<{ live: number }>())?.live ?? 0;
type Audit = { agency_id: string; user_id: string | null; entity: string; entity_id: string; action: string; changes: Record<string, [unknown, unknown]> | null };
const auditOf = async (entityId: string) =>
  (
    await env.DB.prepare("select agency_id, user_id, entity, entity_id, action, changes from audit_entry where entity_id = ? order by created_at, id")
      .bind(entityId)
      .all<Omit<Audit, "changes"> & { changes: string | null }>()
  ).results.map((a) => ({ ...a, changes: a.changes ? (JSON.parse(a.changes) as Audit["changes"]) : null }));
const auditCount = async (agencyId: string) =>
  (await env.DB.prepare("select count(*) as n from audit_entry where agency_id = ? and entity = 'client'").bind(agencyId).first<{ n: number }>())!.n;

/** A complete, valid form of the novo screen, as the browser posts it. */
function clientForm(overrides: Record<string, string> = {}): Record<string, string> {
  const tag = uniq();
  return {
    kind: "person",
    name: `Maria Aparecida ${tag}`,
    document: formatCpf(nextCpf()),
    "emails[0]": `maria.${tag}@example.com`,
    "phones[0].number": "(11) 98765-4321",
    "phones[0].whatsapp": "on",
    postalCode: "01310-100",
    street: "Avenida Paulista",
    number: "1000",
    district: "Bela Vista",
    city: "São Paulo",
    state: "sp",
    country: "BR",
    tags: "vip, família, vip",
    notes: "Prefere janela",
    marketingConsent: "on",
    ...overrides,
  };
}

/** The loader's form values back into the form's field names (what the edit screen posts). */
function formOf(values: Record<string, unknown>, extra: Record<string, string> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (key === "emails") (value as string[]).forEach((e, i) => (out[`emails[${i}]`] = e));
    else if (key === "phones")
      (value as { number: string; whatsapp: string }[]).forEach((p, i) => {
        out[`phones[${i}].number`] = p.number;
        if (p.whatsapp) out[`phones[${i}].whatsapp`] = p.whatsapp;
      });
    else if (typeof value === "string") out[key] = value;
  }
  return { ...out, ...extra };
}

/** POST novo; the new id from the redirect. */
async function create(cookie: string, form: Record<string, string>) {
  const res = await appRequest(NEW, { cookie, form });
  if (res.status !== 302) throw new Error(`create answered ${res.status}: ${await res.text()}`);
  return location(res)!.split("/").pop()!;
}

type EditData = {
  mode: "edit";
  values: Record<string, unknown>;
  version: number;
  history: { entries: { action: string; changes: Record<string, [unknown, unknown]> | null; who: string | null }[]; more: boolean };
  canDelete: boolean;
};
async function loadEdit(cookie: string, id: string) {
  const res = await appRequest(editPath(id), { cookie });
  expect(res.status).toBe(200);
  return json<EditData>(res);
}

type ListData = { query: Record<string, unknown>; rows: ClientListRow[]; page: PageInfo };
async function list(cookie: string, search = "") {
  const res = await appRequest(`${LIST}${search}`, { cookie });
  expect(res.status, search).toBe(200);
  return json<ListData>(res);
}
type SearchData = { query: string; results: { kind: string; id: string; title: string; href: string }[] };
async function palette(cookie: string, q: string) {
  const res = await appRequest(`/busca?q=${encodeURIComponent(q)}`, { cookie });
  expect(res.status).toBe(200);
  return json<SearchData>(res);
}
/** The CSV download: its bytes decoded as UTF-8 keeping the BOM (Response.text() drops it). */
async function exportCsv(cookie: string, search = "") {
  const res = await appRequest(`${EXPORT}${search}`, { cookie });
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { res, bytes, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes) };
}

type ErrorReply = { result: { status: string; error?: Record<string, string[]> }; duplicate?: { field: string; name: string; href: string } };

/** A raw client row for direct inserts (list fixtures, big agencies). */
type Seed = {
  name: string;
  kind?: "person" | "company";
  document?: string | null;
  tradeName?: string | null;
  emails?: string[];
  city?: string | null;
  state?: string | null;
  marketingConsent?: boolean;
  createdAt?: string;
  deletedAt?: string | null;
};
type Inserted = Required<Omit<Seed, "tradeName" | "emails" | "state">> & { id: string; searchText: string };

/** Inserts rows with prepared statements in batches (as the seed or an import would). */
async function insertClients(agencyId: string, seeds: Seed[], chunk = 1000): Promise<Inserted[]> {
  const stmt = env.DB.prepare(
    `insert into client (id, agency_id, kind, name, trade_name, document, emails, city, state, marketing_consent, search_text, created_at, updated_at, deleted_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const now = Date.now();
  const out: Inserted[] = seeds.map((s, i) => {
    const kind = s.kind ?? "person";
    const document = s.document === undefined ? null : s.document;
    return {
      id: uuidv7(),
      name: s.name,
      kind,
      document,
      city: s.city ?? null,
      marketingConsent: s.marketingConsent ?? false,
      createdAt: s.createdAt ?? new Date(now + i).toISOString(),
      deletedAt: s.deletedAt ?? null,
      searchText: registerSearchText.client({ name: s.name, tradeName: s.tradeName, document, emails: s.emails ?? [] }),
    };
  });
  for (let i = 0; i < out.length; i += chunk) {
    await env.DB.batch(
      out.slice(i, i + chunk).map((r, j) => {
        const s = seeds[i + j]!;
        return stmt.bind(
          r.id,
          agencyId,
          r.kind,
          r.name,
          s.tradeName ?? null,
          r.document,
          JSON.stringify(s.emails ?? []),
          r.city,
          s.state ?? null,
          r.marketingConsent ? 1 : 0,
          r.searchText,
          r.createdAt,
          r.createdAt,
          r.deletedAt,
        );
      }),
    );
  }
  return out;
}

/** SQLite's order of (value, id): NULLs first ascending, last descending; BINARY text order. */
function keysetOrder<T extends { id: string }>(rows: T[], value: (r: T) => string | null, dir: "asc" | "desc") {
  const cmp = (a: T, b: T) => {
    const va = value(a);
    const vb = value(b);
    let c = 0;
    if (va === null && vb !== null) c = -1;
    else if (va !== null && vb === null) c = 1;
    else if (va !== vb) c = (va as string) < (vb as string) ? -1 : 1;
    if (c === 0) c = a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    return dir === "asc" ? c : -c;
  };
  return [...rows].sort(cmp);
}

const FIRST_NAMES = ["Ana", "Bruno", "Carla", "Diego", "Elisa", "Fernando", "Gabriela", "Heitor"];

/** Whether a row's search_text has every term of `q` (what the list's search means). */
const matchesSearch = (r: { searchText: string }, q: string) => searchTerms(q).every((t) => r.searchText.includes(t));

let A: Session;
let B: Session;

beforeAll(async () => {
  await seedDemo();
  A = await agencyWith("Admin", "Agência Alfa");
  B = await agencyWith("Admin", "Agência Beta");
});

// ---------------------------------------------------------------------------
describe("tenant isolation: an admin of agency B never reaches agency A's clients", () => {
  let cpfA: string;
  let emailA: string;
  let aId: string;
  let aIds: string[];
  let bMatch: string;

  beforeAll(async () => {
    cpfA = nextCpf();
    emailA = `zuleica.${uniq()}@agencia-a.example`;
    aId = await create(A.cookie, clientForm({ name: "Zuleica Isolada Andrade", document: formatCpf(cpfA), "emails[0]": emailA, city: "Ouro Preto", state: "MG" }));
    await create(A.cookie, clientForm({ name: "Empresa Alfa Zuleica", kind: "company", document: formatCnpj(nextCnpj()), marketingConsent: "" }));
    bMatch = await create(B.cookie, clientForm({ name: "Zuleica Beta Local", city: "Ouro Preto", state: "MG" }));
    await create(B.cookie, clientForm({ name: "Beta Empresa Ltda", kind: "company", document: formatCnpj(nextCnpj()), marketingConsent: "" }));
    aIds = (await rowsOf(A.id)).map((r) => r.id);
    expect(aIds.length).toBe(2);
  });

  it("lists, searches, filters, sorts, page sizes and cursors show only B's rows", async () => {
    const aRow = (await rowOf(aId))!;
    const cursorA = encodeCursor({ v: aRow.search_text, id: aId });
    const searches = [
      "",
      "?q=zuleica",
      `?q=${cpfA}`,
      `?q=${encodeURIComponent(formatCpf(cpfA))}`,
      `?q=${encodeURIComponent(emailA)}`,
      "?q=alfa",
      "?kind=person",
      "?kind=company",
      "?consent=yes",
      "?consent=no",
      "?sort=name&dir=desc",
      "?sort=city&dir=asc",
      "?sort=city&dir=desc",
      "?sort=createdAt&dir=desc",
      "?size=100",
      `?after=${cursorA}`,
      `?before=${cursorA}`,
      `?sort=createdAt&dir=asc&after=${encodeCursor({ v: "0000", id: "0" })}`,
    ];
    const bIds = new Set((await rowsOf(B.id)).map((r) => r.id));
    for (const search of searches) {
      const { rows, page } = await list(B.cookie, search);
      for (const r of rows) expect(bIds.has(r.id), `${search}: ${r.name}`).toBe(true);
      expect(rows.map((r) => r.id), search).not.toContain(aId);
      expect(page.total, search).toBeLessThanOrEqual(bIds.size);
    }
    // The totals count B's rows only.
    expect((await list(B.cookie, "?q=zuleica")).page.total).toBe(1);
    expect((await list(B.cookie, "?q=zuleica")).rows.map((r) => r.id)).toEqual([bMatch]);
    expect((await list(B.cookie, `?q=${cpfA}`)).page.total).toBe(0);
    expect((await list(B.cookie)).page.total).toBe(bIds.size);
  });

  it("exports (CSV) only B's rows, whatever the filter", async () => {
    for (const search of ["", "?q=zuleica", `?q=${cpfA}`, "?kind=company", "?sort=city&dir=desc"]) {
      const { text } = await exportCsv(B.cookie, search);
      expect(text, search).not.toContain(cpfA);
      expect(text, search).not.toContain("Isolada");
      expect(text, search).not.toContain("Empresa Alfa");
      expect(text, search).not.toContain(emailA);
    }
    expect((await exportCsv(B.cookie, "?q=zuleica")).text).toContain("Zuleica Beta Local");
  });

  it("answers 404 to GET and to every POST on A's client, exactly as for an unknown id, and changes nothing", async () => {
    const before = await rowOf(aId);
    const auditBefore = await auditOf(aId);
    const countA = await registerCount(A.id);
    const unknown = uuidv7();

    const get = await appRequest(editPath(aId), { cookie: B.cookie });
    expect(get.status).toBe(404);
    const getUnknown = await appRequest(editPath(unknown), { cookie: B.cookie });
    expect(await get.text()).toBe(await getUnknown.text());

    const posts: Record<string, string>[] = [
      clientForm({ name: "Tomada por B", version: "1" }),
      clientForm({ name: "Tomada por B", version: "99" }),
      { name: "", document: "inválido", version: "x" },
      { intent: "delete" },
    ];
    for (const form of posts) {
      const res = await appRequest(editPath(aId), { cookie: B.cookie, form });
      expect(res.status, JSON.stringify(form)).toBe(404);
      const resUnknown = await appRequest(editPath(unknown), { cookie: B.cookie, form });
      expect(resUnknown.status).toBe(404);
    }
    expect(await rowOf(aId)).toEqual(before);
    expect(await auditOf(aId)).toEqual(auditBefore);
    expect(await registerCount(A.id)).toBe(countA);
    // A still sees and edits it.
    expect((await loadEdit(A.cookie, aId)).values).toMatchObject({ name: "Zuleica Isolada Andrade" });
  });

  it("never lists A's clients in the command palette search (/busca)", async () => {
    for (const q of ["zuleica", "Zuleica Isolada", cpfA, formatCpf(cpfA), emailA, "alfa", "andrade"]) {
      const { results } = await palette(B.cookie, q);
      for (const r of results) expect(aIds, q).not.toContain(r.id);
    }
    expect((await palette(B.cookie, "zuleica")).results.map((r) => r.id)).toEqual([bMatch]);
    // A finds its own.
    expect((await palette(A.cookie, cpfA)).results.map((r) => r.id)).toEqual([aId]);
  });
});

// ---------------------------------------------------------------------------
describe("create", () => {
  it("stores digits-only document, CEP and phones, fills search_text, audits, and redirects to the edit screen with a flash", async () => {
    const cpf = nextCpf();
    const email = `joao.${uniq()}@example.com`;
    const countBefore = await registerCount(B.id);
    const res = await appRequest(NEW, {
      cookie: B.cookie,
      form: clientForm({
        name: "  João   Gonçalves da Silva ",
        tradeName: "Joãozinho",
        document: formatCpf(cpf),
        "emails[0]": `  ${email.toUpperCase()} `,
        "emails[1]": "",
        "phones[0].number": "+55 (11) 98765-4321",
        "phones[0].whatsapp": "on",
        "phones[1].number": "(21) 3456-7890",
        postalCode: "01310-100",
        state: "sp",
        emergencyContactPhone: "(11) 3000-1000",
        birthDate: "1980-02-29",
        passportNumber: "fz123456",
        passportCountry: "br",
      }),
    });
    expect(res.status).toBe(302);
    const target = location(res)!;
    expect(target).toMatch(/^\/cadastros\/clientes\/editar\/[A-Za-z0-9_-]+$/);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("rota_flash="))).toBe(true);
    const id = target.split("/").pop()!;

    const row = (await rowOf(id))!;
    expect(row).toMatchObject({
      agency_id: B.id,
      kind: "person",
      name: "João   Gonçalves da Silva",
      trade_name: "Joãozinho",
      document: cpf,
      postal_code: "01310100",
      state: "SP",
      country: "BR",
      emergency_contact_phone: "1130001000",
      birth_date: "1980-02-29",
      passport_number: "FZ123456",
      passport_country: "BR",
      marketing_consent: 1,
      created_by: B.userId,
      deleted_at: null,
      version: 1,
    });
    expect(JSON.parse(row.emails as string)).toEqual([email]);
    expect(JSON.parse(row.phones as string)).toEqual([
      { number: "11987654321", whatsapp: true },
      { number: "2134567890", whatsapp: false },
    ]);
    expect(JSON.parse(row.tags as string)).toEqual(["vip", "família"]);
    expect(row.search_text).toBe(`joao goncalves da silva joaozinho ${cpf} ${email} 11987654321 2134567890`);
    expect(await registerCount(B.id)).toBe(countBefore + 1);

    const audit = await auditOf(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ agency_id: B.id, user_id: B.userId, entity: "client", action: "create" });
    expect(audit[0]!.changes).toMatchObject({ name: [null, "João   Gonçalves da Silva"], document: [null, cpf], postalCode: [null, "01310100"] });
    expect(audit[0]!.changes).not.toHaveProperty("searchText");

    // The edit screen it redirects to shows it.
    const edit = await loadEdit(B.cookie, id);
    expect(edit.values).toMatchObject({ name: "João   Gonçalves da Silva", document: formatCpf(cpf), postalCode: "01310-100" });
    expect(edit.history.entries.map((e) => e.action)).toEqual(["create"]);
  });

  it("refuses an invalid CPF with 400 and registers.errors.cpf, writing nothing", async () => {
    const count = await liveCount(B.id);
    const audits = await auditCount(B.id);
    for (const document of ["111.111.111-11", "123.456.789-00", "1234567890", "529.982.247-26"]) {
      const res = await appRequest(NEW, { cookie: B.cookie, form: clientForm({ document }) });
      expect(res.status, document).toBe(400);
      const body = await json<ErrorReply>(res);
      expect(body.result.error?.document, document).toEqual(["registers.errors.cpf"]);
    }
    // A CNPJ for a company is checked as a CNPJ.
    const res = await appRequest(NEW, { cookie: B.cookie, form: clientForm({ kind: "company", document: "11.222.333/0001-80" }) });
    expect((await json<ErrorReply>(res)).result.error?.document).toEqual(["registers.errors.cnpj"]);
    expect(await liveCount(B.id)).toBe(count);
    expect(await auditCount(B.id)).toBe(audits);
  });

  it("answers a duplicate CPF in the same agency with 409 and a link to the existing client; another agency may have it", async () => {
    const cpf = nextCpf();
    const existing = await create(B.cookie, clientForm({ name: "Primeiro Dono", document: formatCpf(cpf) }));
    const count = await liveCount(B.id);
    const audits = await auditCount(B.id);
    for (const typed of [formatCpf(cpf), cpf, ` ${cpf.slice(0, 3)} ${cpf.slice(3, 6)} ${cpf.slice(6, 9)}-${cpf.slice(9)} `]) {
      const res = await appRequest(NEW, { cookie: B.cookie, form: clientForm({ name: "Segundo", document: typed }) });
      expect(res.status, typed).toBe(409);
      const body = await json<ErrorReply>(res);
      expect(body.duplicate).toEqual({ field: "document", name: "Primeiro Dono", href: editPath(existing) });
      expect(body.result.error?.document).toEqual(["records.errors.duplicate.document"]);
    }
    expect(await liveCount(B.id)).toBe(count);
    expect(await auditCount(B.id)).toBe(audits);

    const other = await create(A.cookie, clientForm({ name: "Mesmo CPF em Alfa", document: formatCpf(cpf) }));
    expect((await rowOf(other))!).toMatchObject({ agency_id: A.id, document: cpf });
  });

  it("answers a duplicate e-mail in the same agency with 409 and a link; another agency may have it", async () => {
    const email = `duplo.${uniq()}@example.com`;
    const existing = await create(B.cookie, clientForm({ name: "Dona do E-mail", "emails[0]": "outro." + email, "emails[1]": email }));
    const count = await liveCount(B.id);
    const res = await appRequest(NEW, { cookie: B.cookie, form: clientForm({ name: "Copia", "emails[0]": ` ${email.toUpperCase()}` }) });
    expect(res.status).toBe(409);
    const body = await json<ErrorReply>(res);
    expect(body.duplicate).toEqual({ field: "emails", name: "Dona do E-mail", href: editPath(existing) });
    expect(await liveCount(B.id)).toBe(count);
    // Twice in the same form is a field error.
    const twice = await appRequest(NEW, { cookie: B.cookie, form: clientForm({ "emails[0]": `x.${email}`, "emails[1]": `X.${email}` }) });
    expect(twice.status).toBe(400);
    expect((await json<ErrorReply>(twice)).result.error?.["emails[1]"]).toEqual(["registers.errors.duplicateEmail"]);
    expect(await liveCount(B.id)).toBe(count);

    await create(A.cookie, clientForm({ name: "Mesmo e-mail em Alfa", "emails[0]": email }));
  });
});

// ---------------------------------------------------------------------------
describe("update", () => {
  it("saves with the right version: version + 1, an audit entry with exactly the changed fields, shown in the history", async () => {
    const id = await create(B.cookie, clientForm({ name: "Helena Editável", notes: "" }));
    const loaded = await loadEdit(B.cookie, id);
    expect(loaded.version).toBe(1);
    const before = (await rowOf(id))!;

    const res = await appRequest(editPath(id), {
      cookie: B.cookie,
      form: formOf(loaded.values, { version: "1", city: "Curitiba", state: "pr", postalCode: "80010000", notes: "Cliente desde 2020" }),
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ saved: true, toast: { title: "records.saved" } });

    const after = (await rowOf(id))!;
    expect(after).toMatchObject({ version: 2, city: "Curitiba", state: "PR", postal_code: "80010000", notes: "Cliente desde 2020" });
    // Nothing else moved.
    const { version: _v1, updated_at: _u1, city: _c1, state: _s1, postal_code: _p1, notes: _n1, ...restBefore } = before;
    const { version: _v2, updated_at: _u2, city: _c2, state: _s2, postal_code: _p2, notes: _n2, ...restAfter } = after;
    expect(restAfter).toEqual(restBefore);

    const audit = await auditOf(id);
    expect(audit.map((a) => a.action)).toEqual(["create", "update"]);
    expect(audit[1]).toMatchObject({ agency_id: B.id, user_id: B.userId });
    expect(audit[1]!.changes).toEqual({
      postalCode: ["01310100", "80010000"],
      city: ["São Paulo", "Curitiba"],
      state: ["SP", "PR"],
      notes: [null, "Cliente desde 2020"],
    });

    const reloaded = await loadEdit(B.cookie, id);
    expect(reloaded.version).toBe(2);
    expect(reloaded.history.entries.map((e) => e.action)).toEqual(["update", "create"]);
    expect(reloaded.history.entries[0]!.changes).toEqual(audit[1]!.changes);
    expect(reloaded.history.entries[0]!.who).toBe(`Admin da ${B.name}`);

    // Saving the form unchanged writes nothing.
    const same = await appRequest(editPath(id), { cookie: B.cookie, form: formOf(reloaded.values, { version: "2" }) });
    expect(same.status).toBe(200);
    expect(await rowOf(id)).toEqual(after);
    expect(await auditOf(id)).toHaveLength(2);
  });

  it("refuses a stale version with 409, the other save's values in stale.differences, and writes nothing", async () => {
    const id = await create(B.cookie, clientForm({ name: "Otávio Concorrente", notes: "" }));
    const loaded = await loadEdit(B.cookie, id);

    // Two screens opened at version 1: the first one saves.
    const first = await appRequest(editPath(id), { cookie: B.cookie, form: formOf(loaded.values, { version: "1", city: "Recife", state: "PE", notes: "Salvo primeiro" }) });
    expect(first.status).toBe(200);
    const saved = (await rowOf(id))!;
    const audits = await auditOf(id);

    const second = await appRequest(editPath(id), { cookie: B.cookie, form: formOf(loaded.values, { version: "1", city: "Natal", state: "RN", name: "Otávio Segundo" }) });
    expect(second.status).toBe(409);
    const body = await json<{ stale: { version: number; differences: { field: string; value: string }[] } }>(second);
    expect(body.stale.version).toBe(2);
    expect(body.stale.differences).toEqual(
      expect.arrayContaining([
        { field: "city", value: "Recife" },
        { field: "state", value: "PE" },
        { field: "name", value: "Otávio Concorrente" },
        { field: "notes", value: "Salvo primeiro" },
      ]),
    );
    expect(body.stale.differences.map((d) => d.field).sort()).toEqual(["city", "name", "notes", "state"]);
    expect(await rowOf(id)).toEqual(saved);
    expect(await auditOf(id)).toEqual(audits);

    // A version from the future is stale too.
    const future = await appRequest(editPath(id), { cookie: B.cookie, form: formOf(loaded.values, { version: "7", city: "Natal" }) });
    expect(future.status).toBe(409);
    expect(await rowOf(id)).toEqual(saved);
  });

  it("answers a duplicate CPF on update with 409 and keeps the row", async () => {
    const cpf = nextCpf();
    const holder = await create(B.cookie, clientForm({ name: "Titular do CPF", document: formatCpf(cpf) }));
    const id = await create(B.cookie, clientForm({ name: "Quer o CPF" }));
    const before = await rowOf(id);
    const res = await appRequest(editPath(id), { cookie: B.cookie, form: clientForm({ name: "Quer o CPF", document: cpf, version: "1", "emails[0]": `q.${uniq()}@example.com` }) });
    expect(res.status).toBe(409);
    expect((await json<ErrorReply>(res)).duplicate).toEqual({ field: "document", name: "Titular do CPF", href: editPath(holder) });
    expect(await rowOf(id)).toEqual(before);
  });
});

// ---------------------------------------------------------------------------
describe("delete", () => {
  it("is refused (403) to an Agente and changes nothing", async () => {
    const agente = await memberOf(B.id, "Agente");
    const id = await create(B.cookie, clientForm({ name: "Protegido do Agente" }));
    const before = await rowOf(id);
    const count = await registerCount(B.id);
    const res = await appRequest(editPath(id), { cookie: agente.cookie, form: { intent: "delete" } });
    expect(res.status).toBe(403);
    expect(await json(res)).toMatchObject({ deleteError: "records.delete.forbidden" });
    expect(await rowOf(id)).toEqual(before);
    expect(await registerCount(B.id)).toBe(count);
    expect(await auditOf(id)).toHaveLength(1);
    // The Agente's edit screen offers no delete, but edits and lists work.
    expect((await loadEdit(agente.cookie, id)).canDelete).toBe(false);
    expect((await list(agente.cookie, "?q=protegido")).rows.map((r) => r.id)).toEqual([id]);
  });

  it("is refused (409, with the references) while something refers to the client, and changes nothing", async () => {
    const id = await create(B.cookie, clientForm({ name: "Cliente com Vendas" }));
    const before = await rowOf(id);
    const count = await registerCount(B.id);
    const asked: [string, string][] = [];
    const unregister = registerReference("client", async (_db, agencyId, refId) => {
      asked.push([agencyId, refId]);
      return refId === id ? { count: 3, label: "sales.title" } : null;
    });
    try {
      const res = await appRequest(editPath(id), { cookie: B.cookie, form: { intent: "delete" } });
      expect(res.status).toBe(409);
      expect(await json(res)).toMatchObject({ deleteError: "records.delete.referenced", references: [{ count: 3, label: "sales.title" }] });
      expect(asked).toEqual([[B.id, id]]);
    } finally {
      unregister();
    }
    expect(await rowOf(id)).toEqual(before);
    expect(await registerCount(B.id)).toBe(count);
    expect((await auditOf(id)).map((a) => a.action)).toEqual(["create"]);
    // Once the reference is gone, the same request deletes.
    expect((await appRequest(editPath(id), { cookie: B.cookie, form: { intent: "delete" } })).status).toBe(302);
  });

  it("soft-deletes for an Admin: gone from list, search, /busca and CSV; counter down by one; audited; the CPF is free again", async () => {
    const cpf = nextCpf();
    const email = `apagado.${uniq()}@example.com`;
    const id = await create(B.cookie, clientForm({ name: "Wanderley Apagável", document: formatCpf(cpf), "emails[0]": email }));
    expect((await list(B.cookie, "?q=wanderley")).rows.map((r) => r.id)).toEqual([id]);
    const count = await registerCount(B.id);
    const before = (await rowOf(id))!;

    const res = await appRequest(editPath(id), { cookie: B.cookie, form: { intent: "delete" } });
    expect(res.status).toBe(302);
    expect(location(res)).toBe(LIST);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("rota_flash="))).toBe(true);

    const after = (await rowOf(id))!;
    expect(after.deleted_at).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));
    expect(after.version).toBe(before.version + 1);
    expect(await registerCount(B.id)).toBe(count - 1);
    expect(await registerCount(B.id)).toBe(await liveCount(B.id));
    const audit = await auditOf(id);
    expect(audit.map((a) => a.action)).toEqual(["create", "delete"]);
    expect(audit[1]).toMatchObject({ user_id: B.userId, agency_id: B.id, changes: { deletedAt: [null, after.deleted_at] } });

    expect((await list(B.cookie, "?q=wanderley")).rows).toEqual([]);
    expect((await list(B.cookie, `?q=${cpf}`)).page.total).toBe(0);
    expect((await list(B.cookie, "?size=100&sort=createdAt&dir=desc")).rows.map((r) => r.id)).not.toContain(id);
    expect((await palette(B.cookie, "wanderley")).results).toEqual([]);
    expect((await palette(B.cookie, cpf)).results).toEqual([]);
    expect((await exportCsv(B.cookie, "?q=wanderley")).text).not.toContain("Wanderley");
    expect((await appRequest(editPath(id), { cookie: B.cookie })).status).toBe(404);
    expect((await appRequest(editPath(id), { cookie: B.cookie, form: { intent: "delete" } })).status).toBe(404);
    expect((await appRequest(editPath(id), { cookie: B.cookie, form: clientForm({ version: String(after.version) }) })).status).toBe(404);
    expect(await rowOf(id)).toEqual(after);

    // The document and e-mail are free again.
    const again = await create(B.cookie, clientForm({ name: "Wanderley de Volta", document: formatCpf(cpf), "emails[0]": email }));
    expect((await rowOf(again))!).toMatchObject({ document: cpf, deleted_at: null });
  });
});

// ---------------------------------------------------------------------------
describe("list", () => {
  const CITIES = ["São Paulo", "Sao Paulo", "Águas de Lindóia", "belo horizonte", "Curitiba", "Zé Doca", "curitiba"];
  const FIRST = ["Ana", "Álvaro", "bruno", "Cecília", "Davi", "Érica", "Fábio", "Gustavo", "Ígor", "Júlia", "Otávio", "Úrsula"];
  const LAST = ["Souza", "Silva", "Ângelo", "Ramos", "de Oliveira", "Öztürk"];
  let L: Session;
  let rows: Inserted[];
  let joao: Inserted;
  const base = Date.parse("2025-03-01T12:00:00.000Z");

  beforeAll(async () => {
    L = await agencyWith("Admin", "Agência Lista");
    const seeds: Seed[] = [];
    for (let i = 0; i < 119; i++) {
      const company = i % 7 === 0;
      seeds.push({
        // Every 10th row has the same name (ties on the sort value).
        name: i % 10 === 0 ? "Ana Souza" : company ? `${LAST[i % LAST.length]} Turismo ${i} Ltda` : `${FIRST[i % FIRST.length]} ${LAST[(i * 5) % LAST.length]} ${i}`,
        kind: company ? "company" : "person",
        document: i % 11 === 0 ? null : company ? nextCnpj() : nextCpf(),
        emails: i % 4 === 0 ? [`pessoa${i}@example.com`] : [],
        // A sixth without a city (NULLs in the city sort).
        city: i % 6 === 0 ? null : CITIES[i % CITIES.length]!,
        marketingConsent: i % 3 === 0,
        // Groups of four created in the same millisecond (ties on createdAt).
        createdAt: new Date(base + Math.floor(i / 4) * 1000).toISOString(),
      });
    }
    seeds.push({ name: "João Gonçalves Ferreira", document: "52998224725", city: "São João del-Rei", createdAt: new Date(base + 500_000).toISOString() });
    // Deleted rows never show.
    for (let i = 0; i < 5; i++) seeds.push({ name: `Ana Apagada ${i}`, city: null, deletedAt: new Date(base).toISOString(), createdAt: new Date(base).toISOString() });
    const inserted = await insertClients(L.id, seeds);
    rows = inserted.filter((r) => r.deletedAt === null);
    joao = rows.find((r) => r.name.startsWith("João"))!;
    expect(rows).toHaveLength(120);
  });

  it("totals the live rows: unfiltered from register_count, filtered by counting", async () => {
    const { page } = await list(L.cookie);
    expect(page).toMatchObject({ total: 120, totalCapped: false });
    expect(await registerCount(L.id)).toBe(120);
    // The unfiltered total is the counter row, not a count of the table.
    await env.DB.prepare("update register_count set live = 4321 where agency_id = ? and entity = 'client'").bind(L.id).run();
    try {
      expect((await list(L.cookie)).page.total).toBe(4321);
      expect((await list(L.cookie, "?sort=city&size=50")).page.total).toBe(4321);
      // A filtered total is counted.
      expect((await list(L.cookie, "?kind=person")).page.total).toBe(rows.filter((r) => r.kind === "person").length);
    } finally {
      await env.DB.prepare("update register_count set live = 120 where agency_id = ? and entity = 'client'").bind(L.id).run();
    }
    const cases: [string, (r: Inserted) => boolean][] = [
      ["?kind=company", (r) => r.kind === "company"],
      ["?kind=person", (r) => r.kind === "person"],
      ["?consent=yes", (r) => r.marketingConsent],
      ["?consent=no", (r) => !r.marketingConsent],
      ["?q=souza", (r) => matchesSearch(r, "souza")],
      ["?q=ana%20souza&consent=yes", (r) => matchesSearch(r, "ana souza") && r.marketingConsent],
      ["?q=turismo&kind=company", (r) => matchesSearch(r, "turismo") && r.kind === "company"],
      ["?q=%C3%82ngelo", (r) => matchesSearch(r, "angelo")],
      ["?q=example.com", (r) => matchesSearch(r, "example.com")],
    ];
    for (const [search, match] of cases) {
      const expected = rows.filter(match).length;
      expect(expected, search).toBeGreaterThan(0);
      const data = await list(L.cookie, search);
      expect(data.page.total, search).toBe(expected);
      expect(data.rows.every((r) => rows.filter(match).some((x) => x.id === r.id)), search).toBe(true);
    }
  });

  const walks: { sort: "name" | "city" | "createdAt"; dir: "asc" | "desc"; size: 25 | 50 | 100 }[] = [
    { sort: "name", dir: "asc", size: 25 },
    { sort: "name", dir: "desc", size: 25 },
    { sort: "city", dir: "asc", size: 25 },
    { sort: "city", dir: "desc", size: 25 },
    { sort: "createdAt", dir: "desc", size: 25 },
    { sort: "createdAt", dir: "asc", size: 50 },
    { sort: "name", dir: "asc", size: 100 },
  ];
  for (const { sort, dir, size } of walks) {
    it(`pages forwards (after) and backwards (before) through every row in order: ${sort} ${dir}, ${size} a page`, async () => {
      const value = (r: Inserted) => (sort === "name" ? r.searchText : sort === "city" ? r.city : r.createdAt);
      const expected = keysetOrder(rows, value, dir).map((r) => r.id);
      const params = new URLSearchParams();
      if (sort !== "name" || dir !== "asc") {
        params.set("sort", sort);
        params.set("dir", dir);
      }
      if (size !== 25) params.set("size", String(size));
      const at = (extra: Record<string, string>) => {
        const p = new URLSearchParams(params);
        for (const [k, v] of Object.entries(extra)) p.set(k, v);
        return `?${p}`;
      };

      const forward: string[][] = [];
      let data = await list(L.cookie, at({}));
      expect(data.page.prev).toBeNull();
      for (;;) {
        expect(data.page.total).toBe(120);
        expect(data.query).toMatchObject({ sort, dir, size });
        forward.push(data.rows.map((r) => r.id));
        if (!data.page.next) break;
        expect(forward.length).toBeLessThan(20);
        data = await list(L.cookie, at({ after: data.page.next }));
        expect(data.page.prev).not.toBeNull();
      }
      expect(forward.map((p) => p.length)).toEqual(Array.from({ length: Math.ceil(120 / size) }, (_, i) => Math.min(size, 120 - i * size)));
      expect(forward.flat()).toEqual(expected);
      expect(new Set(forward.flat()).size).toBe(120);

      // Back from the last page with `before`, page by page, to the first.
      const backward: string[][] = [forward[forward.length - 1]!];
      let prev = data.page.prev;
      while (prev) {
        const back = await list(L.cookie, at({ before: prev }));
        expect(back.page.next).not.toBeNull();
        backward.unshift(back.rows.map((r) => r.id));
        prev = back.page.prev;
        expect(backward.length).toBeLessThanOrEqual(forward.length);
      }
      expect(backward).toEqual(forward);
    });
  }

  it("ignores a malformed cursor, sort, direction, size or filter (200, the default list), never a 500", async () => {
    const first = await list(L.cookie);
    const defaults = { q: "", sort: "name", dir: "asc", size: 25, filters: {}, after: null, before: null };
    expect(first.query).toEqual(defaults);
    const garbage = [
      "?after=garbage",
      "?before=%%%",
      "?after=eyJ2IjoxfQ",
      `?after=${"A".repeat(5000)}`,
      `?after=${encodeCursor({ v: "x", id: "bad id; drop table client" })}`,
      `?after=${btoa(JSON.stringify([{ a: 1 }, "abc"]))}`,
      `?after=${btoa(JSON.stringify(["x", "abc", 3]))}`,
      "?sort=password&dir=sideways",
      "?sort=search_text",
      "?sort=__proto__",
      "?size=7",
      "?size=1000000",
      "?size=-25",
      "?size=25.0e0abc",
      "?kind=robot&consent=maybe",
      "?dir=DESC",
    ];
    for (const search of garbage) {
      const data = await list(L.cookie, search);
      expect(data.rows.map((r) => r.id), search).toEqual(first.rows.map((r) => r.id));
      expect(data.page.total, search).toBe(120);
    }
    // A well-formed cursor with a value of the wrong type is still no error.
    for (const v of [12345, null, "", "\u{1F600}".repeat(300)]) {
      for (const sort of ["name", "city", "createdAt"]) {
        const res = await appRequest(`${LIST}?sort=${sort}&after=${encodeCursor({ v, id: "zzz" })}`, { cookie: L.cookie });
        expect(res.status, `${sort} ${String(v)}`).toBe(200);
      }
    }
  });

  it("answers 200 with rows of the agency only for arbitrary list parameters (property)", async () => {
    const ids = new Set(rows.map((r) => r.id));
    const param = fc.oneof(
      fc.string(),
      fc.string({ unit: "binary" }),
      fc.constantFrom("name", "city", "createdAt", "asc", "desc", "25", "50", "100", "person", "company", "yes", "no", ""),
      fc.record({ v: fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.double()), id: fc.string() }).map((c) => encodeCursor(c as { v: string; id: string })),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({ q: fc.string({ maxLength: 40 }), sort: param, dir: param, size: param, after: param, before: param, kind: param, consent: param }, { requiredKeys: [] }),
        async (params) => {
          const search = new URLSearchParams(params as Record<string, string>).toString();
          const res = await appRequest(`${LIST}?${search}`, { cookie: L.cookie });
          expect(res.status).toBe(200);
          const data = await json<ListData>(res);
          for (const r of data.rows) expect(ids.has(r.id)).toBe(true);
          expect(data.rows.length).toBeLessThanOrEqual(100);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("searches accent- and case-insensitively, and finds a CPF typed with punctuation", async () => {
    const find = async (q: string) => (await list(L.cookie, `?q=${encodeURIComponent(q)}`)).rows.map((r) => r.id);
    for (const q of ["joao", "JOÃO", "João", "goncalves", "gonçalves joão", "JOAO GONCALVES", "  joao   ferreira  ", "529.982.247-25", "52998224725", "982.247", "529 982 247 25"]) {
      expect(await find(q), q).toEqual([joao.id]);
    }
    // LIKE wildcards are plain characters.
    expect(await find("%")).toEqual([]);
    expect(await find("_")).toEqual([]);
    const anaSouza = rows.filter((r) => matchesSearch(r, "ana souza"));
    expect(anaSouza.length).toBeGreaterThan(12);
    expect((await list(L.cookie, "?q=ANA%20S%C3%93UZA&size=100")).rows.map((r) => r.id).sort()).toEqual(anaSouza.map((r) => r.id).sort());
    // The palette too.
    expect((await palette(L.cookie, "joao goncalves")).results.map((r) => r.id)).toEqual([joao.id]);
    expect((await palette(L.cookie, "529.982.247-25")).results.map((r) => r.id)).toEqual([joao.id]);
    expect((await palette(L.cookie, "%%")).results).toEqual([]);
  });

  it("searches a long word (a pasted e-mail of more than 48 characters) without a 500, in the list, the CSV and /busca", async () => {
    const email = `reservas.corporativas.financeiro.${uniq()}@agenciadeviagens.example.com.br`;
    expect(email.length).toBeGreaterThan(60);
    const id = await create(B.cookie, clientForm({ name: "Empresa do E-mail Comprido", "emails[0]": email }));
    const q = encodeURIComponent(email);
    const found = await appRequest(`${LIST}?q=${q}`, { cookie: B.cookie });
    expect(found.status).toBe(200);
    expect((await json<ListData>(found)).rows.map((r) => r.id)).toEqual([id]);
    expect((await appRequest(`${EXPORT}?q=${q}`, { cookie: B.cookie }).then((r) => r.text())).includes(email)).toBe(true);
    const palette = await appRequest(`/busca?q=${q}`, { cookie: B.cookie });
    expect(palette.status).toBe(200);
    expect((await json<SearchData>(palette)).results.map((r) => r.id)).toEqual([id]);
  });

  it("exports the current filter in the list's order as ';' CSV with a BOM", async () => {
    const { res, bytes, text } = await exportCsv(L.cookie, "?kind=company&sort=city&dir=desc");
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="clientes-ag-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text.slice(1).split("\r\n")[0]).toBe(CLIENT_CSV_COLUMNS.join(";"));
    const parsed = parseCsv(text);
    expect(parsed.errors).toEqual([]);
    const companies = keysetOrder(
      rows.filter((r) => r.kind === "company"),
      (r) => r.city,
      "desc",
    );
    expect(parsed.records.map((r) => r.name)).toEqual(companies.map((r) => r.name));
    expect(parsed.records.every((r) => r.kind === "company")).toBe(true);
    // Unfiltered: every live row once.
    const all = parseCsv((await exportCsv(L.cookie)).text);
    expect(all.records).toHaveLength(120);
    expect(all.records.map((r) => r.name)).toEqual(keysetOrder(rows, (r) => r.searchText, "asc").map((r) => r.name));
  });
});

// ---------------------------------------------------------------------------
/**
 * A D1 binding that records every statement it binds (SQL and parameters), so a
 * test can run exactly the SQL the list ran again and read its meta.rows_read.
 */
function recordingDb() {
  const calls: { sql: string; params: unknown[] }[] = [];
  const pass = <T extends object>(target: T, prop: string | symbol) => {
    const value = Reflect.get(target, prop, target) as unknown;
    return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
  };
  const statement = (stmt: D1PreparedStatement, sql: string): D1PreparedStatement =>
    new Proxy(stmt, {
      get: (target, prop) =>
        prop === "bind"
          ? (...params: unknown[]) => {
              calls.push({ sql, params });
              return target.bind(...params);
            }
          : pass(target, prop),
    });
  const d1 = new Proxy(env.DB, {
    get: (target, prop) => (prop === "prepare" ? (sql: string) => statement(target.prepare(sql), sql) : pass(target, prop)),
  });
  return { db: createDb(d1), calls };
}

describe("rows read by the list's SQL on a 10 000-client agency", () => {
  let R: Session;
  let byName: Inserted[];

  beforeAll(async () => {
    R = await agencyWith("Admin", "Agência Grande");
    const seeds: Seed[] = [];
    const start = Date.parse("2024-01-01T00:00:00.000Z");
    for (let i = 0; i < 10_000; i++) {
      const n = (i * 7919) % 10_000;
      seeds.push({
        name: `Cliente ${String(n).padStart(5, "0")} ${FIRST_NAMES[i % FIRST_NAMES.length]}`,
        city: i % 5 === 0 ? null : `Cidade ${i % 37}`,
        kind: i % 9 === 0 ? "company" : "person",
        createdAt: new Date(start + i * 1000).toISOString(),
      });
    }
    const inserted = await insertClients(R.id, seeds, 1000);
    byName = keysetOrder(inserted, (r) => r.searchText, "asc");
  }, 60_000);

  async function measure(search: string) {
    const { db, calls } = recordingDb();
    const query = parseListQuery(new URLSearchParams(search), clientListSpec);
    const result = await listClients({ db, agencyId: R.id }, query);
    const pageCall = calls.find((c) => /from "client"/.test(c.sql) && / limit \?$/.test(c.sql));
    const countCall = calls.find((c) => /from "register_count"/.test(c.sql));
    expect(pageCall, "the page query").toBeDefined();
    expect(countCall, "the total from register_count").toBeDefined();
    expect(calls).toHaveLength(2);
    const page = await env.DB.prepare(pageCall!.sql)
      .bind(...pageCall!.params)
      .all();
    const count = await env.DB.prepare(countCall!.sql)
      .bind(...countCall!.params)
      .all();
    // And the screen shows the same rows.
    const loader = await list(R.cookie, `?${search}`);
    expect(loader.rows).toEqual(JSON.parse(JSON.stringify(result.rows)));
    return { result, page, count };
  }

  const cases = () => {
    const deep = byName[5000]!;
    return [
      { label: "default first page", search: "", expected: byName.slice(0, 25) },
      { label: "deep page (after cursor)", search: `after=${encodeCursor({ v: deep.searchText, id: deep.id })}`, expected: byName.slice(5001, 5026) },
      { label: "name descending", search: "sort=name&dir=desc", expected: [...byName].reverse().slice(0, 25) },
      {
        label: "name descending, deep page",
        search: `sort=name&dir=desc&after=${encodeCursor({ v: deep.searchText, id: deep.id })}`,
        expected: byName.slice(4975, 5000).reverse(),
      },
      { label: "deep page (before cursor)", search: `before=${encodeCursor({ v: deep.searchText, id: deep.id })}`, expected: byName.slice(4975, 5000) },
    ];
  };

  for (const i of [0, 1, 2, 3, 4]) {
    it(`reads at most twice the rows it returns, and ≤ 2 rows for the total: case ${i + 1}`, async () => {
      const c = cases()[i]!;
      const { result, page, count } = await measure(c.search);
      expect(result.rows.map((r) => r.id), c.label).toEqual(c.expected.map((r) => r.id));
      expect(result.page.total).toBe(10_000);
      expect(page.results.length).toBe(26);
      expect(page.meta.rows_read, `${c.label}: rows read by the page query`).toBeLessThanOrEqual(2 * page.results.length);
      expect(count.meta.rows_read, `${c.label}: rows read by the total`).toBeLessThanOrEqual(2);
    });
  }
});

// ---------------------------------------------------------------------------
/** The status of a request, a thrown error counting as the 500 React Router would answer. */
async function attempt(path: string, init: AppRequestInit) {
  try {
    const res = await appRequest(path, init);
    return { status: res.status, res };
  } catch (error) {
    return { status: 500, res: null, error };
  }
}

const HUGE = fc.constantFrom("x".repeat(5_000), "9".repeat(20_000), "ç".repeat(3_000), "a@b.co ".repeat(1_000), "(11) 9".repeat(1_000));
const anyText = fc.oneof(
  { weight: 3, arbitrary: fc.string() },
  { weight: 2, arbitrary: fc.string({ unit: "binary" }) },
  { weight: 1, arbitrary: fc.constant("") },
  { weight: 1, arbitrary: HUGE },
  {
    weight: 2,
    arbitrary: fc.constantFrom("on", "true", "false", "person", "company", "BR", "AR", "sp", "XX", "1", "0", "-1", "1e309", "NaN", "null", "[]", "{}", "%", "_", "\\", "'; drop table client; --", "2024-02-30", "1899-12-31", "2999-01-01"),
  },
);
/** A value as FormData carries it: one text, several entries of the same name, or missing. */
const formValue = (good: fc.Arbitrary<string>) =>
  fc.oneof({ weight: 4, arbitrary: good }, { weight: 4, arbitrary: anyText }, { weight: 1, arbitrary: fc.array(fc.oneof(good, anyText), { minLength: 2, maxLength: 3 }) });
const cpfText = fc.integer().map((seed) => formatCpf(generateCpf(mulberry32(seed))));
const cnpjText = fc.integer().map((seed) => formatCnpj(generateCnpj(mulberry32(seed))));
const emailText = fc.stringMatching(/^[a-z0-9]{1,12}$/).map((s) => `${s}@example.com`);

/** Form values that pass, consistent with each other (kind and document, BR address). */
const goodForm = fc
  .record({
    company: fc.boolean(),
    seed: fc.integer(),
    name: fc.constantFrom("Fulano de Tal", "Ângela Ürsula", "Empresa X Ltda", "  Zé  "),
    emails: fc.uniqueArray(emailText, { maxLength: 3 }),
    phone: fc.constantFrom("(11) 98765-4321", "+54 11 4321-0000", "21 3456-7890", ""),
    whatsapp: fc.constantFrom("on", ""),
    postalCode: fc.constantFrom("01310-100", "01310100", ""),
    state: fc.constantFrom("SP", "rj", ""),
    birthDate: fc.constantFrom("1990-05-17", "2000-02-29", ""),
    tags: fc.constantFrom("vip", "a,b;c", ",,,", ""),
    consent: fc.constantFrom("on", ""),
  })
  .map((g) => {
    const form: Record<string, string> = {
      kind: g.company ? "company" : "person",
      name: g.name,
      document: g.company ? formatCnpj(generateCnpj(mulberry32(g.seed))) : formatCpf(generateCpf(mulberry32(g.seed))),
      passportNumber: "FZ123456",
      passportCountry: "pt",
      passportExpiry: "2030-01-31",
      nationality: "brasileira",
      birthDate: g.birthDate,
      "phones[0].number": g.phone,
      "phones[0].whatsapp": g.whatsapp,
      postalCode: g.postalCode,
      street: "Rua A",
      number: "10",
      complement: "ap 1",
      district: "Centro",
      city: "São Paulo",
      state: g.state,
      country: "BR",
      emergencyContactName: "Mãe",
      emergencyContactPhone: "(11) 3000-1000",
      tags: g.tags,
      notes: "Observação",
      marketingConsent: g.consent,
    };
    g.emails.forEach((e, i) => (form[`emails[${i}]`] = e));
    return form;
  });

/** Any value for every field of the form, or none. */
const anyFormModel = {
  kind: formValue(fc.constantFrom("person", "company")),
  name: formValue(fc.constantFrom("Fulano de Tal", "Ângela Ürsula")),
  tradeName: formValue(fc.constant("Nome Fantasia")),
  document: formValue(fc.oneof(cpfText, cnpjText, fc.constant(""))),
  rg: formValue(fc.constant("12.345.678-9")),
  rgIssuer: formValue(fc.constant("SSP/SP")),
  passportNumber: formValue(fc.constantFrom("FZ123456", "ab12")),
  passportCountry: formValue(fc.constantFrom("BR", "pt", "")),
  passportExpiry: formValue(fc.constantFrom("2030-01-31", "31/01/2030")),
  nationality: formValue(fc.constant("brasileira")),
  birthDate: formValue(fc.constantFrom("1990-05-17", "2000-02-29", "")),
  "emails[0]": formValue(emailText),
  "emails[1]": formValue(emailText),
  "emails[6]": formValue(emailText),
  emails: formValue(emailText),
  "phones[0].number": formValue(fc.constantFrom("(11) 98765-4321", "+54 11 4321-0000", "123")),
  "phones[0].whatsapp": formValue(fc.constantFrom("on", "")),
  "phones[2].number": formValue(fc.constantFrom("(21) 3456-7890")),
  "phones[0]": formValue(fc.constant("(11) 98765-4321")),
  phones: formValue(fc.constant("(11) 98765-4321")),
  postalCode: formValue(fc.constantFrom("01310-100", "0131010", "1234-567")),
  street: formValue(fc.constant("Rua A")),
  number: formValue(fc.constant("10")),
  complement: formValue(fc.constant("ap 1")),
  district: formValue(fc.constant("Centro")),
  city: formValue(fc.constantFrom("São Paulo", "Buenos Aires")),
  state: formValue(fc.constantFrom("SP", "rj", "ZZ")),
  country: formValue(fc.constantFrom("BR", "ar", "", "Brasil")),
  emergencyContactName: formValue(fc.constant("Mãe")),
  emergencyContactPhone: formValue(fc.constantFrom("(11) 3000-1000", "x")),
  tags: formValue(fc.constantFrom("vip", "a,b;c", ",,,", Array.from({ length: 12 }, (_, i) => `t${i}`).join(","))),
  notes: formValue(fc.constant("Observação")),
  marketingConsent: formValue(fc.constantFrom("on", "")),
};
const FORM_KEYS = Object.keys(anyFormModel);
const anyForm = fc.record(anyFormModel, { requiredKeys: [] });

/**
 * A posted form: fully arbitrary, or a valid one with a few fields replaced by
 * arbitrary values or left out (so that both the refusals and the saves run).
 */
const postedForm = (extra: Record<string, fc.Arbitrary<string | string[]>> = {}) =>
  fc.oneof(
    fc.tuple(anyForm, fc.record(extra, { requiredKeys: [] })).map(([a, e]) => ({ ...a, ...e }) as Record<string, string | string[]>),
    fc
      .tuple(goodForm, anyForm, fc.subarray(FORM_KEYS, { maxLength: 3 }), fc.record(extra))
      .map(([good, wild, keys, e]) => {
        const form: Record<string, string | string[]> = { ...good, ...e };
        for (const key of keys) {
          const value = (wild as Record<string, string | string[] | undefined>)[key];
          if (value === undefined) delete form[key];
          else form[key] = value;
        }
        return form;
      }),
  );

describe("save actions under arbitrary input (property tests)", () => {
  let P: Session;

  beforeAll(async () => {
    P = await agencyWith("Admin", "Agência Propriedades");
  });

  it("novo: never a 5xx; anything but a 302 leaves the client count unchanged; a 302 adds exactly one", async () => {
    let created = 0;
    let expected = await liveCount(P.id);
    await fc.assert(
      fc.asyncProperty(postedForm(), async (form) => {
        const { status, res, error } = await attempt(NEW, { cookie: P.cookie, form });
        expect(status, String(error ?? "")).toBeLessThan(500);
        if (status === 302) {
          created++;
          expected++;
          expect(location(res!)).toMatch(/^\/cadastros\/clientes\/editar\//);
        } else {
          expect([200, 400, 409]).toContain(status);
        }
        expect(await liveCount(P.id)).toBe(expected);
      }),
      { numRuns: FUZZ_RUNS },
    );
    expect(await registerCount(P.id)).toBe(await liveCount(P.id));
    // The generator reaches the success path too.
    expect(created).toBeGreaterThan(Math.floor(FUZZ_RUNS / 200));
  }, 180_000);

  it("editar: never a 5xx; unless saved (200 + saved), the row is unchanged", async () => {
    const id = await create(P.cookie, clientForm({ name: "Alvo das Propriedades" }));
    let saved = 0;
    let before = (await rowOf(id))!;
    await fc.assert(
      fc.asyncProperty(
        postedForm({ version: fc.oneof({ weight: 6, arbitrary: fc.constant("CURRENT") }, { weight: 1, arbitrary: formValue(fc.constantFrom("0", "1", "-1", "1.5", "99999999999")) }) }),
        async (form) => {
          const version = String(before.version);
          const withVersion = Object.fromEntries(
            Object.entries(form).map(([k, v]) => [k, Array.isArray(v) ? v.map((x) => (x === "CURRENT" ? version : x)) : v === "CURRENT" ? version : v]),
          ) as Record<string, string | string[]>;
          const { status, res, error } = await attempt(editPath(id), { cookie: P.cookie, form: withVersion });
          expect(status, String(error ?? "")).toBeLessThan(500);
          const after = (await rowOf(id))!;
          const body = status === 200 ? await json<{ saved?: boolean }>(res!) : null;
          if (body?.saved) {
            saved++;
            expect([before.version, before.version + 1]).toContain(after.version);
            expect(after.deleted_at).toBeNull();
          } else {
            expect([200, 400, 409]).toContain(status);
            expect(after).toEqual(before);
          }
          before = after;
        },
      ),
      { numRuns: FUZZ_RUNS },
    );
    // The run did save (the valid share of random forms varies from run to run).
    expect(saved).toBeGreaterThan(0);
  }, 180_000);

  it("answers a malformed Conform intent or state field with a 4xx, not a 500 (no-JS add/remove buttons post __intent__)", async () => {
    const id = await create(P.cookie, clientForm({ name: "Alvo dos Intents" }));
    const before = await rowOf(id);
    const count = await liveCount(P.id);
    const extras: Record<string, string>[] = [{ __intent__: "garbage" }, { __intent__: '{"type":1}' }, { __intent__: "null" }, { __state__: "{" }, { __state__: "[" }];
    for (const extra of extras) {
      for (const path of [NEW, editPath(id)]) {
        const { status, error } = await attempt(path, { cookie: P.cookie, form: { ...clientForm({ version: "1" }), ...extra } });
        expect(status, `${path} ${JSON.stringify(extra)}: ${String(error ?? "")}`).toBeLessThan(500);
      }
    }
    // A well-formed intent (the no-JS "add an e-mail" button) answers the form's new state and writes nothing.
    const insert = await appRequest(editPath(id), { cookie: P.cookie, form: { ...clientForm({ version: "1" }), __intent__: JSON.stringify({ type: "insert", payload: { name: "emails" } }) } });
    expect(insert.status).toBe(200);
    const state = await json<{ result: { initialValue: { emails: unknown[] } } }>(insert);
    expect(state.result.initialValue.emails).toHaveLength(2);
    expect(await rowOf(id)).toEqual(before);
    expect(await liveCount(P.id)).toBe(count);
  });

  it("answers a list index far beyond the form's rows (emails[10000000]) promptly, not after seconds of CPU", async () => {
    const count = await liveCount(P.id);
    const started = Date.now();
    const { status } = await attempt(NEW, { cookie: P.cookie, form: { kind: "person", name: "", "emails[10000000]": "a@b.co" } });
    const elapsed = Date.now() - started;
    expect(status).toBeLessThan(500);
    expect(elapsed, "milliseconds to answer").toBeLessThan(1_000);
    expect(await liveCount(P.id)).toBe(count);
  });
});
