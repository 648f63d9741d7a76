/**
 * Processing one stored Asaas event (issue #19): called by the webhooks Worker's
 * Queue consumer, and by the history page's "Reprocessar" (replay).
 *
 * - The agency's charge is found by the payment id; none → the event is `ignored`.
 * - The charge's state moves by the pure rule in charge-state.ts (any order of the
 *   same events ends alike). From the resulting status the receivable holds the
 *   webhook's settlement (settleTitles, origin "webhook", origin_ref = payment id:
 *   unique per agency, so a payment is settled once — a lost race is "already done")
 *   or has it reversed (reverseEntry, once: reverses_id is unique).
 * - The charge (status, value, due date, settlement, the event that settled it) and
 *   the event (processed, charge, title) are written in one db.batch, the charge's
 *   update guarded by its version: two events of the same charge processed at once →
 *   the loser throws and the Queue retries it.
 * - A failure marks the event failed (attempts, last error without secrets), counts
 *   the integration's consecutive failures (reset by a success), alerts the agency's
 *   active Admins live once when they reach FAILURE_ALERT_THRESHOLD, and rethrows so
 *   the Queue retries with backoff.
 * - A new settlement notifies the seller live ("Pagamento recebido"): the sale's
 *   seller's user for a title from a sale, else whoever created the title.
 *
 * The webhook acts as no user: its entries and audit rows have no user (null).
 */
import { announceDashboard } from "~/lib/dashboard/live.server";
import type { BoardsEnv } from "~/lib/platform/board-room.server";
import { and, eq, inArray, sql } from "drizzle-orm";
import { agency, agent, financeEntry, financeTitle, intermediary, paymentCharge, paymentIntegration, profile, sale, webhookEvent } from "~/db/schema";
import { nowIso } from "~/db/schema/columns";
import type { WebhookStatus } from "~/db/schema/platform";
import { settleTitles, reverseEntry } from "~/lib/finance/ledger/entries.server";
import { syncTitleCommissions } from "~/lib/commissions/commissions.server";
import { auditInsert } from "~/lib/platform/audit.server";
import { createDb, type Db } from "~/lib/platform/db.server";
import { formatMoney } from "~/lib/platform/format";
import { notify, type RealtimeEnv } from "~/lib/platform/realtime.server";
import { agencyActing, type Scope } from "~/lib/platform/scope.server";
import { textIn } from "~/lib/platform/text-in";
import { parseAsaasEvent, toCents, type AsaasPayment } from "~/lib/payments/asaas-event";
import { FAILURE_ALERT_THRESHOLD, RECEIVABLE_PATH, WEBHOOK_HISTORY_PATH } from "~/lib/payments/webhook-history";
import { applyEvent, HANDLED_EVENTS, normaliseEventTime, settlementWanted, type ChargeState } from "~/lib/payments/charge-state";

export { ASAAS_PAUSE_AFTER, FAILURE_ALERT_THRESHOLD } from "~/lib/payments/webhook-history";

export type EventsEnv = RealtimeEnv & BoardsEnv;

/** An error whose message is safe to store and show (no secrets, no stack). */
export class EventProcessingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EventProcessingError";
  }
}

type StoredEvent = typeof webhookEvent.$inferSelect;
type Charge = typeof paymentCharge.$inferSelect;

const today = () => nowIso().slice(0, 10);

/**
 * Processes the stored event once (a processed or ignored one is left alone unless
 * `replay`). Answers the event's status afterwards; throws after recording a failure.
 */
export async function processStoredEvent(env: EventsEnv, webhookEventId: string, options: { replay?: boolean } = {}): Promise<WebhookStatus | null> {
  const db = createDb(env.DB);
  const [event] = await db.select().from(webhookEvent).where(eq(webhookEvent.id, webhookEventId)).limit(1);
  if (!event) return null;
  if (!options.replay && (event.status === "processed" || event.status === "ignored")) return event.status;
  try {
    return await apply(env, db, event);
  } catch (error) {
    await recordFailure(env, db, event, error);
    throw error;
  }
}

async function markIgnored(db: Db, event: StoredEvent, externalRef: string | null): Promise<WebhookStatus> {
  const now = nowIso();
  const statements = [
    db
      .update(webhookEvent)
      .set({ status: "ignored", processedAt: now, lastAttemptAt: now, lastError: null, attempts: sql`${webhookEvent.attempts} + 1`, externalRef })
      .where(and(eq(webhookEvent.id, event.id), inArray(webhookEvent.status, ["received", "failed", "ignored"]))),
  ];
  if (event.agencyId) statements.push(resetFailures(db, event.agencyId) as never);
  await db.batch(statements as never);
  return "ignored";
}

const resetFailures = (db: Db, agencyId: string) =>
  db
    .update(paymentIntegration)
    .set({ consecutiveFailures: 0, failureAlertedAt: null })
    .where(and(eq(paymentIntegration.agencyId, agencyId), eq(paymentIntegration.provider, "asaas"), sql`(${paymentIntegration.consecutiveFailures} > 0 or ${paymentIntegration.failureAlertedAt} is not null)`));

async function apply(env: EventsEnv, db: Db, event: StoredEvent): Promise<WebhookStatus> {
  const parsed = parseAsaasEvent(event.payload);
  const payment = parsed?.payment ?? null;
  if (!event.agencyId || !parsed || !payment || !HANDLED_EVENTS.has(parsed.event)) return markIgnored(db, event, payment?.id ?? event.externalRef);
  const agencyId = event.agencyId;
  const [charge] = await db
    .select()
    .from(paymentCharge)
    .where(and(eq(paymentCharge.agencyId, agencyId), eq(paymentCharge.provider, "asaas"), eq(paymentCharge.externalId, payment.id)))
    .limit(1);
  if (!charge) return markIgnored(db, event, payment.id);

  const at = normaliseEventTime(parsed.dateCreated);
  const before: ChargeState = { status: charge.status, statusAt: charge.statusAt, lastEventAt: charge.lastEventAt, valueCents: charge.valueCents, dueDate: charge.dueDate };
  const next = applyEvent(before, {
    event: parsed.event,
    at,
    paymentStatus: payment.status ?? null,
    valueCents: payment.value != null ? toCents(payment.value) : null,
    dueDate: payment.dueDate ? payment.dueDate.slice(0, 10) : null,
  });
  const scope = await webhookScope(db, agencyId);
  const want = settlementWanted(next.status);

  let settlementEntryId = charge.settlementEntryId;
  let settledByEventId = charge.settledByEventId;
  let newSettlement: { principalCents: number } | null = null;
  if (want !== "none" && !settlementEntryId) {
    // A settlement made by an earlier attempt that stopped before recording it on the charge.
    const existing = await webhookSettlement(db, agencyId, payment.id);
    if (existing) {
      settlementEntryId = existing.id;
      settledByEventId ??= event.id;
    }
  }
  if (want === "settle" && !settlementEntryId) {
    const made = await settle(db, scope, charge, payment);
    if (made) {
      settlementEntryId = made.entryId;
      settledByEventId = event.id;
      if (made.fresh) newSettlement = { principalCents: made.principalCents };
    }
  }
  if (want === "reverse" && settlementEntryId) {
    const reversed = await reverseEntry(scope, settlementEntryId, today(), `Asaas ${parsed.event} ${payment.id}`);
    if (!reversed.ok && reversed.reason !== "reversed") throw new EventProcessingError(`reversal refused: ${reversed.reason}`);
  }

  const now = nowIso();
  const deletedAt = next.status === "DELETED" ? (charge.deletedAt ?? now) : charge.status === "DELETED" ? null : charge.deletedAt;
  const changes: Partial<Charge> = {
    status: next.status,
    statusAt: next.statusAt,
    lastEventAt: next.lastEventAt,
    valueCents: next.valueCents,
    dueDate: next.dueDate,
    settlementEntryId,
    settledByEventId,
    deletedAt,
  };
  const changed = Object.fromEntries(Object.entries(changes).filter(([k, v]) => charge[k as keyof Charge] !== v).map(([k, v]) => [k, [charge[k as keyof Charge], v]]));
  // The charge's update is guarded by its version; the event's by `changes() = 1` (the
  // charge's update just before it applied), so a lost race changes neither.
  const [chargeUpdate, eventUpdate] = await db.batch([
    db
      .update(paymentCharge)
      .set({ ...changes, version: sql`${paymentCharge.version} + 1`, updatedAt: now })
      .where(and(eq(paymentCharge.id, charge.id), eq(paymentCharge.agencyId, agencyId), eq(paymentCharge.version, charge.version)))
      .returning({ id: paymentCharge.id }),
    db
      .update(webhookEvent)
      .set({ status: "processed", processedAt: now, lastAttemptAt: now, lastError: null, attempts: sql`${webhookEvent.attempts} + 1`, externalRef: payment.id, chargeId: charge.id, titleId: charge.titleId })
      .where(and(eq(webhookEvent.id, event.id), sql`changes() = 1`))
      .returning({ id: webhookEvent.id }),
    resetFailures(db, agencyId),
  ] as const);
  if (chargeUpdate.length === 0 || eventUpdate.length === 0) throw new EventProcessingError("the charge changed meanwhile; retried");
  if (Object.keys(changed).length > 0) {
    await auditInsert(db, { agencyId, userId: null, entity: "payment_charge", entityId: charge.id, action: "update", changes: { ...changed, event: [null, `${parsed.event} ${parsed.id}`] } });
  }
  // The sale's commissions are released (or held back again) as the client pays.
  if (want !== "none") await syncTitleCommissions(scope, charge.titleId).catch((error: unknown) => console.warn("commission release failed", error));
  if (newSettlement) {
    await notifySeller(env, db, agencyId, charge.titleId, newSettlement.principalCents).catch((error: unknown) => console.warn("payment notification failed", error));
    // The payment moves the agency's receivables and cash: the open dashboards re-read.
    await announceDashboard(env, agencyId, charge.titleId, "webhook");
  }
  return "processed";
}

/** The scope the webhook works in: the agency, no user. */
async function webhookScope(db: Db, agencyId: string): Promise<Scope> {
  const [row] = await db.select({ timeZone: agency.timeZone, currency: agency.currency }).from(agency).where(eq(agency.id, agencyId)).limit(1);
  if (!row) throw new EventProcessingError("agency not found");
  return agencyActing({ db, ip: null, agencyId, timeZone: row.timeZone, currency: row.currency });
}

async function webhookSettlement(db: Db, agencyId: string, paymentId: string) {
  const [row] = await db
    .select({ id: financeEntry.id })
    .from(financeEntry)
    .where(and(eq(financeEntry.agencyId, agencyId), eq(financeEntry.origin, "webhook"), eq(financeEntry.originRef, paymentId)))
    .limit(1);
  return row ?? null;
}

/** The day the money came in: Asaas's payment date, the client's, the confirmation's, else today. */
const paymentDay = (p: AsaasPayment) => (p.paymentDate ?? p.clientPaymentDate ?? p.confirmedDate ?? today()).slice(0, 10);

/**
 * Settles the charge's receivable: the open amount or the payment's value (the
 * smaller), fee = value − netValue when Asaas sends it, else the intermediary's rule.
 * null when the receivable is no longer open (paid by hand, cancelled): nothing to do.
 */
async function settle(db: Db, scope: Scope, charge: Charge, payment: AsaasPayment): Promise<{ entryId: string; principalCents: number; fresh: boolean } | null> {
  const agencyId = scope.agencyId;
  const [integration] = await db
    .select({ bankAccountId: paymentIntegration.bankAccountId, intermediaryId: paymentIntegration.intermediaryId })
    .from(paymentIntegration)
    .where(and(eq(paymentIntegration.agencyId, agencyId), eq(paymentIntegration.provider, "asaas")))
    .limit(1);
  if (!integration?.bankAccountId) throw new EventProcessingError("the integration has no bank account for settlements");
  const [title] = await db
    .select()
    .from(financeTitle)
    .where(and(eq(financeTitle.agencyId, agencyId), eq(financeTitle.id, charge.titleId)))
    .limit(1);
  if (!title) throw new EventProcessingError("receivable not found");
  if (title.status !== "open" && title.status !== "partial") return null;
  const open = title.amountCents - title.paidCents;
  const valueCents = payment.value != null && payment.value > 0 ? toCents(payment.value) : charge.valueCents;
  const principalCents = Math.min(open, valueCents);
  let feeCents = 0;
  let intermediaryId: string | null = null;
  if (integration.intermediaryId) {
    const [inter] = await db
      .select({ id: intermediary.id, feeBp: intermediary.feeBp, fixedFeeCents: intermediary.fixedFeeCents })
      .from(intermediary)
      .where(and(eq(intermediary.agencyId, agencyId), eq(intermediary.id, integration.intermediaryId), sql`${intermediary.deletedAt} is null`))
      .limit(1);
    if (inter) {
      intermediaryId = inter.id;
      feeCents = Math.round((principalCents * inter.feeBp) / 10_000) + inter.fixedFeeCents;
    }
  }
  if (payment.netValue != null && payment.value != null) feeCents = Math.max(0, toCents(payment.value) - toCents(payment.netValue));
  const result = await settleTitles(
    scope,
    { date: paymentDay(payment), bankAccountId: integration.bankAccountId, description: `Asaas ${payment.id}`, origin: "webhook", originRef: payment.id },
    [{ titleId: title.id, version: title.version, intermediaryId, principalCents, interestCents: 0, fineCents: 0, discountCents: 0, feeCents }],
  );
  if (result.ok) return { entryId: result.entryIds[0]!, principalCents, fresh: true };
  // Settled meanwhile by another delivery of this payment (the unique origin_ref): already done.
  const existing = await webhookSettlement(db, agencyId, payment.id);
  if (existing) return { entryId: existing.id, principalCents, fresh: false };
  if (result.reason === "closed" || result.reason === "overpaid") return null;
  throw new EventProcessingError(`settlement refused: ${result.reason}`);
}

/** "Pagamento recebido" to the seller (the sale's seller's user, else the title's creator), live. */
async function notifySeller(env: EventsEnv, db: Db, agencyId: string, titleId: string, cents: number) {
  const [title] = await db
    .select({ id: financeTitle.id, description: financeTitle.description, currency: financeTitle.currency, originKind: financeTitle.originKind, originId: financeTitle.originId, createdBy: financeTitle.createdBy })
    .from(financeTitle)
    .where(and(eq(financeTitle.agencyId, agencyId), eq(financeTitle.id, titleId)))
    .limit(1);
  if (!title) return;
  let userId: string | null = null;
  if (title.originKind === "sale" && title.originId) {
    const [seller] = await db
      .select({ userId: agent.userId })
      .from(sale)
      .innerJoin(agent, and(eq(agent.id, sale.agentId), eq(agent.agencyId, agencyId)))
      .where(and(eq(sale.agencyId, agencyId), eq(sale.id, title.originId)))
      .limit(1);
    userId = seller?.userId ?? null;
  }
  userId ??= title.createdBy;
  if (!userId) return;
  const [user] = await db
    .select({ id: profile.id, locale: profile.locale })
    .from(profile)
    .where(and(eq(profile.id, userId), eq(profile.agencyId, agencyId), eq(profile.active, true)))
    .limit(1);
  if (!user) return;
  const lng = user.locale;
  await notify(env, {
    userId: user.id,
    agencyId,
    title: textIn(lng, "paymentWebhooks.notify.receivedTitle"),
    message: textIn(lng, "paymentWebhooks.notify.receivedMessage", { description: title.description, amount: formatMoney(cents, title.currency, lng ?? "pt") }),
    link: `${RECEIVABLE_PATH}/${title.id}`,
  });
}

/** A message safe to keep on the event: ours as is, anything else by its kind (no payloads, keys or stacks). */
export function safeErrorMessage(error: unknown): string {
  if (error instanceof EventProcessingError) return error.message.slice(0, 500);
  const message = error instanceof Error ? error.message : String(error);
  if (/UNIQUE constraint failed|constraint failed|D1_|SQLITE/i.test(message)) return "database refused the change; retried";
  if (/fetch|network|timeout/i.test(message)) return "a service did not answer; retried";
  return "unexpected error; retried";
}

async function recordFailure(env: EventsEnv, db: Db, event: StoredEvent, error: unknown) {
  const now = nowIso();
  try {
    // A loser of a race whose event another run has just processed is no failure.
    const marked = await db
      .update(webhookEvent)
      .set({ status: "failed", lastError: safeErrorMessage(error), attempts: sql`${webhookEvent.attempts} + 1`, lastAttemptAt: now })
      .where(and(eq(webhookEvent.id, event.id), inArray(webhookEvent.status, ["received", "failed", "ignored"])))
      .returning({ id: webhookEvent.id });
    if (marked.length === 0 || !event.agencyId) return;
    const [row] = await db
      .update(paymentIntegration)
      .set({ consecutiveFailures: sql`${paymentIntegration.consecutiveFailures} + 1` })
      .where(and(eq(paymentIntegration.agencyId, event.agencyId), eq(paymentIntegration.provider, "asaas")))
      .returning({ failures: paymentIntegration.consecutiveFailures });
    if (!row || row.failures < FAILURE_ALERT_THRESHOLD) return;
    const claimed = await db
      .update(paymentIntegration)
      .set({ failureAlertedAt: now })
      .where(and(eq(paymentIntegration.agencyId, event.agencyId), eq(paymentIntegration.provider, "asaas"), sql`${paymentIntegration.failureAlertedAt} is null`))
      .returning({ id: paymentIntegration.id });
    if (claimed.length === 0) return;
    await alertAdmins(env, db, event.agencyId, row.failures);
  } catch (bookkeeping) {
    console.warn("recording a webhook failure failed", bookkeeping);
  }
}

/** Every active Admin of the agency, in their language, live (once per run of failures). */
async function alertAdmins(env: EventsEnv, db: Db, agencyId: string, count: number) {
  const admins = await db
    .select({ id: profile.id, locale: profile.locale })
    .from(profile)
    .where(and(eq(profile.agencyId, agencyId), eq(profile.role, "Admin"), eq(profile.active, true)));
  await Promise.all(
    admins.map((a) =>
      notify(env, {
        userId: a.id,
        agencyId,
        title: textIn(a.locale, "paymentWebhooks.notify.failingTitle"),
        message: textIn(a.locale, "paymentWebhooks.notify.failingMessage", { count }),
        link: WEBHOOK_HISTORY_PATH,
      }),
    ),
  );
}
