/**
 * Where each millisecond of a request goes (`npm run bench:profile`, issue #12):
 *
 * 1. CPU: serves the build as `npm start` does (scripts/serve.ts) with the V8 inspector
 *    on, and for each target drives Profiler.start/stop over the DevTools protocol while
 *    autocannon loads it (c=10). The samples are mapped through the build's source maps
 *    to the original files and summarised: CPU ms per request, self time by package /
 *    app file / function, and inclusive time of the frames that matter (auth, loaders,
 *    React SSR, i18n...).
 * 2. Queries: serves the same build behind the query-log wrapper (tests/bench/query-log,
 *    no app change) and lists each target's D1 statements per request: count, wall time,
 *    meta.duration, rows_read.
 *
 * Prints the report and writes bench/results/profile-<timestamp>.json and .md.
 * Local only (127.0.0.1); figures are recorded, never asserted.
 *
 *   node tests/bench/profile.ts [--build] [--help]
 *   PROFILE_DURATION=10 (seconds of load per target)
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { SourceMap, createRequire } from "node:module";
import { join, relative } from "node:path";
import { dataPath } from "./run.ts";
import { freshState, queryLogConfig, root, signIn, startApp, stopAll, type Served } from "./server.ts";

const PORT = Number(process.env.PROFILE_PORT) > 0 ? Number(process.env.PROFILE_PORT) : 8792;
const INSPECTOR_PORT = 9239;
const STATE_DIR = join(".wrangler", "profile-state");
const DURATION_S = Number(process.env.PROFILE_DURATION) > 0 ? Number(process.env.PROFILE_DURATION) : 10;
const CONNECTIONS = 10;
const SAMPLING_US = 100;

type Target = { name: string; path: string; signedIn: boolean };
const TARGETS: Target[] = [
  { name: "/healthz, no cookie", path: "/healthz", signedIn: false },
  { name: "/healthz with a session", path: "/healthz", signedIn: true },
  { name: "login page", path: "/login", signedIn: false },
  { name: "dashboard", path: "/dashboard", signedIn: true },
  { name: "dashboard .data", path: dataPath("/dashboard"), signedIn: true },
  { name: "clients list", path: "/cadastros/clientes", signedIn: true },
  { name: "clients list .data", path: dataPath("/cadastros/clientes"), signedIn: true },
];

// ---------------------------------------------------------------------------
// DevTools protocol over the wrangler inspector proxy (Node's own WebSocket).

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] };
type CpuProfile = { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };

async function inspector(port: number) {
  // The proxy checks Origin (DevTools' own, or localhost).
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { Origin: "http://localhost" } } as unknown as string[]);
  await new Promise<void>((resolve, reject) => {
    ws.onopen = () => resolve();
    ws.onerror = () => reject(new Error(`no inspector on 127.0.0.1:${port}`));
  });
  let id = 0;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  ws.onmessage = (e) => {
    const msg = JSON.parse(String(e.data)) as { id?: number; result?: unknown; error?: unknown };
    const p = msg.id === undefined ? undefined : pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id!);
    if (msg.error) p.reject(new Error(JSON.stringify(msg.error)));
    else p.resolve(msg.result);
  };
  const send = <T>(method: string, params: Record<string, unknown> = {}) =>
    new Promise<T>((resolve, reject) => {
      id += 1;
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      ws.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => ws.close() };
}

// ---------------------------------------------------------------------------
// Source maps of the build: generated position → original file and function.

const maps = new Map<string, SourceMap | null>();
function sourceMapFor(url: string): SourceMap | null {
  if (!maps.has(url)) {
    const file = join(root, "build", "server", `${url}.map`);
    maps.set(url, existsSync(file) ? new SourceMap(JSON.parse(readFileSync(file, "utf8"))) : null);
  }
  return maps.get(url)!;
}

type Origin = { file: string; pkg: string; fn: string };
const origins = new Map<number, Origin>();

/** node_modules/<pkg> (scoped too), app/<path>, or the runtime's own. */
function classify(source: string): { file: string; pkg: string } {
  const nm = source.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = source.slice(nm + "node_modules/".length).split("/");
    const pkg = rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
    return { file: `${pkg}/${rest.slice(rest[0]!.startsWith("@") ? 2 : 1).join("/")}`, pkg };
  }
  const app = source.search(/(^|\/)(app|workers|party)\//);
  if (app >= 0) {
    const file = source.slice(app).replace(/^\//, "");
    const parts = file.split("/");
    return { file, pkg: parts[0] === "app" ? `app/${parts[1] === "lib" || parts[1] === "routes" || parts[1] === "components" ? `${parts[1]}/${parts[2]}` : parts[1]}` : parts[0]! };
  }
  return { file: source, pkg: source.replace(/^\.\.\//g, "") || "(unknown)" };
}

function originOf(node: ProfileNode): Origin {
  const cached = origins.get(node.id);
  if (cached) return cached;
  const { functionName, url, lineNumber, columnNumber } = node.callFrame;
  let origin: Origin;
  if (!url) {
    origin = { file: functionName || "(anonymous)", pkg: functionName.startsWith("(") ? functionName : "(native)", fn: functionName || "(anonymous)" };
  } else if (!url.startsWith("assets/") && url !== "index.js") {
    origin = { file: url, pkg: `(runtime) ${url.split(":")[0]}`, fn: `${functionName || "(anonymous)"} ${url}` };
  } else {
    const entry = sourceMapFor(url)?.findEntry(lineNumber, columnNumber) as { originalSource?: string; originalLine?: number; name?: string } | undefined;
    const source = entry?.originalSource ?? url;
    const { file, pkg } = classify(source);
    const line = entry?.originalLine === undefined ? "" : `:${entry.originalLine + 1}`;
    origin = { file, pkg, fn: `${functionName || entry?.name || "(anonymous)"} (${file}${line})` };
  }
  origins.set(node.id, origin);
  return origin;
}

/**
 * Where a sample's time goes, by its innermost frame that belongs to one of these
 * (native frames such as fetch or JSON.parse count for the JS that called them).
 */
const PHASES: [string, (o: Origin) => boolean][] = [
  ["D1 binding calls (d1-api: statement, fetch, JSON)", (o) => o.file.startsWith("cloudflare-internal:d1-api")],
  ["tenant guard (assertTenantScoped)", (o) => o.fn.startsWith("assertTenantScoped ")],
  ["drizzle (query building, row mapping)", (o) => o.pkg === "drizzle-orm"],
  ["better-auth (instance, getSession, cookies)", (o) => /^(better-auth|@better-auth\/|better-call|@better-fetch\/|jose|defu)/.test(o.pkg)],
  ["i18n (i18next, remix-i18next, react-i18next)", (o) => /^(i18next|remix-i18next|react-i18next)$/.test(o.pkg)],
  ["turbo-stream (loader data encoding)", (o) => o.file.includes("turbo-stream")],
  ["React SSR (react-dom/server, react)", (o) => /^(react-dom|react|scheduler)$/.test(o.pkg)],
  ["UI libraries in SSR (radix, lucide, motion...)", (o) => /^(@radix-ui\/|lucide-react|framer-motion|motion|partysocket|sonner)/.test(o.pkg)],
  ["app code (loaders, lib, components, workers/app.ts)", (o) => /^(app\/|workers|party)/.test(o.pkg)],
  ["react-router (routing, middleware, handler)", (o) => o.pkg === "react-router"],
  ["zod", (o) => o.pkg === "zod"],
  ["garbage collector", (o) => o.pkg === "(garbage collector)"],
];

/** Inclusive: a sample counts for each feature with a frame on its stack. */
const FEATURES: [string, (o: Origin) => boolean][] = [
  ["session middleware (loadViewer: better-auth getSession + profile + agency/licence)", (o) => o.fn.startsWith("sessionMiddleware ")],
  ["  better-auth instance per request (getAuth → createAuth → betterAuth)", (o) => o.fn.startsWith("createAuth ")],
  ["  better-auth api.getSession", (o) => /^getSession\b/.test(o.fn) && o.pkg.includes("better-auth")],
  ["i18n middleware (remix-i18next: an i18next instance per request)", (o) => o.pkg === "remix-i18next"],
  ["security + CSRF middleware", (o) => /^(securityMiddleware|originCheckMiddleware) /.test(o.fn)],
  ["route loaders (all, incl. their D1 calls)", (o) => o.fn.startsWith("callLoaderOrAction ")],
  ["  app layout loader (buildSidebar...)", (o) => o.file === "app/routes/app/layout.tsx" && /^loader/.test(o.fn)],
  ["  buildSidebar", (o) => o.fn.startsWith("buildSidebar ")],
  ["React SSR render (renderToReadableStream and its work)", (o) => o.pkg === "react-dom"],
  ["turbo-stream encoding (.data, hydration data)", (o) => o.file.includes("turbo-stream")],
  ["D1 binding calls", (o) => o.file.startsWith("cloudflare-internal:d1-api")],
  ["drizzle", (o) => o.pkg === "drizzle-orm"],
  ["tenant guard", (o) => o.fn.startsWith("assertTenantScoped ")],
  ["i18next t()", (o) => o.pkg === "i18next"],
];

type Summary = {
  windowMs: number;
  /** [phase, ms] by innermost owner (PHASES; the rest is "other"). */
  phases: [string, number][];
  /** [feature, ms] inclusive (FEATURES). */
  features: [string, number][];
  activeMs: number;
  idleMs: number;
  gcMs: number;
  byPackage: [string, number][];
  byFile: [string, number][];
  selfByFunction: [string, number][];
  inclusiveByFunction: [string, number][];
};

function summarise(profile: CpuProfile): Summary {
  origins.clear();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<number, number>();
  // timeDeltas[i] is the time before sample i; the time at sample i is the next delta.
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i + 1] ?? 0;
    self.set(profile.samples[i]!, (self.get(profile.samples[i]!) ?? 0) + dt);
  }
  const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
  const pkgs = new Map<string, number>();
  const files = new Map<string, number>();
  const fns = new Map<string, number>();
  const incl = new Map<string, number>();
  const phases = new Map<string, number>();
  const features = new Map<string, number>();
  let idle = 0;
  let gc = 0;
  let total = 0;
  for (const [id, us] of self) {
    const node = byId.get(id)!;
    const name = node.callFrame.functionName;
    total += us;
    if (name === "(idle)") {
      idle += us;
      continue;
    }
    if (name === "(garbage collector)") gc += us;
    const o = originOf(node);
    add(pkgs, o.pkg, us);
    add(files, o.file, us);
    add(fns, o.fn, us);
    // Inclusive: every distinct frame on the stack once.
    const seen = new Set<string>();
    const hit = new Set<string>();
    let phase: string | undefined;
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const frame = byId.get(cur)!;
      if (frame.callFrame.functionName === "(root)") break;
      const fo = originOf(frame);
      if (!seen.has(fo.fn)) {
        seen.add(fo.fn);
        add(incl, fo.fn, us);
      }
      phase ??= PHASES.find(([, match]) => match(fo))?.[0];
      for (const [name, match] of FEATURES) if (!hit.has(name) && match(fo)) hit.add(name);
    }
    add(phases, phase ?? "other (runtime, Workers APIs, unattributed)", us);
    for (const name of hit) add(features, name, us);
  }
  const top = (m: Map<string, number>, n: number): [string, number][] =>
    [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => [k, v / 1000]);
  return {
    windowMs: (profile.endTime - profile.startTime) / 1000,
    phases: top(phases, 50),
    features: FEATURES.map(([name]) => [name, (features.get(name) ?? 0) / 1000]),
    activeMs: (total - idle) / 1000,
    idleMs: idle / 1000,
    gcMs: gc / 1000,
    byPackage: top(pkgs, 25),
    byFile: top(files, 30),
    selfByFunction: top(fns, 30),
    inclusiveByFunction: top(incl, 45),
  };
}

// ---------------------------------------------------------------------------

type AutocannonResult = { requests: { average: number; total: number }; latency: { p50: number }; non2xx: number; errors: number };
const autocannon = createRequire(import.meta.url)("autocannon") as (o: Record<string, unknown>) => PromiseLike<AutocannonResult>;

type CpuResult = { name: string; path: string; requests: number; requestsPerSecond: number; non2xx: number; cpuMsPerRequest: number; summary: Summary; profileFile?: string };

async function profileTargets(app: Served, cookie: string, rawDir: string): Promise<CpuResult[]> {
  const devtools = await inspector(INSPECTOR_PORT);
  await devtools.send("Profiler.enable");
  await devtools.send("Profiler.setSamplingInterval", { interval: SAMPLING_US });
  const out: CpuResult[] = [];
  try {
    for (const t of TARGETS) {
      const headers: Record<string, string> = t.signedIn ? { Cookie: cookie } : {};
      for (let i = 0; i < 20; i++) await (await fetch(`${app.baseUrl}${t.path}`, { headers })).arrayBuffer();
      console.log(`Profiling ${t.path} (${t.name}) under c=${CONNECTIONS} for ${DURATION_S} s...`);
      await devtools.send("Profiler.start");
      const load = await autocannon({ url: `${app.baseUrl}${t.path}`, connections: CONNECTIONS, duration: DURATION_S, headers });
      const { profile } = await devtools.send<{ profile: CpuProfile }>("Profiler.stop");
      const summary = summarise(profile);
      const profileFile = join(rawDir, `${t.name.replace(/[^\w.-]+/g, "_")}.cpuprofile`);
      writeFileSync(profileFile, JSON.stringify(profile));
      out.push({
        profileFile: relative(root, profileFile),
        name: t.name,
        path: t.path,
        requests: load.requests.total,
        requestsPerSecond: load.requests.average,
        non2xx: load.non2xx,
        cpuMsPerRequest: summary.activeMs / Math.max(1, load.requests.total),
        summary,
      });
    }
  } finally {
    devtools.close();
  }
  return out;
}

// ---------------------------------------------------------------------------
// Query log

type Statement = { sql: string; method: string; wallMs: number; durationMs: number | null; rowsRead: number | null; rowsWritten: number | null; rows: number | null; batch?: number };
type RequestLog = { method: string; path: string; status?: number; wallMs?: number; statements: Statement[] };
type QueryResult = { name: string; path: string; request: RequestLog; statements: number; wallMs: number; rowsRead: number };

async function logQueries(app: Served, cookie: string): Promise<QueryResult[]> {
  const out: QueryResult[] = [];
  for (const t of TARGETS) {
    const headers: Record<string, string> = t.signedIn ? { Cookie: cookie } : {};
    // Warm, then the logged request alone.
    for (let i = 0; i < 5; i++) await (await fetch(`${app.baseUrl}${t.path}`, { headers })).arrayBuffer();
    await fetch(`${app.baseUrl}/__bench/query-log`).then((r) => r.arrayBuffer());
    await (await fetch(`${app.baseUrl}${t.path}`, { headers })).arrayBuffer();
    await new Promise((r) => setTimeout(r, 300)); // waitUntil work and raw()'s meta re-reads
    const logs = (await (await fetch(`${app.baseUrl}/__bench/query-log`)).json()) as RequestLog[];
    const request = logs.find((l) => l.path === t.path) ?? { method: "GET", path: t.path, statements: [] };
    out.push({
      name: t.name,
      path: t.path,
      request,
      statements: request.statements.length,
      wallMs: request.statements.reduce((s, q) => s + q.wallMs, 0),
      rowsRead: request.statements.reduce((s, q) => s + (q.rowsRead ?? 0), 0),
    });
  }
  return out;
}

// ---------------------------------------------------------------------------

const ms = (n: number) => `${n.toFixed(1)} ms`;
const short = (sql: string) => sql.replace(/\s+/g, " ").replace(/"/g, "").slice(0, 150);

function report(cpu: CpuResult[], queries: QueryResult[]): string {
  const lines: string[] = [];
  const table = (columns: string[], rows: (string | number)[][]) => {
    lines.push(`| ${columns.join(" | ")} |`, `|${columns.map(() => " --- ").join("|")}|`);
    for (const r of rows) lines.push(`| ${r.map((c) => String(c).replaceAll("|", "\\|")).join(" | ")} |`);
    lines.push("");
  };
  lines.push(`## CPU per request (V8 sampling profiler, ${SAMPLING_US} µs, app Worker isolate, c=${CONNECTIONS} for ${DURATION_S} s)`, "");
  table(
    ["target", "requests", "req/s", "CPU ms / request", "GC ms / request", "active / window"],
    cpu.map((c) => [c.name, c.requests, c.requestsPerSecond.toFixed(0), ms(c.cpuMsPerRequest), ms(c.summary.gcMs / Math.max(1, c.requests)), `${ms(c.summary.activeMs)} / ${ms(c.summary.windowMs)}`]),
  );
  for (const c of cpu) {
    const per = (v: number) => ms(v / Math.max(1, c.requests));
    lines.push(`### ${c.name} (${c.path}): ${ms(c.cpuMsPerRequest)} CPU per request`, "");
    const share = (v: number) => `${((100 * v) / Math.max(1e-9, c.summary.activeMs)).toFixed(0)} %`;
    lines.push("Where the time goes (each sample counted once, for its innermost frame in one of these groups):", "");
    table(["group", "ms / request", "share"], c.summary.phases.map(([k, v]) => [k, per(v), share(v)]));
    lines.push("Features, inclusive (a sample counts for every feature on its stack):", "");
    table(["feature", "ms / request", "share"], c.summary.features.map(([k, v]) => [k, per(v), share(v)]));
    lines.push("Self time by package / app folder (ms per request):", "");
    table(["package", "ms / request"], c.summary.byPackage.slice(0, 15).map(([k, v]) => [k, per(v)]));
    lines.push("Inclusive time by function (ms per request; a frame counts once per sample):", "");
    table(["function (original source)", "ms / request"], c.summary.inclusiveByFunction.map(([k, v]) => [k, per(v)]));
    lines.push("Self time by function (ms per request):", "");
    table(["function (original source)", "ms / request"], c.summary.selfByFunction.slice(0, 20).map(([k, v]) => [k, per(v)]));
  }
  lines.push("## D1 statements per request (query-log wrapper; one warm request each)", "");
  table(
    ["target", "status", "statements", "sum of wall ms", "rows_read", "request wall ms"],
    queries.map((q) => [q.name, q.request.status ?? "-", q.statements, ms(q.wallMs), q.rowsRead, q.request.wallMs ?? "-"]),
  );
  for (const q of queries) {
    lines.push(`### ${q.name} (${q.path})`, "");
    table(
      ["#", "method", "wall ms", "meta.duration", "rows_read", "rows", "SQL"],
      q.request.statements.map((s, i) => [i + 1, s.batch ? `batch(${s.batch})` : s.method, s.wallMs, s.durationMs ?? "-", s.rowsRead ?? "-", s.rows ?? "-", short(s.sql)]),
    );
  }
  return lines.join("\n");
}

async function main() {
  const argv = process.argv.slice(2);
  if (argv.includes("--help") || argv.includes("-h")) {
    console.log("Usage: node tests/bench/profile.ts [--build]\n  CPU profile and D1 query log per target; writes bench/results/profile-<timestamp>.json and .md.\n  PROFILE_DURATION (s of load per target, default 10).");
    return;
  }
  if (argv.includes("--build")) execFileSync(join(root, "node_modules", ".bin", "react-router"), ["build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  if (!existsSync(join(root, "build", "server", "index.js"))) throw new Error("no build: run `npm run build` first (or pass --build)");
  const timestamp = new Date().toISOString();
  const outDir = join(root, "bench", "results");
  const base = join(outDir, `profile-${timestamp.replaceAll(":", "-")}`);
  // The raw profiles, to open in Chrome DevTools (Performance → load profile).
  mkdirSync(base, { recursive: true });
  let cpu: CpuResult[];
  let queries: QueryResult[];
  try {
    freshState(STATE_DIR);
    let app = await startApp({ port: PORT, stateDir: STATE_DIR, inspectorPort: INSPECTOR_PORT });
    cpu = await profileTargets(app, await signIn(app.baseUrl, "10.249.0.1"), base);
    await app.stop();
    console.log("Logging D1 statements per request (query-log wrapper)...");
    app = await startApp({ port: PORT, stateDir: STATE_DIR, appConfig: queryLogConfig() });
    queries = await logQueries(app, await signIn(app.baseUrl, "10.249.0.2"));
  } finally {
    await stopAll();
  }
  const text = `# Rota request cost profile ${timestamp}\n\n${report(cpu, queries)}`;
  console.log(text);
  writeFileSync(`${base}.json`, JSON.stringify({ timestamp, cpu, queries }, null, 2) + "\n");
  writeFileSync(`${base}.md`, text + "\n");
  console.log(`\nWritten ${relative(root, base)}.json and .md, raw profiles in ${relative(root, base)}/`);
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
