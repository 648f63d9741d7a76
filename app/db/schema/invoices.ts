// Invoicing (Financeiro → Faturamento; spec §2.3/§2.6; DOMAIN.md "invoice";
// decision 0016): an invoice groups confirmed sales (an emissivo sale's items,
// an excursion sale whole) for one party — a client (a person or a company) or
// a reseller agent —, is numbered per agency from record_counter (kind
// "invoice", bumped and read back in the invoice's own batch: never repeated,
// no gaps) and is paid by finance titles: the receivable it creates (origin
// "invoice") and/or the sales' own receivables it links.
//
// - a line's `billing_key` is its sale item's id (emissivo) or "sale:" + the
//   sale's id (excursion); `live` is 1 while its invoice is not cancelled, and
//   a partial unique index keeps a key on one live invoice only;
// - invoice_title links the titles that pay the invoice; a title is on one live
//   invoice only (partial unique index);
// - paid / overdue are not stored: they come from the linked titles.

import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { user } from "~/db/schema/auth";
import { id, timestamps, version } from "~/db/schema/columns";
import { agency } from "~/db/schema/platform";

const enumList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

const tenant = () => ({
  agencyId: text("agency_id")
    .notNull()
    .references(() => agency.id),
});

/** Who an invoice is for: a client (person or company) or an agent (a reseller). */
export const INVOICE_PARTY_KINDS = ["client", "agent"] as const;
export type InvoicePartyKind = (typeof INVOICE_PARTY_KINDS)[number];
/** Stored statuses; open / paid / overdue of an issued invoice come from its titles. */
export const INVOICE_STATUS_VALUES = ["issued", "cancelled"] as const;
export const INVOICE_LANGUAGES = ["pt", "en", "es"] as const;
/** How a title pays an invoice: created by it (origin "invoice") or a sale's receivable it links. */
export const INVOICE_TITLE_LINKS = ["created", "linked"] as const;

export const invoice = sqliteTable(
  "invoice",
  {
    id: id(),
    ...tenant(),
    number: integer("number").notNull(),
    partyKind: text("party_kind", { enum: INVOICE_PARTY_KINDS }).notNull(),
    partyId: text("party_id").notNull(),
    /** The party's name when issued (the PDF and the list show it even if the register changes). */
    partyName: text("party_name").notNull(),
    partyDocument: text("party_document"),
    /** The language of its PDF and e-mail (pt, en, es): the party's. */
    language: text("language", { enum: INVOICE_LANGUAGES }).notNull().default("pt"),
    currency: text("currency").notNull().default("BRL"),
    /** Days "YYYY-MM-DD" in the agency's time zone. */
    issueDate: text("issue_date").notNull(),
    dueDate: text("due_date").notNull(),
    periodFrom: text("period_from"),
    periodTo: text("period_to"),
    totalCents: integer("total_cents").notNull(),
    notes: text("notes"),
    status: text("status", { enum: INVOICE_STATUS_VALUES }).notNull().default("issued"),
    cancelledAt: text("cancelled_at"),
    cancelReason: text("cancel_reason"),
    sentAt: text("sent_at"),
    sentTo: text("sent_to"),
    searchText: text("search_text").notNull().default(""),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    ...timestamps,
    version: version(),
  },
  (t) => [
    uniqueIndex("invoice_number_uq").on(t.agencyId, t.number),
    index("invoice_issue_idx").on(t.agencyId, t.issueDate, t.id),
    index("invoice_due_idx").on(t.agencyId, t.dueDate, t.id),
    index("invoice_total_idx").on(t.agencyId, t.totalCents, t.id),
    index("invoice_party_idx").on(t.agencyId, t.partyKind, t.partyId, t.issueDate, t.id),
    index("invoice_status_idx").on(t.agencyId, t.status, t.issueDate, t.id),
    check("invoice_party_kind_ck", sql`party_kind in (${enumList(INVOICE_PARTY_KINDS)})`),
    check("invoice_status_ck", sql`status in (${enumList(INVOICE_STATUS_VALUES)})`),
    check("invoice_language_ck", sql`language in (${enumList(INVOICE_LANGUAGES)})`),
    check("invoice_number_ck", sql`number >= 1`),
    check("invoice_total_ck", sql`total_cents > 0`),
    check("invoice_dates_ck", sql`due_date >= issue_date`),
  ],
);

/** An invoice's lines: a sale item (emissivo) or a whole sale (excursion), with the amount billed. */
export const invoiceLine = sqliteTable(
  "invoice_line",
  {
    id: id(),
    ...tenant(),
    invoiceId: text("invoice_id")
      .notNull()
      .references(() => invoice.id),
    saleId: text("sale_id").notNull(),
    saleItemId: text("sale_item_id"),
    /** The sale item's id, or "sale:" + the sale's id: what can be billed once. */
    billingKey: text("billing_key").notNull(),
    saleNumber: integer("sale_number").notNull(),
    description: text("description").notNull(),
    amountCents: integer("amount_cents").notNull(),
    position: integer("position").notNull().default(0),
    /** 1 while the invoice is not cancelled. */
    live: integer("live").notNull().default(1),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex("invoice_line_live_uq").on(t.agencyId, t.billingKey).where(sql`live = 1`),
    index("invoice_line_invoice_idx").on(t.agencyId, t.invoiceId, t.position),
    index("invoice_line_sale_idx").on(t.agencyId, t.saleId, t.live),
    check("invoice_line_amount_ck", sql`amount_cents >= 0`),
    check("invoice_line_live_ck", sql`live in (0, 1)`),
  ],
);

/** The titles that pay an invoice: the receivable it created, or the sales' receivables it links. */
export const invoiceTitle = sqliteTable(
  "invoice_title",
  {
    id: id(),
    ...tenant(),
    invoiceId: text("invoice_id")
      .notNull()
      .references(() => invoice.id),
    titleId: text("title_id").notNull(),
    link: text("link", { enum: INVOICE_TITLE_LINKS }).notNull(),
    live: integer("live").notNull().default(1),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex("invoice_title_live_uq").on(t.agencyId, t.titleId).where(sql`live = 1`),
    index("invoice_title_invoice_idx").on(t.agencyId, t.invoiceId),
    check("invoice_title_link_ck", sql`link in (${enumList(INVOICE_TITLE_LINKS)})`),
    check("invoice_title_live_ck", sql`live in (0, 1)`),
  ],
);
