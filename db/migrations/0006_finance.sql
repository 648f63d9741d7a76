CREATE TABLE `account_type` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_by` text,
	`deleted_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "account_type_kind_ck" CHECK(kind in ('checking', 'savings', 'cash', 'card', 'wallet'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `account_type_name_uq` ON `account_type` (`agency_id`,`name`) WHERE deleted_at is null;--> statement-breakpoint
CREATE TABLE `bank_account` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`name` text NOT NULL,
	`account_type_id` text NOT NULL,
	`bank_code` text,
	`branch` text,
	`number` text,
	`opening_balance_cents` integer DEFAULT 0 NOT NULL,
	`opening_date` text NOT NULL,
	`currency` text DEFAULT 'BRL' NOT NULL,
	`search_text` text DEFAULT '' NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_by` text,
	`deleted_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "bank_account_bank_code_ck" CHECK(bank_code is null or (length(bank_code) = 3 and bank_code not glob '*[^0-9]*'))
);
--> statement-breakpoint
CREATE INDEX `bank_account_list_idx` ON `bank_account` (`agency_id`,`deleted_at`,`search_text`,`id`);--> statement-breakpoint
CREATE INDEX `bank_account_created_idx` ON `bank_account` (`agency_id`,`deleted_at`,`created_at`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `bank_account_name_uq` ON `bank_account` (`agency_id`,`name`) WHERE deleted_at is null;--> statement-breakpoint
CREATE TABLE `chart_account` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`nature` text NOT NULL,
	`parent_id` text,
	`system_key` text,
	`active` integer DEFAULT true NOT NULL,
	`created_by` text,
	`deleted_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "chart_account_nature_ck" CHECK(nature in ('revenue', 'deduction', 'cost', 'expense', 'asset', 'liability', 'equity'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `chart_account_code_uq` ON `chart_account` (`agency_id`,`code`) WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX `chart_account_system_key_uq` ON `chart_account` (`agency_id`,`system_key`) WHERE system_key is not null;--> statement-breakpoint
CREATE INDEX `chart_account_parent_idx` ON `chart_account` (`agency_id`,`parent_id`);--> statement-breakpoint
CREATE TABLE `finance_attachment` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`title_id` text NOT NULL,
	`key` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`sha256` text NOT NULL,
	`created_by` text,
	`deleted_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `finance_attachment_title_idx` ON `finance_attachment` (`agency_id`,`title_id`);--> statement-breakpoint
CREATE TABLE `finance_entry` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`bank_account_id` text NOT NULL,
	`kind` text NOT NULL,
	`date` text NOT NULL,
	`title_id` text,
	`principal_cents` integer DEFAULT 0 NOT NULL,
	`interest_cents` integer DEFAULT 0 NOT NULL,
	`fine_cents` integer DEFAULT 0 NOT NULL,
	`discount_cents` integer DEFAULT 0 NOT NULL,
	`fee_cents` integer DEFAULT 0 NOT NULL,
	`intermediary_id` text,
	`net_cents` integer NOT NULL,
	`currency` text DEFAULT 'BRL' NOT NULL,
	`category_id` text,
	`reverses_id` text,
	`transfer_id` text,
	`description` text,
	`origin` text DEFAULT 'manual' NOT NULL,
	`origin_ref` text,
	`created_by` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "finance_entry_kind_ck" CHECK(kind in ('settlement', 'reversal', 'transfer_out', 'transfer_in', 'manual')),
	CONSTRAINT "finance_entry_origin_ck" CHECK(origin in ('manual', 'webhook', 'seed'))
);
--> statement-breakpoint
CREATE INDEX `finance_entry_account_date_idx` ON `finance_entry` (`agency_id`,`bank_account_id`,`date`,`id`);--> statement-breakpoint
CREATE INDEX `finance_entry_title_idx` ON `finance_entry` (`agency_id`,`title_id`);--> statement-breakpoint
CREATE INDEX `finance_entry_date_idx` ON `finance_entry` (`agency_id`,`date`);--> statement-breakpoint
CREATE INDEX `finance_entry_transfer_idx` ON `finance_entry` (`agency_id`,`transfer_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `finance_entry_reverses_uq` ON `finance_entry` (`reverses_id`) WHERE reverses_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `finance_entry_origin_ref_uq` ON `finance_entry` (`agency_id`,`origin`,`origin_ref`) WHERE origin_ref is not null;--> statement-breakpoint
CREATE TABLE `finance_title` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`direction` text NOT NULL,
	`party_kind` text NOT NULL,
	`party_id` text NOT NULL,
	`description` text NOT NULL,
	`document_number` text,
	`category_id` text NOT NULL,
	`competence_date` text NOT NULL,
	`due_date` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text DEFAULT 'BRL' NOT NULL,
	`paid_cents` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`installment_no` integer DEFAULT 1 NOT NULL,
	`installment_count` integer DEFAULT 1 NOT NULL,
	`group_id` text NOT NULL,
	`payment_term_id` text,
	`origin_kind` text DEFAULT 'manual' NOT NULL,
	`origin_id` text,
	`notes` text,
	`cancelled_at` text,
	`cancel_reason` text,
	`search_text` text DEFAULT '' NOT NULL,
	`created_by` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "finance_title_direction_ck" CHECK(direction in ('receivable', 'payable')),
	CONSTRAINT "finance_title_party_kind_ck" CHECK(party_kind in ('client', 'supplier', 'provider', 'agent')),
	CONSTRAINT "finance_title_status_ck" CHECK(status in ('open', 'partial', 'paid', 'cancelled')),
	CONSTRAINT "finance_title_amounts_ck" CHECK(amount_cents > 0 and paid_cents >= 0 and paid_cents <= amount_cents),
	CONSTRAINT "finance_title_installment_ck" CHECK(installment_no between 1 and installment_count)
);
--> statement-breakpoint
CREATE INDEX `finance_title_due_idx` ON `finance_title` (`agency_id`,`direction`,`due_date`,`id`);--> statement-breakpoint
CREATE INDEX `finance_title_status_due_idx` ON `finance_title` (`agency_id`,`direction`,`status`,`due_date`,`id`);--> statement-breakpoint
CREATE INDEX `finance_title_amount_idx` ON `finance_title` (`agency_id`,`direction`,`amount_cents`,`id`);--> statement-breakpoint
CREATE INDEX `finance_title_created_idx` ON `finance_title` (`agency_id`,`direction`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `finance_title_party_idx` ON `finance_title` (`agency_id`,`party_kind`,`party_id`);--> statement-breakpoint
CREATE INDEX `finance_title_category_idx` ON `finance_title` (`agency_id`,`category_id`,`competence_date`);--> statement-breakpoint
CREATE INDEX `finance_title_competence_idx` ON `finance_title` (`agency_id`,`competence_date`);--> statement-breakpoint
CREATE INDEX `finance_title_group_idx` ON `finance_title` (`agency_id`,`group_id`);--> statement-breakpoint
CREATE INDEX `finance_title_origin_idx` ON `finance_title` (`agency_id`,`origin_kind`,`origin_id`);--> statement-breakpoint
CREATE TABLE `intermediary` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`name` text NOT NULL,
	`kind` text DEFAULT 'gateway' NOT NULL,
	`fee_bp` integer DEFAULT 0 NOT NULL,
	`fixed_fee_cents` integer DEFAULT 0 NOT NULL,
	`settlement_days` integer DEFAULT 0 NOT NULL,
	`bank_account_id` text,
	`active` integer DEFAULT true NOT NULL,
	`created_by` text,
	`deleted_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "intermediary_values_ck" CHECK(fee_bp between 0 and 10000 and fixed_fee_cents >= 0 and settlement_days between 0 and 365)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `intermediary_name_uq` ON `intermediary` (`agency_id`,`name`) WHERE deleted_at is null;--> statement-breakpoint
CREATE TABLE `payment_term` (
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
	CONSTRAINT "payment_term_interval_ck" CHECK(interval_kind in ('days', 'day_of_month') and (day_of_month is null or day_of_month between 1 and 28))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_term_name_uq` ON `payment_term` (`agency_id`,`name`) WHERE deleted_at is null;