import { getTableColumns } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as schema from "../../app/db/schema";
import { isSlug } from "../../app/lib/services/slug.ts";
import { DEMO_AGENCIES, DEMO_USERS } from "./seed";
import { buildPackageRows, PACKAGE_TABLES, type PackageTable } from "./seed-packages";
import { buildRegisterRows } from "./seed-registers";

const TODAY = new Date("2026-11-25T15:00:00.000Z");
const registers = buildRegisterRows(DEMO_AGENCIES, { now: new Date("2026-01-05T12:00:00.000Z"), agentUserId: DEMO_USERS[2].id });
const parties = Object.fromEntries(
  DEMO_AGENCIES.map((a) => {
    const operators = registers.supplier.filter((r) => r.agency_id === a.id && r.category === "operator");
    return [
      a.id,
      {
        operators: operators.map((r) => String(r.id)),
        operatorNames: Object.fromEntries(operators.map((r) => [String(r.id), String(r.name)])),
        destinations: registers.destination.filter((r) => r.agency_id === a.id).map((r) => ({ id: String(r.id), name: String(r.name) })),
        userId: null,
      },
    ];
  }),
);
const rows = buildPackageRows(DEMO_AGENCIES, { today: TODAY, parties });
const TABLES: Record<PackageTable, SQLiteTable> = {
  destination: schema.destination,
  third_party_package: schema.thirdPartyPackage,
  third_party_package_destination: schema.thirdPartyPackageDestination,
  third_party_package_departure: schema.thirdPartyPackageDeparture,
  third_party_package_price: schema.thirdPartyPackagePrice,
};

describe("package seed rows", () => {
  it("are deterministic for a day and use only the tables' columns, filling the required ones", () => {
    expect(buildPackageRows(DEMO_AGENCIES, { today: new Date("2026-11-25T02:00:00.000Z"), parties })).toEqual(rows);
    for (const table of Object.keys(PACKAGE_TABLES) as PackageTable[]) {
      const columns = Object.values(getTableColumns(TABLES[table]));
      const names = new Set(columns.map((c) => c.name));
      for (const row of rows[table]) {
        for (const key of Object.keys(row)) expect(names, `${table}.${key}`).toContain(key);
        for (const c of columns) if (c.notNull && !c.hasDefault) expect(row[c.name], `${table}.${c.name}`).not.toBeNull();
      }
    }
  });

  it("give each agency eight packages of its operators to its destinations, some published", () => {
    for (const agency of DEMO_AGENCIES) {
      const packages = rows.third_party_package.filter((p) => p.agency_id === agency.id);
      expect(packages).toHaveLength(8);
      expect(packages.filter((p) => p.published).length).toBeGreaterThanOrEqual(4);
      for (const p of packages) expect(parties[agency.id]!.operators).toContain(p.operator_id);
      const places = new Set([...registers.destination, ...rows.destination].filter((d) => d.agency_id === agency.id).map((d) => d.id));
      for (const link of rows.third_party_package_destination.filter((d) => d.agency_id === agency.id)) expect(places.has(link.destination_id)).toBe(true);
    }
  });

  it("have slugs unique across agencies and 2–4 upcoming departures per package, with prices", () => {
    const slugs = rows.third_party_package.map((p) => String(p.slug));
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(isSlug(slug)).toBe(true);
    const ids = Object.values(rows).flatMap((list) => list.filter((r) => r.id).map((r) => String(r.id)));
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of rows.third_party_package) {
      const departures = rows.third_party_package_departure.filter((d) => d.package_id === p.id);
      expect(departures.length).toBeGreaterThanOrEqual(2);
      expect(departures.length).toBeLessThanOrEqual(4);
      for (const d of departures) expect(String(d.departure_date) > "2026-11-25").toBe(true);
      expect(p.first_departure).toBe(departures.map((d) => String(d.departure_date)).sort()[0]);
      expect(rows.third_party_package_price.filter((r) => r.package_id === p.id).length).toBeGreaterThan(0);
    }
  });
});
