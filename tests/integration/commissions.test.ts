/**
 * Commissions (/financeiro/faturamento/comissoes, issue #20) through the real route
 * table, middleware, loaders and actions on the local D1:
 *  - a confirmed sale gets its seller's line; an edit rewrites it, a new seller moves
 *    it, a cancellation cancels it; after payment an edit adds an adjustment line;
 *  - release: the agency's policy applied as the client pays (settled by hand on the
 *    receivable, from the list, and through the ledger's hooks);
 *  - pay: one payable per agent (origin commission) in one batch, the lines paid and
 *    linked; cancelling the payable returns them to released;
 *  - the report (CSV, PDF) reads its covering index;
 *  - an Agente sees only their own lines and cannot pay; another agency's ids answer 404;
 *  - the two forms fuzzed: never a 5xx, nothing written unless accepted.
 */
import { env, SELF } from "cloudflare:test";
import fc from "fast-check";
import { v7 as uuidv7 } from "uuid";
import { describe, expect, it } from "vitest";
import { commissionHooks } from "~/lib/commissions/commissions.server";
import { ensureFinanceDefaults } from "~/lib/finance/defaults.server";
import { settleTitles } from "~/lib/finance/ledger/entries.server";
import { processStoredEvent } from "~/lib/payments/events.server";
import { hashWebhookToken } from "~/lib/payments/token";
import { createDb } from "~/lib/platform/db.server";
import type { Scope } from "~/lib/platform/scope.server";
import { appRequest, json } from "./harness";
import { createAgency, createUser, signIn } from "./fixtures";
import { FUZZ_RUNS } from "./fuzz";

const PATH = "/financeiro/faturamento/comissoes";
const SALES = "/vendas/emissivo";
const editSale = (id: string) => `${SALES}/editar/${id}`;

async function world(name = `Com ${uuidv7().slice(-5)}`) {
  const agency = await createAgency(name);
  const db = createDb(env.DB);
  await ensureFinanceDefaults(db, agency.id);
  const admin = await createUser({ role: "Admin", agencyId: agency.id, name: `Admin ${name}` });
  const fin = await createUser({ role: "Financeiro", agencyId: agency.id, name: `Fin ${name}` });
  const agente = await createUser({ role: "Agente", agencyId: agency.id, name: `Agente ${name}` });
  const ids = { client: uuidv7(), supplier: uuidv7(), seller: uuidv7(), reseller: uuidv7(), own: uuidv7(), bank: uuidv7(), kind: uuidv7() };
  const t = new Date().toISOString();
  const type = await env.DB.prepare("select id from account_type where agency_id = ? limit 1").bind(agency.id).first<{ id: string }>();
  const P = (q: string, ...v: unknown[]) => env.DB.prepare(q).bind(...v);
  await env.DB.batch([
    P("insert into client (id, agency_id, name, search_text, created_at, updated_at) values (?, ?, 'Carla Cliente', 'carla cliente', ?, ?)", ids.client, agency.id, t, t),
    P("insert into supplier (id, agency_id, name, category, created_at, updated_at) values (?, ?, 'Hotel A', 'hotel', ?, ?)", ids.supplier, agency.id, t, t),
    // An internal seller at 10 % of the sale, a reseller at 20 % of the margin, the Agente's own agent at 5 %.
    P("insert into agent (id, agency_id, name, search_text, commission_rule, commission_bps, created_at, updated_at) values (?, ?, 'Bia Balcão', 'bia balcao', 'sale_percent', 1000, ?, ?)", ids.seller, agency.id, t, t),
    P("insert into agent (id, agency_id, name, search_text, commission_rule, commission_bps, created_at, updated_at) values (?, ?, 'Rui Revenda', 'rui revenda', 'margin_percent', 2000, ?, ?)", ids.reseller, agency.id, t, t),
    P("insert into agent (id, agency_id, name, search_text, user_id, commission_rule, commission_bps, created_at, updated_at) values (?, ?, 'Ana Agente', 'ana agente', ?, 'sale_percent', 500, ?, ?)", ids.own, agency.id, agente.id, t, t),
    P("insert into bank_account (id, agency_id, name, account_type_id, opening_date, currency, created_at, updated_at) values (?, ?, 'Banco', ?, '2020-01-01', 'BRL', ?, ?)", ids.bank, agency.id, type!.id, t, t),
    P("insert into product_kind (id, agency_id, kind, enabled, created_at, updated_at) values (?, ?, 'hotel', 1, ?, ?)", ids.kind, agency.id, t, t),
  ]);
  const adminScope: Scope = { db, ip: null, userId: admin.id, role: "Admin", agencyId: agency.id, timeZone: "America/Sao_Paulo", currency: "BRL" };
  return { agency, ids, adminScope, admin: await signIn(admin.email), fin: await signIn(fin.email), agente: await signIn(agente.email) };
}
type World = Awaited<ReturnType<typeof world>>;

function saleForm(w: World, opts: { agentId?: string; price?: string; cost?: string; discount?: string } = {}) {
  return {
    clientId: w.ids.client,
    agentId: opts.agentId ?? w.ids.seller,
    saleDate: "2026-11-20",
    currency: "BRL",
    paymentMethod: "pix",
    paymentTermId: "",
    firstDueDate: "2026-11-25",
    discount: opts.discount ?? "",
    notes: "",
    "passengers[0].clientId": w.ids.client,
    "passengers[0].ageBand": "adult",
    "items[0].productKindId": w.ids.kind,
    "items[0].supplierId": w.ids.supplier,
    "items[0].description": "Hotel",
    "items[0].cost": opts.cost ?? "800,00",
    "items[0].price": opts.price ?? "1.000,00",
  };
}

const saleVersion = async (id: string) => String((await env.DB.prepare("select version from sale where id = ?").bind(id).first<{ version: number }>())!.version);

async function confirmedSale(w: World, opts: Parameters<typeof saleForm>[1] = {}, cookie = w.admin) {
  const res = await appRequest(`${SALES}/novo`, { cookie, form: saleForm(w, opts) });
  expect(res.status, await res.clone().text()).toBe(302);
  const id = (res.headers.get("Location") ?? "").split("/").pop()!;
  const confirmed = await appRequest(editSale(id), { cookie, form: { intent: "confirm", version: await saleVersion(id) } });
  expect(confirmed.status).toBe(200);
  return id;
}

/** Edits a confirmed sale (preview, then apply with its digest). */
async function editConfirmed(w: World, id: string, opts: Parameters<typeof saleForm>[1]) {
  const form = { ...saleForm(w, opts), version: await saleVersion(id) };
  const preview = await json<{ digest?: string; saved?: boolean }>(await appRequest(editSale(id), { cookie: w.admin, form }));
  // No title changes (only the seller): saved at once, no preview.
  if (preview.saved) return;
  const applied = await appRequest(editSale(id), { cookie: w.admin, form: { ...form, confirmEdit: preview.digest ?? "" } });
  expect(applied.status, `${JSON.stringify(preview).slice(0, 300)} ${(await applied.clone().text()).slice(0, 600)}`).toBe(200);
}

type Line = { id: string; agent_id: string; kind: string; amount_cents: number; released_cents: number; status: string; payable_id: string | null; base_cents: number };
const linesOf = async (saleId: string) =>
  (await env.DB.prepare("select id, agent_id, kind, amount_cents, released_cents, status, payable_id, base_cents from commission_line where sale_id = ? order by created_at, id").bind(saleId).all<Line>()).results;
const liveSum = (lines: Line[]) => lines.filter((l) => l.status !== "cancelled").reduce((s, l) => s + l.amount_cents, 0);
const receivablesOf = async (saleId: string) =>
  (
    await env.DB.prepare("select id, version, amount_cents from finance_title where origin_kind = 'sale' and origin_id = ? and direction = 'receivable' and status <> 'cancelled' order by installment_no")
      .bind(saleId)
      .all<{ id: string; version: number; amount_cents: number }>()
  ).results;
const count = async (q: string, ...v: unknown[]) => (await env.DB.prepare(q).bind(...v).first<{ n: number }>())!.n;

async function setPolicy(w: World, policy: string) {
  const res = await appRequest(PATH, { cookie: w.admin, form: { intent: "policy", policy } });
  expect(res.status).toBe(200);
}

describe("commissions", () => {
  it("a confirmed sale gets its seller's line; edits rewrite it, a new seller moves it, cancelling cancels it", async () => {
    const w = await world();
    await setPolicy(w, "confirmation");
    const id = await confirmedSale(w, { discount: "100,00" });
    let lines = await linesOf(id);
    // 10 % of (1.000 − 100).
    expect(lines).toMatchObject([{ agent_id: w.ids.seller, amount_cents: 9_000, base_cents: 90_000, status: "released", released_cents: 9_000 }]);
    expect(await count("select count(*) n from audit_entry where entity = 'commission_line' and entity_id = ?", lines[0]!.id)).toBe(1);

    await editConfirmed(w, id, { price: "1.200,00" });
    lines = await linesOf(id);
    expect(lines).toMatchObject([{ amount_cents: 12_000, status: "released" }]);

    // The reseller: 20 % of the margin (1.200 − 800).
    await editConfirmed(w, id, { price: "1.200,00", agentId: w.ids.reseller });
    lines = await linesOf(id);
    expect(lines.filter((l) => l.status !== "cancelled")).toMatchObject([{ agent_id: w.ids.reseller, amount_cents: 8_000 }]);
    expect(lines.find((l) => l.agent_id === w.ids.seller)!.status).toBe("cancelled");

    const cancel = await appRequest(editSale(id), { cookie: w.admin, form: { intent: "cancel", version: await saleVersion(id), reason: "desistiu" } });
    expect(cancel.status).toBe(200);
    expect((await linesOf(id)).every((l) => l.status === "cancelled")).toBe(true);
    // A draft has none.
    const draft = await appRequest(`${SALES}/novo`, { cookie: w.admin, form: saleForm(w) });
    expect(await linesOf((draft.headers.get("Location") ?? "").split("/").pop()!)).toEqual([]);
  });

  it("releases as the client pays: by hand on the receivable, from the list, and through the ledger's hooks", async () => {
    const w = await world();
    const id = await confirmedSale(w); // total 1.000 → commission 100 under "full_payment" (the default)
    expect(await linesOf(id)).toMatchObject([{ amount_cents: 10_000, released_cents: 0, status: "pending" }]);
    let [rec] = await receivablesOf(id);
    // Settle 400 by hand: still pending (full payment not reached).
    const settle = await appRequest(`/financeiro/contas-a-receber/editar/${rec!.id}`, { cookie: w.admin, form: { intent: "settle", version: String(rec!.version), date: "2026-11-21", bankAccountId: w.ids.bank, principal: "400,00" } });
    expect(settle.status).toBe(302);
    expect(await linesOf(id)).toMatchObject([{ released_cents: 0, status: "pending" }]);
    // Proportional: 40 % released.
    await setPolicy(w, "proportional");
    expect(await linesOf(id)).toMatchObject([{ released_cents: 4_000, status: "released" }]);
    // The rest from the list: fully released.
    [rec] = await receivablesOf(id);
    const many = await appRequest("/financeiro/contas-a-receber", { cookie: w.admin, form: { intent: "settleMany", selected: [`${rec!.id}:${rec!.version}`], date: "2026-11-22", bankAccountId: w.ids.bank } });
    expect(many.status).toBe(302);
    expect(await linesOf(id)).toMatchObject([{ released_cents: 10_000, status: "released" }]);

    // Through the ledger's hook (what the webhook's settlement and every title action call).
    const other = await confirmedSale(w);
    const [r2] = await receivablesOf(other);
    const settled = await settleTitles(w.adminScope, { date: "2026-11-21", bankAccountId: w.ids.bank, description: null }, [
      { titleId: r2!.id, version: r2!.version, intermediaryId: null, principalCents: 25_000, interestCents: 0, fineCents: 0, discountCents: 0, feeCents: 0 },
    ]);
    expect(settled.ok).toBe(true);
    expect(await linesOf(other)).toMatchObject([{ released_cents: 0 }]);
    await commissionHooks().changed!(w.adminScope, r2!.id, ["paidCents"]);
    expect(await linesOf(other)).toMatchObject([{ released_cents: 2_500, status: "released" }]);
  });

  it("a policy change re-releases every open line, 600 sales in pages: five D1 calls per 80 sales, not five per sale", async () => {
    const w = await world();
    const id = await confirmedSale(w); // 1.000, commission 100, pending under "full_payment"
    const [rec] = await receivablesOf(id);
    const settle = await appRequest(`/financeiro/contas-a-receber/editar/${rec!.id}`, { cookie: w.admin, form: { intent: "settle", version: String(rec!.version), date: "2026-11-21", bankAccountId: w.ids.bank, principal: "300,00" } });
    expect(settle.status).toBe(302);
    // 599 copies of the sale, its receivables (30 % paid) and its line, by SQL.
    const clone = async (table: string, where: string, overrides: Record<string, string>) => {
      const cols = (await env.DB.prepare(`select name from pragma_table_info('${table}')`).all<{ name: string }>()).results.map((c) => c.name);
      const select = cols.map((c) => overrides[c] ?? `"${c}"`).join(", ");
      await env.DB.prepare(`with recursive n(i) as (select 1 union all select i + 1 from n where i < 599) insert into "${table}" (${cols.map((c) => `"${c}"`).join(", ")}) select ${select} from n, "${table}" where ${where}`)
        .bind(id)
        .run();
    };
    const copyId = (col: string) => `substr(${col}, 1, 28) || printf('%08d', i)`;
    await clone("sale", "id = ?", { id: copyId("id"), number: "number + 10000 + i" });
    await clone("finance_title", "origin_kind = 'sale' and origin_id = ?", { id: copyId("id"), origin_id: copyId("origin_id") });
    await clone("commission_line", "sale_id = ?", { id: copyId("id"), sale_id: copyId("sale_id") });
    expect(await count("select count(*) n from commission_line where agency_id = ? and status = 'pending'", w.agency.id)).toBe(600);

    // Count what reaches D1 while the policy changes (the route's own reads aside: call the module).
    let calls = 0;
    const counting = new Proxy(env.DB, {
      get(target, prop, receiver) {
        if (prop === "batch") return (...a: Parameters<D1Database["batch"]>) => (calls++, target.batch(...a));
        if (prop === "prepare")
          return (q: string) => {
            const stmt = target.prepare(q);
            return new Proxy(stmt, {
              get(s, k) {
                const v = Reflect.get(s, k, s);
                if (typeof v !== "function") return v;
                if (k === "bind") return (...b: unknown[]) => { const bound = v.apply(s, b); return new Proxy(bound, { get: (bs, kk) => { const f = Reflect.get(bs, kk, bs); if (typeof f !== "function") return f; return ["all", "run", "first", "raw"].includes(String(kk)) ? (...x: unknown[]) => (calls++, f.apply(bs, x)) : f.bind(bs); } }); };
                return ["all", "run", "first", "raw"].includes(String(k)) ? (...x: unknown[]) => (calls++, v.apply(s, x)) : v.bind(s);
              },
            });
          };
        return Reflect.get(target, prop, receiver);
      },
    });
    const { setReleasePolicy } = await import("~/lib/commissions/commissions.server");
    await setReleasePolicy({ ...w.adminScope, db: createDb(counting as D1Database) }, "proportional");
    // 30 % of 100 released on every one of the 600 lines.
    expect(await count("select count(*) n from commission_line where agency_id = ? and status = 'released' and released_cents = 3000", w.agency.id)).toBe(600);
    // 8 pages of at most 80 sales (five calls each: the page, three reads, one batch) and three for the policy itself — against 3,000 one sale at a time.
    expect(calls).toBeGreaterThanOrEqual(8 * 5);
    expect(calls).toBeLessThanOrEqual(8 * 5 + 4);
    // Each line's change is audited.
    expect(await count("select count(*) n from audit_entry where agency_id = ? and entity = 'commission_line' and action = 'update'", w.agency.id)).toBeGreaterThanOrEqual(600);
  }, 120_000);

  it("a sale's own commission: set and cleared from the sale page by Admin and Financeiro, audited on the sale, its lines follow; refusals change nothing", async () => {
    const w = await world();
    await setPolicy(w, "confirmation");
    const id = await confirmedSale(w); // 1.000 at the seller's 10 % → 100
    const OVR = `${PATH}/venda/${id}`;
    const sale = async () => (await env.DB.prepare("select version, commission_rule, commission_bps from sale where id = ?").bind(id).first<{ version: number; commission_rule: string | null; commission_bps: number | null }>())!;
    const page = async (cookie = w.admin) => json<{ commission: { amountCents: number; override: unknown; canEdit: boolean; version: number } | null }>(await appRequest(editSale(id), { cookie }));
    expect((await page()).commission).toMatchObject({ amountCents: 10_000, override: null, canEdit: true });
    // Financeiro sets 7,5 % of the margin (margin 200 → 15).
    let v = (await sale()).version;
    const set = await appRequest(OVR, { cookie: w.fin, form: { intent: "override", mode: "custom", rule: "margin_percent", commission: "7,5", version: String(v) } });
    expect(set.status).toBe(302);
    expect(set.headers.get("Location")).toBe(editSale(id));
    expect(await sale()).toEqual({ version: v + 1, commission_rule: "margin_percent", commission_bps: 750 });
    expect(liveSum(await linesOf(id))).toBe(1_500);
    expect((await page()).commission).toMatchObject({ amountCents: 1_500, override: { rule: "margin_percent", bps: 750 } });
    expect(await count("select count(*) n from audit_entry where entity = 'sale' and entity_id = ? and changes like '%commissionBps%'", id)).toBe(1);
    // Refused, nothing changes: a stale version, a bad percentage, a missing rule, an Agente, another agency, no session.
    const snapshot = [await sale(), await linesOf(id)];
    const stale = await appRequest(OVR, { cookie: w.admin, form: { intent: "override", mode: "custom", rule: "sale_percent", commission: "5", version: String(v) } });
    expect(stale.status).toBe(409);
    expect(await json<{ formError: string }>(stale)).toMatchObject({ formError: "commissions.override.errors.stale" });
    v = (await sale()).version;
    const bad = await appRequest(OVR, { cookie: w.admin, form: { intent: "override", mode: "custom", rule: "sale_percent", commission: "101", version: String(v) } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await json(bad))).toContain("registers.errors.percent");
    const noRule = await appRequest(OVR, { cookie: w.admin, form: { intent: "override", mode: "custom", commission: "5", version: String(v) } });
    expect(noRule.status).toBe(400);
    // An Agente: another seller's sale is not theirs to see (404); on their own sale they may not set it (403).
    expect((await appRequest(OVR, { cookie: w.agente, form: { intent: "override", mode: "agent", version: String(v) } })).status).toBe(404);
    const own = await confirmedSale(w, { agentId: w.ids.own }, w.agente);
    const ownVersion = String((await env.DB.prepare("select version from sale where id = ?").bind(own).first<{ version: number }>())!.version);
    expect((await appRequest(`${PATH}/venda/${own}`, { cookie: w.agente, form: { intent: "override", mode: "custom", rule: "sale_percent", commission: "50", version: ownVersion } })).status).toBe(403);
    expect(await env.DB.prepare("select commission_bps b from sale where id = ?").bind(own).first<{ b: number | null }>()).toEqual({ b: null });
    expect((await json<{ commission: { canEdit: boolean } }>(await appRequest(editSale(own), { cookie: w.agente }))).commission.canEdit).toBe(false);
    const other = await world();
    expect((await appRequest(OVR, { cookie: other.admin, form: { intent: "override", mode: "agent", version: String(v) } })).status).toBe(404);
    expect((await appRequest(OVR, { form: { intent: "override", mode: "agent", version: String(v) } })).status).toBe(302);
    expect([await sale(), await linesOf(id)]).toEqual(snapshot);
    // Back to the seller's rule.
    const clear = await appRequest(OVR, { cookie: w.admin, form: { intent: "override", mode: "agent", version: String(v) } });
    expect(clear.status).toBe(302);
    expect(await sale()).toMatchObject({ commission_rule: null, commission_bps: null });
    expect(liveSum(await linesOf(id))).toBe(10_000);
    // Fuzzed: never a 5xx; the sale's rule changes only on a 302.
    await fc.assert(
      fc.asyncProperty(
        fc.record({ intent: fc.constantFrom("override", "x", ""), mode: fc.oneof(fc.constantFrom("agent", "custom"), fc.string({ maxLength: 8 })), rule: fc.oneof(fc.constantFrom("sale_percent", "margin_percent"), fc.string({ maxLength: 8 })), commission: fc.oneof(fc.constantFrom("5", "0", "100", "7,25", "1e3", "-1", ""), fc.string({ maxLength: 10 })), version: fc.oneof(fc.constant("current"), fc.string({ maxLength: 4 })) }, { requiredKeys: [] }),
        async (form) => {
          const before = await sale();
          const res = await appRequest(OVR, { cookie: w.admin, form: { ...form, version: form.version === "current" ? String(before.version) : (form.version ?? "") } });
          expect(res.status).toBeLessThan(500);
          if (res.status !== 302) expect(await sale()).toEqual(before);
        },
      ),
      { numRuns: Math.max(20, Math.floor(FUZZ_RUNS / 5)) },
    );
  }, 120_000);

  it("releases after an Asaas webhook settles the sale's receivable", async () => {
    const w = await world();
    const id = await confirmedSale(w); // full payment policy: pending until paid
    const [rec] = await receivablesOf(id);
    const token = `tok_${crypto.randomUUID()}`;
    const now = new Date().toISOString();
    const paymentId = `pay_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
    await env.DB.batch([
      env.DB.prepare(
        "insert into payment_integration (id, agency_id, provider, environment, webhook_token_enc, webhook_token_hash, enabled, bank_account_id, created_at, updated_at) values (?, ?, 'asaas', 'sandbox', 'v1:test:test', ?, 1, ?, ?, ?)",
      ).bind(uuidv7(), w.agency.id, await hashWebhookToken(token), w.ids.bank, now, now),
      env.DB.prepare(
        "insert into payment_charge (id, agency_id, provider, environment, title_id, external_id, billing_type, status, value_cents, due_date, created_at, updated_at) values (?, ?, 'asaas', 'sandbox', ?, ?, 'PIX', 'PENDING', ?, '2026-11-25', ?, ?)",
      ).bind(uuidv7(), w.agency.id, rec!.id, paymentId, rec!.amount_cents, now, now),
    ]);
    expect(await linesOf(id)).toMatchObject([{ status: "pending" }]);
    const event = {
      id: `evt_${crypto.randomUUID()}`,
      event: "PAYMENT_RECEIVED",
      dateCreated: "2026-11-21 10:00:00",
      payment: { object: "payment", id: paymentId, customer: "cus_1", value: rec!.amount_cents / 100, netValue: rec!.amount_cents / 100, billingType: "PIX", status: "RECEIVED", dueDate: "2026-11-25", paymentDate: "2026-11-21" },
    };
    const res = await SELF.fetch(`http://localhost/webhooks/asaas/${w.agency.id}`, { method: "POST", body: JSON.stringify(event), headers: { "Content-Type": "application/json", "asaas-access-token": token } });
    expect(res.status).toBe(200);
    const { results } = await env.DB.prepare("select id from webhook_event where agency_id = ? and status in ('received', 'failed')").bind(w.agency.id).all<{ id: string }>();
    for (const r of results) await processStoredEvent(env, r.id).catch(() => undefined);
    expect(await linesOf(id)).toMatchObject([{ status: "released", released_cents: 10_000 }]);
  });

  it("pays the selected released lines: one payable per agent in one batch; cancelling it returns them; an edit after payment adds an adjustment", async () => {
    const w = await world();
    await setPolicy(w, "confirmation");
    const a1 = await confirmedSale(w);
    const a2 = await confirmedSale(w, { price: "2.000,00" });
    const b1 = await confirmedSale(w, { agentId: w.ids.reseller });
    const ids = [...(await linesOf(a1)), ...(await linesOf(a2)), ...(await linesOf(b1))].map((l) => l.id);
    const payablesBefore = await count("select count(*) n from finance_title where agency_id = ? and origin_kind = 'commission'", w.agency.id);

    const res = await appRequest(PATH, { cookie: w.fin, form: { intent: "pay", id: ids } });
    expect(res.status).toBe(200);
    const payables = (
      await env.DB.prepare("select id, party_kind, party_id, amount_cents, direction, status from finance_title where agency_id = ? and origin_kind = 'commission' order by amount_cents").bind(w.agency.id).all<{ id: string; party_kind: string; party_id: string; amount_cents: number; direction: string; status: string }>()
    ).results;
    expect(payables.length - payablesBefore).toBe(2);
    // Seller: 100 + 200; reseller: 20 % of 200 margin = 40.
    expect(payables.map((p) => [p.party_kind, p.party_id, p.amount_cents, p.direction])).toEqual([
      ["agent", w.ids.reseller, 4_000, "payable"],
      ["agent", w.ids.seller, 30_000, "payable"],
    ]);
    const sellerPayable = payables.find((p) => p.party_id === w.ids.seller)!.id;
    expect((await linesOf(a1))[0]).toMatchObject({ status: "paid", payable_id: sellerPayable });
    // The payables list finds it.
    const list = await json<{ rows: { id: string }[] }>(await appRequest(`/financeiro/contas-a-pagar?q=${encodeURIComponent("Bia Balcão")}`, { cookie: w.admin }));
    expect(list.rows.map((r) => r.id)).toContain(sellerPayable);
    // Paying again: refused, nothing written.
    expect((await appRequest(PATH, { cookie: w.fin, form: { intent: "pay", id: ids } })).status).toBe(409);
    expect(await count("select count(*) n from finance_title where agency_id = ? and origin_kind = 'commission'", w.agency.id)).toBe(payablesBefore + 2);

    // An edit after payment: the paid line stays, an adjustment carries the difference.
    await editConfirmed(w, a1, { price: "800,00", cost: "500,00" });
    const after = await linesOf(a1);
    expect(after[0]).toMatchObject({ status: "paid", amount_cents: 10_000 });
    expect(after.find((l) => l.kind === "adjustment")).toMatchObject({ amount_cents: -2_000, status: "released" });
    expect(liveSum(after)).toBe(8_000);

    // Cancelling the payable returns the lines to released.
    const version = (await env.DB.prepare("select version from finance_title where id = ?").bind(sellerPayable).first<{ version: number }>())!.version;
    const cancel = await appRequest(`/financeiro/contas-a-pagar/editar/${sellerPayable}`, { cookie: w.admin, form: { intent: "cancel", version: String(version), reason: "erro" } });
    expect(cancel.status).toBe(302);
    expect(await count("select count(*) n from commission_line where payable_id = ?", sellerPayable)).toBe(0);
    for (const sale of [a1, a2]) {
      const open = (await linesOf(sale)).filter((l) => l.status !== "cancelled");
      expect(open.every((l) => l.status === "released")).toBe(true);
    }
    expect(liveSum(await linesOf(a1))).toBe(8_000);
    expect(liveSum(await linesOf(a2))).toBe(20_000);
  });

  it("the screen: filters, totals per status, the report as CSV and PDF from its covering index", async () => {
    const w = await world();
    await setPolicy(w, "confirmation");
    await confirmedSale(w);
    await confirmedSale(w, { agentId: w.ids.reseller });
    const all = await json<{ rows: { agentId: string }[]; totals: { status: string; amountCents: number }[]; page: { total: number } }>(await appRequest(PATH, { cookie: w.admin }));
    expect(all.page.total).toBe(2);
    expect(all.totals.find((t) => t.status === "released")!.amountCents).toBe(10_000 + 4_000);
    const one = await json<{ rows: { agentId: string }[] }>(await appRequest(`${PATH}?agent=${w.ids.reseller}&status=released&from=2026-11-01&to=2026-11-30`, { cookie: w.admin }));
    expect(one.rows.map((r) => r.agentId)).toEqual([w.ids.reseller]);
    const none = await json<{ rows: unknown[] }>(await appRequest(`${PATH}?from=2027-01-01`, { cookie: w.admin }));
    expect(none.rows).toEqual([]);

    const csv = await appRequest(`${PATH}/relatorio?format=csv&from=2026-01-01&to=2026-12-31`, { cookie: w.admin });
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    const text = await csv.text();
    expect(text).toContain("Bia Balcão");
    expect(text).toContain("100.00");
    const pdf = await appRequest(`${PATH}/relatorio?format=pdf&agent=${w.ids.seller}`, { cookie: w.admin });
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    expect((await appRequest(`${PATH}/relatorio?format=csv&from=2020-01-01&to=2026-12-31`, { cookie: w.admin })).status).toBe(400);

    // The report's query reads only its covering index.
    const plan = await env.DB.prepare(
      "explain query plan select agent_id, currency, count(*), sum(amount_cents), sum(case when status in ('pending', 'released') then amount_cents - released_cents else 0 end) from commission_line where agency_id = ? and sale_date >= ? and sale_date <= ? and status <> 'cancelled' group by agent_id, currency",
    )
      .bind(w.agency.id, "2026-01-01", "2026-12-31")
      .all<{ detail: string }>();
    expect(plan.results.map((r) => r.detail).join("\n")).toContain("USING COVERING INDEX commission_line_report_idx");
  });

  it("an Agente sees only their own lines and cannot pay nor set the policy", async () => {
    const w = await world();
    await setPolicy(w, "confirmation");
    const mine = await confirmedSale(w, { agentId: w.ids.own }, w.agente);
    await confirmedSale(w);
    const seen = await json<{ rows: { saleId: string }[]; canPay: boolean; agents: { id: string }[] }>(await appRequest(PATH, { cookie: w.agente }));
    expect(seen.rows.map((r) => r.saleId)).toEqual([mine]);
    expect(seen.canPay).toBe(false);
    expect(seen.agents.map((a) => a.id)).toEqual([w.ids.own]);
    // Asking for another agent's lines shows none.
    expect((await json<{ rows: unknown[] }>(await appRequest(`${PATH}?agent=${w.ids.seller}`, { cookie: w.agente }))).rows).toEqual([]);
    const line = (await linesOf(mine))[0]!;
    expect((await appRequest(PATH, { cookie: w.agente, form: { intent: "pay", id: [line.id] } })).status).toBe(403);
    expect((await appRequest(PATH, { cookie: w.agente, form: { intent: "policy", policy: "proportional" } })).status).toBe(403);
    expect((await appRequest(`${PATH}/relatorio?format=csv&agent=${w.ids.seller}`, { cookie: w.agente })).status).toBe(404);
    const own = await (await appRequest(`${PATH}/relatorio?format=csv&from=2026-01-01&to=2026-12-31`, { cookie: w.agente })).text();
    expect(own).toContain("Ana Agente");
    expect(own).not.toContain("Bia Balcão");
    expect((await linesOf(mine))[0]!.status).toBe("released");
  });

  it("another agency's ids answer 404 on every loader and action; nothing changes", async () => {
    const w = await world();
    const other = await world();
    await setPolicy(w, "confirmation");
    const sale = await confirmedSale(w);
    const line = (await linesOf(sale))[0]!;
    expect((await appRequest(PATH, { cookie: other.admin, form: { intent: "pay", id: [line.id] } })).status).toBe(404);
    expect((await appRequest(`${PATH}/relatorio?format=pdf&agent=${w.ids.seller}`, { cookie: other.admin })).status).toBe(404);
    expect((await json<{ rows: unknown[] }>(await appRequest(`${PATH}?agent=${w.ids.seller}`, { cookie: other.admin }))).rows).toEqual([]);
    expect((await linesOf(sale))[0]).toEqual(line);
    expect(await count("select count(*) n from finance_title where agency_id = ? and origin_kind = 'commission'", other.agency.id)).toBe(0);
    // No session: to the login.
    const anon = await appRequest(PATH);
    expect(anon.status).toBe(302);
    expect(anon.headers.get("Location")).toContain("/login");
  });

  it("fuzz: the pay and policy forms never answer 5xx and write nothing unless accepted", async () => {
    const w = await world();
    const sale = await confirmedSale(w);
    const line = (await linesOf(sale))[0]!;
    const value = fc.oneof(fc.string({ maxLength: 80 }), fc.constantFrom(line.id, "pay", "policy", "proportional", "confirmation", "", "x".repeat(70), "1e9"));
    const form = fc.dictionary(fc.oneof(fc.constantFrom("intent", "id", "policy", "id[0]", "id[99999]"), fc.string({ maxLength: 12 })), fc.oneof(value, fc.array(value, { maxLength: 4 })), { maxKeys: 5 });
    await fc.assert(
      fc.asyncProperty(form, async (fields) => {
        const res = await appRequest(PATH, { cookie: w.admin, form: fields as Record<string, string | string[]> });
        expect(res.status).toBeLessThan(500);
        // The line is pending (full_payment, nothing paid): it can never be paid.
        expect(await count("select count(*) n from finance_title where agency_id = ? and origin_kind = 'commission'", w.agency.id)).toBe(0);
      }),
      { numRuns: Math.max(20, Math.floor(FUZZ_RUNS / 5)) },
    );
  });
});
