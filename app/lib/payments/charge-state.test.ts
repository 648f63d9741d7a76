import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyEvent, normaliseEventTime, settlementWanted, type ChargeFacts, type ChargeState } from "~/lib/payments/charge-state";

const start: ChargeState = { status: "PENDING", statusAt: null, lastEventAt: null, valueCents: 10_000, dueDate: "2026-05-10" };

const EVENTS = [
  "PAYMENT_CREATED",
  "PAYMENT_UPDATED",
  "PAYMENT_OVERDUE",
  "PAYMENT_CONFIRMED",
  "PAYMENT_RECEIVED",
  "PAYMENT_RECEIVED_IN_CASH",
  "PAYMENT_REFUNDED",
  "PAYMENT_REFUND_IN_PROGRESS",
  "PAYMENT_CHARGEBACK_REQUESTED",
  "PAYMENT_CHARGEBACK_DISPUTE",
  "PAYMENT_AWAITING_CHARGEBACK_REVERSAL",
  "PAYMENT_DELETED",
  "PAYMENT_AWAITING_RISK_ANALYSIS",
  "PAYMENT_RESTORED",
];

const fact = fc.record({
  event: fc.constantFrom(...EVENTS),
  // Few distinct instants, so ties happen.
  at: fc.constantFrom("", "2026-05-01T10:00:00.000Z", "2026-05-02T10:00:00.000Z", "2026-05-03T10:00:00.000Z"),
  paymentStatus: fc.constantFrom(null, "PENDING", "OVERDUE", "RECEIVED", "AWAITING_RISK_ANALYSIS"),
  valueCents: fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: null }),
  dueDate: fc.option(fc.constantFrom("2026-05-10", "2026-05-20", "2026-06-01"), { nil: null }),
}) as fc.Arbitrary<ChargeFacts>;

const fold = (events: readonly ChargeFacts[]) => events.reduce(applyEvent, start);

describe("charge state from events", () => {
  it("any order of the same events (repeats included) ends in the same state", () => {
    fc.assert(
      fc.property(fc.array(fact, { maxLength: 12 }), fc.integer(), (events, seed) => {
        const shuffled = [...events];
        let s = seed;
        for (let i = shuffled.length - 1; i > 0; i--) {
          s = (s * 1103515245 + 12345) & 0x7fffffff;
          const j = s % (i + 1);
          [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
        }
        const repeated = [...shuffled, ...events.slice(0, 3)];
        expect(fold(shuffled)).toEqual(fold(events));
        expect(fold(repeated)).toEqual(fold(events));
      }),
      { numRuns: 2000 },
    );
  });

  it("is idempotent: an event applied twice is applied once", () => {
    fc.assert(
      fc.property(fc.array(fact, { maxLength: 8 }), fact, (before, e) => {
        const once = applyEvent(fold(before), e);
        expect(applyEvent(once, e)).toEqual(once);
      }),
    );
  });

  it("never un-pays nor re-pays: OVERDUE after RECEIVED, RECEIVED after REFUNDED", () => {
    const t1 = "2026-05-01T10:00:00.000Z";
    const t2 = "2026-05-02T10:00:00.000Z";
    const received = fold([{ event: "PAYMENT_RECEIVED", at: t1 }, { event: "PAYMENT_OVERDUE", at: t2 }]);
    expect(received.status).toBe("RECEIVED");
    expect(settlementWanted(received.status)).toBe("settle");
    const refunded = fold([{ event: "PAYMENT_REFUNDED", at: t2 }, { event: "PAYMENT_RECEIVED", at: t1 }]);
    expect(refunded.status).toBe("REFUNDED");
    expect(settlementWanted(refunded.status)).toBe("reverse");
    expect(fold([{ event: "PAYMENT_CONFIRMED", at: t1 }, { event: "PAYMENT_RECEIVED", at: t2 }]).status).toBe("RECEIVED");
    expect(fold([{ event: "PAYMENT_RECEIVED", at: t2 }, { event: "PAYMENT_CONFIRMED", at: t1 }]).status).toBe("RECEIVED");
  });

  it("the open tier follows time: a due date moved later makes an overdue charge pending again", () => {
    const s = fold([
      { event: "PAYMENT_OVERDUE", at: "2026-05-11T10:00:00.000Z", valueCents: 10_000, dueDate: "2026-05-10" },
      { event: "PAYMENT_UPDATED", at: "2026-05-12T10:00:00.000Z", paymentStatus: "PENDING", valueCents: 12_000, dueDate: "2026-05-30" },
    ]);
    expect(s).toMatchObject({ status: "PENDING", valueCents: 12_000, dueDate: "2026-05-30" });
    expect(fold([{ event: "PAYMENT_DELETED", at: "2026-05-01T10:00:00.000Z" }, { event: "PAYMENT_OVERDUE", at: "2026-05-11T10:00:00.000Z" }]).status).toBe("DELETED");
  });

  it("reads Asaas's times (Brasília local without an offset) and ISO ones", () => {
    expect(normaliseEventTime("2026-05-01 10:20:30")).toBe("2026-05-01T13:20:30.000Z");
    expect(normaliseEventTime("2026-05-01T10:20:30Z")).toBe("2026-05-01T10:20:30.000Z");
    expect(normaliseEventTime("garbage")).toBe("");
    expect(normaliseEventTime(42)).toBe("");
  });
});
