import { describe, expect, it } from "vitest";
import { listHref, monthDays, parseMonth, shiftMonth, summarizeOverview, type OverviewGroup } from "~/lib/sales/overview";

describe("the overview's month", () => {
  it("parses, bounds and shifts months", () => {
    expect(parseMonth("2026-02")).toBe("2026-02");
    for (const bad of ["2026-13", "2026-2", "26-02", "", null, "2026-02-01", "0000-01"]) expect(parseMonth(bad)).toBeNull();
    expect(monthDays("2024-02")).toEqual({ from: "2024-02-01", to: "2024-02-29" });
    expect(monthDays("2026-12")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
  });

  it("links into the lists with their filter names", () => {
    expect(listHref("emissivo", "2026-02", "a1")).toBe("/vendas/emissivo?situacao=confirmed&vendedor=a1&de=2026-02-01&ate=2026-02-28");
    expect(listHref("excursion", "2026-02")).toBe("/vendas/excursoes?situacao=confirmed&de=2026-02-01&ate=2026-02-28");
  });
});

describe("summarizeOverview", () => {
  const g = (agentId: string, kind: OverviewGroup["kind"], status: string, count: number, total: number, margin: number, currency = "BRL"): OverviewGroup => ({ agentId, kind, status, currency, count, totalCents: total, marginCents: margin });

  it("sums confirmed sales by seller and by kind, counts drafts and cancellations apart", () => {
    const o = summarizeOverview(
      "2026-02",
      [g("a", "emissivo", "confirmed", 2, 1000, 200), g("a", "excursion", "confirmed", 1, 500, 50), g("b", "emissivo", "confirmed", 3, 3000, 300), g("b", "emissivo", "draft", 4, 999, 9), g("a", "excursion", "cancelled", 1, 77, 7)],
      new Map([
        ["a", "Ana"],
        ["b", "Bia"],
      ]),
    );
    expect(o.sellers.map((s) => [s.name, s.count, s.totalCents, s.marginCents])).toEqual([
      ["Bia", 3, 3000, 300],
      ["Ana", 3, 1500, 250],
    ]);
    expect(o.sellers[1]!.byKind).toEqual({ emissivo: { count: 2, totalCents: 1000, marginCents: 200 }, excursion: { count: 1, totalCents: 500, marginCents: 50 } });
    expect(o.kinds.map((k) => [k.kind, k.count, k.totalCents, k.marginCents])).toEqual([
      ["emissivo", 5, 4000, 500],
      ["excursion", 1, 500, 50],
    ]);
    expect(o.totals).toEqual([{ currency: "BRL", count: 6, totalCents: 4500, marginCents: 550 }]);
    expect([o.drafts, o.cancelled]).toEqual([4, 1]);
    // By seller and by kind add up to the same month total.
    const sum = (xs: { totalCents: number }[]) => xs.reduce((n, x) => n + x.totalCents, 0);
    expect(sum(o.sellers)).toBe(sum(o.kinds));
  });

  it("keeps currencies apart", () => {
    const o = summarizeOverview("2026-02", [g("a", "emissivo", "confirmed", 1, 100, 10, "BRL"), g("a", "emissivo", "confirmed", 1, 100, 10, "USD")], new Map());
    expect(o.sellers).toHaveLength(2);
    expect(o.totals.map((t) => t.currency)).toEqual(["BRL", "USD"]);
  });
});
