CREATE TABLE `driver` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`name` text NOT NULL,
	`cpf` text,
	`phone` text,
	`email` text,
	`cnh_number` text NOT NULL,
	`cnh_category` text NOT NULL,
	`cnh_expiry` text NOT NULL,
	`ear` integer DEFAULT false NOT NULL,
	`notes` text,
	`active` integer DEFAULT true NOT NULL,
	`search_text` text DEFAULT '' NOT NULL,
	`created_by` text,
	`deleted_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "driver_cnh_category_ck" CHECK(cnh_category in ('A', 'B', 'C', 'D', 'E', 'AB', 'AC', 'AD', 'AE')),
	CONSTRAINT "driver_cpf_ck" CHECK(cpf is null or (length(cpf) = 11 and cpf not glob '*[^0-9]*')),
	CONSTRAINT "driver_cnh_number_ck" CHECK(length(cnh_number) = 11 and cnh_number not glob '*[^0-9]*')
);
--> statement-breakpoint
CREATE INDEX `driver_list_idx` ON `driver` (`agency_id`,`deleted_at`,`search_text`,`id`);--> statement-breakpoint
CREATE INDEX `driver_expiry_idx` ON `driver` (`agency_id`,`deleted_at`,`cnh_expiry`,`id`);--> statement-breakpoint
CREATE INDEX `driver_created_idx` ON `driver` (`agency_id`,`deleted_at`,`created_at`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `driver_cpf_uq` ON `driver` (`agency_id`,`cpf`) WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX `driver_cnh_uq` ON `driver` (`agency_id`,`cnh_number`) WHERE deleted_at is null;--> statement-breakpoint
CREATE TABLE `fleet_vehicle` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`plate` text NOT NULL,
	`model` text NOT NULL,
	`type` text NOT NULL,
	`seats` integer NOT NULL,
	`year` integer,
	`renavam` text,
	`insurance_expiry` text,
	`inspection_expiry` text,
	`notes` text,
	`active` integer DEFAULT true NOT NULL,
	`search_text` text DEFAULT '' NOT NULL,
	`created_by` text,
	`deleted_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "fleet_vehicle_type_ck" CHECK(type in ('bus', 'double_decker', 'minibus', 'van', 'car', 'suv', 'other')),
	CONSTRAINT "fleet_vehicle_plate_ck" CHECK(length(plate) = 7 and plate glob '[A-Z][A-Z][A-Z][0-9][A-Z0-9][0-9][0-9]'),
	CONSTRAINT "fleet_vehicle_values_ck" CHECK(seats between 1 and 100 and (year is null or year between 1950 and 2100)),
	CONSTRAINT "fleet_vehicle_renavam_ck" CHECK(renavam is null or (length(renavam) = 11 and renavam not glob '*[^0-9]*'))
);
--> statement-breakpoint
CREATE INDEX `fleet_vehicle_list_idx` ON `fleet_vehicle` (`agency_id`,`deleted_at`,`search_text`,`id`);--> statement-breakpoint
CREATE INDEX `fleet_vehicle_type_idx` ON `fleet_vehicle` (`agency_id`,`deleted_at`,`type`,`search_text`,`id`);--> statement-breakpoint
CREATE INDEX `fleet_vehicle_created_idx` ON `fleet_vehicle` (`agency_id`,`deleted_at`,`created_at`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `fleet_vehicle_plate_uq` ON `fleet_vehicle` (`agency_id`,`plate`) WHERE deleted_at is null;--> statement-breakpoint
CREATE TABLE `guide` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`name` text NOT NULL,
	`cpf` text,
	`phone` text,
	`email` text,
	`cadastur_number` text,
	`cadastur_expiry` text,
	`languages` text DEFAULT '[]' NOT NULL,
	`notes` text,
	`active` integer DEFAULT true NOT NULL,
	`search_text` text DEFAULT '' NOT NULL,
	`created_by` text,
	`deleted_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "guide_cpf_ck" CHECK(cpf is null or (length(cpf) = 11 and cpf not glob '*[^0-9]*'))
);
--> statement-breakpoint
CREATE INDEX `guide_list_idx` ON `guide` (`agency_id`,`deleted_at`,`search_text`,`id`);--> statement-breakpoint
CREATE INDEX `guide_expiry_idx` ON `guide` (`agency_id`,`deleted_at`,`cadastur_expiry`,`id`);--> statement-breakpoint
CREATE INDEX `guide_created_idx` ON `guide` (`agency_id`,`deleted_at`,`created_at`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `guide_cpf_uq` ON `guide` (`agency_id`,`cpf`) WHERE deleted_at is null;--> statement-breakpoint
CREATE TABLE `receptive_service` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`description` text,
	`duration_minutes` integer NOT NULL,
	`capacity` integer DEFAULT 0 NOT NULL,
	`provider_id` text,
	`cost_cents` integer DEFAULT 0 NOT NULL,
	`price_cents` integer DEFAULT 0 NOT NULL,
	`currency` text DEFAULT 'BRL' NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`search_text` text DEFAULT '' NOT NULL,
	`created_by` text,
	`deleted_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`provider_id`) REFERENCES `provider`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "receptive_service_kind_ck" CHECK(kind in ('transfer_in', 'transfer_out', 'city_tour', 'day_trip', 'other')),
	CONSTRAINT "receptive_service_values_ck" CHECK(duration_minutes between 1 and 10080 and capacity between 0 and 1000 and cost_cents >= 0 and price_cents >= 0),
	CONSTRAINT "receptive_service_currency_ck" CHECK(length(currency) = 3 and currency not glob '*[^A-Z]*')
);
--> statement-breakpoint
CREATE INDEX `receptive_service_list_idx` ON `receptive_service` (`agency_id`,`deleted_at`,`search_text`,`id`);--> statement-breakpoint
CREATE INDEX `receptive_service_kind_idx` ON `receptive_service` (`agency_id`,`deleted_at`,`kind`,`search_text`,`id`);--> statement-breakpoint
CREATE INDEX `receptive_service_provider_idx` ON `receptive_service` (`agency_id`,`deleted_at`,`provider_id`,`id`);--> statement-breakpoint
CREATE INDEX `receptive_service_created_idx` ON `receptive_service` (`agency_id`,`deleted_at`,`created_at`,`id`);