/**
 * What every service form shares, without zod (components import it): the
 * error keys (app/locales/services), the currencies a service can be bought
 * in, who may archive services, date-times typed in the agency's time zone ↔
 * UTC instants, and the price grid's cells. The zod field builders are in
 * fields.schema.ts. Pure.
 */
import type { Role } from "~/db/schema/platform";
import { AGE_BANDS, PACKAGE_ROOM_TYPES, type AgeBand, type PackageRoomType } from "~/db/schema/services";
import { formatCents } from "~/lib/finance/money";
import { zoneOffsetMinutes } from "~/lib/platform/time-zone";

export const svcErr = {
  supplier: "services.errors.supplier",
  supplierCategory: "services.errors.supplierCategory",
  destination: "services.errors.destination",
  plate: "services.errors.plate",
  layout: "services.errors.layout.invalid",
  noSellableSeats: "services.errors.noSellableSeats",
  stops: "services.errors.stops",
  dateTime: "services.errors.dateTime",
  returnBeforeDeparture: "services.errors.returnBeforeDeparture",
  money: "services.errors.money",
  currency: "services.errors.currency",
} as const;

export const SERVICE_CURRENCIES = ["BRL", "USD", "EUR", "GBP", "ARS", "CLP", "UYU", "PYG"] as const;
export type ServiceCurrency = (typeof SERVICE_CURRENCIES)[number];

/** Archiving a service (it leaves lists and sales) is for administrators and operations. */
export const SERVICE_ARCHIVERS: readonly Role[] = ["SuperAdmin", "Admin", "Operacional"];
export const canArchiveServices = (role: Role) => SERVICE_ARCHIVERS.includes(role);

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A date-time typed in the zone ("2027-07-10T22:30", as datetime-local inputs
 * send it) → the UTC ISO instant, or null when it is not a real date-time.
 * A time skipped by a daylight-saving change lands on the instant after it.
 */
export function localInputToUtc(value: string, timeZone: string): string | null {
  const m = LOCAL.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0)) as [number, number, number, number, number, number];
  if (y < 1900 || y > 2999 || h > 23 || mi > 59 || s > 59) return null;
  const local = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(local);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  // Two passes settle the offset across a daylight-saving change.
  let utc = local - zoneOffsetMinutes(local, timeZone) * 60_000;
  utc = local - zoneOffsetMinutes(utc, timeZone) * 60_000;
  return new Date(utc).toISOString();
}

/** A UTC ISO instant as a datetime-local input shows it in the zone ("2027-07-10T22:30"). */
export function utcToLocalInput(iso: string, timeZone: string): string {
  const instant = Date.parse(iso);
  if (!Number.isFinite(instant)) return "";
  return new Date(instant + zoneOffsetMinutes(instant, timeZone) * 60_000).toISOString().slice(0, 16);
}

/** A stored id (uuid v7 or the seed's), as forms post it. */
export const SERVICE_ID = /^[A-Za-z0-9_-]{1,64}$/;

export type PriceCell = { roomType: PackageRoomType; ageBand: AgeBand; priceCents: number };

/** The filled cells of a parsed price grid, in grid order. */
export function priceCells(grid: Record<string, unknown> | undefined): PriceCell[] {
  const out: PriceCell[] = [];
  for (const roomType of PACKAGE_ROOM_TYPES) {
    for (const ageBand of AGE_BANDS) {
      const cents = (grid?.[roomType] as Record<string, number | null> | undefined)?.[ageBand] ?? null;
      if (cents !== null) out.push({ roomType, ageBand, priceCents: cents });
    }
  }
  return out;
}

/** Stored prices as the grid shows them (prices.<room>.<age> = "1.234,56"). */
export function priceGridValues(prices: readonly { roomType: string; ageBand: string; priceCents: number }[]): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const p of prices) (out[p.roomType] ??= {})[p.ageBand] = formatCents(p.priceCents);
  return out;
}
