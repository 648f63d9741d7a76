/**
 * Financeiro → Configurações through the real route table, middleware, loaders
 * and actions on the local D1: the defaults (idempotent), payment terms with
 * their preview, account types, the chart of accounts (tree rules; an account
 * with titles or entries is refused deletion and can be deactivated),
 * intermediaries, bank and cash accounts (balance, CSV); tenant isolation on
 * every route and action (404, nothing changed); an Agente refused every change
 * (403, nothing changed); stale versions refused.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_ACCOUNT_TYPES, DEFAULT_CHART, DEFAULT_PAYMENT_TERMS } from "~/lib/finance/defaults";
import { ensureFinanceDefaults } from "~/lib/finance/defaults.server";
import { createDb } from "~/lib/platform/db.server";
import { appRequest, json } from "./harness";
import { createAgency, seedDemo } from "./fixtures";
import { agencyWith, auditCount, createBank, createInline, memberOf, P, rowOf, rowsOf, type Session } from "./finance-settings-helpers";

let A: Session;
let B: Session;

beforeAll(async () => {
  await seedDemo();
  A = await agencyWith("Admin", "Agência Alfa Finanças");
  B = await agencyWith("Financeiro", "Agência Beta Finanças");
  // Opening a finance screen gives a new agency its defaults.
  for (const s of [A, B]) expect((await appRequest(P.terms, { cookie: s.cookie })).status).toBe(200);
});

describe("finance defaults", () => {
  it("a new agency gets the chart, account types and payment terms once; calling again adds nothing", async () => {
    const agency = await createAgency("Agência Padrões");
    const db = createDb(env.DB);
    const first = await ensureFinanceDefaults(db, agency.id);
    expect(first).toEqual({ accountTypes: DEFAULT_ACCOUNT_TYPES.length, chartAccounts: DEFAULT_CHART.length, paymentTerms: DEFAULT_PAYMENT_TERMS.length });
    const counts = async () => [(await rowsOf("account_type", agency.id)).length, (await rowsOf("chart_account", agency.id)).length, (await rowsOf("payment_term", agency.id)).length];
    expect(await counts()).toEqual([DEFAULT_ACCOUNT_TYPES.length, DEFAULT_CHART.length, DEFAULT_PAYMENT_TERMS.length]);
    const audits = await auditCount(agency.id);
    expect(await ensureFinanceDefaults(db, agency.id)).toEqual({ accountTypes: 0, chartAccounts: 0, paymentTerms: 0 });
    // Concurrent first calls do not duplicate either.
    const other = await createAgency("Agência Padrões Concorrentes");
    await Promise.all([ensureFinanceDefaults(db, other.id), ensureFinanceDefaults(db, other.id)]);
    expect((await rowsOf("chart_account", other.id)).length).toBe(DEFAULT_CHART.length);
    expect((await rowsOf("account_type", other.id)).length).toBe(DEFAULT_ACCOUNT_TYPES.length);
    expect(await counts()).toEqual([DEFAULT_ACCOUNT_TYPES.length, DEFAULT_CHART.length, DEFAULT_PAYMENT_TERMS.length]);
    expect(await auditCount(agency.id)).toBe(audits);
    // The tree: every child points at its parent's row.
    const rows = (await rowsOf("chart_account", agency.id)) as { id: string; code: string; parent_id: string | null; system_key: string }[];
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const r of rows) {
      const expected = DEFAULT_CHART.find((d) => d.code === r.code)!;
      expect(r.system_key).toBe(expected.systemKey);
      expect(r.parent_id === null ? null : byId.get(r.parent_id)!.code).toBe(expected.parentCode);
    }
  });

  it("what an agency deleted does not come back", async () => {
    const s = await agencyWith("Admin", "Agência Sem Prazos");
    await appRequest(P.terms, { cookie: s.cookie });
    for (const term of (await rowsOf("payment_term", s.id)) as { id: string }[]) {
      expect((await appRequest(`${P.terms}?editar=${term.id}`, { cookie: s.cookie, form: { intent: "delete" } })).status).toBe(302);
    }
    await appRequest(P.terms, { cookie: s.cookie });
    expect(((await rowsOf("payment_term", s.id)) as { deleted_at: string | null }[]).every((r) => r.deleted_at !== null)).toBe(true);
  });
});

describe("payment terms", () => {
  it("creates, lists with keyset pages, previews, updates with the version, refuses a stale save, deletes", async () => {
    const id = await createInline(A.cookie, P.terms, "payment_term", A.id, { name: "Entrada + 2× dia 10", downPayment: "20", installments: "2", firstDueDays: "15", intervalKind: "day_of_month", intervalDays: "", dayOfMonth: "10", active: "on" });
    expect(await rowOf("payment_term", id)).toMatchObject({ down_payment_bp: 2000, installments: 2, first_due_days: 15, interval_kind: "day_of_month", day_of_month: 10, version: 1, created_by: A.userId });
    const edit = await json<{ values: Record<string, string>; sample: number; editing: { version: number } }>(await appRequest(`${P.terms}?editar=${id}&amostra=1.000,01`, { cookie: A.cookie }));
    expect(edit.values).toMatchObject({ downPayment: "20", installments: "2", dayOfMonth: "10", intervalKind: "day_of_month" });
    expect(edit.sample).toBe(100001);
    const page = await json<{ rows: { id: string }[]; page: { next: string | null; total: number } }>(await appRequest(`${P.terms}?size=25`, { cookie: A.cookie }));
    expect(page.rows.map((r) => r.id)).toContain(id);
    expect(page.page.total).toBe(DEFAULT_PAYMENT_TERMS.length + 1);

    const save = (form: Record<string, string>) => appRequest(`${P.terms}?editar=${id}`, { cookie: A.cookie, form: { name: "Entrada + 2× dia 10", downPayment: "20", installments: "2", firstDueDays: "15", intervalKind: "days", intervalDays: "30", dayOfMonth: "", active: "on", ...form } });
    expect((await save({ version: "1", installments: "3" })).status).toBe(302);
    expect(await rowOf("payment_term", id)).toMatchObject({ installments: 3, interval_kind: "days", interval_days: 30, day_of_month: null, version: 2 });
    const stale = await save({ version: "1", installments: "4" });
    expect(stale.status).toBe(409);
    expect((await json<{ stale: { version: number } }>(stale)).stale.version).toBe(2);
    expect(await rowOf("payment_term", id)).toMatchObject({ installments: 3, version: 2 });

    const bad = await save({ version: "2", dayOfMonth: "32", intervalKind: "day_of_month", downPayment: "100" });
    expect(bad.status).toBe(400);
    const errors = (await json<{ result: { error: Record<string, string[]> } }>(bad)).result.error;
    expect(errors.dayOfMonth).toEqual(["financeSettings.errors.integer"]);
    expect(errors.downPayment).toEqual(["financeSettings.errors.percent"]);
    // Every day of the month, 31 included (the schedule clamps it to shorter months).
    expect((await save({ version: "2", dayOfMonth: "31", intervalKind: "day_of_month" })).status).toBe(302);
    expect(await rowOf("payment_term", id)).toMatchObject({ interval_kind: "day_of_month", day_of_month: 31, version: 3 });
    expect((await appRequest(`${P.terms}?editar=${id}`, { cookie: A.cookie, form: { intent: "delete" } })).status).toBe(302);
    expect((await rowOf("payment_term", id))!.deleted_at).not.toBeNull();
    expect((await appRequest(`${P.terms}?editar=${id}`, { cookie: A.cookie })).status).toBe(404);
  });

  it("refuses deleting a term titles use", async () => {
    const id = await createInline(A.cookie, P.terms, "payment_term", A.id, { name: "Prazo usado", installments: "1", intervalKind: "days" });
    await insertTitle(A.id, { paymentTermId: id });
    const res = await appRequest(`${P.terms}?editar=${id}`, { cookie: A.cookie, form: { intent: "delete" } });
    expect(res.status).toBe(409);
    expect(await json(res)).toMatchObject({ deleteError: "financeSettings.deleteRefused", references: [{ count: 1, label: "financeSettings.refs.titles" }] });
    expect((await rowOf("payment_term", id))!.deleted_at).toBeNull();
  });
});

/** A receivable of the agency (raw insert: the titles screens are another module's). */
async function insertTitle(agencyId: string, { categoryId, paymentTermId }: { categoryId?: string; paymentTermId?: string }) {
  const id = crypto.randomUUID();
  const category = categoryId ?? (await env.DB.prepare("select id from chart_account where agency_id = ? and system_key = 'revenue.packages'").bind(agencyId).first<{ id: string }>())!.id;
  await env.DB.prepare(
    "insert into finance_title (id, agency_id, direction, party_kind, party_id, description, category_id, competence_date, due_date, amount_cents, group_id, payment_term_id, created_at, updated_at) values (?, ?, 'receivable', 'client', 'x', 'Pacote', ?, '2025-01-01', '2025-01-31', 1000, ?, ?, '2025-01-01T00:00:00Z', '2025-01-01T00:00:00Z')",
  )
    .bind(id, agencyId, category, id, paymentTermId ?? null)
    .run();
  return id;
}

/** A manual entry on a bank account (raw insert: entries are another module's). */
async function insertEntry(agencyId: string, bankAccountId: string, netCents: number, categoryId: string | null = null) {
  await env.DB.prepare("insert into finance_entry (id, agency_id, bank_account_id, kind, date, net_cents, category_id, created_at) values (?, ?, ?, 'manual', '2025-02-01', ?, ?, '2025-02-01T00:00:00Z')")
    .bind(crypto.randomUUID(), agencyId, bankAccountId, netCents, categoryId)
    .run();
}

describe("chart of accounts", () => {
  const chartId = async (agencyId: string, key: string) => (await env.DB.prepare("select id from chart_account where agency_id = ? and system_key = ?").bind(agencyId, key).first<{ id: string }>())!.id;

  it("shows the whole tree in code order with depths", async () => {
    const data = await json<{ nodes: { code: string; depth: number }[]; capped: boolean }>(await appRequest(P.chart, { cookie: A.cookie }));
    expect(data.capped).toBe(false);
    expect(data.nodes.length).toBe(DEFAULT_CHART.length);
    expect(data.nodes[0]).toMatchObject({ code: "1", depth: 0 });
    expect(data.nodes.find((n) => n.code === "4.3.01")).toMatchObject({ depth: 2 });
  });

  it("keeps the tree's rules: code under the parent's, the parent's nature, no moving an account with children", async () => {
    const parent = await chartId(A.id, "expense.administrative");
    const post = (form: Record<string, string>, id?: string) => appRequest(id ? `${P.chart}?editar=${id}` : `${P.chart}?novo`, { cookie: A.cookie, form: { active: "on", ...form } });
    const wrongCode = await post({ code: "5.9", name: "Viagens", nature: "expense", parentId: parent });
    expect(wrongCode.status).toBe(400);
    expect((await json<{ result: { error: Record<string, string[]> } }>(wrongCode)).result.error.code).toEqual(["financeSettings.errors.parentCode"]);
    const wrongNature = await post({ code: "4.2.09", name: "Viagens", nature: "revenue", parentId: parent });
    expect((await json<{ result: { error: Record<string, string[]> } }>(wrongNature)).result.error.nature).toEqual(["financeSettings.errors.parentNature"]);
    const foreign = await post({ code: "4.2.09", name: "Viagens", nature: "expense", parentId: await chartId(B.id, "expense.administrative") });
    expect((await json<{ result: { error: Record<string, string[]> } }>(foreign)).result.error.parentId).toEqual(["financeSettings.errors.parent"]);
    const rootWithDot = await post({ code: "9.1", name: "Solta", nature: "expense", parentId: "" });
    expect(rootWithDot.status).toBe(400);
    const ok = await post({ code: "4.2.09", name: "Viagens a trabalho", nature: "expense", parentId: parent });
    expect(ok.status).toBe(302);
    const taken = await post({ code: "4.2.09", name: "Outra", nature: "expense", parentId: parent });
    expect(taken.status).toBe(409);
    const row = (await env.DB.prepare("select * from chart_account where agency_id = ? and code = '4.2.09'").bind(A.id).first<{ id: string; version: number; system_key: string | null }>())!;
    expect(row.system_key).toBeNull();
    const moved = await post({ code: "4.9", name: "Despesas diversas", nature: "expense", parentId: await chartId(A.id, "expense"), version: "1" }, parent);
    expect(moved.status).toBe(400);
    expect((await json<{ result: { error: Record<string, string[]> } }>(moved)).result.error.code).toEqual(["financeSettings.errors.hasChildren"]);
  });

  it("refuses deleting an account with entries or titles (with the reason), lets it be deactivated, deletes an unused one", async () => {
    const bank = await createBank(A.cookie, A.id);
    const withEntries = await chartId(A.id, "expense.bank_fees");
    await insertEntry(A.id, bank, -1500, withEntries);
    const refused = await appRequest(`${P.chart}?editar=${withEntries}`, { cookie: A.cookie, form: { intent: "delete" } });
    expect(refused.status).toBe(409);
    expect(await json(refused)).toMatchObject({ deleteError: "financeSettings.deleteRefused", references: [{ count: 1, label: "financeSettings.refs.entries" }] });
    expect((await rowOf("chart_account", withEntries))!.deleted_at).toBeNull();

    const withTitles = await chartId(A.id, "revenue.air");
    await insertTitle(A.id, { categoryId: withTitles });
    const refusedTitles = await appRequest(`${P.chart}?editar=${withTitles}`, { cookie: A.cookie, form: { intent: "delete" } });
    expect(refusedTitles.status).toBe(409);
    expect(await json(refusedTitles)).toMatchObject({ references: [{ count: 1, label: "financeSettings.refs.titles" }] });

    const before = (await rowOf("chart_account", withEntries))!;
    const deactivate = await appRequest(`${P.chart}?editar=${withEntries}`, {
      cookie: A.cookie,
      form: { code: before.code as string, name: before.name as string, nature: "expense", parentId: before.parent_id as string, version: String(before.version) },
    });
    expect(deactivate.status).toBe(302);
    expect(await rowOf("chart_account", withEntries)).toMatchObject({ active: 0, version: before.version + 1, deleted_at: null });

    const parentWithChildren = await chartId(A.id, "expense.financial");
    const refusedParent = await appRequest(`${P.chart}?editar=${parentWithChildren}`, { cookie: A.cookie, form: { intent: "delete" } });
    expect(await json(refusedParent)).toMatchObject({ references: [{ label: "financeSettings.refs.children" }] });

    const unused = await chartId(A.id, "equity.distributions");
    expect((await appRequest(`${P.chart}?editar=${unused}`, { cookie: A.cookie, form: { intent: "delete" } })).status).toBe(302);
    expect((await rowOf("chart_account", unused))!.deleted_at).not.toBeNull();
  });
});

describe("bank and cash accounts", () => {
  it("creates with the bank code, shows the balance (opening + entries) in the list, the edit screen and the CSV", async () => {
    const id = await createBank(A.cookie, A.id, { name: "Itaú Principal", openingBalance: "2.500,50" });
    expect(await rowOf("bank_account", id)).toMatchObject({ bank_code: "341", opening_balance_cents: 250050, opening_date: "2025-01-01", currency: "BRL", active: 1 });
    await insertEntry(A.id, id, 10_000);
    await insertEntry(A.id, id, -2_550);
    const list = await json<{ rows: { id: string; balanceCents: number; bankCode: string }[] }>(await appRequest(`${P.banks}?q=itau principal`, { cookie: A.cookie }));
    expect(list.rows.find((r) => r.id === id)).toMatchObject({ balanceCents: 257_500, bankCode: "341" });
    const edit = await json<{ balance: { cents: number } }>(await appRequest(`${P.banks}/editar/${id}`, { cookie: A.cookie }));
    expect(edit.balance.cents).toBe(257_500);
    const csv = await (await appRequest(`${P.banks}/exportar?q=itau principal`, { cookie: A.cookie })).text();
    expect(csv).toContain("Itaú Principal;Conta corrente;341;Itaú Unibanco;0001;12345-6;BRL;2025-01-01;2.500,50;2.575,00;sim");
  });

  it("refuses a foreign account type, a bad bank code and a currency change once there are entries; refuses deleting an account with entries", async () => {
    const id = await createBank(A.cookie, A.id, { name: "Conta com movimento" });
    await insertEntry(A.id, id, 500);
    const bType = await env.DB.prepare("select id from account_type where agency_id = ? limit 1").bind(B.id).first<{ id: string }>();
    const row = (await rowOf("bank_account", id))!;
    const base = { name: "Conta com movimento", accountTypeId: row.account_type_id as string, bankCode: "341", openingBalance: "1.000,00", openingDate: "2025-01-01", currency: "BRL", active: "on", version: String(row.version) };
    const foreign = await appRequest(`${P.banks}/editar/${id}`, { cookie: A.cookie, form: { ...base, accountTypeId: bType!.id } });
    expect(foreign.status).toBe(400);
    const badCode = await appRequest(`${P.banks}/editar/${id}`, { cookie: A.cookie, form: { ...base, bankCode: "34" } });
    expect((await json<{ result: { error: Record<string, string[]> } }>(badCode)).result.error.bankCode).toEqual(["financeSettings.errors.bankCode"]);
    const currency = await appRequest(`${P.banks}/editar/${id}`, { cookie: A.cookie, form: { ...base, currency: "USD" } });
    expect((await json<{ result: { error: Record<string, string[]> } }>(currency)).result.error.currency).toEqual(["financeSettings.errors.currencyInUse"]);
    const del = await appRequest(`${P.banks}/editar/${id}`, { cookie: A.cookie, form: { intent: "delete" } });
    expect(del.status).toBe(409);
    expect(await rowOf("bank_account", id)).toEqual(row);
  });
});

describe("tenant isolation: B never reaches A's settings", () => {
  it("answers 404 to every GET and POST on A's rows and changes nothing", async () => {
    const term = await createInline(A.cookie, P.terms, "payment_term", A.id, { name: "Prazo da Alfa", installments: "2", intervalKind: "days", intervalDays: "30" });
    const type = await createInline(A.cookie, P.types, "account_type", A.id, { name: "Tipo da Alfa", kind: "wallet" });
    const chart = (await env.DB.prepare("select id from chart_account where agency_id = ? and system_key = 'expense.rent'").bind(A.id).first<{ id: string }>())!.id;
    const bank = await createBank(A.cookie, A.id, { name: "Banco da Alfa" });
    const inter = await createInline(A.cookie, P.intermediaries, "intermediary", A.id, { name: "Gateway da Alfa", kind: "gateway", fee: "2,99", fixedFee: "0,49", settlementDays: "30", bankAccountId: bank });
    const snapshot = async () => Promise.all(["payment_term", "account_type", "chart_account", "bank_account", "intermediary"].map((t) => rowsOf(t, A.id)));
    const before = await snapshot();
    const audits = await auditCount(A.id);
    const inline: [string, string, Record<string, string>][] = [
      [P.terms, term, { name: "Tomado", installments: "1", intervalKind: "days", version: "1" }],
      [P.types, type, { name: "Tomado", kind: "cash", version: "1" }],
      [P.chart, chart, { code: "4.2.01", name: "Tomado", nature: "expense", version: "1" }],
      [P.intermediaries, inter, { name: "Tomado", kind: "other", version: "1" }],
    ];
    for (const [path, id, form] of inline) {
      expect((await appRequest(`${path}?editar=${id}`, { cookie: B.cookie })).status, path).toBe(404);
      expect((await appRequest(`${path}?editar=${id}`, { cookie: B.cookie, form })).status, path).toBe(404);
      expect((await appRequest(`${path}?editar=${id}`, { cookie: B.cookie, form: { intent: "delete" } })).status, path).toBe(404);
      const list = await json<{ rows?: { id: string }[]; nodes?: { id: string }[] }>(await appRequest(path, { cookie: B.cookie }));
      expect((list.rows ?? list.nodes)!.map((r) => r.id)).not.toContain(id);
    }
    expect((await appRequest(`${P.banks}/editar/${bank}`, { cookie: B.cookie })).status).toBe(404);
    expect((await appRequest(`${P.banks}/editar/${bank}`, { cookie: B.cookie, form: { name: "Tomado", version: "1" } })).status).toBe(404);
    expect((await appRequest(`${P.banks}/editar/${bank}`, { cookie: B.cookie, form: { intent: "delete" } })).status).toBe(404);
    const bList = await json<{ rows: { id: string }[] }>(await appRequest(P.banks, { cookie: B.cookie }));
    expect(bList.rows.map((r) => r.id)).not.toContain(bank);
    expect(await (await appRequest(`${P.banks}/exportar`, { cookie: B.cookie })).text()).not.toContain("Banco da Alfa");
    // B's intermediary cannot pay into A's account.
    const intoA = await appRequest(`${P.intermediaries}?novo`, { cookie: B.cookie, form: { name: "Para a Alfa", kind: "gateway", bankAccountId: bank } });
    expect(intoA.status).toBe(400);
    expect(await snapshot()).toEqual(before);
    expect(await auditCount(A.id)).toBe(audits);
  });
});

describe("roles: an Agente views but changes nothing (403)", () => {
  it("sees the screens read-only and is refused every change", async () => {
    const agente = await memberOf(A.id, "Agente");
    const operacional = await memberOf(A.id, "Operacional");
    const term = (await rowsOf("payment_term", A.id)).find((r) => r.deleted_at === null)!.id as string;
    const type = (await rowsOf("account_type", A.id)).find((r) => r.deleted_at === null)!.id as string;
    const chart = (await env.DB.prepare("select id from chart_account where agency_id = ? and system_key = 'expense.software'").bind(A.id).first<{ id: string }>())!.id;
    const bank = await createBank(A.cookie, A.id, { name: "Conta das regras" });
    const inter = await createInline(A.cookie, P.intermediaries, "intermediary", A.id, { name: "Adquirente das regras", kind: "acquirer" });
    const snapshot = async () => Promise.all(["payment_term", "account_type", "chart_account", "bank_account", "intermediary"].map((t) => rowsOf(t, A.id)));
    const before = await snapshot();
    for (const who of [agente, operacional]) {
      for (const path of [P.terms, P.types, P.chart, P.intermediaries, P.banks]) {
        const res = await appRequest(path, { cookie: who.cookie });
        expect(res.status, path).toBe(200);
        expect((await json<{ canManage: boolean }>(res)).canManage, path).toBe(false);
      }
      const posts: [string, Record<string, string>][] = [
        [`${P.terms}?novo`, { name: "Novo do agente", installments: "1", intervalKind: "days" }],
        [`${P.terms}?editar=${term}`, { name: "Mudado", installments: "1", intervalKind: "days", version: "1" }],
        [`${P.terms}?editar=${term}`, { intent: "delete" }],
        [`${P.types}?novo`, { name: "Novo do agente", kind: "cash" }],
        [`${P.types}?editar=${type}`, { intent: "delete" }],
        [`${P.chart}?novo`, { code: "8", name: "Novo do agente", nature: "expense" }],
        [`${P.chart}?editar=${chart}`, { code: "4.2.02", name: "Mudado", nature: "expense", version: "1" }],
        [`${P.chart}?editar=${chart}`, { intent: "delete" }],
        [`${P.intermediaries}?novo`, { name: "Novo do agente", kind: "other" }],
        [`${P.intermediaries}?editar=${inter}`, { intent: "delete" }],
        [`${P.banks}/novo`, { name: "Novo do agente", accountTypeId: type, openingBalance: "0", openingDate: "2025-01-01" }],
        [`${P.banks}/editar/${bank}`, { name: "Mudado", accountTypeId: type, openingBalance: "0", openingDate: "2025-01-01", version: "1" }],
        [`${P.banks}/editar/${bank}`, { intent: "delete" }],
      ];
      for (const [path, form] of posts) expect((await appRequest(path, { cookie: who.cookie, form })).status, path).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });
});
