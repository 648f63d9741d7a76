/**
 * Lighthouse on the public pages (issue #21; decision 0020): `npm run bench:lighthouse`.
 * Builds nothing: serves the existing build as the bench does (tests/bench/server.ts,
 * scripts/serve.ts's `wrangler dev` on the build, a fresh state with the demo seed),
 * then runs Lighthouse (mobile, its default emulation and throttling) with Chromium at
 * CHROME_PATH (default /usr/bin/chromium) on /agencia/{agency}/pacotes, a /pacote and an
 * /excursao page, and prints the four scores per page (goal ≥ 95 each). Nothing is asserted.
 * Each page is loaded once before its run, so Lighthouse sees the edge-cached page as
 * visitors do. LIGHTHOUSE_PORT (default 8795).
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { freshState, startApp, stopAll } from "./server.ts";

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 8795);
const STATE_DIR = join(".wrangler", "lighthouse-state");
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const GOAL = 95;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

/** A published package and an open excursion of the demo agency, read from its catalogue page. */
async function pages(baseUrl: string): Promise<string[]> {
  const list = await (await fetch(`${baseUrl}/agencia/sol-viagens/pacotes`, { headers: { "Accept-Language": "pt-BR" } })).text();
  const first = (prefix: string) => list.match(new RegExp(`href="(/${prefix}/[a-z0-9-]+)"`))?.[1];
  const out = ["/agencia/sol-viagens/pacotes", first("pacote"), first("excursao")].filter((p): p is string => !!p);
  return out;
}

async function main() {
  if (!existsSync(join(import.meta.dirname, "..", "..", "build", "server"))) throw new Error("no build: run `npx react-router build` first");
  if (!existsSync(CHROME)) throw new Error(`no Chromium at ${CHROME} (set CHROME_PATH)`);
  console.log(`Serving the build on 127.0.0.1:${PORT} (fresh state ${STATE_DIR})...`);
  freshState(STATE_DIR);
  const app = await startApp({ port: PORT, stateDir: STATE_DIR });
  const profile = mkdtempSync(join(tmpdir(), "rota-lighthouse-"));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    userDataDir: profile,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const rows: string[][] = [];
  try {
    for (const path of await pages(app.baseUrl)) {
      const url = `${app.baseUrl}${path}`;
      await fetch(url, { headers: { "Accept-Language": "pt-BR" } }); // into the edge cache
      const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`no Lighthouse result for ${path}`);
      const scores = CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
      rows.push([path, ...scores.map(String), scores.every((s) => s >= GOAL) ? "PASS" : "FAIL"]);
      // What keeps a score under the goal: the failing audits of that category.
      for (const c of CATEGORIES) {
        if (Math.round((lhr.categories[c]?.score ?? 0) * 100) >= GOAL) continue;
        const failing = (lhr.categories[c]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
          .map((ref) => `${ref.id} (${lhr.audits[ref.id]?.displayValue ?? lhr.audits[ref.id]?.score})`);
        console.log(`  ${path} ${c}: ${failing.join(", ") || "-"}`);
      }
    }
  } finally {
    await chrome.kill();
    rmSync(profile, { recursive: true, force: true });
    await app.stop();
    await stopAll();
  }
  console.log(`\nLighthouse ${"(mobile, Chromium " + CHROME + ")"}; goal ≥ ${GOAL} in each category`);
  console.log(["page", ...CATEGORIES, ""].join(" | "));
  for (const r of rows) console.log(r.join(" | "));
}

main().catch(async (error: unknown) => {
  console.error(error);
  await stopAll();
  process.exit(1);
});
