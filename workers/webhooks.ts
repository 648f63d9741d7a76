/**
 * The dedicated payment-provider webhooks Worker (issue #19).
 *
 * POST /webhooks/asaas/{agencyId}: the agency's own URL (the one its Asaas account
 * posts to). In order, nothing stored unless every step passes:
 * 1. the `asaas-access-token` header, hashed with SHA-256, must equal that agency's
 *    payment_integration.webhook_token_hash (compared in constant time; an unknown
 *    agency is compared against a dummy hash so it takes the same time) → else 401;
 * 2. the body is at most 64 KB (Content-Length first, then the bytes actually read) → else 413;
 * 3. the body is an Asaas event: `id` and `event` strings, and for PAYMENT_* events a
 *    `payment` object with an `id` → else 400;
 * 4. the raw event is stored once per (provider, agency, event id) — a repeat answers
 *    200 and is ignored — and its id goes to the Queue; the answer is 200 at once.
 * The Queue consumer processes each event (app/lib/payments/events.server.ts) and
 * retries a failure with exponential backoff.
 * Every answer (the health check and errors too) carries the app's security headers.
 */
import { drizzle } from "drizzle-orm/d1";
import { and, eq } from "drizzle-orm";
import { webhookEvent } from "~/db/schema/platform";
import { paymentIntegration } from "~/db/schema/payments";
import { newId } from "~/db/schema/columns";
import { checkDatabase } from "~/db/health";
import { securityHeaders } from "~/middleware/security";
import { hashWebhookToken } from "~/lib/payments/token";
import { parseAsaasEvent } from "~/lib/payments/asaas-event";
import { internalError } from "./failure";

/** The largest body accepted (Asaas's payment events are a few KB). Not exported: a Worker entry exports handlers only. */
const MAX_WEBHOOK_BYTES = 64 * 1024;

const AGENCY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Compared when the agency has no integration, so a miss takes as long as a hit. */
const DUMMY_HASH = "0".repeat(64);

function withHeaders(response: Response, request: Request): Response {
  let out = response;
  try {
    securityHeaders(out.headers, { https: new URL(request.url).protocol === "https:" });
  } catch {
    out = new Response(response.body, response);
    securityHeaders(out.headers, { https: new URL(request.url).protocol === "https:" });
  }
  out.headers.set("Cache-Control", "no-store");
  return out;
}

const json = (body: unknown, status = 200) => Response.json(body, { status });

/** Constant-time equality of two strings of hex (or any) characters. */
function sameSecret(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  if (x.byteLength !== y.byteLength) return false;
  const subtle = crypto.subtle as SubtleCrypto & { timingSafeEqual?: (a: ArrayBufferView, b: ArrayBufferView) => boolean };
  if (typeof subtle.timingSafeEqual === "function") return subtle.timingSafeEqual(x, y);
  let diff = 0;
  for (let i = 0; i < x.byteLength; i++) diff |= x[i]! ^ y[i]!;
  return diff === 0;
}

/** The body's bytes, or null once it grows past `limit` (never reads more than limit + one chunk). */
async function readLimited(request: Request, limit: number): Promise<Uint8Array | null> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}

async function tokenMatches(env: Env, agencyId: string, token: string | null): Promise<boolean> {
  const [row] = await drizzle(env.DB)
    .select({ hash: paymentIntegration.webhookTokenHash })
    .from(paymentIntegration)
    .where(and(eq(paymentIntegration.agencyId, agencyId), eq(paymentIntegration.provider, "asaas")))
    .limit(1);
  // A missing or absurd header is hashed too (same work whatever was sent).
  const presented = await hashWebhookToken((token ?? "").slice(0, 1024));
  const match = sameSecret(presented, row?.hash ?? DUMMY_HASH);
  return match && !!row && !!token;
}

/**
 * An answer before the body was used: the body is read first (up to the limit, then
 * cancelled), as workerd refuses a request stream still being sent after the answer.
 */
async function early(request: Request, response: Response): Promise<Response> {
  await readLimited(request, MAX_WEBHOOK_BYTES).catch(() => null);
  return response;
}

async function receiveAsaas(request: Request, env: Env, agencyId: string): Promise<Response> {
  if (!(await tokenMatches(env, agencyId, request.headers.get("asaas-access-token")))) return early(request, json({ error: "unauthorized" }, 401));
  const declared = request.headers.get("content-length");
  if (declared !== null && !(/^\d+$/.test(declared) && Number(declared) <= MAX_WEBHOOK_BYTES)) return early(request, json({ error: "payload_too_large" }, 413));
  const bytes = await readLimited(request, MAX_WEBHOOK_BYTES);
  if (!bytes) return json({ error: "payload_too_large" }, 413);
  let raw: string;
  try {
    raw = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return json({ error: "invalid_encoding" }, 400);
  }
  const event = parseAsaasEvent(raw);
  if (!event) return json({ error: "invalid_event" }, 400);
  const id = newId();
  const inserted = await drizzle(env.DB)
    .insert(webhookEvent)
    .values({ id, provider: "asaas", agencyId, eventId: event.id, eventType: event.event, payload: raw, externalRef: event.payment?.id ?? null })
    .onConflictDoNothing()
    .returning({ id: webhookEvent.id });
  if (inserted.length === 0) return json({ received: true, duplicate: true });
  try {
    await env.WEBHOOK_QUEUE?.send({ webhookEventId: id });
  } catch (error) {
    // Not queued: forget it, so Asaas's retry stores and queues it again (a 200 would strand it).
    console.error("[webhooks] queue send failed", error);
    await drizzle(env.DB).delete(webhookEvent).where(eq(webhookEvent.id, id));
    return json({ error: "unavailable" }, 503);
  }
  return json({ received: true });
}

/** Processes one stored event (the Queue consumer); throws to have it retried. */
export async function processWebhookEvent(env: Env, webhookEventId: string) {
  const { processStoredEvent } = await import("~/lib/payments/events.server");
  await processStoredEvent(env, webhookEventId);
}

async function handleFetch(request: Request, env: Env): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname === "/webhooks/healthz" && request.method === "GET") {
    const database = await checkDatabase(env.DB);
    return json({ worker: "webhooks", status: database ? "ok" : "degraded", database }, database ? 200 : 503);
  }
  const match = /^\/webhooks\/asaas(?:\/([^/]*))?\/?$/.exec(url.pathname);
  if (match) {
    const agencyId = match[1] ?? "";
    // No agency in the URL (the old shared address) or not an agency id: nothing to authenticate against.
    if (!AGENCY_ID.test(agencyId)) return early(request, json({ error: "not_found" }, 404));
    if (request.method !== "POST") return early(request, json({ error: "method_not_allowed" }, 405));
    try {
      return await receiveAsaas(request, env, agencyId.toLowerCase());
    } catch (error) {
      // The database or the queue failed: Asaas retries later (never a 500 for a delivery).
      console.error("[webhooks] delivery not stored", error);
      return json({ error: "unavailable" }, 503);
    }
  }
  return early(request, json({ error: "not_found" }, 404));
}

export default {
  async fetch(request, env) {
    try {
      return withHeaders(await handleFetch(request, env), request);
    } catch (error) {
      return withHeaders(internalError("webhooks", error), request);
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
