import { describe, expect, it } from "vitest";
import { buildDailyReport, entryLines, itemSections, localParts, reportCsvRows, shiftDay, wrapNames, wrapWords, type ItemInput, type ReportLabels } from "~/lib/sales/daily-report";

const SP = "America/Sao_Paulo";
const labels: ReportLabels = { section: (s) => `S:${s}`, productKind: (k) => `K:${k}`, serviceKind: (k) => `R:${k}`, noBoarding: "none", plate: (p) => p };

const item = (over: Partial<ItemInput>): ItemInput => ({
  id: "i1",
  saleId: "s1",
  saleNumber: 7,
  productKind: "hotel",
  description: "Hotel Copacabana",
  startDate: "2026-03-10",
  endDate: "2026-03-12",
  startTime: "14:00",
  endTime: "12:00",
  locator: "ABC123",
  supplierName: "Rede Hotéis",
  passengers: ["Ana", "Bruno"],
  ...over,
});

const trip = {
  id: "x1",
  title: "Serra Gaúcha",
  // 01:30 UTC on the 11th is 22:30 on the 10th in São Paulo.
  departureAt: "2026-03-11T01:30:00.000Z",
  returnAt: "2026-03-14T23:00:00.000Z",
  stops: [
    { id: "b2", name: "Rodoviária", departureAt: "2026-03-11T02:15:00.000Z" },
    { id: "b1", name: "Terminal Tietê", departureAt: "2026-03-11T01:30:00.000Z" },
  ],
  passengers: [
    { name: "Carla", seat: "3", boardingId: "b1" },
    { name: "Davi", seat: "4", boardingId: "b2" },
    { name: "Eva", seat: null, boardingId: null },
  ],
};

describe("the agency's day", () => {
  it("reads an instant in the zone", () => {
    expect(localParts("2026-03-11T01:30:00.000Z", SP)).toEqual({ day: "2026-03-10", time: "22:30" });
    expect(localParts("2026-03-11T01:30:00.000Z", "UTC")).toEqual({ day: "2026-03-11", time: "01:30" });
    expect(shiftDay("2026-03-01", -1)).toBe("2026-02-28");
    expect(shiftDay("2026-12-31", 1)).toBe("2027-01-01");
  });

  it("puts a departure at 01:30 UTC on the previous day in São Paulo, and not on its UTC day", () => {
    const on10 = buildDailyReport("2026-03-10", SP, { departures: [trip], items: [], orders: [] });
    expect(on10.sections.map((s) => s.section)).toEqual(["departures"]);
    const on11 = buildDailyReport("2026-03-11", SP, { departures: [trip], items: [], orders: [] });
    expect(on11.count).toBe(0);
    // The return at 23:00 UTC on the 14th is 20:00 on the 14th.
    const on14 = buildDailyReport("2026-03-14", SP, { departures: [trip], items: [], orders: [] });
    expect(on14.sections[0]).toMatchObject({ section: "returns", entries: [{ time: "20:00", passengerCount: 3 }] });
  });

  it("lists each boarding point by time with its passengers, and those without one last", () => {
    const [departure] = buildDailyReport("2026-03-10", SP, { departures: [trip], items: [], orders: [] }).sections[0]!.entries;
    expect(departure!.stops).toEqual([
      { time: "22:30", place: "Terminal Tietê", passengers: [{ name: "Carla", seat: "3" }] },
      { time: "23:15", place: "Rodoviária", passengers: [{ name: "Davi", seat: "4" }] },
      { time: "22:30", place: "", passengers: [{ name: "Eva", seat: null }] },
    ]);
    const csv = reportCsvRows(buildDailyReport("2026-03-10", SP, { departures: [trip], items: [], orders: [] }), labels);
    expect(csv.map((r) => [r.time, r.details, r.passengers])).toEqual([
      ["22:30", "Terminal Tietê", "Carla (3)"],
      ["23:15", "Rodoviária", "Davi (4)"],
      ["22:30", "none", "Eva"],
    ]);
  });
});

describe("emissivo items", () => {
  it("a hotel appears on its check-in and check-out days, a flight on its days, other kinds on their first day", () => {
    expect(itemSections(item({}), "2026-03-10")).toEqual([{ section: "checkins", time: "14:00" }]);
    expect(itemSections(item({}), "2026-03-12")).toEqual([{ section: "checkouts", time: "12:00" }]);
    expect(itemSections(item({}), "2026-03-11")).toEqual([]);
    expect(itemSections(item({ endDate: "2026-03-10" }), "2026-03-10")).toEqual([
      { section: "checkins", time: "14:00" },
      { section: "checkouts", time: "12:00" },
    ]);
    expect(itemSections(item({ productKind: "air", startTime: "07:05" }), "2026-03-10")).toEqual([{ section: "flights", time: "07:05" }]);
    expect(itemSections(item({ productKind: "air", endTime: "21:40" }), "2026-03-12")).toEqual([{ section: "flights", time: "21:40" }]);
    expect(itemSections(item({ productKind: "transfer", startTime: "9:00" }), "2026-03-10")).toEqual([{ section: "services", time: null }]);
    expect(itemSections(item({ productKind: "tour" }), "2026-03-12")).toEqual([]);
  });

  it("groups by section in the report's order and sorts by time, unknown times last", () => {
    const report = buildDailyReport("2026-03-10", SP, {
      departures: [trip],
      items: [
        item({ id: "h" }),
        item({ id: "f2", productKind: "air", description: "GRU-SSA", startTime: "18:00" }),
        item({ id: "f1", productKind: "air", description: "GRU-REC", startTime: "06:00" }),
        item({ id: "t0", productKind: "transfer", description: "Traslado", startTime: null }),
        item({ id: "t1", productKind: "tour", description: "Passeio", startTime: "10:00" }),
      ],
      orders: [
        {
          id: "o1",
          serviceName: "Transfer IN",
          serviceKind: "transfer_in",
          startsAt: "2026-03-10T12:00:00.000Z",
          endsAt: "2026-03-10T13:00:00.000Z",
          passengers: 4,
          reference: "Grupo X",
          pickup: "Aeroporto",
          dropoff: "Hotel",
          driverName: "Zé",
          vehiclePlate: "ABC1D23",
          guideName: null,
        },
        // Starts on the 11th in São Paulo: not this day.
        { id: "o2", serviceName: "Late", serviceKind: "other", startsAt: "2026-03-11T03:30:00.000Z", endsAt: "2026-03-11T04:00:00.000Z", passengers: 1, reference: null, pickup: null, dropoff: null, driverName: null, vehiclePlate: null, guideName: null },
      ],
    });
    expect(report.sections.map((s) => s.section)).toEqual(["departures", "checkins", "flights", "services", "receptive"]);
    expect(report.sections.find((s) => s.section === "flights")!.entries.map((e) => e.title)).toEqual(["GRU-REC", "GRU-SSA"]);
    expect(report.sections.find((s) => s.section === "services")!.entries.map((e) => e.title)).toEqual(["Passeio", "Traslado"]);
    const receptive = report.sections.find((s) => s.section === "receptive")!.entries;
    expect(receptive).toHaveLength(1);
    expect(receptive[0]).toMatchObject({ time: "09:00", until: "10:00", passengerCount: 4, driver: "Zé" });
    expect(report.count).toBe(7);
    const csv = reportCsvRows(report, labels);
    expect(csv.find((r) => r.service === "Hotel Copacabana")).toMatchObject({ section: "S:checkins", sale: "7", reference: "ABC123", supplier: "Rede Hotéis", passengers: "Ana, Bruno", details: "K:hotel" });
    expect(csv.find((r) => r.service === "Transfer IN")).toMatchObject({ time: "09:00–10:00", details: "R:transfer_in · Aeroporto → Hotel · Zé · ABC1D23", reference: "Grupo X" });
  });

  it("an empty day has no sections", () => {
    expect(buildDailyReport("2026-03-10", SP, { departures: [], items: [], orders: [] })).toEqual({ day: "2026-03-10", sections: [], count: 0 });
  });
});

describe("printed lines", () => {
  it("wraps long passenger lists without losing a name", () => {
    const names = Array.from({ length: 40 }, (_, i) => `Passageiro ${i + 1}`);
    const lines = wrapNames(names, 50);
    expect(lines.every((l) => l.length <= 51)).toBe(true);
    expect(lines.join(" ").split(", ").length).toBe(40);
    const departure = buildDailyReport("2026-03-10", SP, { departures: [trip], items: [], orders: [] }).sections[0]!.entries[0]!;
    expect(wrapWords("SALIDAS DE EXCURSIONES (12)", 20)).toEqual(["SALIDAS DE", "EXCURSIONES (12)"]);
    expect(entryLines(departure, { ...labels, passengersCount: (n) => `${n} pax` })[0]).toBe("22:30 Terminal Tietê — 1 pax");
  });
});
