/**
 * What a sale writes to finance (issue #16 item 2; decision 0011), as plain
 * rows the server turns into `finance_title` inserts/updates (origin_kind
 * 'sale', origin_id = the sale) in the confirmation's db.batch. Pure: the
 * preview ("financial effect shown before confirming") and the action agree.
 *
 * - confirmSaleTitles: the client's receivables from the sale's plan (summing
 *   exactly to price − discount + fees) and, per supplier, payables of the sum of
 *   its items' cost split by that supplier's default term (à vista without one).
 * - adjustSaleTitles: a confirmed sale was edited; which open titles change
 *   amount / due day, which are cancelled, which are added. Settled money is
 *   never taken back: a title never goes below what was paid on it.
 * - cancelSaleTitles: open titles cancelled, a refund payable to the client for
 *   what the client already paid.
 *
 * Installments come from finance/schedule.ts (termSchedule); rows of 0 cents
 * (a total smaller than the plan's number of rows) are left out and the rest
 * renumbered, so every title has an amount > 0 and the sums stay exact.
 */
// Relative with .ts on purpose: the demo seed imports this file under plain node, where ~/ does not resolve.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { dayNumber, termSchedule, type TermShape } from "../finance/schedule.ts";
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { fail, ok, type Result } from "../platform/result.ts";
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { saleTotals, type ItemMoney, type SaleTotals, type TotalsFailure, type TotalsRefusal } from "./totals.ts";

export type SaleTitleDirection = "receivable" | "payable";
export type SaleTitlePartyKind = "client" | "supplier";

/** Translation keys of a sale title's description (values: sale number, n, count), rendered in the agency's language. */
export const SALE_TITLE_DESCRIPTIONS = {
  receivable: "sales.title.receivable",
  payable: "sales.title.payable",
  refund: "sales.title.refund",
} as const;
export type SaleTitleDescriptionKey = (typeof SALE_TITLE_DESCRIPTIONS)[keyof typeof SALE_TITLE_DESCRIPTIONS];
export type SaleTitleDescription = { key: SaleTitleDescriptionKey; values: { sale: number; n: number; count: number } };

/** One title to write. Rows of one (direction, party) share a group (finance_title.group_id) and are numbered 1..count. */
export type SaleTitleRow = {
  direction: SaleTitleDirection;
  partyKind: SaleTitlePartyKind;
  partyId: string;
  amountCents: number;
  dueDate: string;
  installmentNo: number;
  installmentCount: number;
  description: SaleTitleDescription;
};

/** À vista: the whole amount on the start day. */
export const A_VISTA: TermShape = { downPaymentBp: 0, installments: 0, firstDueDays: 0, intervalKind: "days", intervalDays: 0, dayOfMonth: null };

/** The client's payment plan: a term's shape from `start`; `downPaymentCents` (when set) replaces the term's down payment share. */
export type SalePlan = { term: TermShape; start: string; downPaymentCents: number | null };

export type SaleItem = ItemMoney & { supplierId: string | null };

export type ConfirmInput = {
  saleNumber: number;
  clientId: string;
  currency: string;
  /** The payables' start day (the sale's date). */
  saleDate: string;
  items: readonly SaleItem[];
  discountCents: number;
  plan: SalePlan;
  /** Each supplier's default payment term; missing or null: à vista on the sale's date. */
  supplierTerms: ReadonlyMap<string, TermShape | null>;
};

export type ConfirmRefusal = TotalsRefusal | "invalidDay" | "downPaymentInvalid" | "costWithoutSupplier";

const amountOnly = (rows: { dueDate: string; amountCents: number }[]) => rows.filter((r) => r.amountCents > 0);

function numbered(
  rows: { dueDate: string; amountCents: number }[],
  head: Omit<SaleTitleRow, "amountCents" | "dueDate" | "installmentNo" | "installmentCount" | "description">,
  key: SaleTitleDescriptionKey,
  sale: number,
): SaleTitleRow[] {
  const kept = amountOnly(rows);
  return kept.map((r, i) => ({
    ...head,
    amountCents: r.amountCents,
    dueDate: r.dueDate,
    installmentNo: i + 1,
    installmentCount: kept.length,
    description: { key, values: { sale, n: i + 1, count: kept.length } },
  }));
}

/** The plan's schedule for `total` (amounts add up exactly; 0-cent rows included, the caller drops them). */
function planSchedule(plan: SalePlan, total: number): { dueDate: string; amountCents: number }[] {
  if (plan.downPaymentCents === null) return termSchedule(plan.term, total, plan.start);
  const down = plan.downPaymentCents;
  const rest = termSchedule({ ...plan.term, downPaymentBp: 0 }, total - down, plan.start);
  return [{ dueDate: plan.start, amountCents: down }, ...rest];
}

/**
 * The titles confirming a sale writes: receivables to the client from the plan,
 * payables to each supplier (in the order the suppliers first appear in the
 * items). Refuses what saleTotals refuses, a start or sale day that is not a
 * calendar day, a down payment that is negative, not whole cents or above the
 * client total, and an item with a cost but no supplier.
 */
export function confirmSaleTitles(
  input: ConfirmInput,
): Result<{ totals: SaleTotals; receivables: SaleTitleRow[]; payables: SaleTitleRow[] }, ConfirmRefusal, TotalsFailure> {
  const computed = saleTotals(input.currency, input.items, input.discountCents);
  if (!computed.ok) return computed;
  const { totals } = computed;
  if (dayNumber(input.plan.start) === null || dayNumber(input.saleDate) === null) return fail("invalidDay", { item: null });
  const down = input.plan.downPaymentCents;
  if (down !== null && (!Number.isSafeInteger(down) || down < 0 || down > totals.clientTotalCents)) {
    return fail("downPaymentInvalid", { item: null });
  }
  const costBySupplier = new Map<string, number>();
  for (const [i, item] of input.items.entries()) {
    if (item.costCents === 0) continue;
    if (!item.supplierId) return fail("costWithoutSupplier", { item: i });
    costBySupplier.set(item.supplierId, (costBySupplier.get(item.supplierId) ?? 0) + item.costCents);
  }
  const receivables = numbered(
    planSchedule(input.plan, totals.clientTotalCents),
    { direction: "receivable", partyKind: "client", partyId: input.clientId },
    SALE_TITLE_DESCRIPTIONS.receivable,
    input.saleNumber,
  );
  const payables = [...costBySupplier].flatMap(([supplierId, cost]) =>
    numbered(
      termSchedule(input.supplierTerms.get(supplierId) ?? A_VISTA, cost, input.saleDate),
      { direction: "payable", partyKind: "supplier", partyId: supplierId },
      SALE_TITLE_DESCRIPTIONS.payable,
      input.saleNumber,
    ),
  );
  return ok({ totals, receivables, payables });
}

/** A title the sale already has (finance_title with origin 'sale' and this sale's id). */
export type ExistingTitle = {
  id: string;
  groupId: string;
  direction: SaleTitleDirection;
  partyKind: SaleTitlePartyKind;
  partyId: string;
  amountCents: number;
  paidCents: number;
  status: "open" | "partial" | "paid" | "cancelled";
  dueDate: string;
  installmentNo: number;
  installmentCount: number;
};

/** A change to an existing title: its new amount, due day, number and description (and status when a partial title becomes paid). */
export type TitleUpdate = {
  id: string;
  amountCents: number;
  dueDate: string;
  installmentNo: number;
  installmentCount: number;
  status: "open" | "partial" | "paid";
  description: SaleTitleDescription;
};

/** A title to add; `groupId` is the existing group of that party and direction, or null for a new one. */
export type TitleAdd = SaleTitleRow & { groupId: string | null };

export type Adjustment = { updates: TitleUpdate[]; cancels: string[]; adds: TitleAdd[] };

export type AdjustRefusal = "settledExceedsTotal";
/** The group refused: what was settled there and the new total it exceeds. */
export type AdjustFailure = { direction: SaleTitleDirection; partyKind: SaleTitlePartyKind; partyId: string; settledCents: number; totalCents: number };

const groupKey = (t: { direction: string; partyKind: string; partyId: string }) => `${t.direction}\u0000${t.partyKind}\u0000${t.partyId}`;
const descriptionKey = (direction: SaleTitleDirection, partyKind: SaleTitlePartyKind): SaleTitleDescriptionKey =>
  direction === "receivable" ? SALE_TITLE_DESCRIPTIONS.receivable : partyKind === "client" ? SALE_TITLE_DESCRIPTIONS.refund : SALE_TITLE_DESCRIPTIONS.payable;

/**
 * How the titles of a confirmed sale change when it is edited: `target` is what
 * confirmSaleTitles gives for the edited sale (receivables and payables).
 * Per (direction, party):
 * - titles with money on them (paid, partial) stay; the settled money covers the
 *   target's earliest installments first, and the open rest of the target goes
 *   to the open titles in order (amount and due day updated), the extra open
 *   titles are cancelled and missing ones added;
 * - when the new total is below the settled titles' amounts, partial titles are
 *   lowered (the latest first) but never below their paid amount (one that
 *   reaches it becomes paid), and every open title is cancelled;
 * - when even the paid money exceeds the new total, the edit is refused with the
 *   figures (the caller shows them).
 * Live titles are renumbered 1..N: settled ones first, then the open ones.
 * Cancelled titles are left alone. Nothing changes where nothing differs.
 */
export function adjustSaleTitles(
  existing: readonly ExistingTitle[],
  target: readonly SaleTitleRow[],
  saleNumber: number,
): Result<Adjustment, AdjustRefusal, AdjustFailure> {
  type Group = { head: Pick<SaleTitleRow, "direction" | "partyKind" | "partyId">; live: ExistingTitle[]; target: SaleTitleRow[]; groupId: string | null };
  const groups = new Map<string, Group>();
  const groupOf = (t: Pick<SaleTitleRow, "direction" | "partyKind" | "partyId">) => {
    const key = groupKey(t);
    let g = groups.get(key);
    if (!g) {
      g = { head: { direction: t.direction, partyKind: t.partyKind, partyId: t.partyId }, live: [], target: [], groupId: null };
      groups.set(key, g);
    }
    return g;
  };
  for (const t of existing) {
    const g = groupOf(t);
    g.groupId ??= t.groupId;
    if (t.status !== "cancelled") g.live.push(t);
  }
  for (const r of target) if (r.amountCents > 0) groupOf(r).target.push(r);

  const result: Adjustment = { updates: [], cancels: [], adds: [] };
  for (const g of groups.values()) {
    const byNo = (a: ExistingTitle, b: ExistingTitle) => a.installmentNo - b.installmentNo || a.dueDate.localeCompare(b.dueDate) || a.id.localeCompare(b.id);
    const settled = g.live.filter((t) => t.paidCents > 0).sort(byNo);
    const open = g.live.filter((t) => t.paidCents <= 0).sort(byNo);
    const total = g.target.reduce((s, r) => s + r.amountCents, 0);
    const floor = settled.reduce((s, t) => s + Math.min(t.amountCents, t.paidCents), 0);
    if (floor > total) {
      return fail("settledExceedsTotal", { ...g.head, settledCents: floor, totalCents: total });
    }
    // The settled titles' new amounts: unchanged, or partial ones lowered (the latest first) towards what was paid.
    const amounts = settled.map((t) => t.amountCents);
    let excess = amounts.reduce((s, a) => s + a, 0) - total;
    for (let i = settled.length - 1; i >= 0 && excess > 0; i--) {
      const lower = Math.min(excess, amounts[i]! - settled[i]!.paidCents);
      if (lower > 0) {
        amounts[i]! -= lower;
        excess -= lower;
      }
    }
    // The settled money covers the target's earliest rows; the rest is what the open titles must hold.
    let covered = amounts.reduce((s, a) => s + a, 0);
    const openTarget: { dueDate: string; amountCents: number }[] = [];
    for (const r of g.target) {
      const take = Math.min(covered, r.amountCents);
      covered -= take;
      if (r.amountCents - take > 0) openTarget.push({ dueDate: r.dueDate, amountCents: r.amountCents - take });
    }
    const count = settled.length + openTarget.length;
    const key = descriptionKey(g.head.direction, g.head.partyKind);
    const description = (n: number): SaleTitleDescription => ({ key, values: { sale: saleNumber, n, count } });
    settled.forEach((t, i) => {
      const amountCents = amounts[i]!;
      const status = amountCents <= t.paidCents ? "paid" : "partial";
      if (amountCents !== t.amountCents || t.installmentNo !== i + 1 || t.installmentCount !== count || status !== t.status) {
        result.updates.push({ id: t.id, amountCents, dueDate: t.dueDate, installmentNo: i + 1, installmentCount: count, status, description: description(i + 1) });
      }
    });
    openTarget.forEach((r, j) => {
      const n = settled.length + j + 1;
      const t = open[j];
      if (!t) {
        result.adds.push({ ...g.head, amountCents: r.amountCents, dueDate: r.dueDate, installmentNo: n, installmentCount: count, description: description(n), groupId: g.groupId });
      } else if (t.amountCents !== r.amountCents || t.dueDate !== r.dueDate || t.installmentNo !== n || t.installmentCount !== count || t.status !== "open") {
        result.updates.push({ id: t.id, amountCents: r.amountCents, dueDate: r.dueDate, installmentNo: n, installmentCount: count, status: "open", description: description(n) });
      }
    });
    for (const t of open.slice(openTarget.length)) result.cancels.push(t.id);
  }
  return ok(result);
}

export type Cancellation = {
  /** Open titles (nothing paid) to cancel. */
  cancels: string[];
  /** Partial titles closed at what was paid (amount = paid, status paid). */
  updates: TitleUpdate[];
  /** The refund payable to the client for what the client paid (null when nothing was). */
  refund: SaleTitleRow | null;
  /** What the agency already paid its suppliers for the sale (shown; recovering it is a manual matter). */
  paidToSuppliersCents: number;
};

/**
 * What cancelling a confirmed sale does to its titles: every open title is
 * cancelled, every partial one is closed at what was paid, and the client gets
 * a refund payable (due `refundDue`) of Σ paid on the sale's receivables.
 */
export function cancelSaleTitles(existing: readonly ExistingTitle[], clientId: string, saleNumber: number, refundDue: string): Cancellation {
  const cancels: string[] = [];
  const updates: TitleUpdate[] = [];
  let refund = 0;
  let toSuppliers = 0;
  for (const t of existing) {
    if (t.status === "cancelled") continue;
    if (t.paidCents <= 0) {
      cancels.push(t.id);
      continue;
    }
    if (t.direction === "receivable") refund += t.paidCents;
    else if (t.partyKind === "supplier") toSuppliers += t.paidCents;
    if (t.amountCents > t.paidCents) {
      updates.push({
        id: t.id,
        amountCents: t.paidCents,
        dueDate: t.dueDate,
        installmentNo: t.installmentNo,
        installmentCount: t.installmentCount,
        status: "paid",
        description: { key: descriptionKey(t.direction, t.partyKind), values: { sale: saleNumber, n: t.installmentNo, count: t.installmentCount } },
      });
    }
  }
  return {
    cancels,
    updates,
    refund:
      refund > 0
        ? {
            direction: "payable",
            partyKind: "client",
            partyId: clientId,
            amountCents: refund,
            dueDate: refundDue,
            installmentNo: 1,
            installmentCount: 1,
            description: { key: SALE_TITLE_DESCRIPTIONS.refund, values: { sale: saleNumber, n: 1, count: 1 } },
          }
        : null,
    paidToSuppliersCents: toSuppliers,
  };
}
