/**
 * The reports' URL state, validated (anything malformed falls back to the
 * default, never an error): the statement's account and period, the DRE's year,
 * basis and drill-down cell. Pure.
 */
import { DRE_BASES, type DreBasis } from "~/lib/finance/ledger/ledger";
import { parseCalendarDate } from "~/lib/platform/time-zone";

/** At most this many movements on one statement page (a longer period is cut, and says so). */
export const STATEMENT_MAX_ROWS = 5000;
/** The rows behind one DRE figure are listed this many at a time (keyset pages by date and id). */
export const DRILL_PAGE_SIZE = 100;

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** from..to (inclusive days); default this month up to today; reversed bounds are swapped. */
export function statementPeriod(params: URLSearchParams, today: string) {
  let from = parseCalendarDate(params.get("from")) ?? `${today.slice(0, 7)}-01`;
  let to = parseCalendarDate(params.get("to")) ?? today;
  if (from > to) [from, to] = [to, from];
  return { from, to };
}

export function dreParams(params: URLSearchParams, today: string) {
  const yearParam = Number(params.get("year"));
  const year = Number.isInteger(yearParam) && yearParam >= 2000 && yearParam <= 2100 ? yearParam : Number(today.slice(0, 4));
  const basisParam = params.get("basis");
  const basis: DreBasis = (DRE_BASES as readonly string[]).includes(basisParam ?? "") ? (basisParam as DreBasis) : "competence";
  const category = params.get("category");
  const month = params.get("month");
  const validMonth = month && /^\d{4}-(0[1-9]|1[0-2])$/.test(month) && month.startsWith(String(year)) ? month : null;
  const drill = category && ID.test(category) ? { categoryId: category, month: validMonth, after: parseDrillCursor(params.get("after")) } : null;
  return { year, basis, drill };
}

/** A drill-down page's cursor: "YYYY-MM-DD~id" of the last row seen; anything else is the first page. */
export function parseDrillCursor(value: string | null): { date: string; id: string } | null {
  const [date, id, extra] = (value ?? "").split("~");
  if (extra !== undefined || !id || !ID.test(id)) return null;
  const day = parseCalendarDate(date ?? null);
  return day ? { date: day, id } : null;
}

export const drillCursorParam = (cursor: { date: string; id: string }) => `${cursor.date}~${cursor.id}`;
