import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { asaasClient, centsToValue, valueToCents, type AsaasTransport } from "~/lib/payments/asaas-client.server";

function recorder(answer: (request: Request) => Response | Promise<Response> = () => Response.json({ id: "x" })) {
  const requests: { method: string; url: string; headers: Headers; body: unknown }[] = [];
  const transport: AsaasTransport = async (request) => {
    const text = await request.clone().text();
    requests.push({ method: request.method, url: request.url, headers: request.headers, body: text ? JSON.parse(text) : undefined });
    return answer(request);
  };
  return { requests, transport };
}

describe("money conversion", () => {
  it("converts cents to reais and back exactly", () => {
    expect(centsToValue(12345)).toBe(123.45);
    expect(centsToValue(1)).toBe(0.01);
    expect(centsToValue(10)).toBe(0.1);
    expect(centsToValue(100)).toBe(1);
    expect(valueToCents(123.45)).toBe(12345);
    expect(valueToCents(0.1 + 0.2)).toBe(30);
    expect(Number.isInteger(valueToCents(19.99))).toBe(true);
    expect(() => centsToValue(1.5)).toThrow(RangeError);
  });

  it("round-trips every amount up to R$ 99.999.999.999,99 through JSON", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9_999_999_999_999 }), (cents) => {
        const wire = JSON.parse(JSON.stringify({ value: centsToValue(cents) })) as { value: number };
        expect(valueToCents(wire.value)).toBe(cents);
        expect(wire.value.toFixed(2)).toBe((cents / 100).toFixed(2));
      }),
      { numRuns: 5000 },
    );
  });
});

describe("request shapes", () => {
  it("sends the key in access_token to the environment's base URL", async () => {
    const { requests, transport } = recorder();
    await asaasClient(transport, { environment: "sandbox", apiKey: "$aact_secret" }).myAccount();
    await asaasClient(transport, { environment: "production", apiKey: "$aact_prod" }).myAccount();
    expect(requests[0]!.url).toBe("https://api-sandbox.asaas.com/v3/myAccount/commercialInfo");
    expect(requests[0]!.headers.get("access_token")).toBe("$aact_secret");
    expect(requests[1]!.url).toBe("https://api.asaas.com/v3/myAccount/commercialInfo");
    expect(requests[1]!.headers.get("access_token")).toBe("$aact_prod");
  });

  it("creates customers and payments with Asaas's field names and a decimal value", async () => {
    const { requests, transport } = recorder();
    const client = asaasClient(transport, { environment: "sandbox", apiKey: "k" });
    await client.createCustomer({ name: "Ana", cpfCnpj: "12345678909", email: "a@b.c", mobilePhone: "11999998888", externalReference: "cli_1" });
    await client.createPayment({ customer: "cus_1", billingType: "PIX", valueCents: 150075, dueDate: "2026-12-01", description: "Parcela 1/3", externalReference: "tit_1" });
    await client.updatePayment("pay_1", { valueCents: 999, dueDate: "2026-12-10" });
    await client.deletePayment("pay_1");
    await client.pixQrCode("pay_1");
    await client.identificationField("pay_1");
    await client.getPayment("pay/../x");
    expect(requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      "POST /v3/customers",
      "POST /v3/payments",
      "POST /v3/payments/pay_1",
      "DELETE /v3/payments/pay_1",
      "GET /v3/payments/pay_1/pixQrCode",
      "GET /v3/payments/pay_1/identificationField",
      "GET /v3/payments/pay%2F..%2Fx",
    ]);
    expect(requests[0]!.body).toEqual({ name: "Ana", cpfCnpj: "12345678909", email: "a@b.c", mobilePhone: "11999998888", externalReference: "cli_1", notificationDisabled: true });
    expect(requests[1]!.body).toEqual({ customer: "cus_1", billingType: "PIX", value: 1500.75, dueDate: "2026-12-01", description: "Parcela 1/3", externalReference: "tit_1" });
    expect(requests[2]!.body).toEqual({ value: 9.99, dueDate: "2026-12-10" });
    expect(requests[1]!.headers.get("content-type")).toBe("application/json");
  });

  it("registers the webhook with url, token and events", async () => {
    const { requests, transport } = recorder();
    await asaasClient(transport, { environment: "sandbox", apiKey: "k" }).registerWebhook({
      name: "Rota",
      url: "https://x.example/webhooks/asaas/ag1",
      email: "a@b.c",
      enabled: true,
      interrupted: false,
      authToken: "tok",
      sendType: "SEQUENTIALLY",
      events: ["PAYMENT_RECEIVED"],
    });
    expect(requests[0]!.body).toMatchObject({ url: "https://x.example/webhooks/asaas/ag1", authToken: "tok", enabled: true, interrupted: false });
  });

  it("updates the webhook with the same URL instead of creating a second one", async () => {
    const input = { name: "Rota", url: "https://x.example/webhooks/asaas/ag1", email: "a@b.c", enabled: true, interrupted: false, authToken: "t", sendType: "SEQUENTIALLY" as const, events: [] };
    const found = recorder((r) => (r.method === "GET" ? Response.json({ data: [{ id: "wh_1", url: input.url }] }) : Response.json({ id: "wh_1" })));
    await asaasClient(found.transport, { environment: "sandbox", apiKey: "k" }).upsertWebhook(input);
    expect(found.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual(["GET /v3/webhooks", "PUT /v3/webhooks/wh_1"]);
    const none = recorder((r) => (r.method === "GET" ? Response.json({ data: [{ id: "wh_9", url: "https://other.example/" }] }) : Response.json({ id: "wh_2" })));
    await asaasClient(none.transport, { environment: "sandbox", apiKey: "k" }).upsertWebhook(input);
    expect(none.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual(["GET /v3/webhooks", "POST /v3/webhooks"]);
  });

  it("returns Asaas's errors, a 401, a broken body and a network failure as values", async () => {
    const answers = [
      () => Response.json({ errors: [{ code: "invalid_value", description: "Valor inválido" }] }, { status: 400 }),
      () => new Response("", { status: 401 }),
      () => new Response("<html>", { status: 200 }),
      () => {
        throw new TypeError("network down");
      },
    ];
    let i = 0;
    const client = asaasClient(async () => answers[i++]!(), { environment: "sandbox", apiKey: "$aact_do_not_leak" });
    const results = [await client.myAccount(), await client.myAccount(), await client.myAccount(), await client.myAccount()];
    expect(results[0]).toEqual({ ok: false, status: 400, errors: [{ code: "invalid_value", description: "Valor inválido" }] });
    expect(results[1]).toMatchObject({ ok: false, status: 401 });
    expect(results[2]).toMatchObject({ ok: false, status: 200 });
    expect(results[3]).toMatchObject({ ok: false, status: 0 });
    expect(JSON.stringify(results)).not.toContain("do_not_leak");
  });
});
