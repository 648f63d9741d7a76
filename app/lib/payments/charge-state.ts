/**
 * A charge's state from the provider's events, whatever order they arrive in (issue #19).
 * Pure and client-safe; events.server.ts applies it and the property test
 * (charge-state.test.ts) checks that every order of the same events ends alike.
 *
 * The rule — a join, so applying events is commutative and idempotent:
 * - Statuses come in three tiers. The "open" tier (PENDING, AWAITING_RISK_ANALYSIS,
 *   OVERDUE) follows time: the event with the latest dateCreated wins (a due date
 *   moved later makes an OVERDUE charge PENDING again), ties by the status order.
 *   DELETED outranks the open tier. The "money" tier (confirmed, received, refunds,
 *   chargebacks) outranks both and only moves forward along MONEY_ORDER: an OVERDUE
 *   after RECEIVED never un-pays, a RECEIVED after REFUNDED never pays again.
 * - Value and due date follow the newest event (ties: the larger value, then the later day).
 * - Whether the receivable should hold a webhook settlement follows from the status:
 *   SETTLED statuses want one, REVERSED statuses want it reversed (once it existed).
 *
 * Decision (chargebacks): PAYMENT_CHARGEBACK_REQUESTED reverses the settlement —
 * Asaas blocks the amount in the balance from the request on, so the receivable is
 * open again. A dispute (CHARGEBACK_DISPUTE) and a won dispute awaiting the money
 * back (AWAITING_CHARGEBACK_REVERSAL) keep it reversed; the settlement of a payment id
 * happens once, so money that comes back after a won dispute is settled by hand.
 * REFUND_IN_PROGRESS keeps the settlement until PAYMENT_REFUNDED.
 */
import type { ChargeStatus } from "~/db/schema/payments";

const OPEN_TIER: readonly ChargeStatus[] = ["PENDING", "AWAITING_RISK_ANALYSIS", "OVERDUE"];
/** The money tier, lowest first. */
const MONEY_ORDER: readonly ChargeStatus[] = [
  "CONFIRMED",
  "RECEIVED_IN_CASH",
  "DUNNING_RECEIVED",
  "RECEIVED",
  "REFUND_REQUESTED",
  "REFUND_IN_PROGRESS",
  "CHARGEBACK_REQUESTED",
  "CHARGEBACK_DISPUTE",
  "AWAITING_CHARGEBACK_REVERSAL",
  "REFUNDED",
];
/** Statuses a PAYMENT_UPDATED may carry into the state (the others come with their own event). */
const UPDATABLE: readonly ChargeStatus[] = [...OPEN_TIER, "DUNNING_REQUESTED"];

/** The receivable holds the webhook's settlement. */
export const SETTLED_STATUSES: ReadonlySet<ChargeStatus> = new Set(["CONFIRMED", "RECEIVED_IN_CASH", "DUNNING_RECEIVED", "RECEIVED", "REFUND_REQUESTED", "REFUND_IN_PROGRESS"]);
/** The webhook's settlement, if one was made, is reversed. */
export const REVERSED_STATUSES: ReadonlySet<ChargeStatus> = new Set(["CHARGEBACK_REQUESTED", "CHARGEBACK_DISPUTE", "AWAITING_CHARGEBACK_REVERSAL", "REFUNDED"]);

/** Asaas event → the status it brings (null: it only syncs value and due date). */
const EVENT_STATUS: Record<string, ChargeStatus | null> = {
  PAYMENT_CREATED: null,
  PAYMENT_UPDATED: null,
  PAYMENT_AWAITING_RISK_ANALYSIS: "AWAITING_RISK_ANALYSIS",
  PAYMENT_APPROVED_BY_RISK_ANALYSIS: null,
  PAYMENT_OVERDUE: "OVERDUE",
  PAYMENT_CONFIRMED: "CONFIRMED",
  PAYMENT_RECEIVED: "RECEIVED",
  PAYMENT_RECEIVED_IN_CASH: "RECEIVED_IN_CASH",
  PAYMENT_DUNNING_REQUESTED: "DUNNING_REQUESTED",
  PAYMENT_DUNNING_RECEIVED: "DUNNING_RECEIVED",
  PAYMENT_REFUND_IN_PROGRESS: "REFUND_IN_PROGRESS",
  PAYMENT_REFUNDED: "REFUNDED",
  PAYMENT_CHARGEBACK_REQUESTED: "CHARGEBACK_REQUESTED",
  PAYMENT_CHARGEBACK_DISPUTE: "CHARGEBACK_DISPUTE",
  PAYMENT_AWAITING_CHARGEBACK_REVERSAL: "AWAITING_CHARGEBACK_REVERSAL",
  PAYMENT_DELETED: "DELETED",
};

/** The events this app acts on; any other (PAYMENT_RESTORED, PAYMENT_ANTICIPATED, non-payment ones) is ignored. */
export const HANDLED_EVENTS: ReadonlySet<string> = new Set(Object.keys(EVENT_STATUS));

export type ChargeState = {
  status: ChargeStatus;
  /** The dateCreated of the newest event that brought the status (null: none yet, the charge as created). */
  statusAt: string | null;
  /** The dateCreated of the newest event whose value and due date were applied (null: none yet). */
  lastEventAt: string | null;
  valueCents: number;
  dueDate: string;
};

export type ChargeFacts = {
  /** The Asaas event type. */
  event: string;
  /** The event's dateCreated, normalised (normaliseEventTime), "" when absent. */
  at: string;
  /** payment.status (used by PAYMENT_UPDATED only). */
  paymentStatus?: string | null;
  valueCents?: number | null;
  dueDate?: string | null;
};

const tier = (s: ChargeStatus) => (MONEY_ORDER.includes(s) ? 2 : s === "DELETED" ? 1 : 0);
const orderOf = (s: ChargeStatus) => {
  const i = UPDATABLE.indexOf(s);
  return i === -1 ? UPDATABLE.length : i;
};
const pad = (n: number) => String(n).padStart(3, "0");

/**
 * What decides which status wins: the tier, then in the open tier the time and the
 * status order, in the others the money order and the time. Compared as strings.
 */
function statusKey(status: ChargeStatus, at: string): [number, string, string] {
  const t = tier(status);
  return t === 0 ? [t, at, pad(orderOf(status))] : [t, pad(MONEY_ORDER.indexOf(status)), at];
}
const greater = (a: [number, string, string], b: [number, string, string]) => a[0] !== b[0] ? a[0] > b[0] : a[1] !== b[1] ? a[1] > b[1] : a[2] > b[2];

/** The status an event brings, or null. */
export function eventStatus(facts: Pick<ChargeFacts, "event" | "paymentStatus">): ChargeStatus | null {
  const s = EVENT_STATUS[facts.event];
  if (s !== undefined && s !== null) return s;
  if (facts.event === "PAYMENT_UPDATED" && facts.paymentStatus && (UPDATABLE as readonly string[]).includes(facts.paymentStatus)) return facts.paymentStatus as ChargeStatus;
  return null;
}

/** The state after one event (idempotent; any order of the same events gives the same state). */
export function applyEvent(state: ChargeState, facts: ChargeFacts): ChargeState {
  const at = facts.at;
  const incoming = eventStatus(facts);
  let { status, statusAt } = state;
  if (incoming && greater(statusKey(incoming, at), statusKey(status, statusAt ?? ""))) {
    status = incoming;
    statusAt = at || null;
  }
  // Value and due date: from the newest event that carries both (Asaas's payment snapshot).
  let { valueCents, dueDate, lastEventAt } = state;
  const value = facts.valueCents != null && facts.valueCents > 0 ? facts.valueCents : null;
  const due = facts.dueDate ?? null;
  if (value !== null && due !== null) {
    const last = lastEventAt ?? "";
    if (at > last) {
      valueCents = value;
      dueDate = due;
      lastEventAt = at;
    } else if (at === last) {
      if (value > valueCents) valueCents = value;
      if (due > dueDate) dueDate = due;
    }
  }
  return { status, statusAt, lastEventAt, valueCents, dueDate };
}

/** What the receivable should be: holding the settlement, reversed, or untouched. */
export function settlementWanted(status: ChargeStatus): "settle" | "reverse" | "none" {
  if (SETTLED_STATUSES.has(status)) return "settle";
  if (REVERSED_STATUSES.has(status)) return "reverse";
  return "none";
}

/** Asaas's dateCreated ("2026-05-01 10:20:30" or ISO) as a comparable ISO string; "" when missing or unreadable. */
export function normaliseEventTime(value: unknown): string {
  if (typeof value !== "string") return "";
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/.exec(value.trim());
  if (!m) return /^\d{4}-\d{2}-\d{2}$/.test(value.trim()) ? `${value.trim()}T00:00:00.000Z` : "";
  // Asaas sends Brasília local time without an offset.
  const iso = `${m[1]}T${m[2]}${m[3] ?? ""}${m[4] ?? "-03:00"}`;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : d.toISOString();
}
