import { defineConfig, devices } from "@playwright/test";
import { existsSync } from "node:fs";

const PORT = Number(process.env.E2E_PORT ?? 8788);
const baseURL = `http://localhost:${PORT}`;
// Debian's Chromium here (its launcher, or the binary when the launcher is missing); elsewhere
// Playwright's own (npx playwright install chromium).
const executablePath = process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium", "/usr/lib/chromium/chromium"].find((p) => existsSync(p));

export default defineConfig({
  testDir: "./tests/e2e",
  outputDir: "./test-results",
  fullyParallel: false,
  // Two at a time: the journeys one after another (they share the seeded data and build on each
  // other's records), and beside them the read-only axe sweep of every screen.
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  // A journey runs many steps; on a busy 2-core machine some take most of a minute. Failing steps still
  // fail on their own expect timeout.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    locale: "pt-BR",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "journeys", testIgnore: /a11y-sweep\.spec\.ts/, workers: 1, use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } },
    { name: "sweep", testMatch: /a11y-sweep\.spec\.ts/, workers: 1, use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    // The built app on workerd (scripts/serve.ts: wrangler dev on the build, as `npm start`)
    // with a fresh local state, migrated and seeded.
    command: `node tests/e2e/serve.ts`,
    url: `${baseURL}/healthz`,
    // Building the fresh state (migrations and the seed) takes about 20 s on a quiet machine; a busy one
    // has taken over 2 minutes.
    timeout: 300_000,
    reuseExistingServer: false,
    env: { PORT: String(PORT) },
    stdout: "ignore",
    stderr: "pipe",
  },
});
