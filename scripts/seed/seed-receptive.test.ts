import { getTableColumns } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as schema from "../../app/db/schema";
import { isValidCpf } from "../../app/lib/platform/br-documents.ts";
import { normalizePlate, normalizeRenavam } from "../../app/lib/receptive/fields.ts";
import { assignmentProblems, orderDays, type ScheduledOrder } from "../../app/lib/receptive/order.ts";
import { DEMO_AGENCIES } from "./seed";
import { buildReceptiveRows, RECEPTIVE_TABLES, type ReceptiveTable } from "./seed-receptive";

const TODAY = new Date("2026-11-25T15:00:00.000Z");
const rows = buildReceptiveRows(DEMO_AGENCIES, { today: TODAY, userIds: {}, providers: {} });
const TABLES: Record<ReceptiveTable, SQLiteTable> = {
  receptive_service: schema.receptiveService,
  driver: schema.driver,
  guide: schema.guide,
  fleet_vehicle: schema.fleetVehicle,
  receptive_order: schema.receptiveOrder,
};

describe("the receptive demo seed", () => {
  it("writes only columns of its tables, for every demo agency", () => {
    for (const table of Object.keys(RECEPTIVE_TABLES) as ReceptiveTable[]) {
      const columns = new Set(Object.values(getTableColumns(TABLES[table])).map((c) => c.name));
      expect(rows[table].length, table).toBeGreaterThan(0);
      for (const row of rows[table]) for (const key of Object.keys(row)) expect(columns.has(key), `${table}.${key}`).toBe(true);
      for (const a of DEMO_AGENCIES) expect(rows[table].some((r) => r.agency_id === a.id), `${table} of ${a.slug}`).toBe(true);
    }
  });

  it("holds documents the forms accept (CPF, plate, RENAVAM), one expiring within the month", () => {
    for (const d of rows.driver) if (d.cpf) expect(isValidCpf(String(d.cpf)), String(d.name)).toBe(true);
    for (const v of rows.fleet_vehicle) {
      expect(normalizePlate(String(v.plate))).toBe(v.plate);
      if (v.renavam) expect(normalizeRenavam(String(v.renavam))).toBe(v.renavam);
    }
    expect(rows.driver.some((d) => String(d.cnh_expiry) <= "2026-12-25")).toBe(true);
  });

  it("schedules a week of orders that pass every assignment rule (no double booking, valid documents, seats)", () => {
    for (const a of DEMO_AGENCIES) {
      const orders = rows.receptive_order.filter((o) => o.agency_id === a.id);
      expect(orders.length).toBeGreaterThanOrEqual(21);
      const accepted: ScheduledOrder[] = [];
      for (const o of orders) {
        const interval = { startsAt: String(o.starts_at), endsAt: String(o.ends_at) };
        const d = rows.driver.find((x) => x.id === o.driver_id)!;
        const g = rows.guide.find((x) => x.id === o.guide_id);
        const v = rows.fleet_vehicle.find((x) => x.id === o.vehicle_id)!;
        const s = rows.receptive_service.find((x) => x.id === o.service_id)!;
        const problems = assignmentProblems(
          { ...interval, id: String(o.id), passengers: Number(o.passengers), status: String(o.status), days: orderDays(interval, "America/Sao_Paulo") },
          {
            driver: { id: String(d.id), name: String(d.name), cnhCategory: d.cnh_category as "D", cnhExpiry: String(d.cnh_expiry), active: true },
            guide: g ? { id: String(g.id), name: String(g.name), cadasturExpiry: String(g.cadastur_expiry), active: true } : null,
            vehicle: { id: String(v.id), label: String(v.plate), type: v.type as "van", seats: Number(v.seats), insuranceExpiry: String(v.insurance_expiry), inspectionExpiry: String(v.inspection_expiry), active: true },
            capacity: Number(s.capacity),
          },
          accepted,
        );
        expect(problems, `${String(o.reference)} ${String(o.starts_at)}`).toEqual([]);
        accepted.push({ ...interval, id: String(o.id), driverId: String(o.driver_id), guideId: o.guide_id ? String(o.guide_id) : null, vehicleId: String(o.vehicle_id), status: "scheduled" });
      }
    }
  });
});
