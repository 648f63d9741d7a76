import { createMessageBatch, createExecutionContext, env, getQueueResult } from "cloudflare:test";
import { getTableName, isTable } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { hashPassword } from "~/lib/platform/password.server";
import { buildSeedStatements, DEMO_AGENCIES, DEMO_USERS } from "../../scripts/seed/seed";
import worker from "./worker";
import { appRequest, json } from "./harness";

/**
 * Every table of the drizzle schema (app/db/schema), plus the record search's FTS5 table
 * and its shadow tables (custom SQL of migration 0031_search, decision 0019: drizzle cannot
 * express virtual tables): the migrations must create exactly these.
 */
const FTS_TABLES = ["search_fts", "search_fts_config", "search_fts_data", "search_fts_docsize", "search_fts_idx"];
const TABLES = [
  ...Object.values(schema)
    .filter((t) => isTable(t))
    .map((t) => getTableName(t as never)),
  ...FTS_TABLES,
].sort();

async function seed(today = new Date()) {
  const statements = await buildSeedStatements(hashPassword, undefined, today);
  await env.DB.batch(statements.map((s) => env.DB.prepare(s)));
}

async function snapshot() {
  const out: Record<string, unknown[]> = {};
  for (const t of ["agency", "licence", "user", "account", "profile"]) {
    out[t] = (await env.DB.prepare(`select * from "${t}" order by 1`).all()).results;
  }
  return out;
}

describe("migrations", () => {
  it("create exactly the schema's tables, the platform, auth and register ones among them", async () => {
    const { results } = await env.DB.prepare(
      "select name from sqlite_master where type = 'table' and name not like '\\_%' escape '\\' and name not like 'sqlite%' and name != 'd1_migrations' order by name",
    ).all<{ name: string }>();
    expect(results.map((r: { name: string }) => r.name)).toEqual(TABLES);
    expect(TABLES).toEqual(expect.arrayContaining(["account", "agency", "client", "email_outbox", "invitation", "notification", "profile", "session", "user"]));
  });

  it("index the list queries", async () => {
    const { results } = await env.DB.prepare("select name from sqlite_master where type = 'index'").all<{ name: string }>();
    const names = results.map((r: { name: string }) => r.name);
    expect(names).toEqual(expect.arrayContaining(["notification_user_created_idx", "audit_agency_created_idx", "webhook_provider_event_uq"]));
  });
});

describe("demo seed", () => {
  it("creates the two agencies and four users with their roles", async () => {
    await seed();
    const agencies = await env.DB.prepare("select name, slug from agency order by slug").all();
    expect(agencies.results).toEqual([
      { name: "Mar Turismo", slug: "mar-turismo" },
      { name: "Sol Viagens", slug: "sol-viagens" },
    ]);
    const users = await env.DB.prepare(
      "select u.email, p.role, a.slug from user u join profile p on p.id = u.id left join agency a on a.id = p.agency_id order by u.email",
    ).all();
    expect(users.results).toEqual([
      { email: "admin@mar.example", role: "Admin", slug: "mar-turismo" },
      { email: "admin@sol.example", role: "Admin", slug: "sol-viagens" },
      { email: "agente@sol.example", role: "Agente", slug: "sol-viagens" },
      { email: "super@rota.example", role: "SuperAdmin", slug: null },
    ]);
    expect(DEMO_USERS).toHaveLength(4);
    expect(DEMO_AGENCIES).toHaveLength(2);
  });

  it("is idempotent: seeding again changes nothing, not even a password hash", async () => {
    await seed();
    const before = await snapshot();
    await seed();
    expect(await snapshot()).toEqual(before);
  });

  it("seeds again on a later day (as `npm start` does each day) without refusing the dated demo data", async () => {
    const day = 86_400_000;
    await seed(new Date(Date.now() - day));
    const orders = async () => (await env.DB.prepare("select agency_id, count(*) n, min(starts_at) first from receptive_order group by agency_id order by 1").all()).results;
    const before = await orders();
    expect(before).toHaveLength(DEMO_AGENCIES.length);
    // Yesterday's week of service orders overlaps today's (other ids, same drivers): the
    // no-double-booking trigger refused the whole seed before; now the agency keeps its week.
    await seed(new Date());
    expect(await orders()).toEqual(before);
    // The demo commissions follow the sales the agency kept: one live line per confirmed sale with a commission, none on others.
    const stray = await env.DB.prepare("select count(*) n from commission_line c join sale s on s.id = c.sale_id and s.agency_id = c.agency_id where s.status <> 'confirmed' or c.agent_id <> s.agent_id or c.sale_date <> s.sale_date").first<{ n: number }>();
    expect(stray!.n).toBe(0);
    const lines = await env.DB.prepare("select agency_id, count(*) n from commission_line group by agency_id").all<{ n: number }>();
    expect(lines.results).toHaveLength(DEMO_AGENCIES.length);
  });
});

describe("app Worker", () => {
  it("GET /healthz answers 200 with the database reachable, with security headers", async () => {
    const res = await appRequest("/healthz");
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ status: "ok", database: true });
    const csp = res.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Strict-Transport-Security")).toMatch(/max-age=\d+/);
    expect(res.headers.get("Referrer-Policy")).toBeTruthy();
  });

  it("redirects the root and unknown paths to /dashboard", async () => {
    for (const path of ["/", "/nao-existe", "/a/b/c"]) {
      const res = await appRequest(path);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/dashboard");
    }
  });
});

const cfRequest = (url: string, init?: RequestInit) =>
  new Request(url, init) as unknown as Request<unknown, IncomingRequestCfProperties>;

describe("webhooks Worker", () => {
  const post = (body: string) =>
    worker.fetch(
      cfRequest("http://localhost/webhooks/asaas", { method: "POST", body, headers: { "Content-Type": "application/json" } }),
      env,
    );

  it("answers its health check with the shared database", async () => {
    const res = await worker.fetch(cfRequest("http://localhost/webhooks/healthz"), env);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ worker: "webhooks", status: "ok", database: true });
  });

  it("answers 404 on the old shared URL, storing nothing (each agency has its own URL: payments-webhooks.test.ts)", async () => {
    const before = await env.DB.prepare("select count(*) as n from webhook_event").first<{ n: number }>();
    const event = JSON.stringify({ id: "evt_test_1", event: "PAYMENT_RECEIVED", payment: { id: "pay_1" } });
    const res = await post(event);
    expect(res.status).toBe(404);
    expect(res.headers.get("X-Frame-Options")).toBe("DENY");
    expect((await post("{not json")).status).toBe(404);
    const after = await env.DB.prepare("select count(*) as n from webhook_event").first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
  });

  it("processes queued events exactly once (an event of no known charge is ignored)", async () => {
    const id = crypto.randomUUID();
    await env.DB.prepare("insert into webhook_event (id, provider, event_id, event_type, payload, received_at) values (?, 'asaas', 'evt_test_2', 'PAYMENT_CONFIRMED', ?, ?)")
      .bind(id, JSON.stringify({ id: "evt_test_2", event: "PAYMENT_CONFIRMED", payment: { id: "pay_2" } }), new Date().toISOString())
      .run();
    const batch = createMessageBatch<WebhookQueueMessage>("rota-webhook-events", [
      { id: "m1", timestamp: new Date(), attempts: 1, body: { webhookEventId: id } },
      { id: "m2", timestamp: new Date(), attempts: 1, body: { webhookEventId: id } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual(["m1", "m2"]);
    const processed = await env.DB.prepare("select status, attempts from webhook_event where id = ?").bind(id).first();
    expect(processed).toEqual({ status: "ignored", attempts: 1 });
  });
});
