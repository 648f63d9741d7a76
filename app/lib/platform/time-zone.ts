/**
 * Calendar days entered in the agency's time zone ↔ UTC instants (times are
 * stored as UTC ISO strings). Pure; daylight-saving aware through Intl.
 */
import { safeTimeZone } from "~/lib/platform/format";

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A valid "YYYY-MM-DD" calendar date, or null. */
export function parseCalendarDate(value: string | null | undefined): string | null {
  const m = DAY.exec(value ?? "");
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || y < 1900 || y > 2999) return null;
  return value!;
}

const partsFormat = new Map<string, Intl.DateTimeFormat>();

/** Minutes the zone is ahead of UTC at an instant (São Paulo: -180). */
export function zoneOffsetMinutes(instant: number, timeZone: string): number {
  const zone = safeTimeZone(timeZone);
  let f = partsFormat.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partsFormat.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(instant)).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/** Today ("YYYY-MM-DD") in a time zone (an unknown zone counts as UTC); `now` for tests. */
export function todayIn(timeZone: string, now: number | Date = Date.now()): string {
  const instant = typeof now === "number" ? now : now.getTime();
  return new Date(instant + zoneOffsetMinutes(instant, timeZone) * 60_000).toISOString().slice(0, 10);
}

/** The UTC instant (ISO) at which a calendar day starts in the zone. */
export function zonedDayStart(day: string, timeZone: string): string {
  const m = DAY.exec(day);
  if (!m) throw new RangeError(`not a calendar date: ${day}`);
  const local = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  // Two passes settle the offset across a daylight-saving change.
  let utc = local - zoneOffsetMinutes(local, timeZone) * 60_000;
  utc = local - zoneOffsetMinutes(utc, timeZone) * 60_000;
  return new Date(utc).toISOString();
}

/** The calendar day after `day`. */
export function nextDay(day: string): string {
  const m = DAY.exec(day);
  if (!m) throw new RangeError(`not a calendar date: ${day}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + 1)).toISOString().slice(0, 10);
}

/** [from, to) in UTC for the days `from`..`to` (inclusive) in the zone; either side may be open. */
export function zonedDayRange(from: string | null, to: string | null, timeZone: string): { start: string | null; end: string | null } {
  return {
    start: from ? zonedDayStart(from, timeZone) : null,
    end: to ? zonedDayStart(nextDay(to), timeZone) : null,
  };
}
