CREATE TABLE `batch_assert` (
	`agency_id` text NOT NULL,
	`reason` text NOT NULL,
	`ok` integer NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "batch_assert_ck" CHECK(ok = 1)
);
--> statement-breakpoint
CREATE TABLE `record_counter` (
	`agency_id` text NOT NULL,
	`kind` text NOT NULL,
	`last` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`agency_id`, `kind`),
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `sale` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`number` integer NOT NULL,
	`kind` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`client_id` text NOT NULL,
	`agent_id` text NOT NULL,
	`owner_user_id` text,
	`excursion_id` text,
	`sale_date` text NOT NULL,
	`currency` text DEFAULT 'BRL' NOT NULL,
	`cost_cents` integer DEFAULT 0 NOT NULL,
	`price_cents` integer DEFAULT 0 NOT NULL,
	`discount_cents` integer DEFAULT 0 NOT NULL,
	`fees_cents` integer DEFAULT 0 NOT NULL,
	`total_cents` integer DEFAULT 0 NOT NULL,
	`margin_cents` integer DEFAULT 0 NOT NULL,
	`payment_term_id` text,
	`payment_method` text DEFAULT 'pix' NOT NULL,
	`down_payment_cents` integer,
	`first_due_date` text,
	`notes` text,
	`passenger_count` integer DEFAULT 0 NOT NULL,
	`confirmed_at` text,
	`cancelled_at` text,
	`cancel_reason` text,
	`search_text` text DEFAULT '' NOT NULL,
	`created_by` text,
	`deleted_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`client_id`) REFERENCES `client`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`agent_id`) REFERENCES `agent`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`owner_user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`excursion_id`) REFERENCES `excursion`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`payment_term_id`) REFERENCES `payment_term`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "sale_kind_ck" CHECK(kind in ('emissivo', 'excursion')),
	CONSTRAINT "sale_status_ck" CHECK(status in ('draft', 'confirmed', 'cancelled')),
	CONSTRAINT "sale_method_ck" CHECK(payment_method in ('pix', 'boleto', 'credit_card', 'debit_card', 'bank_transfer', 'cash', 'payment_link', 'other')),
	CONSTRAINT "sale_number_ck" CHECK(number >= 1),
	CONSTRAINT "sale_money_ck" CHECK(cost_cents >= 0 and price_cents >= 0 and discount_cents >= 0 and discount_cents <= price_cents and fees_cents >= 0 and total_cents = price_cents - discount_cents + fees_cents and margin_cents = price_cents - discount_cents - cost_cents and (down_payment_cents is null or (down_payment_cents >= 0 and down_payment_cents <= total_cents))),
	CONSTRAINT "sale_excursion_ck" CHECK((kind = 'excursion') = (excursion_id is not null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sale_number_uq` ON `sale` (`agency_id`,`number`);--> statement-breakpoint
CREATE INDEX `sale_date_idx` ON `sale` (`agency_id`,`kind`,`deleted_at`,`sale_date`,`id`);--> statement-breakpoint
CREATE INDEX `sale_kind_number_idx` ON `sale` (`agency_id`,`kind`,`deleted_at`,`number`);--> statement-breakpoint
CREATE INDEX `sale_status_date_idx` ON `sale` (`agency_id`,`kind`,`deleted_at`,`status`,`sale_date`,`id`);--> statement-breakpoint
CREATE INDEX `sale_total_idx` ON `sale` (`agency_id`,`kind`,`deleted_at`,`total_cents`,`id`);--> statement-breakpoint
CREATE INDEX `sale_owner_idx` ON `sale` (`agency_id`,`owner_user_id`,`kind`,`deleted_at`,`sale_date`,`id`);--> statement-breakpoint
CREATE INDEX `sale_client_idx` ON `sale` (`agency_id`,`client_id`);--> statement-breakpoint
CREATE INDEX `sale_agent_idx` ON `sale` (`agency_id`,`agent_id`,`sale_date`);--> statement-breakpoint
CREATE INDEX `sale_excursion_idx` ON `sale` (`agency_id`,`excursion_id`);--> statement-breakpoint
CREATE INDEX `sale_search_idx` ON `sale` (`agency_id`,`kind`,`deleted_at`,`search_text`);--> statement-breakpoint
CREATE INDEX `sale_month_idx` ON `sale` (`agency_id`,`deleted_at`,`sale_date`);--> statement-breakpoint
CREATE TABLE `sale_item` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`sale_id` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`product_kind_id` text NOT NULL,
	`supplier_id` text,
	`description` text NOT NULL,
	`start_date` text,
	`end_date` text,
	`start_time` text,
	`end_time` text,
	`locator` text,
	`passenger_ids` text DEFAULT '[]' NOT NULL,
	`cost_cents` integer DEFAULT 0 NOT NULL,
	`price_cents` integer DEFAULT 0 NOT NULL,
	`fees_cents` integer DEFAULT 0 NOT NULL,
	`inventory_kind` text DEFAULT 'none' NOT NULL,
	`package_departure_id` text,
	`room_type_id` text,
	`air_block_id` text,
	`quantity` integer DEFAULT 1 NOT NULL,
	`notes` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`sale_id`) REFERENCES `sale`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_kind_id`) REFERENCES `product_kind`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`supplier_id`) REFERENCES `supplier`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`package_departure_id`) REFERENCES `third_party_package_departure`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`room_type_id`) REFERENCES `accommodation_room_type`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`air_block_id`) REFERENCES `air_block`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "sale_item_money_ck" CHECK(cost_cents >= 0 and price_cents >= 0 and fees_cents >= 0),
	CONSTRAINT "sale_item_quantity_ck" CHECK(quantity between 1 and 1000),
	CONSTRAINT "sale_item_dates_ck" CHECK(end_date is null or start_date is null or end_date >= start_date),
	CONSTRAINT "sale_item_inventory_kind_ck" CHECK(inventory_kind in ('none', 'package_departure', 'hotel_room', 'air_seat')),
	CONSTRAINT "sale_item_inventory_ck" CHECK((inventory_kind = 'none' and package_departure_id is null and room_type_id is null and air_block_id is null)
        or (inventory_kind = 'package_departure' and package_departure_id is not null and room_type_id is null and air_block_id is null)
        or (inventory_kind = 'hotel_room' and room_type_id is not null and package_departure_id is null and air_block_id is null)
        or (inventory_kind = 'air_seat' and air_block_id is not null and package_departure_id is null and room_type_id is null))
);
--> statement-breakpoint
CREATE INDEX `sale_item_sale_idx` ON `sale_item` (`agency_id`,`sale_id`,`position`);--> statement-breakpoint
CREATE INDEX `sale_item_start_idx` ON `sale_item` (`agency_id`,`start_date`);--> statement-breakpoint
CREATE INDEX `sale_item_end_idx` ON `sale_item` (`agency_id`,`end_date`);--> statement-breakpoint
CREATE INDEX `sale_item_supplier_idx` ON `sale_item` (`agency_id`,`supplier_id`);--> statement-breakpoint
CREATE INDEX `sale_item_departure_idx` ON `sale_item` (`agency_id`,`package_departure_id`);--> statement-breakpoint
CREATE INDEX `sale_item_room_type_idx` ON `sale_item` (`agency_id`,`room_type_id`);--> statement-breakpoint
CREATE INDEX `sale_item_air_block_idx` ON `sale_item` (`agency_id`,`air_block_id`);--> statement-breakpoint
CREATE TABLE `sale_passenger` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`sale_id` text NOT NULL,
	`client_id` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`age_band` text DEFAULT 'adult' NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`sale_id`) REFERENCES `sale`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`client_id`) REFERENCES `client`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "sale_passenger_age_ck" CHECK(age_band in ('adult', 'senior', 'child', 'infant'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sale_passenger_uq` ON `sale_passenger` (`agency_id`,`sale_id`,`client_id`);--> statement-breakpoint
CREATE INDEX `sale_passenger_sale_idx` ON `sale_passenger` (`agency_id`,`sale_id`,`position`);--> statement-breakpoint
CREATE INDEX `sale_passenger_client_idx` ON `sale_passenger` (`agency_id`,`client_id`);--> statement-breakpoint
ALTER TABLE `agency` ADD `max_discount_bp` integer;--> statement-breakpoint
ALTER TABLE `provider` ADD `payment_term_id` text;--> statement-breakpoint
ALTER TABLE `supplier` ADD `payment_term_id` text;--> statement-breakpoint
-- Live-row counters of the sales lists (register_count, as migration 0004), one per
-- kind ('sale_emissivo', 'sale_excursion'): a sale is live while deleted_at is null.
CREATE TRIGGER sale_count_insert AFTER INSERT ON sale WHEN NEW.deleted_at IS NULL BEGIN
  INSERT INTO register_count (agency_id, entity, live) VALUES (NEW.agency_id, 'sale_' || NEW.kind, 1)
  ON CONFLICT (agency_id, entity) DO UPDATE SET live = live + 1;
END;
--> statement-breakpoint
CREATE TRIGGER sale_count_delete_soft AFTER UPDATE OF deleted_at ON sale WHEN OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL BEGIN
  UPDATE register_count SET live = live - 1 WHERE agency_id = NEW.agency_id AND entity = 'sale_' || NEW.kind;
END;
--> statement-breakpoint
CREATE TRIGGER sale_count_restore AFTER UPDATE OF deleted_at ON sale WHEN OLD.deleted_at IS NOT NULL AND NEW.deleted_at IS NULL BEGIN
  INSERT INTO register_count (agency_id, entity, live) VALUES (NEW.agency_id, 'sale_' || NEW.kind, 1)
  ON CONFLICT (agency_id, entity) DO UPDATE SET live = live + 1;
END;
--> statement-breakpoint
CREATE TRIGGER sale_count_delete AFTER DELETE ON sale WHEN OLD.deleted_at IS NULL BEGIN
  UPDATE register_count SET live = live - 1 WHERE agency_id = OLD.agency_id AND entity = 'sale_' || OLD.kind;
END;
