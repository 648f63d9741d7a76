/**
 * Starts the built app for the end-to-end tests on a fresh local state
 * (migrated and seeded), so runs never depend on a developer's local data.
 * Served by scripts/serve.ts: workerd directly (`wrangler dev` on the build), as production runs it.
 */
import { execFileSync, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..", "..");
const stateDir = join(".wrangler", "e2e-state");
rmSync(join(root, stateDir), { recursive: true, force: true });
const env = { ...process.env, ROTA_STATE_DIR: stateDir, ROTA_LOG_LEVEL: process.env.ROTA_LOG_LEVEL ?? "warn" };
execFileSync(process.execPath, [join(root, "scripts", "setup.ts")], { cwd: root, stdio: "inherit", env });
const child = spawn(process.execPath, [join(root, "scripts", "serve.ts")], { cwd: root, stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
