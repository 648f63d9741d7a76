import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applySeatEvent,
  HOLD_MS,
  holdExpiry,
  lapsedHolds,
  mmss,
  nextExpiry,
  parseSeat,
  parseSeatRoom,
  refuseHold,
  seatRoomName,
  secondsLeft,
  sellableSeats,
  type HeldSeat,
} from "~/lib/sales/seats";
import type { SeatLayout } from "~/lib/services/seat-layout";

const layout: SeatLayout = {
  decks: [
    {
      level: "lower",
      rows: [
        [{ kind: "driver" }, { kind: "aisle" }, { kind: "door" }],
        [{ kind: "seat", number: 1 }, { kind: "aisle" }, { kind: "seat", number: 2, blocked: "crew" }],
        [{ kind: "seat", number: 3 }, { kind: "aisle" }, { kind: "seat", number: 4 }],
      ],
    },
  ],
};

describe("holds", () => {
  it("last ten minutes", () => {
    expect(holdExpiry("2026-11-25T10:00:00.000Z")).toBe("2026-11-25T10:10:00.000Z");
    expect(HOLD_MS).toBe(600_000);
  });

  it("sell only the layout's unblocked seats", () => {
    expect([...sellableSeats(layout)].sort()).toEqual([1, 3, 4]);
  });

  it("are refused when the trip does not sell, the sale is cancelled, or the seat is not the map's", () => {
    const base = { selling: true, saleOpen: true, layout, seat: 1 };
    expect(refuseHold(base)).toBeNull();
    expect(refuseHold({ ...base, selling: false })).toBe("notSelling");
    expect(refuseHold({ ...base, saleOpen: false })).toBe("saleClosed");
    expect(refuseHold({ ...base, seat: 2 })).toBe("noSuchSeat");
    expect(refuseHold({ ...base, seat: 99 })).toBe("noSuchSeat");
    expect(refuseHold({ ...base, seat: null })).toBe("seatRequired");
    expect(refuseHold({ ...base, layout: null, seat: null })).toBeNull();
    expect(refuseHold({ ...base, layout: null, seat: 3 })).toBe("noSeatChoice");
  });

  it("lapse at their expiry, and the next alarm is the earliest expiry ahead", () => {
    const now = "2026-11-25T10:00:00.000Z";
    const holds: HeldSeat[] = [
      { seat: 1, expiresAt: "2026-11-25T09:59:59.000Z" },
      { seat: 3, expiresAt: now },
      { seat: 4, expiresAt: "2026-11-25T10:05:00.000Z" },
      { seat: 5, expiresAt: "2026-11-25T10:03:00.000Z" },
      { seat: 6, expiresAt: null },
    ];
    expect(lapsedHolds(holds, now).map((h) => h.seat)).toEqual([1, 3]);
    expect(nextExpiry(holds, now)).toBe("2026-11-25T10:03:00.000Z");
    expect(nextExpiry([{ seat: 6, expiresAt: null }], now)).toBeNull();
  });

  it("a lapsed hold and a live one partition the holds (property)", () => {
    const iso = fc.integer({ min: 0, max: 10_000 }).map((s) => new Date(Date.UTC(2026, 0, 1) + s * 1000).toISOString());
    fc.assert(
      fc.property(fc.array(fc.record({ seat: fc.integer({ min: 1, max: 999 }), expiresAt: fc.option(iso, { nil: null }) })), iso, (holds, now) => {
        const lapsed = lapsedHolds(holds, now);
        const next = nextExpiry(holds, now);
        for (const h of lapsed) expect(h.expiresAt! <= now).toBe(true);
        if (next !== null) {
          expect(next > now).toBe(true);
          for (const h of holds) if (h.expiresAt !== null && h.expiresAt > now) expect(next <= h.expiresAt).toBe(true);
        } else expect(holds.every((h) => h.expiresAt === null || h.expiresAt <= now)).toBe(true);
      }),
    );
  });

  it("count down in whole seconds", () => {
    const t = Date.parse("2026-11-25T10:00:00.000Z");
    expect(secondsLeft("2026-11-25T10:10:00.000Z", t)).toBe(600);
    expect(secondsLeft("2026-11-25T10:00:00.500Z", t)).toBe(1);
    expect(secondsLeft("2026-11-25T09:00:00.000Z", t)).toBe(0);
    expect(secondsLeft(null, t)).toBeNull();
    expect(mmss(600)).toBe("10:00");
    expect(mmss(65)).toBe("1:05");
  });
});

describe("posted seats and room names", () => {
  it("parse seats 1..999 only", () => {
    expect(parseSeat("12")).toBe(12);
    expect(parseSeat(" 7 ")).toBe(7);
    for (const bad of ["0", "1000", "-1", "1.5", "abc", "", null, undefined, 3]) expect(parseSeat(bad)).toBeNull();
  });

  it("round-trip the room name", () => {
    expect(parseSeatRoom(seatRoomName("a1", "e2"))).toEqual({ agencyId: "a1", excursionId: "e2" });
    for (const bad of ["a1", "a1:", ":e2", "a:b:c", ""]) expect(parseSeatRoom(bad)).toBeNull();
  });
});

describe("the live map", () => {
  it("applies seat events: held by me, held by another, sold, freed", () => {
    let states = applySeatEvent({}, { seat: 1, state: "held", by: "me", expiresAt: "x" }, "me");
    states = applySeatEvent(states, { seat: 3, state: "held", by: "other", expiresAt: "y" }, "me");
    expect(states).toEqual({ 1: { state: "held", mine: true, expiresAt: "x" }, 3: { state: "held", mine: false, expiresAt: "y" } });
    states = applySeatEvent(states, { seat: 3, state: "sold", by: "other", expiresAt: null }, "me");
    states = applySeatEvent(states, { seat: 1, state: "free", by: null, expiresAt: null }, "me");
    expect(states).toEqual({ 3: { state: "sold", mine: false, expiresAt: null } });
  });
});
