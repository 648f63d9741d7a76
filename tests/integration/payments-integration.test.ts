/**
 * Sistema → Integrações (issue #19): the integrations list and the Asaas settings — the key
 * write-only (only "•••• 1234" comes back; blank keeps it), the webhook registered at the
 * provider (the simulator) with the agency's URL and token on save, "test connection",
 * a new token, Admin-only changes, pickers from the agency's own finance settings, and
 * the key never in a response, an audit entry or a log line.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ensureFinanceDefaults } from "~/lib/finance/defaults.server";
import { hashWebhookToken } from "~/lib/payments/token";
import { createDb } from "~/lib/platform/db.server";
import { appRequest } from "./harness";
import { seedDemo } from "./fixtures";
import { agencyWith, createBank, createInline, memberOf, P, type Session } from "./finance-settings-helpers";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- loader JSON read loosely in assertions
type Loose = Record<string, any>;
const PAGE = "/sistema/integracoes/asaas";
const loaderOf = (cookie: string) => appRequest(PAGE, { cookie }).then((r) => r.json() as Promise<Record<string, unknown> & Loose>);
const integrationOf = (agencyId: string) => env.DB.prepare("select * from payment_integration where agency_id = ?").bind(agencyId).first<Record<string, unknown> & Loose>();
const simHook = async (apiKey: string) => env.DB.prepare("select * from asaas_sim_webhook where account_key = ?").bind(await hashWebhookToken(apiKey)).first<Record<string, unknown> & Loose>();

const logged: string[] = [];
const spies = (["log", "info", "warn", "error", "debug"] as const).map((m) => vi.spyOn(console, m).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" "))));

let admin: Session;
beforeAll(async () => {
  await seedDemo();
  admin = await agencyWith("Admin");
});

describe("/sistema/integracoes/asaas", () => {
  const key = `$aact_integration_${crypto.randomUUID()}`;

  it("saves the key write-only, registers the webhook with the agency's URL and token, tests the connection", async () => {
    const first = await loaderOf(admin.cookie);
    expect(first.integration).toMatchObject({ configured: false, enabled: false, version: 0, hasKey: false });
    expect(first.token).toBeNull();
    expect(first.webhookUrl).toBe(`http://localhost:8787/webhooks/asaas/${admin.id}`);

    const saved = await appRequest(PAGE, { cookie: admin.cookie, form: { intent: "save", version: "0", environment: "sandbox", apiKey: key, enabled: "on" } });
    expect(saved.status).toBe(200);
    const savedText = await saved.text();
    expect(savedText).not.toContain(key);

    const row = await integrationOf(admin.id);
    expect(row).toMatchObject({ enabled: 1, environment: "sandbox", api_key_hint: key.slice(-4), version: 1 });
    expect(row!.api_key_enc).not.toContain(key.slice(6));
    const page = await loaderOf(admin.cookie);
    expect(page.integration).toMatchObject({ configured: true, enabled: true, apiKeyHint: key.slice(-4) });
    expect(JSON.stringify(page)).not.toContain(key);
    const token = page.token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row!.webhook_token_hash).toBe(await hashWebhookToken(token));

    const hook = await simHook(key);
    expect(hook).toMatchObject({ url: `http://localhost:8787/webhooks/asaas/${admin.id}`, auth_token: token, enabled: 1, interrupted: 0 });

    // Blank key keeps the saved one.
    const again = await appRequest(PAGE, { cookie: admin.cookie, form: { intent: "save", version: "1", environment: "sandbox", apiKey: "", enabled: "on" } });
    expect(again.status).toBe(200);
    expect((await integrationOf(admin.id))!.api_key_enc).toBe(row!.api_key_enc);

    const test = await appRequest(PAGE, { cookie: admin.cookie, form: { intent: "test" } });
    expect(test.status).toBe(200);
    expect(await test.json()).toMatchObject({ test: { ok: true } });
    expect(await integrationOf(admin.id)).toMatchObject({ last_test_ok: 1 });

    const regenerated = await appRequest(PAGE, { cookie: admin.cookie, form: { intent: "regenerate" } });
    expect(regenerated.status).toBe(200);
    const newToken = (await loaderOf(admin.cookie)).token as string;
    expect(newToken).not.toBe(token);
    expect((await integrationOf(admin.id))!.webhook_token_hash).toBe(await hashWebhookToken(newToken));
    expect((await simHook(key))!.auth_token).toBe(newToken);

    const list = await appRequest("/sistema/integracoes", { cookie: admin.cookie });
    expect(await list.json()).toMatchObject({ asaas: { configured: true, enabled: true, lastTestOk: true } });
  });

  it("refuses bad input with field errors and changes nothing", async () => {
    const other = await agencyWith("Admin");
    const cases: Record<string, string>[] = [
      { intent: "save", version: "0", environment: "sandbox", apiKey: "", enabled: "on" },
      { intent: "save", version: "0", environment: "sandbox", apiKey: "short" },
      { intent: "save", version: "0", environment: "mars", apiKey: key },
      { intent: "save", version: "0", environment: "sandbox", intermediaryId: "0190b0a0-0000-7000-8000-000000000000" },
      { intent: "save", version: "0", environment: "sandbox", bankAccountId: "x".repeat(65) },
    ];
    for (const form of cases) {
      const res = await appRequest(PAGE, { cookie: other.cookie, form });
      expect(res.status, JSON.stringify(form)).toBe(400);
    }
    expect(await integrationOf(other.id)).toBeNull();
    expect((await appRequest(PAGE, { cookie: other.cookie, form: { intent: "test" } })).status).toBe(400);
    expect((await appRequest(PAGE, { cookie: other.cookie, form: { intent: "regenerate" } })).status).toBe(404);
    expect((await appRequest(PAGE, { cookie: other.cookie, form: { intent: "nope" } })).status).toBe(400);
    // A stale version.
    expect((await appRequest(PAGE, { cookie: other.cookie, form: { intent: "save", version: "3", environment: "sandbox" } })).status).toBe(409);
  });

  it("picks intermediary and bank account from the agency's own settings only", async () => {
    const a = await agencyWith("Admin");
    const b = await agencyWith("Admin");
    await ensureFinanceDefaults(createDb(env.DB), a.id);
    await ensureFinanceDefaults(createDb(env.DB), b.id);
    const bankA = await createBank(a.cookie, a.id);
    const bankB = await createBank(b.cookie, b.id);
    const intermediaryA = await createInline(a.cookie, `${P.intermediaries}`, "intermediary", a.id, { name: "Asaas", kind: "gateway", fee: "0,99", fixedFee: "0,00", settlementDays: "0", bankAccountId: bankA, active: "on" });
    expect((await loaderOf(a.cookie)).options.intermediaries.map((o: { name: string }) => o.name)).toEqual(["Asaas"]);
    const refused = await appRequest(PAGE, { cookie: a.cookie, form: { intent: "save", version: "0", environment: "sandbox", bankAccountId: bankB } });
    expect(refused.status).toBe(400);
    const ok = await appRequest(PAGE, { cookie: a.cookie, form: { intent: "save", version: "0", environment: "production", bankAccountId: bankA, intermediaryId: intermediaryA } });
    expect(ok.status).toBe(200);
    expect(await integrationOf(a.id)).toMatchObject({ bank_account_id: bankA, intermediary_id: intermediaryA, environment: "production", enabled: 0 });
  });

  it("Financeiro reads without the token and cannot change; Agente is sent away", async () => {
    const financeiro = await memberOf(admin.id, "Financeiro");
    const page = await loaderOf(financeiro.cookie);
    expect(page.canEdit).toBe(false);
    expect(page.token).toBeNull();
    const before = await integrationOf(admin.id);
    for (const intent of ["save", "test", "regenerate"]) {
      const res = await appRequest(PAGE, { cookie: financeiro.cookie, form: { intent, version: String(before!.version), environment: "production", apiKey: "$aact_financeiro_key" } });
      expect(res.status).toBe(403);
    }
    expect(await integrationOf(admin.id)).toEqual(before);
    const agente = await memberOf(admin.id, "Agente");
    const res = await appRequest(PAGE, { cookie: agente.cookie });
    expect(res.status).toBe(302);
    expect((await appRequest("/sistema/integracoes", { cookie: agente.cookie })).status).toBe(302);
  });

  it("never writes the key or the token into an audit entry or a log line", async () => {
    const audits = await env.DB.prepare("select changes from audit_entry where agency_id = ? and entity = 'payment_integration'").bind(admin.id).all<{ changes: string }>();
    expect(audits.results.length).toBeGreaterThan(0);
    const token = (await loaderOf(admin.cookie)).token as string;
    for (const a of audits.results) {
      expect(a.changes).not.toContain(key);
      expect(a.changes).not.toContain(key.slice(-10));
      expect(a.changes).not.toContain(token);
    }
    expect(audits.results.some((a) => a.changes.includes('"apiKey":[null,"•"]'))).toBe(true);
    expect(logged.join("\n")).not.toContain(key);
    void spies;
  });
});
