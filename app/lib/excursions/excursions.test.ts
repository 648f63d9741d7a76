import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checklist, type ChecklistFacts } from "~/lib/excursions/checklist";
import { EXCURSION_MOVES, EXCURSION_STATUSES, refuseMove, type MoveFacts } from "~/lib/excursions/status";

const ready: MoveFacts = { priceTiers: 3, boardingPoints: 2, unconfirmedHolds: 0, departed: false, reason: null };

describe("the excursion's status machine", () => {
  it("allows exactly the listed moves (every pair tried)", () => {
    for (const from of EXCURSION_STATUSES)
      for (const to of EXCURSION_STATUSES) {
        const listed = EXCURSION_MOVES[from].includes(to);
        const facts = { ...ready, departed: to === "done", reason: "Estrada interditada" };
        expect(refuseMove(from, to, facts) === null, `${from} → ${to}`).toBe(listed);
      }
  });
  it("opens only with a price tier and a boarding point, before departure", () => {
    expect(refuseMove("draft", "open", { ...ready, priceTiers: 0 })).toBe("noPriceTier");
    expect(refuseMove("draft", "open", { ...ready, boardingPoints: 0 })).toBe("noBoardingPoint");
    expect(refuseMove("closed", "open", { ...ready, departed: true })).toBe("alreadyDeparted");
  });
  it("closes only without unconfirmed holds; is done only after departure; cancels only with a reason", () => {
    expect(refuseMove("open", "closed", { ...ready, unconfirmedHolds: 2 })).toBe("unconfirmedHolds");
    expect(refuseMove("closed", "done", ready)).toBe("notDeparted");
    expect(refuseMove("open", "cancelled", { ...ready, reason: "  " })).toBe("reasonRequired");
    expect(refuseMove("open", "cancelled", { ...ready, reason: "Chuva forte" })).toBeNull();
  });
  it("never leaves done or cancelled, whatever the facts (property)", () => {
    const facts = fc.record({ priceTiers: fc.nat(5), boardingPoints: fc.nat(5), unconfirmedHolds: fc.nat(5), departed: fc.boolean(), reason: fc.option(fc.string()) });
    fc.assert(
      fc.property(fc.constantFrom("done" as const, "cancelled" as const), fc.constantFrom(...EXCURSION_STATUSES), facts, (from, to, f) => refuseMove(from, to, f) === "notAllowed"),
    );
  });
});

const base: ChecklistFacts = {
  days: { first: "2027-07-10", last: "2027-07-17" },
  vehicle: { label: "BRA3456", type: "bus", seats: 46, insuranceExpiry: "2027-12-31", inspectionExpiry: "2027-12-31" },
  drivers: [{ name: "Carlos", cnhCategory: "D", cnhExpiry: "2028-01-01" }],
  guides: [{ name: "Ana", cadasturExpiry: "2027-07-17" }],
  antt: { number: "123456", validUntil: "2027-08-01" },
  passengers: { confirmed: 30, minimum: 25 },
};

describe("the pre-trip checklist", () => {
  it("passes when every document is valid through the last day and the minimum is reached", () => {
    const r = checklist(base);
    expect(r.ready).toBe(true);
    expect(r.items.map((i) => i.key)).toEqual(["insurance", "inspection", "driver", "cnhCategory", "guide", "antt", "minimum"]);
  });
  it("fails a document that expires the day before the return, passes one that expires on it", () => {
    expect(checklist({ ...base, guides: [{ name: "Ana", cadasturExpiry: "2027-07-16" }] }).items.find((i) => i.key === "guide")!.ok).toBe(false);
    expect(checklist({ ...base, guides: [{ name: "Ana", cadasturExpiry: "2027-07-17" }] }).items.find((i) => i.key === "guide")!.ok).toBe(true);
    expect(checklist({ ...base, antt: { number: "123456", validUntil: "2027-07-16" } }).ready).toBe(false);
    expect(checklist({ ...base, antt: { number: null, validUntil: "2028-01-01" } }).ready).toBe(false);
  });
  it("fails a B licence on a bus, a missing vehicle or driver, and too few passengers", () => {
    const b = checklist({ ...base, drivers: [{ name: "Bia", cnhCategory: "B", cnhExpiry: "2030-01-01" }] });
    expect(b.items.filter((i) => !i.ok).map((i) => i.key)).toEqual(["cnhCategory"]);
    expect(checklist({ ...base, vehicle: null }).items.filter((i) => !i.ok).map((i) => i.key)).toEqual(["vehicle"]);
    expect(checklist({ ...base, drivers: [] }).items.filter((i) => !i.ok).map((i) => i.key)).toEqual(["driver"]);
    expect(checklist({ ...base, passengers: { confirmed: 24, minimum: 25 } }).ready).toBe(false);
  });
});
