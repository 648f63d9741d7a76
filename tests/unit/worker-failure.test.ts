import { describe, expect, it, vi } from "vitest";
import { internalError } from "../../workers/failure";
import webhooks from "../../workers/webhooks";

describe("the Workers' last resort", () => {
  it("answers a plain 500 without the stack and logs the error", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const error = new Error("boom at /work/main/app/secret.ts:12");
    const response = internalError("app", error);
    expect(response.status).toBe(500);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
    const body = await response.text();
    expect(body).not.toMatch(/boom|secret|\.ts|at /);
    expect(log).toHaveBeenCalledWith("[app] unhandled error", error);
  });

  it("the webhooks Worker answers a delivery the database cannot take with a 503 (Asaas retries), without the error's text", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = new Error("D1 is down: /work/main/workers/webhooks.ts");
    const env = { DB: { prepare: () => { throw broken; }, batch: () => { throw broken; } } } as unknown as Env;
    const request = new Request("http://localhost/webhooks/asaas/0190a000-0000-7000-8000-000000000001", {
      method: "POST",
      headers: { "asaas-access-token": "a-token" },
      body: JSON.stringify({ id: "evt_1", event: "PAYMENT_RECEIVED" }),
    });
    const response = await webhooks.fetch(request as Parameters<typeof webhooks.fetch>[0], env);
    expect(response.status).toBe(503);
    expect(await response.text()).not.toMatch(/D1 is down|webhooks\.ts/);
    expect(log).toHaveBeenCalledTimes(1);
  });
});
