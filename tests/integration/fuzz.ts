/**
 * How many fuzzed inputs each form's property test sends through its action:
 * 1000 (the issues' figure) unless FUZZ_RUNS says otherwise. `npm test` under CI
 * uses fewer (vitest.integration.config.ts) so the whole suite stays well inside
 * CI's time; `npm run test:full` always runs the full 1000.
 */
import { env } from "cloudflare:test";

export const FUZZ_RUNS = Number(env.FUZZ_RUNS) || 1000;
