import { getTableColumns } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as schema from "../../app/db/schema";
import { isSlug } from "../../app/lib/services/slug.ts";
import { DEMO_AGENCIES, DEMO_USERS, excursionParties } from "./seed";
import { buildExcursionRows, EXCURSION_TABLES, type ExcursionTable } from "./seed-excursions";
import { buildPackageRows } from "./seed-packages";
import { buildReceptiveRows } from "./seed-receptive";
import { buildRegisterRows } from "./seed-registers";
import { buildServiceRows } from "./seed-services";

const TODAY = new Date("2026-11-25T15:00:00.000Z");
const registers = buildRegisterRows(DEMO_AGENCIES, { now: new Date("2026-01-05T12:00:00.000Z"), agentUserId: DEMO_USERS[2].id });
const byAgency = (rows: readonly Record<string, unknown>[], id: string) => rows.filter((r) => r.agency_id === id);
const packages = buildPackageRows(DEMO_AGENCIES, {
  today: TODAY,
  parties: Object.fromEntries(
    DEMO_AGENCIES.map((a) => {
      const operators = registers.supplier.filter((r) => r.agency_id === a.id && r.category === "operator");
      return [a.id, { operators: operators.map((r) => String(r.id)), operatorNames: {}, destinations: byAgency(registers.destination, a.id).map((r) => ({ id: String(r.id), name: String(r.name) })), userId: null }];
    }),
  ),
});
const receptive = buildReceptiveRows(DEMO_AGENCIES, {
  today: TODAY,
  userIds: {},
  providers: Object.fromEntries(DEMO_AGENCIES.map((a) => [a.id, byAgency(registers.provider, a.id).map((r) => String(r.id))])),
});
const services = await buildServiceRows(DEMO_AGENCIES, {
  today: TODAY,
  parties: Object.fromEntries(
    DEMO_AGENCIES.map((a) => [
      a.id,
      {
        suppliers: byAgency(registers.supplier, a.id).map((r) => ({ id: String(r.id), name: String(r.trade_name ?? r.name), category: String(r.category) })),
        destinations: [...byAgency(registers.destination, a.id), ...byAgency(packages.destination, a.id)].map((r) => ({ id: String(r.id), name: String(r.name) })),
        userId: null,
      },
    ]),
  ),
});
const parties = excursionParties(registers, packages, receptive, services);
const rows = buildExcursionRows(DEMO_AGENCIES, { today: TODAY, parties });
const TABLES: Record<ExcursionTable, SQLiteTable> = {
  destination: schema.destination,
  excursion: schema.excursion,
  excursion_boarding: schema.excursionBoarding,
  excursion_price: schema.excursionPrice,
  excursion_component: schema.excursionComponent,
};

describe("excursion seed rows", () => {
  it("are deterministic for a day and use only the tables' columns, filling the required ones", () => {
    expect(buildExcursionRows(DEMO_AGENCIES, { today: new Date("2026-11-25T02:00:00.000Z"), parties })).toEqual(rows);
    for (const table of Object.keys(EXCURSION_TABLES) as ExcursionTable[]) {
      const columns = Object.values(getTableColumns(TABLES[table]));
      const names = new Set(columns.map((c) => c.name));
      for (const row of rows[table]) {
        for (const key of Object.keys(row)) expect(names, `${table}.${key}`).toContain(key);
        for (const c of columns) if (c.notNull && !c.hasDefault) expect(row[c.name], `${table}.${c.name}`).not.toBeNull();
      }
    }
    const ids = Object.values(rows).flatMap((list) => list.map((r) => String(r.id)));
    expect(new Set(ids).size).toBe(ids.length);
    const slugs = rows.excursion.map((e) => String(e.slug));
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(isSlug(slug)).toBe(true);
  });

  it("give each agency 4–6 excursions: open ones on its charters' seat maps, a closed one and a draft, published only when open or closed", () => {
    for (const agency of DEMO_AGENCIES) {
      const list = byAgency(rows.excursion, agency.id);
      expect(list.length).toBeGreaterThanOrEqual(4);
      expect(list.length).toBeLessThanOrEqual(6);
      expect(list.filter((e) => e.status === "draft")).toHaveLength(1);
      expect(list.filter((e) => e.status === "closed").length).toBeGreaterThanOrEqual(1);
      const charters = new Map(parties[agency.id]!.charters.map((c) => [c.id, c]));
      const onCharter = list.filter((e) => e.status === "open" && e.charter_id);
      expect(onCharter.length).toBeGreaterThanOrEqual(1);
      for (const e of onCharter) {
        const c = charters.get(String(e.charter_id))!;
        expect(e.capacity).toBe(c.capacity);
        expect(e.departure_at).toBe(c.departureAt);
      }
      for (const e of list) {
        expect(Boolean(e.published)).toBe(e.status === "open" || e.status === "closed");
        expect(String(e.return_at) > String(e.departure_at)).toBe(true);
        expect(String(e.departure_at) > TODAY.toISOString()).toBe(true);
        expect(Number(e.capacity)).toBeGreaterThan(0);
      }
    }
  });

  it("board open trips at 2–4 registered points in time order from the departure, with price tiers and the agency's own crew", () => {
    for (const agency of DEMO_AGENCIES) {
      const p = parties[agency.id]!;
      const points = new Set(p.boardingPoints.map((b) => b.id));
      for (const e of byAgency(rows.excursion, agency.id)) {
        const boardings = rows.excursion_boarding.filter((b) => b.excursion_id === e.id);
        if (e.status === "open") {
          expect(boardings.length).toBeGreaterThanOrEqual(2);
          expect(boardings.length).toBeLessThanOrEqual(4);
        }
        expect(boardings.length).toBeGreaterThan(0);
        for (const b of boardings) {
          expect(points.has(String(b.boarding_point_id))).toBe(true);
          expect(String(b.departure_at) >= String(e.departure_at)).toBe(true);
        }
        const times = boardings.map((b) => String(b.departure_at));
        expect(times).toEqual([...times].sort());
        expect(rows.excursion_price.filter((r) => r.excursion_id === e.id).length).toBeGreaterThan(0);
      }
      for (const c of byAgency(rows.excursion_component, agency.id)) {
        const column = { guide: "guide_id", driver: "driver_id", hotel_block: "hotel_block_id", air_block: "air_block_id", receptive_service: "receptive_service_id" }[String(c.kind)]!;
        for (const other of ["guide_id", "driver_id", "hotel_block_id", "air_block_id", "receptive_service_id"]) expect(c[other] !== null, `${c.kind} ${other}`).toBe(other === column);
        const pool = { guide_id: p.guides, driver_id: p.drivers, hotel_block_id: p.hotelBlocks }[column as "guide_id"]!;
        expect(pool).toContain(c[column]);
      }
    }
  });
});
