import { and, count, eq } from "drizzle-orm";
import { notification, profile } from "~/db/schema";
import type { Scope } from "~/lib/platform/scope.server";

/** The dashboard's figures: the agency's active users and the viewer's unread notifications, in one round trip. */
export async function dashboardFigures(scope: Scope): Promise<{ activeUsers: number; unreadNotifications: number }> {
  const [[users], [unread]] = await scope.db.batch([
    scope.db.select({ n: count() }).from(profile).where(and(eq(profile.agencyId, scope.agencyId), eq(profile.active, true))),
    scope.db.select({ n: count() }).from(notification).where(and(eq(notification.userId, scope.userId), eq(notification.read, false))),
  ]);
  return { activeUsers: users?.n ?? 0, unreadNotifications: unread?.n ?? 0 };
}
