/** The signed-in user's notifications (spec §7): the newest 100, the unread count, marking read. */
import { and, count, desc, eq } from "drizzle-orm";
import { notification } from "~/db/schema";
import { NOTIFICATION_LIMIT } from "~/lib/platform/realtime.server";
import { fail, ok, type Result } from "~/lib/platform/result";
import type { UserScope } from "~/lib/platform/scope.server";

export async function listNotifications(scope: UserScope) {
  const [rows, [unread]] = await Promise.all([
    scope.db
      .select({
        id: notification.id,
        title: notification.title,
        message: notification.message,
        link: notification.link,
        read: notification.read,
        createdAt: notification.createdAt,
      })
      .from(notification)
      .where(eq(notification.userId, scope.userId))
      .orderBy(desc(notification.createdAt), desc(notification.id))
      .limit(NOTIFICATION_LIMIT),
    scope.db.select({ n: count() }).from(notification).where(and(eq(notification.userId, scope.userId), eq(notification.read, false))),
  ]);
  return { notifications: rows, unread: unread?.n ?? 0 };
}

/** Marks one of the user's notifications read; another user's id is simply not found. */
export async function markNotificationRead(scope: UserScope, id: string): Promise<Result<object, "not_found">> {
  const updated = await scope.db
    .update(notification)
    .set({ read: true })
    .where(and(eq(notification.id, id), eq(notification.userId, scope.userId)))
    .returning({ id: notification.id });
  return updated.length === 0 ? fail("not_found") : ok();
}

export async function markAllNotificationsRead(scope: UserScope): Promise<void> {
  await scope.db
    .update(notification)
    .set({ read: true })
    .where(and(eq(notification.userId, scope.userId), eq(notification.read, false)));
}
