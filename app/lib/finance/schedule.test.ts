import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_CENTS } from "~/lib/finance/money";
import { addDays, dayNumber, termSchedule, type TermShape } from "~/lib/finance/schedule";

const day = fc
  .integer({ min: dayNumber("1990-01-01")!, max: dayNumber("2090-12-31")! })
  .map((n) => new Date(n * 86_400_000).toISOString().slice(0, 10));

const term: fc.Arbitrary<TermShape> = fc.record({
  downPaymentBp: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 10_000 })),
  installments: fc.integer({ min: 0, max: 120 }),
  firstDueDays: fc.integer({ min: 0, max: 3650 }),
  intervalKind: fc.constantFrom("days" as const, "day_of_month" as const),
  intervalDays: fc.integer({ min: 0, max: 3650 }),
  dayOfMonth: fc.option(fc.integer({ min: 1, max: 31 }), { nil: null }),
});

describe("termSchedule", () => {
  it("amounts sum to the total, dates never go back, count = installments (+1 with a down payment)", () => {
    fc.assert(
      fc.property(term, fc.integer({ min: 0, max: MAX_CENTS }), day, (t, total, start) => {
        const rows = termSchedule(t, total, start);
        const expected = t.installments === 0 ? 1 : t.installments + (t.downPaymentBp > 0 ? 1 : 0);
        expect(rows).toHaveLength(expected);
        expect(rows.reduce((s, r) => s + r.amountCents, 0)).toBe(total);
        // Plain checks in the loop (vitest's expect is slow over ~1M calls); the failing row is reported.
        const bad = rows.find(
          (r, i) =>
            r.no !== i + 1 ||
            r.count !== expected ||
            !Number.isInteger(r.amountCents) ||
            r.amountCents < 0 ||
            dayNumber(r.dueDate) === null ||
            r.dueDate < start ||
            (i > 0 && r.dueDate < rows[i - 1]!.dueDate),
        );
        expect(bad).toBeUndefined();
        if (t.downPaymentBp > 0) expect(rows[0]!.dueDate).toBe(start);
        // The installments after the down payment differ by at most one cent.
        const parts = rows.slice(t.downPaymentBp > 0 && t.installments > 0 ? 1 : 0).map((r) => r.amountCents);
        expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
      }),
      { numRuns: 3000 },
    );
  });

  it("by day of month: each installment on that day, clamped to shorter months, one month apart", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 31 }), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 400 }), day, (dom, n, first, start) => {
        const rows = termSchedule({ downPaymentBp: 0, installments: n, firstDueDays: first, intervalKind: "day_of_month", intervalDays: 0, dayOfMonth: dom }, 100_000, start);
        const from = addDays(start, first);
        expect(rows[0]!.dueDate >= from).toBe(true);
        for (let i = 0; i < rows.length; i++) {
          const [y, m, d] = rows[i]!.dueDate.split("-").map(Number) as [number, number, number];
          const length = new Date(Date.UTC(y, m, 0)).getUTCDate();
          expect(d).toBe(Math.min(dom, length));
          if (i > 0) {
            const [py, pm] = rows[i - 1]!.dueDate.split("-").map(Number) as [number, number];
            expect(y * 12 + m - (py * 12 + pm)).toBe(1);
          }
        }
        // The first one is the first such day on or after the first due day: a month earlier would be before it.
        const [fy, fm] = rows[0]!.dueDate.split("-").map(Number) as [number, number];
        const prevIndex = fy * 12 + fm - 2;
        const py = Math.floor(prevIndex / 12);
        const pm = prevIndex - py * 12 + 1;
        const prev = `${String(py).padStart(4, "0")}-${String(pm).padStart(2, "0")}-${String(Math.min(dom, new Date(Date.UTC(py, pm, 0)).getUTCDate())).padStart(2, "0")}`;
        expect(prev < from).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("clamps day 31 to the month's last day", () => {
    const rows = termSchedule({ downPaymentBp: 0, installments: 4, firstDueDays: 0, intervalKind: "day_of_month", intervalDays: 0, dayOfMonth: 31 }, 400, "2024-01-31");
    expect(rows.map((r) => r.dueDate)).toEqual(["2024-01-31", "2024-02-29", "2024-03-31", "2024-04-30"]);
    const next = termSchedule({ downPaymentBp: 0, installments: 2, firstDueDays: 0, intervalKind: "day_of_month", intervalDays: 0, dayOfMonth: 30 }, 200, "2023-02-01");
    expect(next.map((r) => r.dueDate)).toEqual(["2023-02-28", "2023-03-30"]);
  });

  it("the usual terms", () => {
    const days = (installments: number, firstDueDays: number, downPaymentBp = 0): TermShape => ({
      downPaymentBp,
      installments,
      firstDueDays,
      intervalKind: "days",
      intervalDays: 30,
      dayOfMonth: null,
    });
    expect(termSchedule(days(1, 0), 10_000, "2025-03-10")).toEqual([{ no: 1, count: 1, dueDate: "2025-03-10", amountCents: 10_000 }]);
    expect(termSchedule(days(3, 30), 10_000, "2025-01-01")).toEqual([
      { no: 1, count: 3, dueDate: "2025-01-31", amountCents: 3334 },
      { no: 2, count: 3, dueDate: "2025-03-02", amountCents: 3333 },
      { no: 3, count: 3, dueDate: "2025-04-01", amountCents: 3333 },
    ]);
    expect(termSchedule(days(3, 30, 2500), 10_001, "2025-01-01")).toEqual([
      { no: 1, count: 4, dueDate: "2025-01-01", amountCents: 2500 },
      { no: 2, count: 4, dueDate: "2025-01-31", amountCents: 2501 },
      { no: 3, count: 4, dueDate: "2025-03-02", amountCents: 2500 },
      { no: 4, count: 4, dueDate: "2025-04-01", amountCents: 2500 },
    ]);
    expect(termSchedule(days(0, 10, 0), 500, "2025-01-01")).toEqual([{ no: 1, count: 1, dueDate: "2025-01-11", amountCents: 500 }]);
  });

  it("refuses a start that is not a calendar day", () => {
    expect(() => termSchedule({ downPaymentBp: 0, installments: 1, firstDueDays: 0, intervalKind: "days", intervalDays: 0, dayOfMonth: null }, 1, "2025-02-30")).toThrow(RangeError);
  });
});
