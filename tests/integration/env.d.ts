/// <reference path="../../node_modules/@cloudflare/vitest-plugin/types/cloudflare-test.d.ts" />
declare namespace Cloudflare {
  interface Env {
    /** Set only in the integration test pool (vitest.integration.config.ts). */
    TEST_MIGRATIONS?: import("cloudflare:test").D1Migration[];
    /** Fuzz runs per form property test (tests/integration/fuzz.ts). */
    FUZZ_RUNS?: string;
  }
}
