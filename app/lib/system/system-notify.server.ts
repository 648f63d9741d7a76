/**
 * Notifies an agency's active Admins of a change made by someone else (a
 * licence change by a SuperAdmin). Notifications are stored as text, so each
 * Admin gets it in their own language (profile.locale, else pt) — the one thing
 * notifyAgencyAdmins (one text for all) cannot do. Same recipients, same path:
 * notify() stores each, then pushes it live.
 */
import { and, eq } from "drizzle-orm";
import { profile } from "~/db/schema";
import { createDb } from "~/lib/platform/db.server";
import { notify } from "~/lib/platform/realtime.server";
import { textIn } from "~/lib/platform/text-in";

type Env = { DB: D1Database; Notifications: DurableObjectNamespace };

export async function notifyAgencyAdminsIn(
  env: Env,
  agencyId: string,
  input: { title: string; message: string; values?: Record<string, string | number>; link?: string | null },
) {
  const admins = await createDb(env.DB)
    .select({ id: profile.id, locale: profile.locale })
    .from(profile)
    .where(and(eq(profile.agencyId, agencyId), eq(profile.role, "Admin"), eq(profile.active, true)));
  return Promise.all(
    admins.map((a) =>
      notify(env, {
        userId: a.id,
        agencyId,
        title: textIn(a.locale, input.title, input.values),
        message: textIn(a.locale, input.message, input.values),
        link: input.link ?? null,
      }),
    ),
  );
}
