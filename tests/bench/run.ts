/**
 * Benchmarks (`npm run bench`, ARCHITECTURE §4): builds the app, serves the build
 * on workerd with its own fresh local state, and measures
 *   - HTTP requests/s and latency p50/p99 per target (autocannon),
 *   - client JS per route (gzip), server bundle sizes,
 *   - Worker startup (`wrangler check startup`) and the local server's cold start.
 * Prints one report and writes it to bench/results/<timestamp>.json and .md.
 * Figures are recorded, never asserted. All traffic goes to localhost.
 *
 *   node tests/bench/run.ts [--skip-build] [--help]
 *   BENCH_DURATION=10 BENCH_CONNECTIONS=10 (seconds per target, connections)
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus, tmpdir } from "node:os";
import { join, relative } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { gzipSync } from "node:zlib";
import { BENCH_CLIENTS, clientListTargets, seedClients, type SeededClients } from "./seed-clients.ts";

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
};

/** What autocannon measures. A module adds its pages here, one line each. */
export const targets: BenchTarget[] = [
  { name: "health check", path: "/healthz" },
  { name: "login page", path: "/login" },
  {
    name: "sign-in POST",
    path: "/login",
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost:8790" },
    body: "email=admin%40sol.example&password=demo-rota-2026",
    distinctClientIp: true,
  },
];

const root = join(import.meta.dirname, "..", "..");
const bin = (name: string) => join(root, "node_modules", ".bin", name);
const PORT = 8790;
const BASE_URL = `http://localhost:${PORT}`;
const STATE_DIR = join(".wrangler", "bench-state");
const DURATION_S = positiveInt(process.env.BENCH_DURATION, 10);
const CONNECTIONS = positiveInt(process.env.BENCH_CONNECTIONS, 10);
const READY_TIMEOUT_MS = 120_000;

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
  path: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyAvgMs: number;
  requests: number;
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
};

type RouteSize = {
  route: string;
  files: number;
  routeJsGzip: number;
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
  settings: { durationSeconds: number; connections: number; port: number; stateDir: string };
  buildMs: number | null;
  setupMs: number;
  serverColdStartMs: number;
  http: HttpResult[];
  clientSizes: { source: string; routes: RouteSize[] };
  serverSizes: BundleSize[];
  clientTotals: BundleSize[];
  startup: Startup[];
  passwordHash: { runs: number; meanMs: number; p50Ms: number; maxMs: number };
  realtime: RealtimeResult;
  clientsSeed: SeededClients | null;
};

// ---------------------------------------------------------------------------
// autocannon (CommonJS, untyped): the few fields used here.

type AutocannonOptions = {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Give every request its own client address (cf-connecting-ip), e.g. to measure sign-in past its per-IP rate limit. */
  distinctClientIp?: boolean;
};
type AutocannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  statusCodeStats?: Record<string, { count: number }>;
  errors: number;
  timeouts: number;
};
const autocannon = createRequire(import.meta.url)("autocannon") as (
  options: AutocannonOptions,
) => PromiseLike<AutocannonResult>;

// ---------------------------------------------------------------------------
// Server (same approach as tests/e2e/serve.ts, on its own state and port)

let server: ChildProcess | null = null;
let clientsSeed: SeededClients | null = null;
const serverLog: string[] = [];

function remember(chunk: Buffer) {
  for (const line of chunk.toString().split("\n")) if (line.trim()) serverLog.push(line);
  if (serverLog.length > 200) serverLog.splice(0, serverLog.length - 200);
}

async function answers(path: string): Promise<number | null> {
  try {
    const res = await fetch(`${BASE_URL}${path}`, { redirect: "manual", signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return null;
  }
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function startServer(): Promise<{ setupMs: number; coldStartMs: number }> {
  if ((await answers("/healthz")) !== null) {
    throw new Error(`something already answers on ${BASE_URL}; stop it first`);
  }
  rmSync(join(root, STATE_DIR), { recursive: true, force: true });
  const env = { ...process.env, ROTA_STATE_DIR: STATE_DIR, PORT: String(PORT), CLOUDFLARE_CF_FETCH_ENABLED: "false" };

  const setupStart = performance.now();
  execFileSync(process.execPath, [join(root, "db", "setup.ts")], { cwd: root, stdio: ["ignore", "pipe", "inherit"], env });
  const setupMs = performance.now() - setupStart;
  console.log(`Seeding ${BENCH_CLIENTS} clients into Sol Viagens (tests/bench/seed-clients.ts)...`);
  clientsSeed = seedClients(root, STATE_DIR);

  const start = performance.now();
  // Own process group, so stopServer() reaches vite and workerd too.
  const child = spawn(process.execPath, [join(root, "db", "serve.ts")], {
    cwd: root,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  server = child;
  child.stdout?.on("data", remember);
  child.stderr?.on("data", remember);

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before answering:\n${serverLog.join("\n")}`);
    }
    if ((await answers("/healthz")) === 200) return { setupMs, coldStartMs: performance.now() - start };
    await sleep(100);
  }
  throw new Error(`${BASE_URL}/healthz did not answer 200 within ${READY_TIMEOUT_MS / 1000} s:\n${serverLog.join("\n")}`);
}

async function stopServer(): Promise<void> {
  const child = server;
  server = null;
  if (!child?.pid || !groupAlive(child.pid)) return;
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    return;
  }
  for (let i = 0; i < 100 && groupAlive(child.pid); i++) await sleep(100);
  if (groupAlive(child.pid)) {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

// Last resort if the process ends some other way (synchronous only).
process.on("exit", () => {
  if (server?.pid && groupAlive(server.pid)) {
    try {
      process.kill(-server.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void stopServer().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------
// HTTP

let ipCounter = 0;

// ---------------------------------------------------------------------------
// Realtime: delivery latency notify() → browser message, and sockets held.

type RealtimeResult = { connectionsRequested: number; connectionsOpen: number; openMs: number; notifications: number; received: number; p50Ms: number; p95Ms: number; maxMs: number };

async function measureRealtime(connections = 200, notifications = 200): Promise<RealtimeResult> {
  const login = await fetch(`${BASE_URL}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: BASE_URL, "cf-connecting-ip": "10.250.0.1" },
    body: "email=admin%40sol.example&password=demo-rota-2026",
  });
  const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const session = (await (await fetch(`${BASE_URL}/api/auth/get-session`, { headers: { Cookie: cookie } })).json()) as { user: { id: string } };
  const room = `${BASE_URL.replace("http", "ws")}/parties/notifications/${session.user.id}`;
  const sockets: WebSocket[] = [];
  const openStart = performance.now();
  const opened = await Promise.all(
    Array.from({ length: connections }, () =>
      new Promise<boolean>((resolve) => {
        // Node's WebSocket (undici) accepts headers, as a browser sends its cookie and origin.
        const ws = new WebSocket(room, { headers: { Cookie: cookie, Origin: BASE_URL } } as unknown as string[]);
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
    await fetch(`${BASE_URL}/dev/notify`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: BASE_URL, Cookie: cookie },
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

export async function measure(target: BenchTarget): Promise<HttpResult> {
  const url = `${BASE_URL}${target.path}`;
  // Warm-up: a few sequential requests so the first isolate start is not measured.
  for (let i = 0; i < 10; i++) await answers(target.path);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    method: target.method ?? "GET",
    headers: target.headers,
    body: target.body,
    ...(target.distinctClientIp
      ? {
          requests: [
            {
              setupRequest: (req: { headers?: Record<string, string> }) => {
                ipCounter += 1;
                req.headers = { ...req.headers, "cf-connecting-ip": `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}` };
                return req;
              },
            },
          ],
        }
      : {}),
  });
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stat.count;
  return {
    name: target.name,
    path: target.path,
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyAvgMs: result.latency.average,
    requests: result.requests.total,
    statusCodes,
    errors: result.errors,
    timeouts: result.timeouts,
  };
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

function clientSizes(): { source: string; routes: RouteSize[] } {
  const clientDir = join(root, "build", "client");
  const assets = fromViteManifest(clientDir) ?? fromReactRouterManifest(clientDir);
  const rootAssets = assets.routes.get(assets.root) ?? { js: [] };
  const rows: RouteSize[] = [];
  for (const [route, own] of assets.routes) {
    const withEntry = [...own.js, ...assets.entry.js];
    const page = [...withEntry, ...rootAssets.js];
    rows.push({
      route,
      files: new Set(page).size,
      routeJsGzip: gzipOf(own.js),
      withEntryJsGzip: gzipOf(withEntry),
      pageJsGzip: gzipOf(page),
    });
  }
  rows.sort((a, b) => (a.route === assets.root ? -1 : b.route === assets.root ? 1 : a.route.localeCompare(b.route)));
  return { source: assets.source, routes: rows };
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
const msf = (n: number | undefined) => (n === undefined ? "-" : `${n.toFixed(1)} ms`);

function tables(r: Results): Table[] {
  return [
    {
      title: `HTTP (autocannon, ${r.settings.connections} connections, ${r.settings.durationSeconds} s each)`,
      columns: ["target", "path", "req/s", "p50", "p99", "requests", "status codes", "errors"],
      rows: r.http.map((h) => [
        h.name,
        h.path,
        h.requestsPerSecond.toFixed(0),
        `${h.latencyP50Ms} ms`,
        `${h.latencyP99Ms} ms`,
        h.requests,
        Object.entries(h.statusCodes)
          .map(([code, n]) => `${code}×${n}`)
          .join(" ") || "-",
        h.errors + h.timeouts,
      ]),
    },
    {
      title: "Client JS per route (gzip)",
      columns: ["route", "route JS", "+ entry client", "page (entry+root+route)", "JS files"],
      rows: r.clientSizes.routes.map((s) => [
        s.route,
        kb(s.routeJsGzip),
        kb(s.withEntryJsGzip),
        kb(s.pageJsGzip),
        s.files,
      ]),
      notes: [`source: ${r.clientSizes.source}; each file gzipped on its own (node:zlib), shared chunks counted once per row`],
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
        [
          "local server cold start",
          "node scripts/serve.ts (vite preview on workerd) until /healthz 200",
          msf(r.serverColdStartMs),
          "",
        ],
        ["local setup", "node scripts/setup.ts (migrate + seed a fresh state)", msf(r.setupMs), ""],
        ...(r.clientsSeed ? [["bench data", "tests/bench/seed-clients.ts (wrangler d1 execute, multi-row INSERTs)", msf(r.clientsSeed.ms), `${r.clientsSeed.rows} clients, ${kb(r.clientsSeed.sqlBytes)} SQL; ${r.clientsSeed.liveTotal} live in Sol Viagens`]] : []),
        ["build", "react-router build", r.buildMs === null ? "skipped" : msf(r.buildMs), ""],
      ],
    },
  ];
}

function toText(t: Table): string {
  const cells = [t.columns, ...t.rows.map((row) => row.map(String))];
  const widths = t.columns.map((_, i) => Math.max(...cells.map((row) => String(row[i] ?? "").length)));
  const line = (row: Cell[]) => row.map((c, i) => String(c).padEnd(widths[i]!)).join("  ").trimEnd();
  return [
    t.title,
    line(t.columns),
    widths.map((w) => "-".repeat(w)).join("  "),
    ...t.rows.map(line),
    ...(t.notes ?? []).map((n) => `(${n})`),
  ].join("\n");
}

function toMarkdown(r: Results, all: Table[]): string {
  const esc = (c: Cell) => String(c).replaceAll("|", "\\|");
  const header = [
    `# Rota benchmark ${r.timestamp}`,
    "",
    `- commit: \`${r.commit}\`${r.dirty ? " (with uncommitted changes)" : ""}`,
    `- node ${r.node}, ${r.cpu}`,
    `- server: built app on workerd (vite preview), fresh state \`${r.settings.stateDir}\`, port ${r.settings.port}`,
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
      "Usage: node tests/bench/run.ts [--skip-build]\n" +
        "  Builds, serves the build on http://localhost:8790 with a fresh state (.wrangler/bench-state),\n" +
        "  measures HTTP, sizes and startup, writes bench/results/<timestamp>.json and .md.\n" +
        "  BENCH_DURATION (s per target, default 10), BENCH_CONNECTIONS (default 10).",
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
  let realtime: RealtimeResult | undefined;
  let ready: { setupMs: number; coldStartMs: number };
  try {
    console.log(`Starting the built app on ${BASE_URL} (fresh state ${STATE_DIR})...`);
    ready = await startServer();
    targets.push(...(await clientListTargets(BASE_URL, clientsSeed!)));
    for (const target of targets) {
      console.log(`Measuring ${target.method ?? "GET"} ${target.path} for ${DURATION_S} s...`);
      http.push(await measure(target));
    }
    console.log("Measuring realtime delivery (200 sockets held, 200 notifications)...");
    realtime = await measureRealtime();
  } finally {
    await stopServer();
  }

  const results: Results = {
    timestamp,
    commit: git(["rev-parse", "HEAD"]) || "unknown",
    dirty: git(["status", "--porcelain"]) !== "",
    node: process.version,
    cpu: `${cpus().length} × ${cpus()[0]?.model ?? "unknown CPU"}`,
    settings: { durationSeconds: DURATION_S, connections: CONNECTIONS, port: PORT, stateDir: STATE_DIR },
    buildMs,
    setupMs: ready.setupMs,
    serverColdStartMs: ready.coldStartMs,
    http,
    clientSizes: client,
    serverSizes: serverBundles,
    clientTotals: clientTotals(),
    startup,
    passwordHash,
    realtime: realtime!,
    clientsSeed,
  };

  const all = tables(results);
  all.push({
    title: "Realtime (notify() → message on a held WebSocket, via /dev/notify; includes the D1 insert)",
    columns: ["sockets held", "open time", "notifications", "received", "p50", "p95", "max"],
    rows: [[`${realtime!.connectionsOpen}/${realtime!.connectionsRequested}`, msf(realtime!.openMs), realtime!.notifications, realtime!.received, msf(realtime!.p50Ms), msf(realtime!.p95Ms), msf(realtime!.maxMs)]],
  });
  all.push({
    title: "Sign-in CPU (password hash, node:crypto scrypt N=16384 r=16 p=1, as in workerd with nodejs_compat)",
    columns: ["operation", "runs", "mean", "p50", "max"],
    rows: [["verify one password", passwordHash.runs, msf(passwordHash.meanMs), msf(passwordHash.p50Ms), msf(passwordHash.maxMs)]],
  });
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
    await stopServer();
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
