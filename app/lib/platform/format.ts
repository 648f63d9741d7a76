/**
 * Number, money and date formatting that follows the interface language
 * (pt → pt-BR, en, es) and shows instants in the agency's time zone
 * (ARCHITECTURE: money is integer minor units + ISO 4217 code; times are stored
 * as UTC ISO strings and shown in the agency time zone, default America/Sao_Paulo).
 * Pure and the same on the server and in the browser, so SSR and hydration agree.
 */
import { DEFAULT_LANGUAGE, INTL_LOCALE, isLanguage, type Language } from "~/locales";

export const DEFAULT_TIME_ZONE = "America/Sao_Paulo";
export const DEFAULT_CURRENCY = "BRL";

const localeOf = (language: Language | string | null | undefined) => INTL_LOCALE[isLanguage(language) ? language : DEFAULT_LANGUAGE];

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

/** A valid IANA zone, or the default (a bad zone in the data must not break a page). */
export function safeTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return DEFAULT_TIME_ZONE;
  // Each zone is validated once per isolate (a zone's validity does not change);
  // the sets stay small: zones in the data, capped in case of garbage.
  if (VALID_ZONES.has(timeZone)) return timeZone;
  if (INVALID_ZONES.has(timeZone)) return DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat("en", { timeZone });
    if (VALID_ZONES.size < 1000) VALID_ZONES.add(timeZone);
    return timeZone;
  } catch {
    if (INVALID_ZONES.size < 1000) INVALID_ZONES.add(timeZone);
    return DEFAULT_TIME_ZONE;
  }
}
const VALID_ZONES = new Set<string>();
const INVALID_ZONES = new Set<string>();

export function formatNumber(value: number, language: Language | string, options: Intl.NumberFormatOptions = {}): string {
  const locale = localeOf(language);
  return cached(`n|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options)).format(value);
}

/** Digits after the decimal separator for a currency (BRL 2, JPY 0, BHD 3). */
export function currencyDigits(currency: string): number {
  return cached(`c|en|${currency}`, () => new Intl.NumberFormat("en", { style: "currency", currency })).resolvedOptions().maximumFractionDigits ?? 2;
}

/** Money from integer minor units (cents): formatMoney(123456, "BRL", "pt") → "R$ 1.234,56". */
export function formatMoney(minorUnits: number, currency: string = DEFAULT_CURRENCY, language: Language | string = DEFAULT_LANGUAGE): string {
  if (!Number.isInteger(minorUnits)) throw new RangeError("money is kept in integer minor units");
  const locale = localeOf(language);
  const digits = currencyDigits(currency);
  const f = cached(`m|${locale}|${currency}`, () => new Intl.NumberFormat(locale, { style: "currency", currency }));
  const value = minorUnits / 10 ** digits;
  // -0 (a negated zero total) reads as 0, never "-0,00".
  return f.format(value === 0 ? 0 : value);
}

export function formatPercent(ratio: number, language: Language | string, maximumFractionDigits = 1): string {
  return formatNumber(ratio, language, { style: "percent", maximumFractionDigits });
}

type DateInput = Date | string | number;
const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

export type DateStyle = "short" | "medium" | "long" | "full";

/** The calendar date of an instant in the agency's time zone. */
export function formatDate(value: DateInput, language: Language | string, timeZone?: string | null, style: DateStyle = "medium"): string {
  const locale = localeOf(language);
  const zone = safeTimeZone(timeZone);
  return cached(`d|${locale}|${zone}|${style}`, () => new Intl.DateTimeFormat(locale, { dateStyle: style, timeZone: zone })).format(toDate(value));
}

/** Date and time of an instant in the agency's time zone. */
export function formatDateTime(value: DateInput, language: Language | string, timeZone?: string | null, style: DateStyle = "short"): string {
  const locale = localeOf(language);
  const zone = safeTimeZone(timeZone);
  return cached(
    `dt|${locale}|${zone}|${style}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: style, timeStyle: "short", timeZone: zone }),
  ).format(toDate(value));
}

export function formatTime(value: DateInput, language: Language | string, timeZone?: string | null): string {
  const locale = localeOf(language);
  const zone = safeTimeZone(timeZone);
  return cached(`t|${locale}|${zone}`, () => new Intl.DateTimeFormat(locale, { timeStyle: "short", timeZone: zone })).format(toDate(value));
}

/**
 * A calendar date stored without a time ("2026-03-01", e.g. a due date): shown as
 * that date everywhere, never shifted by a time zone.
 */
export function formatCalendarDate(isoDate: string, language: Language | string, style: DateStyle = "medium"): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!m) throw new RangeError(`not a calendar date: ${isoDate}`);
  return formatDate(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12)), language, "UTC", style);
}

/** A calendar month ("2026-03"): "mar. de 2026" / "Mar 2026" (short) or "março de 2026" / "March 2026" (long). */
export function formatMonth(month: string, language: Language | string, style: "short" | "long" = "short"): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) throw new RangeError(`not a month: ${month}`);
  const locale = localeOf(language);
  return cached(`mo|${locale}|${style}`, () => new Intl.DateTimeFormat(locale, { month: style, year: "numeric", timeZone: "UTC" })).format(
    new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 15)),
  );
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
  ["second", 1],
];

/** "há 5 minutos" / "5 minutes ago" / "hace 5 minutos"; `now` is passed in so results are testable. */
export function formatRelative(value: DateInput, language: Language | string, now: DateInput = Date.now()): string {
  const locale = localeOf(language);
  const seconds = Math.round((toDate(value).getTime() - toDate(now).getTime()) / 1000);
  const f = cached(`r|${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: "auto" }));
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size || unit === "second") return f.format(Math.trunc(seconds / size), unit);
  }
  return f.format(0, "second");
}
