CREATE TABLE `invoice` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`number` integer NOT NULL,
	`party_kind` text NOT NULL,
	`party_id` text NOT NULL,
	`party_name` text NOT NULL,
	`party_document` text,
	`language` text DEFAULT 'pt' NOT NULL,
	`currency` text DEFAULT 'BRL' NOT NULL,
	`issue_date` text NOT NULL,
	`due_date` text NOT NULL,
	`period_from` text,
	`period_to` text,
	`total_cents` integer NOT NULL,
	`notes` text,
	`status` text DEFAULT 'issued' NOT NULL,
	`cancelled_at` text,
	`cancel_reason` text,
	`sent_at` text,
	`sent_to` text,
	`search_text` text DEFAULT '' NOT NULL,
	`created_by` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "invoice_party_kind_ck" CHECK(party_kind in ('client', 'agent')),
	CONSTRAINT "invoice_status_ck" CHECK(status in ('issued', 'cancelled')),
	CONSTRAINT "invoice_language_ck" CHECK(language in ('pt', 'en', 'es')),
	CONSTRAINT "invoice_number_ck" CHECK(number >= 1),
	CONSTRAINT "invoice_total_ck" CHECK(total_cents > 0),
	CONSTRAINT "invoice_dates_ck" CHECK(due_date >= issue_date)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoice_number_uq` ON `invoice` (`agency_id`,`number`);--> statement-breakpoint
CREATE INDEX `invoice_issue_idx` ON `invoice` (`agency_id`,`issue_date`,`id`);--> statement-breakpoint
CREATE INDEX `invoice_due_idx` ON `invoice` (`agency_id`,`due_date`,`id`);--> statement-breakpoint
CREATE INDEX `invoice_total_idx` ON `invoice` (`agency_id`,`total_cents`,`id`);--> statement-breakpoint
CREATE INDEX `invoice_party_idx` ON `invoice` (`agency_id`,`party_kind`,`party_id`,`issue_date`,`id`);--> statement-breakpoint
CREATE INDEX `invoice_status_idx` ON `invoice` (`agency_id`,`status`,`issue_date`,`id`);--> statement-breakpoint
CREATE TABLE `invoice_line` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`invoice_id` text NOT NULL,
	`sale_id` text NOT NULL,
	`sale_item_id` text,
	`billing_key` text NOT NULL,
	`sale_number` integer NOT NULL,
	`description` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`live` integer DEFAULT 1 NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoice`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "invoice_line_amount_ck" CHECK(amount_cents >= 0),
	CONSTRAINT "invoice_line_live_ck" CHECK(live in (0, 1))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoice_line_live_uq` ON `invoice_line` (`agency_id`,`billing_key`) WHERE live = 1;--> statement-breakpoint
CREATE INDEX `invoice_line_invoice_idx` ON `invoice_line` (`agency_id`,`invoice_id`,`position`);--> statement-breakpoint
CREATE INDEX `invoice_line_sale_idx` ON `invoice_line` (`agency_id`,`sale_id`,`live`);--> statement-breakpoint
CREATE TABLE `invoice_title` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`invoice_id` text NOT NULL,
	`title_id` text NOT NULL,
	`link` text NOT NULL,
	`live` integer DEFAULT 1 NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoice`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "invoice_title_link_ck" CHECK(link in ('created', 'linked')),
	CONSTRAINT "invoice_title_live_ck" CHECK(live in (0, 1))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoice_title_live_uq` ON `invoice_title` (`agency_id`,`title_id`) WHERE live = 1;--> statement-breakpoint
CREATE INDEX `invoice_title_invoice_idx` ON `invoice_title` (`agency_id`,`invoice_id`);