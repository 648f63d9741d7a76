/**
 * The local Asaas simulator (app/lib/payments/simulator.server.ts): Asaas's REST shapes,
 * its 401 and 400 answers, the Pix QR code and boleto fields, and the webhook events its
 * actions deliver (counting failures up to the interrupted queue).
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { asaasClient } from "~/lib/payments/asaas-client.server";
import { applySimAction, crc16, handleSimulatorRequest, listSimPayments, type SimulatorDeps } from "~/lib/payments/simulator.server";
import { createDb } from "~/lib/platform/db.server";
import { appRequest } from "./harness";

const db = createDb(env.DB);
const key = () => `$aact_test_${crypto.randomUUID()}`;
const today = new Date().toISOString().slice(0, 10);

function world(answer = 200) {
  const delivered: { url: string; token: string | null; body: { id: string; event: string; dateCreated: string; payment: { id: string; status: string } } }[] = [];
  const deps: SimulatorDeps = {
    db,
    deliver: async (request) => {
      delivered.push({ url: request.url, token: request.headers.get("asaas-access-token"), body: await request.json() });
      return new Response("ok", { status: answer });
    },
  };
  return { deps, delivered, client: (apiKey = key()) => asaasClient((r) => handleSimulatorRequest(deps, r), { environment: "sandbox", apiKey }) };
}

describe("Asaas simulator", () => {
  it("answers 401 to an invalid key and 400 with Asaas's errors to invalid input", async () => {
    const { client } = world();
    expect(await client("wrong").myAccount()).toMatchObject({ ok: false, status: 401 });
    expect(await client("").myAccount()).toMatchObject({ ok: false, status: 401 });
    const c = client();
    expect((await c.myAccount()).ok).toBe(true);
    const bad = await c.createCustomer({ name: "Ana", cpfCnpj: "123" });
    expect(bad).toEqual({ ok: false, status: 400, errors: [{ code: "invalid_cpfCnpj", description: expect.any(String) }] });
    expect(await c.createPayment({ customer: "cus_nope", billingType: "PIX", valueCents: 100, dueDate: today })).toMatchObject({ ok: false, status: 400, errors: [{ code: "invalid_customer" }] });
    const raw = await handleSimulatorRequest(world().deps, new Request("https://api-sandbox.asaas.com/v3/payments", { method: "POST", headers: { access_token: key() }, body: "{not json" }));
    expect(raw.status).toBe(400);
    expect(await raw.json()).toMatchObject({ errors: [{ code: expect.any(String), description: expect.any(String) }] });
  });

  it("creates customers and payments; Pix QR code (a PNG), boleto line; another key sees nothing", async () => {
    const { client } = world();
    const c = client();
    const customer = await c.createCustomer({ name: "Ana Souza", cpfCnpj: "529.982.247-25", email: "ana@x.example", mobilePhone: "11987654321" });
    expect(customer).toMatchObject({ ok: true, data: { id: expect.stringMatching(/^cus_/), cpfCnpj: "52998224725" } });
    if (!customer.ok) return;
    const pix = await c.createPayment({ customer: customer.data.id, billingType: "PIX", valueCents: 150075, dueDate: today, externalReference: "t1" });
    expect(pix).toMatchObject({ ok: true, data: { id: expect.stringMatching(/^pay_/), value: 1500.75, status: "PENDING", billingType: "PIX", externalReference: "t1", invoiceUrl: expect.any(String) } });
    if (!pix.ok) return;
    const qr = await c.pixQrCode(pix.data.id);
    expect(qr.ok).toBe(true);
    if (!qr.ok) return;
    const png = Uint8Array.from(atob(qr.data.encodedImage), (ch) => ch.charCodeAt(0));
    expect([...png.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(qr.data.payload).toMatch(/^000201.*br\.gov\.bcb\.pix.*54071500\.75.*6304[0-9A-F]{4}$/);
    expect(crc16(qr.data.payload.slice(0, -4))).toBe(qr.data.payload.slice(-4));
    expect(await c.identificationField(pix.data.id)).toMatchObject({ ok: false, status: 400 });
    const boleto = await c.createPayment({ customer: customer.data.id, billingType: "BOLETO", valueCents: 1000, dueDate: today });
    expect(boleto).toMatchObject({ ok: true, data: { bankSlipUrl: expect.any(String) } });
    if (!boleto.ok) return;
    const line = await c.identificationField(boleto.data.id);
    expect(line).toMatchObject({ ok: true, data: { identificationField: expect.stringMatching(/^\d{47}$/), barCode: expect.stringMatching(/^\d{44}$/) } });
    expect(await client().getPayment(pix.data.id)).toMatchObject({ ok: false, status: 404 });
    expect(await c.createPayment({ customer: customer.data.id, billingType: "PIX", valueCents: 100, dueDate: "2000-01-01" })).toMatchObject({ ok: false, errors: [{ code: "invalid_dueDate" }] });
    expect(await c.updatePayment(pix.data.id, { valueCents: 999 })).toMatchObject({ ok: true, data: { value: 9.99 } });
    expect(await c.deletePayment(pix.data.id)).toEqual({ ok: true, data: { deleted: true, id: pix.data.id } });
    expect(await c.getPayment(pix.data.id)).toMatchObject({ ok: true, data: { deleted: true } });
  });

  it("delivers each action's events with the registered token; 15 failures in a row interrupt the queue", async () => {
    const { client, delivered, deps } = world();
    const c = client();
    await c.registerWebhook({ name: "Rota", url: "http://localhost:8787/webhooks/asaas/ag", email: "a@x.example", enabled: true, interrupted: false, authToken: "tok-1", sendType: "SEQUENTIALLY", events: ["PAYMENT_RECEIVED"] });
    const customer = await c.createCustomer({ name: "Bia", cpfCnpj: "11222333000181" });
    if (!customer.ok) throw new Error("customer");
    const pay = await c.createPayment({ customer: customer.data.id, billingType: "UNDEFINED", valueCents: 5000, dueDate: today });
    if (!pay.ok) throw new Error("payment");
    const result = await applySimAction(deps, pay.data.id, "payPix");
    expect(result).toMatchObject({ ok: true, outcomes: ["delivered"], payment: { status: "RECEIVED", billingType: "PIX" } });
    expect(await applySimAction(deps, pay.data.id, "payPix")).toEqual({ ok: false, reason: "invalid_action" });
    expect(await applySimAction(deps, pay.data.id, "refund")).toMatchObject({ ok: true });
    const events = delivered.map((d) => d.body.event);
    expect(events).toEqual(["PAYMENT_CREATED", "PAYMENT_RECEIVED", "PAYMENT_REFUNDED"]);
    expect(new Set(delivered.map((d) => d.body.id)).size).toBe(3);
    for (const d of delivered) {
      expect(d.token).toBe("tok-1");
      expect(d.url).toBe("http://localhost:8787/webhooks/asaas/ag");
      expect(d.body.id).toMatch(/^evt_/);
      expect(d.body.dateCreated).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(d.body.payment.id).toBe(pay.data.id);
    }

    const failing = world(500);
    const f = failing.client();
    await f.registerWebhook({ name: "Rota", url: "http://localhost:8787/webhooks/asaas/x", email: "a@x.example", enabled: true, interrupted: false, authToken: "t", sendType: "SEQUENTIALLY", events: [] });
    const cus = await f.createCustomer({ name: "Caio", cpfCnpj: "52998224725" });
    if (!cus.ok) throw new Error("customer");
    const ids: string[] = [];
    for (let i = 0; i < 16; i++) {
      const p = await f.createPayment({ customer: cus.data.id, billingType: "PIX", valueCents: 100 + i, dueDate: today });
      if (p.ok) ids.push(p.data.id);
    }
    expect(failing.delivered.length).toBe(15);
    expect(await applySimAction(failing.deps, ids[0]!, "payPix")).toMatchObject({ ok: true, outcomes: ["interrupted"] });
    const page = await listSimPayments({ db }, null);
    expect(page.rows.find((r) => r.id === ids[0])?.webhook).toMatchObject({ interrupted: true, failures: 15 });
  });

  it("the dev page lists payments and refuses unknown ids and actions without a 500", async () => {
    const res = await appRequest("/dev/asaas");
    expect(res.status).toBe(200);
    expect((await appRequest("/dev/asaas", { form: { id: "pay_nope", intent: "payPix" } })).status).toBe(404);
    expect((await appRequest("/dev/asaas", { form: { id: "x", intent: "explode" } })).status).toBe(400);
  });
});
