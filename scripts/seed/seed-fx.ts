/**
 * The demo câmbio (issue #20 item 5; decision 0018): each demo agency has USD and
 * EUR enabled and their rates to BRL for the business days (Monday to Friday) of
 * the last 90 days up to the seed's day — the converter's weekend days use
 * Friday's rate, as the app's rule says.
 *
 * A day's rate is a function of the date alone (two slow waves and a small
 * hashed wobble; USD 5,20–5,60, EUR 5,55–5,90), so a seed run on any later day
 * writes the same rate for the same date, and the ids are fixed per agency,
 * currency and date (table code 0x200): inserted with ON CONFLICT DO NOTHING, a
 * second `npm start` adds only the new days, and a rate a user changed stays as
 * they left it. Runs under plain node (relative imports with .ts).
 */
import { RATE_SCALE } from "../../app/lib/finance/fx.ts";
import type { SeedAgency, SeedRow } from "./seed-registers.ts";

export const FX_TABLES = { fx_currency: 0x200, fx_rate: 0x201 } as const;
export type FxTable = keyof typeof FX_TABLES;

export const SEED_FX_DAYS = 90;
export const SEED_FX = [
  { code: "USD", base: 5.4, swing: 0.16, min: 5.2, max: 5.6 },
  { code: "EUR", base: 5.73, swing: 0.13, min: 5.55, max: 5.9 },
] as const;

const DAY = 86_400_000;
const dayNo = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY;
const isoOf = (n: number) => new Date(n * DAY).toISOString().slice(0, 10);

export function fxSeedId(agencyIndex: number, currency: number, day: number): string {
  const hex = (v: number, width: number) => v.toString(16).padStart(width, "0");
  return `0190a000-${hex(FX_TABLES.fx_rate, 4)}-7${hex(agencyIndex + 1, 3)}-8000-${hex(day * 4 + currency, 12)}`;
}

/** A number in [0, 1) from a day and a currency (an integer hash; no state). */
function wobble(day: number, currency: number): number {
  let h = (day * 2654435761 + currency * 40503) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b) >>> 0;
  return ((h ^ (h >>> 16)) >>> 0) / 2 ** 32;
}

/** The demo rate of a currency on a day, as rate_e6 (4 decimals, like a published rate). */
export function seedRateE6(currency: number, day: number): number {
  const c = SEED_FX[currency]!;
  const value = c.base + c.swing * 0.6 * Math.sin(day / 23 + currency) + c.swing * 0.3 * Math.sin(day / 6.1 + 2 * currency) + c.swing * 0.2 * (wobble(day, currency) - 0.5);
  const clamped = Math.min(c.max, Math.max(c.min, value));
  return Math.round(clamped * 10_000) * (RATE_SCALE / 10_000);
}

export function buildFxRows(agencies: readonly SeedAgency[], options: { now: Date; today: string; userIds: Record<string, string | null> }): Record<FxTable, SeedRow[]> {
  const at = options.now.toISOString();
  const out: Record<FxTable, SeedRow[]> = { fx_currency: [], fx_rate: [] };
  const last = dayNo(options.today);
  agencies.forEach((agency, a) => {
    const userId = options.userIds[agency.id] ?? null;
    for (const c of SEED_FX) out.fx_currency.push({ agency_id: agency.id, code: c.code, created_by: userId, created_at: at });
    for (let day = last - SEED_FX_DAYS + 1; day <= last; day++) {
      const weekday = new Date(day * DAY).getUTCDay();
      if (weekday === 0 || weekday === 6) continue;
      SEED_FX.forEach((c, i) =>
        out.fx_rate.push({
          id: fxSeedId(a, i, day),
          agency_id: agency.id,
          currency: c.code,
          date: isoOf(day),
          rate_e6: seedRateE6(i, day),
          source: "provider",
          created_by: null,
          created_at: at,
          updated_at: at,
          version: 1,
        }),
      );
    }
  });
  return out;
}
