/**
 * How the scheduled jobs send an alert (the blocks' deadlines, the receptive
 * documents' expiries): record it in service_alert — its unique index (agency,
 * entity, record, kind, deadline, days before) makes each alert once, even when
 * two runs overlap, and only the run that recorded it notifies — then notify
 * every active Admin and Operacional user of the agency in their language, live
 * through their rooms (notify()).
 */
import { and, eq, inArray } from "drizzle-orm";
import { profile, serviceAlert } from "~/db/schema";
import { nowIso } from "~/db/schema/columns";
import type { ServiceAlertKind } from "~/db/schema/services";
import { createDb } from "~/lib/platform/db.server";
import { notify } from "~/lib/platform/realtime.server";

export type AlertJobEnv = { DB: D1Database; Notifications: DurableObjectNamespace };

/** Who is alerted: the agency's operations and administrators. */
export const ALERT_ROLES = ["Admin", "Operacional"] as const;

export type AlertRecord = { agencyId: string; entity: string; entityId: string; kind: ServiceAlertKind; deadline: string; daysBefore: number };

/**
 * A sender for one run: `send(alert, texts, link)` answers how many users were
 * notified, or null when the alert had been sent already.
 */
export function alertSender(env: AlertJobEnv) {
  const db = createDb(env.DB);
  const recipients = new Map<string, { id: string; locale: string | null }[]>();
  return async function send(alert: AlertRecord, texts: (language: string) => { title: string; message: string }, link: string): Promise<number | null> {
    const inserted = await db
      .insert(serviceAlert)
      .values({ ...alert, sentAt: nowIso() })
      .onConflictDoNothing()
      .returning({ id: serviceAlert.id });
    if (inserted.length === 0) return null;
    let users = recipients.get(alert.agencyId);
    if (!users) {
      users = await db
        .select({ id: profile.id, locale: profile.locale })
        .from(profile)
        .where(and(eq(profile.agencyId, alert.agencyId), inArray(profile.role, [...ALERT_ROLES]), eq(profile.active, true)));
      recipients.set(alert.agencyId, users);
    }
    await Promise.all(
      users.map((u) => {
        const { title, message } = texts(u.locale ?? "pt");
        return notify(env, { userId: u.id, agencyId: alert.agencyId, title, message, link });
      }),
    );
    return users.length;
  };
}
