/**
 * A fixed-window counter per key in D1, for public posts that have no session to limit by
 * (a quote's accept/decline by its slug). It shares the `rate_limit` table with the auth
 * library's own limits (keys are disjoint: ours carry a `rota:` prefix), so it needs no table
 * of its own. One statement, atomic: the first hit of a window (or of a window that has
 * passed) starts it at 1, later hits add one; the answer is whether this hit is within `max`.
 */
import { sql } from "drizzle-orm";
import { rateLimit } from "~/db/schema";
import { newId } from "~/db/schema/columns";
import type { Db } from "~/lib/platform/db.server";

export type RateRule = { windowMs: number; max: number };

/** Counts a hit on `key` and answers whether it is allowed (the count within the window is ≤ max). */
export async function hitRateLimit(db: Db, key: string, rule: RateRule, now: number = Date.now()): Promise<boolean> {
  const windowStart = now - rule.windowMs;
  const [row] = await db
    .insert(rateLimit)
    .values({ id: newId(), key: `rota:${key}`, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        // `last_request` keeps the window's start here (the auth library's rows are not ours).
        count: sql`case when ${rateLimit.lastRequest} <= ${windowStart} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${rateLimit.lastRequest} <= ${windowStart} then ${now} else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count });
  return (row?.count ?? 1) <= rule.max;
}
