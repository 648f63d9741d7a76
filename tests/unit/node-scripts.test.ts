/**
 * The scripts that plain Node runs (`npm run dev`'s setup, the e2e server, the bench and the
 * deploy) resolve their whole import graph without Vite: no `~/` alias, no extensionless
 * relative import. A `~/` import deep in a module the seed uses broke the e2e server once
 * while every vitest run (which resolves the alias) stayed green; this loads each entry's
 * graph in a child Node the way those scripts do.
 */
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");
// The modules whose graphs those entry points load (the entry points themselves run wrangler
// or start servers when imported, so their graphs are loaded through these).
const graphs = [
  "scripts/seed/seed.ts",
  "app/lib/platform/password.server.ts",
  ...readdirSync(join(root, "tests", "bench"))
    .filter((f) => /^(seed-.*|webhooks|seat-hold|contract-generation)\.ts$/.test(f))
    .map((f) => `tests/bench/${f}`),
];

describe("node-run scripts", () => {
  it.each(graphs)("%s loads under plain Node", (file) => {
    const url = pathToFileURL(join(root, file)).href;
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", `await import(${JSON.stringify(url)}); console.log("ok")`], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    expect(out.trim()).toBe("ok");
  });
});
