/**
 * Charges from receivables (issue #19) against the local Asaas simulator, through the
 * real route table: "Cobrar" creates the client's Asaas customer once and a charge of
 * each billing type with its fields stored (Pix QR code and copy-paste code, boleto line
 * and PDF, invoice link); a client without CPF/CNPJ is told to complete the record;
 * "Cobrar todas as parcelas" charges every open installment; cancelling or editing the
 * receivable cancels or updates its charge at the provider; another agency gets 404;
 * the API key never shows in a response, an audit entry or a log line; fuzzed charge
 * posts never give a 500 and write nothing when refused.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ensureFinanceDefaults } from "~/lib/finance/defaults.server";
import { syncCharges } from "~/lib/payments/charges.server";
import { paymentDeps } from "~/lib/payments/transport.server";
import { parseEnv } from "~/lib/platform/env.server";
import { createDb } from "~/lib/platform/db.server";
import { appRequest } from "./harness";
import { seedDemo } from "./fixtures";
import { agencyWith, memberOf, type Session } from "./finance-settings-helpers";
import { FUZZ_RUNS } from "./fuzz";

const R = "/financeiro/contas-a-receber";
const ASAAS = "/sistema/integracoes/asaas";
const today = new Date().toISOString().slice(0, 10);
const agencyToday = (timeZone: string) => new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

const logged: string[] = [];
for (const m of ["log", "info", "warn", "error", "debug"] as const) vi.spyOn(console, m).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" ")));

const one = <T>(sql: string, ...binds: unknown[]) => env.DB.prepare(sql).bind(...binds).first<T>();
const all = async <T>(sql: string, ...binds: unknown[]) => (await env.DB.prepare(sql).bind(...binds).all<T>()).results;
type Charge = { id: string; title_id: string; external_id: string; billing_type: string; status: string; value_cents: number; due_date: string; invoice_url: string | null; bank_slip_url: string | null; identification_field: string | null; pix_payload: string | null; pix_qr_image: string | null; pix_expires_at: string | null; deleted_at: string | null; environment: string };
const chargesOf = (titleId: string) => all<Charge>("select * from payment_charge where title_id = ? order by created_at, id", titleId);
const simPayment = async (id: string) => JSON.parse((await one<{ body: string }>("select body from asaas_sim_payment where id = ?", id))!.body) as { value: number; dueDate: string; deleted: boolean; customer: string; billingType: string };

type World = Session & { key: string; clientId: string };
const responses: string[] = [];
async function request(path: string, init: Parameters<typeof appRequest>[1]) {
  const res = await appRequest(path, init);
  responses.push(await res.clone().text());
  return res;
}

async function newClient(agencyId: string, document: string | null) {
  const id = uuidv7();
  const now = new Date().toISOString();
  await env.DB.prepare("insert into client (id, agency_id, kind, name, document, emails, phones, created_at, updated_at) values (?, ?, 'person', ?, ?, ?, ?, ?, ?)")
    .bind(id, agencyId, `Cliente ${id.slice(-6)}`, document, JSON.stringify([`c${id.slice(-6)}@x.example`]), JSON.stringify([{ number: "11987654321", whatsapp: true }]), now, now)
    .run();
  return id;
}

async function world(configure = true): Promise<World> {
  const session = await agencyWith("Admin");
  await ensureFinanceDefaults(createDb(env.DB), session.id);
  const key = `$aact_charges_${crypto.randomUUID()}`;
  if (configure) {
    const res = await request(ASAAS, { cookie: session.cookie, form: { intent: "save", version: "0", environment: "sandbox", apiKey: key, enabled: "on" } });
    expect(res.status).toBe(200);
  }
  return { ...session, key, clientId: await newClient(session.id, "52998224725") };
}

async function receivable(w: World, over: Record<string, string> = {}, clientId = w.clientId) {
  const category = await one<{ id: string }>("select id from chart_account where agency_id = ? and system_key = 'revenue.packages'", w.id);
  const res = await request(`${R}/novo`, {
    cookie: w.cookie,
    form: { party: `client:${clientId}`, description: `Pacote ${uuidv7().slice(-6)}`, categoryId: category!.id, competenceDate: today, dueDate: inDays(10), amount: "1.500,75", currency: "BRL", ...over },
  });
  expect(res.status, await res.clone().text()).toBe(302);
  return res.headers.get("Location")!.split("/").pop()!;
}
const version = async (id: string) => (await one<{ version: number }>("select version from finance_title where id = ?", id))!.version;

let A: World;
let B: World;
beforeAll(async () => {
  await seedDemo();
  A = await world();
  B = await world();
});

describe("charges on receivables", () => {
  it("creates the customer once and stores each billing type's fields", async () => {
    const ids: Record<string, string> = {};
    for (const billingType of ["PIX", "BOLETO", "CREDIT_CARD", "UNDEFINED"]) {
      ids[billingType] = await receivable(A);
      const res = await request(`${R}/editar/${ids[billingType]}`, { cookie: A.cookie, form: { intent: "charge", billingType } });
      expect(res.status, await res.clone().text()).toBe(302);
    }
    const customers = await all<{ external_id: string }>("select external_id from payment_customer where agency_id = ? and client_id = ?", A.id, A.clientId);
    expect(customers).toHaveLength(1);

    const [pix] = await chargesOf(ids.PIX!);
    expect(pix).toMatchObject({ billing_type: "PIX", status: "PENDING", value_cents: 150075, due_date: inDays(10), environment: "sandbox", deleted_at: null });
    expect(pix!.pix_payload).toMatch(/^000201.*6304[0-9A-F]{4}$/);
    expect(atob(pix!.pix_qr_image!).slice(1, 4)).toBe("PNG");
    expect(pix!.pix_expires_at).toBeTruthy();
    expect(pix!.invoice_url).toMatch(/^https:\/\//);
    expect((await simPayment(pix!.external_id)).customer).toBe(customers[0]!.external_id);

    const [boleto] = await chargesOf(ids.BOLETO!);
    expect(boleto!.identification_field).toMatch(/^\d{47}$/);
    expect(boleto!.bank_slip_url).toMatch(/^https:\/\//);
    expect(boleto!.pix_payload).toBeNull();
    const [card] = await chargesOf(ids.CREDIT_CARD!);
    expect(card).toMatchObject({ billing_type: "CREDIT_CARD", pix_payload: null, identification_field: null });
    expect(card!.invoice_url).toBeTruthy();
    const [link] = await chargesOf(ids.UNDEFINED!);
    expect(link).toMatchObject({ billing_type: "UNDEFINED" });
    expect(link!.invoice_url).toBeTruthy();

    // The screen shows the live charge; a second charge of the same title is refused.
    const page = (await (await request(`${R}/editar/${ids.PIX}`, { cookie: A.cookie })).json()) as { payments: { charges: { live: { pixPayload: string; externalId: string } } } };
    expect(page.payments.charges.live).toMatchObject({ pixPayload: pix!.pix_payload, externalId: pix!.external_id });
    const again = await request(`${R}/editar/${ids.PIX}`, { cookie: A.cookie, form: { intent: "charge", billingType: "PIX" } });
    expect(again.status).toBe(409);
    expect(await chargesOf(ids.PIX!)).toHaveLength(1);
  });

  it("an overdue receivable is charged for today (Asaas refuses past due dates)", async () => {
    const id = await receivable(A, { dueDate: inDays(-5), competenceDate: inDays(-10) });
    expect((await request(`${R}/editar/${id}`, { cookie: A.cookie, form: { intent: "charge", billingType: "PIX" } })).status).toBe(302);
    const zone = (await one<{ time_zone: string }>("select time_zone from agency where id = ?", A.id))!.time_zone;
    expect((await chargesOf(id))[0]!.due_date).toBe(agencyToday(zone));
  });

  it("a client without CPF/CNPJ gets a field error telling to complete the client; nothing is stored", async () => {
    const bare = await newClient(A.id, null);
    const id = await receivable(A, {}, bare);
    const res = await request(`${R}/editar/${id}`, { cookie: A.cookie, form: { intent: "charge", billingType: "PIX" } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ form: "charge", result: { error: { billingType: ["payments.charge.errors.clientDocument"] } } });
    expect(await chargesOf(id)).toHaveLength(0);
    expect(await one("select 1 from payment_customer where client_id = ?", bare)).toBeNull();
  });

  it("refuses cleanly when the integration is not configured or disabled", async () => {
    const C = await world(false);
    const id = await receivable(C);
    for (const intent of ["charge", "chargeAll"]) {
      const res = await request(`${R}/editar/${id}`, { cookie: C.cookie, form: { intent, billingType: "PIX" } });
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toContain("payments.charge.errors.notConfigured");
    }
    await request(ASAAS, { cookie: C.cookie, form: { intent: "save", version: "0", environment: "sandbox", apiKey: C.key } });
    expect((await request(`${R}/editar/${id}`, { cookie: C.cookie, form: { intent: "charge", billingType: "PIX" } })).status).toBe(400);
    expect(await chargesOf(id)).toHaveLength(0);
  });

  it("charges all open installments at once, each its own charge", async () => {
    const term = await one<{ id: string }>("select id from payment_term where agency_id = ? and name = '30/60/90'", A.id);
    const first = await receivable(A, { amount: "900,00", paymentTermId: term!.id });
    const group = (await one<{ group_id: string }>("select group_id from finance_title where id = ?", first))!.group_id;
    const titles = await all<{ id: string; amount_cents: number }>("select id, amount_cents from finance_title where group_id = ? order by installment_no", group);
    expect(titles).toHaveLength(3);
    const page = (await (await request(`${R}/editar/${first}`, { cookie: A.cookie })).json()) as { payments: { siblings: boolean } };
    expect(page.payments.siblings).toBe(true);
    const res = await request(`${R}/editar/${first}`, { cookie: A.cookie, form: { intent: "chargeAll", billingType: "BOLETO" } });
    expect(res.status, await res.clone().text()).toBe(302);
    for (const t of titles) {
      const charges = await chargesOf(t.id);
      expect(charges).toHaveLength(1);
      expect(charges[0]).toMatchObject({ billing_type: "BOLETO", value_cents: t.amount_cents });
    }
    const externals = new Set((await Promise.all(titles.map((t) => chargesOf(t.id)))).map((c) => c[0]!.external_id));
    expect(externals.size).toBe(3);
    // Again: nothing left to charge.
    expect((await request(`${R}/editar/${first}`, { cookie: A.cookie, form: { intent: "chargeAll", billingType: "BOLETO" } })).status).toBe(409);
  });

  it("cancelling the charge deletes it at the provider; the title can be charged again", async () => {
    const id = await receivable(A);
    await request(`${R}/editar/${id}`, { cookie: A.cookie, form: { intent: "charge", billingType: "PIX" } });
    const [charge] = await chargesOf(id);
    const res = await request(`${R}/editar/${id}`, { cookie: A.cookie, form: { intent: "cancelCharge" } });
    expect(res.status).toBe(302);
    expect((await chargesOf(id))[0]).toMatchObject({ status: "DELETED", deleted_at: expect.any(String) });
    expect((await simPayment(charge!.external_id)).deleted).toBe(true);
    expect((await request(`${R}/editar/${id}`, { cookie: A.cookie, form: { intent: "charge", billingType: "BOLETO" } })).status).toBe(302);
    expect((await chargesOf(id)).filter((c) => c.deleted_at === null)).toHaveLength(1);
  });

  it("the charge follows the receivable: an edit of amount or due date updates it, a cancel cancels it", async () => {
    const id = await receivable(A);
    await request(`${R}/editar/${id}`, { cookie: A.cookie, form: { intent: "charge", billingType: "PIX" } });
    const [charge] = await chargesOf(id);
    const category = await one<{ id: string }>("select category_id id from finance_title where id = ?", id);
    const title = await one<{ description: string }>("select description from finance_title where id = ?", id);
    const edit = await request(`${R}/editar/${id}`, {
      cookie: A.cookie,
      form: { intent: "save", version: String(await version(id)), party: `client:${A.clientId}`, description: title!.description, categoryId: category!.id, competenceDate: today, dueDate: inDays(20), amount: "2.000,00", currency: "BRL" },
    });
    expect(edit.status, await edit.clone().text()).toBe(302);
    expect((await chargesOf(id))[0]).toMatchObject({ value_cents: 200000, due_date: inDays(20), deleted_at: null });
    expect(await simPayment(charge!.external_id)).toMatchObject({ value: 2000, dueDate: inDays(20) });

    const cancel = await request(`${R}/editar/${id}`, { cookie: A.cookie, form: { intent: "cancel", version: String(await version(id)), reason: "Cliente desistiu" } });
    expect(cancel.status, await cancel.clone().text()).toBe(302);
    expect((await chargesOf(id))[0]).toMatchObject({ status: "DELETED", deleted_at: expect.any(String) });
    expect((await simPayment(charge!.external_id)).deleted).toBe(true);
  });

  it("syncCharges (for changes made outside the ledger's actions, e.g. a sale's edit or cancellation) cancels or updates the live charges", async () => {
    const cancelled = await receivable(A);
    const changed = await receivable(A);
    for (const id of [cancelled, changed]) await request(`${R}/editar/${id}`, { cookie: A.cookie, form: { intent: "charge", billingType: "BOLETO" } });
    // What a sale's batch does to its installments.
    await env.DB.prepare("update finance_title set status = 'cancelled', cancelled_at = ?, version = version + 1 where id = ?").bind(new Date().toISOString(), cancelled).run();
    await env.DB.prepare("update finance_title set amount_cents = 123456, due_date = ?, version = version + 1 where id = ?").bind(inDays(30), changed).run();
    const db = createDb(env.DB);
    const user = await one<{ id: string }>("select id from profile where agency_id = ? limit 1", A.id);
    const scope = { db, ip: null, userId: user!.id, role: "Admin" as const, agencyId: A.id, timeZone: "America/Sao_Paulo", currency: "BRL" };
    await syncCharges(scope, paymentDeps(parseEnv(env), db), [cancelled, changed, "not-a-title"]);
    const [c1] = await chargesOf(cancelled);
    expect(c1).toMatchObject({ status: "DELETED", deleted_at: expect.any(String) });
    expect((await simPayment(c1!.external_id)).deleted).toBe(true);
    const [c2] = await chargesOf(changed);
    expect(c2).toMatchObject({ value_cents: 123456, due_date: inDays(30), deleted_at: null });
    expect(c2!.identification_field).toMatch(/^\d{47}$/);
    expect(await simPayment(c2!.external_id)).toMatchObject({ value: 1234.56, dueDate: inDays(30) });
  });

  it("a receivable settled by hand: in full, its charge is cancelled at the provider (no second payment); in part, the charge asks for the open amount", async () => {
    let bank = await one<{ id: string }>("select id from bank_account where agency_id = ? and deleted_at is null limit 1", A.id);
    if (!bank) {
      const type = await one<{ id: string }>("select id from account_type where agency_id = ? limit 1", A.id);
      const id = uuidv7();
      const t = new Date().toISOString();
      await env.DB.prepare("insert into bank_account (id, agency_id, name, account_type_id, opening_date, currency, created_at, updated_at) values (?, ?, 'Caixa', ?, '2020-01-01', 'BRL', ?, ?)").bind(id, A.id, type!.id, t, t).run();
      bank = { id };
    }
    const full = await receivable(A);
    const part = await receivable(A);
    for (const id of [full, part]) expect((await request(`${R}/editar/${id}`, { cookie: A.cookie, form: { intent: "charge", billingType: "BOLETO" } })).status).toBe(302);
    const settle = (id: string, v: number, principal: string) => request(`${R}/editar/${id}`, { cookie: A.cookie, form: { intent: "settle", version: String(v), date: agencyToday("America/Sao_Paulo"), bankAccountId: bank!.id, principal } });
    expect((await settle(full, await version(full), "1.500,75")).status).toBe(302);
    const [c1] = await chargesOf(full);
    expect(c1).toMatchObject({ status: "DELETED", deleted_at: expect.any(String) });
    expect((await simPayment(c1!.external_id)).deleted).toBe(true);
    expect((await settle(part, await version(part), "500,75")).status).toBe(302);
    const [c2] = await chargesOf(part);
    expect(c2).toMatchObject({ value_cents: 100_000, deleted_at: null });
    expect((await simPayment(c2!.external_id)).value).toBe(1000);
  });

  it("another agency can neither charge nor see A's title (404), and Agente cannot charge (403)", async () => {
    const id = await receivable(A);
    await request(`${R}/editar/${id}`, { cookie: A.cookie, form: { intent: "charge", billingType: "PIX" } });
    const before = await chargesOf(id);
    expect((await request(`${R}/editar/${id}`, { cookie: B.cookie })).status).toBe(404);
    for (const intent of ["charge", "chargeAll", "cancelCharge"]) {
      expect((await request(`${R}/editar/${id}`, { cookie: B.cookie, form: { intent, billingType: "PIX" } })).status).toBe(404);
    }
    const agente = await memberOf(A.id, "Agente");
    expect((await request(`${R}/editar/${id}`, { cookie: agente.cookie, form: { intent: "cancelCharge" } })).status).toBe(403);
    expect(await chargesOf(id)).toEqual(before);
    expect(await one("select 1 from payment_charge where agency_id = ?", B.id)).toBeNull();
  });

  it(`fuzzed charge posts (${FUZZ_RUNS}) never give a 500 and write nothing when refused`, async () => {
    const id = await receivable(A);
    const text = fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom("", "PIX", "BOLETO", "CREDIT_CARD", "UNDEFINED", "pix", "charge", "chargeAll", "cancelCharge", "save", "cancel", "-1", "x".repeat(300)));
    const keys = ["intent", "billingType", "version", "reason"];
    const snapshot = async () => ({
      charges: (await one<{ n: number }>("select count(*) n from payment_charge where agency_id = ?", A.id))!.n,
      live: (await one<{ n: number }>("select count(*) n from payment_charge where agency_id = ? and deleted_at is null", A.id))!.n,
      version: await version(id),
    });
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom(...keys), text, { maxKeys: keys.length }), async (fields) => {
        const before = await snapshot();
        const res = await appRequest(`${R}/editar/${id}`, { cookie: A.cookie, form: fields });
        expect(res.status, JSON.stringify(fields)).toBeLessThan(500);
        if (res.status >= 400) expect(await snapshot()).toEqual(before);
      }),
      { numRuns: FUZZ_RUNS },
    );
  }, 600_000);

  it("the API key never appears in a response body, an audit entry or a log line", async () => {
    const audits = await all<{ changes: string | null }>("select changes from audit_entry where agency_id in (?, ?)", A.id, B.id);
    for (const w of [A, B]) {
      const secret = w.key.slice(6);
      for (const body of responses) expect(body).not.toContain(secret);
      for (const a of audits) expect(a.changes ?? "").not.toContain(secret);
      expect(logged.join("\n")).not.toContain(secret);
    }
  });
});
