/**
 * Local servers of the bench (tests/bench/run.ts, tests/bench/profile.ts): the built
 * app served as `npm start` serves it (scripts/serve.ts: `wrangler dev` on the build,
 * workerd directly), and the bare Worker baseline (tests/bench/bare-worker) on the same
 * wrangler and workerd. Each runs in its own process group, on its own fresh state and
 * port, loopback only.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { rmSync, writeFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { serveArgs, serveEnv } from "../../scripts/serve.ts";

export const root = join(import.meta.dirname, "..", "..");
const wranglerBin = join(root, "node_modules", ".bin", "wrangler");
const READY_TIMEOUT_MS = 120_000;

export type Served = { name: string; baseUrl: string; coldStartMs: number; log: string[]; stop: () => Promise<void> };

const running = new Set<ChildProcess>();

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function stopGroup(child: ChildProcess): Promise<void> {
  running.delete(child);
  if (!child.pid || !groupAlive(child.pid)) return;
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

/** Stops every server this process started (on errors and signals). */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map(stopGroup));
}

// Last resort if the process ends some other way (synchronous only).
process.on("exit", () => {
  for (const child of running) {
    if (child.pid && groupAlive(child.pid)) {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
  }
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void stopAll().finally(() => process.exit(130));
  });
}

export async function answers(url: string): Promise<number | null> {
  try {
    const res = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return null;
  }
}

async function start(name: string, port: number, readyPath: string, args: string[], env: NodeJS.ProcessEnv): Promise<Served> {
  const baseUrl = `http://127.0.0.1:${port}`;
  if ((await answers(`${baseUrl}${readyPath}`)) !== null) throw new Error(`something already answers on ${baseUrl}; stop it first`);
  const log: string[] = [];
  const remember = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) if (line.trim()) log.push(line);
    if (log.length > 200) log.splice(0, log.length - 200);
  };
  const t = performance.now();
  // Own process group, so stopping reaches wrangler and its workerd processes too.
  const child = spawn(wranglerBin, args, { cwd: root, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  running.add(child);
  child.stdout?.on("data", remember);
  child.stderr?.on("data", remember);
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      running.delete(child);
      throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}) before answering:\n${log.join("\n")}`);
    }
    if ((await answers(`${baseUrl}${readyPath}`)) === 200) {
      return { name, baseUrl, coldStartMs: performance.now() - t, log, stop: () => stopGroup(child) };
    }
    await sleep(100);
  }
  await stopGroup(child);
  throw new Error(`${baseUrl}${readyPath} did not answer 200 within ${READY_TIMEOUT_MS / 1000} s:\n${log.join("\n")}`);
}

/** Migrates and seeds a fresh local state (scripts/setup.ts), as `npm start` does. */
export function freshState(stateDir: string): number {
  rmSync(join(root, stateDir), { recursive: true, force: true });
  const t = performance.now();
  execFileSync(process.execPath, [join(root, "scripts", "setup.ts")], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, ROTA_STATE_DIR: stateDir },
  });
  return performance.now() - t;
}

/**
 * The built app, as scripts/serve.ts serves it (same `wrangler dev` arguments), with
 * request logging off (--log-level warn: no line per request sent to wrangler's Node
 * process). `appConfig` swaps the app Worker's config (the query-log wrapper).
 */
export function startApp(options: { port: number; stateDir: string; inspectorPort?: number; appConfig?: string }): Promise<Served> {
  const args = serveArgs({
    port: String(options.port),
    host: "127.0.0.1",
    stateDir: options.stateDir,
    logLevel: "warn",
    inspectorPort: options.inspectorPort ? String(options.inspectorPort) : undefined,
    appConfig: options.appConfig,
  });
  return start("app", options.port, "/healthz", args, serveEnv(options.stateDir));
}

/** The bare Worker (tests/bench/bare-worker): same wrangler, workerd, flags and log level as the app. */
export function startBare(options: { port: number; stateDir: string }): Promise<Served> {
  rmSync(join(root, options.stateDir), { recursive: true, force: true });
  const args = [
    "dev",
    "-c",
    join(root, "tests", "bench", "bare-worker", "wrangler.toml"),
    "--persist-to",
    options.stateDir,
    "--port",
    String(options.port),
    "--ip",
    "127.0.0.1",
    "--log-level",
    "warn",
    "--show-interactive-dev-session=false",
  ];
  return start("bare Worker", options.port, "/d1", args, serveEnv(options.stateDir));
}

/**
 * A wrangler config for the app Worker whose entry is the query-log wrapper
 * (tests/bench/query-log/worker.ts, bundled by wrangler around build/server/index.js),
 * written next to build/server/wrangler.json so its relative paths still hold.
 */
export function queryLogConfig(): string {
  const base = join(root, "build", "server", "wrangler.json");
  const config = JSON.parse(readFileSync(base, "utf8")) as Record<string, unknown>;
  config.main = "../../tests/bench/query-log/worker.ts";
  config.no_bundle = false;
  delete config.rules;
  const path = join(root, "build", "server", "wrangler.query-log.json");
  writeFileSync(path, JSON.stringify(config, null, 2));
  return path;
}

/** Signs in as the demo admin (its own client address, past the per-IP sign-in limit); the session cookie. */
export async function signIn(baseUrl: string, ip: string, email = "admin@sol.example", password = "demo-rota-2026"): Promise<string> {
  const login = await fetch(`${baseUrl}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl, "cf-connecting-ip": ip },
    body: new URLSearchParams({ email, password }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (login.status !== 302 || !cookie) throw new Error(`bench sign-in as ${email} failed (${login.status})`);
  return cookie;
}
