import { data } from "react-router";
import { z } from "zod";
import { badRequest, notFound } from "~/lib/platform/http";
import { listNotifications, markAllNotificationsRead, markNotificationRead } from "~/lib/platform/notifications.server";
import { pushToUser } from "~/lib/platform/realtime.server";
import { getEnv } from "~/middleware/cloudflare";
import { requireUserScope } from "~/middleware/session";
import type { Route } from "./+types/notifications";

/** GET /notificacoes: the viewer's newest 100 notifications and the exact unread count (spec §7). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireUserScope(context, request);
  return data(await listNotifications(scope), { headers: { "Cache-Control": "no-store" } });
}

const schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("read"), id: z.string().min(1).max(64) }),
  z.object({ intent: z.literal("read-all") }),
]);

/** POST /notificacoes: mark one (intent=read, id) or all (intent=read-all) as read; other tabs follow live. */
export async function action({ context, request }: Route.ActionArgs) {
  const scope = requireUserScope(context, request);
  const parsed = schema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return badRequest({ error: "invalid" });
  const env = getEnv(context);
  if (parsed.data.intent === "read") {
    const marked = await markNotificationRead(scope, parsed.data.id);
    if (!marked.ok) throw notFound();
    await pushToUser(env, scope.userId, { type: "read", ids: [parsed.data.id] });
    return { ok: true };
  }
  await markAllNotificationsRead(scope);
  await pushToUser(env, scope.userId, { type: "read-all" });
  return { ok: true };
}
