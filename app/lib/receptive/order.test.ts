import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CNH_CATEGORIES, FLEET_VEHICLE_TYPES } from "~/db/schema/receptive";
import {
  agendaDays,
  agendaStep,
  assignmentProblems,
  cnhAllows,
  orderDays,
  orderEnd,
  orderErr,
  overlaps,
  type DriverFacts,
  type GuideFacts,
  type ScheduledOrder,
  type VehicleFacts,
} from "~/lib/receptive/order";

const driver: DriverFacts = { id: "d1", name: "Carlos", cnhCategory: "D", cnhExpiry: "2027-01-31", active: true };
const guide: GuideFacts = { id: "g1", name: "Ana", cadasturExpiry: "2027-01-31", active: true };
const van: VehicleFacts = { id: "v1", label: "ABC1D23", type: "van", seats: 15, insuranceExpiry: "2027-01-31", inspectionExpiry: "2027-01-31", active: true };
const order = (startsAt: string, endsAt: string, passengers = 10) => ({ id: null, startsAt, endsAt, passengers, status: "scheduled", days: { first: startsAt.slice(0, 10), last: endsAt.slice(0, 10) } });
const messages = (p: { message: string }[]) => p.map((x) => x.message);

describe("assignment rules", () => {
  const base = order("2027-01-10T12:00:00.000Z", "2027-01-10T14:00:00.000Z");
  const all = { driver, guide, vehicle: van, capacity: 0 };

  it("accepts valid documents, free people and enough seats", () => {
    expect(assignmentProblems(base, all, [])).toEqual([]);
  });

  it("refuses the same driver, guide or vehicle at an overlapping time, not back to back", () => {
    const other: ScheduledOrder = { id: "o2", startsAt: "2027-01-10T13:59:00.000Z", endsAt: "2027-01-10T15:00:00.000Z", driverId: "d1", guideId: "g1", vehicleId: "v1", status: "scheduled" };
    expect(assignmentProblems(base, all, [other]).map((p) => [p.field, p.message])).toEqual([
      ["driverId", orderErr.busy],
      ["guideId", orderErr.busy],
      ["vehicleId", orderErr.busy],
    ]);
    const after = { ...other, startsAt: "2027-01-10T14:00:00.000Z" };
    expect(assignmentProblems(base, all, [after])).toEqual([]);
    expect(assignmentProblems(base, all, [{ ...other, status: "cancelled" }])).toEqual([]);
  });

  it("reads documents as valid through their expiry day, on the order's last day", () => {
    const onExpiry = order("2027-01-31T20:00:00.000Z", "2027-01-31T22:00:00.000Z");
    expect(assignmentProblems(onExpiry, all, [])).toEqual([]);
    const overnight = { ...onExpiry, days: { first: "2027-01-31", last: "2027-02-01" } };
    expect(messages(assignmentProblems(overnight, all, []))).toEqual([orderErr.cnhExpired, orderErr.cadasturExpired, orderErr.insuranceExpired, orderErr.inspectionExpired]);
    expect(messages(assignmentProblems(base, { ...all, guide: { ...guide, cadasturExpiry: null } }, []))).toEqual([orderErr.cadasturExpired]);
  });

  it("refuses more passengers than seats or than the service's capacity", () => {
    expect(messages(assignmentProblems({ ...base, passengers: 16 }, all, []))).toEqual([orderErr.seats]);
    expect(messages(assignmentProblems({ ...base, passengers: 12 }, { ...all, capacity: 10 }, []))).toEqual([orderErr.capacity]);
  });

  it("refuses a category that cannot drive the vehicle, and inactive records", () => {
    expect(messages(assignmentProblems(base, { ...all, driver: { ...driver, cnhCategory: "B" } }, []))).toEqual([orderErr.cnhCategory]);
    expect(messages(assignmentProblems(base, { ...all, vehicle: { ...van, active: false } }, []))).toEqual([orderErr.inactive]);
  });

  it("lets a cancelled order through whatever it assigns", () => {
    expect(assignmentProblems({ ...base, status: "cancelled", passengers: 99 }, { ...all, driver: { ...driver, cnhExpiry: "2000-01-01" } }, [])).toEqual([]);
  });
});

describe("CNH categories", () => {
  it("D and E drive buses, micros and vans over 8 seats; B drives cars; A drives neither", () => {
    for (const type of FLEET_VEHICLE_TYPES) {
      for (const category of CNH_CATEGORIES) {
        const big = { type, seats: 40 };
        const small = { type, seats: 4 };
        const professional = ["D", "E", "AD", "AE"].includes(category);
        const car = category !== "A";
        if (type === "bus" || type === "double_decker" || type === "minibus") expect(cnhAllows(category, small), `${category} ${type}`).toBe(professional);
        else {
          expect(cnhAllows(category, big), `${category} ${type} 40`).toBe(professional);
          expect(cnhAllows(category, small), `${category} ${type} 4`).toBe(car);
        }
      }
    }
  });
});

describe("the schedule never double-books (property)", () => {
  it("orders accepted one by one by the rules never overlap on a driver, guide or vehicle", () => {
    const slot = fc.record({
      start: fc.integer({ min: 0, max: 48 }),
      length: fc.integer({ min: 1, max: 12 }),
      driverId: fc.constantFrom(null, "d1", "d2"),
      guideId: fc.constantFrom(null, "g1", "g2"),
      vehicleId: fc.constantFrom(null, "v1", "v2"),
      cancelled: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(slot, { maxLength: 40 }), (slots) => {
        const accepted: ScheduledOrder[] = [];
        const t0 = Date.parse("2027-01-10T00:00:00.000Z");
        slots.forEach((s, i) => {
          const startsAt = new Date(t0 + s.start * 30 * 60_000).toISOString();
          const endsAt = new Date(t0 + (s.start + s.length) * 30 * 60_000).toISOString();
          const status = s.cancelled ? "cancelled" : "scheduled";
          const problems = assignmentProblems(
            { id: `o${i}`, startsAt, endsAt, passengers: 1, status, days: { first: "2027-01-10", last: "2027-01-11" } },
            {
              driver: s.driverId ? { ...driver, id: s.driverId } : null,
              guide: s.guideId ? { ...guide, id: s.guideId } : null,
              vehicle: s.vehicleId ? { ...van, id: s.vehicleId } : null,
              capacity: 0,
            },
            accepted,
          );
          if (problems.length === 0) accepted.push({ id: `o${i}`, startsAt, endsAt, driverId: s.driverId, guideId: s.guideId, vehicleId: s.vehicleId, status });
        });
        const live = accepted.filter((o) => o.status !== "cancelled");
        for (const a of live)
          for (const b of live) {
            if (a === b || !overlaps(a, b)) continue;
            for (const k of ["driverId", "guideId", "vehicleId"] as const) if (a[k]) expect(a[k]).not.toBe(b[k]);
          }
      }),
      { numRuns: 500 },
    );
  });
});

describe("agenda and days", () => {
  it("a week runs Monday to Sunday around the day; the arrows move a day or a week", () => {
    expect(agendaDays("week", "2026-11-25")).toEqual(["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29"]);
    expect(agendaDays("week", "2026-11-29")[0]).toBe("2026-11-23");
    expect(agendaDays("week", "2026-11-30")[0]).toBe("2026-11-30");
    expect(agendaDays("day", "2026-11-25")).toEqual(["2026-11-25"]);
    expect(agendaStep("week", "2026-12-28", 1)).toBe("2027-01-04");
    expect(agendaStep("day", "2026-03-01", -1)).toBe("2026-02-28");
  });
  it("an order's days are read in the agency's zone; its end comes from the duration", () => {
    const end = orderEnd("2027-01-10T01:30:00.000Z", 90);
    expect(end).toBe("2027-01-10T03:00:00.000Z");
    // 22:30 → 00:00 in São Paulo: the last minute is still the 9th.
    expect(orderDays({ startsAt: "2027-01-10T01:30:00.000Z", endsAt: end }, "America/Sao_Paulo")).toEqual({ first: "2027-01-09", last: "2027-01-09" });
  });
});
