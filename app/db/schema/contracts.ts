// Contracts (DOMAIN.md "Contracts"; spec §2.3 Contratos, §2.4 /assinar-contrato/{token};
// issue #17): templates with their versions, and the contracts made from a
// template version and a sale, signed by link.
//
// Conventions (as sales.ts):
// - `agency_id` on every row and first in every index;
// - a template's body is the rich-text editor's document (lib/contracts/document.ts),
//   validated on the server; every save writes a new immutable version row, and a
//   contract points at the version it was made from (editing a template never
//   changes contracts already made);
// - a contract keeps the merged document it was generated from (`content`), its PDF
//   in R2 under the agency's prefix with the file's SHA-256, and after signing the
//   signed PDF (original pages + certificate page) with its own SHA-256;
// - the signing link's token is never stored: only its SHA-256 (`token_hash`);
// - instants are UTC ISO strings.

import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { user } from "~/db/schema/auth";
import { id, nowIso, timestamps, version } from "~/db/schema/columns";
import { agency } from "~/db/schema/platform";
import { sale } from "~/db/schema/sales";

const enumList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

export const CONTRACT_LANGUAGES = ["pt", "en", "es"] as const;
export type ContractLanguage = (typeof CONTRACT_LANGUAGES)[number];
/** Which sales a template is meant for (the default of each kind is offered first). */
export const TEMPLATE_SALE_KINDS = ["emissivo", "excursion", "any"] as const;
export type TemplateSaleKind = (typeof TEMPLATE_SALE_KINDS)[number];
/** generated → sent → viewed → signed | declined | expired; cancelled by staff before signing. */
export const CONTRACT_STATUSES = ["generated", "sent", "viewed", "signed", "declined", "expired", "cancelled"] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
/** A sale has at most one contract in these statuses. */
export const LIVE_CONTRACT_STATUSES = ["generated", "sent", "viewed", "signed"] as const;
export const SIGNATURE_KINDS = ["drawn", "typed"] as const;
export type SignatureKind = (typeof SIGNATURE_KINDS)[number];

const tenant = () => ({
  agencyId: text("agency_id")
    .notNull()
    .references(() => agency.id),
});

export const contractTemplate = sqliteTable(
  "contract_template",
  {
    id: id(),
    ...tenant(),
    name: text("name").notNull(),
    language: text("language", { enum: CONTRACT_LANGUAGES }).notNull().default("pt"),
    saleKind: text("sale_kind", { enum: TEMPLATE_SALE_KINDS }).notNull().default("any"),
    /** The template offered first for its kind of sale (one per agency and kind). */
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    /** The current body (the editor's JSON document); equal to the body of version `current_version`. */
    body: text("body", { mode: "json" }).notNull(),
    currentVersion: integer("current_version").notNull().default(1),
    searchText: text("search_text").notNull().default(""),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    deletedAt: text("deleted_at"),
    ...timestamps,
    version: version(),
  },
  (t) => [
    index("contract_template_name_idx").on(t.agencyId, t.deletedAt, t.name, t.id),
    index("contract_template_updated_idx").on(t.agencyId, t.deletedAt, t.updatedAt, t.id),
    index("contract_template_search_idx").on(t.agencyId, t.deletedAt, t.searchText),
    uniqueIndex("contract_template_default_uq")
      .on(t.agencyId, t.saleKind)
      .where(sql`is_default = 1 and deleted_at is null`),
    check("contract_template_language_ck", sql`language in (${enumList(CONTRACT_LANGUAGES)})`),
    check("contract_template_kind_ck", sql`sale_kind in (${enumList(TEMPLATE_SALE_KINDS)})`),
  ],
);

/** Every saved body of a template, never changed once written. */
export const contractTemplateVersion = sqliteTable(
  "contract_template_version",
  {
    id: id(),
    ...tenant(),
    templateId: text("template_id")
      .notNull()
      .references(() => contractTemplate.id),
    number: integer("number").notNull(),
    name: text("name").notNull(),
    language: text("language", { enum: CONTRACT_LANGUAGES }).notNull(),
    body: text("body", { mode: "json" }).notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: text("created_at").notNull().$defaultFn(nowIso),
  },
  (t) => [uniqueIndex("contract_template_version_uq").on(t.agencyId, t.templateId, t.number)],
);

export const contract = sqliteTable(
  "contract",
  {
    id: id(),
    ...tenant(),
    /** Per agency, from record_counter (kind "contract"), never reused. */
    number: integer("number").notNull(),
    saleId: text("sale_id")
      .notNull()
      .references(() => sale.id),
    templateId: text("template_id")
      .notNull()
      .references(() => contractTemplate.id),
    templateVersionId: text("template_version_id")
      .notNull()
      .references(() => contractTemplateVersion.id),
    language: text("language", { enum: CONTRACT_LANGUAGES }).notNull(),
    status: text("status", { enum: CONTRACT_STATUSES }).notNull().default("generated"),
    /** The merged document the PDF was made from (lib/contracts/document.ts MergedDocument). */
    content: text("content", { mode: "json" }).notNull(),
    title: text("title").notNull(),
    pdfKey: text("pdf_key").notNull(),
    pdfSha256: text("pdf_sha256").notNull(),
    pdfBytes: integer("pdf_bytes").notNull(),
    /** The signing link: SHA-256 of the token (the token itself is only in the e-mail). */
    tokenHash: text("token_hash"),
    tokenExpiresAt: text("token_expires_at"),
    sentTo: text("sent_to"),
    sentAt: text("sent_at"),
    sendCount: integer("send_count").notNull().default(0),
    viewedAt: text("viewed_at"),
    /** A one-time code by e-mail before signing (when the agency asks for it). */
    otpHash: text("otp_hash"),
    otpExpiresAt: text("otp_expires_at"),
    otpVerifiedAt: text("otp_verified_at"),
    /** Failed signing attempts (wrong CPF or code); the link locks after 10. */
    failedAttempts: integer("failed_attempts").notNull().default(0),
    signedAt: text("signed_at"),
    signerName: text("signer_name"),
    signerCpf: text("signer_cpf"),
    signerEmail: text("signer_email"),
    signerIp: text("signer_ip"),
    signerUserAgent: text("signer_user_agent"),
    signatureKind: text("signature_kind", { enum: SIGNATURE_KINDS }),
    /** The typed signature, or the R2 key of the drawn one (PNG). */
    signatureText: text("signature_text"),
    signatureKey: text("signature_key"),
    signedPdfKey: text("signed_pdf_key"),
    signedPdfSha256: text("signed_pdf_sha256"),
    declinedAt: text("declined_at"),
    declineReason: text("decline_reason"),
    cancelledAt: text("cancelled_at"),
    cancelReason: text("cancel_reason"),
    expiredAt: text("expired_at"),
    searchText: text("search_text").notNull().default(""),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    ...timestamps,
    version: version(),
  },
  (t) => [
    uniqueIndex("contract_number_uq").on(t.agencyId, t.number),
    uniqueIndex("contract_token_uq").on(t.tokenHash),
    // One live contract per sale: a sale leaves the pending list once it has one.
    uniqueIndex("contract_live_sale_uq")
      .on(t.agencyId, t.saleId)
      .where(sql`status in (${enumList(LIVE_CONTRACT_STATUSES)})`),
    index("contract_sale_idx").on(t.agencyId, t.saleId),
    index("contract_status_created_idx").on(t.agencyId, t.status, t.createdAt, t.id),
    index("contract_created_idx").on(t.agencyId, t.createdAt, t.id),
    index("contract_pdf_hash_idx").on(t.agencyId, t.pdfSha256),
    index("contract_signed_hash_idx").on(t.agencyId, t.signedPdfSha256),
    index("contract_expiry_idx").on(t.status, t.tokenExpiresAt),
    check("contract_status_ck", sql`status in (${enumList(CONTRACT_STATUSES)})`),
    check("contract_language_ck", sql`language in (${enumList(CONTRACT_LANGUAGES)})`),
    check("contract_signature_ck", sql`signature_kind is null or signature_kind in (${enumList(SIGNATURE_KINDS)})`),
    check("contract_signed_ck", sql`status <> 'signed' or (signed_at is not null and signed_pdf_sha256 is not null and signer_name is not null)`),
  ],
);
