import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dayNumber, type TermShape } from "~/lib/finance/schedule";
import { refuseSaleDelete, refuseSaleMove, SALE_STATUSES, type SaleMoveFacts, type SaleStatus } from "~/lib/sales/status";
import {
  A_VISTA,
  adjustSaleTitles,
  cancelSaleTitles,
  confirmSaleTitles,
  type Adjustment,
  type ConfirmInput,
  type ExistingTitle,
  type SaleItem,
  type SaleTitleRow,
} from "~/lib/sales/titles";
import { discountNeedsAdmin, saleTotals } from "~/lib/sales/totals";

const day = fc
  .integer({ min: dayNumber("2000-01-01")!, max: dayNumber("2080-12-31")! })
  .map((n) => new Date(n * 86_400_000).toISOString().slice(0, 10));

const term: fc.Arbitrary<TermShape> = fc.record({
  downPaymentBp: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 10_000 })),
  installments: fc.integer({ min: 0, max: 24 }),
  firstDueDays: fc.integer({ min: 0, max: 400 }),
  intervalKind: fc.constantFrom("days" as const, "day_of_month" as const),
  intervalDays: fc.integer({ min: 0, max: 90 }),
  dayOfMonth: fc.option(fc.integer({ min: 1, max: 31 }), { nil: null }),
});

const cents = fc.oneof(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 5_000_000 }));
const supplier = fc.constantFrom("s1", "s2", "s3", "s4");
const item: fc.Arbitrary<SaleItem> = fc.record({ costCents: cents, priceCents: cents, feesCents: cents, currency: fc.constant("BRL"), supplierId: supplier });

/** A random sale ready to confirm: items, a discount up to the price, a plan (down payment from the term or typed), supplier terms. */
const saleInput: fc.Arbitrary<ConfirmInput> = fc
  .record({
    items: fc.array(item, { minLength: 0, maxLength: 6 }),
    discountShare: fc.double({ min: 0, max: 1, noNaN: true }),
    planTerm: term,
    start: day,
    saleDate: day,
    downShare: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }),
    terms: fc.array(fc.option(term, { nil: null }), { minLength: 4, maxLength: 4 }),
  })
  .map(({ items, discountShare, planTerm, start, saleDate, downShare, terms }) => {
    const price = items.reduce((s, i) => s + i.priceCents, 0);
    const discountCents = Math.floor(price * discountShare);
    const clientTotal = price - discountCents + items.reduce((s, i) => s + i.feesCents, 0);
    const supplierTerms = new Map<string, TermShape | null>();
    ["s1", "s2", "s3"].forEach((s, i) => supplierTerms.set(s, terms[i]!)); // s4 has none: à vista
    return {
      saleNumber: 7,
      clientId: "c1",
      currency: "BRL",
      saleDate,
      items,
      discountCents,
      plan: { term: planTerm, start, downPaymentCents: downShare === null ? null : Math.floor(clientTotal * downShare) },
      supplierTerms,
    };
  });

const sum = (rows: readonly { amountCents: number }[]) => rows.reduce((s, r) => s + r.amountCents, 0);

/** Plain checks of one group's rows (numbering 1..N, amounts > 0, due days ascending and not before `start`). */
function groupProblem(rows: SaleTitleRow[], start: string): string | null {
  for (const [i, r] of rows.entries()) {
    if (r.installmentNo !== i + 1 || r.installmentCount !== rows.length) return `numbering ${r.installmentNo}/${r.installmentCount} at ${i}`;
    if (!Number.isSafeInteger(r.amountCents) || r.amountCents <= 0) return `amount ${r.amountCents}`;
    if (r.dueDate < start || (i > 0 && r.dueDate < rows[i - 1]!.dueDate)) return `due ${r.dueDate}`;
    if (r.description.values.n !== r.installmentNo || r.description.values.count !== r.installmentCount) return "description";
  }
  return null;
}

describe("saleTotals", () => {
  it("client total = price − discount + fees, margin = price − discount − cost, margin % in bp (null when price − discount is 0)", () => {
    fc.assert(
      fc.property(fc.array(item), fc.double({ min: 0, max: 1, noNaN: true }), (items, share) => {
        const price = sum(items.map((i) => ({ amountCents: i.priceCents })));
        const cost = sum(items.map((i) => ({ amountCents: i.costCents })));
        const fees = sum(items.map((i) => ({ amountCents: i.feesCents })));
        const discount = Math.floor(price * share);
        const r = saleTotals("BRL", items, discount);
        if (!r.ok) throw new Error(r.reason);
        const t = r.totals;
        expect([t.priceCents, t.costCents, t.feesCents, t.discountCents]).toEqual([price, cost, fees, discount]);
        expect(t.clientTotalCents).toBe(price - discount + fees);
        expect(t.marginCents).toBe(price - discount - cost);
        if (price - discount === 0) expect(t.marginBp).toBeNull();
        else {
          // Rounded half away from zero: within half a basis point of the exact ratio.
          const exact = ((price - discount - cost) * 10_000) / (price - discount);
          expect(Math.abs(t.marginBp! - exact)).toBeLessThanOrEqual(0.5 + 1e-9);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("examples: 25 % margin, a loss, rounding", () => {
    const one = (cost: number, price: number, fees = 0) => ({ costCents: cost, priceCents: price, feesCents: fees, currency: "BRL" });
    expect(saleTotals("BRL", [one(750, 1000, 30)], 0)).toMatchObject({ ok: true, totals: { clientTotalCents: 1030, marginCents: 250, marginBp: 2500 } });
    expect(saleTotals("BRL", [one(1200, 1000)], 100)).toMatchObject({ ok: true, totals: { clientTotalCents: 900, marginCents: -300, marginBp: -3333 } });
    expect(saleTotals("BRL", [one(1, 3)], 0)).toMatchObject({ ok: true, totals: { marginBp: 6667 } });
    expect(saleTotals("BRL", [one(0, 500, 40)], 500)).toMatchObject({ ok: true, totals: { clientTotalCents: 40, marginBp: null } });
    expect(saleTotals("BRL", [], 0)).toMatchObject({ ok: true, totals: { clientTotalCents: 0, marginBp: null } });
  });

  it("refuses a discount above the price, negative or fractional amounts, mixed currencies and sums beyond the limit", () => {
    const one = (cost: number, price: number, fees = 0, currency = "BRL") => ({ costCents: cost, priceCents: price, feesCents: fees, currency });
    expect(saleTotals("BRL", [one(0, 1000)], 1001)).toEqual({ ok: false, reason: "discountAbovePrice", item: null });
    expect(saleTotals("BRL", [one(0, 1000)], -1)).toEqual({ ok: false, reason: "negativeAmount", item: null });
    expect(saleTotals("BRL", [one(0, 1000), one(-1, 10)], 0)).toEqual({ ok: false, reason: "negativeAmount", item: 1 });
    expect(saleTotals("BRL", [one(0, 1000, -5)], 0)).toEqual({ ok: false, reason: "negativeAmount", item: 0 });
    expect(saleTotals("BRL", [one(0, 10.5)], 0)).toEqual({ ok: false, reason: "notCents", item: 0 });
    expect(saleTotals("BRL", [one(0, 10)], 0.5)).toEqual({ ok: false, reason: "notCents", item: null });
    expect(saleTotals("BRL", [one(0, 10), one(0, 10, 0, "USD")], 0)).toEqual({ ok: false, reason: "mixedCurrencies", item: 1 });
    expect(saleTotals("BRL", [one(0, 9_000_000_000_000), one(0, 9_000_000_000_000)], 0)).toEqual({ ok: false, reason: "tooLarge", item: 1 });
  });
});

describe("discountNeedsAdmin", () => {
  it("is exactly discount / price > limit, never without a limit or a discount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000 }), (d, p, limit) => {
        expect(discountNeedsAdmin(d, p, limit)).toBe(d > 0 && d * 10_000 > p * limit);
        expect(discountNeedsAdmin(d, p, null)).toBe(false);
      }),
    );
    expect(discountNeedsAdmin(1000, 10_000, 1000)).toBe(false); // exactly 10 %
    expect(discountNeedsAdmin(1001, 10_000, 1000)).toBe(true);
    expect(discountNeedsAdmin(0, 0, 0)).toBe(false);
  });
});

describe("confirmSaleTitles", () => {
  it("receivables sum to price − discount + fees, payables per supplier to its cost; amounts > 0, numbered 1..N, due days ascending", () => {
    fc.assert(
      fc.property(saleInput, (input) => {
        const r = confirmSaleTitles(input);
        if (!r.ok) throw new Error(r.reason);
        const { totals, receivables, payables } = r;
        expect(sum(receivables)).toBe(totals.priceCents - totals.discountCents + totals.feesCents);
        expect(sum(payables)).toBe(totals.costCents);
        expect(receivables.every((t) => t.direction === "receivable" && t.partyKind === "client" && t.partyId === "c1")).toBe(true);
        expect(groupProblem(receivables, input.plan.start)).toBeNull();
        const down = input.plan.downPaymentCents;
        if (down !== null && down > 0) expect(receivables[0]).toMatchObject({ amountCents: down, dueDate: input.plan.start });
        for (const s of ["s1", "s2", "s3", "s4"]) {
          const rows = payables.filter((t) => t.partyId === s);
          expect(rows.every((t) => t.direction === "payable" && t.partyKind === "supplier")).toBe(true);
          expect(sum(rows)).toBe(input.items.filter((i) => i.supplierId === s).reduce((a, i) => a + i.costCents, 0));
          expect(groupProblem(rows, input.saleDate)).toBeNull();
        }
        // A supplier without a default term is paid à vista on the sale's date.
        const s4 = payables.filter((t) => t.partyId === "s4");
        if (s4.length > 0) expect(s4).toMatchObject([{ dueDate: input.saleDate, installmentNo: 1, installmentCount: 1 }]);
      }),
      { numRuns: 1500 },
    );
  });

  it("follows the plan: a typed down payment on the start day, then the term's installments", () => {
    const r = confirmSaleTitles({
      saleNumber: 12,
      clientId: "c1",
      currency: "BRL",
      saleDate: "2026-03-10",
      items: [{ costCents: 70_000, priceCents: 100_000, feesCents: 1_000, currency: "BRL", supplierId: "s1" }],
      discountCents: 1_000,
      plan: { term: { ...A_VISTA, installments: 3, firstDueDays: 30, intervalDays: 30 }, start: "2026-03-10", downPaymentCents: 10_000 },
      supplierTerms: new Map([["s1", { ...A_VISTA, installments: 2, firstDueDays: 15, intervalDays: 15 }]]),
    });
    expect(r.ok && r.receivables.map((t) => [t.amountCents, t.dueDate, `${t.installmentNo}/${t.installmentCount}`])).toEqual([
      [10_000, "2026-03-10", "1/4"],
      [30_000, "2026-04-09", "2/4"],
      [30_000, "2026-05-09", "3/4"],
      [30_000, "2026-06-08", "4/4"],
    ]);
    expect(r.ok && r.payables.map((t) => [t.partyId, t.amountCents, t.dueDate])).toEqual([
      ["s1", 35_000, "2026-03-25"],
      ["s1", 35_000, "2026-04-09"],
    ]);
    expect(r.ok && r.receivables[1]!.description).toEqual({ key: "sales.title.receivable", values: { sale: 12, n: 2, count: 4 } });
  });

  it("leaves out 0-cent installments of a tiny total and refuses bad input", () => {
    const base: ConfirmInput = {
      saleNumber: 1,
      clientId: "c1",
      currency: "BRL",
      saleDate: "2026-01-01",
      items: [{ costCents: 0, priceCents: 2, feesCents: 0, currency: "BRL", supplierId: null }],
      discountCents: 0,
      plan: { term: { ...A_VISTA, installments: 5, intervalDays: 30 }, start: "2026-01-01", downPaymentCents: null },
      supplierTerms: new Map(),
    };
    const r = confirmSaleTitles(base);
    expect(r.ok && r.receivables.map((t) => [t.amountCents, t.installmentNo, t.installmentCount])).toEqual([
      [1, 1, 2],
      [1, 2, 2],
    ]);
    expect(r.ok && r.payables).toEqual([]);
    expect(confirmSaleTitles({ ...base, items: [{ ...base.items[0]!, costCents: 1 }] })).toMatchObject({ ok: false, reason: "costWithoutSupplier", item: 0 });
    expect(confirmSaleTitles({ ...base, plan: { ...base.plan, downPaymentCents: 3 } })).toMatchObject({ ok: false, reason: "downPaymentInvalid" });
    expect(confirmSaleTitles({ ...base, plan: { ...base.plan, downPaymentCents: -1 } })).toMatchObject({ ok: false, reason: "downPaymentInvalid" });
    expect(confirmSaleTitles({ ...base, plan: { ...base.plan, start: "2026-02-30" } })).toMatchObject({ ok: false, reason: "invalidDay" });
    expect(confirmSaleTitles({ ...base, saleDate: "soon" })).toMatchObject({ ok: false, reason: "invalidDay" });
    expect(confirmSaleTitles({ ...base, discountCents: 3 })).toMatchObject({ ok: false, reason: "discountAbovePrice" });
    expect(confirmSaleTitles({ ...base, items: [{ ...base.items[0]!, currency: "EUR" }] })).toMatchObject({ ok: false, reason: "mixedCurrencies" });
  });
});

/** The titles a confirmation writes, as stored rows, with random payments on them. */
function stored(rows: SaleTitleRow[], paid: number[]): ExistingTitle[] {
  return rows.map((r, i) => {
    const share = paid[i % paid.length] ?? 0;
    // share: 0 nothing paid, 1 fully paid, in between a partial payment (at least one cent, less than the amount).
    const paidCents = share <= 0 ? 0 : share >= 1 ? r.amountCents : Math.min(r.amountCents - 1, Math.max(1, Math.floor(r.amountCents * share)));
    const status = paidCents === 0 ? "open" : paidCents === r.amountCents ? "paid" : "partial";
    return {
      id: `t${i}`,
      groupId: `g-${r.direction}-${r.partyId}`,
      direction: r.direction,
      partyKind: r.partyKind,
      partyId: r.partyId,
      amountCents: r.amountCents,
      paidCents,
      status,
      dueDate: r.dueDate,
      installmentNo: r.installmentNo,
      installmentCount: r.installmentCount,
    };
  });
}

/** The titles after an adjustment (adds get ids a0, a1, ...). */
function apply(existing: ExistingTitle[], adj: Adjustment): ExistingTitle[] {
  const byId = new Map(existing.map((t) => [t.id, { ...t }]));
  for (const u of adj.updates) {
    const t = byId.get(u.id)!;
    expect(t.status).not.toBe("cancelled");
    Object.assign(t, { amountCents: u.amountCents, dueDate: u.dueDate, installmentNo: u.installmentNo, installmentCount: u.installmentCount, status: u.status });
  }
  for (const id of adj.cancels) {
    const t = byId.get(id)!;
    expect(t.paidCents).toBe(0);
    t.status = "cancelled";
  }
  adj.adds.forEach((a, i) => byId.set(`a${i}`, { ...a, id: `a${i}`, groupId: a.groupId ?? "new", paidCents: 0, status: "open" }));
  return [...byId.values()];
}

const groupsOf = (rows: readonly { direction: string; partyKind: string; partyId: string }[]) => new Set(rows.map((r) => `${r.direction}|${r.partyKind}|${r.partyId}`));
const inGroup = (g: string) => (r: { direction: string; partyKind: string; partyId: string }) => `${r.direction}|${r.partyKind}|${r.partyId}` === g;

describe("adjustSaleTitles", () => {
  it("never lowers a title below what was paid; the live titles sum to the new totals; refused only when the paid money exceeds a new total", () => {
    const payments = fc.array(fc.oneof(fc.constant(0), fc.constant(0), fc.constant(1), fc.double({ min: 0.01, max: 0.99, noNaN: true })), { minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(saleInput, saleInput, payments, (before, after, paid) => {
        const first = confirmSaleTitles(before);
        const second = confirmSaleTitles({ ...after, clientId: before.clientId, saleNumber: before.saleNumber });
        if (!first.ok || !second.ok) throw new Error("confirm refused");
        const existing = stored([...first.receivables, ...first.payables], paid);
        const target = [...second.receivables, ...second.payables];
        const adj = adjustSaleTitles(existing, target, before.saleNumber);
        const groups = new Set([...groupsOf(existing), ...groupsOf(target)]);
        if (!adj.ok) {
          // Refused: in that group the money paid is more than the new total.
          const g = `${adj.direction}|${adj.partyKind}|${adj.partyId}`;
          const paidThere = existing.filter(inGroup(g)).reduce((s, t) => s + t.paidCents, 0);
          expect(paidThere).toBe(adj.settledCents);
          expect(sum(target.filter(inGroup(g)))).toBe(adj.totalCents);
          expect(adj.settledCents).toBeGreaterThan(adj.totalCents);
          return;
        }
        // Accepted: no group had more paid than its new total.
        for (const g of groups) expect(existing.filter(inGroup(g)).reduce((s, t) => s + t.paidCents, 0)).toBeLessThanOrEqual(sum(target.filter(inGroup(g))));
        const result = apply(existing, adj);
        for (const t of result) {
          const was = existing.find((e) => e.id === t.id);
          if (was) expect(t.amountCents).toBeGreaterThanOrEqual(was.paidCents);
          if (was?.status === "paid") expect(t.amountCents).toBe(was.amountCents);
          if (t.status !== "cancelled") expect(t.amountCents).toBeGreaterThan(0);
          expect(t.status).toBe(t.status === "cancelled" ? "cancelled" : t.paidCents === 0 ? "open" : t.paidCents >= t.amountCents ? "paid" : "partial");
        }
        for (const g of groups) {
          const live = result.filter((t) => t.status !== "cancelled" && inGroup(g)(t)).sort((a, b) => a.installmentNo - b.installmentNo);
          expect(sum(live)).toBe(sum(target.filter(inGroup(g))));
          expect(live.map((t) => `${t.installmentNo}/${t.installmentCount}`)).toEqual(live.map((_, i) => `${i + 1}/${live.length}`));
          // Added titles join the party's existing group.
          const groupId = existing.find(inGroup(g))?.groupId;
          if (groupId) expect(adj.adds.filter(inGroup(g)).every((a) => a.groupId === groupId)).toBe(true);
        }
      }),
      { numRuns: 1500 },
    );
  });

  it("changes nothing when nothing changed and nothing was paid", () => {
    fc.assert(
      fc.property(saleInput, (input) => {
        const r = confirmSaleTitles(input);
        if (!r.ok) throw new Error(r.reason);
        const rows = [...r.receivables, ...r.payables];
        expect(adjustSaleTitles(stored(rows, [0]), rows, input.saleNumber)).toEqual({ ok: true, updates: [], cancels: [], adds: [] });
      }),
      { numRuns: 300 },
    );
  });

  const row = (amountCents: number, dueDate: string, n: number, count: number): SaleTitleRow => ({
    direction: "receivable",
    partyKind: "client",
    partyId: "c1",
    amountCents,
    dueDate,
    installmentNo: n,
    installmentCount: count,
    description: { key: "sales.title.receivable", values: { sale: 3, n, count } },
  });

  it("examples: a raise spread on the open installments, a cut that closes a partial title, a refusal", () => {
    const existing = stored([row(100, "2026-01-01", 1, 3), row(100, "2026-02-01", 2, 3), row(100, "2026-03-01", 3, 3)], [1, 0.5, 0]);
    // 1st paid (100), 2nd partial (50 of 100), 3rd open. New plan 2 × 200 = 400: the settled 200 covers row 1; 200 left for the open title.
    const up = adjustSaleTitles(existing, [row(200, "2026-01-01", 1, 2), row(200, "2026-02-15", 2, 2)], 3);
    expect(up).toEqual({
      ok: true,
      updates: [{ id: "t2", amountCents: 200, dueDate: "2026-02-15", installmentNo: 3, installmentCount: 3, status: "open", description: { key: "sales.title.receivable", values: { sale: 3, n: 3, count: 3 } } }],
      cancels: [],
      adds: [],
    });
    // Cut to 160: the open title goes, the partial one is lowered to 60 (still partial), the paid one stays.
    const down = adjustSaleTitles(existing, [row(160, "2026-01-01", 1, 1)], 3);
    expect(down.ok && down.cancels).toEqual(["t2"]);
    expect(down.ok && down.updates.map((u) => [u.id, u.amountCents, u.status, `${u.installmentNo}/${u.installmentCount}`])).toEqual([
      ["t0", 100, "paid", "1/2"],
      ["t1", 60, "partial", "2/2"],
    ]);
    // Cut to 150: exactly what was paid; the partial title becomes paid at 50.
    const exact = adjustSaleTitles(existing, [row(150, "2026-01-01", 1, 1)], 3);
    expect(exact.ok && exact.updates.find((u) => u.id === "t1")).toMatchObject({ amountCents: 50, status: "paid" });
    // Cut to 149: less than the 150 paid.
    expect(adjustSaleTitles(existing, [row(149, "2026-01-01", 1, 1)], 3)).toEqual({
      ok: false,
      reason: "settledExceedsTotal",
      direction: "receivable",
      partyKind: "client",
      partyId: "c1",
      settledCents: 150,
      totalCents: 149,
    });
    // A supplier that left the sale: its open payable is cancelled; cancelled titles are left alone.
    const payable: ExistingTitle = { ...existing[2]!, id: "p1", direction: "payable", partyKind: "supplier", partyId: "s9", groupId: "gp" };
    const gone = adjustSaleTitles([...existing, payable, { ...payable, id: "p0", status: "cancelled" }], [row(100, "2026-01-01", 1, 3), row(100, "2026-02-01", 2, 3), row(100, "2026-03-01", 3, 3)], 3);
    expect(gone).toEqual({ ok: true, updates: [], cancels: ["p1"], adds: [] });
  });
});

describe("cancelSaleTitles", () => {
  it("cancels the open titles, closes the partial ones at what was paid, refunds the client Σ paid of the receivables", () => {
    const payments = fc.array(fc.oneof(fc.constant(0), fc.constant(1), fc.double({ min: 0.01, max: 0.99, noNaN: true })), { minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(saleInput, payments, day, (input, paid, today) => {
        const r = confirmSaleTitles(input);
        if (!r.ok) throw new Error(r.reason);
        const existing = stored([...r.receivables, ...r.payables], paid);
        const c = cancelSaleTitles(existing, "c1", input.saleNumber, today);
        const paidByClient = existing.filter((t) => t.direction === "receivable").reduce((s, t) => s + t.paidCents, 0);
        expect(c.refund?.amountCents ?? 0).toBe(paidByClient);
        if (c.refund) expect(c.refund).toMatchObject({ direction: "payable", partyKind: "client", partyId: "c1", dueDate: today, installmentNo: 1, installmentCount: 1 });
        expect(c.paidToSuppliersCents).toBe(existing.filter((t) => t.direction === "payable").reduce((s, t) => s + t.paidCents, 0));
        expect(new Set(c.cancels)).toEqual(new Set(existing.filter((t) => t.paidCents === 0).map((t) => t.id)));
        expect(new Set(c.updates.map((u) => u.id))).toEqual(new Set(existing.filter((t) => t.status === "partial").map((t) => t.id)));
        for (const u of c.updates) expect(u).toMatchObject({ amountCents: existing.find((t) => t.id === u.id)!.paidCents, status: "paid" });
      }),
      { numRuns: 800 },
    );
  });

  it("refunds nothing when nothing was paid", () => {
    const c = cancelSaleTitles([{ id: "t", groupId: "g", direction: "receivable", partyKind: "client", partyId: "c1", amountCents: 500, paidCents: 0, status: "open", dueDate: "2026-01-01", installmentNo: 1, installmentCount: 1 }], "c1", 1, "2026-01-02");
    expect(c).toEqual({ cancels: ["t"], updates: [], refund: null, paidToSuppliersCents: 0 });
  });
});

describe("sale status", () => {
  const facts: SaleMoveFacts = { items: 1, lapsedHolds: 0, discountNeedsAdmin: false, isAdmin: false, reason: "cliente desistiu" };
  const allowed: Record<string, true> = { "draft>confirmed": true, "draft>cancelled": true, "confirmed>cancelled": true };

  it("allows exactly draft → confirmed, draft → cancelled and confirmed → cancelled", () => {
    for (const from of SALE_STATUSES) {
      for (const to of SALE_STATUSES) {
        expect([from, to, refuseSaleMove(from, to, facts)]).toEqual([from, to, allowed[`${from}>${to}`] ? null : "notAllowed"]);
      }
    }
  });

  it("refuses a confirmation without items, with a lapsed hold, or with a discount over the limit by a non-Admin", () => {
    expect(refuseSaleMove("draft", "confirmed", { ...facts, items: 0 })).toBe("noItems");
    expect(refuseSaleMove("draft", "confirmed", { ...facts, lapsedHolds: 1 })).toBe("holdsLapsed");
    expect(refuseSaleMove("draft", "confirmed", { ...facts, discountNeedsAdmin: true })).toBe("discountNeedsAdmin");
    expect(refuseSaleMove("draft", "confirmed", { ...facts, discountNeedsAdmin: true, isAdmin: true })).toBeNull();
  });

  it("refuses a cancellation without a reason", () => {
    for (const from of ["draft", "confirmed"] as SaleStatus[]) {
      expect(refuseSaleMove(from, "cancelled", { ...facts, reason: null })).toBe("reasonRequired");
      expect(refuseSaleMove(from, "cancelled", { ...facts, reason: "  ab  " })).toBe("reasonRequired");
      expect(refuseSaleMove(from, "cancelled", { ...facts, reason: "abc" })).toBeNull();
    }
  });

  it("deletes only drafts", () => {
    expect(SALE_STATUSES.map((s) => refuseSaleDelete(s))).toEqual([null, "notDraft", "notDraft"]);
  });
});
