import { describe, expect, it } from "vitest";
import { manifestCells, manifestRows, MISSING } from "~/lib/excursions/manifest";
import { boardingGroups, compareSeats, inSeatOrder, occupancyOf, roomingGroups, seatStates, type OperationalBoarding, type OperationalPassenger } from "~/lib/excursions/operational";

let n = 0;
const pax = (over: Partial<OperationalPassenger> = {}): OperationalPassenger => ({
  id: `p${++n}`,
  status: "confirmed",
  holdExpiresAt: null,
  seat: null,
  name: `Pessoa ${n}`,
  documentType: "rg",
  documentNumber: "123",
  birthDate: null,
  ageBand: "adult",
  roomType: null,
  roomLabel: null,
  boardingId: null,
  phone: null,
  ...over,
});

const NOW = "2027-07-01T12:00:00.000Z";
const boardings: OperationalBoarding[] = [
  { id: "b-late", name: "Campinas", address: null, departureAt: "2027-07-10T23:30:00.000Z", position: 0 },
  { id: "b-early", name: "São Paulo - Tietê", address: "Av. Cruzeiro do Sul, 1800", departureAt: "2027-07-10T22:00:00.000Z", position: 1 },
  { id: "b-same", name: "Jundiaí", address: null, departureAt: "2027-07-10T23:30:00.000Z", position: 1 },
];

describe("seat order", () => {
  it("numbered seats by number (10 after 9), then named seats, then passengers with no seat; ties by name", () => {
    const list = [pax({ seat: "10", name: "A" }), pax({ seat: null, name: "Zé" }), pax({ seat: "9", name: "B" }), pax({ seat: "2A", name: "C" }), pax({ seat: null, name: "Ana" }), pax({ seat: " ", name: "Bia" })];
    expect(inSeatOrder(list).map((p) => p.name)).toEqual(["B", "A", "C", "Ana", "Bia", "Zé"]);
    expect(compareSeats({ seat: "1", name: "b" }, { seat: "1", name: "a" })).toBeGreaterThan(0);
  });
});

describe("occupancy", () => {
  it("confirmed is sold; a hold counts until it lapses (none: until the sale decides); cancelled never", () => {
    expect(occupancyOf({ status: "confirmed", holdExpiresAt: null }, NOW)).toBe("sold");
    expect(occupancyOf({ status: "held", holdExpiresAt: null }, NOW)).toBe("held");
    expect(occupancyOf({ status: "held", holdExpiresAt: "2027-07-01T12:00:00.001Z" }, NOW)).toBe("held");
    expect(occupancyOf({ status: "held", holdExpiresAt: NOW }, NOW)).toBeNull();
    expect(occupancyOf({ status: "cancelled", holdExpiresAt: null }, NOW)).toBeNull();
  });

  it("the seat map's states: numbered seats only, sold wins", () => {
    const states = seatStates(
      [
        pax({ seat: "1" }),
        pax({ seat: "2", status: "held" }),
        pax({ seat: "3", status: "held", holdExpiresAt: "2027-06-30T00:00:00.000Z" }),
        pax({ seat: "4", status: "cancelled" }),
        pax({ seat: "X1" }),
        pax({ seat: null }),
      ],
      NOW,
    );
    expect(states).toEqual({ 1: "sold", 2: "held" });
  });
});

describe("rooming", () => {
  it("groups by room label in natural order with the room's type; no label last", () => {
    const groups = roomingGroups([
      pax({ name: "Carla", roomLabel: "Q10", roomType: "double" }),
      pax({ name: "Ana", roomLabel: "Q2", roomType: null }),
      pax({ name: "Bruno", roomLabel: "Q2", roomType: "triple", seat: "1" }),
      pax({ name: "Davi", roomLabel: null }),
      pax({ name: "Eva", roomLabel: "  " }),
      pax({ name: "Fábio", roomLabel: "Q10", roomType: "double" }),
    ]);
    expect(groups.map((g) => [g.label, g.roomType, g.passengers.map((p) => p.name)])).toEqual([
      ["Q2", "triple", ["Bruno", "Ana"]],
      ["Q10", "double", ["Carla", "Fábio"]],
      [null, null, ["Davi", "Eva"]],
    ]);
  });

  it("nobody: no groups", () => {
    expect(roomingGroups([])).toEqual([]);
  });
});

describe("boarding list", () => {
  it("every point in order of time (then position), passengers in seat order; unknown points last", () => {
    const groups = boardingGroups(boardings, [
      pax({ name: "Ana", boardingId: "b-late", seat: "12" }),
      pax({ name: "Bia", boardingId: "b-late", seat: "3" }),
      pax({ name: "Caio", boardingId: "b-early", seat: "5" }),
      pax({ name: "Dora", boardingId: "gone", seat: "7" }),
      pax({ name: "Edu", boardingId: null }),
    ]);
    expect(groups.map((g) => [g.boarding?.name ?? null, g.passengers.map((p) => p.name)])).toEqual([
      ["São Paulo - Tietê", ["Caio"]],
      ["Campinas", ["Bia", "Ana"]],
      ["Jundiaí", []],
      [null, ["Dora", "Edu"]],
    ]);
  });
});

describe("manifest rows", () => {
  it("numbered in seat order with the boarding point and its time; missing values as —", () => {
    const rows = manifestRows(
      [
        pax({ name: " Zuleica Prado ", seat: "2", documentType: "passport", documentNumber: "FX123456", boardingId: "b-early" }),
        pax({ name: "Ana Souza", seat: "14", documentType: null, documentNumber: null, boardingId: null }),
        pax({ name: "Bruno Lima", seat: "1", documentType: "rg", documentNumber: "  ", boardingId: "b-late" }),
      ],
      boardings,
    );
    expect(rows).toEqual([
      { number: 1, name: "Bruno Lima", documentType: "rg", documentNumber: MISSING, seat: "1", boardingPoint: "Campinas", boardingAt: "2027-07-10T23:30:00.000Z" },
      { number: 2, name: "Zuleica Prado", documentType: "passport", documentNumber: "FX123456", seat: "2", boardingPoint: "São Paulo - Tietê", boardingAt: "2027-07-10T22:00:00.000Z" },
      { number: 3, name: "Ana Souza", documentType: null, documentNumber: MISSING, seat: "14", boardingPoint: MISSING, boardingAt: null },
    ]);
    const cells = rows.map((r) => manifestCells(r, { documentType: (t) => t.toUpperCase(), time: (iso) => iso.slice(11, 16) }));
    expect(cells[0]).toEqual({ number: "1", name: "Bruno Lima", documentType: "RG", documentNumber: MISSING, seat: "1", boardingPoint: "Campinas", boardingTime: "23:30" });
    expect(cells[2]).toMatchObject({ documentType: MISSING, boardingPoint: MISSING, boardingTime: MISSING });
  });

  it("a trip without seat choice: every seat is —, lines in name order", () => {
    const rows = manifestRows([pax({ name: "Carlos" }), pax({ name: "álvaro" }), pax({ name: "Beatriz" })], []);
    expect(rows.map((r) => [r.number, r.name, r.seat])).toEqual([
      [1, "álvaro", MISSING],
      [2, "Beatriz", MISSING],
      [3, "Carlos", MISSING],
    ]);
  });

  it("no passengers: no lines", () => {
    expect(manifestRows([], boardings)).toEqual([]);
  });
});
