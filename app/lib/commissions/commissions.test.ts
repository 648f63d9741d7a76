import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyBps, commissionBase, payLine, planLines, releasedAmount, targetCommission, type ExistingLine, type LinePlan, type ReleasePolicy, type Rule, type SaleFigures } from "~/lib/commissions/commissions";

/** Applies a plan to an in-memory set of lines (what the server's batch does). */
function apply(lines: ExistingLine[], plan: LinePlan, next: () => string): ExistingLine[] {
  const out = lines.map((l) => (plan.cancel.includes(l.id) ? { ...l, status: "cancelled" as const } : l));
  for (const u of plan.update) {
    const i = out.findIndex((l) => l.id === u.id);
    out[i] = { ...out[i]!, amountCents: u.amountCents, releasedCents: u.releasedCents, status: u.status };
  }
  for (const ins of plan.insert) out.push({ id: next(), kind: ins.kind, amountCents: ins.amountCents, releasedCents: ins.releasedCents, status: ins.status });
  return out;
}

/** Pays every released line (the server's payCommissions). */
function payAll(lines: ExistingLine[], next: () => string): ExistingLine[] {
  const out: ExistingLine[] = [];
  for (const l of lines) {
    if (l.status !== "released" || l.releasedCents === 0) {
      out.push(l);
      continue;
    }
    const { paidCents, restCents } = payLine(l);
    out.push({ ...l, amountCents: paidCents, status: "paid" });
    if (restCents !== 0) out.push({ id: next(), kind: l.kind, amountCents: restCents, releasedCents: 0, status: "pending" });
  }
  return out;
}

const live = (lines: readonly ExistingLine[]) => lines.filter((l) => l.status !== "cancelled").reduce((s, l) => s + l.amountCents, 0);

describe("the rule", () => {
  it("takes the sale's value (price − discount) or its margin, rounds half up once, pays nothing on a loss", () => {
    const sale = { priceCents: 100_000, discountCents: 10_000, marginCents: 25_000 };
    expect(commissionBase("sale_percent", sale)).toBe(90_000);
    expect(commissionBase("margin_percent", sale)).toBe(25_000);
    expect(applyBps(90_000, 500)).toBe(4_500);
    expect(applyBps(333, 150)).toBe(5); // 4.995 → 5
    expect(applyBps(-5_000, 1_000)).toBe(0);
    expect(targetCommission("margin_percent", 1_000, { status: "confirmed", ...sale, marginCents: -1 }).amountCents).toBe(0);
  });

  it("owes nothing for a draft, a cancelled or a deleted sale", () => {
    const sale = { priceCents: 10_000, discountCents: 0, marginCents: 2_000 };
    expect(targetCommission("sale_percent", 1_000, { status: "draft", ...sale }).amountCents).toBe(0);
    expect(targetCommission("sale_percent", 1_000, { status: "cancelled", ...sale }).amountCents).toBe(0);
    expect(targetCommission("sale_percent", 1_000, { status: "confirmed", deleted: true, ...sale }).amountCents).toBe(0);
    expect(targetCommission("sale_percent", 1_000, { status: "confirmed", ...sale }).amountCents).toBe(1_000);
  });
});

describe("the release policies", () => {
  it("on confirmation: all at once", () => {
    expect(releasedAmount("confirmation", 1_000, 50_000, 0)).toBe(1_000);
  });
  it("on full payment: nothing until the client paid the total", () => {
    expect(releasedAmount("full_payment", 1_000, 50_000, 49_999)).toBe(0);
    expect(releasedAmount("full_payment", 1_000, 50_000, 50_000)).toBe(1_000);
  });
  it("proportional: the paid share, rounded down", () => {
    expect(releasedAmount("proportional", 1_000, 30_000, 10_000)).toBe(333);
    expect(releasedAmount("proportional", 1_000, 30_000, 0)).toBe(0);
    expect(releasedAmount("proportional", 1_000, 30_000, 40_000)).toBe(1_000);
  });
  it("never releases more than the amount nor less than nothing, and grows with what was paid", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<ReleasePolicy>("confirmation", "full_payment", "proportional"),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (policy, amount, total, paidA, paidB) => {
          const [lo, hi] = paidA <= paidB ? [paidA, paidB] : [paidB, paidA];
          const a = releasedAmount(policy, amount, total, lo);
          const b = releasedAmount(policy, amount, total, hi);
          expect(a).toBeGreaterThanOrEqual(0);
          expect(b).toBeLessThanOrEqual(amount);
          expect(b).toBeGreaterThanOrEqual(a);
        },
      ),
    );
  });
});

describe("planLines", () => {
  it("a first confirmation writes one line; an edit before payment rewrites it; an edit after payment adds an adjustment", () => {
    let n = 0;
    const next = () => `l${++n}`;
    let lines = apply([], planLines([], 1_000, 1_000), next);
    expect(lines).toEqual([{ id: "l1", kind: "sale", amountCents: 1_000, releasedCents: 1_000, status: "released" }]);
    lines = apply(lines, planLines(lines, 1_200, 0), next);
    expect(lines).toEqual([{ id: "l1", kind: "sale", amountCents: 1_200, releasedCents: 0, status: "pending" }]);
    lines = payAll(apply(lines, planLines(lines, 1_200, 1_200), next), next);
    expect(lines[0]!.status).toBe("paid");
    lines = apply(lines, planLines(lines, 900, 900), next);
    expect(lines.map((l) => [l.kind, l.amountCents, l.status])).toEqual([
      ["sale", 1_200, "paid"],
      ["adjustment", -300, "released"],
    ]);
    expect(live(lines)).toBe(900);
  });

  it("cancelled sale: open lines cancelled, paid ones kept and taken back by a negative line", () => {
    const lines: ExistingLine[] = [
      { id: "a", kind: "sale", amountCents: 500, releasedCents: 500, status: "paid" },
      { id: "b", kind: "sale", amountCents: 500, releasedCents: 0, status: "pending" },
    ];
    const plan = planLines(lines, 0, 0);
    expect(plan.cancel).toEqual(["b"]);
    expect(plan.insert).toEqual([{ kind: "adjustment", amountCents: -500, releasedCents: -500, status: "released" }]);
  });

  it("property: after ANY sequence of edits, releases and payments the live lines sum to the rule applied to the final sale, and paid lines are never rewritten", () => {
    const sale = fc.record({
      status: fc.constantFrom<SaleFigures["status"]>("draft", "confirmed", "confirmed", "confirmed", "cancelled"),
      priceCents: fc.integer({ min: 0, max: 5_000_000 }),
      discountPct: fc.integer({ min: 0, max: 100 }),
      costPct: fc.integer({ min: 0, max: 150 }),
      rule: fc.constantFrom<Rule>("sale_percent", "margin_percent"),
      bps: fc.integer({ min: 0, max: 10_000 }),
      paidPct: fc.integer({ min: 0, max: 100 }),
      pay: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.constantFrom<ReleasePolicy>("confirmation", "full_payment", "proportional"), fc.array(sale, { minLength: 1, maxLength: 12 }), (policy, edits) => {
        let n = 0;
        const next = () => `l${++n}`;
        let lines: ExistingLine[] = [];
        let expected = 0;
        for (const e of edits) {
          const discountCents = Math.floor((e.priceCents * e.discountPct) / 100);
          const costCents = Math.floor((e.priceCents * e.costPct) / 100);
          const figures: SaleFigures = { status: e.status, priceCents: e.priceCents, discountCents, marginCents: e.priceCents - discountCents - costCents };
          const target = targetCommission(e.rule, e.bps, figures).amountCents;
          const total = e.priceCents - discountCents;
          const released = releasedAmount(policy, target, total, Math.floor((total * e.paidPct) / 100));
          const paidBefore = lines.filter((l) => l.status === "paid").map((l) => ({ ...l }));
          lines = apply(lines, planLines(lines, target, released), next);
          // Paid lines untouched.
          for (const p of paidBefore) expect(lines.find((l) => l.id === p.id)).toEqual(p);
          // At most one open line.
          expect(lines.filter((l) => l.status === "pending" || l.status === "released").length).toBeLessThanOrEqual(1);
          expect(live(lines)).toBe(target);
          if (e.pay) lines = payAll(lines, next);
          expect(live(lines)).toBe(target);
          expected = target;
        }
        expect(live(lines)).toBe(expected);
      }),
    );
  });
});
