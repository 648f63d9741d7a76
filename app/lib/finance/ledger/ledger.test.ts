import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildDre, monthsBetween, runningBalance, settlementNet, shownStatus, statusFor, type DreCategory } from "~/lib/finance/ledger/ledger";
import { settleManySchema, settleSchema, titleCreateSchema } from "~/lib/finance/ledger/ledger.schema";
import { dreParams, statementPeriod } from "~/lib/finance/ledger/report-params";
import { parseTitleQuery } from "~/lib/finance/ledger/title-list";
import { todayIn } from "~/lib/platform/time-zone";

describe("ledger rules", () => {
  it("status follows what is paid; overdue is open or partial before today", () => {
    expect(statusFor(0, 100)).toBe("open");
    expect(statusFor(1, 100)).toBe("partial");
    expect(statusFor(100, 100)).toBe("paid");
    expect(shownStatus({ status: "open", dueDate: "2026-03-09" }, "2026-03-10")).toBe("overdue");
    expect(shownStatus({ status: "partial", dueDate: "2026-03-09" }, "2026-03-10")).toBe("overdue");
    expect(shownStatus({ status: "open", dueDate: "2026-03-10" }, "2026-03-10")).toBe("open");
    expect(shownStatus({ status: "paid", dueDate: "2020-01-01" }, "2026-03-10")).toBe("paid");
    expect(shownStatus({ status: "cancelled", dueDate: "2020-01-01" }, "2026-03-10")).toBe("cancelled");
  });

  it("today is the agency's calendar day", () => {
    const instant = Date.parse("2026-03-10T02:30:00Z");
    expect(todayIn("America/Sao_Paulo", instant)).toBe("2026-03-09");
    expect(todayIn("Asia/Tokyo", instant)).toBe("2026-03-10");
  });

  it("a settlement's net: receivables bring principal + interest + fine − discount − fee; payables take it", () => {
    const f = { principalCents: 10_000, interestCents: 150, fineCents: 200, discountCents: 50, feeCents: 300 };
    expect(settlementNet("receivable", f)).toBe(10_000);
    expect(settlementNet("payable", f)).toBe(-(10_000 + 150 + 200 - 50 + 300));
  });

  it("closing = opening + Σ inflows − Σ outflows, and each running balance is the sum so far", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.array(fc.integer({ min: -1e9, max: 1e9 }).filter((n) => n !== 0)), (opening, nets) => {
        const { rows, closingCents, inflowCents, outflowCents } = runningBalance(opening, nets.map((netCents) => ({ netCents })));
        expect(closingCents).toBe(opening + inflowCents - outflowCents);
        let sum = opening;
        rows.forEach((r, i) => {
          sum += nets[i]!;
          expect(r.balanceCents).toBe(sum);
        });
      }),
    );
  });

  it("the DRE result is the sum of its categorised figures; the subtotals follow the natures", () => {
    const natures = ["revenue", "deduction", "cost", "expense", "asset"] as const;
    const categories: DreCategory[] = natures.flatMap((nature, i) => [0, 1].map((j) => ({ id: `${nature}${j}`, code: `${i + 1}.${j}`, name: nature, nature, parentId: null })));
    const months = monthsBetween("2026-01", "2026-12");
    fc.assert(
      fc.property(
        fc.array(fc.record({ categoryId: fc.constantFrom(...categories.map((c) => c.id)), month: fc.constantFrom(...months), signedCents: fc.integer({ min: -1e9, max: 1e9 }) })),
        (cells) => {
          const dre = buildDre(categories, cells, months);
          const dreCells = cells.filter((c) => !c.categoryId.startsWith("asset"));
          expect(dre.result.totalCents).toBe(dreCells.reduce((s, c) => s + c.signedCents, 0));
          for (const m of months) expect(dre.result.months[m]).toBe(dreCells.filter((c) => c.month === m).reduce((s, c) => s + c.signedCents, 0));
          const line = (k: string) => dre.lines.find((l) => l.key === k)!.totalCents;
          expect(line("netRevenue")).toBe(line("grossRevenue") - line("deductions"));
          expect(line("grossProfit")).toBe(line("netRevenue") - line("costs"));
          expect(line("result")).toBe(line("grossProfit") - line("expenses"));
          expect(dre.rows.every((r) => r.nature !== ("asset" as string))).toBe(true);
        },
      ),
    );
  });

  it("months between two months, across a year", () => {
    expect(monthsBetween("2025-11", "2026-02")).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
  });
});

describe("ledger forms and URL state", () => {
  it("a title takes 1.234,56 as cents, a party as kind:id and refuses the rest", () => {
    const ok = titleCreateSchema.safeParse({ party: "client:abc", description: "Pacote", categoryId: "cat", competenceDate: "2026-03-01", dueDate: "2026-03-10", amount: "1.234,56" });
    expect(ok.success && ok.data.amount).toBe(123_456);
    expect(ok.success && ok.data.party).toEqual({ kind: "client", id: "abc" });
    for (const bad of [{ party: "bank:abc" }, { amount: "0" }, { amount: "-5" }, { dueDate: "2026-02-30" }, { categoryId: "../x" }]) {
      expect(titleCreateSchema.safeParse({ party: "client:abc", description: "Pacote", categoryId: "cat", competenceDate: "2026-03-01", dueDate: "2026-03-10", amount: "1,00", ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("settling takes optional interest/fine/discount/fee as cents; settle-many takes one or several id:version", () => {
    const v = settleSchema.parse({ version: "3", date: "2026-03-10", bankAccountId: "acc", principal: "100,00", interest: "1,50", fine: "" });
    expect(v).toMatchObject({ principal: 10_000, interest: 150, fine: 0, discount: 0, fee: 0, intermediaryId: null });
    expect(settleManySchema.parse({ selected: "a:1", date: "2026-03-10", bankAccountId: "acc" }).selected).toEqual([{ titleId: "a", version: 1 }]);
    expect(settleManySchema.parse({ selected: ["a:1", "b:2"], date: "2026-03-10", bankAccountId: "acc" }).selected).toHaveLength(2);
    expect(settleManySchema.safeParse({ date: "2026-03-10", bankAccountId: "acc" }).success).toBe(false);
  });

  it("the list keeps valid extra filters and drops malformed ones", () => {
    const { query, filter } = parseTitleQuery(new URLSearchParams("status=overdue&dueFrom=2026-01-01&dueTo=2026-13-01&party=client:abc&category=x y&account=acc"));
    expect(filter).toEqual({ status: "overdue", dueFrom: "2026-01-01", party: { kind: "client", id: "abc" }, account: "acc" });
    expect(query.filters).toMatchObject({ status: "overdue", dueFrom: "2026-01-01", party: "client:abc", account: "acc" });
    expect(parseTitleQuery(new URLSearchParams("party=bank:abc")).filter.party).toBeUndefined();
  });

  it("report params fall back to defaults", () => {
    expect(statementPeriod(new URLSearchParams("from=2026-05-10&to=2026-05-01"), "2026-06-15")).toEqual({ from: "2026-05-01", to: "2026-05-10" });
    expect(statementPeriod(new URLSearchParams("from=x"), "2026-06-15")).toEqual({ from: "2026-06-01", to: "2026-06-15" });
    expect(dreParams(new URLSearchParams("year=1999&basis=bogus&category=c&month=2026-13"), "2026-06-15")).toEqual({ year: 2026, basis: "competence", drill: { categoryId: "c", month: null, after: null } });
    expect(dreParams(new URLSearchParams("year=2025&basis=cash&month=2025-04&category=c"), "2026-06-15")).toEqual({ year: 2025, basis: "cash", drill: { categoryId: "c", month: "2025-04", after: null } });
    // The drill-down's cursor: "YYYY-MM-DD~id", anything else is the first page.
    expect(dreParams(new URLSearchParams("year=2025&category=c&after=2025-04-02~abc_1"), "2026-06-15").drill?.after).toEqual({ date: "2025-04-02", id: "abc_1" });
    for (const bad of ["2025-04-02", "2025-04-32~abc", "2025-04-02~a b", "2025-04-02~abc~x", "~abc", ""]) {
      expect(dreParams(new URLSearchParams({ year: "2025", category: "c", after: bad }), "2026-06-15").drill?.after, bad).toBeNull();
    }
  });
});
