import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "tests/unit/**/*.test.ts"],
    setupFiles: ["./tests/setup/fail-on-console-error.ts"],
    environment: "node",
    // vitest's default leaves one core free: on a 2-core machine, one file at a time.
    maxWorkers: Math.max(2, availableParallelism()),
    // Property tests run hundreds of cases; on a busy 2-core machine some take more than vitest's
    // default 5 s. Tests assert behaviour, not timings.
    testTimeout: 30_000,
  },
});
