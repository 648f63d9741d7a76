// Platform tables (DOMAIN.md "Platform"): agency, profile, licence, notification,
// audit entry, e-mail outbox, and the raw payment-provider webhook events.

import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, sqliteView, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { user } from "~/db/schema/auth";
import { id, nowIso, timestamps, version } from "~/db/schema/columns";

export const ROLES = ["SuperAdmin", "Admin", "Agente", "Financeiro", "Operacional"] as const;
export type Role = (typeof ROLES)[number];

export const agency = sqliteTable("agency", {
  id: id(),
  name: text("name").notNull(),
  legalName: text("legal_name"),
  cnpj: text("cnpj"),
  cadastur: text("cadastur"),
  slug: text("slug").notNull().unique(),
  logoKey: text("logo_key"),
  /** The public pages' accent colour (a Radix accent name, BRAND_COLORS in lib/public/brand.ts). */
  brandColor: text("brand_color").notNull().default("teal"),
  timeZone: text("time_zone").notNull().default("America/Sao_Paulo"),
  currency: text("currency").notNull().default("BRL"),
  addressLine: text("address_line"),
  city: text("city"),
  state: text("state"),
  postalCode: text("postal_code"),
  country: text("country").notNull().default("BR"),
  phone: text("phone"),
  email: text("email"),
  website: text("website"),
  plan: text("plan").notNull().default("standard"),
  /** Sales: a discount above this share of the price (basis points) needs an Admin; null = no limit. */
  maxDiscountBp: integer("max_discount_bp"),
  /** Contracts: ask the signer for a one-time code sent by e-mail before signing. */
  contractSigningOtp: integer("contract_signing_otp", { mode: "boolean" }).notNull().default(false),
  /** Contracts: how many days a signing link works. */
  contractLinkDays: integer("contract_link_days").notNull().default(15),
  /** Portal: after "quero reservar" the client may go on to reserve through the client portal (issue #21; decision 0021). */
  portalReservations: integer("portal_reservations", { mode: "boolean" }).notNull().default(false),
  /** Commissions: when a line is released for payment (COMMISSION_RELEASE_POLICIES in commissions.ts). */
  commissionRelease: text("commission_release").notNull().default("full_payment"),
  active: integer("active", { mode: "boolean" }).notNull().default(true),
  ...timestamps,
  version: version(),
}, (t) => [index("agency_name_idx").on(t.name, t.id)]);

export const profile = sqliteTable(
  "profile",
  {
    /** Equals the auth user's id. */
    id: text("id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role", { enum: ROLES }).notNull(),
    /** Empty for a SuperAdmin until one is picked (per session). */
    agencyId: text("agency_id").references(() => agency.id),
    name: text("name").notNull().default(""),
    avatarKey: text("avatar_key"),
    locale: text("locale"),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    ...timestamps,
    version: version(),
  },
  (t) => [index("profile_agency_idx").on(t.agencyId, t.name)],
);

export const licence = sqliteTable("licence", {
  agencyId: text("agency_id")
    .primaryKey()
    .references(() => agency.id, { onDelete: "cascade" }),
  /** JSON: module key → { enabled, order, name, icon, submodules? } (spec §3). */
  modules: text("modules", { mode: "json" }).notNull(),
  ...timestamps,
  updatedBy: text("updated_by"),
  version: version(),
});

export const notification = sqliteTable(
  "notification",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    agencyId: text("agency_id").references(() => agency.id),
    title: text("title").notNull(),
    message: text("message").notNull(),
    link: text("link"),
    read: integer("read", { mode: "boolean" }).notNull().default(false),
    createdAt: text("created_at").notNull().$defaultFn(nowIso),
  },
  (t) => [index("notification_user_created_idx").on(t.userId, t.createdAt)],
);

export const auditEntry = sqliteTable(
  "audit_entry",
  {
    id: id(),
    agencyId: text("agency_id").references(() => agency.id),
    userId: text("user_id"),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    action: text("action", { enum: ["create", "update", "delete", "restore"] }).notNull(),
    /** JSON: { field: [before, after] } */
    changes: text("changes", { mode: "json" }),
    ip: text("ip"),
    createdAt: text("created_at").notNull().$defaultFn(nowIso),
  },
  (t) => [
    index("audit_agency_created_idx").on(t.agencyId, t.createdAt, t.id),
    index("audit_entity_idx").on(t.agencyId, t.entity, t.entityId),
  ],
);

/** A file attached to an outbox mail: its name, type and R2 key. */
export type MailAttachment = { filename: string; key: string; mimeType: string };

export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: id(),
    agencyId: text("agency_id").references(() => agency.id),
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** Files sent with it: R2 keys of the mail's agency, read when it is delivered (and again on a retry). */
    attachments: text("attachments", { mode: "json" }).$type<MailAttachment[]>(),
    locale: text("locale").notNull().default("pt"),
    status: text("status", { enum: ["queued", "sent", "failed", "local"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: text("created_at").notNull().$defaultFn(nowIso),
    sentAt: text("sent_at"),
  },
  (t) => [
    index("outbox_agency_created_idx").on(t.agencyId, t.createdAt, t.id),
    index("outbox_to_created_idx").on(t.toAddress, t.createdAt),
  ],
);

export const WEBHOOK_STATUSES = ["received", "processed", "ignored", "failed"] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

export const webhookEvent = sqliteTable(
  "webhook_event",
  {
    id: id(),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    agencyId: text("agency_id").references(() => agency.id),
    payload: text("payload").notNull(),
    /** received → processed, ignored (nothing to do: unknown charge, stale or irrelevant event) or failed (retried). */
    status: text("status", { enum: WEBHOOK_STATUSES })
      .notNull()
      .default("received"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    receivedAt: text("received_at").notNull().$defaultFn(nowIso),
    processedAt: text("processed_at"),
    lastAttemptAt: text("last_attempt_at"),
    /** The provider's payment id the event is about, and the charge and receivable it touched. */
    externalRef: text("external_ref"),
    chargeId: text("charge_id"),
    titleId: text("title_id"),
  },
  (t) => [
    // Per agency: another agency's sender cannot claim an event id before its owner does.
    uniqueIndex("webhook_provider_event_uq").on(t.provider, t.agencyId, t.eventId),
    index("webhook_agency_received_idx").on(t.agencyId, t.receivedAt),
    index("webhook_agency_status_idx").on(t.agencyId, t.status, t.receivedAt),
    // The history filtered by event type, and the list of types the agency has received.
    index("webhook_agency_type_idx").on(t.agencyId, t.eventType, t.receivedAt),
    index("webhook_agency_title_idx").on(t.agencyId, t.titleId),
  ],
);


/** An invitation to join an agency (user management, licence management's first Admin). */
export const invitation = sqliteTable(
  "invitation",
  {
    id: id(),
    agencyId: text("agency_id")
      .notNull()
      .references(() => agency.id),
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    role: text("role", { enum: ROLES }).notNull(),
    locale: text("locale").notNull().default("pt"),
    /** SHA-256 (hex) of the token mailed in the link; the token itself is never stored. */
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by"),
    expiresAt: text("expires_at").notNull(),
    acceptedAt: text("accepted_at"),
    revokedAt: text("revoked_at"),
    acceptedUserId: text("accepted_user_id"),
    ...timestamps,
    version: version(),
  },
  (t) => [index("invitation_agency_created_idx").on(t.agencyId, t.createdAt), index("invitation_agency_email_idx").on(t.agencyId, t.email)],
);

/** Per-agency e-mail settings (Parametrização → E-mail): sender and transport. */
export const emailSettings = sqliteTable("email_settings", {
  agencyId: text("agency_id")
    .primaryKey()
    .references(() => agency.id, { onDelete: "cascade" }),
  senderName: text("sender_name"),
  senderEmail: text("sender_email"),
  replyTo: text("reply_to"),
  transport: text("transport", { enum: ["local", "smtp"] }).notNull().default("local"),
  smtpHost: text("smtp_host"),
  smtpPort: integer("smtp_port"),
  /** "tls" (implicit, 465), "starttls" (587) or "none". */
  smtpSecurity: text("smtp_security", { enum: ["tls", "starttls", "none"] }).notNull().default("starttls"),
  smtpUser: text("smtp_user"),
  /** AES-GCM ciphertext (base64 iv:ciphertext) under DATA_ENCRYPTION_KEY; never sent to the browser. */
  smtpPasswordEnc: text("smtp_password_enc"),
  ...timestamps,
  updatedBy: text("updated_by"),
  version: version(),
});

/**
 * The members of an agency as user management lists them: its users (active or
 * deactivated) and its pending invitations (expired ones included), one row
 * each, so one keyset list pages both. `sort_name` orders by name, then e-mail
 * (case-insensitive). Read it with `agency_id = ?` like a tenant table.
 */
export const agencyMember = sqliteView("agency_member", {
  id: text("id").notNull(),
  kind: text("kind", { enum: ["user", "invitation"] }).notNull(),
  agencyId: text("agency_id").notNull(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  role: text("role", { enum: ROLES }).notNull(),
  status: text("status", { enum: ["active", "deactivated", "pending"] }).notNull(),
  expiresAt: text("expires_at"),
  version: integer("version").notNull(),
  createdAt: text("created_at").notNull(),
  sortName: text("sort_name").notNull(),
}).as(
  sql`select p.id as id, 'user' as kind, p.agency_id as agency_id, p.name as name, u.email as email, p.role as role,
         case when p.active = 1 then 'active' else 'deactivated' end as status, null as expires_at,
         p.version as version, p.created_at as created_at, lower(p.name) || char(1) || lower(u.email) as sort_name
    from profile p join user u on u.id = p.id
   where p.agency_id is not null
  union all
  select i.id, 'invitation', i.agency_id, i.name, i.email, i.role, 'pending', i.expires_at,
         i.version, i.created_at, lower(i.name) || char(1) || lower(i.email)
    from invitation i
   where i.accepted_at is null and i.revoked_at is null`,
);
