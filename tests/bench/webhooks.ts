/**
 * Asaas webhooks bench (issue #19): against a served build (the app Worker forwards
 * /webhooks/* to the webhooks Worker, which runs the Queue consumer locally):
 *   - the Worker answering: req/s and p50/p99 of POST /webhooks/asaas/{agencyId} with a
 *     valid token and a unique event id per request (autocannon; events about payments
 *     the agency has no charge for, so they are stored, queued and ignored),
 *   - end-to-end settlement latency through the Queue: from the POST of PAYMENT_RECEIVED
 *     for a charged receivable to the event processed (the receivable settled in the same
 *     batch), one payment at a time, polled on the history page's data.
 * Sol Viagens gets an Asaas integration with a known token, into the seeded Itaú account,
 * and BENCH_WEBHOOK_CHARGES receivables with a charge each, written into the local D1
 * before the server starts (seedWebhooks).
 *
 * tests/bench/run.ts seeds and measures it with the rest; alone, on an existing build (`npm run build`):
 *   node tests/bench/webhooks.ts          (fresh state in .wrangler/bench-webhooks, port BENCH_WEBHOOK_PORT or 8797)
 *   BENCH_DURATION=10 BENCH_CONNECTIONS=10 BENCH_WEBHOOK_CHARGES=30
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hashWebhookToken } from "../../app/lib/payments/token.ts";
import { DEMO_AGENCIES } from "../../scripts/seed/seed.ts";
import { financeSeedId } from "../../scripts/seed/seed-finance.ts";
import { seedId } from "../../scripts/seed/seed-registers.ts";
import { DEFAULT_CHART } from "../../app/lib/finance/defaults.ts";

const AGENCY = DEMO_AGENCIES[0];
export const BENCH_WEBHOOK_TOKEN = "bench-webhook-token-not-a-secret";
const positiveInt = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : d);
export const BENCH_WEBHOOK_CHARGES = positiveInt(process.env.BENCH_WEBHOOK_CHARGES, 30);
const DURATION_S = positiveInt(process.env.BENCH_DURATION, 10);
const CONNECTIONS = positiveInt(process.env.BENCH_CONNECTIONS, 10);

const q = (v: string | number | null) => (v === null ? "NULL" : typeof v === "number" ? String(v) : `'${v.replaceAll("'", "''")}'`);
const benchId = (table: number, n: number) => `0190b000-00${table.toString(16).padStart(2, "0")}-7001-8000-${n.toString(16).padStart(12, "0")}`;
const paymentId = (n: number) => `pay_bench_${String(n).padStart(6, "0")}`;

export type SeededWebhooks = { charges: number; ms: number };

/** The integration (known token, the seeded Itaú account) and `count` receivables with a charge each, in Sol Viagens. */
export async function seedWebhooks(root: string, stateDir: string, count = BENCH_WEBHOOK_CHARGES): Promise<SeededWebhooks> {
  const start = performance.now();
  const now = new Date().toISOString();
  const today = now.slice(0, 10);
  const account = financeSeedId("bank_account", 0, 1);
  const category = financeSeedId("chart_account", 0, DEFAULT_CHART.findIndex((c) => c.systemKey === "revenue.packages") + 1);
  const hash = await hashWebhookToken(BENCH_WEBHOOK_TOKEN);
  const statements = [
    `INSERT INTO payment_integration (id, agency_id, provider, environment, webhook_token_enc, webhook_token_hash, enabled, bank_account_id, created_at, updated_at)
     VALUES (${q(benchId(0x30, 1))}, ${q(AGENCY.id)}, 'asaas', 'sandbox', 'v1:bench:bench', ${q(hash)}, 1, ${q(account)}, ${q(now)}, ${q(now)})
     ON CONFLICT (agency_id, provider) DO UPDATE SET webhook_token_hash = excluded.webhook_token_hash, bank_account_id = excluded.bank_account_id, consecutive_failures = 0;`,
  ];
  for (let n = 1; n <= count; n++) {
    const title = benchId(0x31, n);
    statements.push(
      `INSERT INTO finance_title (id, agency_id, direction, party_kind, party_id, description, category_id, competence_date, due_date, amount_cents, currency, group_id, search_text, created_at, updated_at)
       VALUES (${[title, AGENCY.id, "receivable", "client", seedId("client", 0, 1), `Webhook bench ${n}`, category, today, today, 10_000, "BRL", title, `webhook bench ${n}`, now, now].map(q).join(", ")}) ON CONFLICT DO NOTHING;`,
      `INSERT INTO payment_charge (id, agency_id, provider, environment, title_id, external_id, billing_type, status, value_cents, due_date, created_at, updated_at)
       VALUES (${[benchId(0x32, n), AGENCY.id, "asaas", "sandbox", title, paymentId(n), "PIX", "PENDING", 10_000, today, now, now].map(q).join(", ")}) ON CONFLICT DO NOTHING;`,
    );
  }
  const dir = mkdtempSync(join(tmpdir(), "rota-bench-webhooks-"));
  const file = join(dir, "webhooks.sql");
  writeFileSync(file, statements.join("\n") + "\n");
  try {
    execFileSync(join(root, "node_modules", ".bin", "wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", stateDir, "--file", file], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" },
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { charges: count, ms: performance.now() - start };
}

type AutocannonResult = { requests: { average: number; total: number }; latency: { p50: number; p99: number; average: number }; errors: number; timeouts: number; statusCodeStats?: Record<string, { count: number }> };
const autocannon = createRequire(import.meta.url)("autocannon") as (options: Record<string, unknown>) => PromiseLike<AutocannonResult>;

export type WebhookBenchResult = {
  path: string;
  connections: number;
  durationS: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  statusCodes: Record<string, number>;
  errors: number;
  settlements: { tried: number; settled: number; p50Ms: number; p95Ms: number; maxMs: number };
};

let eventCounter = 0;
const eventBody = (event: string, payment: string, value = 100) =>
  JSON.stringify({
    id: `evt_bench_${process.pid}_${++eventCounter}_${Math.random().toString(36).slice(2, 8)}`,
    event,
    dateCreated: new Date().toISOString().replace("T", " ").slice(0, 19),
    payment: { object: "payment", id: payment, customer: "cus_bench", value, netValue: value - 1.99, billingType: "PIX", status: event.replace("PAYMENT_", ""), dueDate: new Date().toISOString().slice(0, 10), paymentDate: new Date().toISOString().slice(0, 10) },
  });

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The Worker's answer rate and the settlement latency through the Queue (`cookie`: an Admin of Sol Viagens, for the history). */
export async function measureWebhooks(baseUrl: string, cookie: string, charges = BENCH_WEBHOOK_CHARGES): Promise<WebhookBenchResult> {
  const path = `/webhooks/asaas/${AGENCY.id}`;
  const headers = { "Content-Type": "application/json", "asaas-access-token": BENCH_WEBHOOK_TOKEN };
  // Warm-up, and a check that the door is open with this token.
  const probe = await fetch(`${baseUrl}${path}`, { method: "POST", headers, body: eventBody("PAYMENT_OVERDUE", "pay_bench_none") });
  if (probe.status !== 200) throw new Error(`POST ${path} answered ${probe.status}: ${await probe.text()}`);
  console.log(`Measuring POST ${path} (unique event ids): c=${CONNECTIONS} ${DURATION_S} s...`);
  const result = await autocannon({
    url: `${baseUrl}${path}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    method: "POST",
    headers,
    requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, body: eventBody("PAYMENT_OVERDUE", `pay_bench_unknown_${eventCounter % 1000}`) }) }],
  });
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stat.count;

  // The queue drains the burst first (ignored events), then each payment is timed alone.
  console.log(`Measuring settlement latency through the Queue (${charges} payments, one at a time)...`);
  await sleep(3000);
  const latencies: number[] = [];
  const history = `${baseUrl}/sistema/integracoes/webhooks.data?status=processed&type=PAYMENT_RECEIVED`;
  for (let n = 1; n <= charges; n++) {
    const id = paymentId(n);
    const t0 = performance.now();
    const res = await fetch(`${baseUrl}${path}`, { method: "POST", headers, body: eventBody("PAYMENT_RECEIVED", id) });
    await res.arrayBuffer();
    if (res.status !== 200) continue;
    const deadline = t0 + 30_000;
    while (performance.now() < deadline) {
      const page = await fetch(history, { headers: { Cookie: cookie } }).then((r) => r.text());
      if (page.includes(id)) {
        latencies.push(performance.now() - t0);
        break;
      }
      await sleep(20);
    }
  }
  latencies.sort((a, b) => a - b);
  return {
    path,
    connections: CONNECTIONS,
    durationS: DURATION_S,
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    statusCodes,
    errors: result.errors,
    settlements: { tried: charges, settled: latencies.length, p50Ms: pct(latencies, 50), p95Ms: pct(latencies, 95), maxMs: latencies[latencies.length - 1] ?? NaN },
  };
}

/** The report's lines (run.ts's Markdown and the standalone run). */
export function webhookReport(r: WebhookBenchResult): string[] {
  const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : "—");
  return [
    `Webhooks Worker, POST ${r.path} (unique event ids, c=${r.connections}, ${r.durationS} s): ${r.requestsPerSecond.toFixed(0)} req/s, p50 ${ms(r.latencyP50Ms)}, p99 ${ms(r.latencyP99Ms)} (${r.requests} requests, status ${JSON.stringify(r.statusCodes)}, errors ${r.errors})`,
    `Settlement through the Queue (POST PAYMENT_RECEIVED → event processed, receivable paid): ${r.settlements.settled}/${r.settlements.tried} settled, p50 ${ms(r.settlements.p50Ms)}, p95 ${ms(r.settlements.p95Ms)}, max ${ms(r.settlements.maxMs)}`,
  ];
}

if (import.meta.main) {
  const { freshState, root, signIn, startApp, stopAll } = await import("./server.ts");
  const stateDir = ".wrangler/bench-webhooks";
  const port = positiveInt(process.env.BENCH_WEBHOOK_PORT, 8797);
  try {
    freshState(stateDir);
    await seedWebhooks(root, stateDir);
    const app = await startApp({ port, stateDir });
    const result = await measureWebhooks(app.baseUrl, await signIn(app.baseUrl, "10.250.0.20"));
    console.log(webhookReport(result).join("\n"));
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await stopAll();
  }
}
