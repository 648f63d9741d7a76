/**
 * The agency's Asaas integration (Sistema → Integrações → Asaas; issue #19): read it
 * (never with the key), save it (the API key sealed with the data key bound to the
 * agency; a blank key keeps the saved one), the webhook token (generated per agency:
 * 32 random bytes, base64url; sealed for showing it to Admins, hashed for the webhooks
 * Worker), the webhook's registration at the provider on save, and "test connection".
 *
 * The key and the token never reach an audit entry, a log line or a response other
 * than the token shown to the agency's Admins: the audit says "changed".
 */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { intermediary } from "~/db/schema";
import { paymentIntegration } from "~/db/schema/payments";
import { bankAccountOptions } from "~/lib/finance/settings/bank-account.server";
import { bankAccountStore, intermediaryStore } from "~/lib/finance/settings/stores.server";
import { findRecord } from "~/lib/kit/record.server";
import { asaasClient, WEBHOOK_EVENTS, type AsaasClient, type AsaasTransport } from "~/lib/payments/asaas-client.server";
import { integrationErr, type IntegrationInput } from "~/lib/payments/integration.schema";
import { hashWebhookToken } from "~/lib/payments/token";
import { auditInsert } from "~/lib/platform/audit.server";
import { decryptSecret, encryptSecret, randomToken } from "~/lib/platform/crypto.server";
import { fail, ok, type Result } from "~/lib/platform/result";
import type { Scope } from "~/lib/platform/scope.server";
import { auditIfChanged } from "~/lib/system/agencies.server";

const KEY_PURPOSE = "payments/asaas-api-key";
const TOKEN_PURPOSE = "payments/asaas-webhook-token";

/** What the payment functions need besides the scope: the data key and the way to Asaas. */
export type PaymentDeps = { encryptionKey: string; transport: AsaasTransport };

export type IntegrationRow = typeof paymentIntegration.$inferSelect;

export type PublicIntegration = {
  configured: boolean;
  enabled: boolean;
  environment: "sandbox" | "production";
  /** The saved key's last four characters ("•••• 1234"), or null. */
  apiKeyHint: string | null;
  hasKey: boolean;
  intermediaryId: string | null;
  bankAccountId: string | null;
  lastTestAt: string | null;
  lastTestOk: boolean | null;
  lastTestMessage: string | null;
  consecutiveFailures: number;
  version: number;
};

const ctx = (secret: string, agencyId: string, purpose: string) => ({ secret, purpose, aad: agencyId });

export async function integrationRow({ db, agencyId }: Pick<Scope, "db" | "agencyId">): Promise<IntegrationRow | null> {
  const [row] = await db
    .select()
    .from(paymentIntegration)
    .where(and(eq(paymentIntegration.agencyId, agencyId), eq(paymentIntegration.provider, "asaas")));
  return row ?? null;
}

export function toPublic(row: IntegrationRow | null): PublicIntegration {
  return {
    configured: !!row?.apiKeyEnc,
    enabled: !!row?.enabled,
    environment: row?.environment ?? "sandbox",
    apiKeyHint: row?.apiKeyHint ?? null,
    hasKey: !!row?.apiKeyEnc,
    intermediaryId: row?.intermediaryId ?? null,
    bankAccountId: row?.bankAccountId ?? null,
    lastTestAt: row?.lastTestAt ?? null,
    lastTestOk: row?.lastTestOk ?? null,
    lastTestMessage: row?.lastTestMessage ?? null,
    consecutiveFailures: row?.consecutiveFailures ?? 0,
    version: row?.version ?? 0,
  };
}

export async function publicIntegration(scope: Pick<Scope, "db" | "agencyId">): Promise<PublicIntegration> {
  return toPublic(await integrationRow(scope));
}

/** The webhook URL the agency registers at Asaas. */
export const webhookUrl = (origin: string, agencyId: string) => `${origin.replace(/\/+$/, "")}/webhooks/asaas/${agencyId}`;

/** The webhook token in clear, for the agency's Admins (null without a row or when it no longer decrypts). */
export async function webhookToken(scope: Pick<Scope, "db" | "agencyId">, encryptionKey: string): Promise<string | null> {
  const row = await integrationRow(scope);
  if (!row) return null;
  return decryptSecret(row.webhookTokenEnc, ctx(encryptionKey, scope.agencyId, TOKEN_PURPOSE));
}

async function newToken(encryptionKey: string, agencyId: string) {
  const token = randomToken();
  return { token, webhookTokenEnc: await encryptSecret(token, ctx(encryptionKey, agencyId, TOKEN_PURPOSE)), webhookTokenHash: await hashWebhookToken(token) };
}

/** The API client of the agency's saved key, or null without a key (or one that no longer decrypts). */
export async function clientFor(row: IntegrationRow | null, agencyId: string, deps: PaymentDeps): Promise<AsaasClient | null> {
  if (!row?.apiKeyEnc) return null;
  const apiKey = await decryptSecret(row.apiKeyEnc, ctx(deps.encryptionKey, agencyId, KEY_PURPOSE));
  if (!apiKey) return null;
  return asaasClient(deps.transport, { environment: row.environment, apiKey });
}

/** The client of an enabled integration (what charges use), or null. */
export async function activeClient(scope: Pick<Scope, "db" | "agencyId">, deps: PaymentDeps) {
  const row = await integrationRow(scope);
  if (!row?.enabled) return null;
  const client = await clientFor(row, scope.agencyId, deps);
  return client && row ? { client, integration: row } : null;
}

export type Registration = { ok: true } | { ok: false; error: string };

/** Registers (or re-registers) the webhook at Asaas with the URL and the token. */
async function registerWebhook(scope: Scope, row: IntegrationRow, deps: PaymentDeps, origin: string, email: string | null): Promise<Registration | null> {
  const client = await clientFor(row, scope.agencyId, deps);
  if (!client) return null;
  const token = await decryptSecret(row.webhookTokenEnc, ctx(deps.encryptionKey, scope.agencyId, TOKEN_PURPOSE));
  if (!token) return { ok: false, error: "token" };
  const result = await client.upsertWebhook({
    name: "Rota",
    url: webhookUrl(origin, scope.agencyId),
    email: email ?? "noreply@rota.example",
    enabled: true,
    interrupted: false,
    authToken: token,
    sendType: "SEQUENTIALLY",
    events: [...WEBHOOK_EVENTS],
  });
  return result.ok ? { ok: true } : { ok: false, error: result.errors.map((e) => e.description || e.code).join("; ").slice(0, 300) };
}

export type SaveFailure = { fieldErrors?: Record<string, string[]> };

/**
 * Saves the settings if the version is still the one loaded (0: none yet), then
 * registers the webhook at Asaas when there is a key. `stale` when another save won;
 * `invalid` with field errors (a key is needed to enable; the pickers' ids must be the
 * agency's). The audit lists what changed; the key only as "changed".
 */
export async function saveIntegration(
  scope: Scope,
  input: IntegrationInput,
  deps: PaymentDeps,
  site: { origin: string; email: string | null },
): Promise<Result<{ registration: Registration | null }, "stale" | "invalid", SaveFailure>> {
  const { db, agencyId } = scope;
  const before = await integrationRow(scope);
  if ((before?.version ?? 0) !== input.version) return fail("stale");
  const fieldErrors: Record<string, string[]> = {};
  if (input.enabled && !input.apiKey && !before?.apiKeyEnc) fieldErrors.apiKey = [integrationErr.apiKeyRequired];
  if (input.intermediaryId && !(await findRecord(scope, intermediaryStore, input.intermediaryId))) fieldErrors.intermediaryId = [integrationErr.intermediary];
  if (input.bankAccountId && !(await findRecord(scope, bankAccountStore, input.bankAccountId))) fieldErrors.bankAccountId = [integrationErr.bankAccount];
  if (Object.keys(fieldErrors).length > 0) return fail("invalid", { fieldErrors });

  const apiKeyEnc = input.apiKey ? await encryptSecret(input.apiKey, ctx(deps.encryptionKey, agencyId, KEY_PURPOSE)) : (before?.apiKeyEnc ?? null);
  const apiKeyHint = input.apiKey ? input.apiKey.slice(-4) : (before?.apiKeyHint ?? null);
  const values = {
    environment: input.environment,
    enabled: input.enabled,
    intermediaryId: input.intermediaryId,
    bankAccountId: input.bankAccountId,
  };
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of ["environment", "enabled", "intermediaryId", "bankAccountId"] as const) {
    const old = before ? before[key] : key === "environment" ? "sandbox" : key === "enabled" ? false : null;
    if ((old ?? null) !== (values[key] ?? null)) changes[key] = [old ?? null, values[key] ?? null];
  }
  // The key itself never enters the audit: only that it changed.
  if (input.apiKey) changes.apiKey = [before?.apiKeyEnc ? "•" : null, "•"];

  let row: IntegrationRow | null;
  if (!before) {
    const token = await newToken(deps.encryptionKey, agencyId);
    changes.webhookToken = [null, "•"];
    const audit = auditInsert(db, { agencyId, userId: scope.userId, entity: "payment_integration", entityId: agencyId, action: "create", changes, ip: scope.ip });
    const [inserted] = await db.batch([
      db
        .insert(paymentIntegration)
        .values({ agencyId, provider: "asaas", ...values, apiKeyEnc, apiKeyHint, webhookTokenEnc: token.webhookTokenEnc, webhookTokenHash: token.webhookTokenHash, updatedBy: scope.userId })
        .onConflictDoNothing()
        .returning(),
      audit,
    ]);
    row = (inserted as IntegrationRow[])[0] ?? null;
    if (!row) return fail("stale");
  } else {
    if (Object.keys(changes).length === 0) return ok({ registration: await registerWebhook(scope, before, deps, site.origin, site.email) });
    const audit = auditIfChanged(db, { agencyId, userId: scope.userId, entity: "payment_integration", entityId: agencyId, action: "update", changes, ip: scope.ip });
    const [updated] = await db.batch([
      db
        .update(paymentIntegration)
        .set({ ...values, apiKeyEnc, apiKeyHint, updatedBy: scope.userId, updatedAt: new Date().toISOString(), version: sql`${paymentIntegration.version} + 1` })
        .where(and(eq(paymentIntegration.agencyId, agencyId), eq(paymentIntegration.provider, "asaas"), eq(paymentIntegration.version, input.version)))
        .returning(),
      audit,
    ]);
    row = (updated as IntegrationRow[])[0] ?? null;
    if (!row) return fail("stale");
  }
  return ok({ registration: await registerWebhook(scope, row, deps, site.origin, site.email) });
}

/** A new webhook token (the old one stops working at once), registered at Asaas when there is a key. */
export async function regenerateToken(scope: Scope, deps: PaymentDeps, site: { origin: string; email: string | null }): Promise<Result<{ registration: Registration | null }, "not_found">> {
  const { db, agencyId } = scope;
  const before = await integrationRow(scope);
  if (!before) return fail("not_found");
  const token = await newToken(deps.encryptionKey, agencyId);
  const [updated] = await db.batch([
    db
      .update(paymentIntegration)
      .set({ webhookTokenEnc: token.webhookTokenEnc, webhookTokenHash: token.webhookTokenHash, updatedBy: scope.userId, updatedAt: new Date().toISOString(), version: sql`${paymentIntegration.version} + 1` })
      .where(and(eq(paymentIntegration.agencyId, agencyId), eq(paymentIntegration.provider, "asaas")))
      .returning(),
    auditInsert(db, { agencyId, userId: scope.userId, entity: "payment_integration", entityId: agencyId, action: "update", changes: { webhookToken: ["•", "•"] }, ip: scope.ip }),
  ]);
  const row = (updated as IntegrationRow[])[0];
  if (!row) return fail("not_found");
  return ok({ registration: await registerWebhook(scope, row, deps, site.origin, site.email) });
}

export type ConnectionTest = { ok: boolean; message: string; at: string } | null;

/** Calls GET /myAccount with the saved key and stores the outcome (last_test_*). Null without a key. */
export async function testConnection(scope: Scope, deps: PaymentDeps): Promise<ConnectionTest> {
  const row = await integrationRow(scope);
  const client = await clientFor(row, scope.agencyId, deps);
  if (!row || !client) return null;
  const result = await client.myAccount();
  const at = new Date().toISOString();
  const message = result.ok ? String(result.data.name ?? "").slice(0, 200) : `${result.status || "network"}: ${result.errors.map((e) => e.description || e.code).join("; ")}`.slice(0, 300);
  await scope.db
    .update(paymentIntegration)
    .set({ lastTestAt: at, lastTestOk: result.ok, lastTestMessage: message })
    .where(and(eq(paymentIntegration.agencyId, scope.agencyId), eq(paymentIntegration.provider, "asaas")));
  return { ok: result.ok, message, at };
}

/** The finance settings the form picks from: live intermediaries and bank accounts (at most 200 each, by name). */
export async function settlementOptions(scope: Pick<Scope, "db" | "agencyId">) {
  const [intermediaries, accounts] = await Promise.all([
    scope.db
      .select({ id: intermediary.id, name: intermediary.name, active: intermediary.active })
      .from(intermediary)
      .where(and(eq(intermediary.agencyId, scope.agencyId), isNull(intermediary.deletedAt)))
      .orderBy(asc(intermediary.name))
      .limit(200),
    bankAccountOptions(scope),
  ]);
  return { intermediaries, accounts };
}
