/**
 * The ledger's pure rules (client-safe): what a settlement moves on the account,
 * a title's stored status from what is paid, the derived "overdue", the running
 * balance of a statement and the DRE's rows. The server modules in this folder
 * write and read the database with these; the property tests check them.
 */
import type { AccountNature, EntryKind, TitleDirection, TitleStatus } from "~/db/schema/finance";

export type { EntryKind, TitleDirection, TitlePartyKind, TitleStatus } from "~/db/schema/finance";
export type { TitleCreateForm, TitleEditForm } from "~/lib/finance/ledger/ledger.schema";

/** The ledger forms' error keys (translation keys; the schemas are in ledger.schema.ts). */
export const ledgerErr = {
  amount: "financeLedger.errors.amount",
  signedAmount: "financeLedger.errors.signedAmount",
  date: "financeLedger.errors.date",
  party: "financeLedger.errors.party",
  category: "financeLedger.errors.category",
  account: "financeLedger.errors.account",
  figures: "financeLedger.errors.figures",
  reason: "financeLedger.errors.reason",
  noneSelected: "financeLedger.errors.noneSelected",
  sameAccount: "financeLedger.errors.sameAccount",
} as const;

/** The status a title has once `paidCents` of its `amountCents` are paid (cancelled titles stay cancelled). */
export function statusFor(paidCents: number, amountCents: number): Exclude<TitleStatus, "cancelled"> {
  if (paidCents >= amountCents) return "paid";
  return paidCents > 0 ? "partial" : "open";
}

/** What a list shows: the stored status, or "overdue" for an open or partial title due before today. */
export type ShownStatus = TitleStatus | "overdue";
export function shownStatus(title: { status: TitleStatus; dueDate: string }, today: string): ShownStatus {
  return (title.status === "open" || title.status === "partial") && title.dueDate < today ? "overdue" : title.status;
}

export type SettlementFigures = {
  principalCents: number;
  interestCents: number;
  fineCents: number;
  discountCents: number;
  feeCents: number;
};

/**
 * What the account receives (+) or pays (−) for a settlement: a receivable brings
 * principal + interest + fine − discount, less the intermediary's fee; a payable
 * takes principal + interest + fine − discount, plus a fee paid to settle it.
 */
export function settlementNet(direction: TitleDirection, f: SettlementFigures): number {
  const gross = f.principalCents + f.interestCents + f.fineCents - f.discountCents;
  return direction === "receivable" ? gross - f.feeCents : -(gross + f.feeCents);
}

/** A statement's movement: what moved and the balance after it. */
export type StatementMovement<E> = E & { balanceCents: number };

/** Each movement with the running balance after it, and the closing balance. */
export function runningBalance<E extends { netCents: number }>(openingCents: number, movements: readonly E[]) {
  let balance = openingCents;
  const rows: StatementMovement<E>[] = movements.map((m) => {
    balance += m.netCents;
    return { ...m, balanceCents: balance };
  });
  const inflowCents = movements.reduce((s, m) => s + (m.netCents > 0 ? m.netCents : 0), 0);
  const outflowCents = movements.reduce((s, m) => s + (m.netCents < 0 ? -m.netCents : 0), 0);
  return { rows, closingCents: balance, inflowCents, outflowCents };
}

// ---------------------------------------------------------------------------
// DRE

/** The natures that make the income statement, in its order. */
export const DRE_NATURES = ["revenue", "deduction", "cost", "expense"] as const satisfies readonly AccountNature[];
export type DreNature = (typeof DRE_NATURES)[number];
export const isDreNature = (n: string): n is DreNature => (DRE_NATURES as readonly string[]).includes(n);

export type DreBasis = "competence" | "cash";
export const DRE_BASES = ["competence", "cash"] as const;

/**
 * One categorised figure: `signedCents` is money in (+) or out (−) for the
 * agency — a receivable's amount or a positive entry is +, a payable's or a
 * negative entry is −. The DRE shows revenue as it is and deductions, costs and
 * expenses as positive amounts subtracted, so the result is Σ signedCents.
 */
export type DreCell = { categoryId: string; month: string; signedCents: number };
export type DreCategory = { id: string; code: string; name: string; nature: AccountNature; parentId: string | null };

export type DreRow = { categoryId: string; code: string; name: string; nature: DreNature; months: Record<string, number>; totalCents: number };
export type DreLine = { key: "grossRevenue" | "deductions" | "netRevenue" | "costs" | "grossProfit" | "expenses" | "result"; months: Record<string, number>; totalCents: number };

/** The months "YYYY-MM" from `from` to `to` inclusive. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split("-").map(Number) as [number, number];
  const [ty, tm] = to.split("-").map(Number) as [number, number];
  while (y < ty || (y === ty && m <= tm)) {
    out.push(`${y}-${String(m).padStart(2, "0")}`);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
    if (out.length > 240) break;
  }
  return out;
}

/**
 * The income statement: a row per category (shown sign: revenue as is, the
 * others as positive costs) and the subtotal lines. `result` = Σ signedCents of
 * every DRE-nature cell.
 */
export function buildDre(categories: readonly DreCategory[], cells: readonly DreCell[], months: readonly string[]) {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const rows = new Map<string, DreRow>();
  const zero = () => Object.fromEntries(months.map((m) => [m, 0])) as Record<string, number>;
  for (const cell of cells) {
    const category = byId.get(cell.categoryId);
    if (!category || !isDreNature(category.nature) || !months.includes(cell.month)) continue;
    let row = rows.get(category.id);
    if (!row) {
      row = { categoryId: category.id, code: category.code, name: category.name, nature: category.nature, months: zero(), totalCents: 0 };
      rows.set(category.id, row);
    }
    const shown = category.nature === "revenue" ? cell.signedCents : -cell.signedCents;
    row.months[cell.month] = (row.months[cell.month] ?? 0) + shown;
    row.totalCents += shown;
  }
  const sorted = [...rows.values()].sort((a, b) => a.code.localeCompare(b.code, "en", { numeric: true }));
  const sum = (nature: DreNature) => {
    const months_ = zero();
    let total = 0;
    for (const r of sorted.filter((r) => r.nature === nature)) {
      for (const m of months) months_[m] = (months_[m] ?? 0) + (r.months[m] ?? 0);
      total += r.totalCents;
    }
    return { months: months_, totalCents: total };
  };
  const combine = (a: { months: Record<string, number>; totalCents: number }, b: { months: Record<string, number>; totalCents: number }) => ({
    months: Object.fromEntries(months.map((m) => [m, (a.months[m] ?? 0) - (b.months[m] ?? 0)])),
    totalCents: a.totalCents - b.totalCents,
  });
  const grossRevenue = sum("revenue");
  const deductions = sum("deduction");
  const netRevenue = combine(grossRevenue, deductions);
  const costs = sum("cost");
  const grossProfit = combine(netRevenue, costs);
  const expenses = sum("expense");
  const result = combine(grossProfit, expenses);
  const lines: DreLine[] = [
    { key: "grossRevenue", ...grossRevenue },
    { key: "deductions", ...deductions },
    { key: "netRevenue", ...netRevenue },
    { key: "costs", ...costs },
    { key: "grossProfit", ...grossProfit },
    { key: "expenses", ...expenses },
    { key: "result", ...result },
  ];
  return { rows: sorted, lines, result };
}

/** Entry kinds as the statement names them. */
export const ENTRY_KIND_KEYS: Record<EntryKind, string> = {
  settlement: "financeLedger.entryKinds.settlement",
  reversal: "financeLedger.entryKinds.reversal",
  transfer_out: "financeLedger.entryKinds.transfer_out",
  transfer_in: "financeLedger.entryKinds.transfer_in",
  manual: "financeLedger.entryKinds.manual",
};
