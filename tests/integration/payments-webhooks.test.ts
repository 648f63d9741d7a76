/**
 * The Asaas webhooks (issue #19) on local D1, through the webhooks Worker's fetch
 * handler and the event processing the Queue runs: the token per agency, the size
 * limit, the security headers, idempotent storage, each event type's effect on the
 * charge and the receivable, exactly-once under repeats and concurrency, out-of-order
 * delivery, the traceability of a settlement, the seller's notification, the
 * failure count and the Admins' alert, fuzzed payloads and headers, the history page, and
 * the whole loop with helper OUT's integration page, "Cobrar" and the local simulator.
 */
import { env, SELF } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { v7 as uuidv7 } from "uuid";
import { ensureFinanceDefaults } from "~/lib/finance/defaults.server";
import { createTitles } from "~/lib/finance/ledger/titles.server";
import { createDb } from "~/lib/platform/db.server";
import type { Scope } from "~/lib/platform/scope.server";
import { hashWebhookToken } from "~/lib/payments/token";
import { FAILURE_ALERT_THRESHOLD, processStoredEvent } from "~/lib/payments/events.server";
import { applySimAction } from "~/lib/payments/simulator.server";
import { createAgency, createUser, signIn } from "./fixtures";
import { appRequest, json } from "./harness";
import { agencyWith, createBank } from "./finance-settings-helpers";
import { FUZZ_RUNS } from "./fuzz";

type World = { agencyId: string; token: string; scope: Scope; clientId: string; revenue: string; bankAccountId: string; intermediaryId: string; sellerUserId: string; agentId: string };

async function world(): Promise<World> {
  const agency = await createAgency();
  const db = createDb(env.DB);
  await ensureFinanceDefaults(db, agency.id);
  const now = new Date().toISOString();
  const seller = await createUser({ role: "Agente", agencyId: agency.id, name: "Vera Vendedora" });
  const scope: Scope = { db, ip: null, userId: seller.id, role: "Admin", agencyId: agency.id, timeZone: "America/Sao_Paulo", currency: "BRL" };
  const clientId = uuidv7();
  const bankAccountId = uuidv7();
  const intermediaryId = uuidv7();
  const agentId = uuidv7();
  const token = `tok_${crypto.randomUUID()}`;
  const type = await env.DB.prepare("select id from account_type where agency_id = ? limit 1").bind(agency.id).first<{ id: string }>();
  await env.DB.batch([
    env.DB.prepare("insert into client (id, agency_id, name, created_at, updated_at) values (?, ?, ?, ?, ?)").bind(clientId, agency.id, "Cliente Pix", now, now),
    env.DB.prepare("insert into bank_account (id, agency_id, name, account_type_id, opening_date, created_at, updated_at) values (?, ?, 'Conta Asaas', ?, '2025-01-01', ?, ?)").bind(bankAccountId, agency.id, type!.id, now, now),
    env.DB.prepare("insert into intermediary (id, agency_id, name, fee_bp, fixed_fee_cents, created_at, updated_at) values (?, ?, 'Asaas', 199, 49, ?, ?)").bind(intermediaryId, agency.id, now, now),
    env.DB.prepare("insert into agent (id, agency_id, name, user_id, created_at, updated_at) values (?, ?, 'Vera Vendedora', ?, ?, ?)").bind(agentId, agency.id, seller.id, now, now),
    env.DB.prepare(
      "insert into payment_integration (id, agency_id, provider, environment, webhook_token_enc, webhook_token_hash, enabled, intermediary_id, bank_account_id, created_at, updated_at) values (?, ?, 'asaas', 'sandbox', 'v1:test:test', ?, 1, ?, ?, ?, ?)",
    ).bind(uuidv7(), agency.id, await hashWebhookToken(token), intermediaryId, bankAccountId, now, now),
  ]);
  const revenue = (await env.DB.prepare("select id from chart_account where agency_id = ? and system_key = 'revenue.packages'").bind(agency.id).first<{ id: string }>())!.id;
  return { agencyId: agency.id, token, scope, clientId, revenue, bankAccountId, intermediaryId, sellerUserId: seller.id, agentId };
}

/** A receivable of `cents` with a live Asaas charge on it; answers both ids and the payment id. */
async function charged(w: World, cents = 10_000, options: { fromSale?: boolean } = {}) {
  const made = await createTitles(w.scope, {
    direction: "receivable",
    partyKind: "client",
    partyId: w.clientId,
    description: "Pacote Bonito",
    documentNumber: null,
    categoryId: w.revenue,
    competenceDate: "2026-05-01",
    dueDate: "2026-05-10",
    amountCents: cents,
    currency: "BRL",
    paymentTermId: null,
    notes: null,
  });
  if (!made.ok) throw new Error(`title: ${made.reason}`);
  const titleId = made.ids[0]!;
  const now = new Date().toISOString();
  if (options.fromSale) {
    const saleId = uuidv7();
    await env.DB.batch([
      env.DB.prepare("insert into sale (id, agency_id, number, kind, client_id, agent_id, sale_date, created_at, updated_at) values (?, ?, ?, 'emissivo', ?, ?, '2026-05-01', ?, ?)").bind(
        saleId,
        w.agencyId,
        Math.floor(Math.random() * 1e9),
        w.clientId,
        w.agentId,
        now,
        now,
      ),
      env.DB.prepare("update finance_title set origin_kind = 'sale', origin_id = ?, created_by = null where id = ? and agency_id = ?").bind(saleId, titleId, w.agencyId),
    ]);
  }
  const paymentId = `pay_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const chargeId = uuidv7();
  await env.DB.prepare(
    "insert into payment_charge (id, agency_id, provider, environment, title_id, external_id, billing_type, status, value_cents, due_date, created_at, updated_at) values (?, ?, 'asaas', 'sandbox', ?, ?, 'PIX', 'PENDING', ?, '2026-05-10', ?, ?)",
  )
    .bind(chargeId, w.agencyId, titleId, paymentId, cents, now, now)
    .run();
  return { titleId, chargeId, paymentId };
}

let seq = 0;
/** An Asaas-shaped event about `paymentId`. */
function asaasEvent(event: string, paymentId: string, over: { value?: number; netValue?: number | null; dateCreated?: string; status?: string; dueDate?: string; id?: string } = {}) {
  seq += 1;
  const value = over.value ?? 100;
  return {
    id: over.id ?? `evt_${crypto.randomUUID()}`,
    event,
    dateCreated: over.dateCreated ?? `2026-05-05 10:00:${String(seq % 60).padStart(2, "0")}`,
    payment: {
      object: "payment",
      id: paymentId,
      customer: "cus_000001",
      value,
      netValue: over.netValue === undefined ? value - 1.99 : over.netValue,
      billingType: "PIX",
      status: over.status ?? event.replace("PAYMENT_", ""),
      dueDate: over.dueDate ?? "2026-05-10",
      paymentDate: event.includes("RECEIVED") || event.includes("CONFIRMED") ? "2026-05-06" : null,
      clientPaymentDate: null,
      confirmedDate: null,
      externalReference: null,
      invoiceUrl: "https://sandbox.asaas.com/i/x",
    },
  };
}

const url = (agencyId: string) => `http://localhost/webhooks/asaas/${agencyId}`;
async function post(w: Pick<World, "agencyId" | "token">, body: unknown, headers: Record<string, string> = {}) {
  return SELF.fetch(url(w.agencyId), {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "Content-Type": "application/json", "asaas-access-token": w.token, ...headers },
  });
}

/** Processes every stored event of the agency not yet done (what the Queue does), in order of arrival. */
async function drain(agencyId: string) {
  const { results } = await env.DB.prepare("select id from webhook_event where agency_id = ? and status in ('received', 'failed') order by received_at, id").bind(agencyId).all<{ id: string }>();
  for (const r of results) await processStoredEvent(env, r.id).catch(() => undefined);
}

const titleOf = (id: string) => env.DB.prepare("select status, paid_cents, amount_cents, version from finance_title where id = ?").bind(id).first<{ status: string; paid_cents: number; amount_cents: number }>();
const chargeOf = (id: string) =>
  env.DB.prepare("select status, value_cents, due_date, settlement_entry_id, settled_by_event_id, deleted_at, last_event_at from payment_charge where id = ?")
    .bind(id)
    .first<{ status: string; value_cents: number; due_date: string; settlement_entry_id: string | null; settled_by_event_id: string | null; deleted_at: string | null; last_event_at: string | null }>();
const entriesOf = (titleId: string) =>
  env.DB.prepare("select id, kind, principal_cents, fee_cents, net_cents, origin, origin_ref, reverses_id, intermediary_id, bank_account_id, date from finance_entry where title_id = ? order by created_at, id")
    .bind(titleId)
    .all<{ id: string; kind: string; principal_cents: number; fee_cents: number; net_cents: number; origin: string; origin_ref: string | null; reverses_id: string | null; intermediary_id: string | null; bank_account_id: string; date: string }>()
    .then((r) => r.results);
const eventsOf = (agencyId: string) =>
  env.DB.prepare("select id, event_id, status, attempts, charge_id, title_id, external_ref, last_error from webhook_event where agency_id = ? order by received_at, id")
    .bind(agencyId)
    .all<{ id: string; event_id: string; status: string; attempts: number; charge_id: string | null; title_id: string | null; external_ref: string | null; last_error: string | null }>()
    .then((r) => r.results);

let w: World;
let other: World;
beforeAll(async () => {
  w = await world();
  other = await world();
});

describe("the webhooks Worker's door", () => {
  it("answers with the app's security headers, the health check too", async () => {
    for (const res of [await SELF.fetch("http://localhost/webhooks/healthz"), await post(w, { nope: 1 }, { "asaas-access-token": "wrong" }), await SELF.fetch("http://localhost/webhooks/nothing")]) {
      expect(res.headers.get("Content-Security-Policy")).toContain("default-src 'self'");
      expect(res.headers.get("X-Frame-Options")).toBe("DENY");
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(res.headers.get("Strict-Transport-Security")).toBeTruthy();
      await res.body?.cancel();
    }
  });

  it("refuses the old shared URL, a wrong or missing token, another agency's token and an unknown agency: nothing stored", async () => {
    const before = (await eventsOf(w.agencyId)).length;
    const { paymentId } = await charged(w);
    const body = asaasEvent("PAYMENT_RECEIVED", paymentId);
    const shared = await SELF.fetch("http://localhost/webhooks/asaas", { method: "POST", body: JSON.stringify(body), headers: { "asaas-access-token": w.token } });
    expect([401, 404]).toContain(shared.status);
    expect((await post(w, body, { "asaas-access-token": "" })).status).toBe(401);
    expect((await post(w, body, { "asaas-access-token": `${w.token}x` })).status).toBe(401);
    const noHeader = await SELF.fetch(url(w.agencyId), { method: "POST", body: JSON.stringify(body) });
    expect(noHeader.status).toBe(401);
    // Agency A's token on agency B's URL.
    expect((await post({ agencyId: w.agencyId, token: other.token }, body)).status).toBe(401);
    expect((await post({ agencyId: uuidv7(), token: w.token }, body)).status).toBe(401);
    expect((await eventsOf(w.agencyId)).length).toBe(before);
    const total = await env.DB.prepare("select count(*) as n from webhook_event where event_id = ?").bind(body.id).first<{ n: number }>();
    expect(total!.n).toBe(0);
  });

  it("refuses bodies over 64 KB (declared or actual) with 413 and malformed events with 400, storing nothing", async () => {
    const before = (await eventsOf(w.agencyId)).length;
    const { paymentId } = await charged(w);
    const big = { ...asaasEvent("PAYMENT_RECEIVED", paymentId), padding: "x".repeat(70 * 1024) };
    expect((await post(w, big)).status).toBe(413);
    // A body streamed without a Content-Length.
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode("y".repeat(4096)));
        controller.close();
      },
    });
    const chunked = await SELF.fetch(url(w.agencyId), { method: "POST", body: stream, headers: { "asaas-access-token": w.token }, duplex: "half" } as RequestInit);
    expect(chunked.status).toBe(413);
    expect((await post(w, "{not json")).status).toBe(400);
    expect((await post(w, { event: "PAYMENT_RECEIVED" })).status).toBe(400);
    expect((await post(w, { id: "evt_1", event: "PAYMENT_RECEIVED", payment: { value: 1 } })).status).toBe(400);
    expect((await post(w, [1, 2])).status).toBe(400);
    expect((await eventsOf(w.agencyId)).length).toBe(before);
  });
});

describe("each event type's effect", () => {
  it("PAYMENT_RECEIVED settles the receivable once, with Asaas's fee, into the integration's account and intermediary; the seller is notified", async () => {
    const { titleId, chargeId, paymentId } = await charged(w, 10_000, { fromSale: true });
    const res = await post(w, asaasEvent("PAYMENT_RECEIVED", paymentId, { value: 100, netValue: 98.01 }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    await drain(w.agencyId);
    expect(await titleOf(titleId)).toMatchObject({ status: "paid", paid_cents: 10_000 });
    const [entry, ...rest] = await entriesOf(titleId);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ kind: "settlement", principal_cents: 10_000, fee_cents: 199, net_cents: 9_801, origin: "webhook", origin_ref: paymentId, intermediary_id: w.intermediaryId, bank_account_id: w.bankAccountId, date: "2026-05-06" });
    const charge = await chargeOf(chargeId);
    expect(charge).toMatchObject({ status: "RECEIVED", settlement_entry_id: entry!.id });
    // Traceable both ways: receivable → entry (origin_ref) → event → charge and title.
    const event = (await eventsOf(w.agencyId)).find((e) => e.id === charge!.settled_by_event_id)!;
    expect(event).toMatchObject({ status: "processed", charge_id: chargeId, title_id: titleId, external_ref: paymentId, attempts: 1 });
    const note = await env.DB.prepare("select title, message, link from notification where user_id = ? order by created_at desc limit 1").bind(w.sellerUserId).first<{ title: string; message: string; link: string }>();
    expect(note).toMatchObject({ title: "Pagamento recebido", link: `/financeiro/contas-a-receber/editar/${titleId}` });
    expect(note!.message).toContain("Pacote Bonito");
  });

  it("without netValue the fee follows the intermediary's rule", async () => {
    const { titleId, paymentId } = await charged(w, 20_000);
    await post(w, asaasEvent("PAYMENT_CONFIRMED", paymentId, { value: 200, netValue: null }));
    await drain(w.agencyId);
    const [entry] = await entriesOf(titleId);
    expect(entry).toMatchObject({ principal_cents: 20_000, fee_cents: Math.round((20_000 * 199) / 10_000) + 49 });
  });

  it("PAYMENT_RECEIVED_IN_CASH settles too; PAYMENT_OVERDUE marks the charge; PAYMENT_DELETED deletes it and leaves the title open", async () => {
    const cash = await charged(w);
    await post(w, asaasEvent("PAYMENT_RECEIVED_IN_CASH", cash.paymentId));
    const overdue = await charged(w);
    await post(w, asaasEvent("PAYMENT_OVERDUE", overdue.paymentId));
    const deleted = await charged(w);
    await post(w, asaasEvent("PAYMENT_DELETED", deleted.paymentId));
    await drain(w.agencyId);
    expect(await titleOf(cash.titleId)).toMatchObject({ status: "paid" });
    expect((await chargeOf(cash.chargeId))!.status).toBe("RECEIVED_IN_CASH");
    expect((await chargeOf(overdue.chargeId))!.status).toBe("OVERDUE");
    expect(await titleOf(overdue.titleId)).toMatchObject({ status: "open", paid_cents: 0 });
    const del = (await chargeOf(deleted.chargeId))!;
    expect(del.status).toBe("DELETED");
    expect(del.deleted_at).toBeTruthy();
    expect(await titleOf(deleted.titleId)).toMatchObject({ status: "open" });
  });

  it("PAYMENT_UPDATED syncs value and due date", async () => {
    const { chargeId, paymentId } = await charged(w);
    await post(w, asaasEvent("PAYMENT_UPDATED", paymentId, { value: 123.45, dueDate: "2026-06-15", status: "PENDING" }));
    await drain(w.agencyId);
    expect(await chargeOf(chargeId)).toMatchObject({ status: "PENDING", value_cents: 12_345, due_date: "2026-06-15" });
  });

  it("PAYMENT_REFUNDED and a chargeback reverse the webhook's settlement once", async () => {
    for (const undo of ["PAYMENT_REFUNDED", "PAYMENT_CHARGEBACK_REQUESTED"]) {
      const { titleId, chargeId, paymentId } = await charged(w);
      await post(w, asaasEvent("PAYMENT_RECEIVED", paymentId, { dateCreated: "2026-05-05 10:00:00" }));
      await drain(w.agencyId);
      const again = asaasEvent(undo, paymentId, { dateCreated: "2026-05-07 10:00:00" });
      await post(w, again);
      await drain(w.agencyId);
      // A replay of the reversing event reverses nothing more.
      const stored = (await eventsOf(w.agencyId)).find((e) => e.event_id === again.id)!;
      await processStoredEvent(env, stored.id, { replay: true });
      expect(await titleOf(titleId)).toMatchObject({ status: "open", paid_cents: 0 });
      const entries = await entriesOf(titleId);
      expect(entries.map((e) => e.kind)).toEqual(["settlement", "reversal"]);
      expect(entries[1]!.reverses_id).toBe(entries[0]!.id);
      expect((await chargeOf(chargeId))!.status).toBe(undo.replace("PAYMENT_", ""));
    }
  });

  it("an event of an unknown charge is ignored", async () => {
    await post(w, asaasEvent("PAYMENT_RECEIVED", "pay_unknown_here"));
    await drain(w.agencyId);
    const [e] = (await eventsOf(w.agencyId)).filter((x) => x.external_ref === "pay_unknown_here");
    expect(e).toMatchObject({ status: "ignored", charge_id: null });
  });
});

describe("exactly once", () => {
  it("the same event 3× in sequence and 10× at once: all 200, stored and settled once", async () => {
    const seqCase = await charged(w);
    const body = asaasEvent("PAYMENT_RECEIVED", seqCase.paymentId);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await post(w, body));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await answers[2]!.json()).toEqual({ received: true, duplicate: true });

    const parallel = await charged(w);
    const once = asaasEvent("PAYMENT_RECEIVED", parallel.paymentId);
    const burst = await Promise.all(Array.from({ length: 10 }, () => post(w, once)));
    expect(burst.map((r) => r.status)).toEqual(Array(10).fill(200));
    // The consumer and a replay racing on the same stored event.
    const [stored] = (await eventsOf(w.agencyId)).filter((e) => e.event_id === once.id);
    await Promise.all([processStoredEvent(env, stored!.id).catch(() => undefined), processStoredEvent(env, stored!.id, { replay: true }).catch(() => undefined), drain(w.agencyId)]);
    await drain(w.agencyId);
    for (const c of [seqCase, parallel]) {
      expect(await titleOf(c.titleId)).toMatchObject({ status: "paid", paid_cents: 10_000 });
      expect((await entriesOf(c.titleId)).length).toBe(1);
    }
    const stores = await env.DB.prepare("select count(*) as n from webhook_event where event_id in (?, ?)").bind(body.id, once.id).first<{ n: number }>();
    expect(stores!.n).toBe(2);
  });

  it("two different events of the same payment at once (CONFIRMED and RECEIVED) settle once", async () => {
    const c = await charged(w);
    await Promise.all([post(w, asaasEvent("PAYMENT_CONFIRMED", c.paymentId)), post(w, asaasEvent("PAYMENT_RECEIVED", c.paymentId))]);
    const ids = (await eventsOf(w.agencyId)).filter((e) => e.external_ref === c.paymentId).map((e) => e.id);
    await Promise.all(ids.map((id) => processStoredEvent(env, id).catch(() => undefined)));
    await drain(w.agencyId);
    await drain(w.agencyId);
    expect((await entriesOf(c.titleId)).length).toBe(1);
    expect((await chargeOf(c.chargeId))!.status).toBe("RECEIVED");
  });
});

describe("out of order", () => {
  const cases: [string, [string, string][], { charge: string; title: string; entries: number }][] = [
    ["CONFIRMED then RECEIVED", [["PAYMENT_CONFIRMED", "2026-05-05 10:00:00"], ["PAYMENT_RECEIVED", "2026-05-06 10:00:00"]], { charge: "RECEIVED", title: "paid", entries: 1 }],
    ["RECEIVED then CONFIRMED (older)", [["PAYMENT_RECEIVED", "2026-05-06 10:00:00"], ["PAYMENT_CONFIRMED", "2026-05-05 10:00:00"]], { charge: "RECEIVED", title: "paid", entries: 1 }],
    ["RECEIVED then OVERDUE (later)", [["PAYMENT_RECEIVED", "2026-05-06 10:00:00"], ["PAYMENT_OVERDUE", "2026-05-11 10:00:00"]], { charge: "RECEIVED", title: "paid", entries: 1 }],
    ["REFUNDED before RECEIVED", [["PAYMENT_REFUNDED", "2026-05-08 10:00:00"], ["PAYMENT_RECEIVED", "2026-05-06 10:00:00"]], { charge: "REFUNDED", title: "open", entries: 0 }],
    ["RECEIVED then REFUNDED", [["PAYMENT_RECEIVED", "2026-05-06 10:00:00"], ["PAYMENT_REFUNDED", "2026-05-08 10:00:00"]], { charge: "REFUNDED", title: "open", entries: 2 }],
  ];
  for (const [name, events, want] of cases) {
    it(name, async () => {
      const c = await charged(w);
      for (const [type, at] of events) {
        await post(w, asaasEvent(type, c.paymentId, { dateCreated: at }));
        await drain(w.agencyId);
      }
      expect((await chargeOf(c.chargeId))!.status).toBe(want.charge);
      expect((await titleOf(c.titleId))!.status).toBe(want.title);
      expect((await entriesOf(c.titleId)).length).toBe(want.entries);
    });
  }
});

describe("failures", () => {
  it("a failing event is marked failed with attempts and a safe error, counted; Admins are alerted live once at the threshold; a success resets", async () => {
    const f = await world();
    const admin = await createUser({ role: "Admin", agencyId: f.agencyId, name: "Ana Admin" });
    // No bank account for settlements: every settlement fails.
    await env.DB.prepare("update payment_integration set bank_account_id = null where agency_id = ?").bind(f.agencyId).run();
    for (let i = 0; i < FAILURE_ALERT_THRESHOLD + 1; i++) {
      const c = await charged(f);
      await post(f, asaasEvent("PAYMENT_RECEIVED", c.paymentId));
    }
    const ids = (await eventsOf(f.agencyId)).map((e) => e.id);
    for (const id of ids) await expect(processStoredEvent(env, id)).rejects.toThrow();
    const events = await eventsOf(f.agencyId);
    expect(events.every((e) => e.status === "failed" && e.attempts >= 1 && e.last_error === "the integration has no bank account for settlements")).toBe(true);
    const integration = await env.DB.prepare("select consecutive_failures, failure_alerted_at from payment_integration where agency_id = ?").bind(f.agencyId).first<{ consecutive_failures: number; failure_alerted_at: string | null }>();
    expect(integration!.consecutive_failures).toBeGreaterThanOrEqual(FAILURE_ALERT_THRESHOLD + 1);
    expect(integration!.failure_alerted_at).toBeTruthy();
    const alerts = await env.DB.prepare("select count(*) as n from notification where user_id = ? and title = 'Webhooks do Asaas falhando'").bind(admin.id).first<{ n: number }>();
    expect(alerts!.n).toBe(1);
    // Fixed, replayed: processed, and the count starts again.
    await env.DB.prepare("update payment_integration set bank_account_id = ? where agency_id = ?").bind(f.bankAccountId, f.agencyId).run();
    await processStoredEvent(env, ids[0]!, { replay: true });
    const after = await env.DB.prepare("select consecutive_failures, failure_alerted_at from payment_integration where agency_id = ?").bind(f.agencyId).first<{ consecutive_failures: number; failure_alerted_at: string | null }>();
    expect(after).toEqual({ consecutive_failures: 0, failure_alerted_at: null });
    expect((await eventsOf(f.agencyId)).find((e) => e.id === ids[0])).toMatchObject({ status: "processed" });
  });
});

describe("fuzzed payloads and headers", () => {
  it(
    `never answer 500 and never change business data (${FUZZ_RUNS} runs)`,
    async () => {
      const f = await world();
      const c = await charged(f);
      const snapshot = async () => ({
        title: await titleOf(c.titleId),
        charge: await chargeOf(c.chargeId),
        entries: (await env.DB.prepare("select count(*) as n from finance_entry where agency_id = ?").bind(f.agencyId).first<{ n: number }>())!.n,
        otherEvents: (await env.DB.prepare("select count(*) as n from webhook_event where agency_id = ?").bind(other.agencyId).first<{ n: number }>())!.n,
      });
      const before = await snapshot();
      const json = fc.oneof(
        fc.json(),
        fc.record({ id: fc.oneof(fc.string(), fc.integer()), event: fc.oneof(fc.constantFrom("PAYMENT_RECEIVED", "PAYMENT_REFUNDED", "X"), fc.string()), payment: fc.oneof(fc.object(), fc.record({ id: fc.string(), value: fc.oneof(fc.double(), fc.string()) })) }).map((o) => JSON.stringify(o)),
        fc.string({ maxLength: 300 }),
      );
      // Agency f's token, on its own URL or on the other agency's.
      const token = fc.oneof(fc.constant(f.token), fc.string({ maxLength: 80 }), fc.constant(undefined));
      const path = fc.oneof(fc.constant(f.agencyId), fc.constant(other.agencyId), fc.constant(""), fc.string({ maxLength: 40 }).map(encodeURIComponent));
      const extra = fc.dictionary(fc.constantFrom("content-type", "x-forwarded-for", "asaas-signature", "accept"), fc.string({ maxLength: 60 }));
      await fc.assert(
        fc.asyncProperty(json, token, path, extra, fc.constantFrom("POST", "PUT", "GET"), async (body, tok, agencyPath, headers, method) => {
          const h = new Headers();
          for (const [k, v] of Object.entries(headers)) {
            try {
              h.set(k, v);
            } catch {
              /* a header value fetch refuses */
            }
          }
          try {
            if (tok !== undefined) h.set("asaas-access-token", tok);
          } catch {
            /* idem */
          }
          const res = await SELF.fetch(`http://localhost/webhooks/asaas/${agencyPath}`, { method, body: method === "GET" ? undefined : body, headers: h });
          await res.body?.cancel();
          expect(res.status).toBeLessThan(500);
          if (res.status === 200) expect([agencyPath, tok]).toEqual([f.agencyId, f.token]);
        }),
        { numRuns: FUZZ_RUNS },
      );
      await drain(f.agencyId);
      expect(await snapshot()).toEqual(before);
    },
    600_000,
  );
});

describe("the history page /sistema/integracoes/webhooks", () => {
  const PAGE = "/sistema/integracoes/webhooks";
  type Page = { rows: { id: string; eventType: string; status: string; titleId: string | null; externalRef: string | null; titleDescription: string | null }[]; page: { next: string | null; total: number }; failures: { failures: number; alarming: boolean } | null; canReplay: boolean };

  it("lists the agency's events newest first, keyset-paged and filtered; the detail shows the payload; another agency's event is a 404", async () => {
    const p = await world();
    const admin = await createUser({ role: "Admin", agencyId: p.agencyId });
    const cookie = await signIn(admin.email);
    const c = await charged(p);
    await post(p, asaasEvent("PAYMENT_RECEIVED", c.paymentId));
    for (let i = 0; i < 26; i++) await post(p, asaasEvent("PAYMENT_OVERDUE", `pay_nobody_${i}`));
    await drain(p.agencyId);
    const first = await json<Page>(await appRequest(`${PAGE}?size=25`, { cookie }));
    expect(first.rows.length).toBe(25);
    expect(first.page.total).toBe(27);
    expect(first.canReplay).toBe(true);
    const second = await json<Page>(await appRequest(`${PAGE}?size=25&after=${encodeURIComponent(first.page.next!)}`, { cookie }));
    expect(second.rows.length).toBe(2);
    expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).toBe(27);
    const processed = await json<Page>(await appRequest(`${PAGE}?status=processed`, { cookie }));
    expect(processed.rows).toEqual([expect.objectContaining({ eventType: "PAYMENT_RECEIVED", titleId: c.titleId, externalRef: c.paymentId, titleDescription: "Pacote Bonito" })]);
    const overdue = await json<Page>(await appRequest(`${PAGE}?type=PAYMENT_OVERDUE`, { cookie }));
    expect(overdue.rows.every((r) => r.eventType === "PAYMENT_OVERDUE" && r.status === "ignored")).toBe(true);
    // Junk filters are dropped, never an error.
    expect((await appRequest(`${PAGE}?status=nope&type=%27%3B--&after=zzz`, { cookie })).status).toBe(200);
    const detail = await json<{ event: { payload: string; eventType: string } }>(await appRequest(`${PAGE}/${processed.rows[0]!.id}`, { cookie }));
    expect(detail.event.payload).toContain(`\n  "event": "PAYMENT_RECEIVED"`);
    await post(other, asaasEvent("PAYMENT_OVERDUE", "pay_of_another_agency"));
    const foreign = (await eventsOf(other.agencyId))[0]!;
    expect((await appRequest(`${PAGE}/${foreign.id}`, { cookie })).status).toBe(404);
    expect((await appRequest(`${PAGE}/not-an-id`, { cookie })).status).toBe(404);
  });

  it("replays one, the selected and the failed ones (Admins only, exactly once); the banner shows when failures pile up", async () => {
    const p = await world();
    const admin = await createUser({ role: "Admin", agencyId: p.agencyId });
    const finance = await createUser({ role: "Financeiro", agencyId: p.agencyId });
    const cookie = await signIn(admin.email);
    const financeCookie = await signIn(finance.email);
    await env.DB.prepare("update payment_integration set bank_account_id = null where agency_id = ?").bind(p.agencyId).run();
    const charges = [];
    for (let i = 0; i < FAILURE_ALERT_THRESHOLD; i++) {
      const c = await charged(p);
      charges.push(c);
      await post(p, asaasEvent("PAYMENT_RECEIVED", c.paymentId));
    }
    await drain(p.agencyId);
    const page = await json<Page>(await appRequest(PAGE, { cookie }));
    // Each failed attempt counts (the Queue's own retries too).
    expect(page.failures!.alarming).toBe(true);
    expect(page.failures!.failures).toBeGreaterThanOrEqual(FAILURE_ALERT_THRESHOLD);
    // Financeiro sees the history but may not replay.
    expect((await json<Page>(await appRequest(PAGE, { cookie: financeCookie }))).canReplay).toBe(false);
    expect((await appRequest(PAGE, { cookie: financeCookie, form: { intent: "failed" } })).status).toBe(403);
    expect((await appRequest(`${PAGE}/${page.rows[0]!.id}`, { cookie: financeCookie, form: {} })).status).toBe(403);
    // Nothing selected: a message, nothing done.
    expect(await json(await appRequest(PAGE, { cookie, form: { intent: "selected" } }))).toEqual({ error: "noneSelected" });
    await env.DB.prepare("update payment_integration set bank_account_id = ? where agency_id = ?").bind(p.bankAccountId, p.agencyId).run();
    // One from its page, two selected (one of them another agency's: skipped), then the failed rest.
    const ids = page.rows.map((r) => r.id);
    expect(await json(await appRequest(`${PAGE}/${ids[0]}`, { cookie, form: {} }))).toEqual({ result: { replayed: 1, failed: 0 } });
    await post(other, asaasEvent("PAYMENT_OVERDUE", "pay_of_another_agency_2"));
    const foreign = (await eventsOf(other.agencyId))[0]!.id;
    expect(await json(await appRequest(PAGE, { cookie, form: { intent: "selected", id: [ids[1]!, ids[0]!, foreign] } }))).toEqual({ result: { replayed: 2, failed: 0 } });
    // The failed rest: the Queue's own retries (2 s, 4 s, ... after each failure) may settle some of them
    // first now that the account is back, so "failed" replays what is still failed then — none of them fails.
    const rest = await json<{ result: { replayed: number; failed: number } }>(await appRequest(PAGE, { cookie, form: { intent: "failed" } }));
    expect(rest.result.failed).toBe(0);
    expect(rest.result.replayed).toBeLessThanOrEqual(FAILURE_ALERT_THRESHOLD - 2);
    expect((await eventsOf(p.agencyId)).filter((e) => e.status === "failed")).toEqual([]);
    for (const c of charges) {
      expect(await titleOf(c.titleId)).toMatchObject({ status: "paid" });
      expect((await entriesOf(c.titleId)).length).toBe(1);
    }
    expect((await json<Page>(await appRequest(PAGE, { cookie }))).failures).toEqual({ failures: 0, alarming: false });
  });
});

describe("the whole loop with the local Asaas simulator (helper OUT's pages and simulator)", () => {
  it("save the integration, charge a receivable by Pix, pay it in the simulator: the webhook settles it and the creator is notified", async () => {
    const admin = await agencyWith("Admin");
    await ensureFinanceDefaults(createDb(env.DB), admin.id);
    const bank = await createBank(admin.cookie, admin.id);
    const saved = await appRequest("/sistema/integracoes/asaas", {
      cookie: admin.cookie,
      form: { intent: "save", version: "0", environment: "sandbox", apiKey: `$aact_loop_${crypto.randomUUID()}`, enabled: "on", bankAccountId: bank },
    });
    expect(saved.status).toBe(200);
    const clientId = uuidv7();
    const now = new Date().toISOString();
    await env.DB.prepare("insert into client (id, agency_id, kind, name, document, emails, phones, created_at, updated_at) values (?, ?, 'person', 'Cliente Loop', '52998224725', ?, ?, ?, ?)")
      .bind(clientId, admin.id, JSON.stringify(["loop@x.example"]), JSON.stringify([{ number: "11987654321", whatsapp: true }]), now, now)
      .run();
    const category = await env.DB.prepare("select id from chart_account where agency_id = ? and system_key = 'revenue.packages'").bind(admin.id).first<{ id: string }>();
    const created = await appRequest("/financeiro/contas-a-receber/novo", {
      cookie: admin.cookie,
      form: { party: `client:${clientId}`, description: "Pacote Loop", categoryId: category!.id, competenceDate: now.slice(0, 10), dueDate: now.slice(0, 10), amount: "250,00", currency: "BRL" },
    });
    expect(created.status).toBe(302);
    const titleId = created.headers.get("Location")!.split("/").pop()!;
    const charge = await appRequest(`/financeiro/contas-a-receber/editar/${titleId}`, { cookie: admin.cookie, form: { intent: "charge", billingType: "PIX" } });
    expect(charge.status).toBeLessThan(400);
    const row = await env.DB.prepare("select id, external_id from payment_charge where title_id = ? and deleted_at is null").bind(titleId).first<{ id: string; external_id: string }>();
    expect(row).toBeTruthy();
    // The simulator posts the Asaas-shaped event with the agency's token to its URL (here: this Worker).
    const paid = await applySimAction({ db: createDb(env.DB), deliver: (request) => SELF.fetch(request) }, row!.external_id, "payPix");
    expect(paid).toMatchObject({ ok: true, outcomes: ["delivered"] });
    await drain(admin.id);
    expect(await titleOf(titleId)).toMatchObject({ status: "paid", paid_cents: 25_000 });
    const [entry] = await entriesOf(titleId);
    expect(entry).toMatchObject({ origin: "webhook", origin_ref: row!.external_id, bank_account_id: bank });
    const after = await chargeOf(row!.id);
    expect(after).toMatchObject({ status: "RECEIVED", settlement_entry_id: entry!.id });
    const note = await env.DB.prepare("select title from notification where user_id = ? and title = 'Pagamento recebido'").bind(admin.userId).first();
    expect(note).toBeTruthy();
  });
});
