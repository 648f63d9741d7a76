/**
 * Deadlines of blocks (pure): a hotel block's release date (a calendar day:
 * unsold rooms go back to the hotel that day) and an air block's name and
 * ticketing deadlines (instants). The lists mark what is close (within 7 days)
 * or passed; the scheduled job (deadlines.server.ts) alerts 7 and 2 days before.
 *
 * Days are counted in the agency's time zone. A release date's deadline is the
 * end of that day; an instant's is the instant itself.
 *
 * Alert windows: the alert "n days before" is due from the start of the local
 * day n days before the deadline's day, until the next, more urgent alert's
 * window starts (the 7-day one until 2 days before, the 2-day one until the
 * deadline). A job that missed days still sends an alert whose window is open
 * (once: service_alert's unique index), never two at once for one deadline, and
 * nothing once the deadline has passed.
 */
import { nextDay, zonedDayStart } from "~/lib/platform/time-zone";
import { utcToLocalInput } from "~/lib/services/fields";

/** Days before a deadline the job alerts, most distant first. */
export const ALERT_DAYS = [7, 2] as const;
/** A deadline this close (in days) is marked in the lists. */
export const CLOSE_DAYS = 7;

export type DeadlineMark = "close" | "passed" | null;
/** A deadline: a calendar day ("YYYY-MM-DD", whole day) or a UTC instant. */
export type Deadline = { day: string } | { instant: string };

/** The agency's calendar day at `now`. */
export const localDay = (now: Date, timeZone: string) => utcToLocalInput(now.toISOString(), timeZone).slice(0, 10);

const dayNumber = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;
const addDays = (day: string, days: number) => new Date((dayNumber(day) + days) * 86_400_000).toISOString().slice(0, 10);

/** The deadline's local day and the instant it passes. */
function resolve(deadline: Deadline, timeZone: string): { day: string; passesAt: string } {
  if ("day" in deadline) return { day: deadline.day, passesAt: zonedDayStart(nextDay(deadline.day), timeZone) };
  return { day: utcToLocalInput(deadline.instant, timeZone).slice(0, 10), passesAt: new Date(Date.parse(deadline.instant)).toISOString() };
}

/** Calendar days from the agency's today to the deadline's day (0: today). */
export function daysUntil(deadline: Deadline, now: Date, timeZone: string): number {
  return dayNumber(resolve(deadline, timeZone).day) - dayNumber(localDay(now, timeZone));
}

/** Whether a deadline has passed, is within CLOSE_DAYS days, or neither (also when there is none). */
export function deadlineMark(deadline: Deadline | null, now: Date, timeZone: string): DeadlineMark {
  if (!deadline) return null;
  const { day, passesAt } = resolve(deadline, timeZone);
  if (now.toISOString() >= passesAt) return "passed";
  return dayNumber(day) - dayNumber(localDay(now, timeZone)) <= CLOSE_DAYS ? "close" : null;
}

/** The most urgent mark of several deadlines. */
export function worstMark(marks: DeadlineMark[]): DeadlineMark {
  return marks.includes("passed") ? "passed" : marks.includes("close") ? "close" : null;
}

/** The alert due now for a deadline (7 or 2 days before), or null: see the windows in the header. */
export function dueAlert<N extends number = (typeof ALERT_DAYS)[number]>(
  deadline: Deadline,
  now: Date,
  timeZone: string,
  /** The days before at which to alert, most distant first (the blocks' 7 and 2 by default). */
  alertDays: readonly N[] = ALERT_DAYS as unknown as readonly N[],
): N | null {
  const { day, passesAt } = resolve(deadline, timeZone);
  const at = now.toISOString();
  if (at >= passesAt) return null;
  let due: N | null = null;
  for (const n of alertDays) {
    if (at >= zonedDayStart(addDays(day, -n), timeZone)) due = n;
  }
  return due;
}
