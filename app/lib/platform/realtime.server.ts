/**
 * Realtime notifications (spec §2.7, §4): notify() stores the notification,
 * then pushes it to the user's room; a push that fails loses nothing, because
 * the client reloads the list on (re)connect. Usable from the app Worker and
 * from the webhooks Worker (both have the `Notifications` binding).
 */
import { and, eq } from "drizzle-orm";
import { getServerByName, routePartykitRequest, type Server } from "partyserver";
import { notification, profile } from "~/db/schema";
import { session as sessionTable } from "~/db/schema/auth";
import { createAuth } from "~/lib/platform/auth.server";
import { createDb } from "~/lib/platform/db.server";
import { parseEnv } from "~/lib/platform/env.server";
import { plainFailure } from "~/lib/platform/http";
import type { NotificationRoom, RoomEvent } from "~/lib/platform/realtime-events";

export const NOTIFICATIONS_PARTY = "notifications";
export const NOTIFICATION_LIMIT = 100;

export type RealtimeEnv = { DB: D1Database; Notifications: DurableObjectNamespace };

export type NotifyInput = {
  userId: string;
  agencyId: string | null;
  title: string;
  message: string;
  link?: string | null;
};

/** Pushes an event to a user's open tabs and devices; false if it could not be delivered now. */
export async function pushToUser(env: RealtimeEnv, userId: string, event: RoomEvent): Promise<boolean> {
  try {
    const stub = await getServerByName(env.Notifications as unknown as DurableObjectNamespace<Server>, userId);
    await (stub as unknown as NotificationRoom).push(event);
    return true;
  } catch (error) {
    console.warn(`realtime push to ${userId} failed`, error);
    return false;
  }
}

/** Stores the notification, then pushes it live. */
export async function notify(env: RealtimeEnv, input: NotifyInput) {
  const db = createDb(env.DB);
  const [row] = await db
    .insert(notification)
    .values({ userId: input.userId, agencyId: input.agencyId, title: input.title, message: input.message, link: input.link ?? null })
    .returning();
  const n = row!;
  const delivered = await pushToUser(env, input.userId, {
    type: "notification",
    notification: { id: n.id, title: n.title, message: n.message, link: n.link, read: n.read, createdAt: n.createdAt },
  });
  return { id: n.id, delivered };
}

/** Notifies every active admin of an agency (licence changes, new users…). */
export async function notifyAgencyAdmins(env: RealtimeEnv, agencyId: string, input: Omit<NotifyInput, "userId" | "agencyId">) {
  const db = createDb(env.DB);
  const admins = await db
    .select({ id: profile.id })
    .from(profile)
    .where(and(eq(profile.agencyId, agencyId), eq(profile.role, "Admin"), eq(profile.active, true)));
  return Promise.all(admins.map((a) => notify(env, { ...input, userId: a.id, agencyId })));
}

/** Who opens a room's socket: the signed-in, active user and the agency they work in now. */
export type RoomViewer = { userId: string; role: string; agencyId: string | null; db: ReturnType<typeof createDb> };

/**
 * The WebSocket handshake every room shares: accepted only from the app's own origin,
 * with a valid session of an active user; the agency is the profile's, or for a
 * SuperAdmin the one picked in this session. A Response is the refusal.
 */
export async function roomViewer(request: Request, rawEnv: Env): Promise<RoomViewer | Response> {
  const url = new URL(request.url);
  const origin = request.headers.get("Origin");
  if (!origin || origin !== url.origin) return plainFailure(403, "Forbidden origin");
  const env = parseEnv(rawEnv);
  const db = createDb(env.DB);
  const auth = createAuth({ db, env, origin: url.origin });
  const session = await auth.api.getSession({ headers: request.headers }).catch(() => null);
  if (!session) return plainFailure(401);
  const [p] = await db.select({ active: profile.active, role: profile.role, agencyId: profile.agencyId }).from(profile).where(eq(profile.id, session.user.id));
  if (!p?.active) return plainFailure(403);
  let agencyId = p.agencyId;
  if (p.role === "SuperAdmin") {
    const [s] = await db.select({ active: sessionTable.activeAgencyId }).from(sessionTable).where(eq(sessionTable.id, session.session.id));
    agencyId = s?.active ?? null;
  }
  return { userId: session.user.id, role: p.role, agencyId, db };
}

/** A user's notification room: their own only. */
export async function authorizeRoomConnection(request: Request, rawEnv: Env, room: string): Promise<Response | undefined> {
  const viewer = await roomViewer(request, rawEnv);
  if (viewer instanceof Response) return viewer;
  if (viewer.userId !== room) return plainFailure(403);
  return undefined;
}

/**
 * /parties/notifications/{userId}: only WebSocket upgrades come from outside
 * (pushes use the Durable Object binding), and only after the handshake check.
 */
export async function handlePartyRequest(request: Request, env: Env): Promise<Response> {
  if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
    return plainFailure(404);
  }
  const res = await routePartykitRequest(request, env, {
    onBeforeConnect: (req, lobby) => authorizeRoomConnection(req, env, lobby.name),
  });
  return res ?? plainFailure(404);
}
