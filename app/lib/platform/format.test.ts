import { describe, expect, it } from "vitest";
import {
  currencyDigits,
  DEFAULT_TIME_ZONE,
  formatCalendarDate,
  formatMonth,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatPercent,
  formatRelative,
  formatTime,
  safeTimeZone,
} from "~/lib/platform/format";

/** Intl uses no-break spaces (U+00A0, U+202F); compare with plain ones. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

describe("numbers follow the language", () => {
  it("groups and separates decimals per locale", () => {
    expect(formatNumber(1234567.891, "pt")).toBe("1.234.567,891");
    expect(formatNumber(1234567.891, "en")).toBe("1,234,567.891");
    expect(formatNumber(1234567.891, "es")).toBe("1.234.567,891");
  });

  it("passes Intl options through", () => {
    expect(formatNumber(2.5, "pt", { minimumFractionDigits: 2 })).toBe("2,50");
    expect(formatPercent(0.125, "pt")).toBe("12,5%");
    expect(formatPercent(0.125, "en")).toBe("12.5%");
  });

  it("falls back to Portuguese for an unknown language", () => {
    expect(formatNumber(1000.5, "fr")).toBe("1.000,5");
  });
});

describe("money from integer minor units", () => {
  it("formats reais in each language", () => {
    expect(plain(formatMoney(123456, "BRL", "pt"))).toBe("R$ 1.234,56");
    expect(plain(formatMoney(123456, "BRL", "en"))).toBe("R$1,234.56");
    expect(plain(formatMoney(-5, "BRL", "pt"))).toBe("-R$ 0,05");
  });

  it("never shows a negative zero (a negated zero total)", () => {
    expect(plain(formatMoney(-0, "BRL", "pt"))).toBe("R$ 0,00");
    expect(plain(formatMoney(-0, "BRL", "es"))).toBe(plain(formatMoney(0, "BRL", "es")));
  });

  it("formats other currencies with their own minor units", () => {
    expect(plain(formatMoney(9990, "USD", "en"))).toBe("$99.90");
    expect(plain(formatMoney(150050, "EUR", "es"))).toBe("1500,50 €");
    expect(currencyDigits("JPY")).toBe(0);
    expect(plain(formatMoney(1234, "JPY", "en"))).toBe("¥1,234");
    expect(currencyDigits("BHD")).toBe(3);
  });

  it("refuses fractional minor units (no float money)", () => {
    expect(() => formatMoney(10.5, "BRL", "pt")).toThrow(RangeError);
  });
});

describe("dates in the agency time zone", () => {
  // 02:30 UTC on 5 January is still 4 January, 23:30 in São Paulo (UTC-3).
  const instant = "2026-01-05T02:30:00.000Z";

  it("shows the calendar day of the agency, not of UTC", () => {
    expect(plain(formatDate(instant, "pt", "America/Sao_Paulo"))).toBe("4 de jan. de 2026");
    expect(plain(formatDate(instant, "en", "America/Sao_Paulo"))).toBe("Jan 4, 2026");
    expect(plain(formatDate(instant, "es", "America/Sao_Paulo"))).toBe("4 ene 2026");
    expect(plain(formatDate(instant, "pt", "Europe/Lisbon", "long"))).toBe("5 de janeiro de 2026");
  });

  it("shows date and time, and time alone", () => {
    expect(plain(formatDateTime(instant, "pt", "America/Sao_Paulo"))).toBe("04/01/2026, 23:30");
    expect(plain(formatDateTime(instant, "en", "America/Sao_Paulo"))).toBe("1/4/26, 11:30 PM");
    expect(plain(formatDateTime(instant, "es", "America/Sao_Paulo"))).toBe("4/1/26, 23:30");
    expect(plain(formatTime(instant, "en", "America/Manaus"))).toBe("10:30 PM");
  });

  it("accepts Date objects and epoch milliseconds", () => {
    const d = new Date(instant);
    expect(formatDate(d, "pt", "America/Sao_Paulo")).toBe(formatDate(d.getTime(), "pt", "America/Sao_Paulo"));
  });

  it("uses the default zone when the agency has none or an invalid one", () => {
    expect(safeTimeZone(undefined)).toBe(DEFAULT_TIME_ZONE);
    expect(safeTimeZone("Not/AZone")).toBe(DEFAULT_TIME_ZONE);
    expect(safeTimeZone("Europe/Madrid")).toBe("Europe/Madrid");
    expect(formatDate(instant, "pt", "Not/AZone")).toBe(formatDate(instant, "pt", DEFAULT_TIME_ZONE));
  });

  it("never shifts a stored calendar date", () => {
    expect(plain(formatCalendarDate("2026-03-01", "pt"))).toBe("1 de mar. de 2026");
    expect(plain(formatCalendarDate("2026-03-01", "en", "long"))).toBe("March 1, 2026");
    expect(() => formatCalendarDate("01/03/2026", "pt")).toThrow(RangeError);
  });

  it("words relative times per language", () => {
    const now = "2026-01-05T12:00:00.000Z";
    expect(formatRelative("2026-01-05T11:55:00.000Z", "pt", now)).toBe("há 5 minutos");
    expect(formatRelative("2026-01-05T11:55:00.000Z", "en", now)).toBe("5 minutes ago");
    expect(formatRelative("2026-01-05T11:55:00.000Z", "es", now)).toBe("hace 5 minutos");
    expect(formatRelative("2026-01-04T12:00:00.000Z", "pt", now)).toBe("ontem");
    expect(formatRelative(now, "en", now)).toBe("now");
  });
});

describe("formatMonth", () => {
  it("names a calendar month in each language, never shifted by a zone", () => {
    expect(formatMonth("2026-03", "en")).toBe("Mar 2026");
    expect(formatMonth("2026-03", "en", "long")).toBe("March 2026");
    expect(formatMonth("2026-01", "pt", "long")).toBe("janeiro de 2026");
    expect(formatMonth("2026-12", "es", "long")).toBe("diciembre de 2026");
    expect(() => formatMonth("2026-3", "en")).toThrow(RangeError);
  });
});
