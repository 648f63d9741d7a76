import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canPublish, excErr, lockedChanges, parseComponentRef, refusedByManifestLock, shiftDays, type LockedFacts } from "~/lib/excursions/excursion";
import { cloneSchema, excursionSchema } from "~/lib/excursions/excursion.schema";
import { EXCURSION_STATUSES } from "~/lib/excursions/status";

const TZ = "America/Sao_Paulo";
const schema = excursionSchema(TZ);
const base = {
  title: "Gramado Natal Luz",
  destinationId: "dest-1",
  departureAt: "2027-12-10T21:00",
  returnAt: "2027-12-15T18:00",
  charterId: "charter-1",
  currency: "BRL",
};
const errorsOf = (input: Record<string, unknown>) => {
  const r = schema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("the excursion form's schema", () => {
  it("turns local date-times into UTC instants in the agency's zone and keeps the rows as typed", () => {
    const r = schema.parse({
      ...base,
      boardings: [{ boardingPointId: "p1", departureAt: "2027-12-10T21:00" }, { boardingPointId: "p2", departureAt: "" }, { boardingPointId: "", departureAt: "" }],
      components: [{ ref: "guide:g1", notes: "" }, { ref: "", notes: "" }],
      prices: { double: { adult: "1.890,00", child: "" } },
      includes: "Ônibus\n\n  Guia  ",
    });
    expect(r.departureAt).toBe("2027-12-11T00:00:00.000Z");
    expect(r.returnAt).toBe("2027-12-15T21:00:00.000Z");
    expect(r.boardings).toEqual([
      { id: null, boardingPointId: "p1", departureAt: "2027-12-11T00:00:00.000Z" },
      // An empty time: the point's offset, resolved by the server.
      { id: null, boardingPointId: "p2", departureAt: null },
    ]);
    expect(r.components).toEqual([{ id: null, kind: "guide", refId: "g1", notes: null }]);
    expect(r.prices).toEqual([{ roomType: "double", ageBand: "adult", priceCents: 189_000 }]);
    expect(r.includes).toEqual(["Ônibus", "Guia"]);
    // With a charter the capacity is the charter's (the server's); none typed is fine.
    expect(r.capacity).toBeNull();
    expect(r.minPassengers).toBe(1);
  });

  it("needs a capacity only without a charter, a return after the departure, real dates", () => {
    expect(errorsOf({ ...base, charterId: "" }).capacity).toBe(excErr.capacity);
    expect(errorsOf({ ...base, charterId: "", capacity: "1001" }).capacity).toBe(excErr.capacity);
    expect(errorsOf({ ...base, charterId: "", capacity: "40" })).toEqual({});
    expect(errorsOf({ ...base, returnAt: "2027-12-10T20:00" }).returnAt).toBe("services.errors.returnBeforeDeparture");
    expect(errorsOf({ ...base, departureAt: "2027-02-30T10:00" }).departureAt).toBe("services.errors.dateTime");
    expect(errorsOf({ ...base, departureAt: "" }).departureAt).toBe("validation.required");
    expect(errorsOf({ ...base, minPassengers: "-1" }).minPassengers).toBe(excErr.minPassengers);
  });

  it("refuses a boarding point or a component twice, a component of an unknown kind, a time without a point", () => {
    const twice = errorsOf({ ...base, boardings: [{ boardingPointId: "p1" }, { boardingPointId: "p1" }] });
    expect(twice["boardings.1.boardingPointId"]).toBe(excErr.boardingTwice);
    expect(errorsOf({ ...base, boardings: [{ departureAt: "2027-12-10T21:00" }] })["boardings.0.boardingPointId"]).toBe(excErr.boardingPoint);
    expect(errorsOf({ ...base, components: [{ ref: "guide:g1" }, { ref: "guide:g1" }] })["components.1.ref"]).toBe(excErr.componentTwice);
    expect(errorsOf({ ...base, components: [{ ref: "pilot:g1" }] })["components.0.ref"]).toBe(excErr.component);
    expect(errorsOf({ ...base, components: [{ ref: "", notes: "só nota" }] })["components.0.ref"]).toBe(excErr.component);
  });

  it("reads component references", () => {
    expect(parseComponentRef("hotel_block:abc-1")).toEqual({ kind: "hotel_block", id: "abc-1" });
    expect(parseComponentRef("driver:")).toBeNull();
    expect(parseComponentRef("driver:a b")).toBeNull();
    expect(parseComponentRef(null)).toBeNull();
  });

  it("never throws on arbitrary input (property)", () => {
    const value = fc.oneof(fc.string(), fc.constant(undefined), fc.array(fc.record({ boardingPointId: fc.string(), departureAt: fc.string(), ref: fc.string() }), { maxLength: 3 }));
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom("title", "departureAt", "returnAt", "capacity", "charterId", "boardings", "components", "prices", "minPassengers", "slug"), value), (input) => {
        schema.safeParse({ ...base, ...input });
      }),
    );
  });
});

describe("publishing and the manifest lock", () => {
  it("publishes only trips on sale or with sales closed", () => {
    expect(EXCURSION_STATUSES.filter(canPublish)).toEqual(["open", "closed"]);
  });

  const facts: LockedFacts = {
    departureAt: "2027-12-11T00:00:00.000Z",
    returnAt: "2027-12-15T21:00:00.000Z",
    charterId: "c1",
    vehicleId: "v1",
    boardings: [
      { boardingPointId: "p1", departureAt: "2027-12-11T00:00:00.000Z" },
      { boardingPointId: "p2", departureAt: "2027-12-11T00:30:00.000Z" },
    ],
    crew: [
      { kind: "guide", refId: "g1" },
      { kind: "driver", refId: "d1" },
      { kind: "hotel_block", refId: "h1" },
    ],
  };

  it("names each locked fact a save changes, ignoring order and non-crew components", () => {
    expect(lockedChanges(facts, { ...facts, boardings: [...facts.boardings].reverse(), crew: [facts.crew[1]!, facts.crew[0]!] })).toEqual([]);
    expect(lockedChanges(facts, { ...facts, crew: facts.crew.slice(0, 2) })).toEqual([]);
    expect(lockedChanges(facts, { ...facts, departureAt: "2027-12-11T01:00:00.000Z" })).toEqual(["departureAt"]);
    expect(lockedChanges(facts, { ...facts, returnAt: "2027-12-16T21:00:00.000Z", vehicleId: null })).toEqual(["returnAt", "vehicleId"]);
    expect(lockedChanges(facts, { ...facts, charterId: null })).toEqual(["charterId"]);
    expect(lockedChanges(facts, { ...facts, boardings: facts.boardings.slice(0, 1) })).toEqual(["boardings"]);
    expect(lockedChanges(facts, { ...facts, boardings: [facts.boardings[0]!, { boardingPointId: "p2", departureAt: "2027-12-11T00:45:00.000Z" }] })).toEqual(["boardings"]);
    expect(lockedChanges(facts, { ...facts, crew: [{ kind: "guide", refId: "g2" }] })).toEqual(["crew"]);
  });

  it("refuses a locked change only once the manifest is final and only for someone other than an Admin", () => {
    const changed = { ...facts, departureAt: "2027-12-12T00:00:00.000Z" };
    expect(refusedByManifestLock("Operacional", null, facts, changed)).toEqual([]);
    expect(refusedByManifestLock("Operacional", "2027-12-01T10:00:00.000Z", facts, changed)).toEqual(["departureAt"]);
    expect(refusedByManifestLock("Agente", "2027-12-01T10:00:00.000Z", facts, changed)).toEqual(["departureAt"]);
    expect(refusedByManifestLock("Admin", "2027-12-01T10:00:00.000Z", facts, changed)).toEqual([]);
    expect(refusedByManifestLock("Operacional", "2027-12-01T10:00:00.000Z", facts, facts)).toEqual([]);
  });
});

describe("clone", () => {
  it("takes an integer offset within a year and a title", () => {
    expect(cloneSchema.parse({ offsetDays: "7", title: "Cópia" })).toEqual({ offsetDays: 7, title: "Cópia" });
    expect(cloneSchema.parse({ offsetDays: "-365", title: "x" }).offsetDays).toBe(-365);
    for (const offsetDays of ["366", "-366", "1.5", "", "sete", "1e2"]) expect(cloneSchema.safeParse({ offsetDays, title: "x" }).success, offsetDays).toBe(false);
    expect(cloneSchema.safeParse({ offsetDays: "7", title: " " }).success).toBe(false);
  });

  it("shifts an instant by whole calendar days, keeping the local time across a daylight-saving change", () => {
    expect(shiftDays("2027-12-11T00:00:00.000Z", 7, TZ)).toBe("2027-12-18T00:00:00.000Z");
    expect(shiftDays("2027-12-11T00:00:00.000Z", -11, TZ)).toBe("2027-11-30T00:00:00.000Z");
    // Lisbon leaves summer time on 2027-10-31: 09:00 local stays 09:00 local.
    expect(shiftDays("2027-10-30T08:00:00.000Z", 1, "Europe/Lisbon")).toBe("2027-10-31T09:00:00.000Z");
    fc.assert(
      fc.property(fc.integer({ min: -365, max: 365 }), fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2030, 0, 1) }), (days, ms) => {
        const iso = new Date(Math.floor(ms / 60_000) * 60_000).toISOString();
        // São Paulo has had no daylight-saving time since 2019: exactly `days` × 24 h.
        expect(Date.parse(shiftDays(iso, days, TZ)) - Date.parse(iso)).toBe(days * 86_400_000);
      }),
    );
  });
});
