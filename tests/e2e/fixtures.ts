/**
 * The e2e `test`: every browser context presents its own client address
 * (cf-connecting-ip, which Cloudflare sets in production and the local runtime
 * passes through), so the sign-in rate limit of one test never blocks another.
 * Import { test, expect } from here instead of @playwright/test.
 */
import { test as base, expect, type Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

let counter = 0;

export const test = base.extend({
  context: async ({ context }, provide, testInfo) => {
    counter += 1;
    await context.setExtraHTTPHeaders({
      "cf-connecting-ip": `10.${testInfo.workerIndex % 250}.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`,
    });
    await provide(context);
  },
});

export { expect };
export const DEMO_PASSWORD = "demo-rota-2026";

/** Signs in through the form (the demo Admin of Sol Viagens unless told) and waits for the dashboard. */
export async function signIn(page: Page, email = "admin@sol.example") {
  await page.goto("/login");
  await page.locator("input[name=email]").fill(email);
  await page.locator("input[name=password]").fill(DEMO_PASSWORD);
  await page.locator("form button[type=submit]").click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.waitForLoadState("networkidle");
}

const ROOT = join(import.meta.dirname, "..", "..");

/** Runs SQL on the e2e server's local D1 (what a spec adds to the demo seed, in its beforeAll). */
export function executeSql(sql: string) {
  const dir = mkdtempSync(join(tmpdir(), "rota-e2e-seed-"));
  const file = join(dir, "seed.sql");
  writeFileSync(file, sql);
  try {
    execFileSync(join(ROOT, "node_modules", ".bin", "wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", join(".wrangler", "e2e-state"), "--file", file], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" },
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
