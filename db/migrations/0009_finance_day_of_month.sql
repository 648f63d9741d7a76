PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_payment_term` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`name` text NOT NULL,
	`down_payment_bp` integer DEFAULT 0 NOT NULL,
	`installments` integer DEFAULT 1 NOT NULL,
	`first_due_days` integer DEFAULT 0 NOT NULL,
	`interval_kind` text DEFAULT 'days' NOT NULL,
	`interval_days` integer DEFAULT 30 NOT NULL,
	`day_of_month` integer,
	`active` integer DEFAULT true NOT NULL,
	`created_by` text,
	`deleted_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "payment_term_values_ck" CHECK(down_payment_bp between 0 and 10000 and installments between 0 and 120 and first_due_days between 0 and 3650 and interval_days between 0 and 3650),
	CONSTRAINT "payment_term_interval_ck" CHECK(interval_kind in ('days', 'day_of_month') and (day_of_month is null or day_of_month between 1 and 31))
);
--> statement-breakpoint
INSERT INTO `__new_payment_term`("id", "agency_id", "name", "down_payment_bp", "installments", "first_due_days", "interval_kind", "interval_days", "day_of_month", "active", "created_by", "deleted_at", "created_at", "updated_at", "version") SELECT "id", "agency_id", "name", "down_payment_bp", "installments", "first_due_days", "interval_kind", "interval_days", "day_of_month", "active", "created_by", "deleted_at", "created_at", "updated_at", "version" FROM `payment_term`;--> statement-breakpoint
DROP TABLE `payment_term`;--> statement-breakpoint
ALTER TABLE `__new_payment_term` RENAME TO `payment_term`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `payment_term_name_uq` ON `payment_term` (`agency_id`,`name`) WHERE deleted_at is null;