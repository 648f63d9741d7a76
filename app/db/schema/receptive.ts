// Receptive operations (DOMAIN.md "receptive"; spec §2.6 /receptivo): the local
// services the agency runs at the destination (transfers, city tours…), the
// drivers, guides and fleet vehicles it assigns to them. The schedule of service
// orders that assigns them comes with its own tables.
//
// Conventions (as the registers):
// - `agency_id` on every row and first in every index;
// - soft deletion: `deleted_at` set, since service orders and excursions point
//   at these rows; lists filter `deleted_at is null`;
// - `search_text`: name, document, plate… normalised by kit/search-text.ts,
//   written by the app on every insert and update;
// - CPF, RENAVAM and phones as digits; plates upper-case without the dash;
//   expiry days as "YYYY-MM-DD" (a document is valid through its expiry day,
//   in the agency's time zone); money in integer cents with a currency;
// - `version` for optimistic concurrency, `created_by` the creating user.

import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { user } from "~/db/schema/auth";
import { id, timestamps, version } from "~/db/schema/columns";
import { agency } from "~/db/schema/platform";
import { provider } from "~/db/schema/registers";

const enumList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/** What a receptive service is. */
export const RECEPTIVE_SERVICE_KINDS = ["transfer_in", "transfer_out", "city_tour", "day_trip", "other"] as const;
export type ReceptiveServiceKind = (typeof RECEPTIVE_SERVICE_KINDS)[number];

/** CNH categories (Código de Trânsito Brasileiro, art. 143). */
export const CNH_CATEGORIES = ["A", "B", "C", "D", "E", "AB", "AC", "AD", "AE"] as const;
export type CnhCategory = (typeof CNH_CATEGORIES)[number];

/** Kinds of vehicle in the fleet. */
export const FLEET_VEHICLE_TYPES = ["bus", "double_decker", "minibus", "van", "car", "suv", "other"] as const;
export type FleetVehicleType = (typeof FLEET_VEHICLE_TYPES)[number];

const tenant = () => ({
  agencyId: text("agency_id")
    .notNull()
    .references(() => agency.id),
});
const bookkeeping = () => ({
  searchText: text("search_text").notNull().default(""),
  createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
  deletedAt: text("deleted_at"),
  ...timestamps,
  version: version(),
});
/** One live row per document and agency; a deleted one frees it. */
const LIVE = sql`deleted_at is null`;

export const receptiveService = sqliteTable(
  "receptive_service",
  {
    id: id(),
    ...tenant(),
    name: text("name").notNull(),
    kind: text("kind", { enum: RECEPTIVE_SERVICE_KINDS }).notNull(),
    description: text("description"),
    durationMinutes: integer("duration_minutes").notNull(),
    /** Passengers one order of it may carry (0: no limit of its own; the vehicle's seats still apply). */
    capacity: integer("capacity").notNull().default(0),
    /** The provider (prestador) that runs it, or null when the agency runs it itself. */
    providerId: text("provider_id").references(() => provider.id),
    costCents: integer("cost_cents").notNull().default(0),
    priceCents: integer("price_cents").notNull().default(0),
    currency: text("currency").notNull().default("BRL"),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    ...bookkeeping(),
  },
  (t) => [
    index("receptive_service_list_idx").on(t.agencyId, t.deletedAt, t.searchText, t.id),
    index("receptive_service_kind_idx").on(t.agencyId, t.deletedAt, t.kind, t.searchText, t.id),
    index("receptive_service_provider_idx").on(t.agencyId, t.deletedAt, t.providerId, t.id),
    index("receptive_service_created_idx").on(t.agencyId, t.deletedAt, t.createdAt, t.id),
    check("receptive_service_kind_ck", sql`kind in (${enumList(RECEPTIVE_SERVICE_KINDS)})`),
    check("receptive_service_values_ck", sql`duration_minutes between 1 and 10080 and capacity between 0 and 1000 and cost_cents >= 0 and price_cents >= 0`),
    check("receptive_service_currency_ck", sql`length(currency) = 3 and currency not glob '*[^A-Z]*'`),
  ],
);

export const driver = sqliteTable(
  "driver",
  {
    id: id(),
    ...tenant(),
    name: text("name").notNull(),
    cpf: text("cpf"),
    phone: text("phone"),
    email: text("email"),
    cnhNumber: text("cnh_number").notNull(),
    cnhCategory: text("cnh_category", { enum: CNH_CATEGORIES }).notNull(),
    cnhExpiry: text("cnh_expiry").notNull(),
    /** Whether the CNH carries the EAR remark (exerce atividade remunerada). */
    ear: integer("ear", { mode: "boolean" }).notNull().default(false),
    notes: text("notes"),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    ...bookkeeping(),
  },
  (t) => [
    index("driver_list_idx").on(t.agencyId, t.deletedAt, t.searchText, t.id),
    index("driver_expiry_idx").on(t.agencyId, t.deletedAt, t.cnhExpiry, t.id),
    index("driver_created_idx").on(t.agencyId, t.deletedAt, t.createdAt, t.id),
    uniqueIndex("driver_cpf_uq").on(t.agencyId, t.cpf).where(LIVE),
    uniqueIndex("driver_cnh_uq").on(t.agencyId, t.cnhNumber).where(LIVE),
    check("driver_cnh_category_ck", sql`cnh_category in (${enumList(CNH_CATEGORIES)})`),
    check("driver_cpf_ck", sql`cpf is null or (length(cpf) = 11 and cpf not glob '*[^0-9]*')`),
    check("driver_cnh_number_ck", sql`length(cnh_number) = 11 and cnh_number not glob '*[^0-9]*'`),
  ],
);

export const guide = sqliteTable(
  "guide",
  {
    id: id(),
    ...tenant(),
    name: text("name").notNull(),
    cpf: text("cpf"),
    phone: text("phone"),
    email: text("email"),
    /** CADASTUR (Ministério do Turismo) registration of the guide. */
    cadasturNumber: text("cadastur_number"),
    cadasturExpiry: text("cadastur_expiry"),
    /** ISO 639-1 codes of the languages the guide works in. */
    languages: text("languages", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    notes: text("notes"),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    ...bookkeeping(),
  },
  (t) => [
    index("guide_list_idx").on(t.agencyId, t.deletedAt, t.searchText, t.id),
    index("guide_expiry_idx").on(t.agencyId, t.deletedAt, t.cadasturExpiry, t.id),
    index("guide_created_idx").on(t.agencyId, t.deletedAt, t.createdAt, t.id),
    uniqueIndex("guide_cpf_uq").on(t.agencyId, t.cpf).where(LIVE),
    check("guide_cpf_ck", sql`cpf is null or (length(cpf) = 11 and cpf not glob '*[^0-9]*')`),
  ],
);

export const fleetVehicle = sqliteTable(
  "fleet_vehicle",
  {
    id: id(),
    ...tenant(),
    /** Upper-case without the dash: old (ABC1234) or Mercosul (ABC1D23). */
    plate: text("plate").notNull(),
    model: text("model").notNull(),
    type: text("type", { enum: FLEET_VEHICLE_TYPES }).notNull(),
    seats: integer("seats").notNull(),
    year: integer("year"),
    renavam: text("renavam"),
    insuranceExpiry: text("insurance_expiry"),
    inspectionExpiry: text("inspection_expiry"),
    notes: text("notes"),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    ...bookkeeping(),
  },
  (t) => [
    index("fleet_vehicle_list_idx").on(t.agencyId, t.deletedAt, t.searchText, t.id),
    index("fleet_vehicle_type_idx").on(t.agencyId, t.deletedAt, t.type, t.searchText, t.id),
    index("fleet_vehicle_created_idx").on(t.agencyId, t.deletedAt, t.createdAt, t.id),
    uniqueIndex("fleet_vehicle_plate_uq").on(t.agencyId, t.plate).where(LIVE),
    check("fleet_vehicle_type_ck", sql`type in (${enumList(FLEET_VEHICLE_TYPES)})`),
    check("fleet_vehicle_plate_ck", sql`length(plate) = 7 and plate glob '[A-Z][A-Z][A-Z][0-9][A-Z0-9][0-9][0-9]'`),
    check("fleet_vehicle_values_ck", sql`seats between 1 and 100 and (year is null or year between 1950 and 2100)`),
    check("fleet_vehicle_renavam_ck", sql`renavam is null or (length(renavam) = 11 and renavam not glob '*[^0-9]*')`),
  ],
);

// ---------------------------------------------------------------------------
// The schedule: service orders

/** A service order's state: scheduled (in the agenda), done, or cancelled (frees its people and vehicle). */
export const RECEPTIVE_ORDER_STATUSES = ["scheduled", "done", "cancelled"] as const;
export type ReceptiveOrderStatus = (typeof RECEPTIVE_ORDER_STATUSES)[number];

/**
 * One run of a receptive service at a date-time: passengers, pickup, and the
 * vehicle, driver and guide assigned. `ends_at` = `starts_at` + the service's
 * duration (kept on the row so overlaps are one indexed comparison). A driver,
 * guide or vehicle is never in two live orders whose [starts_at, ends_at)
 * overlap: the app refuses it with field errors, and triggers
 * (migration 0013) refuse it in the database too, so two concurrent saves
 * cannot both win.
 */
export const receptiveOrder = sqliteTable(
  "receptive_order",
  {
    id: id(),
    ...tenant(),
    serviceId: text("service_id")
      .notNull()
      .references(() => receptiveService.id),
    startsAt: text("starts_at").notNull(),
    endsAt: text("ends_at").notNull(),
    passengers: integer("passengers").notNull(),
    /** Who it is for (a name, a group, a flight) until sales link their passengers. */
    reference: text("reference"),
    pickup: text("pickup"),
    dropoff: text("dropoff"),
    vehicleId: text("vehicle_id").references(() => fleetVehicle.id),
    driverId: text("driver_id").references(() => driver.id),
    guideId: text("guide_id").references(() => guide.id),
    status: text("status", { enum: RECEPTIVE_ORDER_STATUSES }).notNull().default("scheduled"),
    notes: text("notes"),
    searchText: text("search_text").notNull().default(""),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    deletedAt: text("deleted_at"),
    ...timestamps,
    version: version(),
  },
  (t) => [
    index("receptive_order_starts_idx").on(t.agencyId, t.deletedAt, t.startsAt, t.id),
    index("receptive_order_driver_idx").on(t.agencyId, t.driverId, t.startsAt),
    index("receptive_order_guide_idx").on(t.agencyId, t.guideId, t.startsAt),
    index("receptive_order_vehicle_idx").on(t.agencyId, t.vehicleId, t.startsAt),
    index("receptive_order_service_idx").on(t.agencyId, t.serviceId, t.startsAt),
    check("receptive_order_status_ck", sql`status in (${enumList(RECEPTIVE_ORDER_STATUSES)})`),
    check("receptive_order_values_ck", sql`ends_at > starts_at and passengers between 1 and 1000`),
  ],
);
