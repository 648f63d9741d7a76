CREATE TABLE `accommodation_block` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`title` text NOT NULL,
	`hotel_id` text NOT NULL,
	`destination_id` text,
	`check_in` text NOT NULL,
	`check_out` text NOT NULL,
	`meal_plan` text DEFAULT 'breakfast' NOT NULL,
	`release_date` text,
	`currency` text DEFAULT 'BRL' NOT NULL,
	`notes` text,
	`search_text` text DEFAULT '' NOT NULL,
	`created_by` text,
	`archived_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`hotel_id`) REFERENCES `supplier`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`destination_id`) REFERENCES `destination`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "accommodation_block_dates_ck" CHECK(check_out > check_in),
	CONSTRAINT "accommodation_block_meal_ck" CHECK(meal_plan in ('room_only', 'breakfast', 'half_board', 'full_board', 'all_inclusive')),
	CONSTRAINT "accommodation_block_currency_ck" CHECK(length(currency) = 3 and currency not glob '*[^A-Z]*')
);
--> statement-breakpoint
CREATE INDEX `accommodation_block_check_in_idx` ON `accommodation_block` (`agency_id`,`archived_at`,`check_in`,`id`);--> statement-breakpoint
CREATE INDEX `accommodation_block_hotel_idx` ON `accommodation_block` (`agency_id`,`archived_at`,`hotel_id`,`check_in`,`id`);--> statement-breakpoint
CREATE INDEX `accommodation_block_destination_idx` ON `accommodation_block` (`agency_id`,`archived_at`,`destination_id`,`check_in`,`id`);--> statement-breakpoint
CREATE INDEX `accommodation_block_release_idx` ON `accommodation_block` (`agency_id`,`archived_at`,`release_date`);--> statement-breakpoint
CREATE INDEX `accommodation_block_list_idx` ON `accommodation_block` (`agency_id`,`archived_at`,`search_text`,`id`);--> statement-breakpoint
CREATE INDEX `accommodation_block_created_idx` ON `accommodation_block` (`agency_id`,`archived_at`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `accommodation_room_type` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`block_id` text NOT NULL,
	`name` text NOT NULL,
	`occupancy` integer DEFAULT 2 NOT NULL,
	`quantity` integer NOT NULL,
	`nightly_cost_cents` integer DEFAULT 0 NOT NULL,
	`nightly_price_cents` integer DEFAULT 0 NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`archived_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`block_id`) REFERENCES `accommodation_block`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "accommodation_room_type_values_ck" CHECK(occupancy between 1 and 12 and quantity between 0 and 1000 and nightly_cost_cents >= 0 and nightly_price_cents >= 0)
);
--> statement-breakpoint
CREATE INDEX `accommodation_room_type_block_idx` ON `accommodation_room_type` (`agency_id`,`block_id`,`position`);--> statement-breakpoint
CREATE TABLE `accommodation_rooming` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`block_id` text NOT NULL,
	`room_type_id` text NOT NULL,
	`room_index` integer NOT NULL,
	`guests` text DEFAULT '[]' NOT NULL,
	`sale_id` text,
	`notes` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`block_id`) REFERENCES `accommodation_block`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`room_type_id`) REFERENCES `accommodation_room_type`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `accommodation_rooming_room_uq` ON `accommodation_rooming` (`agency_id`,`room_type_id`,`room_index`);--> statement-breakpoint
CREATE INDEX `accommodation_rooming_block_idx` ON `accommodation_rooming` (`agency_id`,`block_id`,`room_type_id`,`room_index`);--> statement-breakpoint
CREATE TABLE `air_block` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`title` text NOT NULL,
	`airline_id` text NOT NULL,
	`destination_id` text,
	`locator` text,
	`seats` integer NOT NULL,
	`fare_cost_cents` integer DEFAULT 0 NOT NULL,
	`fare_price_cents` integer DEFAULT 0 NOT NULL,
	`taxes_cents` integer DEFAULT 0 NOT NULL,
	`currency` text DEFAULT 'BRL' NOT NULL,
	`name_deadline` text,
	`ticketing_deadline` text,
	`departure_at` text,
	`notes` text,
	`search_text` text DEFAULT '' NOT NULL,
	`created_by` text,
	`archived_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`airline_id`) REFERENCES `supplier`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`destination_id`) REFERENCES `destination`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "air_block_values_ck" CHECK(seats between 0 and 1000 and fare_cost_cents >= 0 and fare_price_cents >= 0 and taxes_cents >= 0),
	CONSTRAINT "air_block_currency_ck" CHECK(length(currency) = 3 and currency not glob '*[^A-Z]*')
);
--> statement-breakpoint
CREATE INDEX `air_block_departure_idx` ON `air_block` (`agency_id`,`archived_at`,`departure_at`,`id`);--> statement-breakpoint
CREATE INDEX `air_block_airline_idx` ON `air_block` (`agency_id`,`archived_at`,`airline_id`,`departure_at`,`id`);--> statement-breakpoint
CREATE INDEX `air_block_destination_idx` ON `air_block` (`agency_id`,`archived_at`,`destination_id`,`departure_at`,`id`);--> statement-breakpoint
CREATE INDEX `air_block_list_idx` ON `air_block` (`agency_id`,`archived_at`,`search_text`,`id`);--> statement-breakpoint
CREATE INDEX `air_block_created_idx` ON `air_block` (`agency_id`,`archived_at`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `air_block_name_deadline_idx` ON `air_block` (`agency_id`,`archived_at`,`name_deadline`);--> statement-breakpoint
CREATE INDEX `air_block_ticketing_deadline_idx` ON `air_block` (`agency_id`,`archived_at`,`ticketing_deadline`);--> statement-breakpoint
CREATE TABLE `air_block_passenger` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`block_id` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`last_name` text NOT NULL,
	`first_name` text NOT NULL,
	`document` text,
	`birth_date` text,
	`client_id` text,
	`sale_id` text,
	`ticket_number` text,
	`notes` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`block_id`) REFERENCES `air_block`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `air_block_passenger_block_idx` ON `air_block_passenger` (`agency_id`,`block_id`,`position`);--> statement-breakpoint
CREATE TABLE `air_block_segment` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`block_id` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`flight_number` text NOT NULL,
	`from_iata` text NOT NULL,
	`to_iata` text NOT NULL,
	`departure_at` text NOT NULL,
	`arrival_at` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`block_id`) REFERENCES `air_block`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "air_block_segment_iata_ck" CHECK(length(from_iata) = 3 and length(to_iata) = 3 and from_iata not glob '*[^A-Z]*' and to_iata not glob '*[^A-Z]*'),
	CONSTRAINT "air_block_segment_times_ck" CHECK(arrival_at > departure_at)
);
--> statement-breakpoint
CREATE INDEX `air_block_segment_block_idx` ON `air_block_segment` (`agency_id`,`block_id`,`position`);--> statement-breakpoint
CREATE TABLE `ground_charter` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`title` text NOT NULL,
	`supplier_id` text NOT NULL,
	`vehicle_type` text DEFAULT 'executivo' NOT NULL,
	`vehicle_plate` text,
	`seat_layout` text NOT NULL,
	`capacity` integer DEFAULT 0 NOT NULL,
	`origin` text NOT NULL,
	`stops` text DEFAULT '[]' NOT NULL,
	`destination_name` text NOT NULL,
	`destination_id` text,
	`departure_at` text NOT NULL,
	`return_at` text,
	`cost_cents` integer DEFAULT 0 NOT NULL,
	`currency` text DEFAULT 'BRL' NOT NULL,
	`antt_authorization` text,
	`antt_valid_until` text,
	`notes` text,
	`search_text` text DEFAULT '' NOT NULL,
	`created_by` text,
	`archived_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`supplier_id`) REFERENCES `supplier`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`destination_id`) REFERENCES `destination`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "ground_charter_vehicle_ck" CHECK(vehicle_type in ('executivo', 'semi_leito', 'leito', 'double_decker', 'micro_onibus', 'van', 'other')),
	CONSTRAINT "ground_charter_values_ck" CHECK(cost_cents >= 0 and capacity >= 0),
	CONSTRAINT "ground_charter_dates_ck" CHECK(return_at is null or return_at >= departure_at),
	CONSTRAINT "ground_charter_currency_ck" CHECK(length(currency) = 3 and currency not glob '*[^A-Z]*')
);
--> statement-breakpoint
CREATE INDEX `ground_charter_departure_idx` ON `ground_charter` (`agency_id`,`archived_at`,`departure_at`,`id`);--> statement-breakpoint
CREATE INDEX `ground_charter_supplier_idx` ON `ground_charter` (`agency_id`,`archived_at`,`supplier_id`,`departure_at`,`id`);--> statement-breakpoint
CREATE INDEX `ground_charter_destination_idx` ON `ground_charter` (`agency_id`,`archived_at`,`destination_id`,`departure_at`,`id`);--> statement-breakpoint
CREATE INDEX `ground_charter_list_idx` ON `ground_charter` (`agency_id`,`archived_at`,`search_text`,`id`);--> statement-breakpoint
CREATE INDEX `ground_charter_created_idx` ON `ground_charter` (`agency_id`,`archived_at`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `service_alert` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`entity` text NOT NULL,
	`entity_id` text NOT NULL,
	`kind` text NOT NULL,
	`deadline` text NOT NULL,
	`days_before` integer NOT NULL,
	`sent_at` text NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "service_alert_kind_ck" CHECK(kind in ('release', 'name_deadline', 'ticketing_deadline'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `service_alert_once_uq` ON `service_alert` (`agency_id`,`entity`,`entity_id`,`kind`,`deadline`,`days_before`);--> statement-breakpoint
CREATE TABLE `third_party_package` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`operator_id` text NOT NULL,
	`title` text NOT NULL,
	`slug` text NOT NULL,
	`summary` text,
	`itinerary` text DEFAULT '[]' NOT NULL,
	`includes` text DEFAULT '[]' NOT NULL,
	`excludes` text DEFAULT '[]' NOT NULL,
	`cost_cents` integer DEFAULT 0 NOT NULL,
	`currency` text DEFAULT 'BRL' NOT NULL,
	`cancellation_policy` text,
	`published` integer DEFAULT false NOT NULL,
	`published_at` text,
	`first_departure` text,
	`last_departure` text,
	`search_text` text DEFAULT '' NOT NULL,
	`created_by` text,
	`archived_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`operator_id`) REFERENCES `supplier`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "third_party_package_slug_ck" CHECK(length(slug) between 1 and 120 and slug not glob '*[^a-z0-9-]*'),
	CONSTRAINT "third_party_package_cost_ck" CHECK(cost_cents >= 0),
	CONSTRAINT "third_party_package_currency_ck" CHECK(length(currency) = 3 and currency not glob '*[^A-Z]*')
);
--> statement-breakpoint
CREATE UNIQUE INDEX `third_party_package_slug_uq` ON `third_party_package` (`slug`);--> statement-breakpoint
CREATE INDEX `third_party_package_list_idx` ON `third_party_package` (`agency_id`,`archived_at`,`search_text`,`id`);--> statement-breakpoint
CREATE INDEX `third_party_package_departure_idx` ON `third_party_package` (`agency_id`,`archived_at`,`first_departure`,`id`);--> statement-breakpoint
CREATE INDEX `third_party_package_operator_idx` ON `third_party_package` (`agency_id`,`archived_at`,`operator_id`,`first_departure`,`id`);--> statement-breakpoint
CREATE INDEX `third_party_package_created_idx` ON `third_party_package` (`agency_id`,`archived_at`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `third_party_package_published_idx` ON `third_party_package` (`agency_id`,`archived_at`,`published`,`first_departure`,`id`);--> statement-breakpoint
CREATE TABLE `third_party_package_departure` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`package_id` text NOT NULL,
	`departure_date` text NOT NULL,
	`return_date` text,
	`seats` integer NOT NULL,
	`archived_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`package_id`) REFERENCES `third_party_package`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "third_party_package_departure_seats_ck" CHECK(seats between 0 and 10000),
	CONSTRAINT "third_party_package_departure_dates_ck" CHECK(return_date is null or return_date >= departure_date)
);
--> statement-breakpoint
CREATE INDEX `third_party_package_departure_package_idx` ON `third_party_package_departure` (`agency_id`,`package_id`,`departure_date`);--> statement-breakpoint
CREATE INDEX `third_party_package_departure_date_idx` ON `third_party_package_departure` (`agency_id`,`departure_date`,`package_id`);--> statement-breakpoint
CREATE TABLE `third_party_package_destination` (
	`agency_id` text NOT NULL,
	`package_id` text NOT NULL,
	`destination_id` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`package_id`, `destination_id`),
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`package_id`) REFERENCES `third_party_package`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`destination_id`) REFERENCES `destination`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `third_party_package_destination_idx` ON `third_party_package_destination` (`agency_id`,`destination_id`,`package_id`);--> statement-breakpoint
CREATE TABLE `third_party_package_image` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`package_id` text NOT NULL,
	`storage_key` text NOT NULL,
	`thumb_key` text,
	`content_type` text NOT NULL,
	`width` integer,
	`height` integer,
	`bytes` integer DEFAULT 0 NOT NULL,
	`alt` text,
	`position` integer DEFAULT 0 NOT NULL,
	`created_by` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`package_id`) REFERENCES `third_party_package`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "third_party_package_image_type_ck" CHECK(content_type in ('image/png', 'image/jpeg', 'image/webp'))
);
--> statement-breakpoint
CREATE INDEX `third_party_package_image_idx` ON `third_party_package_image` (`agency_id`,`package_id`,`position`);--> statement-breakpoint
CREATE TABLE `third_party_package_price` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`package_id` text NOT NULL,
	`room_type` text NOT NULL,
	`age_band` text NOT NULL,
	`price_cents` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`package_id`) REFERENCES `third_party_package`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "third_party_package_price_room_ck" CHECK(room_type in ('single', 'double', 'triple', 'quadruple', 'child')),
	CONSTRAINT "third_party_package_price_age_ck" CHECK(age_band in ('adult', 'senior', 'child', 'infant')),
	CONSTRAINT "third_party_package_price_cents_ck" CHECK(price_cents >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `third_party_package_price_uq` ON `third_party_package_price` (`agency_id`,`package_id`,`room_type`,`age_band`);--> statement-breakpoint
-- Live-row counters of the services (register_count, as migration 0004 for the registers):
-- a row is live while archived_at is null; archiving and restoring move it.
CREATE TRIGGER third_party_package_count_insert AFTER INSERT ON third_party_package WHEN NEW.archived_at IS NULL BEGIN
  INSERT INTO register_count (agency_id, entity, live) VALUES (NEW.agency_id, 'third_party_package', 1)
  ON CONFLICT (agency_id, entity) DO UPDATE SET live = live + 1;
END;
--> statement-breakpoint
CREATE TRIGGER third_party_package_count_archive AFTER UPDATE OF archived_at ON third_party_package WHEN OLD.archived_at IS NULL AND NEW.archived_at IS NOT NULL BEGIN
  UPDATE register_count SET live = live - 1 WHERE agency_id = NEW.agency_id AND entity = 'third_party_package';
END;
--> statement-breakpoint
CREATE TRIGGER third_party_package_count_restore AFTER UPDATE OF archived_at ON third_party_package WHEN OLD.archived_at IS NOT NULL AND NEW.archived_at IS NULL BEGIN
  INSERT INTO register_count (agency_id, entity, live) VALUES (NEW.agency_id, 'third_party_package', 1)
  ON CONFLICT (agency_id, entity) DO UPDATE SET live = live + 1;
END;
--> statement-breakpoint
CREATE TRIGGER third_party_package_count_delete AFTER DELETE ON third_party_package WHEN OLD.archived_at IS NULL BEGIN
  UPDATE register_count SET live = live - 1 WHERE agency_id = OLD.agency_id AND entity = 'third_party_package';
END;
--> statement-breakpoint
CREATE TRIGGER ground_charter_count_insert AFTER INSERT ON ground_charter WHEN NEW.archived_at IS NULL BEGIN
  INSERT INTO register_count (agency_id, entity, live) VALUES (NEW.agency_id, 'ground_charter', 1)
  ON CONFLICT (agency_id, entity) DO UPDATE SET live = live + 1;
END;
--> statement-breakpoint
CREATE TRIGGER ground_charter_count_archive AFTER UPDATE OF archived_at ON ground_charter WHEN OLD.archived_at IS NULL AND NEW.archived_at IS NOT NULL BEGIN
  UPDATE register_count SET live = live - 1 WHERE agency_id = NEW.agency_id AND entity = 'ground_charter';
END;
--> statement-breakpoint
CREATE TRIGGER ground_charter_count_restore AFTER UPDATE OF archived_at ON ground_charter WHEN OLD.archived_at IS NOT NULL AND NEW.archived_at IS NULL BEGIN
  INSERT INTO register_count (agency_id, entity, live) VALUES (NEW.agency_id, 'ground_charter', 1)
  ON CONFLICT (agency_id, entity) DO UPDATE SET live = live + 1;
END;
--> statement-breakpoint
CREATE TRIGGER ground_charter_count_delete AFTER DELETE ON ground_charter WHEN OLD.archived_at IS NULL BEGIN
  UPDATE register_count SET live = live - 1 WHERE agency_id = OLD.agency_id AND entity = 'ground_charter';
END;
--> statement-breakpoint
CREATE TRIGGER accommodation_block_count_insert AFTER INSERT ON accommodation_block WHEN NEW.archived_at IS NULL BEGIN
  INSERT INTO register_count (agency_id, entity, live) VALUES (NEW.agency_id, 'accommodation_block', 1)
  ON CONFLICT (agency_id, entity) DO UPDATE SET live = live + 1;
END;
--> statement-breakpoint
CREATE TRIGGER accommodation_block_count_archive AFTER UPDATE OF archived_at ON accommodation_block WHEN OLD.archived_at IS NULL AND NEW.archived_at IS NOT NULL BEGIN
  UPDATE register_count SET live = live - 1 WHERE agency_id = NEW.agency_id AND entity = 'accommodation_block';
END;
--> statement-breakpoint
CREATE TRIGGER accommodation_block_count_restore AFTER UPDATE OF archived_at ON accommodation_block WHEN OLD.archived_at IS NOT NULL AND NEW.archived_at IS NULL BEGIN
  INSERT INTO register_count (agency_id, entity, live) VALUES (NEW.agency_id, 'accommodation_block', 1)
  ON CONFLICT (agency_id, entity) DO UPDATE SET live = live + 1;
END;
--> statement-breakpoint
CREATE TRIGGER accommodation_block_count_delete AFTER DELETE ON accommodation_block WHEN OLD.archived_at IS NULL BEGIN
  UPDATE register_count SET live = live - 1 WHERE agency_id = OLD.agency_id AND entity = 'accommodation_block';
END;
--> statement-breakpoint
CREATE TRIGGER air_block_count_insert AFTER INSERT ON air_block WHEN NEW.archived_at IS NULL BEGIN
  INSERT INTO register_count (agency_id, entity, live) VALUES (NEW.agency_id, 'air_block', 1)
  ON CONFLICT (agency_id, entity) DO UPDATE SET live = live + 1;
END;
--> statement-breakpoint
CREATE TRIGGER air_block_count_archive AFTER UPDATE OF archived_at ON air_block WHEN OLD.archived_at IS NULL AND NEW.archived_at IS NOT NULL BEGIN
  UPDATE register_count SET live = live - 1 WHERE agency_id = NEW.agency_id AND entity = 'air_block';
END;
--> statement-breakpoint
CREATE TRIGGER air_block_count_restore AFTER UPDATE OF archived_at ON air_block WHEN OLD.archived_at IS NOT NULL AND NEW.archived_at IS NULL BEGIN
  INSERT INTO register_count (agency_id, entity, live) VALUES (NEW.agency_id, 'air_block', 1)
  ON CONFLICT (agency_id, entity) DO UPDATE SET live = live + 1;
END;
--> statement-breakpoint
CREATE TRIGGER air_block_count_delete AFTER DELETE ON air_block WHEN OLD.archived_at IS NULL BEGIN
  UPDATE register_count SET live = live - 1 WHERE agency_id = OLD.agency_id AND entity = 'air_block';
END;
