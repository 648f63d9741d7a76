/**
 * The e2e `test`: every browser context presents its own client address
 * (cf-connecting-ip, which Cloudflare sets in production and the local runtime
 * passes through), so the sign-in rate limit of one test never blocks another.
 * Import { test, expect } from here instead of @playwright/test.
 */
import { test as base, expect } from "@playwright/test";

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
