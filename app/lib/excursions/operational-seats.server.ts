/**
 * Who takes a seat, read from the passengers sales write (excursion_passenger,
 * #16): THE one place seat availability is computed. A confirmed passenger
 * has the seat sold; a hold takes it until `hold_expires_at` passes (no expiry:
 * until the sale decides); a cancelled one frees it. The charter's
 * availability (services/charter.server.ts) counts these over every live
 * excursion on the charter, and the operational view's seat map shows the same
 * rows seat by seat (`excursionSeatOccupancy`).
 */
import { and, eq, gt, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { excursion, excursionPassenger } from "~/db/schema";
import { nowIso } from "~/db/schema/columns";
import type { SeatOccupancy } from "~/lib/excursions/operational";
import type { ReadScope } from "~/lib/kit/record.server";

/** A hold that still takes its seat at `now`: no expiry, or an expiry in the future. */
export function liveHoldWhere(now: string): SQL {
  return and(eq(excursionPassenger.status, "held"), or(isNull(excursionPassenger.holdExpiresAt), gt(excursionPassenger.holdExpiresAt, now)))!;
}

/** The SQL of `occupancyOf` (lib/excursions/operational.ts): the passenger rows that take a seat at `now`. */
export function occupyingWhere(now: string): SQL {
  return or(eq(excursionPassenger.status, "confirmed"), liveHoldWhere(now))!;
}

/** Places held (live holds) and confirmed per excursion (seated or not); by excursion id. One grouped query. */
export async function excursionPlaceCounts(scope: ReadScope, ids: readonly string[], now = nowIso()): Promise<Map<string, { held: number; confirmed: number }>> {
  const out = new Map<string, { held: number; confirmed: number }>();
  if (ids.length === 0) return out;
  const PX = excursionPassenger;
  const rows = await scope.db
    .select({
      excursionId: PX.excursionId,
      held: sql<number>`coalesce(sum(case when ${PX.status} = 'held' then 1 else 0 end), 0)`,
      confirmed: sql<number>`coalesce(sum(case when ${PX.status} = 'confirmed' then 1 else 0 end), 0)`,
    })
    .from(PX)
    .where(and(eq(PX.agencyId, scope.agencyId), inArray(PX.excursionId, [...ids]), occupyingWhere(now)))
    .groupBy(PX.excursionId);
  for (const r of rows) out.set(r.excursionId, { held: Number(r.held), confirmed: Number(r.confirmed) });
  return out;
}

/** An excursion's occupied seats: seat → held | sold (passengers with no seat are not on the map). One indexed read. */
export async function excursionSeatOccupancy(scope: ReadScope, excursionId: string, now = nowIso()): Promise<Map<string, SeatOccupancy>> {
  const rows = await scope.db
    .select({ seat: excursionPassenger.seat, status: excursionPassenger.status })
    .from(excursionPassenger)
    .where(and(eq(excursionPassenger.agencyId, scope.agencyId), eq(excursionPassenger.excursionId, excursionId), occupyingWhere(now)))
    // An excursion carries at most 1000 passengers (its capacity's check).
    .limit(1000);
  const out = new Map<string, SeatOccupancy>();
  for (const r of rows) {
    if (!r.seat) continue;
    if (out.get(r.seat) !== "sold") out.set(r.seat, r.status === "confirmed" ? "sold" : "held");
  }
  return out;
}

/** The same occupancy keyed by seat number, as the seat map takes it. */
export async function excursionSeatStates(scope: ReadScope, excursionId: string, now = nowIso()): Promise<Record<number, SeatOccupancy>> {
  const out: Record<number, SeatOccupancy> = {};
  for (const [seat, state] of await excursionSeatOccupancy(scope, excursionId, now)) {
    const n = Number(seat);
    if (Number.isInteger(n)) out[n] = state;
  }
  return out;
}

/**
 * Held and sold seats per charter, over the live excursions that use it (an
 * archived or cancelled trip takes no seats). One grouped query for a page of
 * charters.
 */
export async function charterSeatCounts(scope: ReadScope, charterIds: readonly string[], now = nowIso()): Promise<Map<string, { held: number; sold: number }>> {
  const out = new Map<string, { held: number; sold: number }>();
  if (charterIds.length === 0) return out;
  const rows = await scope.db
    .select({
      charterId: excursion.charterId,
      held: sql<number>`sum(case when ${excursionPassenger.status} = 'held' then 1 else 0 end)`,
      sold: sql<number>`sum(case when ${excursionPassenger.status} = 'confirmed' then 1 else 0 end)`,
    })
    .from(excursion)
    .innerJoin(excursionPassenger, and(eq(excursionPassenger.agencyId, scope.agencyId), eq(excursionPassenger.excursionId, excursion.id)))
    .where(
      and(
        eq(excursion.agencyId, scope.agencyId),
        inArray(excursion.charterId, [...charterIds]),
        isNull(excursion.archivedAt),
        ne(excursion.status, "cancelled"),
        occupyingWhere(now),
      ),
    )
    .groupBy(excursion.charterId);
  for (const r of rows) if (r.charterId) out.set(r.charterId, { held: Number(r.held) || 0, sold: Number(r.sold) || 0 });
  return out;
}
