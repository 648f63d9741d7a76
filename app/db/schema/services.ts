// Services (DOMAIN.md "Services"; spec §2.3 Serviços): the inventory that sales
// sell and public pages show — third-party packages, ground charters (with the
// vehicle's seat layout), accommodation blocks and air blocks.
//
// Conventions (as the registers):
// - `agency_id` on every row, parent and child, and first in every index;
// - archiving is soft deletion: `archived_at` set; lists and sales skip archived
//   rows, history and old sales still reach them;
// - `search_text`: the row's title and route/locator normalised by
//   kit/search-text.ts, written by the app on every insert and update;
// - money is integer cents with an ISO 4217 currency; instants (departures,
//   flight times, deadlines) are UTC ISO strings, entered and shown in the
//   agency's time zone; calendar days (check-in, release, package departures,
//   licence validity) are "YYYY-MM-DD";
// - availability (total / sold / held / free) is never stored: total comes from
//   the service (seat layout, seats, room quantities, departure seats), sold and
//   held from the sales that point at it;
// - `version` for optimistic concurrency, `created_by` the creating user (null for the seed).

import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { user } from "~/db/schema/auth";
import { id, timestamps, version } from "~/db/schema/columns";
import { agency } from "~/db/schema/platform";
import { destination, supplier } from "~/db/schema/registers";
import type { SeatLayout } from "~/lib/services/seat-layout";

const enumList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

export const VEHICLE_TYPES = ["executivo", "semi_leito", "leito", "double_decker", "micro_onibus", "van", "other"] as const;
export type VehicleTypeKey = (typeof VEHICLE_TYPES)[number];
/** Room types a package price is per person for. */
export const PACKAGE_ROOM_TYPES = ["single", "double", "triple", "quadruple", "child"] as const;
export type PackageRoomType = (typeof PACKAGE_ROOM_TYPES)[number];
/** Age bands of a price (the excursions' price tiers use the same). */
export const AGE_BANDS = ["adult", "senior", "child", "infant"] as const;
export type AgeBand = (typeof AGE_BANDS)[number];
export const MEAL_PLANS = ["room_only", "breakfast", "half_board", "full_board", "all_inclusive"] as const;
export type MealPlan = (typeof MEAL_PLANS)[number];
/** What a deadline alert was about (service_alert). */
export const SERVICE_ALERT_KINDS = [
  "release",
  "name_deadline",
  "ticketing_deadline",
  // Receptive documents (issue #15): a driver's CNH, a guide's CADASTUR, a vehicle's insurance and inspection.
  "cnh_expiry",
  "cadastur_expiry",
  "insurance_expiry",
  "inspection_expiry",
] as const;
export type ServiceAlertKind = (typeof SERVICE_ALERT_KINDS)[number];

export type ItineraryDay = { day: number; title: string; description?: string | null };
export type RoomingGuest = { name: string; clientId?: string | null };

const tenant = () => ({
  agencyId: text("agency_id")
    .notNull()
    .references(() => agency.id),
});
/** Bookkeeping of an editable, archivable service row. */
const bookkeeping = () => ({
  searchText: text("search_text").notNull().default(""),
  createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
  archivedAt: text("archived_at"),
  ...timestamps,
  version: version(),
});
/** Bookkeeping of a child row (kept with its parent's version; sales may point at it). */
const childBookkeeping = () => ({
  ...timestamps,
});
const currency = () => text("currency").notNull().default("BRL");
const currencyCheck = (table: string) => check(`${table}_currency_ck`, sql`length(currency) = 3 and currency not glob '*[^A-Z]*'`);

// ---------------------------------------------------------------------------
// Pacotes de terceiros

export const thirdPartyPackage = sqliteTable(
  "third_party_package",
  {
    id: id(),
    ...tenant(),
    /** The operator selling it (a supplier, category operator). */
    operatorId: text("operator_id")
      .notNull()
      .references(() => supplier.id),
    title: text("title").notNull(),
    /** Public slug (/pacote/{slug}): unique across agencies, kept once published. */
    slug: text("slug").notNull(),
    summary: text("summary"),
    itinerary: text("itinerary", { mode: "json" }).$type<ItineraryDay[]>().notNull().default(sql`'[]'`),
    includes: text("includes", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    excludes: text("excludes", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    /** Cost per person to the agency (the operator's net). */
    costCents: integer("cost_cents").notNull().default(0),
    currency: currency(),
    cancellationPolicy: text("cancellation_policy"),
    published: integer("published", { mode: "boolean" }).notNull().default(false),
    /** When it was first published (the slug is kept from then on). */
    publishedAt: text("published_at"),
    /** Derived on every save: the earliest and latest live departure days (list sort and date filter). */
    firstDeparture: text("first_departure"),
    lastDeparture: text("last_departure"),
    ...bookkeeping(),
  },
  (t) => [
    uniqueIndex("third_party_package_slug_uq").on(t.slug),
    index("third_party_package_list_idx").on(t.agencyId, t.archivedAt, t.searchText, t.id),
    index("third_party_package_departure_idx").on(t.agencyId, t.archivedAt, t.firstDeparture, t.id),
    index("third_party_package_operator_idx").on(t.agencyId, t.archivedAt, t.operatorId, t.firstDeparture, t.id),
    index("third_party_package_created_idx").on(t.agencyId, t.archivedAt, t.createdAt, t.id),
    index("third_party_package_published_idx").on(t.agencyId, t.archivedAt, t.published, t.firstDeparture, t.id),
    check("third_party_package_slug_ck", sql`length(slug) between 1 and 120 and slug not glob '*[^a-z0-9-]*'`),
    check("third_party_package_cost_ck", sql`cost_cents >= 0`),
    currencyCheck("third_party_package"),
  ],
);

/** The package's destinations (registers), in order. */
export const thirdPartyPackageDestination = sqliteTable(
  "third_party_package_destination",
  {
    ...tenant(),
    packageId: text("package_id")
      .notNull()
      .references(() => thirdPartyPackage.id, { onDelete: "cascade" }),
    destinationId: text("destination_id")
      .notNull()
      .references(() => destination.id),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.destinationId] }), index("third_party_package_destination_idx").on(t.agencyId, t.destinationId, t.packageId)],
);

/** A departure of a package: its days and how many seats the operator gave the agency. */
export const thirdPartyPackageDeparture = sqliteTable(
  "third_party_package_departure",
  {
    id: id(),
    ...tenant(),
    packageId: text("package_id")
      .notNull()
      .references(() => thirdPartyPackage.id, { onDelete: "cascade" }),
    departureDate: text("departure_date").notNull(),
    returnDate: text("return_date"),
    seats: integer("seats").notNull(),
    /** A departure sales point at is archived, not removed. */
    archivedAt: text("archived_at"),
    ...childBookkeeping(),
  },
  (t) => [
    index("third_party_package_departure_package_idx").on(t.agencyId, t.packageId, t.departureDate),
    index("third_party_package_departure_date_idx").on(t.agencyId, t.departureDate, t.packageId),
    check("third_party_package_departure_seats_ck", sql`seats between 0 and 10000`),
    check("third_party_package_departure_dates_ck", sql`return_date is null or return_date >= departure_date`),
  ],
);

/** Price per person by room type and age band (in the package's currency). */
export const thirdPartyPackagePrice = sqliteTable(
  "third_party_package_price",
  {
    id: id(),
    ...tenant(),
    packageId: text("package_id")
      .notNull()
      .references(() => thirdPartyPackage.id, { onDelete: "cascade" }),
    roomType: text("room_type", { enum: PACKAGE_ROOM_TYPES }).notNull(),
    ageBand: text("age_band", { enum: AGE_BANDS }).notNull(),
    priceCents: integer("price_cents").notNull(),
    ...childBookkeeping(),
  },
  (t) => [
    uniqueIndex("third_party_package_price_uq").on(t.agencyId, t.packageId, t.roomType, t.ageBand),
    check("third_party_package_price_room_ck", sql`room_type in (${enumList(PACKAGE_ROOM_TYPES)})`),
    check("third_party_package_price_age_ck", sql`age_band in (${enumList(AGE_BANDS)})`),
    check("third_party_package_price_cents_ck", sql`price_cents >= 0`),
  ],
);

// A package's images: service_image (excursions.ts), shared with excursions.

// ---------------------------------------------------------------------------
// Fretamento terrestre

export const groundCharter = sqliteTable(
  "ground_charter",
  {
    id: id(),
    ...tenant(),
    /** A name the team recognises ("Gramado – julho, ônibus 1"). */
    title: text("title").notNull(),
    /** The bus company (a supplier, category bus_company). */
    supplierId: text("supplier_id")
      .notNull()
      .references(() => supplier.id),
    vehicleType: text("vehicle_type", { enum: VEHICLE_TYPES }).notNull().default("executivo"),
    vehiclePlate: text("vehicle_plate"),
    /** The seat layout (lib/services/seat-layout.ts, validated by its zod schema on every save). */
    seatLayout: text("seat_layout", { mode: "json" }).$type<SeatLayout>().notNull(),
    /** Derived from the layout on every save: seats − blocked seats (lists, availability's total). */
    capacity: integer("capacity").notNull().default(0),
    origin: text("origin").notNull(),
    /** Stops between origin and destination, in order. */
    stops: text("stops", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    destinationName: text("destination_name").notNull(),
    /** The registered destination, when there is one (list filter by destination). */
    destinationId: text("destination_id").references(() => destination.id),
    departureAt: text("departure_at").notNull(),
    returnAt: text("return_at"),
    /** What the bus company charges for the whole charter. */
    costCents: integer("cost_cents").notNull().default(0),
    currency: currency(),
    /** ANTT authorisation (licença de viagem) number and its last valid day. */
    anttAuthorization: text("antt_authorization"),
    anttValidUntil: text("antt_valid_until"),
    notes: text("notes"),
    ...bookkeeping(),
  },
  (t) => [
    index("ground_charter_departure_idx").on(t.agencyId, t.archivedAt, t.departureAt, t.id),
    index("ground_charter_supplier_idx").on(t.agencyId, t.archivedAt, t.supplierId, t.departureAt, t.id),
    index("ground_charter_destination_idx").on(t.agencyId, t.archivedAt, t.destinationId, t.departureAt, t.id),
    index("ground_charter_list_idx").on(t.agencyId, t.archivedAt, t.searchText, t.id),
    index("ground_charter_created_idx").on(t.agencyId, t.archivedAt, t.createdAt, t.id),
    check("ground_charter_vehicle_ck", sql`vehicle_type in (${enumList(VEHICLE_TYPES)})`),
    check("ground_charter_values_ck", sql`cost_cents >= 0 and capacity >= 0`),
    check("ground_charter_dates_ck", sql`return_at is null or return_at >= departure_at`),
    currencyCheck("ground_charter"),
  ],
);

// ---------------------------------------------------------------------------
// Bloqueio de hospedagem

export const accommodationBlock = sqliteTable(
  "accommodation_block",
  {
    id: id(),
    ...tenant(),
    title: text("title").notNull(),
    /** The hotel (a supplier, category hotel). */
    hotelId: text("hotel_id")
      .notNull()
      .references(() => supplier.id),
    destinationId: text("destination_id").references(() => destination.id),
    checkIn: text("check_in").notNull(),
    checkOut: text("check_out").notNull(),
    mealPlan: text("meal_plan", { enum: MEAL_PLANS }).notNull().default("breakfast"),
    /** Unsold rooms go back to the hotel on this day. */
    releaseDate: text("release_date"),
    currency: currency(),
    notes: text("notes"),
    ...bookkeeping(),
  },
  (t) => [
    index("accommodation_block_check_in_idx").on(t.agencyId, t.archivedAt, t.checkIn, t.id),
    index("accommodation_block_hotel_idx").on(t.agencyId, t.archivedAt, t.hotelId, t.checkIn, t.id),
    index("accommodation_block_destination_idx").on(t.agencyId, t.archivedAt, t.destinationId, t.checkIn, t.id),
    index("accommodation_block_release_idx").on(t.agencyId, t.archivedAt, t.releaseDate),
    index("accommodation_block_list_idx").on(t.agencyId, t.archivedAt, t.searchText, t.id),
    index("accommodation_block_created_idx").on(t.agencyId, t.archivedAt, t.createdAt, t.id),
    check("accommodation_block_dates_ck", sql`check_out > check_in`),
    check("accommodation_block_meal_ck", sql`meal_plan in (${enumList(MEAL_PLANS)})`),
    currencyCheck("accommodation_block"),
  ],
);

/** A room type of a block: how many rooms, for how many guests, nightly cost and price per room. */
export const accommodationRoomType = sqliteTable(
  "accommodation_room_type",
  {
    id: id(),
    ...tenant(),
    blockId: text("block_id")
      .notNull()
      .references(() => accommodationBlock.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    occupancy: integer("occupancy").notNull().default(2),
    quantity: integer("quantity").notNull(),
    nightlyCostCents: integer("nightly_cost_cents").notNull().default(0),
    nightlyPriceCents: integer("nightly_price_cents").notNull().default(0),
    position: integer("position").notNull().default(0),
    archivedAt: text("archived_at"),
    ...childBookkeeping(),
  },
  (t) => [
    index("accommodation_room_type_block_idx").on(t.agencyId, t.blockId, t.position),
    check("accommodation_room_type_values_ck", sql`occupancy between 1 and 12 and quantity between 0 and 1000 and nightly_cost_cents >= 0 and nightly_price_cents >= 0`),
  ],
);

/** The rooming list: one row per room of a room type (1..quantity), its guests filled by sales or by hand. */
export const accommodationRooming = sqliteTable(
  "accommodation_rooming",
  {
    id: id(),
    ...tenant(),
    blockId: text("block_id")
      .notNull()
      .references(() => accommodationBlock.id, { onDelete: "cascade" }),
    roomTypeId: text("room_type_id")
      .notNull()
      .references(() => accommodationRoomType.id, { onDelete: "cascade" }),
    roomIndex: integer("room_index").notNull(),
    guests: text("guests", { mode: "json" }).$type<RoomingGuest[]>().notNull().default(sql`'[]'`),
    /** The sale the room was sold in (sales set it once they exist). */
    saleId: text("sale_id"),
    notes: text("notes"),
    ...childBookkeeping(),
    version: version(),
  },
  (t) => [
    uniqueIndex("accommodation_rooming_room_uq").on(t.agencyId, t.roomTypeId, t.roomIndex),
    index("accommodation_rooming_block_idx").on(t.agencyId, t.blockId, t.roomTypeId, t.roomIndex),
  ],
);

// ---------------------------------------------------------------------------
// Bloqueio aéreo

export const airBlock = sqliteTable(
  "air_block",
  {
    id: id(),
    ...tenant(),
    title: text("title").notNull(),
    /** The airline (a supplier, category airline). */
    airlineId: text("airline_id")
      .notNull()
      .references(() => supplier.id),
    destinationId: text("destination_id").references(() => destination.id),
    /** The airline's record locator (PNR). */
    locator: text("locator"),
    seats: integer("seats").notNull(),
    fareCostCents: integer("fare_cost_cents").notNull().default(0),
    farePriceCents: integer("fare_price_cents").notNull().default(0),
    taxesCents: integer("taxes_cents").notNull().default(0),
    currency: currency(),
    /** Names must reach the airline by this instant, and tickets be issued by the next. */
    nameDeadline: text("name_deadline"),
    ticketingDeadline: text("ticketing_deadline"),
    /** Derived on every save: the first segment's departure (list sort and date filter). */
    departureAt: text("departure_at"),
    notes: text("notes"),
    ...bookkeeping(),
  },
  (t) => [
    index("air_block_departure_idx").on(t.agencyId, t.archivedAt, t.departureAt, t.id),
    index("air_block_airline_idx").on(t.agencyId, t.archivedAt, t.airlineId, t.departureAt, t.id),
    index("air_block_destination_idx").on(t.agencyId, t.archivedAt, t.destinationId, t.departureAt, t.id),
    index("air_block_list_idx").on(t.agencyId, t.archivedAt, t.searchText, t.id),
    index("air_block_created_idx").on(t.agencyId, t.archivedAt, t.createdAt, t.id),
    index("air_block_name_deadline_idx").on(t.agencyId, t.archivedAt, t.nameDeadline),
    index("air_block_ticketing_deadline_idx").on(t.agencyId, t.archivedAt, t.ticketingDeadline),
    check("air_block_values_ck", sql`seats between 0 and 1000 and fare_cost_cents >= 0 and fare_price_cents >= 0 and taxes_cents >= 0`),
    currencyCheck("air_block"),
  ],
);

/** A flight of the block, in order. */
export const airBlockSegment = sqliteTable(
  "air_block_segment",
  {
    id: id(),
    ...tenant(),
    blockId: text("block_id")
      .notNull()
      .references(() => airBlock.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    flightNumber: text("flight_number").notNull(),
    fromIata: text("from_iata").notNull(),
    toIata: text("to_iata").notNull(),
    departureAt: text("departure_at").notNull(),
    arrivalAt: text("arrival_at").notNull(),
    ...childBookkeeping(),
  },
  (t) => [
    index("air_block_segment_block_idx").on(t.agencyId, t.blockId, t.position),
    check("air_block_segment_iata_ck", sql`length(from_iata) = 3 and length(to_iata) = 3 and from_iata not glob '*[^A-Z]*' and to_iata not glob '*[^A-Z]*'`),
    check("air_block_segment_times_ck", sql`arrival_at > departure_at`),
  ],
);

/** The passenger list of a block (names as on the passport), filled by sales or by hand. */
export const airBlockPassenger = sqliteTable(
  "air_block_passenger",
  {
    id: id(),
    ...tenant(),
    blockId: text("block_id")
      .notNull()
      .references(() => airBlock.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    lastName: text("last_name").notNull(),
    firstName: text("first_name").notNull(),
    document: text("document"),
    birthDate: text("birth_date"),
    clientId: text("client_id"),
    saleId: text("sale_id"),
    ticketNumber: text("ticket_number"),
    notes: text("notes"),
    ...childBookkeeping(),
    version: version(),
  },
  (t) => [index("air_block_passenger_block_idx").on(t.agencyId, t.blockId, t.position)],
);

// ---------------------------------------------------------------------------
// Deadline alerts

/**
 * An alert the scheduled job sent: one per service, kind, deadline and days
 * before (7, 2), so each is sent once even if the job runs again; a moved
 * deadline is a new one.
 */
export const serviceAlert = sqliteTable(
  "service_alert",
  {
    id: id(),
    ...tenant(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    kind: text("kind", { enum: SERVICE_ALERT_KINDS }).notNull(),
    deadline: text("deadline").notNull(),
    daysBefore: integer("days_before").notNull(),
    sentAt: text("sent_at").notNull(),
  },
  (t) => [
    uniqueIndex("service_alert_once_uq").on(t.agencyId, t.entity, t.entityId, t.kind, t.deadline, t.daysBefore),
    check("service_alert_kind_ck", sql`kind in (${enumList(SERVICE_ALERT_KINDS)})`),
  ],
);
