/**
 * The installments a payment term gives (schema/finance.ts `payment_term`):
 * what the titles of a sale or a manual receivable/payable are created from and
 * what the payment-terms screen previews. Pure and dependency-free.
 */
// Relative with .ts on purpose: the demo seed imports this file under plain node, where ~/ does not resolve.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { percentOf, splitCents } from "./money.ts";

export type TermShape = {
  /** Down payment in basis points of the total (0 – 10 000), due on the start day. */
  downPaymentBp: number;
  /** Installments after the down payment (0 – 120). */
  installments: number;
  /** Days from the start to the first installment. */
  firstDueDays: number;
  intervalKind: "days" | "day_of_month";
  /** Days between installments (interval_kind = days). */
  intervalDays: number;
  /** The day of the month installments fall on (interval_kind = day_of_month); clamped to the month's length. Null: the first due day's. */
  dayOfMonth: number | null;
};

export type ScheduleRow = { no: number; count: number; dueDate: string; amountCents: number };

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "YYYY-MM-DD" → days since 1970-01-01, or null when it is not a real calendar day. */
export function dayNumber(iso: string): number | null {
  const m = ISO_DAY.exec(iso);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const time = Date.UTC(y, mo - 1, d);
  const date = new Date(time);
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return Math.round(time / DAY_MS);
}

export const isIsoDay = (iso: string) => dayNumber(iso) !== null;

const fromDayNumber = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** "YYYY-MM-DD" plus `days` days. */
export function addDays(iso: string, days: number): string {
  const n = dayNumber(iso);
  if (n === null) throw new RangeError(`addDays: ${iso} is not a calendar day`);
  return fromDayNumber(n + days);
}

const daysInMonth = (year: number, month0: number) => new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();

/** Day `day` (clamped to the month's length: 31 → 30, 29 or 28) of the month `months` after the month of `iso`. */
function dayOfMonthAfter(iso: string, months: number, day: number): string {
  const [y, m] = iso.split("-").map(Number) as [number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month0 = index - year * 12;
  const d = Math.min(day, daysInMonth(year, month0));
  return `${String(year).padStart(4, "0")}-${String(month0 + 1).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/**
 * The due dates and amounts `term` gives for `totalCents` starting on `start`
 * ("YYYY-MM-DD"):
 * - a down payment (when downPaymentBp > 0) of that share of the total, rounded
 *   half up, due on `start`;
 * - then `installments` installments splitting the rest exactly (the remainder
 *   cents on the first ones): the first due `firstDueDays` after `start`, the
 *   next every `intervalDays` days — or, by day of month, the first on
 *   `dayOfMonth` on or after that day and then on that day of each following
 *   month (31 → 30, 29 or 28 in shorter months).
 * Rows are numbered 1..count; amounts add up exactly to the total; dates never go
 * back. A term without installments (0) is the whole total on `start` (the
 * down payment) — or `firstDueDays` after it when there is no down payment.
 * A total smaller than the number of rows leaves some rows at 0 cents: callers
 * that create titles (amount > 0) refuse such a total.
 */
export function termSchedule(term: TermShape, totalCents: number, start: string): ScheduleRow[] {
  if (dayNumber(start) === null) throw new RangeError(`termSchedule: start ${start} is not a calendar day`);
  const installments = Math.max(0, Math.trunc(term.installments));
  const downBp = Math.min(10_000, Math.max(0, Math.trunc(term.downPaymentBp)));
  const firstDueDays = Math.max(0, Math.trunc(term.firstDueDays));
  if (installments === 0) {
    return [{ no: 1, count: 1, dueDate: downBp > 0 ? start : addDays(start, firstDueDays), amountCents: totalCents }];
  }
  const down = downBp > 0 ? percentOf(totalCents, downBp) : null;
  const rest = totalCents - (down ?? 0);
  const amounts = splitCents(rest, installments);
  const first = addDays(start, firstDueDays);
  const dates: string[] = [];
  if (term.intervalKind === "day_of_month") {
    const day = Math.min(31, Math.max(1, Math.trunc(term.dayOfMonth ?? Number(first.slice(8, 10)))));
    // The first installment: that day in the first due day's month, or the next month's when it has passed.
    const offset = dayOfMonthAfter(first, 0, day) >= first ? 0 : 1;
    for (let i = 0; i < installments; i++) dates.push(dayOfMonthAfter(first, offset + i, day));
  } else {
    const interval = Math.max(0, Math.trunc(term.intervalDays));
    for (let i = 0; i < installments; i++) dates.push(addDays(first, i * interval));
  }
  const count = installments + (down === null ? 0 : 1);
  const rows: ScheduleRow[] = [];
  if (down !== null) rows.push({ no: 1, count, dueDate: start, amountCents: down });
  amounts.forEach((amountCents, i) => rows.push({ no: rows.length + 1, count, dueDate: dates[i]!, amountCents }));
  return rows;
}
