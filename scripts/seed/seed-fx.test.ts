import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../app/db/schema";
import { buildSeedStatements, DEMO_AGENCIES } from "./seed";
import { buildFxRows, SEED_FX_DAYS, seedRateE6 } from "./seed-fx";

const NOW = new Date("2026-01-05T12:00:00.000Z");
const build = (today: string) => buildFxRows(DEMO_AGENCIES, { now: NOW, today, userIds: {} });
const rows = build("2026-11-27");

describe("the câmbio demo seed", () => {
  it("writes only the tables' columns", () => {
    for (const [table, drizzleTable] of [
      ["fx_currency", schema.fxCurrency],
      ["fx_rate", schema.fxRate],
    ] as const) {
      const columns = new Set(Object.values(getTableColumns(drizzleTable)).map((c) => c.name));
      for (const row of rows[table]) for (const key of Object.keys(row)) expect(columns.has(key), `${table}.${key}`).toBe(true);
    }
  });

  it("enables USD and EUR and gives each a rate for every business day of the last 90 days, between 5,20 and 5,90", () => {
    for (const a of DEMO_AGENCIES) {
      expect(rows.fx_currency.filter((r) => r.agency_id === a.id).map((r) => r.code)).toEqual(["USD", "EUR"]);
      for (const code of ["USD", "EUR"]) {
        const mine = rows.fx_rate.filter((r) => r.agency_id === a.id && r.currency === code);
        const dates = mine.map((r) => r.date as string);
        expect(dates[dates.length - 1]).toBe("2026-11-27");
        expect(dates[0]! >= "2026-08-30").toBe(true);
        expect(mine.length).toBeGreaterThan(60);
        expect(mine.length).toBeLessThanOrEqual(SEED_FX_DAYS);
        for (const d of dates) expect([0, 6]).not.toContain(new Date(`${d}T00:00:00Z`).getUTCDay());
        for (const r of mine) {
          expect(Number.isInteger(r.rate_e6)).toBe(true);
          expect(r.rate_e6 as number).toBeGreaterThanOrEqual(5_200_000);
          expect(r.rate_e6 as number).toBeLessThanOrEqual(5_900_000);
        }
        // It moves from day to day, as a rate does.
        expect(new Set(mine.map((r) => r.rate_e6)).size).toBeGreaterThan(20);
      }
    }
    expect(new Set(rows.fx_rate.map((r) => r.id)).size).toBe(rows.fx_rate.length);
  });

  it("is a function of the date: a later run writes the same id and rate for the days it shares", () => {
    const later = build("2026-12-10");
    const byId = new Map(later.fx_rate.map((r) => [r.id, r]));
    const shared = rows.fx_rate.filter((r) => byId.has(r.id as string));
    expect(shared.length).toBeGreaterThan(100);
    for (const r of shared) expect(byId.get(r.id as string)).toMatchObject({ date: r.date, currency: r.currency, rate_e6: r.rate_e6 });
    expect(seedRateE6(0, 20_000)).toBe(seedRateE6(0, 20_000));
  });

  it("is inserted with ON CONFLICT DO NOTHING after the agencies", async () => {
    const statements = await buildSeedStatements(async () => "hash", NOW, new Date("2026-11-27T15:00:00Z"));
    const fx = statements.filter((s) => s.startsWith("INSERT INTO fx_"));
    expect(fx.length).toBeGreaterThan(0);
    for (const s of fx) expect(s.trimEnd().endsWith("ON CONFLICT DO NOTHING;")).toBe(true);
    expect(statements.findIndex((s) => s.startsWith("INSERT INTO fx_"))).toBeGreaterThan(statements.findIndex((s) => s.startsWith("INSERT INTO agency")));
  });
});
