/**
 * The task reminders (issue #18), run by the hourly `scheduled` handler: for every
 * open task (a_fazer, em_andamento, not deleted) of an active agency with an active
 * assignee, "due within the hour" once its due instant is an hour away or less, and
 * "overdue" once it has passed. Each is sent once per due instant: the task keeps the
 * instant it was sent for (reminded_soon_for / reminded_overdue_for), claimed by a
 * conditional update before the notification, so two overlapping runs send it once
 * and a moved due date is reminded again. Texts in the assignee's language, the time
 * in the agency's zone.
 */
import { and, eq, inArray, isNotNull, isNull, lte, or, ne, sql } from "drizzle-orm";
import { agency, profile, task } from "~/db/schema";
import { createDb, crossTenant } from "~/lib/platform/db.server";
import { formatDateTime } from "~/lib/platform/format";
import { notify, type RealtimeEnv } from "~/lib/platform/realtime.server";
import { languageOf, textIn } from "~/lib/platform/text-in";
import { OPEN_STATUSES, reminderDue, taskEditPath } from "~/lib/tasks/task";
import { changedRows } from "~/lib/system/agencies.server";

const HOUR_MS = 3_600_000;
/** Reminders sent per run at most (the next run picks up the rest). */
const RUN_LIMIT = 500;

export async function runTaskReminders(env: RealtimeEnv, now: Date): Promise<{ soon: number; overdue: number }> {
  // Every agency's tasks on purpose: the job runs for all of them.
  const db = crossTenant(createDb(env.DB));
  const horizon = new Date(now.getTime() + HOUR_MS).toISOString();
  const rows = await db
    .select({
      id: task.id,
      agencyId: task.agencyId,
      title: task.title,
      status: task.status,
      dueAt: task.dueAt,
      assigneeUserId: task.assigneeUserId,
      remindedSoonFor: task.remindedSoonFor,
      remindedOverdueFor: task.remindedOverdueFor,
      timeZone: agency.timeZone,
      locale: profile.locale,
    })
    .from(task)
    .innerJoin(agency, eq(agency.id, task.agencyId))
    .innerJoin(profile, and(eq(profile.id, task.assigneeUserId), eq(profile.agencyId, task.agencyId)))
    .where(
      and(
        isNull(task.deletedAt),
        inArray(task.status, [...OPEN_STATUSES]),
        isNotNull(task.dueAt),
        lte(task.dueAt, horizon),
        eq(agency.active, true),
        eq(profile.active, true),
        or(isNull(task.remindedOverdueFor), ne(task.remindedOverdueFor, task.dueAt)),
      ),
    )
    .limit(RUN_LIMIT);
  const sent = { soon: 0, overdue: 0 };
  for (const row of rows) {
    const kind = reminderDue(row, now.getTime());
    if (!kind || !row.dueAt) continue;
    const column = kind === "soon" ? task.remindedSoonFor : task.remindedOverdueFor;
    // Claim it: only the run that writes the instant sends the reminder.
    const claimed = await db
      .update(task)
      .set(kind === "soon" ? { remindedSoonFor: row.dueAt } : { remindedOverdueFor: row.dueAt })
      .where(and(eq(task.agencyId, row.agencyId), eq(task.id, row.id), eq(task.dueAt, row.dueAt), sql`${column} is not ${row.dueAt}`));
    if (changedRows(claimed) === 0) continue;
    const language = languageOf(row.locale);
    const time = formatDateTime(row.dueAt, language, row.timeZone);
    await notify(env, {
      userId: row.assigneeUserId!,
      agencyId: row.agencyId,
      title: textIn(language, `tasks.notify.${kind}.title`),
      message: textIn(language, `tasks.notify.${kind}.message`, { title: row.title, time }),
      link: taskEditPath(row.id),
    });
    sent[kind] += 1;
  }
  return sent;
}
