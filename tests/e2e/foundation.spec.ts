import { expect, test } from "@playwright/test";

test.describe("foundation", () => {
  test("GET /healthz reports the database reachable", async ({ request }) => {
    const res = await request.get("/healthz");
    expect(res.status()).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok", database: true });
  });

  test("the webhooks Worker answers through the same local process", async ({ request }) => {
    const res = await request.get("/webhooks/healthz");
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual({ worker: "webhooks", status: "ok", database: true });
  });

  test("the app answers on 127.0.0.1 as well as localhost", async ({ request, baseURL }) => {
    const res = await request.get(baseURL!.replace("localhost", "127.0.0.1") + "/healthz");
    expect(res.status()).toBe(200);
  });
});
