// Excursions (DOMAIN.md "excursion"; spec §2.3, §2.6 /servicos/excursoes):
// the agency's own trips, mostly by bus, sold seat by seat with boarding points.
//
// Conventions (as services.ts):
// - `agency_id` on every row, parent and child, and first in every index;
// - archiving is soft deletion (`archived_at`); the public slug is unique across
//   agencies (/excursao/{slug}) and kept once published;
// - money in integer cents with an ISO 4217 currency; instants (departure,
//   return, each boarding time) UTC ISO strings shown in the agency's zone;
// - capacity is derived on every save: the charter's seats (seat map, seats
//   chosen) or the plain capacity typed in (no seat choice);
// - passengers (excursion_passenger) are written by sales (#16): a seat is held
//   while selling and confirmed with the sale, and a unique index makes sure no
//   seat is ever held or sold twice;
// - `version` for optimistic concurrency, `created_by` the creating user.

import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { user } from "~/db/schema/auth";
import { id, timestamps, version } from "~/db/schema/columns";
import { agency } from "~/db/schema/platform";
import { driver, fleetVehicle, guide, receptiveService } from "~/db/schema/receptive";
import { boardingPoint, client, destination } from "~/db/schema/registers";
import { accommodationBlock, AGE_BANDS, airBlock, groundCharter, PACKAGE_ROOM_TYPES } from "~/db/schema/services";

const enumList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

export const EXCURSION_STATUS_VALUES = ["draft", "open", "closed", "done", "cancelled"] as const;
/** What an excursion component is: the blocks and services it includes, and its crew. */
export const EXCURSION_COMPONENT_KINDS = ["hotel_block", "air_block", "receptive_service", "guide", "driver"] as const;
export type ExcursionComponentKind = (typeof EXCURSION_COMPONENT_KINDS)[number];
/** A passenger's seat: held while a sale is being made, confirmed with it, cancelled (frees the seat). */
export const EXCURSION_PASSENGER_STATUSES = ["held", "confirmed", "cancelled"] as const;
export type ExcursionPassengerStatus = (typeof EXCURSION_PASSENGER_STATUSES)[number];
/** The document a passenger travels with (the ANTT list asks for its type and number). */
export const TRAVEL_DOCUMENT_TYPES = ["rg", "cpf", "passport", "birth_certificate", "cnh", "other"] as const;
export type TravelDocumentType = (typeof TRAVEL_DOCUMENT_TYPES)[number];
/** Whose images a service image is. */
export const SERVICE_IMAGE_OWNERS = ["package", "excursion"] as const;
export type ServiceImageOwner = (typeof SERVICE_IMAGE_OWNERS)[number];

const tenant = () => ({
  agencyId: text("agency_id")
    .notNull()
    .references(() => agency.id),
});

export const excursion = sqliteTable(
  "excursion",
  {
    id: id(),
    ...tenant(),
    title: text("title").notNull(),
    /** Public slug (/excursao/{slug}): unique across agencies, kept once published. */
    slug: text("slug").notNull(),
    summary: text("summary"),
    destinationId: text("destination_id")
      .notNull()
      .references(() => destination.id),
    departureAt: text("departure_at").notNull(),
    returnAt: text("return_at").notNull(),
    /** The ground charter whose vehicle and seat map the trip uses (null: plain capacity, no seat choice). */
    charterId: text("charter_id").references(() => groundCharter.id),
    /** Derived on every save from the charter's capacity; typed in when there is no charter. */
    capacity: integer("capacity").notNull(),
    /** The vehicle of the fleet whose documents the checklist checks (the charter's bus when it is registered). */
    vehicleId: text("vehicle_id").references(() => fleetVehicle.id),
    /** Confirmed passengers needed for the trip to go. */
    minPassengers: integer("min_passengers").notNull().default(1),
    includes: text("includes", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    excludes: text("excludes", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    cancellationPolicy: text("cancellation_policy"),
    currency: text("currency").notNull().default("BRL"),
    status: text("status", { enum: EXCURSION_STATUS_VALUES }).notNull().default("draft"),
    /** Why it was cancelled. */
    statusReason: text("status_reason"),
    statusChangedAt: text("status_changed_at"),
    published: integer("published", { mode: "boolean" }).notNull().default(false),
    publishedAt: text("published_at"),
    /** The manifest made final (every checklist item passed): from then on only an Admin changes the trip's passengers, boarding or crew. */
    manifestFinalAt: text("manifest_final_at"),
    manifestFinalBy: text("manifest_final_by").references(() => user.id, { onDelete: "set null" }),
    /** The excursion this one was cloned from. */
    clonedFrom: text("cloned_from"),
    searchText: text("search_text").notNull().default(""),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    archivedAt: text("archived_at"),
    ...timestamps,
    version: version(),
  },
  (t) => [
    uniqueIndex("excursion_slug_uq").on(t.slug),
    index("excursion_departure_idx").on(t.agencyId, t.archivedAt, t.departureAt, t.id),
    index("excursion_status_idx").on(t.agencyId, t.archivedAt, t.status, t.departureAt, t.id),
    index("excursion_destination_idx").on(t.agencyId, t.archivedAt, t.destinationId, t.departureAt, t.id),
    index("excursion_charter_idx").on(t.agencyId, t.charterId),
    index("excursion_vehicle_idx").on(t.agencyId, t.vehicleId),
    index("excursion_list_idx").on(t.agencyId, t.archivedAt, t.searchText, t.id),
    index("excursion_created_idx").on(t.agencyId, t.archivedAt, t.createdAt, t.id),
    check("excursion_slug_ck", sql`length(slug) between 1 and 120 and slug not glob '*[^a-z0-9-]*'`),
    check("excursion_status_ck", sql`status in (${enumList(EXCURSION_STATUS_VALUES)})`),
    check("excursion_values_ck", sql`capacity between 0 and 1000 and min_passengers between 0 and 1000`),
    check("excursion_dates_ck", sql`return_at >= departure_at`),
    check("excursion_currency_ck", sql`length(currency) = 3 and currency not glob '*[^A-Z]*'`),
  ],
);

/** Where the bus picks passengers up, and when (in order of time). */
export const excursionBoarding = sqliteTable(
  "excursion_boarding",
  {
    id: id(),
    ...tenant(),
    excursionId: text("excursion_id")
      .notNull()
      .references(() => excursion.id, { onDelete: "cascade" }),
    boardingPointId: text("boarding_point_id")
      .notNull()
      .references(() => boardingPoint.id),
    departureAt: text("departure_at").notNull(),
    position: integer("position").notNull().default(0),
    /** A boarding point passengers were sold at is archived, not removed. */
    archivedAt: text("archived_at"),
    ...timestamps,
  },
  (t) => [index("excursion_boarding_excursion_idx").on(t.agencyId, t.excursionId, t.departureAt), index("excursion_boarding_point_idx").on(t.agencyId, t.boardingPointId)],
);

/** Price per person by room type × age band (in the excursion's currency). */
export const excursionPrice = sqliteTable(
  "excursion_price",
  {
    id: id(),
    ...tenant(),
    excursionId: text("excursion_id")
      .notNull()
      .references(() => excursion.id, { onDelete: "cascade" }),
    roomType: text("room_type", { enum: PACKAGE_ROOM_TYPES }).notNull(),
    ageBand: text("age_band", { enum: AGE_BANDS }).notNull(),
    priceCents: integer("price_cents").notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("excursion_price_uq").on(t.agencyId, t.excursionId, t.roomType, t.ageBand),
    check("excursion_price_room_ck", sql`room_type in (${enumList(PACKAGE_ROOM_TYPES)})`),
    check("excursion_price_age_ck", sql`age_band in (${enumList(AGE_BANDS)})`),
    check("excursion_price_cents_ck", sql`price_cents >= 0`),
  ],
);

/** What the trip includes besides the bus: a hotel or air block, receptive services, and its crew (guides, drivers). Exactly the column of its kind is set. */
export const excursionComponent = sqliteTable(
  "excursion_component",
  {
    id: id(),
    ...tenant(),
    excursionId: text("excursion_id")
      .notNull()
      .references(() => excursion.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: EXCURSION_COMPONENT_KINDS }).notNull(),
    hotelBlockId: text("hotel_block_id").references(() => accommodationBlock.id),
    airBlockId: text("air_block_id").references(() => airBlock.id),
    receptiveServiceId: text("receptive_service_id").references(() => receptiveService.id),
    guideId: text("guide_id").references(() => guide.id),
    driverId: text("driver_id").references(() => driver.id),
    notes: text("notes"),
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index("excursion_component_excursion_idx").on(t.agencyId, t.excursionId, t.kind, t.position),
    index("excursion_component_guide_idx").on(t.agencyId, t.guideId),
    index("excursion_component_driver_idx").on(t.agencyId, t.driverId),
    check("excursion_component_kind_ck", sql`kind in (${enumList(EXCURSION_COMPONENT_KINDS)})`),
    check(
      "excursion_component_ref_ck",
      sql`(kind = 'hotel_block') = (hotel_block_id is not null) and (kind = 'air_block') = (air_block_id is not null) and (kind = 'receptive_service') = (receptive_service_id is not null) and (kind = 'guide') = (guide_id is not null) and (kind = 'driver') = (driver_id is not null)`,
    ),
  ],
);

/**
 * A passenger on an excursion, written by sales (#16): the seat (null when the
 * trip has no seat choice), the boarding point, the room, the document the ANTT
 * list needs. A seat is never held or sold twice: the partial unique index.
 */
export const excursionPassenger = sqliteTable(
  "excursion_passenger",
  {
    id: id(),
    ...tenant(),
    excursionId: text("excursion_id")
      .notNull()
      .references(() => excursion.id),
    /** The sale (sales come with #16). */
    saleId: text("sale_id"),
    /** The seller who holds or sold the seat (notified when the trip is cancelled). */
    soldBy: text("sold_by").references(() => user.id, { onDelete: "set null" }),
    status: text("status", { enum: EXCURSION_PASSENGER_STATUSES }).notNull().default("held"),
    /** A hold lapses at this instant unless the sale is confirmed. */
    holdExpiresAt: text("hold_expires_at"),
    seat: text("seat"),
    clientId: text("client_id").references(() => client.id),
    name: text("name").notNull(),
    documentType: text("document_type", { enum: TRAVEL_DOCUMENT_TYPES }),
    documentNumber: text("document_number"),
    birthDate: text("birth_date"),
    ageBand: text("age_band", { enum: AGE_BANDS }).notNull().default("adult"),
    roomType: text("room_type", { enum: PACKAGE_ROOM_TYPES }),
    /** Who shares a room: passengers with the same label share it ("Q1"). */
    roomLabel: text("room_label"),
    boardingId: text("boarding_id").references(() => excursionBoarding.id),
    priceCents: integer("price_cents").notNull().default(0),
    phone: text("phone"),
    notes: text("notes"),
    ...timestamps,
    version: version(),
  },
  (t) => [
    uniqueIndex("excursion_passenger_seat_uq")
      .on(t.agencyId, t.excursionId, t.seat)
      .where(sql`seat is not null and status <> 'cancelled'`),
    index("excursion_passenger_excursion_idx").on(t.agencyId, t.excursionId, t.status, t.name),
    index("excursion_passenger_sale_idx").on(t.agencyId, t.saleId),
    check("excursion_passenger_status_ck", sql`status in (${enumList(EXCURSION_PASSENGER_STATUSES)})`),
    check("excursion_passenger_document_ck", sql`document_type is null or document_type in (${enumList(TRAVEL_DOCUMENT_TYPES)})`),
    check("excursion_passenger_age_ck", sql`age_band in (${enumList(AGE_BANDS)})`),
    check("excursion_passenger_price_ck", sql`price_cents >= 0`),
  ],
);

/**
 * Images of a published service (third-party packages, excursions) in R2, in
 * order: up to 10 per owner, web-sized by the browser, checked by the server
 * (lib/services/service-images.server.ts). Keys:
 * agencies/{agencyId}/{owner}s/{ownerId}/{id}.{ext} (+ {id}-mini.{ext}).
 */
export const serviceImage = sqliteTable(
  "service_image",
  {
    id: id(),
    ...tenant(),
    ownerKind: text("owner_kind", { enum: SERVICE_IMAGE_OWNERS }).notNull(),
    ownerId: text("owner_id").notNull(),
    storageKey: text("storage_key").notNull(),
    thumbKey: text("thumb_key"),
    contentType: text("content_type").notNull(),
    width: integer("width"),
    height: integer("height"),
    bytes: integer("bytes").notNull().default(0),
    alt: text("alt"),
    position: integer("position").notNull().default(0),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index("service_image_owner_idx").on(t.agencyId, t.ownerKind, t.ownerId, t.position),
    check("service_image_owner_ck", sql`owner_kind in (${enumList(SERVICE_IMAGE_OWNERS)})`),
    check("service_image_type_ck", sql`content_type in ('image/png', 'image/jpeg', 'image/webp')`),
  ],
);
