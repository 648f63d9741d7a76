import { describe, expect, it } from "vitest";
import { nextDay, parseCalendarDate, zonedDayRange, zonedDayStart, zoneOffsetMinutes } from "~/lib/platform/time-zone";

describe("calendar days in the agency time zone", () => {
  it("accepts only real YYYY-MM-DD dates", () => {
    expect(parseCalendarDate("2026-02-28")).toBe("2026-02-28");
    expect(parseCalendarDate("2026-02-30")).toBeNull();
    expect(parseCalendarDate("2026-2-3")).toBeNull();
    expect(parseCalendarDate("")).toBeNull();
    expect(parseCalendarDate(null)).toBeNull();
    expect(parseCalendarDate("0001-01-01")).toBeNull();
  });

  it("knows the zone's offset", () => {
    expect(zoneOffsetMinutes(Date.UTC(2026, 2, 1, 12), "America/Sao_Paulo")).toBe(-180);
    expect(zoneOffsetMinutes(Date.UTC(2026, 0, 15, 12), "Europe/Lisbon")).toBe(0);
    expect(zoneOffsetMinutes(Date.UTC(2026, 6, 15, 12), "Europe/Lisbon")).toBe(60);
  });

  it("starts a day at local midnight, stored as UTC", () => {
    expect(zonedDayStart("2026-03-01", "America/Sao_Paulo")).toBe("2026-03-01T03:00:00.000Z");
    expect(zonedDayStart("2026-03-01", "UTC")).toBe("2026-03-01T00:00:00.000Z");
    // Around a daylight-saving change (Lisbon moves to +01:00 on 2026-03-29).
    expect(zonedDayStart("2026-03-29", "Europe/Lisbon")).toBe("2026-03-29T00:00:00.000Z");
    expect(zonedDayStart("2026-03-30", "Europe/Lisbon")).toBe("2026-03-29T23:00:00.000Z");
    // A bad zone in the data falls back to the default zone.
    expect(zonedDayStart("2026-03-01", "Not/AZone")).toBe("2026-03-01T03:00:00.000Z");
  });

  it("makes an inclusive range of days a half-open UTC range", () => {
    expect(nextDay("2026-12-31")).toBe("2027-01-01");
    expect(zonedDayRange("2026-03-01", "2026-03-01", "America/Sao_Paulo")).toEqual({
      start: "2026-03-01T03:00:00.000Z",
      end: "2026-03-02T03:00:00.000Z",
    });
    expect(zonedDayRange(null, null, "America/Sao_Paulo")).toEqual({ start: null, end: null });
  });
});
