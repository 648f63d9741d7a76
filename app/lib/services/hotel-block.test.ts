import { describe, expect, it } from "vitest";
import { airBlockSchema } from "~/lib/services/air-block.schema";
import { hotelBlockTotals, nightsBetween, parseGuests, planRooming, type RoomingRoom } from "~/lib/services/hotel-block";
import { hotelBlockSchema } from "~/lib/services/hotel-block.schema";

const room = (id: string, roomTypeId: string, roomIndex: number, guests: string[] = [], saleId: string | null = null): RoomingRoom => ({
  id,
  roomTypeId,
  roomIndex,
  guests: guests.map((name) => ({ name })),
  saleId,
});

describe("rooming list plan", () => {
  it("creates the missing rooms and deletes empty rooms beyond the quantity", () => {
    const rooms = [room("a1", "A", 1), room("a2", "A", 2), room("a3", "A", 3), room("b1", "B", 1)];
    expect(planRooming(rooms, [{ id: "A", quantity: 1 }, { id: "B", quantity: 3 }, { id: "C", quantity: 1 }])).toEqual({
      insert: [
        { roomTypeId: "B", roomIndex: 2 },
        { roomTypeId: "B", roomIndex: 3 },
        { roomTypeId: "C", roomIndex: 1 },
      ],
      remove: ["a2", "a3"],
      refused: [],
    });
  });

  it("refuses to drop a room with guests or a sale, also of a removed room type", () => {
    const rooms = [room("a1", "A", 1), room("a2", "A", 2, ["Ana"]), room("b1", "B", 1, [], "sale"), room("c1", "C", 1, ["  "])];
    const plan = planRooming(rooms, [{ id: "A", quantity: 1 }]);
    expect(plan.refused).toEqual([
      { roomTypeId: "A", inUse: 1 },
      { roomTypeId: "B", inUse: 1 },
    ]);
    // A blank name is no guest: room type C goes.
    expect(plan.remove).toEqual(["c1"]);
  });

  it("reads guests one per line, trimmed, at most 12", () => {
    expect(parseGuests(" Maria  Silva \r\n\nJoão ")).toEqual([{ name: "Maria Silva" }, { name: "João" }]);
    expect(parseGuests("")).toEqual([]);
    expect(parseGuests(Array.from({ length: 13 }, (_, i) => `P${i}`).join("\n"))).toBeNull();
    expect(parseGuests("x".repeat(121))).toBeNull();
  });
});

describe("hotel block totals", () => {
  it("counts nights, room nights, cost and price", () => {
    expect(nightsBetween("2027-12-30", "2028-01-02")).toBe(3);
    expect(
      hotelBlockTotals({ checkIn: "2027-12-20", checkOut: "2027-12-24" }, [
        { quantity: 3, nightlyCostCents: 40_000, nightlyPriceCents: 52_000 },
        { quantity: 2, nightlyCostCents: 60_000, nightlyPriceCents: 78_000 },
      ]),
    ).toEqual({ nights: 4, rooms: 5, roomNights: 20, costCents: 960_000, priceCents: 1_248_000 });
  });
});

describe("block schemas", () => {
  const base = { title: "T", hotelId: "h1", checkIn: "2027-12-20", checkOut: "2027-12-24", mealPlan: "breakfast", currency: "BRL" };
  it("takes room types with whole numbers and money, and refuses duplicated names", () => {
    const ok = hotelBlockSchema().safeParse({ ...base, roomTypes: [{ name: "Duplo", occupancy: "2", quantity: "3", nightlyCost: "1.200,50", nightlyPrice: "" }] });
    expect(ok.success && ok.data.roomTypes[0]).toEqual({ id: null, name: "Duplo", occupancy: 2, quantity: 3, nightlyCost: 120_050, nightlyPrice: 0 });
    const dup = hotelBlockSchema().safeParse({ ...base, roomTypes: [{ name: "Duplo", occupancy: "2", quantity: "1" }, { name: "duplo", occupancy: "2", quantity: "1" }] });
    expect(dup.success).toBe(false);
    expect(hotelBlockSchema().safeParse({ ...base, roomTypes: [{ name: "Duplo", occupancy: "2", quantity: "1.5" }] }).success).toBe(false);
  });

  it("normalises flights and airports and stores times as UTC", () => {
    const parsed = airBlockSchema("America/Sao_Paulo").safeParse({
      title: "T",
      airlineId: "a1",
      seats: "10",
      currency: "BRL",
      segments: [{ flightNumber: "la3050", fromIata: "gru", toIata: "poa", departureAt: "2027-07-10T22:30", arrivalAt: "2027-07-11T00:05" }],
    });
    expect(parsed.success && parsed.data.segments[0]).toMatchObject({ flightNumber: "LA 3050", fromIata: "GRU", toIata: "POA", departureAt: "2027-07-11T01:30:00.000Z", arrivalAt: "2027-07-11T03:05:00.000Z" });
  });
});
