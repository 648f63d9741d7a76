/**
 * Contas a receber / a pagar, the statement and the DRE through the real route
 * table: create with a term, settle (partial, several from the list, concurrent
 * requests settle once), reverse, cancel, receipts, transfers and manual
 * entries; roles (view for all, 403 for money moves without Admin/Financeiro);
 * another agency's ids answer 404 and change nothing; fuzzed posts never 500
 * and write nothing when invalid.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it } from "vitest";
import { appRequest, json } from "./harness";
import { createUser, MAR, seedDemo, signIn, SOL } from "./fixtures";
import { FUZZ_RUNS } from "./fuzz";

const R = "/financeiro/contas-a-receber";
const P = "/financeiro/contas-a-pagar";
const ST = "/financeiro/relatorios/extrato-de-contas";
const DRE = "/financeiro/relatorios/dre";

let sol: string;
let mar: string;
let agente: string;
let financeiro: string;
const accounts: Record<string, { bank: string; cash: string }> = {};

async function ensureAccounts(agencyId: string, cookie: string) {
  // The first finance screen gives the agency its defaults (account types, chart, terms).
  expect((await appRequest(R, { cookie })).status).toBe(200);
  const type = await env.DB.prepare("select id from account_type where agency_id = ? limit 1").bind(agencyId).first<{ id: string }>();
  const now = new Date().toISOString();
  const bank = uuidv7();
  const cash = uuidv7();
  await env.DB.batch(
    [bank, cash].map((id, i) =>
      env.DB.prepare("insert into bank_account (id, agency_id, name, account_type_id, opening_balance_cents, opening_date, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)").bind(
        id,
        agencyId,
        `${["Banco", "Caixa"][i]} ${id.slice(-6)}`,
        type!.id,
        i === 0 ? 1_000_00 : 0,
        "2025-01-01",
        now,
        now,
      ),
    ),
  );
  accounts[agencyId] = { bank, cash };
}

const one = <T>(sql: string, ...binds: unknown[]) => env.DB.prepare(sql).bind(...binds).first<T>();
const count = async (table: string, agencyId: string) => (await one<{ n: number }>(`select count(*) n from ${table} where agency_id = ?`, agencyId))!.n;
const snapshot = async (agencyId: string) => ({
  titles: await count("finance_title", agencyId),
  entries: await count("finance_entry", agencyId),
  versions: (await one<{ v: number }>("select coalesce(sum(version), 0) v from finance_title where agency_id = ?", agencyId))!.v,
  attachments: await count("finance_attachment", agencyId),
});

const clientOf = async (agencyId: string) => (await one<{ id: string }>("select id from client where agency_id = ? and deleted_at is null order by id limit 1", agencyId))!.id;
const supplierOf = async (agencyId: string) => (await one<{ id: string }>("select id from supplier where agency_id = ? and deleted_at is null order by id limit 1", agencyId))!.id;
const categoryOf = async (agencyId: string, key: string) => (await one<{ id: string }>("select id from chart_account where agency_id = ? and system_key = ?", agencyId, key))!.id;
const termOf = async (agencyId: string, name: string) => (await one<{ id: string }>("select id from payment_term where agency_id = ? and name = ?", agencyId, name))!.id;
const titleRow = (id: string) => one<{ status: string; paid_cents: number; amount_cents: number; version: number; group_id: string; agency_id: string }>("select * from finance_title where id = ?", id);

async function newReceivable(cookie: string, agencyId: string, over: Record<string, string> = {}) {
  const res = await appRequest(`${R}/novo`, {
    cookie,
    form: {
      party: `client:${await clientOf(agencyId)}`,
      description: `Pacote ${uuidv7().slice(-6)}`,
      categoryId: await categoryOf(agencyId, "revenue.packages"),
      competenceDate: "2026-03-01",
      dueDate: "2026-03-10",
      amount: "1.000,00",
      currency: "BRL",
      ...over,
    },
  });
  expect(res.status, await res.clone().text()).toBe(302);
  return res.headers.get("Location")!.split("/").pop()!;
}

beforeAll(async () => {
  await seedDemo();
  sol = await signIn("admin@sol.example");
  mar = await signIn("admin@mar.example");
  agente = await signIn((await createUser({ role: "Agente", agencyId: SOL.id })).email);
  financeiro = await signIn((await createUser({ role: "Financeiro", agencyId: SOL.id })).email);
  await ensureAccounts(SOL.id, sol);
  await ensureAccounts(MAR.id, mar);
});

describe("receivables", () => {
  it("a 3× term creates 1/3, 2/3, 3/3 adding up to the total; settle the first partially; the statement and the DRE move", async () => {
    const id = await newReceivable(sol, SOL.id, { amount: "1.000,01", paymentTermId: await termOf(SOL.id, "30/60/90") });
    const first = (await titleRow(id))!;
    const group = await env.DB.prepare("select installment_no, installment_count, amount_cents from finance_title where group_id = ? order by installment_no").bind(first.group_id).all<{ installment_no: number; installment_count: number; amount_cents: number }>();
    expect(group.results.map((r) => `${r.installment_no}/${r.installment_count}`)).toEqual(["1/3", "2/3", "3/3"]);
    expect(group.results.reduce((s, r) => s + r.amount_cents, 0)).toBe(1_000_01);

    const stBefore = await json<{ statement: { closingCents: number } }>(await appRequest(`${ST}?account=${accounts[SOL.id]!.bank}&from=2026-01-01&to=2026-12-31`, { cookie: sol }));
    const dreBefore = await json<{ dre: { result: { totalCents: number } } }>(await appRequest(`${DRE}?year=2026&basis=cash`, { cookie: sol }));

    const edit = await json<{ edit: { title: { version: number } } }>(await appRequest(`${R}/editar/${id}`, { cookie: sol }));
    const settled = await appRequest(`${R}/editar/${id}`, { cookie: sol, form: { intent: "settle", version: String(edit.edit.title.version), date: "2026-03-31", bankAccountId: accounts[SOL.id]!.bank, principal: "100,00", interest: "1,50" } });
    expect(settled.status, await settled.clone().text()).toBe(302);
    expect(await titleRow(id)).toMatchObject({ status: "partial", paid_cents: 100_00 });

    const st = await json<{ statement: { closingCents: number; rows: { kind: string; titleId: string; netCents: number }[] } }>(await appRequest(`${ST}?account=${accounts[SOL.id]!.bank}&from=2026-01-01&to=2026-12-31`, { cookie: sol }));
    expect(st.statement.closingCents).toBe(stBefore.statement.closingCents + 101_50);
    expect(st.statement.rows.some((r) => r.titleId === id && r.kind === "settlement")).toBe(true);
    const dre = await json<{ dre: { result: { totalCents: number } } }>(await appRequest(`${DRE}?year=2026&basis=cash`, { cookie: sol }));
    expect(dre.dre.result.totalCents).toBe(dreBefore.dre.result.totalCents + 101_50);
    const drill = await json<{ detail: { rows: { titleId: string }[] } }>(await appRequest(`${DRE}?year=2026&basis=cash&category=${await categoryOf(SOL.id, "revenue.packages")}&month=2026-03`, { cookie: sol }));
    expect(drill.detail.rows.some((r) => r.titleId === id)).toBe(true);

    // The list shows the group, filters by status, and totals the filter.
    const list = await json<{ rows: { id: string }[]; totals: null; page: { uncounted: boolean } }>(await appRequest(`${R}?status=partial&q=${encodeURIComponent("Pacote")}`, { cookie: sol }));
    expect(list.rows.map((r) => r.id)).toContain(id);
    // The page is not counted nor totalled: the totals come from …/totais (or with ?totais=1, without JavaScript).
    expect(list.page.uncounted).toBe(true);
    expect(list.totals).toBeNull();
    type Totals = { titles: number; from: string; currencies: { currency: string; titles: number; openCents: number; paidCents: number }[] };
    const totals = (await json<{ totals: Totals }>(await appRequest(`${R}/totais?status=partial&q=${encodeURIComponent("Pacote")}`, { cookie: sol }))).totals;
    expect(totals.titles).toBe(list.rows.length);
    expect(totals.from).toBe("titles");
    const partial = await env.DB.prepare("select count(*) as n, sum(amount_cents - paid_cents) as open, sum(paid_cents) as paid from finance_title where agency_id = ? and direction = 'receivable' and status = 'partial'").bind(SOL.id).first<{ n: number; open: number; paid: number }>();
    const byStatus = (await json<{ totals: Totals }>(await appRequest(`${R}/totais?status=partial`, { cookie: sol }))).totals;
    expect(byStatus).toMatchObject({ titles: partial!.n, from: "aggregate", currencies: [{ currency: "BRL", titles: partial!.n, openCents: partial!.open, paidCents: partial!.paid }] });
    expect((await json<{ totals: Totals }>(await appRequest(`${R}?status=partial&totais=1`, { cookie: sol }))).totals).toEqual(byStatus);
    // Another agency's totals are its own.
    const marPartial = await env.DB.prepare("select count(*) as n from finance_title where agency_id = ? and direction = 'receivable' and status = 'partial'").bind(MAR.id).first<{ n: number }>();
    expect((await json<{ totals: Totals }>(await appRequest(`${R}/totais?status=partial`, { cookie: mar }))).totals.titles).toBe(marPartial!.n);
    const csv = await appRequest(`${R}/exportar?status=partial`, { cookie: sol });
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain("1/3");
  });

  it("two concurrent settlements of the same installment settle it once", async () => {
    const id = await newReceivable(sol, SOL.id);
    const { version } = (await titleRow(id))!;
    const post = () => appRequest(`${R}/editar/${id}`, { cookie: sol, form: { intent: "settle", version: String(version), date: "2026-03-10", bankAccountId: accounts[SOL.id]!.bank, principal: "1.000,00" } });
    const before = await count("finance_entry", SOL.id);
    const [a, b] = await Promise.all([post(), post()]);
    expect([a.status, b.status].sort()).toEqual([302, 409]);
    expect(await count("finance_entry", SOL.id)).toBe(before + 1);
    expect(await titleRow(id)).toMatchObject({ status: "paid", paid_cents: 1_000_00, version: version + 1 });
  });

  it("settles several selected titles from the list, all or none", async () => {
    const a = await newReceivable(sol, SOL.id, { amount: "10,00" });
    const b = await newReceivable(sol, SOL.id, { amount: "20,00" });
    const va = (await titleRow(a))!.version;
    const vb = (await titleRow(b))!.version;
    const before = await snapshot(SOL.id);
    const stale = await appRequest(R, { cookie: sol, form: { intent: "settleMany", selected: [`${a}:${va}`, `${b}:${vb + 7}`], date: "2026-03-10", bankAccountId: accounts[SOL.id]!.cash } });
    expect(stale.status).toBe(409);
    expect(await snapshot(SOL.id)).toEqual(before);
    const ok = await appRequest(R, { cookie: sol, form: { intent: "settleMany", selected: [`${a}:${va}`, `${b}:${vb}`], date: "2026-03-10", bankAccountId: accounts[SOL.id]!.cash } });
    expect(ok.status).toBe(302);
    expect((await titleRow(a))!.status).toBe("paid");
    expect((await titleRow(b))!.status).toBe("paid");
  });

  it("reverse restores the status; cancel is refused while settled, then allowed with a reason", async () => {
    const id = await newReceivable(sol, SOL.id);
    let t = (await titleRow(id))!;
    expect((await appRequest(`${R}/editar/${id}`, { cookie: sol, form: { intent: "settle", version: String(t.version), date: "2026-03-10", bankAccountId: accounts[SOL.id]!.bank, principal: "300,00" } })).status).toBe(302);
    t = (await titleRow(id))!;
    const refused = await appRequest(`${R}/editar/${id}`, { cookie: sol, form: { intent: "cancel", version: String(t.version), reason: "desistência" } });
    expect(refused.status).toBe(409);
    const entry = (await one<{ id: string }>("select id from finance_entry where title_id = ? and kind = 'settlement'", id))!;
    expect((await appRequest(`${R}/editar/${id}`, { cookie: sol, form: { intent: "reverse", entryId: entry.id } })).status).toBe(302);
    expect(await titleRow(id)).toMatchObject({ status: "open", paid_cents: 0 });
    expect((await appRequest(`${R}/editar/${id}`, { cookie: sol, form: { intent: "reverse", entryId: entry.id } })).status).toBe(409);
    t = (await titleRow(id))!;
    expect((await appRequest(`${R}/editar/${id}`, { cookie: sol, form: { intent: "cancel", version: String(t.version), reason: "" } })).status).toBe(400);
    expect((await appRequest(`${R}/editar/${id}`, { cookie: sol, form: { intent: "cancel", version: String(t.version), reason: "desistência" } })).status).toBe(302);
    expect((await titleRow(id))!.status).toBe("cancelled");
  });

  it("receipts: PDF/PNG/JPEG by content, 5 MB, served to the agency only", async () => {
    const id = await newReceivable(sol, SOL.id);
    const pdf = new File([new TextEncoder().encode("%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF")], "recibo.pdf", { type: "application/pdf" });
    expect((await appRequest(`${R}/editar/${id}`, { cookie: sol, form: { intent: "attach", file: pdf } })).status).toBe(302);
    const fake = new File([new TextEncoder().encode("MZ not a pdf")], "recibo.pdf", { type: "application/pdf" });
    expect((await appRequest(`${R}/editar/${id}`, { cookie: sol, form: { intent: "attach", file: fake } })).status).toBe(415);
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1).fill(0x25)], "big.pdf");
    expect((await appRequest(`${R}/editar/${id}`, { cookie: sol, form: { intent: "attach", file: big } })).status).toBe(413);
    const att = (await one<{ id: string; key: string }>("select id, key from finance_attachment where title_id = ?", id))!;
    expect(att.key.startsWith(`agencies/${SOL.id}/finance/`)).toBe(true);
    const got = await appRequest(`${R}/anexo/${att.id}`, { cookie: sol });
    expect(got.status).toBe(200);
    expect(got.headers.get("Content-Type")).toBe("application/pdf");
    expect((await appRequest(`${R}/anexo/${att.id}`, { cookie: mar })).status).toBe(404);
    expect((await appRequest(`${P}/anexo/${att.id}`, { cookie: sol })).status).toBe(404);
    expect(await count("finance_attachment", SOL.id)).toBeGreaterThanOrEqual(1);

    // Removing a receipt attached by mistake: not by a viewer (403), not through another
    // agency or another title (404); then the row is marked deleted, the object gone, an audit row written.
    const del = { intent: "deleteAttachment", attachmentId: att.id };
    expect((await appRequest(`${R}/editar/${id}`, { cookie: agente, form: del })).status).toBe(403);
    expect((await appRequest(`${R}/editar/${id}`, { cookie: mar, form: del })).status).toBe(404);
    expect((await appRequest(`${R}/editar/${await newReceivable(sol, SOL.id)}`, { cookie: sol, form: del })).status).toBe(404);
    expect(await env.FILES.head(att.key)).not.toBeNull();
    const removed = await appRequest(`${R}/editar/${id}`, { cookie: financeiro, form: del });
    expect(removed.status).toBe(302);
    expect((await one<{ deleted_at: string | null }>("select deleted_at from finance_attachment where id = ?", att.id))!.deleted_at).not.toBeNull();
    expect(await env.FILES.head(att.key)).toBeNull();
    expect((await appRequest(`${R}/anexo/${att.id}`, { cookie: sol })).status).toBe(404);
    expect(await one<{ n: number }>("select count(*) as n from audit_entry where entity = 'finance_title' and entity_id = ? and changes like '%recibo.pdf%' and changes like '%null]%'", id)).toEqual({ n: 1 });
    expect((await appRequest(`${R}/editar/${id}`, { cookie: sol, form: del })).status).toBe(404);
    expect((await appRequest(`${R}/editar/${id}`, { cookie: sol, form: { intent: "deleteAttachment", attachmentId: "../x" } })).status).toBe(400);
  });
});

describe("payables, transfers and manual entries", () => {
  it("a payable to a supplier; a transfer pair; a bank fee on the statement and in the DRE (cash)", async () => {
    const res = await appRequest(`${P}/novo`, {
      cookie: sol,
      form: { party: `supplier:${await supplierOf(SOL.id)}`, description: "Hotel Gramado", categoryId: await categoryOf(SOL.id, "cost.suppliers"), competenceDate: "2026-04-01", dueDate: "2026-04-20", amount: "500,00" },
    });
    expect(res.status).toBe(302);
    // A client is not a receivable's only party: a payable refuses a made-up kind.
    const bad = await appRequest(`${P}/novo`, { cookie: sol, form: { party: `supplier:${await clientOf(SOL.id)}`, description: "x", categoryId: await categoryOf(SOL.id, "cost.suppliers"), competenceDate: "2026-04-01", dueDate: "2026-04-20", amount: "5,00" } });
    expect(bad.status).toBe(400);
    const { bank, cash } = accounts[SOL.id]!;
    const before = await json<{ statement: { closingCents: number } }>(await appRequest(`${ST}?account=${cash}&from=2026-01-01&to=2026-12-31`, { cookie: sol }));
    expect((await appRequest(ST, { cookie: sol, form: { intent: "transfer", fromAccountId: bank, toAccountId: cash, date: "2026-05-02", amount: "250,00" } })).status).toBe(302);
    expect((await appRequest(ST, { cookie: sol, form: { intent: "transfer", fromAccountId: bank, toAccountId: bank, date: "2026-05-02", amount: "250,00" } })).status).toBe(400);
    const fee = await categoryOf(SOL.id, "expense.bank_fees");
    expect((await appRequest(ST, { cookie: sol, form: { intent: "manual", bankAccountId: cash, direction: "out", date: "2026-05-03", amount: "12,90", categoryId: fee, description: "Tarifa" } })).status).toBe(302);
    const after = await json<{ statement: { closingCents: number; rows: { kind: string }[] } }>(await appRequest(`${ST}?account=${cash}&from=2026-01-01&to=2026-12-31`, { cookie: sol }));
    expect(after.statement.closingCents).toBe(before.statement.closingCents + 250_00 - 12_90);
    expect(after.statement.rows.map((r) => r.kind)).toEqual(expect.arrayContaining(["transfer_in", "manual"]));

    // The transfer is reversed from either account's statement (never edited or deleted): once, by who may settle.
    const transferIn = (await one<{ id: string; transfer_id: string }>("select id, transfer_id from finance_entry where agency_id = ? and kind = 'transfer_in' and bank_account_id = ? and date = '2026-05-02'", SOL.id, cash))!;
    const undo = { intent: "reverse", entryId: transferIn.id, reason: "conta errada" };
    expect((await appRequest(ST, { cookie: agente, form: undo })).status).toBe(403);
    expect((await appRequest(ST, { cookie: mar, form: undo })).status).toBe(404);
    const manualId = (await one<{ id: string }>("select id from finance_entry where agency_id = ? and kind = 'manual' and bank_account_id = ?", SOL.id, cash))!.id;
    expect((await appRequest(ST, { cookie: sol, form: { intent: "reverse", entryId: manualId } })).status).toBe(404);
    expect((await appRequest(`${ST}?account=${cash}`, { cookie: sol, form: undo })).status).toBe(302);
    expect((await appRequest(ST, { cookie: sol, form: undo })).status).toBe(409);
    const undone = await json<{ statement: { closingCents: number; rows: { kind: string; reversedBy: string | null; counterpartName: string | null }[] } }>(await appRequest(`${ST}?account=${cash}&from=2026-01-01&to=2026-12-31`, { cookie: sol }));
    expect(undone.statement.closingCents).toBe(before.statement.closingCents - 12_90);
    expect(undone.statement.rows.find((r) => r.kind === "transfer_in")!.reversedBy).not.toBeNull();
    expect(undone.statement.rows.filter((r) => r.kind === "reversal").map((r) => r.counterpartName)).toHaveLength(1);
    const bankSide = await one<{ net_cents: number }>("select net_cents from finance_entry where agency_id = ? and kind = 'reversal' and bank_account_id = ? and reverses_id in (select id from finance_entry where transfer_id = ?)", SOL.id, bank, transferIn.transfer_id);
    expect(bankSide).toEqual({ net_cents: 250_00 });
    const csv = await appRequest(`${ST}/exportar?account=${cash}&from=2026-01-01&to=2026-12-31`, { cookie: sol });
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain("-12.90");
    const dre = await appRequest(`${DRE}/exportar?year=2026&basis=cash`, { cookie: sol });
    expect(dre.status).toBe(200);
  });
});

describe("roles", () => {
  it("any member views; settling, reversing, cancelling, transfers and manual entries are 403 without Admin or Financeiro", async () => {
    const id = await newReceivable(sol, SOL.id);
    const t = (await titleRow(id))!;
    for (const path of [R, `${R}/editar/${id}`, ST, DRE, P]) expect((await appRequest(path, { cookie: agente })).status, path).toBe(200);
    const view = await json<{ canManage: boolean }>(await appRequest(`${R}/editar/${id}`, { cookie: agente }));
    expect(view.canManage).toBe(false);
    const before = await snapshot(SOL.id);
    const { bank, cash } = accounts[SOL.id]!;
    const posts: [string, Record<string, string | string[]>][] = [
      [`${R}/editar/${id}`, { intent: "settle", version: String(t.version), date: "2026-03-10", bankAccountId: bank, principal: "1,00" }],
      [`${R}/editar/${id}`, { intent: "cancel", version: String(t.version), reason: "x" }],
      [`${R}/editar/${id}`, { intent: "reverse", entryId: uuidv7() }],
      [R, { intent: "settleMany", selected: [`${id}:${t.version}`], date: "2026-03-10", bankAccountId: bank }],
      [ST, { intent: "transfer", fromAccountId: bank, toAccountId: cash, date: "2026-03-10", amount: "1,00" }],
      [ST, { intent: "manual", bankAccountId: bank, direction: "out", date: "2026-03-10", amount: "1,00", categoryId: await categoryOf(SOL.id, "expense.bank_fees"), description: "x" }],
    ];
    for (const [path, form] of posts) expect((await appRequest(path, { cookie: agente, form })).status, `${path} ${form.intent}`).toBe(403);
    expect(await snapshot(SOL.id)).toEqual(before);
    // Financeiro may.
    expect((await appRequest(`${R}/editar/${id}`, { cookie: financeiro, form: posts[0]![1] as Record<string, string> })).status).toBe(302);
  });
});

describe("tenant isolation", () => {
  it("every route and action answers 404 for another agency's title, entry or account, and nothing changes", async () => {
    const id = await newReceivable(sol, SOL.id);
    const t = (await titleRow(id))!;
    expect((await appRequest(`${R}/editar/${id}`, { cookie: sol, form: { intent: "settle", version: String(t.version), date: "2026-03-10", bankAccountId: accounts[SOL.id]!.bank, principal: "1,00" } })).status).toBe(302);
    const entry = (await one<{ id: string }>("select id from finance_entry where title_id = ?", id))!;
    const t2 = (await titleRow(id))!;
    const before = await snapshot(SOL.id);
    const marBefore = await snapshot(MAR.id);
    expect((await appRequest(`${R}/editar/${id}`, { cookie: mar })).status).toBe(404);
    expect((await appRequest(`${R}/editar/42`, { cookie: sol })).status).toBe(404);
    expect((await appRequest(`${P}/editar/${id}`, { cookie: sol })).status).toBe(404);
    const forms: Record<string, string>[] = [
      { intent: "save", version: String(t2.version), party: `client:${await clientOf(MAR.id)}`, description: "x", categoryId: await categoryOf(MAR.id, "revenue.packages"), competenceDate: "2026-03-01", dueDate: "2026-03-01", amount: "1,00" },
      { intent: "settle", version: String(t2.version), date: "2026-03-10", bankAccountId: accounts[MAR.id]!.bank, principal: "1,00" },
      { intent: "reverse", entryId: entry.id },
      { intent: "cancel", version: String(t2.version), reason: "x" },
    ];
    for (const form of forms) expect((await appRequest(`${R}/editar/${id}`, { cookie: mar, form })).status, form.intent).toBe(404);
    expect((await appRequest(R, { cookie: mar, form: { intent: "settleMany", selected: [`${id}:${t2.version}`], date: "2026-03-10", bankAccountId: accounts[MAR.id]!.bank } })).status).toBe(404);
    expect((await appRequest(`${ST}?account=${accounts[SOL.id]!.bank}`, { cookie: mar })).status).toBe(404);
    expect((await appRequest(`${ST}/exportar?account=${accounts[SOL.id]!.bank}`, { cookie: mar })).status).toBe(404);
    expect((await appRequest(ST, { cookie: mar, form: { intent: "transfer", fromAccountId: accounts[SOL.id]!.bank, toAccountId: accounts[MAR.id]!.bank, date: "2026-03-10", amount: "1,00" } })).status).toBe(400);
    // Mar's lists and reports never show Sol's titles.
    const list = await json<{ rows: { id: string }[] }>(await appRequest(`${R}?size=100`, { cookie: mar }));
    expect(list.rows.some((r) => r.id === id)).toBe(false);
    const drill = await json<{ detail: { rows: unknown[] } }>(await appRequest(`${DRE}?year=2026&category=${await categoryOf(SOL.id, "revenue.packages")}`, { cookie: mar }));
    expect(drill.detail.rows).toHaveLength(0);
    expect(await snapshot(SOL.id)).toEqual(before);
    expect(await snapshot(MAR.id)).toEqual(marBefore);
  });
});

describe("fuzzed forms", () => {
  const text = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom("", "0", "-1", "1.000,00", "abc", "9".repeat(40), "2026-02-30", "2026-03-10", "client:x", "supplier:../../"));
  const fuzzForm = (keys: string[]) => fc.dictionary(fc.constantFrom(...keys), text, { maxKeys: keys.length });

  it(`novo, settle, cancel, reverse, settle selected, transfer and manual take ${FUZZ_RUNS} arbitrary posts each: no 500, nothing written when refused`, async () => {
    const id = await newReceivable(sol, SOL.id, { amount: "1.000.000,00" });
    const targets: [string, string[], Record<string, string>][] = [
      [`${R}/novo`, ["party", "description", "documentNumber", "categoryId", "competenceDate", "dueDate", "amount", "currency", "paymentTermId", "notes"], {}],
      [`${R}/editar/${id}`, ["version", "date", "bankAccountId", "principal", "interest", "fine", "discount", "fee", "intermediaryId"], { intent: "settle" }],
      [`${R}/editar/${id}`, ["version", "reason"], { intent: "cancel" }],
      [`${R}/editar/${id}`, ["entryId", "reason"], { intent: "reverse" }],
      [`${R}/editar/${id}`, ["version", "party", "description", "categoryId", "competenceDate", "dueDate", "amount", "currency", "intent"], {}],
      [R, ["selected", "date", "bankAccountId", "intent"], { intent: "settleMany" }],
      [ST, ["fromAccountId", "toAccountId", "date", "amount", "description", "intent"], { intent: "transfer" }],
      [ST, ["bankAccountId", "direction", "date", "amount", "categoryId", "description", "intent"], { intent: "manual" }],
    ];
    for (const [path, keys, fixed] of targets) {
      await fc.assert(
        fc.asyncProperty(fuzzForm(keys), async (fields) => {
          const before = await snapshot(SOL.id);
          const res = await appRequest(path, { cookie: sol, form: { ...fixed, ...fields } });
          expect(res.status, `${path} ${JSON.stringify(fields)}`).toBeLessThan(500);
          if (res.status >= 400) expect(await snapshot(SOL.id)).toEqual(before);
        }),
        { numRuns: FUZZ_RUNS },
      );
    }
  }, 600_000);
});
