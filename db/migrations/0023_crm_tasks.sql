CREATE TABLE `crm_stage` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`kind` text DEFAULT 'open' NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`color` text DEFAULT 'gray' NOT NULL,
	`deal_count` integer DEFAULT 0 NOT NULL,
	`value_cents` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "crm_stage_kind_ck" CHECK(kind in ('open', 'won', 'lost')),
	CONSTRAINT "crm_stage_slug_ck" CHECK(length(slug) between 1 and 60 and slug not glob '*[^a-z0-9-]*')
);
--> statement-breakpoint
CREATE UNIQUE INDEX `crm_stage_slug_uq` ON `crm_stage` (`agency_id`,`slug`);--> statement-breakpoint
CREATE UNIQUE INDEX `crm_stage_closed_kind_uq` ON `crm_stage` (`agency_id`,`kind`) WHERE kind <> 'open';--> statement-breakpoint
CREATE INDEX `crm_stage_position_idx` ON `crm_stage` (`agency_id`,`position`);--> statement-breakpoint
CREATE TABLE `deal` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`number` integer NOT NULL,
	`title` text NOT NULL,
	`client_id` text,
	`lead_name` text,
	`lead_phone` text,
	`lead_email` text,
	`stage_id` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`destination` text,
	`travel_start` text,
	`travel_end` text,
	`passengers` integer DEFAULT 1 NOT NULL,
	`currency` text DEFAULT 'BRL' NOT NULL,
	`value_cents` integer DEFAULT 0 NOT NULL,
	`expected_close_date` text,
	`owner_user_id` text,
	`source` text DEFAULT 'other' NOT NULL,
	`lost_reason` text,
	`notes` text,
	`stage_entered_at` text NOT NULL,
	`closed_at` text,
	`sale_id` text,
	`search_text` text DEFAULT '' NOT NULL,
	`created_by` text,
	`deleted_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`client_id`) REFERENCES `client`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`stage_id`) REFERENCES `crm_stage`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`owner_user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`sale_id`) REFERENCES `sale`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "deal_contact_ck" CHECK(client_id is not null or length(coalesce(lead_name, '')) > 0),
	CONSTRAINT "deal_money_ck" CHECK(value_cents >= 0),
	CONSTRAINT "deal_passengers_ck" CHECK(passengers between 1 and 999),
	CONSTRAINT "deal_dates_ck" CHECK(travel_end is null or travel_start is null or travel_end >= travel_start),
	CONSTRAINT "deal_source_ck" CHECK(source in ('site', 'instagram', 'facebook', 'whatsapp', 'referral', 'walk_in', 'phone', 'email', 'other'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deal_number_uq` ON `deal` (`agency_id`,`number`);--> statement-breakpoint
CREATE INDEX `deal_stage_position_idx` ON `deal` (`agency_id`,`deleted_at`,`stage_id`,`position`,`id`);--> statement-breakpoint
CREATE INDEX `deal_stage_value_idx` ON `deal` (`agency_id`,`deleted_at`,`stage_id`,`value_cents`,`id`);--> statement-breakpoint
CREATE INDEX `deal_stage_close_idx` ON `deal` (`agency_id`,`deleted_at`,`stage_id`,`expected_close_date`,`id`);--> statement-breakpoint
CREATE INDEX `deal_stage_updated_idx` ON `deal` (`agency_id`,`deleted_at`,`stage_id`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `deal_owner_idx` ON `deal` (`agency_id`,`owner_user_id`,`deleted_at`,`stage_id`);--> statement-breakpoint
CREATE INDEX `deal_client_idx` ON `deal` (`agency_id`,`client_id`);--> statement-breakpoint
CREATE INDEX `deal_search_idx` ON `deal` (`agency_id`,`deleted_at`,`search_text`);--> statement-breakpoint
CREATE TABLE `deal_activity` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`deal_id` text NOT NULL,
	`kind` text NOT NULL,
	`body` text,
	`from_stage_id` text,
	`to_stage_id` text,
	`quote_id` text,
	`user_id` text,
	`occurred_at` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`deal_id`) REFERENCES `deal`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`from_stage_id`) REFERENCES `crm_stage`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`to_stage_id`) REFERENCES `crm_stage`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "deal_activity_kind_ck" CHECK(kind in ('note', 'call', 'email', 'whatsapp', 'meeting', 'created', 'stage_change', 'quote_sent', 'quote_viewed', 'quote_accepted', 'quote_declined', 'lead_converted'))
);
--> statement-breakpoint
CREATE INDEX `deal_activity_deal_idx` ON `deal_activity` (`agency_id`,`deal_id`,`occurred_at`,`id`);--> statement-breakpoint
CREATE TABLE `quote` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`number` integer NOT NULL,
	`deal_id` text NOT NULL,
	`title` text NOT NULL,
	`language` text DEFAULT 'pt' NOT NULL,
	`currency` text DEFAULT 'BRL' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`valid_until` text NOT NULL,
	`terms` text,
	`cost_cents` integer DEFAULT 0 NOT NULL,
	`price_cents` integer DEFAULT 0 NOT NULL,
	`discount_cents` integer DEFAULT 0 NOT NULL,
	`fees_cents` integer DEFAULT 0 NOT NULL,
	`total_cents` integer DEFAULT 0 NOT NULL,
	`slug` text NOT NULL,
	`sent_at` text,
	`first_viewed_at` text,
	`last_viewed_at` text,
	`view_count` integer DEFAULT 0 NOT NULL,
	`answered_at` text,
	`decline_reason` text,
	`sale_id` text,
	`created_by` text,
	`deleted_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`deal_id`) REFERENCES `deal`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`sale_id`) REFERENCES `sale`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "quote_status_ck" CHECK(status in ('draft', 'sent', 'accepted', 'declined')),
	CONSTRAINT "quote_language_ck" CHECK(language in ('pt', 'en', 'es')),
	CONSTRAINT "quote_money_ck" CHECK(cost_cents >= 0 and price_cents >= 0 and discount_cents >= 0 and discount_cents <= price_cents and fees_cents >= 0 and total_cents = price_cents - discount_cents + fees_cents),
	CONSTRAINT "quote_slug_ck" CHECK(length(slug) >= 20)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quote_number_uq` ON `quote` (`agency_id`,`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `quote_slug_uq` ON `quote` (`slug`);--> statement-breakpoint
CREATE INDEX `quote_deal_idx` ON `quote` (`agency_id`,`deal_id`,`deleted_at`,`created_at`);--> statement-breakpoint
CREATE INDEX `quote_status_idx` ON `quote` (`agency_id`,`deleted_at`,`status`,`valid_until`);--> statement-breakpoint
CREATE TABLE `quote_item` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`quote_id` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`product_kind_id` text NOT NULL,
	`supplier_id` text,
	`description` text NOT NULL,
	`start_date` text,
	`end_date` text,
	`cost_cents` integer DEFAULT 0 NOT NULL,
	`price_cents` integer DEFAULT 0 NOT NULL,
	`fees_cents` integer DEFAULT 0 NOT NULL,
	`notes` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`quote_id`) REFERENCES `quote`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_kind_id`) REFERENCES `product_kind`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`supplier_id`) REFERENCES `supplier`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "quote_item_money_ck" CHECK(cost_cents >= 0 and price_cents >= 0 and fees_cents >= 0),
	CONSTRAINT "quote_item_dates_ck" CHECK(end_date is null or start_date is null or end_date >= start_date)
);
--> statement-breakpoint
CREATE INDEX `quote_item_quote_idx` ON `quote_item` (`agency_id`,`quote_id`,`position`);--> statement-breakpoint
CREATE TABLE `task` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`number` integer NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`type_id` text,
	`status` text DEFAULT 'a_fazer' NOT NULL,
	`priority` text DEFAULT 'medium' NOT NULL,
	`due_at` text,
	`assignee_user_id` text,
	`client_id` text,
	`deal_id` text,
	`sale_id` text,
	`excursion_id` text,
	`position` integer DEFAULT 0 NOT NULL,
	`completed_at` text,
	`reminded_soon_for` text,
	`reminded_overdue_for` text,
	`checklist_total` integer DEFAULT 0 NOT NULL,
	`checklist_done` integer DEFAULT 0 NOT NULL,
	`comment_count` integer DEFAULT 0 NOT NULL,
	`search_text` text DEFAULT '' NOT NULL,
	`created_by` text,
	`deleted_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`type_id`) REFERENCES `task_type`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`assignee_user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`client_id`) REFERENCES `client`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`deal_id`) REFERENCES `deal`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`sale_id`) REFERENCES `sale`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`excursion_id`) REFERENCES `excursion`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "task_status_ck" CHECK(status in ('a_fazer', 'em_andamento', 'concluida', 'cancelada')),
	CONSTRAINT "task_priority_ck" CHECK(priority in ('low', 'medium', 'high', 'urgent')),
	CONSTRAINT "task_link_ck" CHECK((client_id is not null) + (deal_id is not null) + (sale_id is not null) + (excursion_id is not null) <= 1),
	CONSTRAINT "task_checklist_ck" CHECK(checklist_done between 0 and checklist_total)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `task_number_uq` ON `task` (`agency_id`,`number`);--> statement-breakpoint
CREATE INDEX `task_status_position_idx` ON `task` (`agency_id`,`deleted_at`,`status`,`position`,`id`);--> statement-breakpoint
CREATE INDEX `task_status_due_idx` ON `task` (`agency_id`,`deleted_at`,`status`,`due_at`,`id`);--> statement-breakpoint
CREATE INDEX `task_assignee_idx` ON `task` (`agency_id`,`deleted_at`,`assignee_user_id`,`status`,`due_at`);--> statement-breakpoint
CREATE INDEX `task_due_idx` ON `task` (`deleted_at`,`status`,`due_at`);--> statement-breakpoint
CREATE INDEX `task_client_idx` ON `task` (`agency_id`,`client_id`);--> statement-breakpoint
CREATE INDEX `task_deal_idx` ON `task` (`agency_id`,`deal_id`);--> statement-breakpoint
CREATE INDEX `task_sale_idx` ON `task` (`agency_id`,`sale_id`);--> statement-breakpoint
CREATE INDEX `task_excursion_idx` ON `task` (`agency_id`,`excursion_id`);--> statement-breakpoint
CREATE INDEX `task_search_idx` ON `task` (`agency_id`,`deleted_at`,`search_text`);--> statement-breakpoint
CREATE TABLE `task_checklist_item` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`task_id` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`label` text NOT NULL,
	`done` integer DEFAULT false NOT NULL,
	`done_at` text,
	`done_by` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`task_id`) REFERENCES `task`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`done_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `task_checklist_task_idx` ON `task_checklist_item` (`agency_id`,`task_id`,`position`);--> statement-breakpoint
CREATE TABLE `task_comment` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`task_id` text NOT NULL,
	`user_id` text,
	`body` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`task_id`) REFERENCES `task`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `task_comment_task_idx` ON `task_comment` (`agency_id`,`task_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `task_type` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`name` text NOT NULL,
	`color` text DEFAULT 'blue' NOT NULL,
	`search_text` text DEFAULT '' NOT NULL,
	`created_by` text,
	`deleted_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `task_type_name_idx` ON `task_type` (`agency_id`,`deleted_at`,`name`,`id`);--> statement-breakpoint
CREATE INDEX `task_type_search_idx` ON `task_type` (`agency_id`,`deleted_at`,`search_text`);