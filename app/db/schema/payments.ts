// Payments through a provider (Asaas) per agency (DOMAIN.md "receivable ... may carry
// an Asaas charge"; spec §2.3 Sistema → Integrações; §2.6 /sistema/integracoes,
// /sistema/integracoes/asaas, /sistema/integracoes/webhooks; issue #19).
//
// - payment_integration: one row per agency and provider: the API key encrypted at rest
//   (AES-GCM under DATA_ENCRYPTION_KEY bound to the agency, platform/crypto.server.ts),
//   never sent back; the webhook token the agency pastes into Asaas, encrypted for
//   showing it to its Admins and hashed (SHA-256, hex) for the webhooks Worker's
//   constant-time check (the Worker needs no decryption key); where settlements land
//   (intermediary and bank account, from the finance settings).
// - payment_customer: the provider's customer id of a client (created once, on the first
//   charge).
// - payment_charge: a charge on a receivable (finance_title, direction receivable): Pix,
//   boleto, card or payment link, with what the client needs to pay it (QR code and
//   copy-paste code, digitable line and PDF, invoice link). At most one live charge per
//   title (deleted_at null); a cancelled one keeps its row for the history.
// - Every settlement a webhook makes is a finance_entry with origin "webhook" and
//   origin_ref = the provider's payment id (unique per agency and origin, so a payment
//   is settled once); the charge keeps `settlement_entry_id` and the event that made it
//   (`settled_by_event_id`), and webhook_event keeps the charge and title it touched.
//
// Dev-only: the local Asaas simulator's own state lives in asaas_sim_* tables (below),
// empty in production, where the simulator's routes answer 404.

import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { user } from "~/db/schema/auth";
import { id, nowIso, timestamps, version } from "~/db/schema/columns";
import { financeTitle } from "~/db/schema/finance";
import { agency } from "~/db/schema/platform";
import { client } from "~/db/schema/registers";

const enumList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

const tenant = () => ({
  agencyId: text("agency_id")
    .notNull()
    .references(() => agency.id),
});

export const PAYMENT_PROVIDERS = ["asaas"] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
export const PAYMENT_ENVIRONMENTS = ["sandbox", "production"] as const;
export type PaymentEnvironment = (typeof PAYMENT_ENVIRONMENTS)[number];
/** Asaas billingType: UNDEFINED is a payment link where the client picks how to pay. */
export const BILLING_TYPES = ["PIX", "BOLETO", "CREDIT_CARD", "UNDEFINED"] as const;
export type BillingType = (typeof BILLING_TYPES)[number];
/** Asaas payment statuses (the charge mirrors the provider's). */
export const CHARGE_STATUSES = [
  "PENDING",
  "RECEIVED",
  "CONFIRMED",
  "OVERDUE",
  "REFUNDED",
  "RECEIVED_IN_CASH",
  "REFUND_REQUESTED",
  "REFUND_IN_PROGRESS",
  "CHARGEBACK_REQUESTED",
  "CHARGEBACK_DISPUTE",
  "AWAITING_CHARGEBACK_REVERSAL",
  "DUNNING_REQUESTED",
  "DUNNING_RECEIVED",
  "AWAITING_RISK_ANALYSIS",
  "DELETED",
] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];

export const paymentIntegration = sqliteTable(
  "payment_integration",
  {
    id: id(),
    ...tenant(),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull().default("asaas"),
    environment: text("environment", { enum: PAYMENT_ENVIRONMENTS }).notNull().default("sandbox"),
    /** `v1:iv:ciphertext` (platform/crypto.server.ts), bound to the agency id; never leaves the server. */
    apiKeyEnc: text("api_key_enc"),
    /** The key's last four characters, to tell keys apart on the screen. */
    apiKeyHint: text("api_key_hint"),
    /** The webhook token, encrypted (shown to the agency's Admins to paste into Asaas). */
    webhookTokenEnc: text("webhook_token_enc").notNull(),
    /** SHA-256 (hex) of the webhook token: what the webhooks Worker compares, in constant time. */
    webhookTokenHash: text("webhook_token_hash").notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(false),
    /** Where Asaas settlements land: the intermediary (fees) and the bank account (finance settings). */
    intermediaryId: text("intermediary_id"),
    bankAccountId: text("bank_account_id"),
    lastTestAt: text("last_test_at"),
    lastTestOk: integer("last_test_ok", { mode: "boolean" }),
    lastTestMessage: text("last_test_message"),
    /** Events that failed in a row (reset by a success): the banner and the Admins' alert. */
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    failureAlertedAt: text("failure_alerted_at"),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
    ...timestamps,
    version: version(),
  },
  (t) => [
    uniqueIndex("payment_integration_agency_uq").on(t.agencyId, t.provider),
    uniqueIndex("payment_integration_token_uq").on(t.webhookTokenHash),
    check("payment_integration_provider_ck", sql`provider in (${enumList(PAYMENT_PROVIDERS)})`),
    check("payment_integration_environment_ck", sql`environment in (${enumList(PAYMENT_ENVIRONMENTS)})`),
  ],
);

export const paymentCustomer = sqliteTable(
  "payment_customer",
  {
    id: id(),
    ...tenant(),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull().default("asaas"),
    clientId: text("client_id")
      .notNull()
      .references(() => client.id),
    /** The provider's customer id (Asaas `cus_…`). */
    externalId: text("external_id").notNull(),
    /** The environment the customer exists in (a sandbox customer is not a production one). */
    environment: text("environment", { enum: PAYMENT_ENVIRONMENTS }).notNull(),
    createdAt: text("created_at").notNull().$defaultFn(nowIso),
  },
  (t) => [
    uniqueIndex("payment_customer_client_uq").on(t.agencyId, t.provider, t.environment, t.clientId),
    uniqueIndex("payment_customer_external_uq").on(t.agencyId, t.provider, t.externalId),
  ],
);

export const paymentCharge = sqliteTable(
  "payment_charge",
  {
    id: id(),
    ...tenant(),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull().default("asaas"),
    environment: text("environment", { enum: PAYMENT_ENVIRONMENTS }).notNull(),
    titleId: text("title_id")
      .notNull()
      .references(() => financeTitle.id),
    /** The provider's payment id (Asaas `pay_…`). */
    externalId: text("external_id").notNull(),
    billingType: text("billing_type", { enum: BILLING_TYPES }).notNull(),
    status: text("status", { enum: CHARGE_STATUSES }).notNull().default("PENDING"),
    valueCents: integer("value_cents").notNull(),
    currency: text("currency").notNull().default("BRL"),
    dueDate: text("due_date").notNull(),
    /** The provider's payment page (any billing type; the payment link for UNDEFINED). */
    invoiceUrl: text("invoice_url"),
    /** Boleto: the PDF and the digitable line. */
    bankSlipUrl: text("bank_slip_url"),
    identificationField: text("identification_field"),
    /** Pix: the copy-paste code, the QR code image (base64 PNG) and its expiry. */
    pixPayload: text("pix_payload"),
    pixQrImage: text("pix_qr_image"),
    pixExpiresAt: text("pix_expires_at"),
    /** The settlement a webhook made (finance_entry, origin "webhook") and the event that made it. */
    settlementEntryId: text("settlement_entry_id"),
    settledByEventId: text("settled_by_event_id"),
    /** The provider's time of the newest event applied (out-of-order events never go back). */
    lastEventAt: text("last_event_at"),
    /** The provider's time of the event that brought the status (payments/charge-state.ts). */
    statusAt: text("status_at"),
    /** Set when the charge is cancelled (here or at the provider): no longer the title's live charge. */
    deletedAt: text("deleted_at"),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    ...timestamps,
    version: version(),
  },
  (t) => [
    uniqueIndex("payment_charge_external_uq").on(t.agencyId, t.provider, t.externalId),
    // One live charge per title.
    uniqueIndex("payment_charge_title_live_uq").on(t.agencyId, t.titleId).where(sql`deleted_at is null`),
    index("payment_charge_title_idx").on(t.agencyId, t.titleId, t.createdAt),
    check("payment_charge_billing_ck", sql`billing_type in (${enumList(BILLING_TYPES)})`),
    check("payment_charge_status_ck", sql`status in (${enumList(CHARGE_STATUSES)})`),
    check("payment_charge_value_ck", sql`value_cents > 0`),
  ],
);

/**
 * Dev-only: the local Asaas simulator's customers and payments, keyed by the API key's
 * hash (each simulated Asaas account is one key). Never read by the app itself: only
 * the simulator (app/lib/payments/simulator.server.ts) reads and writes them.
 */
export const asaasSimCustomer = sqliteTable(
  "asaas_sim_customer",
  {
    id: text("id").primaryKey(),
    accountKey: text("account_key").notNull(),
    body: text("body").notNull(),
    createdAt: text("created_at").notNull().$defaultFn(nowIso),
  },
  (t) => [index("asaas_sim_customer_account_idx").on(t.accountKey, t.createdAt)],
);

export const asaasSimPayment = sqliteTable(
  "asaas_sim_payment",
  {
    id: text("id").primaryKey(),
    accountKey: text("account_key").notNull(),
    customerId: text("customer_id").notNull(),
    status: text("status").notNull(),
    /** The payment object as Asaas returns it (JSON). */
    body: text("body").notNull(),
    createdAt: text("created_at").notNull().$defaultFn(nowIso),
  },
  (t) => [index("asaas_sim_payment_account_idx").on(t.accountKey, t.createdAt)],
);

/** Dev-only: the webhook a simulated Asaas account sends to (Asaas's POST /v3/webhooks). */
export const asaasSimWebhook = sqliteTable("asaas_sim_webhook", {
  accountKey: text("account_key").primaryKey(),
  url: text("url").notNull(),
  authToken: text("auth_token"),
  enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
  /** Consecutive non-200 answers; Asaas pauses the queue (interrupted) at 15. */
  failures: integer("failures").notNull().default(0),
  interrupted: integer("interrupted", { mode: "boolean" }).notNull().default(false),
  createdAt: text("created_at").notNull().$defaultFn(nowIso),
});
