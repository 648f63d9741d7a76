CREATE TABLE `excursion` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`title` text NOT NULL,
	`slug` text NOT NULL,
	`summary` text,
	`destination_id` text NOT NULL,
	`departure_at` text NOT NULL,
	`return_at` text NOT NULL,
	`charter_id` text,
	`capacity` integer NOT NULL,
	`vehicle_id` text,
	`min_passengers` integer DEFAULT 1 NOT NULL,
	`includes` text DEFAULT '[]' NOT NULL,
	`excludes` text DEFAULT '[]' NOT NULL,
	`cancellation_policy` text,
	`currency` text DEFAULT 'BRL' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`status_reason` text,
	`status_changed_at` text,
	`published` integer DEFAULT false NOT NULL,
	`published_at` text,
	`manifest_final_at` text,
	`manifest_final_by` text,
	`cloned_from` text,
	`search_text` text DEFAULT '' NOT NULL,
	`created_by` text,
	`archived_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`destination_id`) REFERENCES `destination`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`charter_id`) REFERENCES `ground_charter`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `fleet_vehicle`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`manifest_final_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "excursion_slug_ck" CHECK(length(slug) between 1 and 120 and slug not glob '*[^a-z0-9-]*'),
	CONSTRAINT "excursion_status_ck" CHECK(status in ('draft', 'open', 'closed', 'done', 'cancelled')),
	CONSTRAINT "excursion_values_ck" CHECK(capacity between 0 and 1000 and min_passengers between 0 and 1000),
	CONSTRAINT "excursion_dates_ck" CHECK(return_at >= departure_at),
	CONSTRAINT "excursion_currency_ck" CHECK(length(currency) = 3 and currency not glob '*[^A-Z]*')
);
--> statement-breakpoint
CREATE UNIQUE INDEX `excursion_slug_uq` ON `excursion` (`slug`);--> statement-breakpoint
CREATE INDEX `excursion_departure_idx` ON `excursion` (`agency_id`,`archived_at`,`departure_at`,`id`);--> statement-breakpoint
CREATE INDEX `excursion_status_idx` ON `excursion` (`agency_id`,`archived_at`,`status`,`departure_at`,`id`);--> statement-breakpoint
CREATE INDEX `excursion_destination_idx` ON `excursion` (`agency_id`,`archived_at`,`destination_id`,`departure_at`,`id`);--> statement-breakpoint
CREATE INDEX `excursion_charter_idx` ON `excursion` (`agency_id`,`charter_id`);--> statement-breakpoint
CREATE INDEX `excursion_list_idx` ON `excursion` (`agency_id`,`archived_at`,`search_text`,`id`);--> statement-breakpoint
CREATE INDEX `excursion_created_idx` ON `excursion` (`agency_id`,`archived_at`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `excursion_boarding` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`excursion_id` text NOT NULL,
	`boarding_point_id` text NOT NULL,
	`departure_at` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`archived_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`excursion_id`) REFERENCES `excursion`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`boarding_point_id`) REFERENCES `boarding_point`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `excursion_boarding_excursion_idx` ON `excursion_boarding` (`agency_id`,`excursion_id`,`departure_at`);--> statement-breakpoint
CREATE INDEX `excursion_boarding_point_idx` ON `excursion_boarding` (`agency_id`,`boarding_point_id`);--> statement-breakpoint
CREATE TABLE `excursion_component` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`excursion_id` text NOT NULL,
	`kind` text NOT NULL,
	`hotel_block_id` text,
	`air_block_id` text,
	`receptive_service_id` text,
	`guide_id` text,
	`driver_id` text,
	`notes` text,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`excursion_id`) REFERENCES `excursion`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`hotel_block_id`) REFERENCES `accommodation_block`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`air_block_id`) REFERENCES `air_block`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`receptive_service_id`) REFERENCES `receptive_service`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`guide_id`) REFERENCES `guide`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`driver_id`) REFERENCES `driver`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "excursion_component_kind_ck" CHECK(kind in ('hotel_block', 'air_block', 'receptive_service', 'guide', 'driver')),
	CONSTRAINT "excursion_component_ref_ck" CHECK((kind = 'hotel_block') = (hotel_block_id is not null) and (kind = 'air_block') = (air_block_id is not null) and (kind = 'receptive_service') = (receptive_service_id is not null) and (kind = 'guide') = (guide_id is not null) and (kind = 'driver') = (driver_id is not null))
);
--> statement-breakpoint
CREATE INDEX `excursion_component_excursion_idx` ON `excursion_component` (`agency_id`,`excursion_id`,`kind`,`position`);--> statement-breakpoint
CREATE INDEX `excursion_component_guide_idx` ON `excursion_component` (`agency_id`,`guide_id`);--> statement-breakpoint
CREATE INDEX `excursion_component_driver_idx` ON `excursion_component` (`agency_id`,`driver_id`);--> statement-breakpoint
CREATE TABLE `excursion_passenger` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`excursion_id` text NOT NULL,
	`sale_id` text,
	`sold_by` text,
	`status` text DEFAULT 'held' NOT NULL,
	`hold_expires_at` text,
	`seat` text,
	`client_id` text,
	`name` text NOT NULL,
	`document_type` text,
	`document_number` text,
	`birth_date` text,
	`age_band` text DEFAULT 'adult' NOT NULL,
	`room_type` text,
	`room_label` text,
	`boarding_id` text,
	`price_cents` integer DEFAULT 0 NOT NULL,
	`phone` text,
	`notes` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`excursion_id`) REFERENCES `excursion`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`sold_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`client_id`) REFERENCES `client`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`boarding_id`) REFERENCES `excursion_boarding`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "excursion_passenger_status_ck" CHECK(status in ('held', 'confirmed', 'cancelled')),
	CONSTRAINT "excursion_passenger_document_ck" CHECK(document_type is null or document_type in ('rg', 'cpf', 'passport', 'birth_certificate', 'cnh', 'other')),
	CONSTRAINT "excursion_passenger_age_ck" CHECK(age_band in ('adult', 'senior', 'child', 'infant')),
	CONSTRAINT "excursion_passenger_price_ck" CHECK(price_cents >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `excursion_passenger_seat_uq` ON `excursion_passenger` (`agency_id`,`excursion_id`,`seat`) WHERE seat is not null and status <> 'cancelled';--> statement-breakpoint
CREATE INDEX `excursion_passenger_excursion_idx` ON `excursion_passenger` (`agency_id`,`excursion_id`,`status`,`name`);--> statement-breakpoint
CREATE INDEX `excursion_passenger_sale_idx` ON `excursion_passenger` (`agency_id`,`sale_id`);--> statement-breakpoint
CREATE TABLE `excursion_price` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`excursion_id` text NOT NULL,
	`room_type` text NOT NULL,
	`age_band` text NOT NULL,
	`price_cents` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`excursion_id`) REFERENCES `excursion`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "excursion_price_room_ck" CHECK(room_type in ('single', 'double', 'triple', 'quadruple', 'child')),
	CONSTRAINT "excursion_price_age_ck" CHECK(age_band in ('adult', 'senior', 'child', 'infant')),
	CONSTRAINT "excursion_price_cents_ck" CHECK(price_cents >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `excursion_price_uq` ON `excursion_price` (`agency_id`,`excursion_id`,`room_type`,`age_band`);--> statement-breakpoint
CREATE TABLE `service_image` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`owner_kind` text NOT NULL,
	`owner_id` text NOT NULL,
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
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "service_image_owner_ck" CHECK(owner_kind in ('package', 'excursion')),
	CONSTRAINT "service_image_type_ck" CHECK(content_type in ('image/png', 'image/jpeg', 'image/webp'))
);
--> statement-breakpoint
CREATE INDEX `service_image_owner_idx` ON `service_image` (`agency_id`,`owner_kind`,`owner_id`,`position`);