/**
 * Serves the built app the way production runs it: workerd directly, through
 * `wrangler dev` on the build output (build/server and build/rota_webhooks), both
 * Workers in one process with all their bindings (D1, R2, the Durable Objects, the
 * Queue, the WEBHOOKS service) and the static assets of build/client. No Vite in
 * front (`vite preview` proxied every request through Node and, under load, answered
 * some with `500 TypeError: fetch failed` and a stack trace; issue #12).
 *
 *   node scripts/serve.ts            (after `npm run build` and `node scripts/setup.ts`)
 *
 * Environment:
 *   PORT (8787), HOST (127.0.0.1, loopback only), ROTA_STATE_DIR (.wrangler/state: the
 *   local D1/R2/DO state), ROTA_LOG_LEVEL (wrangler's --log-level, default info: one
 *   line per request), ROTA_INSPECTOR_PORT (V8 inspector of the Workers, for profiling;
 *   wrangler picks a free one if unset).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";

const root = join(import.meta.dirname, "..");

/** The arguments of `wrangler dev` serving the build (also used by tests/bench/run.ts). */
export function serveArgs(options: {
  port: string;
  host: string;
  stateDir: string;
  logLevel: string;
  inspectorPort?: string;
  /** Another config for the app Worker (the bench's query-log wrapper); default build/server/wrangler.json. */
  appConfig?: string;
}): string[] {
  return [
    "dev",
    // The app Worker first: it answers on the port; the webhooks Worker is reached
    // through the app's WEBHOOKS binding (/webhooks/* is forwarded) and runs the queue consumer.
    "-c",
    options.appConfig ?? join(root, "build", "server", "wrangler.json"),
    "-c",
    join(root, "build", "rota_webhooks", "wrangler.json"),
    "--persist-to",
    options.stateDir,
    "--port",
    options.port,
    "--ip",
    options.host,
    "--log-level",
    options.logLevel,
    "--show-interactive-dev-session=false",
    ...(options.inspectorPort ? ["--inspector-port", options.inspectorPort] : []),
  ];
}

/** Environment for wrangler: no telemetry, no fetch of Request.cf from the internet, a dev registry of its own. */
export function serveEnv(stateDir: string): NodeJS.ProcessEnv {
  // Several local servers (npm start, e2e, bench) each keep their own dev registry,
  // so no one's service or Durable Object binding ever reaches another's Workers.
  const registry = join(resolve(root, stateDir), "dev-registry");
  mkdirSync(registry, { recursive: true });
  return {
    WRANGLER_SEND_METRICS: "false",
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    WRANGLER_REGISTRY_PATH: registry,
    ...process.env,
  };
}

if (import.meta.main) {
  for (const config of ["server", "rota_webhooks"]) {
    if (!existsSync(join(root, "build", config, "wrangler.json"))) {
      console.error(`build/${config}/wrangler.json is missing: run \`npm run build\` first.`);
      process.exit(1);
    }
  }
  const stateDir = process.env.ROTA_STATE_DIR ?? join(".wrangler", "state");
  const args = serveArgs({
    port: process.env.PORT ?? "8787",
    host: process.env.HOST ?? "127.0.0.1",
    stateDir,
    logLevel: process.env.ROTA_LOG_LEVEL ?? "info",
    inspectorPort: process.env.ROTA_INSPECTOR_PORT,
  });
  const child = spawn(join(root, "node_modules", ".bin", "wrangler"), args, { cwd: root, stdio: "inherit", env: serveEnv(stateDir) });
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
