import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { kCurrentWorker } from "miniflare";
import { defineConfig } from "vitest/config";

export default defineConfig(async () => ({
  plugins: [
    cloudflareTest({
      main: "./tests/integration/worker.ts",
      miniflare: {
        compatibilityDate: "2026-10-01",
        compatibilityFlags: ["nodejs_compat"],
        d1Databases: { DB: "00000000-0000-4000-8000-000000000001" },
        r2Buckets: ["FILES"],
        durableObjects: { Notifications: "Notifications", ExcursionSeats: "ExcursionSeats", Boards: "Boards" },
        queueProducers: { WEBHOOK_QUEUE: "rota-webhook-events" },
        queueConsumers: ["rota-webhook-events"],
        // The app's WEBHOOKS service (the webhooks Worker): the test Worker itself, which routes /webhooks/* to it
        // (tests/integration/worker.ts) — the local Asaas simulator delivers its events through it.
        serviceBindings: { WEBHOOKS: kCurrentWorker },
        bindings: {
          APP_ENV: "test",
          // Fuzzed inputs per form (tests/integration/fuzz.ts): 1000, or 150 under CI unless FUZZ_RUNS is set.
          FUZZ_RUNS: process.env.FUZZ_RUNS ?? (process.env.CI ? "150" : "1000"),
          TEST_MIGRATIONS: await readD1Migrations(fileURLToPath(new URL("./db/migrations", import.meta.url))),
        },
      },
    }),
  ],
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/integration/**/*.test.ts"],
    // Two files at a time: each file spends most of its first seconds starting its runtime, and on a
    // 2-core machine vitest would otherwise run one (half the suite's time, measured).
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 30_000,
    hookTimeout: 30_000,
    setupFiles: ["./tests/integration/apply-migrations.ts", "./tests/setup/fail-on-console-error.ts"],
    // A fake SMTP server the app reaches through cloudflare:sockets (mail delivery tests).
    globalSetup: ["./tests/integration/smtp-server.ts"],
    deps: {
      optimizer: {
        ssr: {
          enabled: true,
          include: ["motion/react", "@radix-ui/themes", "@radix-ui/react-toast", "cmdk", "lucide-react"],
        },
      },
    },
  },
}));
