/**
 * Benchmarks (`npm run bench`, ARCHITECTURE §4, issue #12): builds the app, serves the
 * build on workerd as `npm start` does (scripts/serve.ts: `wrangler dev` on the build,
 * no Vite in front) with its own fresh local state, side by side with a bare Worker on
 * the same wrangler and workerd (tests/bench/bare-worker: a fixed HTML page, and one
 * `select 1` on D1), and measures
 *   - per target: req/s and p99 at c=BENCH_CONNECTIONS, p50 at c=1 (autocannon), and the
 *     RATIO to the bare Worker + D1 (its req/s ÷ the target's), against issue #12's goals,
 *   - the same on the clients list with 100,000 clients in the agency, and on the sales lists and
 *     the /vendas overview with 100,000 sales (tests/bench/seed-sales.ts), and on the CRM kanban
 *     with 5,000 open deals (tests/bench/seed-crm.ts), and the record search (/busca) on that data and
 *     again with the index grown to 500,000 records, the rest in another agency (tests/bench/seed-search.ts),
 *   - the same on the receivables list (first page, page 2, a later page, filtered, searched),
 *     its totals request and the DRE of a year with 100,000 receivables in the agency
 *     (tests/bench/seed-finance.ts),
 *     and the D1 rows each of those requests reads (the query-log wrapper, one request each),
 *   - client JS per route (gzip) and the shell, server bundle sizes,
 *   - Worker startup (`wrangler check startup`), the local server's cold start,
 *   - realtime delivery latency, and the CPU cost of one sign-in's password check,
 *   - the Asaas webhooks: the Worker's answer (req/s, p99) and the settlement latency through the Queue (tests/bench/webhooks.ts).
 * Prints one report and writes it to bench/results/<timestamp>.json and .md.
 * Figures are recorded and compared with the goals in the report, never asserted.
 * All traffic goes to 127.0.0.1.
 *
 *   node tests/bench/run.ts [--skip-build] [--help]
 *   BENCH_DURATION=10 BENCH_CONNECTIONS=10 (seconds per target at c=connections; c=1 runs half as long, at least 3 s)
 *   BENCH_PORT=8790 BENCH_BARE_PORT=8780 (the app's and the bare Worker's ports on 127.0.0.1)
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus, tmpdir } from "node:os";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { BENCH_CLIENTS, clientListTargets, seedClients, type SeededClients } from "./seed-clients.ts";
import { BENCH_TITLES, financeTargets, seedFinance, type SeededFinance } from "./seed-finance.ts";
import { BENCH_EXCURSION_PASSENGERS, excursionTargets, seedExcursion } from "./seed-excursions.ts";
import { BENCH_PACKAGES, packageListTargets, seedPackages } from "./seed-packages.ts";
import { BENCH_SALES, salesTargets, seedSales, type SeededSales } from "./seed-sales.ts";
import { commissionTargets, seedCommissions } from "./seed-commissions.ts";
import { BENCH_DEALS, crmTargets, seedCrm, type SeededCrm } from "./seed-crm.ts";
import { BENCH_SEARCH_DOCS, searchTargets, seedSearch, type SeededSearch } from "./seed-search.ts";
import { measureSeatHolds, type SeatHoldResult } from "./seat-hold.ts";
import { measureContractGeneration, type ContractGenerationResult } from "./contract-generation.ts";
import { BENCH_WEBHOOK_CHARGES, measureWebhooks, seedWebhooks, type WebhookBenchResult } from "./webhooks.ts";
import { freshState, queryLogConfig, root, signIn, startApp, startBare, stopAll, type Served } from "./server.ts";

export type BenchTarget = {
  /** Label in the report. */
  name: string;
  /** Path on the local server, e.g. "/login". */
  path: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** Give every request its own client address (cf-connecting-ip), e.g. to measure sign-in past its per-IP rate limit. */
  distinctClientIp?: boolean;
  /** Issue #12's goal for the ratio to the bare Worker + D1 (req/s), if it has one. */
  goal?: number;
};

/** Goals of issue #12 (ratio of req/s to the bare Worker + D1, at c=10). */
export const GOALS = { healthzWithSession: 1.5, page: 3, data: 2 } as const;
/** Size and startup goals of issue #12. */
export const SIZE_GOALS = { shellJsGzip: 250 * 1024, routeChunkGzip: 50 * 1024, publicPageJsGzip: 150 * 1024, startupMs: 100 } as const;
/** The public pages of issue #21 (client JS: entry + root + the route, goal 150 kB gzip). */
export const PUBLIC_PAGE_ROUTES = ["routes/public/agencia-pacotes", "routes/public/pacote", "routes/public/excursao"] as const;

/** Requests without a session (the sign-in POST gives each request its own address, past the per-IP limit). */
export const publicTargets: BenchTarget[] = [
  { name: "/healthz, no cookie", path: "/healthz" },
  { name: "login page (SSR, no session)", path: "/login" },
  {
    name: "sign-in POST",
    path: "/login",
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "email=admin%40sol.example&password=demo-rota-2026",
    distinctClientIp: true,
  },
  // Public pages (issue #21), served from the edge cache after the first request (X-Public-Cache: hit).
  { name: "public agency packages (cached)", path: "/agencia/sol-viagens/pacotes", headers: { "Accept-Language": "pt-BR" } },
  { name: "public package page (cached)", path: "/pacote/sol-viagens-gramado-e-canela-natal-luz", headers: { "Accept-Language": "pt-BR" } },
  { name: "public package page (cached, .data)", path: "/pacote/sol-viagens-gramado-e-canela-natal-luz.data", headers: { "Accept-Language": "pt-BR" } },
];

/**
 * Staff pages, measured signed in as admin@sol.example, as a document (SSR) and as
 * `.data` (a client-side navigation's loader data). A module adds its pages here, one line each.
 */
export const staffPages: { name: string; path: string }[] = [
  { name: "dashboard", path: "/dashboard" },
  { name: "clients list", path: "/cadastros/clientes" },
  { name: "agents list", path: "/cadastros/agentes" },
  { name: "suppliers list", path: "/cadastros/fornecedores" },
  { name: "service providers list", path: "/cadastros/prestadores" },
  { name: "boarding points list", path: "/cadastros/embarques" },
  { name: "destinations list", path: "/cadastros/destinos" },
  { name: "CRM pipeline (kanban)", path: "/crm" },
  { name: "task overview + board", path: "/tarefas" },
  { name: "tasks list (a fazer)", path: "/tarefas/a_fazer" },
  { name: "task types list", path: "/tarefas/tipos" },
  { name: "product kinds list", path: "/cadastros/produtos" },
  { name: "users list", path: "/sistema/user-management" },
  { name: "audit log", path: "/sistema/auditoria" },
  { name: "e-mail settings + outbox", path: "/parametrizacao/email" },
  { name: "receivables list", path: "/financeiro/contas-a-receber" },
  { name: "payables list", path: "/financeiro/contas-a-pagar" },
  { name: "account statement", path: "/financeiro/relatorios/extrato-de-contas" },
  { name: "income statement (DRE)", path: "/financeiro/relatorios/dre" },
  { name: "payment terms", path: "/financeiro/configuracoes/prazos-de-pagamento" },
  { name: "chart of accounts", path: "/financeiro/configuracoes/plano-de-contas" },
  { name: "bank and cash accounts", path: "/financeiro/configuracoes/bancos-e-caixas" },
  { name: "ground charters list", path: "/servicos/fretamento-terrestre" },
  { name: "third-party packages list", path: "/servicos/pacotes-de-terceiros" },
  { name: "hotel blocks list", path: "/servicos/bloqueio-hospedagem" },
  { name: "air blocks list", path: "/servicos/bloqueio-aereo" },
  { name: "excursions list", path: "/servicos/excursoes" },
  { name: "receptive services list", path: "/receptivo/servicos" },
  { name: "drivers list", path: "/receptivo/motoristas" },
  { name: "guides list", path: "/receptivo/guias" },
  { name: "fleet list", path: "/receptivo/frota" },
  { name: "receptive agenda (week)", path: "/servicos/receptivo?visao=week" },
  { name: "emissivo sales list", path: "/vendas/emissivo" },
  { name: "excursion sales list", path: "/vendas/excursoes" },
  { name: "sales overview (month)", path: "/vendas" },
  { name: "daily service report", path: "/vendas/emissivo/relatorios" },
  { name: "invoices list", path: "/financeiro/faturamento/listagem-de-faturas" },
  { name: "generate invoice (pick a party)", path: "/financeiro/faturamento/gerar-fatura" },
  { name: "commissions list", path: "/financeiro/faturamento/comissoes" },
  { name: "exchange rates + converter", path: "/financeiro/cambio" },
  { name: "contract templates list", path: "/contratos/modelos" },
  { name: "contracts pending generation", path: "/contratos/contratos-pendentes" },
  { name: "contracts pending signatures", path: "/contratos/assinaturas" },
];

/** `/path` → `/path.data` (React Router's single-fetch URL; `/` is `/_root.data`). */
export const dataPath = (path: string) => {
  const url = new URL(path, "http://x");
  url.pathname = url.pathname === "/" ? "/_root.data" : `${url.pathname.replace(/\/$/, "")}.data`;
  return url.pathname + url.search;
};

// Ports apart from the e2e servers' usual ones (8788, 8791, 8797...); BENCH_PORT / BENCH_BARE_PORT to move them.
const APP_PORT = positiveInt(process.env.BENCH_PORT, 8790);
const BARE_PORT = positiveInt(process.env.BENCH_BARE_PORT, 8780);
const STATE_DIR = join(".wrangler", "bench-state");
const BARE_STATE_DIR = join(".wrangler", "bench-bare-state");
const DURATION_S = positiveInt(process.env.BENCH_DURATION, 10);
const DURATION_C1_S = Math.max(3, Math.round(DURATION_S / 2));
const CONNECTIONS = positiveInt(process.env.BENCH_CONNECTIONS, 10);
const bin = (name: string) => join(root, "node_modules", ".bin", name);

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

// ---------------------------------------------------------------------------
// Report model

type Cell = string | number;
type Table = { title: string; columns: string[]; rows: Cell[][]; notes?: string[] };

type HttpResult = {
  name: string;
  server: string;
  path: string;
  /** At c=CONNECTIONS. */
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyAvgMs: number;
  requests: number;
  /** At c=1. */
  c1: { requestsPerSecond: number; latencyP50Ms: number; latencyP99Ms: number; requests: number };
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
  goal?: number;
  /** The bare Worker + D1 req/s at c=CONNECTIONS measured right before this target (the machine is shared; load drifts). */
  baselineRequestsPerSecond?: number;
  /** baselineRequestsPerSecond ÷ this target's req/s. */
  ratio?: number;
};

type RouteSize = {
  route: string;
  files: number;
  routeJsGzip: number;
  /** The route's JS not already in the staff shell (entry + root + app layout). */
  beyondShellJsGzip: number;
  withEntryJsGzip: number;
  pageJsGzip: number;
};

type BundleSize = { bundle: string; files: number; bytes: number; gzipBytes: number };

type Startup = {
  worker: string;
  method: string;
  ok: boolean;
  profileWindowMs?: number;
  activeMs?: number;
  idleMs?: number;
  bundle?: string;
  error?: string;
};

type Results = {
  timestamp: string;
  commit: string;
  dirty: boolean;
  node: string;
  cpu: string;
  settings: { durationSeconds: number; durationC1Seconds: number; connections: number; appPort: number; barePort: number; stateDir: string };
  buildMs: number | null;
  setupMs: number;
  serverColdStartMs: number;
  bareColdStartMs: number;
  /** Bare Worker + D1 req/s: the mean of its full runs at the start and at the end (each target's ratio uses the run right before it). */
  baselineRequestsPerSecond: number;
  /** Targets that did not answer 200 and were not measured. */
  skipped: string[];
  http: HttpResult[];
  http100k: HttpResult[];
  clientSizes: { source: string; shellJsGzip: number; shellFiles: number; routes: RouteSize[]; publicPages: { route: string; pageJsGzip: number }[] };
  serverSizes: BundleSize[];
  clientTotals: BundleSize[];
  startup: Startup[];
  passwordHash: { runs: number; meanMs: number; p50Ms: number; maxMs: number };
  realtime: RealtimeResult;
  /** Seat-hold latency: seller A's hold request → seller B's socket hears the seat held (tests/bench/seat-hold.ts). */
  seatHold: SeatHoldResult;
  /** Contract PDFs: one per request (p50 of 10) and 50 in one request (tests/bench/contract-generation.ts). */
  contractGeneration: ContractGenerationResult;
  /** Asaas webhooks: the Worker's answer (req/s, p99) and the settlement through the Queue (tests/bench/webhooks.ts). */
  webhooks: WebhookBenchResult;
  clientsSeed: SeededClients | null;
  /** The finance screens with BENCH_TITLES receivables in Sol Viagens. */
  httpFinance: HttpResult[];
  financeSeed: SeededFinance | null;
  salesSeed: SeededSales | null;
  crmSeed: SeededCrm | null;
  /** The search index grown to BENCH_SEARCH_DOCS records (tests/bench/seed-search.ts). */
  searchSeed: SeededSearch | null;
  /** D1 statements of one warm request per finance target, through the query-log wrapper. */
  financeQueries: QueryCost[];
};

/** What one request asked of D1 (tests/bench/query-log): statements, rows read, rows returned. */
type QueryCost = { name: string; path: string; status: number | null; statements: number; rowsRead: number; rowsReturned: number; maxRowsRead: number };

// ---------------------------------------------------------------------------
// autocannon (CommonJS, untyped): the few fields used here.

type AutocannonOptions = {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  requests?: { setupRequest: (req: { headers?: Record<string, string> }) => unknown }[];
};
type AutocannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  statusCodeStats?: Record<string, { count: number }>;
  errors: number;
  timeouts: number;
};
const autocannon = createRequire(import.meta.url)("autocannon") as (options: AutocannonOptions) => PromiseLike<AutocannonResult>;

// ---------------------------------------------------------------------------
// HTTP

let ipCounter = 0;

async function run(server: Served, target: BenchTarget, connections: number, duration: number): Promise<AutocannonResult> {
  const headers = { ...target.headers, ...(target.method === "POST" ? { Origin: server.baseUrl } : {}) };
  return autocannon({
    url: `${server.baseUrl}${target.path}`,
    connections,
    duration,
    method: target.method ?? "GET",
    headers,
    body: target.body,
    ...(target.distinctClientIp
      ? {
          requests: [
            {
              setupRequest: (req) => {
                ipCounter += 1;
                req.headers = { ...req.headers, "cf-connecting-ip": `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}` };
                return req;
              },
            },
          ],
        }
      : {}),
  });
}

/** req/s and p99 at c=CONNECTIONS, then p50 at c=1. */
export async function measure(server: Served, target: BenchTarget): Promise<HttpResult> {
  console.log(`Measuring ${server.name} ${target.method ?? "GET"} ${target.path} (${target.name}): c=${CONNECTIONS} ${DURATION_S} s, c=1 ${DURATION_C1_S} s...`);
  // Warm-up, with the target's headers, so the first isolate start and caches are not measured.
  if (target.method !== "POST") {
    for (let i = 0; i < 10; i++) {
      await fetch(`${server.baseUrl}${target.path}`, { headers: target.headers, redirect: "manual" })
        .then((r) => r.arrayBuffer())
        .catch(() => undefined);
    }
  }
  const result = await run(server, target, CONNECTIONS, DURATION_S);
  const single = await run(server, target, 1, DURATION_C1_S);
  const statusCodes: Record<string, number> = {};
  for (const r of [result, single]) {
    for (const [code, stat] of Object.entries(r.statusCodeStats ?? {})) statusCodes[code] = (statusCodes[code] ?? 0) + stat.count;
  }
  return {
    name: target.name,
    server: server.name,
    path: target.path,
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyAvgMs: result.latency.average,
    requests: result.requests.total,
    c1: { requestsPerSecond: single.requests.average, latencyP50Ms: single.latency.p50, latencyP99Ms: single.latency.p99, requests: single.requests.total },
    statusCodes,
    errors: result.errors + single.errors,
    timeouts: result.timeouts + single.timeouts,
    goal: target.goal,
  };
}

const BASELINE_TARGET: BenchTarget = { name: "one D1 query (select 1)", path: "/d1" };
const BASELINE_S = Math.max(2, Math.round(DURATION_S / 3));

/** A bare Worker + D1 run at c=CONNECTIONS right before the target, and the target; the ratio of their req/s. */
async function measureAgainst(bare: Served, app: Served, target: BenchTarget): Promise<HttpResult> {
  const baseline = await run(bare, BASELINE_TARGET, CONNECTIONS, BASELINE_S);
  const result = await measure(app, target);
  result.baselineRequestsPerSecond = baseline.requests.average;
  result.ratio = baseline.requests.average / result.requestsPerSecond;
  return result;
}

/** The signed-in targets: /healthz with the session, each staff page as a document and as `.data`. */
function staffTargets(cookie: string, pages = staffPages): BenchTarget[] {
  const headers = { Cookie: cookie };
  return [
    { name: "/healthz with a session cookie", path: "/healthz", headers, goal: GOALS.healthzWithSession },
    ...pages.map((p) => ({ name: p.name, path: p.path, headers, goal: GOALS.page })),
    ...pages.map((p) => ({ name: `${p.name} .data`, path: dataPath(p.path), headers, goal: GOALS.data })),
  ];
}

/**
 * Keeps the targets that answer 200 (a redirect to /login or an error page would
 * measure the wrong thing); the others are reported as not measured.
 */
async function answering(server: Served, targets: BenchTarget[], skipped: string[]): Promise<BenchTarget[]> {
  const ok: BenchTarget[] = [];
  for (const t of targets) {
    if (t.method === "POST") {
      ok.push(t);
      continue;
    }
    const res = await fetch(`${server.baseUrl}${t.path}`, { headers: t.headers, redirect: "manual" });
    await res.arrayBuffer();
    if (res.status === 200) ok.push(t);
    else {
      console.error(`  ${t.path} (${t.name}) answered ${res.status}, not 200: not measured`);
      skipped.push(`${t.name} (${t.path}) answered ${res.status}, not measured`);
    }
  }
  return ok;
}

type LoggedRequest = { path: string; status?: number; statements: { rowsRead: number | null; rows: number | null }[] };

/** One warm request per target behind the query-log wrapper: its D1 statements and the rows they read. */
async function queryCosts(server: Served, cookie: string, targets: BenchTarget[]): Promise<QueryCost[]> {
  const out: QueryCost[] = [];
  const log = async () => (await (await fetch(`${server.baseUrl}/__bench/query-log`)).json()) as LoggedRequest[];
  for (const t of targets) {
    const headers = { ...t.headers, Cookie: cookie };
    for (let i = 0; i < 3; i++) await (await fetch(`${server.baseUrl}${t.path}`, { headers, redirect: "manual" })).arrayBuffer();
    await log();
    await (await fetch(`${server.baseUrl}${t.path}`, { headers, redirect: "manual" })).arrayBuffer();
    await new Promise((r) => setTimeout(r, 300)); // waitUntil work and raw()'s meta re-reads
    const request = (await log()).find((l) => l.path === t.path);
    const statements = request?.statements ?? [];
    out.push({
      name: t.name,
      path: t.path,
      status: request?.status ?? null,
      statements: statements.length,
      rowsRead: statements.reduce((s, q) => s + (q.rowsRead ?? 0), 0),
      rowsReturned: statements.reduce((s, q) => s + (q.rows ?? 0), 0),
      maxRowsRead: statements.reduce((m, q) => Math.max(m, q.rowsRead ?? 0), 0),
    });
    console.log(`  ${t.name}: ${statements.length} statements, ${out.at(-1)!.rowsRead} rows read, ${out.at(-1)!.rowsReturned} returned`);
  }
  return out;
}

// ---------------------------------------------------------------------------
// Realtime: delivery latency notify() → browser message, and sockets held.

type RealtimeResult = { connectionsRequested: number; connectionsOpen: number; openMs: number; notifications: number; received: number; p50Ms: number; p95Ms: number; maxMs: number };

async function measureRealtime(baseUrl: string, cookie: string, connections = 200, notifications = 200): Promise<RealtimeResult> {
  const session = (await (await fetch(`${baseUrl}/api/auth/get-session`, { headers: { Cookie: cookie } })).json()) as { user: { id: string } };
  const room = `${baseUrl.replace("http", "ws")}/parties/notifications/${session.user.id}`;
  const sockets: WebSocket[] = [];
  const openStart = performance.now();
  const opened = await Promise.all(
    Array.from({ length: connections }, () =>
      new Promise<boolean>((resolve) => {
        // Node's WebSocket (undici) accepts headers, as a browser sends its cookie and origin.
        const ws = new WebSocket(room, { headers: { Cookie: cookie, Origin: baseUrl } } as unknown as string[]);
        sockets.push(ws);
        const timer = setTimeout(() => resolve(false), 15_000);
        ws.onopen = () => (clearTimeout(timer), resolve(true));
        ws.onerror = () => (clearTimeout(timer), resolve(false));
      }),
    ),
  );
  const openMs = performance.now() - openStart;
  const listener = sockets.find((_, i) => opened[i])!;
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  listener.onmessage = (e) => {
    const msg = JSON.parse(String(e.data)) as { type: string; notification?: { title: string } };
    const t0 = msg.notification ? sentAt.get(msg.notification.title) : undefined;
    if (t0 !== undefined) latencies.push(performance.now() - t0);
  };
  for (let i = 0; i < notifications; i++) {
    const title = `bench-${i}`;
    sentAt.set(title, performance.now());
    await fetch(`${baseUrl}/dev/notify`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl, Cookie: cookie },
      body: new URLSearchParams({ title, message: "latency probe" }),
    });
  }
  const deadline = Date.now() + 10_000;
  while (latencies.length < notifications && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  for (const ws of sockets) ws.close();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  return {
    connectionsRequested: connections,
    connectionsOpen: opened.filter(Boolean).length,
    openMs,
    notifications,
    received: latencies.length,
    p50Ms: pct(50),
    p95Ms: pct(95),
    maxMs: latencies.at(-1) ?? NaN,
  };
}

/** CPU cost of one sign-in's password check: the same scrypt the Worker runs natively. */
async function passwordHashCost(runs = 20) {
  const { hashPassword, verifyPassword } = await import("../../app/lib/platform/password.server.ts");
  const hash = await hashPassword("demo-rota-2026");
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await verifyPassword({ hash, password: "demo-rota-2026" });
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { runs, meanMs: times.reduce((a, b) => a + b, 0) / runs, p50Ms: times[Math.floor(runs / 2)]!, maxMs: times[runs - 1]! };
}

// ---------------------------------------------------------------------------
// Sizes

const gzipCache = new Map<string, { bytes: number; gzipBytes: number }>();
function fileSize(path: string) {
  let size = gzipCache.get(path);
  if (!size) {
    const content = readFileSync(path);
    size = { bytes: content.length, gzipBytes: gzipSync(content).length };
    gzipCache.set(path, size);
  }
  return size;
}
const gzipOf = (files: Iterable<string>) => {
  let total = 0;
  for (const file of new Set(files)) total += fileSize(file).gzipBytes;
  return total;
};

type RouteAssets = { js: string[] };
type ClientAssets = { source: string; entry: RouteAssets; root: string; routes: Map<string, RouteAssets> };

type ViteChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[] };

/** build/client/.vite/manifest.json, written when vite's build.manifest is on. */
function fromViteManifest(clientDir: string): ClientAssets | null {
  const path = join(clientDir, ".vite", "manifest.json");
  if (!existsSync(path)) return null;
  const manifest = JSON.parse(readFileSync(path, "utf8")) as Record<string, ViteChunk>;
  const collect = (key: string): RouteAssets => {
    const js = new Set<string>();
    const walk = (k: string, depth: number) => {
      const chunk = manifest[k];
      if (!chunk || depth > 1000 || js.has(join(clientDir, chunk.file))) return;
      js.add(join(clientDir, chunk.file));
      for (const i of chunk.imports ?? []) walk(i, depth + 1);
    };
    walk(key, 0);
    return { js: [...js] };
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry && /entry\.client\.[jt]sx?$/.test(k));
  if (!entryKey) return null;
  const routes = new Map<string, RouteAssets>();
  for (const key of Object.keys(manifest)) {
    const file = key.split("?")[0]!;
    if (file !== "app/root.tsx" && !file.startsWith("app/routes/")) continue;
    const id = file.replace(/^app\//, "").replace(/\.[jt]sx?$/, "");
    const assets = collect(key);
    const existing = routes.get(id);
    routes.set(id, existing ? { js: [...existing.js, ...assets.js] } : assets);
  }
  return { source: "build/client/.vite/manifest.json", entry: collect(entryKey), root: "root", routes };
}

type RrAssets = { module: string; imports?: string[] } & Record<string, unknown>;
type RrManifest = { entry: RrAssets; routes: Record<string, RrAssets> };

/**
 * React Router's browser manifest (build/client/assets/manifest-*.js): per route
 * its module and its transitive imports, resolved from the vite manifest at build
 * time. Used when the vite manifest was not kept (React Router deletes it unless
 * vite's build.manifest is set).
 */
function fromReactRouterManifest(clientDir: string): ClientAssets {
  const assetsDir = join(clientDir, "assets");
  const file = readdirSync(assetsDir).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error(`no client manifest in ${relative(root, assetsDir)}`);
  const text = readFileSync(join(assetsDir, file), "utf8");
  const json = text.slice(text.indexOf("=") + 1).replace(/;\s*$/, "");
  const manifest = JSON.parse(json) as RrManifest;
  const local = (url: string) => join(clientDir, url.replace(/^\//, ""));
  const assets = (a: RrAssets): RouteAssets => {
    const extra = ["clientActionModule", "clientLoaderModule", "clientMiddlewareModule", "hydrateFallbackModule"]
      .map((k) => a[k])
      .filter((v): v is string => typeof v === "string");
    return { js: [a.module, ...(a.imports ?? []), ...extra].map(local) };
  };
  const routes = new Map<string, RouteAssets>();
  for (const [id, route] of Object.entries(manifest.routes)) routes.set(id, assets(route));
  return { source: `build/client/assets/${file}`, entry: assets(manifest.entry), root: "root", routes };
}

/** The layout route every staff page renders in. */
const SHELL_LAYOUT = "routes/app/layout";

function clientSizes(): Results["clientSizes"] {
  const clientDir = join(root, "build", "client");
  const assets = fromViteManifest(clientDir) ?? fromReactRouterManifest(clientDir);
  const rootAssets = assets.routes.get(assets.root) ?? { js: [] };
  // The staff shell: what the browser loads for any staff page before the page's own route.
  const shell = new Set([...assets.entry.js, ...rootAssets.js, ...(assets.routes.get(SHELL_LAYOUT)?.js ?? [])]);
  const rows: RouteSize[] = [];
  // Routes that share one module (the placeholder screens, novo/editar forms) are one row.
  const seen = new Map<string, RouteSize & { same: number }>();
  for (const [route, own] of assets.routes) {
    if (own.js.every((f) => fileSize(f).bytes === 0)) continue; // resource routes (an empty client module)
    const key = [...own.js].sort().join(",");
    const twin = seen.get(key);
    if (twin) {
      twin.same += 1;
      continue;
    }
    const withEntry = [...own.js, ...assets.entry.js];
    const page = [...withEntry, ...rootAssets.js];
    rows.push({
      route,
      files: new Set(page).size,
      routeJsGzip: gzipOf(own.js),
      beyondShellJsGzip: gzipOf(own.js.filter((f) => !shell.has(f))),
      withEntryJsGzip: gzipOf(withEntry),
      pageJsGzip: gzipOf(page),
    });
    seen.set(key, Object.assign(rows.at(-1)!, { same: 0 }));
  }
  for (const row of seen.values()) {
    if (row.same > 0) row.route += ` (+${row.same} with the same JS)`;
    delete (row as Partial<typeof row>).same;
  }
  rows.sort((a, b) => (a.route === assets.root ? -1 : b.route === assets.root ? 1 : a.route.localeCompare(b.route)));
  // A public page: what its first load fetches as modules (entry + root + the route and their imports; lazy chunks not).
  const publicPages = PUBLIC_PAGE_ROUTES.map((route) => ({ route, pageJsGzip: gzipOf([...assets.entry.js, ...rootAssets.js, ...(assets.routes.get(route)?.js ?? [])]) }));
  return { source: assets.source, shellJsGzip: gzipOf(shell), shellFiles: shell.size, routes: rows, publicPages };
}

function filesEnding(dir: string, ext: string, recursive: boolean): string[] {
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive, withFileTypes: false }) as string[])
    .filter((f) => f.endsWith(ext))
    .map((f) => join(dir, f));
}

function serverSizes(): BundleSize[] {
  const bundles = [
    { bundle: "build/server/**/*.js (app Worker)", files: filesEnding(join(root, "build", "server"), ".js", true) },
    {
      bundle: "build/rota_webhooks/*.js (webhooks Worker)",
      files: filesEnding(join(root, "build", "rota_webhooks"), ".js", false),
    },
  ];
  const rows = bundles.map(({ bundle, files }) => ({
    bundle,
    files: files.length,
    bytes: files.reduce((s, f) => s + fileSize(f).bytes, 0),
    gzipBytes: files.reduce((s, f) => s + fileSize(f).gzipBytes, 0),
  }));
  rows.push({
    bundle: "total",
    files: rows.reduce((s, r) => s + r.files, 0),
    bytes: rows.reduce((s, r) => s + r.bytes, 0),
    gzipBytes: rows.reduce((s, r) => s + r.gzipBytes, 0),
  });
  return rows;
}

/** Everything the browser can download, for reference next to the per-route figures. */
function clientTotals(): BundleSize[] {
  const dir = join(root, "build", "client", "assets");
  return [".js", ".css"].map((ext) => {
    const files = filesEnding(dir, ext, false);
    return {
      bundle: `build/client/assets/*${ext} (all client ${ext.slice(1).toUpperCase()})`,
      files: files.length,
      bytes: files.reduce((s, f) => s + fileSize(f).bytes, 0),
      gzipBytes: files.reduce((s, f) => s + fileSize(f).gzipBytes, 0),
    };
  });
}

// ---------------------------------------------------------------------------
// Startup: `wrangler check startup` profiles the Worker's startup on local workerd.

type CpuProfile = { startTime: number; endTime: number; nodes: { id: number; callFrame: { functionName: string } }[]; samples?: number[]; timeDeltas?: number[] };

function checkStartup(worker: string, config: string, outDir: string): Startup {
  const method = "wrangler check startup (local workerd CPU profile)";
  const bundleFile = join(outDir, `${worker}.bundle`);
  const outfile = join(outDir, `${worker}.cpuprofile`);
  const env = { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };
  const wrangler = (args: string[]) => {
    const res = spawnSync(bin("wrangler"), args, { cwd: root, encoding: "utf8", timeout: 180_000, env });
    // eslint-disable-next-line no-control-regex
    const out = `${res.stdout ?? ""}\n${res.stderr ?? ""}`.replace(/\u001b\[[0-9;]*m/g, "");
    const error = res.status === 0 ? undefined : (res.error?.message ?? (out.trim().split("\n").slice(-5).join(" / ") || `exit ${res.status}`));
    return { out, error };
  };
  // Bundle first with this Worker's config: `check startup` alone bundles through
  // `wrangler deploy` without -c, which follows .wrangler/deploy/config.json to
  // the app Worker whatever config it was given.
  const bundled = wrangler(["deploy", "--dry-run", "--outfile", bundleFile, "-c", config]);
  if (bundled.error || !existsSync(bundleFile)) return { worker, method, ok: false, error: bundled.error ?? "no bundle" };
  const checked = wrangler(["check", "startup", "--worker", bundleFile, "--outfile", outfile, "-c", config]);
  if (checked.error || !existsSync(outfile)) return { worker, method, ok: false, error: checked.error ?? "no profile" };
  const out = checked.out;
  const ms = (label: string) => {
    const m = new RegExp(`${label}:\\s*([\\d.]+)\\s*ms`).exec(out);
    return m ? Number(m[1]) : undefined;
  };
  const bundle = /Bundle:\s*([^\n]+)/.exec(out)?.[1]?.trim();
  let profileWindowMs = ms("Profile window");
  let activeMs = ms("Active");
  let idleMs = ms("Idle");
  if (activeMs === undefined) {
    // Wording changed: compute from the profile itself.
    const profile = JSON.parse(readFileSync(outfile, "utf8")) as CpuProfile;
    const idleIds = new Set(profile.nodes.filter((n) => n.callFrame.functionName === "(idle)").map((n) => n.id));
    profileWindowMs = (profile.endTime - profile.startTime) / 1000;
    idleMs = (profile.samples ?? []).reduce((s, id, i) => s + (idleIds.has(id) ? (profile.timeDeltas?.[i] ?? 0) : 0), 0) / 1000;
    activeMs = profileWindowMs - idleMs;
  }
  return { worker, method, ok: true, profileWindowMs, activeMs, idleMs, bundle };
}

// ---------------------------------------------------------------------------
// Report

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const msf = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? "-" : `${n.toFixed(1)} ms`);
const passFail = (ok: boolean) => (ok ? "PASS" : "FAIL");
const codes = (h: HttpResult) =>
  Object.entries(h.statusCodes)
    .map(([code, n]) => `${code}×${n}`)
    .join(" ") || "-";

function httpTable(title: string, rows: HttpResult[], baseline: number): Table {
  return {
    title,
    columns: ["target", "ratio", "goal", "", `req/s c=${CONNECTIONS}`, "p50 c=1", `p99 c=${CONNECTIONS}`, "bare+D1 req/s", "path", "status codes", "errors"],
    rows: rows.map((h) => [
      `${h.server === "app" ? "" : `${h.server}: `}${h.name}`,
      h.ratio === undefined ? "-" : `${h.ratio.toFixed(1)}×`,
      h.goal === undefined ? "-" : `≤ ${h.goal}×`,
      h.goal === undefined || h.ratio === undefined ? "" : passFail(h.ratio <= h.goal),
      h.requestsPerSecond.toFixed(0),
      `${h.c1.latencyP50Ms} ms`,
      `${h.latencyP99Ms} ms`,
      (h.baselineRequestsPerSecond ?? h.requestsPerSecond).toFixed(0),
      h.path.length > 48 ? `${h.path.slice(0, 45)}...` : h.path,
      codes(h),
      h.errors + h.timeouts,
    ]),
    notes: [
      `ratio = bare Worker + D1 req/s (measured for ${BASELINE_S} s right before each target; its full runs at the start and the end average ${baseline.toFixed(0)}) ÷ the target's req/s, both at c=${CONNECTIONS}; goals from issue #12`,
      `req/s and p99 at c=${CONNECTIONS} for ${DURATION_S} s, p50 at c=1 for ${DURATION_C1_S} s; status codes count both runs`,
    ],
  };
}

function tables(r: Results): Table[] {
  const largest = [...r.clientSizes.routes].sort((a, b) => b.beyondShellJsGzip - a.beyondShellJsGzip)[0];
  const shellOk = r.clientSizes.shellJsGzip <= SIZE_GOALS.shellJsGzip;
  return [
    {
      ...httpTable(`HTTP, demo seed (autocannon; ${r.settings.connections} connections)`, r.http, r.baselineRequestsPerSecond),
      ...(r.skipped.length ? { notes: [...httpTable("", [], r.baselineRequestsPerSecond).notes!, ...r.skipped.map((s) => `NOT MEASURED: ${s}`)] } : {}),
    },
    httpTable(
      `HTTP, ${r.clientsSeed?.liveTotal ?? BENCH_CLIENTS} clients in Sol Viagens (tests/bench/seed-clients.ts)`,
      r.http100k,
      r.baselineRequestsPerSecond,
    ),
    httpTable(`HTTP, ${r.financeSeed?.titles ?? BENCH_TITLES} receivables in Sol Viagens (tests/bench/seed-finance.ts)`, r.httpFinance, r.baselineRequestsPerSecond),
    {
      title: `D1 per request, ${r.financeSeed?.titles ?? BENCH_TITLES} receivables (query-log wrapper; one warm request each)`,
      columns: ["target", "status", "statements", "rows read", "rows returned", "largest statement's rows read", "path"],
      rows: r.financeQueries.map((q) => [q.name, q.status ?? "-", q.statements, q.rowsRead, q.rowsReturned, q.maxRowsRead, q.path.length > 48 ? `${q.path.slice(0, 45)}...` : q.path]),
      notes: [
        "rows read: the sum of D1's meta.rows_read over the request's statements (session, licence and shell lookups included); rows returned: the rows those statements answered",
        "issue #13: a list page reads at most 2× the rows it shows beyond what an empty agency's page reads (tests/integration/finance-ledger-rows-read.test.ts asserts it for the list's loader); its totals are a request of their own (docs/decisions/0010-finance-totals.md)",
      ],
    },
    {
      title: "Size and startup goals (issue #12; printed, never asserted)",
      columns: ["goal", "measured", ""],
      rows: [
        [`staff shell client JS ≤ ${kb(SIZE_GOALS.shellJsGzip)} gzip (entry + root + ${SHELL_LAYOUT})`, `${kb(r.clientSizes.shellJsGzip)} (${r.clientSizes.shellFiles} files)`, passFail(shellOk)],
        ...r.clientSizes.publicPages.map((p) => [`public page client JS ≤ ${kb(SIZE_GOALS.publicPageJsGzip)} gzip (entry + root + ${p.route})`, kb(p.pageJsGzip), passFail(p.pageJsGzip <= SIZE_GOALS.publicPageJsGzip)]),
        [
          `each route chunk ≤ ${kb(SIZE_GOALS.routeChunkGzip)} gzip (route JS beyond the shell)`,
          largest ? `largest ${kb(largest.beyondShellJsGzip)} (${largest.route})` : "-",
          passFail(!largest || largest.beyondShellJsGzip <= SIZE_GOALS.routeChunkGzip),
        ],
        ...r.startup.map((s) => [
          `${s.worker} Worker startup < ${SIZE_GOALS.startupMs} ms (wrangler check startup, CPU)`,
          s.ok ? msf(s.activeMs) : `failed: ${s.error ?? ""}`,
          s.ok && s.activeMs !== undefined ? passFail(s.activeMs < SIZE_GOALS.startupMs) : "FAIL",
        ]),
      ],
    },
    {
      title: "Client JS per route (gzip)",
      columns: ["route", "beyond shell", `≤ ${kb(SIZE_GOALS.routeChunkGzip)}`, "route JS", "+ entry client", "page (entry+root+route)", "JS files"],
      rows: r.clientSizes.routes.map((s) => [
        s.route,
        kb(s.beyondShellJsGzip),
        passFail(s.beyondShellJsGzip <= SIZE_GOALS.routeChunkGzip),
        kb(s.routeJsGzip),
        kb(s.withEntryJsGzip),
        kb(s.pageJsGzip),
        s.files,
      ]),
      notes: [
        `source: ${r.clientSizes.source}; each file gzipped on its own (node:zlib), shared chunks counted once per row`,
        "resource routes (no client JS) are left out; routes sharing one module are one row",
        `beyond shell: the route's JS not in the staff shell (entry client + root + ${SHELL_LAYOUT}, ${kb(r.clientSizes.shellJsGzip)})`,
      ],
    },
    {
      title: "Bundles",
      columns: ["bundle", "files", "size", "gzip"],
      rows: [...r.serverSizes, ...r.clientTotals].map((s) => [s.bundle, s.files, kb(s.bytes), kb(s.gzipBytes)]),
    },
    {
      title: "Startup",
      columns: ["what", "method", "time", "detail"],
      rows: [
        ...r.startup.map((s) => [
          `${s.worker} Worker startup`,
          s.method,
          s.ok ? `${msf(s.activeMs)} CPU` : "failed",
          s.ok ? `window ${msf(s.profileWindowMs)}, idle ${msf(s.idleMs)}; bundle ${s.bundle ?? "-"}` : (s.error ?? ""),
        ]),
        ["local server cold start", "scripts/serve.ts's wrangler dev on the build, until /healthz 200", msf(r.serverColdStartMs), ""],
        ["bare Worker cold start", "wrangler dev tests/bench/bare-worker, until /d1 200", msf(r.bareColdStartMs), ""],
        ["local setup", "node scripts/setup.ts (migrate + seed a fresh state)", msf(r.setupMs), ""],
        ...(r.clientsSeed
          ? [["bench data", "tests/bench/seed-clients.ts (wrangler d1 execute, multi-row INSERTs)", msf(r.clientsSeed.ms), `${r.clientsSeed.rows} clients, ${kb(r.clientsSeed.sqlBytes)} SQL; ${r.clientsSeed.liveTotal} live in Sol Viagens`]]
          : []),
        ...(r.salesSeed
          ? [["bench data", "tests/bench/seed-sales.ts (wrangler d1 execute, multi-row INSERTs)", msf(r.salesSeed.ms), `${r.salesSeed.sales} sales, ${kb(r.salesSeed.sqlBytes)} SQL`]]
          : []),
        ...(r.crmSeed
          ? [["bench data", "tests/bench/seed-crm.ts (wrangler d1 execute, multi-row INSERTs)", msf(r.crmSeed.ms), `${r.crmSeed.deals} open deals, ${kb(r.crmSeed.sqlBytes)} SQL`]]
          : []),
        ...(r.searchSeed
          ? [
              [
                "bench data",
                "tests/bench/seed-search.ts (Mar Turismo clients through seed-clients.ts; the search triggers index them)",
                r.searchSeed.added ? msf(r.searchSeed.added.ms) : "none needed",
                `search index ${r.searchSeed.docsBefore} → ${r.searchSeed.docsAfter} records (${r.searchSeed.liveInFts} live in FTS)`,
              ],
            ]
          : []),
        ...(r.financeSeed
          ? [["bench data", "tests/bench/seed-finance.ts (wrangler d1 execute, multi-row INSERTs)", msf(r.financeSeed.ms), `${r.financeSeed.titles} receivables, ${r.financeSeed.entries} settlements, ${kb(r.financeSeed.sqlBytes)} SQL`]]
          : []),
        ["build", "react-router build", r.buildMs === null ? "skipped" : msf(r.buildMs), ""],
      ],
    },
    {
      title: "Realtime (notify() → message on a held WebSocket, via /dev/notify; includes the D1 insert)",
      columns: ["sockets held", "open time", "notifications", "received", "p50", "p95", "max"],
      rows: [[`${r.realtime.connectionsOpen}/${r.realtime.connectionsRequested}`, msf(r.realtime.openMs), r.realtime.notifications, r.realtime.received, msf(r.realtime.p50Ms), msf(r.realtime.p95Ms), msf(r.realtime.maxMs)]],
    },
    {
      title: "Seat holds (seller A's hold request → seller B's socket hears the seat held; includes the D1 batch)",
      columns: ["holds", "heard", "refused", "p50", "p95", "max"],
      rows: [[r.seatHold.holds, r.seatHold.received, r.seatHold.refused, msf(r.seatHold.p50Ms), msf(r.seatHold.p95Ms), msf(r.seatHold.maxMs)]],
    },
    {
      title: "Contract generation (merged template → PDF → R2 → row, no e-mail; the demo's confirmed sales)",
      columns: ["one contract, p50 of 10", "batch", "batch time", "per contract in the batch"],
      rows: [[msf(r.contractGeneration.singleP50Ms), `${r.contractGeneration.batchMade}/${r.contractGeneration.batchSize}`, msf(r.contractGeneration.batchMs), msf(r.contractGeneration.perContractMs)]],
    },
    {
      title: `Asaas webhooks (POST /webhooks/asaas/{agency}, unique event ids, c=${r.webhooks.connections}; settlement: POST PAYMENT_RECEIVED → processed through the Queue)`,
      columns: ["req/s", "p50", "p99", "requests", "settled", "settlement p50", "settlement p95", "settlement max"],
      rows: [
        [
          r.webhooks.requestsPerSecond.toFixed(0),
          msf(r.webhooks.latencyP50Ms),
          msf(r.webhooks.latencyP99Ms),
          r.webhooks.requests,
          `${r.webhooks.settlements.settled}/${r.webhooks.settlements.tried}`,
          msf(r.webhooks.settlements.p50Ms),
          msf(r.webhooks.settlements.p95Ms),
          msf(r.webhooks.settlements.maxMs),
        ],
      ],
    },
    {
      title: "Sign-in CPU (password hash, node:crypto scrypt N=16384 r=16 p=1, as in workerd with nodejs_compat)",
      columns: ["operation", "runs", "mean", "p50", "max"],
      rows: [["verify one password", r.passwordHash.runs, msf(r.passwordHash.meanMs), msf(r.passwordHash.p50Ms), msf(r.passwordHash.maxMs)]],
    },
  ];
}

function toText(t: Table): string {
  const cells = [t.columns, ...t.rows.map((row) => row.map(String))];
  const widths = t.columns.map((_, i) => Math.max(...cells.map((row) => String(row[i] ?? "").length)));
  const line = (row: Cell[]) => row.map((c, i) => String(c).padEnd(widths[i]!)).join("  ").trimEnd();
  return [t.title, line(t.columns), widths.map((w) => "-".repeat(w)).join("  "), ...t.rows.map(line), ...(t.notes ?? []).map((n) => `(${n})`)].join("\n");
}

function toMarkdown(r: Results, all: Table[]): string {
  const esc = (c: Cell) => String(c).replaceAll("|", "\\|");
  const header = [
    `# Rota benchmark ${r.timestamp}`,
    "",
    `- commit: \`${r.commit}\`${r.dirty ? " (with uncommitted changes)" : ""}`,
    `- node ${r.node}, ${r.cpu}`,
    `- servers: the built app on workerd (scripts/serve.ts: wrangler dev on the build), fresh state \`${r.settings.stateDir}\`, port ${r.settings.appPort}; the bare Worker (tests/bench/bare-worker) on port ${r.settings.barePort}`,
    "",
  ];
  const body = all.flatMap((t) => [
    `## ${t.title}`,
    "",
    `| ${t.columns.map(esc).join(" | ")} |`,
    `|${t.columns.map(() => " --- ").join("|")}|`,
    ...t.rows.map((row) => `| ${row.map(esc).join(" | ")} |`),
    ...(t.notes ?? []).flatMap((n) => ["", `_${n}_`]),
    "",
  ]);
  return [...header, ...body].join("\n");
}

function git(args: string[]): string {
  try {
    return execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "";
  }
}

// ---------------------------------------------------------------------------

async function main() {
  const argv = process.argv.slice(2);
  if (argv.includes("--help") || argv.includes("-h")) {
    console.log(
      "Usage: node tests/bench/run.ts [--skip-build] [--sizes-only]\n" +
        `  Builds, serves the build on http://127.0.0.1:${APP_PORT} with a fresh state (${STATE_DIR}) beside the bare Worker\n` +
        `  on http://127.0.0.1:${BARE_PORT}, measures HTTP (ratios to the bare Worker + D1), sizes and startup,\n` +
        "  writes bench/results/<timestamp>.json and .md. --sizes-only: print the client JS sizes and stop.\n" +
        "  BENCH_DURATION (s per target at c=connections, default 10; c=1 runs half as long, at least 3 s),\n" +
        "  BENCH_CONNECTIONS (default 10), BENCH_PORT (8790), BENCH_BARE_PORT (8780).",
    );
    return;
  }
  const timestamp = new Date().toISOString();

  let buildMs: number | null = null;
  if (!argv.includes("--skip-build")) {
    console.log("Building (react-router build)...");
    const t = performance.now();
    execFileSync(bin("react-router"), ["build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
    buildMs = performance.now() - t;
  }

  const client = clientSizes();
  if (argv.includes("--sizes-only")) {
    // Just the client JS sizes of an existing build (no server, no load): shell and the routes over the goal.
    console.log(`staff shell: ${(client.shellJsGzip / 1024).toFixed(1)} kB gzip (${client.shellFiles} files; goal ${SIZE_GOALS.shellJsGzip / 1024} kB)`);
    // The page's language texts load before hydration (entry.client.tsx): the core texts on a public page, the whole language on a staff page.
    const texts = readdirSync(join(root, "build", "client", "assets"))
      .filter((f) => /^pt-[\w-]+\.js$/.test(f))
      .map((f) => fileSize(join(root, "build", "client", "assets", f)).gzipBytes)
      .sort((a, b) => a - b);
    if (texts.length) console.log(`texts before hydration (pt): ${texts.map((b) => `${(b / 1024).toFixed(1)} kB`).join(", ")} gzip (core texts for public pages, the whole language for staff pages)`);
    for (const p of client.publicPages) {
      const flag = p.pageJsGzip > SIZE_GOALS.publicPageJsGzip ? "FAIL" : "ok";
      console.log(`public pages: ${flag.padEnd(5)}${(p.pageJsGzip / 1024).toFixed(1).padStart(7)} kB gzip  ${p.route} (entry + root + route; goal ${SIZE_GOALS.publicPageJsGzip / 1024} kB)`);
    }
    for (const r of [...client.routes].sort((a, b) => b.beyondShellJsGzip - a.beyondShellJsGzip).slice(0, 15)) {
      const flag = r.beyondShellJsGzip > SIZE_GOALS.routeChunkGzip ? "FAIL" : "ok";
      console.log(`${flag.padEnd(5)}${(r.beyondShellJsGzip / 1024).toFixed(1).padStart(7)} kB  ${r.route}`);
    }
    return;
  }
  const serverBundles = serverSizes();

  console.log("Profiling Worker startup (wrangler check startup)...");
  const profileDir = mkdtempSync(join(tmpdir(), "rota-bench-"));
  let startup: Startup[];
  try {
    startup = [
      checkStartup("app", join(root, "build", "server", "wrangler.json"), profileDir),
      checkStartup("webhooks", join(root, "build", "rota_webhooks", "wrangler.json"), profileDir),
    ];
  } finally {
    rmSync(profileDir, { recursive: true, force: true });
  }

  const passwordHash = await passwordHashCost();

  const http: HttpResult[] = [];
  const http100k: HttpResult[] = [];
  let realtime: RealtimeResult;
  let seatHold: SeatHoldResult;
  let contractGeneration: ContractGenerationResult;
  let webhooks: WebhookBenchResult;
  let clientsSeed: SeededClients;
  let financeSeed: SeededFinance;
  let salesSeed: SeededSales;
  let crmSeed: SeededCrm;
  let searchSeed: SeededSearch;
  const httpFinance: HttpResult[] = [];
  let financeQueries: QueryCost[];
  let serverColdStartMs: number;
  let setupMs: number;
  let app: Served;
  let bare: Served;
  const bareRuns: HttpResult[] = [];
  const skipped: string[] = [];
  try {
    console.log(`Starting the bare Worker on 127.0.0.1:${BARE_PORT} and the built app on 127.0.0.1:${APP_PORT} (fresh state ${STATE_DIR})...`);
    bare = await startBare({ port: BARE_PORT, stateDir: BARE_STATE_DIR });
    setupMs = freshState(STATE_DIR);
    // Sol Viagens' Asaas integration and its charged receivables (tests/bench/webhooks.ts), before the server starts.
    await seedWebhooks(root, STATE_DIR);
    app = await startApp({ port: APP_PORT, stateDir: STATE_DIR });
    serverColdStartMs = app.coldStartMs;
    const bareTargets: BenchTarget[] = [
      { name: "fixed HTML", path: "/" },
      { name: "one D1 query (select 1)", path: "/d1" },
    ];
    for (const t of bareTargets) bareRuns.push(await measure(bare, t));

    // The demo seed (70 clients), as a new user finds it.
    const cookie = await signIn(app.baseUrl, "10.250.0.2");
    const signedIn = staffTargets(cookie);
    const demo = await answering(app, [...publicTargets.slice(0, 1), signedIn[0]!, ...publicTargets.slice(1), ...signedIn.slice(1)], skipped);
    for (const t of demo) http.push(await measureAgainst(bare, app, t));
    console.log("Measuring realtime delivery (200 sockets held, 200 notifications)...");
    realtime = await measureRealtime(app.baseUrl, await signIn(app.baseUrl, "10.250.0.1"));
    console.log("Measuring seat-hold latency (50 holds, seller A's request → seller B's socket)...");
    seatHold = await measureSeatHolds(app.baseUrl, await signIn(app.baseUrl, "10.250.0.6"), await signIn(app.baseUrl, "10.250.0.7", "agente@sol.example"), 50);
    console.log("Measuring contract generation (10 single, then 50 in one request)...");
    contractGeneration = await measureContractGeneration(app.baseUrl, await signIn(app.baseUrl, "10.250.0.8"));
    console.log(`Measuring the Asaas webhooks (the Worker's answer; ${BENCH_WEBHOOK_CHARGES} settlements through the Queue)...`);
    webhooks = await measureWebhooks(app.baseUrl, await signIn(app.baseUrl, "10.250.0.21"));

    // 100,000 clients in the agency: written with the app stopped, then measured again.
    await app.stop();
    console.log(`Seeding ${BENCH_CLIENTS} clients into Sol Viagens (tests/bench/seed-clients.ts)...`);
    clientsSeed = seedClients(root, STATE_DIR);
    console.log(`Seeding ${BENCH_PACKAGES} third-party packages into Sol Viagens (tests/bench/seed-packages.ts)...`);
    seedPackages(root, STATE_DIR);
    console.log(`Seeding a ${BENCH_EXCURSION_PASSENGERS}-seat excursion with its passengers into Sol Viagens (tests/bench/seed-excursions.ts)...`);
    await seedExcursion(root, STATE_DIR);
    console.log(`Seeding ${BENCH_SALES} sales into Sol Viagens (tests/bench/seed-sales.ts)...`);
    salesSeed = seedSales(root, STATE_DIR);
    console.log("Seeding the bench sales' commission lines (tests/bench/seed-commissions.ts)...");
    seedCommissions(root, STATE_DIR);
    console.log(`Seeding ${BENCH_DEALS} open deals into Sol Viagens (tests/bench/seed-crm.ts)...`);
    crmSeed = seedCrm(root, STATE_DIR);
    app = await startApp({ port: APP_PORT, stateDir: STATE_DIR });
    const cookie100k = await signIn(app.baseUrl, "10.250.0.3");
    const big = [
      ...(await clientListTargets(app.baseUrl, clientsSeed, cookie100k)).map((t) => ({ ...t, goal: GOALS.page })),
      { name: "clients list (100k) .data", path: dataPath("/cadastros/clientes"), headers: { Cookie: cookie100k }, goal: GOALS.data },
      ...(await packageListTargets(app.baseUrl, cookie100k)).map((t) => ({ ...t, goal: GOALS.page })),
      ...(await excursionTargets(app.baseUrl, cookie100k)).map((t) => ({ ...t, goal: t.path.endsWith(".data") ? GOALS.data : GOALS.page })),
      ...salesTargets(cookie100k).map((t) => ({ ...t, goal: t.path.includes(".data") ? GOALS.data : GOALS.page })),
      ...commissionTargets(cookie100k).map((t) => ({ ...t, goal: GOALS.page })),
      ...crmTargets(cookie100k, await signIn(app.baseUrl, "10.250.0.10", "agente@sol.example")).map((t) => ({ ...t, goal: t.path.includes(".data") ? GOALS.data : GOALS.page })),
      ...searchTargets(cookie100k, "(Sol's 100k data only)").map((t) => ({ ...t, goal: GOALS.data })),
      { name: "dashboard (100k clients, 100k sales)", path: "/dashboard", headers: { Cookie: cookie100k }, goal: GOALS.page },
      { name: "dashboard (100k clients, 100k sales) .data", path: dataPath("/dashboard"), headers: { Cookie: cookie100k }, goal: GOALS.data },
    ];
    for (const t of await answering(app, big, skipped)) http100k.push(await measureAgainst(bare, app, t));

    // The search index at BENCH_SEARCH_DOCS records (the rest in Mar Turismo): the same queries again.
    await app.stop();
    console.log(`Seeding Mar Turismo clients until the search index holds ${BENCH_SEARCH_DOCS} records (tests/bench/seed-search.ts)...`);
    searchSeed = seedSearch(root, STATE_DIR);
    app = await startApp({ port: APP_PORT, stateDir: STATE_DIR });
    const searchCookie = await signIn(app.baseUrl, "10.250.0.11");
    const search = searchTargets(searchCookie, `(${searchSeed.docsAfter} indexed)`).map((t) => ({ ...t, goal: GOALS.data }));
    for (const t of await answering(app, search, skipped)) http100k.push(await measureAgainst(bare, app, t));

    // 100,000 receivables (about half settled) in the agency: written with the app stopped, then measured.
    await app.stop();
    console.log(`Seeding ${BENCH_TITLES} receivables with their settlements into Sol Viagens (tests/bench/seed-finance.ts)...`);
    financeSeed = seedFinance(root, STATE_DIR);
    app = await startApp({ port: APP_PORT, stateDir: STATE_DIR });
    const financeCookie = await signIn(app.baseUrl, "10.250.0.4");
    // The totals answer JSON (fetched by the list after it renders): the data goal.
    const finance = [
      ...(await financeTargets(app.baseUrl, financeCookie)).map((t) => ({ ...t, goal: t.path.includes("/totais") ? GOALS.data : GOALS.page })),
      // The dashboard with a year of data: 100,000 sales and 100,000 titles (decision 0022: one db.batch).
      { name: "dashboard (100k sales, 100k titles)", path: "/dashboard", headers: { Cookie: financeCookie }, goal: GOALS.page },
      { name: "dashboard (100k sales, 100k titles) .data", path: dataPath("/dashboard"), headers: { Cookie: financeCookie }, goal: GOALS.data },
    ];
    for (const t of await answering(app, finance, skipped)) httpFinance.push(await measureAgainst(bare, app, t));
    // The same requests once more behind the query-log wrapper (its own server start; not timed): rows read by each.
    await app.stop();
    console.log("Logging the D1 statements of each finance target (query-log wrapper)...");
    app = await startApp({ port: APP_PORT, stateDir: STATE_DIR, appConfig: queryLogConfig() });
    financeQueries = await queryCosts(app, await signIn(app.baseUrl, "10.250.0.5"), finance);

    // The baseline again at the end: the machine may have got busier or quieter meanwhile.
    bareRuns.push(await measure(bare, { name: "one D1 query (select 1), again at the end", path: "/d1" }));
  } finally {
    await stopAll();
  }
  const d1Runs = bareRuns.filter((h) => h.path === "/d1");
  const baseline = d1Runs.reduce((s, h) => s + h.requestsPerSecond, 0) / d1Runs.length;
  for (const h of bareRuns) h.ratio = baseline / h.requestsPerSecond;
  http.unshift(...bareRuns);

  const results: Results = {
    timestamp,
    commit: git(["rev-parse", "HEAD"]) || "unknown",
    dirty: git(["status", "--porcelain"]) !== "",
    node: process.version,
    cpu: `${cpus().length} × ${cpus()[0]?.model ?? "unknown CPU"}`,
    settings: { durationSeconds: DURATION_S, durationC1Seconds: DURATION_C1_S, connections: CONNECTIONS, appPort: APP_PORT, barePort: BARE_PORT, stateDir: STATE_DIR },
    buildMs,
    setupMs,
    serverColdStartMs,
    bareColdStartMs: bare.coldStartMs,
    baselineRequestsPerSecond: baseline,
    skipped,
    http,
    http100k,
    clientSizes: client,
    serverSizes: serverBundles,
    clientTotals: clientTotals(),
    startup,
    passwordHash,
    realtime,
    seatHold,
    contractGeneration,
    webhooks,
    clientsSeed,
    httpFinance,
    financeSeed,
    salesSeed,
    crmSeed,
    searchSeed,
    financeQueries,
  };

  const all = tables(results);
  console.log(`\nRota benchmark ${timestamp} (commit ${results.commit.slice(0, 12)}${results.dirty ? ", dirty" : ""})\n`);
  console.log(all.map(toText).join("\n\n"));

  const outDir = join(root, "bench", "results");
  mkdirSync(outDir, { recursive: true });
  const base = join(outDir, timestamp.replaceAll(":", "-"));
  writeFileSync(`${base}.json`, JSON.stringify(results, null, 2) + "\n");
  writeFileSync(`${base}.md`, toMarkdown(results, all));
  console.log(`\nWritten ${relative(root, base)}.json and .md`);
}

if (import.meta.main) {
  try {
    await main();
  } catch (error) {
    await stopAll();
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
