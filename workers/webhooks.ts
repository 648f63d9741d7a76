/**
 * The dedicated payment-provider webhooks Worker.
 * POST /webhooks/asaas: stores the raw event once per (provider, event id),
 * answers 200 at once and processes it through a Queue with retries, so a replay
 * is a no-op and a slow step never makes Asaas pause its queue.
 */
import { and, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { webhookEvent } from "~/db/schema/platform";
import { newId } from "~/db/schema/columns";
import { checkDatabase } from "~/db/health";
import { internalError } from "./failure";

const json = (body: unknown, status = 200) => Response.json(body, { status });

async function receiveAsaas(request: Request, env: Env): Promise<Response> {
  let payload: { id?: unknown; event?: unknown };
  const raw = await request.text();
  try {
    payload = JSON.parse(raw);
  } catch {
    return json({ error: "invalid_json" }, 400);
  }
  if (typeof payload.id !== "string" || typeof payload.event !== "string") {
    return json({ error: "invalid_event" }, 400);
  }
  const db = drizzle(env.DB);
  const id = newId();
  const inserted = await db
    .insert(webhookEvent)
    .values({ id, provider: "asaas", eventId: payload.id, eventType: payload.event, payload: raw })
    .onConflictDoNothing()
    .returning({ id: webhookEvent.id });
  if (inserted.length === 0) return json({ received: true, duplicate: true });
  await env.WEBHOOK_QUEUE?.send({ webhookEventId: id });
  return json({ received: true });
}

export async function processWebhookEvent(env: Env, webhookEventId: string) {
  const db = drizzle(env.DB);
  // Processing of payment events is added by the payments module; for now an
  // event is marked processed exactly once.
  await db
    .update(webhookEvent)
    .set({ status: "processed", processedAt: new Date().toISOString(), attempts: sql`${webhookEvent.attempts} + 1` })
    .where(and(eq(webhookEvent.id, webhookEventId), eq(webhookEvent.status, "received")));
}

async function handleFetch(request: Request, env: Env): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname === "/webhooks/healthz" && request.method === "GET") {
    const database = await checkDatabase(env.DB);
    return json({ worker: "webhooks", status: database ? "ok" : "degraded", database }, database ? 200 : 503);
  }
  if (url.pathname === "/webhooks/asaas") {
    if (request.method !== "POST") return json({ error: "method_not_allowed" }, 405);
    return receiveAsaas(request, env);
  }
  return json({ error: "not_found" }, 404);
}

export default {
  async fetch(request, env) {
    try {
      return await handleFetch(request, env);
    } catch (error) {
      return internalError("webhooks", error);
    }
  },

  async queue(batch, env) {
    for (const message of batch.messages) {
      try {
        await processWebhookEvent(env, message.body.webhookEventId);
        message.ack();
      } catch {
        message.retry({ delaySeconds: Math.min(2 ** message.attempts, 300) });
      }
    }
  },
} satisfies ExportedHandler<Env, WebhookQueueMessage>;
