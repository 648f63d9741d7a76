/**
 * The deadline alerts job (issue #14 item 6), run by the app Worker's Cron
 * Trigger (workers/app.ts `scheduled`, wrangler.toml) and locally by
 * `npm run alerts`: for every active agency, the live (not archived) hotel
 * blocks whose release date and the air blocks whose name or ticketing
 * deadline is 7 or 2 days ahead in the agency's time zone (deadlines.ts has the
 * windows) get an alert: a service_alert row — its unique index makes each
 * alert once, even when two runs overlap — and a notification to each active
 * Admin and Operacional user of the agency, in their language, live through
 * their rooms (notify()).
 */
import { and, eq, gte, isNull, lte, or } from "drizzle-orm";
import { accommodationBlock, agency, airBlock } from "~/db/schema";
import type { ServiceAlertKind } from "~/db/schema/services";
import { createDb, crossTenant, type Db } from "~/lib/platform/db.server";
import { formatCalendarDate, formatDateTime } from "~/lib/platform/format";
import { alertSender, type AlertJobEnv } from "~/lib/services/alert-sender.server";
import { languageOf, textIn } from "~/lib/platform/text-in";
import { AIR_BLOCK_LIST_PATH } from "~/lib/services/air-block";
import { daysUntil, dueAlert, type Deadline } from "~/lib/services/deadlines";
import { HOTEL_BLOCK_LIST_PATH } from "~/lib/services/hotel-block";

export { ALERT_ROLES } from "~/lib/services/alert-sender.server";

type Candidate = {
  agencyId: string;
  timeZone: string;
  entity: "accommodation_block" | "air_block";
  entityId: string;
  title: string;
  kind: ServiceAlertKind;
  /** As stored: the release day or the deadline instant (a moved deadline is a new alert). */
  deadline: string;
};

const DAY_MS = 86_400_000;

/** Live blocks of active agencies with a deadline soon enough to matter (a margin for every time zone). */
async function candidates(all: Db, now: Date): Promise<Candidate[]> {
  const from = new Date(now.getTime() - 2 * DAY_MS).toISOString();
  const to = new Date(now.getTime() + 9 * DAY_MS).toISOString();
  const hotels = await all
    .select({ id: accommodationBlock.id, agencyId: accommodationBlock.agencyId, title: accommodationBlock.title, releaseDate: accommodationBlock.releaseDate, timeZone: agency.timeZone })
    .from(accommodationBlock)
    .innerJoin(agency, eq(agency.id, accommodationBlock.agencyId))
    .where(and(eq(agency.active, true), isNull(accommodationBlock.archivedAt), gte(accommodationBlock.releaseDate, from.slice(0, 10)), lte(accommodationBlock.releaseDate, to.slice(0, 10))));
  const flights = await all
    .select({
      id: airBlock.id,
      agencyId: airBlock.agencyId,
      title: airBlock.title,
      nameDeadline: airBlock.nameDeadline,
      ticketingDeadline: airBlock.ticketingDeadline,
      timeZone: agency.timeZone,
    })
    .from(airBlock)
    .innerJoin(agency, eq(agency.id, airBlock.agencyId))
    .where(
      and(
        eq(agency.active, true),
        isNull(airBlock.archivedAt),
        or(and(gte(airBlock.nameDeadline, from), lte(airBlock.nameDeadline, to)), and(gte(airBlock.ticketingDeadline, from), lte(airBlock.ticketingDeadline, to))),
      ),
    );
  const out: Candidate[] = [];
  for (const h of hotels) {
    if (h.releaseDate) out.push({ agencyId: h.agencyId, timeZone: h.timeZone, entity: "accommodation_block", entityId: h.id, title: h.title, kind: "release", deadline: h.releaseDate });
  }
  for (const f of flights) {
    const base = { agencyId: f.agencyId, timeZone: f.timeZone, entity: "air_block" as const, entityId: f.id, title: f.title };
    if (f.nameDeadline) out.push({ ...base, kind: "name_deadline", deadline: f.nameDeadline });
    if (f.ticketingDeadline) out.push({ ...base, kind: "ticketing_deadline", deadline: f.ticketingDeadline });
  }
  return out;
}

const asDeadline = (c: Candidate): Deadline => (c.kind === "release" ? { day: c.deadline } : { instant: c.deadline });

/** The notification's texts for one recipient's language; `daysLeft` the calendar days to the deadline (a late alert says so). */
export function alertTexts(language: string, c: Pick<Candidate, "kind" | "deadline" | "title" | "timeZone">, daysLeft: number) {
  const lng = languageOf(language);
  const date = c.kind === "release" ? formatCalendarDate(c.deadline, lng, "long") : formatDateTime(c.deadline, lng, c.timeZone, "long");
  const when = textIn(lng, daysLeft <= 0 ? "services.alerts.when.today" : daysLeft === 1 ? "services.alerts.when.tomorrow" : "services.alerts.when.inDays", { days: daysLeft });
  const values = { title: c.title, date, when };
  const key = c.kind === "release" ? "release" : c.kind === "name_deadline" ? "nameDeadline" : "ticketingDeadline";
  return { title: textIn(lng, `services.alerts.${key}.title`, values), message: textIn(lng, `services.alerts.${key}.message`, values) };
}

export type DeadlineRun = { alerts: number; notifications: number };

/**
 * One run of the job at `now`. Safe to run any number of times, concurrently
 * too: an alert is recorded once (service_alert's unique index) and only the
 * run that recorded it notifies.
 */
export async function runDeadlineAlerts(env: AlertJobEnv, now: Date = new Date()): Promise<DeadlineRun> {
  // The job looks for deadlines of every agency on purpose; each alert and notification is then written for its own agency.
  const all = crossTenant(createDb(env.DB));
  const send = alertSender(env);
  const run: DeadlineRun = { alerts: 0, notifications: 0 };
  for (const c of await candidates(all, now)) {
    const days = dueAlert(asDeadline(c), now, c.timeZone);
    if (days === null) continue;
    const daysLeft = daysUntil(asDeadline(c), now, c.timeZone);
    const link = `${c.entity === "accommodation_block" ? HOTEL_BLOCK_LIST_PATH : AIR_BLOCK_LIST_PATH}/editar/${c.entityId}`;
    const notified = await send(
      { agencyId: c.agencyId, entity: c.entity, entityId: c.entityId, kind: c.kind, deadline: c.deadline, daysBefore: days },
      (language) => alertTexts(language, c, daysLeft),
      link,
    );
    if (notified === null) continue;
    run.alerts++;
    run.notifications += notified;
  }
  return run;
}
