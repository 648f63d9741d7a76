/**
 * The scripts that plain Node runs (`npm run dev`'s setup, the e2e server, the bench and the
 * deploy) resolve their whole import graph without Vite: no `~/` alias, no extensionless
 * relative import. A `~/` import deep in a module the seed uses broke the e2e server once
 * while every vitest run (which resolves the alias) stayed green; this loads each entry's
 * graph in a child Node the way those scripts do.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
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

describe("the bench's query-log wrapper", () => {
  // It wraps the built app Worker and is served with the app's wrangler.json, whose Durable Object
  // bindings name every room class: wrangler refuses to start it when one is not exported (the
  // bench's last step and `bench:profile`'s query log failed so when the seat and board rooms came).
  it("exports every Durable Object class the app's wrangler.toml binds", () => {
    const toml = readFileSync(join(root, "wrangler.toml"), "utf8");
    const classes = [...toml.matchAll(/class_name\s*=\s*"([^"]+)"/g)].map((m) => m[1]!);
    expect(classes.length).toBeGreaterThan(0);
    const wrapper = readFileSync(join(root, "tests", "bench", "query-log", "worker.ts"), "utf8");
    const exported = new Set([...wrapper.matchAll(/^export \{([^}]+)\}/gm)].flatMap((m) => m[1]!.split(",").map((s) => s.trim())));
    for (const c of classes) expect(exported, c).toContain(c);
  });
});
