/**
 * The agency's Asaas webhook history (issue #19): one keyset page of its events
 * (filters: status, event type), one event with its payload, the failure state for
 * the banner, and replay — processing the events again through events.server.ts,
 * which keeps it exactly once (a settled payment is never settled twice).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { financeTitle, paymentIntegration, webhookEvent } from "~/db/schema";
import type { ListQuery } from "~/lib/kit/list";
import { runList, type ListSource } from "~/lib/kit/list.server";
import type { Db } from "~/lib/platform/db.server";
import type { Scope } from "~/lib/platform/scope.server";
import { processStoredEvent, type EventsEnv } from "~/lib/payments/events.server";
import { FAILURE_ALERT_THRESHOLD, REPLAY_LIMIT, type WebhookRow } from "~/lib/payments/webhook-history";

const ID = /^[0-9a-f-]{36}$/i;

function source(): ListSource<"received", "status" | "type"> {
  return {
    table: webhookEvent,
    sortColumns: { received: webhookEvent.receivedAt },
    filterWhere: (f) => [...(f.status ? [sql`${webhookEvent.status} = ${f.status}`] : []), ...(f.type ? [eq(webhookEvent.eventType, f.type)] : [])],
  };
}

const ROW = {
  id: webhookEvent.id,
  eventId: webhookEvent.eventId,
  eventType: webhookEvent.eventType,
  status: webhookEvent.status,
  attempts: webhookEvent.attempts,
  receivedAt: webhookEvent.receivedAt,
  processedAt: webhookEvent.processedAt,
  lastError: webhookEvent.lastError,
  externalRef: webhookEvent.externalRef,
  chargeId: webhookEvent.chargeId,
  titleId: webhookEvent.titleId,
};

/** One keyset page of the agency's events, newest first. */
export async function listWebhookEvents(scope: Pick<Scope, "db" | "agencyId">, query: ListQuery<"received", "status" | "type">) {
  const { db, agencyId } = scope;
  const { rows, page } = await runList(scope, source(), query, (where, order, limit) =>
    db
      .select({ ...ROW, titleDescription: financeTitle.description, sortValue: webhookEvent.receivedAt })
      .from(webhookEvent)
      .leftJoin(financeTitle, and(eq(financeTitle.agencyId, agencyId), eq(financeTitle.id, webhookEvent.titleId)))
      .where(where)
      .orderBy(...order)
      .limit(limit),
  );
  return { rows: rows.map(({ sortValue: _s, ...r }): WebhookRow => r), page };
}

/** The event types the agency has received (the type filter's choices). */
export async function webhookEventTypes({ db, agencyId }: Pick<Scope, "db" | "agencyId">) {
  const rows = await db.selectDistinct({ type: webhookEvent.eventType }).from(webhookEvent).where(eq(webhookEvent.agencyId, agencyId)).orderBy(webhookEvent.eventType).limit(100);
  return rows.map((r) => r.type);
}

/** One event of the agency with its payload (pretty-printed when it is JSON); null for another agency's or an unknown id. */
export async function findWebhookEvent({ db, agencyId }: Pick<Scope, "db" | "agencyId">, id: string) {
  if (!ID.test(id)) return null;
  const [row] = await db
    .select({ ...ROW, payload: webhookEvent.payload, lastAttemptAt: webhookEvent.lastAttemptAt })
    .from(webhookEvent)
    .where(and(eq(webhookEvent.id, id), eq(webhookEvent.agencyId, agencyId)))
    .limit(1);
  if (!row) return null;
  let payload = row.payload;
  try {
    payload = JSON.stringify(JSON.parse(row.payload), null, 2);
  } catch {
    /* stored as received */
  }
  return { ...row, payload };
}

/** The integration's run of failures, for the banner (null without an integration). */
export async function webhookFailureState({ db, agencyId }: { db: Db; agencyId: string }) {
  const [row] = await db
    .select({ failures: paymentIntegration.consecutiveFailures, alertedAt: paymentIntegration.failureAlertedAt })
    .from(paymentIntegration)
    .where(and(eq(paymentIntegration.agencyId, agencyId), eq(paymentIntegration.provider, "asaas")))
    .limit(1);
  if (!row) return null;
  return { failures: row.failures, alarming: row.failures >= FAILURE_ALERT_THRESHOLD };
}

/**
 * Processes the agency's events again: these ids (another agency's are skipped), or
 * every failed one (up to REPLAY_LIMIT, oldest first). Answers how many ran and how many failed.
 */
export async function replayWebhookEvents(env: EventsEnv, scope: Pick<Scope, "db" | "agencyId">, which: { ids: string[] } | { failed: true }) {
  const { db, agencyId } = scope;
  let ids: string[];
  if ("ids" in which) {
    const wanted = [...new Set(which.ids.filter((id) => ID.test(id)))].slice(0, REPLAY_LIMIT);
    if (wanted.length === 0) return { replayed: 0, failed: 0 };
    const rows = await db
      .select({ id: webhookEvent.id })
      .from(webhookEvent)
      .where(and(eq(webhookEvent.agencyId, agencyId), inArray(webhookEvent.id, wanted)))
      .orderBy(webhookEvent.receivedAt, webhookEvent.id);
    ids = rows.map((r) => r.id);
  } else {
    const rows = await db
      .select({ id: webhookEvent.id })
      .from(webhookEvent)
      .where(and(eq(webhookEvent.agencyId, agencyId), eq(webhookEvent.status, "failed")))
      .orderBy(webhookEvent.receivedAt, webhookEvent.id)
      .limit(REPLAY_LIMIT);
    ids = rows.map((r) => r.id);
  }
  let failed = 0;
  // In arrival order, one at a time: events of one charge never race each other here.
  for (const id of ids) {
    try {
      await processStoredEvent(env, id, { replay: true });
    } catch {
      failed += 1;
    }
  }
  return { replayed: ids.length, failed };
}

