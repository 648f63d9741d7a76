/**
 * An excursion's status moves on the server: the facts refuseMove
 * (lib/excursions/status.ts) needs, read from the database; the move itself in
 * one batch guarded by the status read; and, on a cancellation, the live
 * notice to every seller with passengers on the trip.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { excursion, excursionBoarding, excursionPassenger, excursionPrice, profile } from "~/db/schema";
import { nowIso } from "~/db/schema/columns";
import { EXCURSION_ENTITY, excursionEditPath } from "~/lib/excursions/excursion";
import { liveHoldWhere } from "~/lib/excursions/operational-seats.server";
import { refuseMove, type ExcursionStatus, type MoveRefusal } from "~/lib/excursions/status";
import type { ReadScope } from "~/lib/kit/record.server";
import { notify, type RealtimeEnv } from "~/lib/platform/realtime.server";
import { fail, ok, type Result } from "~/lib/platform/result";
import type { Scope } from "~/lib/platform/scope.server";
import { textIn } from "~/lib/platform/text-in";
import { auditIfChanged, changedRows } from "~/lib/system/agencies.server";

type ExcursionRow = typeof excursion.$inferSelect;
const E = excursion;
const B = excursionBoarding;
const PR = excursionPrice;
const PX = excursionPassenger;

/** The facts refuseMove needs, read from the database. */
export async function moveFacts(scope: ReadScope, row: ExcursionRow, reason: string | null, now = nowIso()) {
  const [[tiers], [points], [holds]] = await Promise.all([
    scope.db.select({ n: sql<number>`count(*)` }).from(PR).where(and(eq(PR.agencyId, scope.agencyId), eq(PR.excursionId, row.id))),
    scope.db.select({ n: sql<number>`count(*)` }).from(B).where(and(eq(B.agencyId, scope.agencyId), eq(B.excursionId, row.id), isNull(B.archivedAt))),
    scope.db.select({ n: sql<number>`count(*)` }).from(PX).where(and(eq(PX.agencyId, scope.agencyId), eq(PX.excursionId, row.id), liveHoldWhere(now))),
  ]);
  return { priceTiers: Number(tiers?.n ?? 0), boardingPoints: Number(points?.n ?? 0), unconfirmedHolds: Number(holds?.n ?? 0), departed: row.departureAt < now, reason };
}

export type MoveResult = Result<{ to: ExcursionStatus; notified: number }, MoveRefusal | "stale">;

/**
 * Moves an excursion to another status when refuseMove allows it on the facts
 * of the database: status, reason (cancellation), when, one audit row, in one
 * batch guarded by the status read (a concurrent move makes it "stale").
 * Done and cancelled trips leave the public pages. A cancellation then
 * notifies every seller with passengers on it (held or confirmed), live.
 */
export async function moveExcursion(scope: Scope, env: RealtimeEnv, row: ExcursionRow, to: ExcursionStatus, reason: string | null): Promise<MoveResult> {
  const from = row.status;
  const refusal = refuseMove(from, to, await moveFacts(scope, row, reason));
  if (refusal) return fail(refusal);
  const now = nowIso();
  const unpublish = to === "done" || to === "cancelled";
  const changes: Record<string, [unknown, unknown]> = { status: [from, to] };
  const statusReason = to === "cancelled" ? reason!.trim() : null;
  if (statusReason !== row.statusReason) changes.statusReason = [row.statusReason, statusReason];
  if (unpublish && row.published) changes.published = [true, false];
  const { db, agencyId, userId, ip } = scope;
  const [updated] = (await db.batch([
    db
      .update(E)
      .set({ status: to, statusReason, statusChangedAt: now, ...(unpublish ? { published: false } : {}), updatedAt: now, version: sql`${E.version} + 1` })
      .where(and(eq(E.agencyId, agencyId), eq(E.id, row.id), eq(E.status, from), isNull(E.archivedAt))),
    // Written only when the move above changed the row.
    auditIfChanged(db, { agencyId, userId, entity: EXCURSION_ENTITY, entityId: row.id, action: "update", changes, ip }),
  ] as never)) as unknown[];
  // Nothing moved: another move won meanwhile.
  if (changedRows(updated) === 0) return fail("stale");
  const notified = to === "cancelled" ? await notifySellers(scope, env, row, statusReason!) : 0;
  return ok({ to, notified });
}

/** Every seller with passengers on the trip (held or confirmed), notified once in their language. */
async function notifySellers(scope: Scope, env: RealtimeEnv, row: ExcursionRow, reason: string): Promise<number> {
  const sellers = await scope.db
    .selectDistinct({ id: PX.soldBy })
    .from(PX)
    .where(and(eq(PX.agencyId, scope.agencyId), eq(PX.excursionId, row.id), inArray(PX.status, ["held", "confirmed"]), sql`${PX.soldBy} is not null`));
  const ids = sellers.map((s) => s.id).filter((v): v is string => !!v);
  if (ids.length === 0) return 0;
  const people = await scope.db
    .select({ id: profile.id, locale: profile.locale })
    .from(profile)
    .where(and(eq(profile.agencyId, scope.agencyId), inArray(profile.id, ids), eq(profile.active, true)));
  await Promise.all(
    people.map((p) =>
      notify(env, {
        userId: p.id,
        agencyId: scope.agencyId,
        title: textIn(p.locale, "services.excursions.cancelNotice.title", { title: row.title }),
        message: textIn(p.locale, "services.excursions.cancelNotice.message", { title: row.title, reason }),
        link: excursionEditPath(row.id),
      }),
    ),
  );
  return people.length;
}

