// CRM (DOMAIN.md "CRM and tasks"; spec §2.3 CRM, §2.4 /orcamento/{slug}, §2.6 /crm and
// /crm/{stage}; issue #18): the agency's pipeline stages, its deals with their
// activity timeline, and the quotes (orçamentos) sent to a client by a public link.
//
// Conventions (as sales.ts):
// - `agency_id` on every row and first in every index;
// - a stage's `slug` is the /crm/{stage} route segment, unique in the agency; exactly
//   one stage of kind `won` and one of kind `lost` (fixed kinds: a deal in them is
//   closed), any number of `open` stages, ordered by `position`;
// - a deal's place in its column is `position` (sparse integers: a move writes one row);
// - deals and quotes are numbered per agency (record_counter, kinds "deal" and "quote");
// - money in integer cents in the deal's / quote's currency; a quote's stored totals are
//   what its items sum to (written on every save);
// - a quote's public `slug` is 128 random bits (base32): unguessable, and it names
//   nothing of the agency or the client;
// - dates "YYYY-MM-DD", instants UTC ISO strings; `version` for optimistic concurrency.

import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { user } from "~/db/schema/auth";
import { id, nowIso, timestamps, version } from "~/db/schema/columns";
import { agency } from "~/db/schema/platform";
import { client, productKind, supplier } from "~/db/schema/registers";
import { sale } from "~/db/schema/sales";

const enumList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/** open stages move freely; a deal in the won or lost stage is closed. */
export const STAGE_KINDS = ["open", "won", "lost"] as const;
export type StageKind = (typeof STAGE_KINDS)[number];
/** Where the deal came from. */
export const DEAL_SOURCES = ["site", "instagram", "facebook", "whatsapp", "referral", "walk_in", "phone", "email", "other"] as const;
export type DealSource = (typeof DEAL_SOURCES)[number];
/** What the timeline records: logged by staff (note…meeting) or written by the app. */
export const ACTIVITY_KINDS = [
  "note",
  "call",
  "email",
  "whatsapp",
  "meeting",
  "created",
  "stage_change",
  "quote_sent",
  "quote_viewed",
  "quote_accepted",
  "quote_declined",
  "lead_converted",
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
/** The kinds staff log by hand. */
export const LOGGED_ACTIVITY_KINDS = ["note", "call", "email", "whatsapp", "meeting"] as const;
export const QUOTE_LANGUAGES = ["pt", "en", "es"] as const;
export type QuoteLanguage = (typeof QUOTE_LANGUAGES)[number];
/** draft → sent → accepted | declined; a sent quote past its validity reads as expired. */
export const QUOTE_STATUSES = ["draft", "sent", "accepted", "declined"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

const tenant = () => ({
  agencyId: text("agency_id")
    .notNull()
    .references(() => agency.id),
});

export const crmStage = sqliteTable(
  "crm_stage",
  {
    id: id(),
    ...tenant(),
    name: text("name").notNull(),
    /** The /crm/{stage} segment (lowercase ascii, digits and hyphens). */
    slug: text("slug").notNull(),
    kind: text("kind", { enum: STAGE_KINDS }).notNull().default("open"),
    position: integer("position").notNull().default(0),
    /** A Radix accent colour name for the column and its cards. */
    color: text("color").notNull().default("gray"),
    /** Live counters kept by the deal writes (the board's headers without a scan). */
    dealCount: integer("deal_count").notNull().default(0),
    valueCents: integer("value_cents").notNull().default(0),
    ...timestamps,
    version: version(),
  },
  (t) => [
    uniqueIndex("crm_stage_slug_uq").on(t.agencyId, t.slug),
    uniqueIndex("crm_stage_closed_kind_uq")
      .on(t.agencyId, t.kind)
      .where(sql`kind <> 'open'`),
    index("crm_stage_position_idx").on(t.agencyId, t.position),
    check("crm_stage_kind_ck", sql`kind in (${enumList(STAGE_KINDS)})`),
    check("crm_stage_slug_ck", sql`length(slug) between 1 and 60 and slug not glob '*[^a-z0-9-]*'`),
  ],
);

export const deal = sqliteTable(
  "deal",
  {
    id: id(),
    ...tenant(),
    number: integer("number").notNull(),
    title: text("title").notNull(),
    /** The client, or (until converted) a lead's contact below. */
    clientId: text("client_id").references(() => client.id),
    leadName: text("lead_name"),
    leadPhone: text("lead_phone"),
    leadEmail: text("lead_email"),
    stageId: text("stage_id")
      .notNull()
      .references(() => crmStage.id),
    position: integer("position").notNull().default(0),
    destination: text("destination"),
    travelStart: text("travel_start"),
    travelEnd: text("travel_end"),
    passengers: integer("passengers").notNull().default(1),
    currency: text("currency").notNull().default("BRL"),
    valueCents: integer("value_cents").notNull().default(0),
    expectedCloseDate: text("expected_close_date"),
    ownerUserId: text("owner_user_id").references(() => user.id, { onDelete: "set null" }),
    source: text("source", { enum: DEAL_SOURCES }).notNull().default("other"),
    lostReason: text("lost_reason"),
    notes: text("notes"),
    /** When it entered its current stage (time in stage on the cards). */
    stageEnteredAt: text("stage_entered_at").notNull().$defaultFn(nowIso),
    closedAt: text("closed_at"),
    /** The draft sale an accepted quote made. */
    saleId: text("sale_id").references(() => sale.id, { onDelete: "set null" }),
    searchText: text("search_text").notNull().default(""),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    deletedAt: text("deleted_at"),
    ...timestamps,
    version: version(),
  },
  (t) => [
    uniqueIndex("deal_number_uq").on(t.agencyId, t.number),
    // The board and /crm/{stage}: a stage's column in order; by value; by expected close; by owner.
    index("deal_stage_position_idx").on(t.agencyId, t.deletedAt, t.stageId, t.position, t.id),
    index("deal_stage_value_idx").on(t.agencyId, t.deletedAt, t.stageId, t.valueCents, t.id),
    index("deal_stage_close_idx").on(t.agencyId, t.deletedAt, t.stageId, t.expectedCloseDate, t.id),
    index("deal_stage_updated_idx").on(t.agencyId, t.deletedAt, t.stageId, t.updatedAt, t.id),
    // An Agente's board and lists (their own deals): a column's first cards by position, read in order.
    index("deal_owner_idx").on(t.agencyId, t.ownerUserId, t.deletedAt, t.stageId, t.position, t.id),
    index("deal_client_idx").on(t.agencyId, t.clientId),
    index("deal_search_idx").on(t.agencyId, t.deletedAt, t.searchText),
    check("deal_contact_ck", sql`client_id is not null or length(coalesce(lead_name, '')) > 0`),
    check("deal_money_ck", sql`value_cents >= 0`),
    check("deal_passengers_ck", sql`passengers between 1 and 999`),
    check("deal_dates_ck", sql`travel_end is null or travel_start is null or travel_end >= travel_start`),
    check("deal_source_ck", sql`source in (${enumList(DEAL_SOURCES)})`),
  ],
);

/** The deal's timeline: what staff logged and what happened to it. */
export const dealActivity = sqliteTable(
  "deal_activity",
  {
    id: id(),
    ...tenant(),
    dealId: text("deal_id")
      .notNull()
      .references(() => deal.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ACTIVITY_KINDS }).notNull(),
    body: text("body"),
    fromStageId: text("from_stage_id").references(() => crmStage.id, { onDelete: "set null" }),
    toStageId: text("to_stage_id").references(() => crmStage.id, { onDelete: "set null" }),
    quoteId: text("quote_id"),
    /** Who logged it or did it; null for the client (a quote opened or answered). */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    occurredAt: text("occurred_at").notNull().$defaultFn(nowIso),
    createdAt: text("created_at").notNull().$defaultFn(nowIso),
  },
  (t) => [
    index("deal_activity_deal_idx").on(t.agencyId, t.dealId, t.occurredAt, t.id),
    check("deal_activity_kind_ck", sql`kind in (${enumList(ACTIVITY_KINDS)})`),
  ],
);

export const quote = sqliteTable(
  "quote",
  {
    id: id(),
    ...tenant(),
    number: integer("number").notNull(),
    dealId: text("deal_id")
      .notNull()
      .references(() => deal.id),
    title: text("title").notNull(),
    language: text("language", { enum: QUOTE_LANGUAGES }).notNull().default("pt"),
    currency: text("currency").notNull().default("BRL"),
    status: text("status", { enum: QUOTE_STATUSES }).notNull().default("draft"),
    /** The last day the client may accept (agency's time zone). */
    validUntil: text("valid_until").notNull(),
    terms: text("terms"),
    costCents: integer("cost_cents").notNull().default(0),
    priceCents: integer("price_cents").notNull().default(0),
    discountCents: integer("discount_cents").notNull().default(0),
    feesCents: integer("fees_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull().default(0),
    /** The public link's segment: /orcamento/{slug}. */
    slug: text("slug").notNull(),
    sentAt: text("sent_at"),
    firstViewedAt: text("first_viewed_at"),
    lastViewedAt: text("last_viewed_at"),
    viewCount: integer("view_count").notNull().default(0),
    answeredAt: text("answered_at"),
    declineReason: text("decline_reason"),
    /** The draft sale made when the client accepted. */
    saleId: text("sale_id").references(() => sale.id, { onDelete: "set null" }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    deletedAt: text("deleted_at"),
    ...timestamps,
    version: version(),
  },
  (t) => [
    uniqueIndex("quote_number_uq").on(t.agencyId, t.number),
    uniqueIndex("quote_slug_uq").on(t.slug),
    index("quote_deal_idx").on(t.agencyId, t.dealId, t.deletedAt, t.createdAt),
    index("quote_status_idx").on(t.agencyId, t.deletedAt, t.status, t.validUntil),
    check("quote_status_ck", sql`status in (${enumList(QUOTE_STATUSES)})`),
    check("quote_language_ck", sql`language in (${enumList(QUOTE_LANGUAGES)})`),
    check(
      "quote_money_ck",
      sql`cost_cents >= 0 and price_cents >= 0 and discount_cents >= 0 and discount_cents <= price_cents and fees_cents >= 0 and total_cents = price_cents - discount_cents + fees_cents`,
    ),
    check("quote_slug_ck", sql`length(slug) >= 20`),
  ],
);

/** A quote's line: what an emissivo sale item will be when the client accepts. */
export const quoteItem = sqliteTable(
  "quote_item",
  {
    id: id(),
    ...tenant(),
    quoteId: text("quote_id")
      .notNull()
      .references(() => quote.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    productKindId: text("product_kind_id")
      .notNull()
      .references(() => productKind.id),
    supplierId: text("supplier_id").references(() => supplier.id),
    description: text("description").notNull(),
    startDate: text("start_date"),
    endDate: text("end_date"),
    costCents: integer("cost_cents").notNull().default(0),
    priceCents: integer("price_cents").notNull().default(0),
    feesCents: integer("fees_cents").notNull().default(0),
    notes: text("notes"),
    ...timestamps,
  },
  (t) => [
    index("quote_item_quote_idx").on(t.agencyId, t.quoteId, t.position),
    check("quote_item_money_ck", sql`cost_cents >= 0 and price_cents >= 0 and fees_cents >= 0`),
    check("quote_item_dates_ck", sql`end_date is null or start_date is null or end_date >= start_date`),
  ],
);
