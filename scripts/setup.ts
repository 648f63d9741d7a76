/**
 * Local setup, run by `npm start` and `npm run dev`: applies the D1 migrations to
 * the local database (.wrangler/state) and seeds the demo data. Idempotent.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { hashPassword } from "../app/lib/platform/password.server.ts";
import { buildSeedStatements } from "./seed/seed.ts";

const root = join(import.meta.dirname, "..");
const wrangler = join(root, "node_modules", ".bin", "wrangler");
const run = (args: string[]) => {
  try {
    execFileSync(wrangler, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, CI: "true" } });
  } catch (error) {
    const e = error as { stdout?: Buffer; stderr?: Buffer };
    process.stderr.write(`wrangler ${args.join(" ")} failed:\n${e.stdout ?? ""}${e.stderr ?? ""}\n`);
    process.exit(1);
  }
};

const persist = ["--persist-to", process.env.ROTA_STATE_DIR ?? ".wrangler/state"];
run(["d1", "migrations", "apply", "DB", "--local", ...persist]);

const statements = await buildSeedStatements(hashPassword);
const dir = join(root, ".wrangler");
mkdirSync(dir, { recursive: true });
const file = join(dir, "seed.sql");
writeFileSync(file, statements.join("\n") + "\n");
run(["d1", "execute", "DB", "--local", ...persist, "--file", file]);
console.log("Local database migrated and demo data seeded.");
