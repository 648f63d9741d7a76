CREATE TABLE `commission_line` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`sale_id` text NOT NULL,
	`agent_id` text NOT NULL,
	`sale_date` text NOT NULL,
	`sale_number` integer NOT NULL,
	`kind` text DEFAULT 'sale' NOT NULL,
	`rule` text NOT NULL,
	`bps` integer NOT NULL,
	`base_cents` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`released_cents` integer DEFAULT 0 NOT NULL,
	`currency` text DEFAULT 'BRL' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`payable_id` text,
	`paid_at` text,
	`cancelled_at` text,
	`created_by` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`sale_id`) REFERENCES `sale`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`agent_id`) REFERENCES `agent`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "commission_line_status_ck" CHECK(status in ('pending', 'released', 'paid', 'cancelled')),
	CONSTRAINT "commission_line_kind_ck" CHECK(kind in ('sale', 'adjustment')),
	CONSTRAINT "commission_line_rule_ck" CHECK(rule in ('sale_percent', 'margin_percent')),
	CONSTRAINT "commission_line_bps_ck" CHECK(bps between 0 and 10000)
);
--> statement-breakpoint
CREATE INDEX `commission_line_date_idx` ON `commission_line` (`agency_id`,`sale_date`,`id`);--> statement-breakpoint
CREATE INDEX `commission_line_status_idx` ON `commission_line` (`agency_id`,`status`,`sale_date`,`id`);--> statement-breakpoint
CREATE INDEX `commission_line_agent_idx` ON `commission_line` (`agency_id`,`agent_id`,`sale_date`,`id`);--> statement-breakpoint
CREATE INDEX `commission_line_report_idx` ON `commission_line` (`agency_id`,`sale_date`,`agent_id`,`status`,`currency`,`amount_cents`,`released_cents`);--> statement-breakpoint
CREATE INDEX `commission_line_sale_idx` ON `commission_line` (`agency_id`,`sale_id`);--> statement-breakpoint
CREATE INDEX `commission_line_payable_idx` ON `commission_line` (`agency_id`,`payable_id`);--> statement-breakpoint
ALTER TABLE `agency` ADD `commission_release` text DEFAULT 'full_payment' NOT NULL;--> statement-breakpoint
ALTER TABLE `sale` ADD `commission_rule` text;--> statement-breakpoint
ALTER TABLE `sale` ADD `commission_bps` integer;