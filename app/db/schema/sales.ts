// Sales (DOMAIN.md "Sales"; spec §2.3, §2.6 /vendas; decision 0011): the sale,
// its passengers and, for an outbound (emissivo) sale, its items. An excursion
// sale's places are excursion_passenger rows with its sale_id (excursions.ts).
//
// Conventions (as registers.ts / services.ts):
// - `agency_id` on every row and first in every index;
// - the sale's number is per agency, from record_counter in the sale's own
//   batch, never reused (a draft is soft-deleted, not renumbered);
// - money in integer cents in the sale's currency; the stored totals are what
//   lib/sales/totals.ts computes from the items (or places) and the discount,
//   written on every save so the lists sort and sum without reading children;
// - dates "YYYY-MM-DD" (sale day, item days), instants UTC ISO strings;
// - `search_text` the number, client and items normalised (kit/search-text);
// - `version` for optimistic concurrency; the timeline is the audit path.

import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { user } from "~/db/schema/auth";
import { id, timestamps, version } from "~/db/schema/columns";
import { excursion } from "~/db/schema/excursions";
import { paymentTerm } from "~/db/schema/finance";
import { fxUsed } from "~/db/schema/fx";
import { agency } from "~/db/schema/platform";
import { agent, client, COMMISSION_RULES, productKind, supplier } from "~/db/schema/registers";
import { accommodationRoomType, AGE_BANDS, airBlock, thirdPartyPackageDeparture } from "~/db/schema/services";

const enumList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

export const SALE_KINDS = ["emissivo", "excursion"] as const;
export type SaleKind = (typeof SALE_KINDS)[number];
/** Kept equal to lib/sales/status.ts SALE_STATUSES (the pure machine). */
export const SALE_STATUS_VALUES = ["draft", "confirmed", "cancelled"] as const;
/** How the client pays the plan (Asaas charges come with #19). */
export const SALE_PAYMENT_METHODS = ["pix", "boleto", "credit_card", "debit_card", "bank_transfer", "cash", "payment_link", "other"] as const;
export type SalePaymentMethod = (typeof SALE_PAYMENT_METHODS)[number];
/** The inventory an emissivo item takes from the services module. */
export const SALE_INVENTORY_KINDS = ["none", "package_departure", "hotel_room", "air_seat"] as const;
export type SaleInventoryKind = (typeof SALE_INVENTORY_KINDS)[number];

const tenant = () => ({
  agencyId: text("agency_id")
    .notNull()
    .references(() => agency.id),
});

/**
 * Per-agency sequences (sales now; invoices later): `last` is the last number
 * given. A writer increments it and reads it back inside its own db.batch, so
 * two writers never get the same number and a number is never given twice.
 */
export const recordCounter = sqliteTable(
  "record_counter",
  {
    ...tenant(),
    kind: text("kind").notNull(),
    last: integer("last").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.kind] })],
);

/**
 * A condition a batch asserts: inserting a row with ok = 0 fails the check and
 * rolls the whole batch back (D1 batches are transactions). Nothing is ever
 * stored here. Used where an availability must still hold when the batch
 * runs (lib/platform/batch-assert.server.ts).
 */
export const batchAssert = sqliteTable(
  "batch_assert",
  {
    ...tenant(),
    reason: text("reason").notNull(),
    ok: integer("ok").notNull(),
  },
  () => [check("batch_assert_ck", sql`ok = 1`)],
);

export const sale = sqliteTable(
  "sale",
  {
    id: id(),
    ...tenant(),
    number: integer("number").notNull(),
    kind: text("kind", { enum: SALE_KINDS }).notNull(),
    status: text("status", { enum: SALE_STATUS_VALUES }).notNull().default("draft"),
    clientId: text("client_id")
      .notNull()
      .references(() => client.id),
    /** The seller (agent register). */
    agentId: text("agent_id")
      .notNull()
      .references(() => agent.id),
    /** The staff user whose sale it is (an Agente sees and edits only theirs): the agent's user, else the creator. */
    ownerUserId: text("owner_user_id").references(() => user.id, { onDelete: "set null" }),
    /** The excursion sold (kind = excursion). */
    excursionId: text("excursion_id").references(() => excursion.id),
    saleDate: text("sale_date").notNull(),
    currency: text("currency").notNull().default("BRL"),
    /** The rate of the sale day its items and titles are converted to BRL at (decision 0018), set on confirmation; BRL: 1,000,000. */
    ...fxUsed(),
    costCents: integer("cost_cents").notNull().default(0),
    priceCents: integer("price_cents").notNull().default(0),
    discountCents: integer("discount_cents").notNull().default(0),
    feesCents: integer("fees_cents").notNull().default(0),
    /** price − discount + fees: what the client pays. */
    totalCents: integer("total_cents").notNull().default(0),
    /** price − discount − cost. */
    marginCents: integer("margin_cents").notNull().default(0),
    /** The plan: a payment term's shape from first_due_date; down_payment_cents (when set) replaces its down payment share. */
    paymentTermId: text("payment_term_id").references(() => paymentTerm.id),
    paymentMethod: text("payment_method", { enum: SALE_PAYMENT_METHODS }).notNull().default("pix"),
    downPaymentCents: integer("down_payment_cents"),
    firstDueDate: text("first_due_date"),
    notes: text("notes"),
    /** The seller's commission for this sale when it differs from the agent's register (null: the register's). */
    commissionRule: text("commission_rule", { enum: COMMISSION_RULES }),
    commissionBps: integer("commission_bps"),
    passengerCount: integer("passenger_count").notNull().default(0),
    confirmedAt: text("confirmed_at"),
    cancelledAt: text("cancelled_at"),
    cancelReason: text("cancel_reason"),
    searchText: text("search_text").notNull().default(""),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    deletedAt: text("deleted_at"),
    ...timestamps,
    version: version(),
  },
  (t) => [
    uniqueIndex("sale_number_uq").on(t.agencyId, t.number),
    // The lists: by kind, newest sale day first (keyset on (sale_date, id)), by number, by total.
    index("sale_date_idx").on(t.agencyId, t.kind, t.deletedAt, t.saleDate, t.id),
    index("sale_kind_number_idx").on(t.agencyId, t.kind, t.deletedAt, t.number),
    index("sale_status_date_idx").on(t.agencyId, t.kind, t.deletedAt, t.status, t.saleDate, t.id),
    index("sale_total_idx").on(t.agencyId, t.kind, t.deletedAt, t.totalCents, t.id),
    index("sale_owner_idx").on(t.agencyId, t.ownerUserId, t.kind, t.deletedAt, t.saleDate, t.id),
    index("sale_client_idx").on(t.agencyId, t.clientId),
    index("sale_agent_idx").on(t.agencyId, t.agentId, t.saleDate),
    index("sale_excursion_idx").on(t.agencyId, t.excursionId),
    index("sale_search_idx").on(t.agencyId, t.kind, t.deletedAt, t.searchText),
    index("sale_month_idx").on(t.agencyId, t.deletedAt, t.saleDate),
    check("sale_kind_ck", sql`kind in (${enumList(SALE_KINDS)})`),
    check("sale_status_ck", sql`status in (${enumList(SALE_STATUS_VALUES)})`),
    check("sale_method_ck", sql`payment_method in (${enumList(SALE_PAYMENT_METHODS)})`),
    check("sale_number_ck", sql`number >= 1`),
    check(
      "sale_money_ck",
      sql`cost_cents >= 0 and price_cents >= 0 and discount_cents >= 0 and discount_cents <= price_cents and fees_cents >= 0 and total_cents = price_cents - discount_cents + fees_cents and margin_cents = price_cents - discount_cents - cost_cents and (down_payment_cents is null or (down_payment_cents >= 0 and down_payment_cents <= total_cents))`,
    ),
    check("sale_excursion_ck", sql`(kind = 'excursion') = (excursion_id is not null)`),
  ],
);

/** The sale's people, each a client of the agency (picked or created inline), in order. */
export const salePassenger = sqliteTable(
  "sale_passenger",
  {
    id: id(),
    ...tenant(),
    saleId: text("sale_id")
      .notNull()
      .references(() => sale.id, { onDelete: "cascade" }),
    clientId: text("client_id")
      .notNull()
      .references(() => client.id),
    position: integer("position").notNull().default(0),
    ageBand: text("age_band", { enum: AGE_BANDS }).notNull().default("adult"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("sale_passenger_uq").on(t.agencyId, t.saleId, t.clientId),
    index("sale_passenger_sale_idx").on(t.agencyId, t.saleId, t.position),
    index("sale_passenger_client_idx").on(t.agencyId, t.clientId),
    check("sale_passenger_age_ck", sql`age_band in (${enumList(AGE_BANDS)})`),
  ],
);

/**
 * An item of an emissivo sale: a travel product from a supplier, its days, its
 * passengers (sale_passenger ids), locator and money, and the inventory it takes
 * (a package departure's seats, a hotel block's rooms of a type, an air block's
 * seats: `quantity` of them, taken when the sale is confirmed).
 */
export const saleItem = sqliteTable(
  "sale_item",
  {
    id: id(),
    ...tenant(),
    saleId: text("sale_id")
      .notNull()
      .references(() => sale.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    productKindId: text("product_kind_id")
      .notNull()
      .references(() => productKind.id),
    supplierId: text("supplier_id").references(() => supplier.id),
    description: text("description").notNull(),
    startDate: text("start_date"),
    endDate: text("end_date"),
    /** Local times of the service on its days ("HH:MM"; flights' departure, transfers' pickup), for the daily report. */
    startTime: text("start_time"),
    endTime: text("end_time"),
    locator: text("locator"),
    passengerIds: text("passenger_ids", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    costCents: integer("cost_cents").notNull().default(0),
    priceCents: integer("price_cents").notNull().default(0),
    feesCents: integer("fees_cents").notNull().default(0),
    inventoryKind: text("inventory_kind", { enum: SALE_INVENTORY_KINDS }).notNull().default("none"),
    packageDepartureId: text("package_departure_id").references(() => thirdPartyPackageDeparture.id),
    roomTypeId: text("room_type_id").references(() => accommodationRoomType.id),
    airBlockId: text("air_block_id").references(() => airBlock.id),
    quantity: integer("quantity").notNull().default(1),
    notes: text("notes"),
    ...timestamps,
  },
  (t) => [
    index("sale_item_sale_idx").on(t.agencyId, t.saleId, t.position),
    index("sale_item_start_idx").on(t.agencyId, t.startDate),
    index("sale_item_end_idx").on(t.agencyId, t.endDate),
    index("sale_item_supplier_idx").on(t.agencyId, t.supplierId),
    index("sale_item_departure_idx").on(t.agencyId, t.packageDepartureId),
    index("sale_item_room_type_idx").on(t.agencyId, t.roomTypeId),
    index("sale_item_air_block_idx").on(t.agencyId, t.airBlockId),
    check("sale_item_money_ck", sql`cost_cents >= 0 and price_cents >= 0 and fees_cents >= 0`),
    check("sale_item_quantity_ck", sql`quantity between 1 and 1000`),
    check("sale_item_dates_ck", sql`end_date is null or start_date is null or end_date >= start_date`),
    check("sale_item_inventory_kind_ck", sql`inventory_kind in (${enumList(SALE_INVENTORY_KINDS)})`),
    check(
      "sale_item_inventory_ck",
      sql`(inventory_kind = 'none' and package_departure_id is null and room_type_id is null and air_block_id is null)
        or (inventory_kind = 'package_departure' and package_departure_id is not null and room_type_id is null and air_block_id is null)
        or (inventory_kind = 'hotel_room' and room_type_id is not null and package_departure_id is null and air_block_id is null)
        or (inventory_kind = 'air_seat' and air_block_id is not null and package_departure_id is null and room_type_id is null)`,
    ),
  ],
);
