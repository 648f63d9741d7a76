/**
 * Commissions, the pure part (issue #20 item 3; decision 0017): what a sale's
 * commission is, how much of it the agency's release policy frees, and which
 * writes bring a sale's lines to that — shared by the server, the seed and the
 * property tests. No database, no zod.
 *
 * Invariants kept by planLines:
 * - the sum of a sale's live (non-cancelled) lines equals the target amount;
 * - a paid line is never rewritten or cancelled (a later change is an adjustment line);
 * - at most one open (pending or released) line per sale.
 */
import type { ListSpec } from "~/lib/kit/list";

export const COMMISSION_RULE_VALUES = ["sale_percent", "margin_percent"] as const;
export type Rule = (typeof COMMISSION_RULE_VALUES)[number];
export const RELEASE_POLICIES = ["confirmation", "full_payment", "proportional"] as const;
export type ReleasePolicy = (typeof RELEASE_POLICIES)[number];
export const LINE_STATUSES = ["pending", "released", "paid", "cancelled"] as const;
export type LineStatus = (typeof LINE_STATUSES)[number];
export type LineKind = "sale" | "adjustment";

export const COMMISSIONS_PATH = "/financeiro/faturamento/comissoes";
export const COMMISSIONS_REPORT_PATH = "/financeiro/faturamento/comissoes/relatorio";
/** Where the sale page's commission card posts (the sale's own rule). */
export const COMMISSION_SALE_PATH = (saleId: string) => `${COMMISSIONS_PATH}/venda/${saleId}`;

/** The sale page's commission card: the seller, their rule, the sale's own rule if any, what the live lines make. */
export type SaleCommission = {
  saleId: string;
  version: number;
  agentName: string;
  agentRule: Rule;
  agentBps: number;
  /** The sale's own rule, or null when the seller's applies. */
  override: { rule: Rule; bps: number } | null;
  /** The sum of its live lines (pending, released, paid), in the sale's currency. */
  amountCents: number;
  currency: string;
  canEdit: boolean;
};
export const PAYABLES_PATH = "/financeiro/contas-a-pagar";

/** What the rule needs of a sale. */
export type SaleFigures = { status: "draft" | "confirmed" | "cancelled"; deleted?: boolean; priceCents: number; discountCents: number; marginCents: number };

/** The base of a rule: the sale's value (price − discount; fees pass through) or its margin. */
export function commissionBase(rule: Rule, sale: Pick<SaleFigures, "priceCents" | "discountCents" | "marginCents">): number {
  return rule === "margin_percent" ? sale.marginCents : sale.priceCents - sale.discountCents;
}

/** `bps` of `base`, rounded half up once; nothing on a negative base (a sale at a loss pays no margin commission). */
export function applyBps(baseCents: number, bps: number): number {
  if (baseCents <= 0 || bps <= 0) return 0;
  return Math.floor((baseCents * bps + 5000) / 10000);
}

/** The commission a sale owes its seller now: the rule applied while it is confirmed, 0 otherwise (draft, cancelled, deleted). */
export function targetCommission(rule: Rule, bps: number, sale: SaleFigures): { baseCents: number; amountCents: number } {
  const baseCents = commissionBase(rule, sale);
  if (sale.status !== "confirmed" || sale.deleted) return { baseCents, amountCents: 0 };
  return { baseCents, amountCents: applyBps(baseCents, bps) };
}

/**
 * How much of `amountCents` the policy frees: all of it on confirmation; all of it
 * once the client paid the sale's total in full; or in proportion to what the client
 * paid (rounded down, never above the amount). A sale with nothing to pay (total 0)
 * counts as paid.
 */
export function releasedAmount(policy: ReleasePolicy, amountCents: number, clientTotalCents: number, clientPaidCents: number): number {
  if (amountCents <= 0) return amountCents;
  if (policy === "confirmation") return amountCents;
  const paid = Math.max(0, clientPaidCents);
  if (clientTotalCents <= 0 || paid >= clientTotalCents) return amountCents;
  if (policy === "full_payment") return 0;
  return Math.min(amountCents, Math.floor((amountCents * paid) / clientTotalCents));
}

export type ExistingLine = { id: string; kind: LineKind; amountCents: number; releasedCents: number; status: LineStatus };
export type LineFields = { amountCents: number; releasedCents: number; status: "pending" | "released" };
export type LinePlan = {
  cancel: string[];
  update: ({ id: string } & LineFields)[];
  insert: ({ kind: LineKind } & LineFields)[];
};

const openStatus = (amountCents: number, releasedCents: number): "pending" | "released" => (amountCents < 0 || releasedCents > 0 ? "released" : "pending");

/**
 * The writes that bring a sale's lines to `target` (its commission now) with
 * `releasedTarget` of it freed (releasedAmount): paid lines stay; the open line
 * carries the rest (target − paid), released up to (releasedTarget − paid). A
 * negative rest (the sale shrank after payment) is released at once: it is taken
 * from the agent's next payment.
 */
export function planLines(existing: readonly ExistingLine[], targetCents: number, releasedTargetCents: number): LinePlan {
  const paid = existing.filter((l) => l.status === "paid").reduce((s, l) => s + l.amountCents, 0);
  const open = existing.filter((l) => l.status === "pending" || l.status === "released");
  const rest = targetCents - paid;
  const plan: LinePlan = { cancel: [], update: [], insert: [] };
  if (rest === 0) {
    plan.cancel = open.map((l) => l.id);
    return plan;
  }
  const releasedCents = rest < 0 ? rest : Math.max(0, Math.min(rest, releasedTargetCents - paid));
  const fields: LineFields = { amountCents: rest, releasedCents, status: openStatus(rest, releasedCents) };
  // The open line follows in place while the sign holds; a claw-back (negative rest) is an adjustment line of its own.
  if (open.length === 1 && Math.sign(open[0]!.amountCents) === Math.sign(rest)) {
    const [line] = open as [ExistingLine];
    if (line.amountCents !== fields.amountCents || line.releasedCents !== fields.releasedCents || line.status !== fields.status) plan.update.push({ id: line.id, ...fields });
    return plan;
  }
  plan.cancel = open.map((l) => l.id);
  plan.insert.push({ kind: rest < 0 || existing.some((l) => l.status === "paid") ? "adjustment" : "sale", ...fields });
  return plan;
}

/** Paying a released line pays what is released; a partly released line leaves the rest pending on a new line. */
export function payLine(line: Pick<ExistingLine, "amountCents" | "releasedCents">): { paidCents: number; restCents: number } {
  return { paidCents: line.releasedCents, restCents: line.amountCents - line.releasedCents };
}

// ---------------------------------------------------------------------------
// The screen's URL state

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[A-Za-z0-9_-]{1,64}$/;
export const isDay = (v: string) => DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

export type CommissionSort = "date";
export type CommissionFilter = "status" | "agent" | "from" | "to";
export const COMMISSION_LIST = {
  sorts: ["date"],
  defaultSort: "date",
  defaultDir: "desc",
  filters: { status: LINE_STATUSES, agent: (v: string) => ID.test(v), from: isDay, to: isDay },
} as const satisfies ListSpec<CommissionSort, CommissionFilter>;

export type CommissionRow = {
  id: string;
  saleId: string;
  saleNumber: number;
  saleKind: string;
  saleDate: string;
  agentId: string;
  agentName: string;
  kind: LineKind;
  rule: Rule;
  bps: number;
  baseCents: number;
  amountCents: number;
  releasedCents: number;
  currency: string;
  status: LineStatus;
  payableId: string | null;
};

/** One agent's figures in the report (per currency). */
export type ReportRow = { agentId: string; agentName: string; currency: string; lines: number; totalCents: number; pendingCents: number; releasedCents: number; paidCents: number };

/** "12,5 %" from basis points. */
export const bpsPercent = (bps: number, language: string) => `${new Intl.NumberFormat(language === "pt" ? "pt-BR" : language === "es" ? "es-ES" : "en-US", { maximumFractionDigits: 2 }).format(bps / 100)} %`;
