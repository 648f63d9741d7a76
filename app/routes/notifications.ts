import { and, count, desc, eq } from "drizzle-orm";
import { data } from "react-router";
import { z } from "zod";
import { notification } from "~/db/schema";
import { NOTIFICATION_LIMIT, pushToUser } from "~/lib/platform/realtime.server";
import { getDb, getEnv } from "~/middleware/cloudflare";
import { requireViewer } from "~/middleware/session";
import type { Route } from "./+types/notifications";

/** GET /notificacoes: the viewer's newest 100 notifications and the exact unread count (spec §7). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  const db = getDb(context);
  const [rows, [unread]] = await Promise.all([
    db
      .select({
        id: notification.id,
        title: notification.title,
        message: notification.message,
        link: notification.link,
        read: notification.read,
        createdAt: notification.createdAt,
      })
      .from(notification)
      .where(eq(notification.userId, viewer.userId))
      .orderBy(desc(notification.createdAt), desc(notification.id))
      .limit(NOTIFICATION_LIMIT),
    db.select({ n: count() }).from(notification).where(and(eq(notification.userId, viewer.userId), eq(notification.read, false))),
  ]);
  return data({ notifications: rows, unread: unread?.n ?? 0 }, { headers: { "Cache-Control": "no-store" } });
}

const schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("read"), id: z.string().min(1).max(64) }),
  z.object({ intent: z.literal("read-all") }),
]);

/** POST /notificacoes: mark one (intent=read, id) or all (intent=read-all) as read; other tabs follow live. */
export async function action({ context, request }: Route.ActionArgs) {
  const viewer = requireViewer(context, request);
  const parsed = schema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: "invalid" }, { status: 400 });
  const db = getDb(context);
  const env = getEnv(context);
  if (parsed.data.intent === "read") {
    const updated = await db
      .update(notification)
      .set({ read: true })
      .where(and(eq(notification.id, parsed.data.id), eq(notification.userId, viewer.userId)))
      .returning({ id: notification.id });
    if (updated.length === 0) throw data({ error: "not_found" }, { status: 404 });
    await pushToUser(env, viewer.userId, { type: "read", ids: [parsed.data.id] });
    return { ok: true };
  }
  await db
    .update(notification)
    .set({ read: true })
    .where(and(eq(notification.userId, viewer.userId), eq(notification.read, false)));
  await pushToUser(env, viewer.userId, { type: "read-all" });
  return { ok: true };
}
