/**
 * Runs SQL statements on the local D1 under `stateDir` (wrangler d1 execute --file), the
 * way every bench seeding script loads its rows. Returns the SQL's size in bytes.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export function executeSql(root: string, stateDir: string, statements: readonly string[], label: string): number {
  const dir = mkdtempSync(join(tmpdir(), `rota-bench-${label}-`));
  const file = join(dir, `${label}.sql`);
  const text = statements.join("\n") + "\n";
  writeFileSync(file, text);
  try {
    execFileSync(join(root, "node_modules", ".bin", "wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", stateDir, "--file", file], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" },
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return Buffer.byteLength(text);
}

/** The rows of one query on the local D1 under `stateDir`. */
export function querySql<T>(root: string, stateDir: string, command: string): T[] {
  const out = execFileSync(join(root, "node_modules", ".bin", "wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", stateDir, "--json", "--command", command], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" },
  });
  return (JSON.parse(out) as { results: T[] }[])[0]?.results ?? [];
}
