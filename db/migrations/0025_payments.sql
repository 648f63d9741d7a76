CREATE TABLE `asaas_sim_customer` (
	`id` text PRIMARY KEY NOT NULL,
	`account_key` text NOT NULL,
	`body` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `asaas_sim_customer_account_idx` ON `asaas_sim_customer` (`account_key`,`created_at`);--> statement-breakpoint
CREATE TABLE `asaas_sim_payment` (
	`id` text PRIMARY KEY NOT NULL,
	`account_key` text NOT NULL,
	`customer_id` text NOT NULL,
	`status` text NOT NULL,
	`body` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `asaas_sim_payment_account_idx` ON `asaas_sim_payment` (`account_key`,`created_at`);--> statement-breakpoint
CREATE TABLE `asaas_sim_webhook` (
	`account_key` text PRIMARY KEY NOT NULL,
	`url` text NOT NULL,
	`auth_token` text,
	`enabled` integer DEFAULT true NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`interrupted` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `payment_charge` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`provider` text DEFAULT 'asaas' NOT NULL,
	`environment` text NOT NULL,
	`title_id` text NOT NULL,
	`external_id` text NOT NULL,
	`billing_type` text NOT NULL,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`value_cents` integer NOT NULL,
	`currency` text DEFAULT 'BRL' NOT NULL,
	`due_date` text NOT NULL,
	`invoice_url` text,
	`bank_slip_url` text,
	`identification_field` text,
	`pix_payload` text,
	`pix_qr_image` text,
	`pix_expires_at` text,
	`settlement_entry_id` text,
	`settled_by_event_id` text,
	`last_event_at` text,
	`deleted_at` text,
	`created_by` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`title_id`) REFERENCES `finance_title`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "payment_charge_billing_ck" CHECK(billing_type in ('PIX', 'BOLETO', 'CREDIT_CARD', 'UNDEFINED')),
	CONSTRAINT "payment_charge_status_ck" CHECK(status in ('PENDING', 'RECEIVED', 'CONFIRMED', 'OVERDUE', 'REFUNDED', 'RECEIVED_IN_CASH', 'REFUND_REQUESTED', 'REFUND_IN_PROGRESS', 'CHARGEBACK_REQUESTED', 'CHARGEBACK_DISPUTE', 'AWAITING_CHARGEBACK_REVERSAL', 'DUNNING_REQUESTED', 'DUNNING_RECEIVED', 'AWAITING_RISK_ANALYSIS', 'DELETED')),
	CONSTRAINT "payment_charge_value_ck" CHECK(value_cents > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_charge_external_uq` ON `payment_charge` (`agency_id`,`provider`,`external_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payment_charge_title_live_uq` ON `payment_charge` (`agency_id`,`title_id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `payment_charge_title_idx` ON `payment_charge` (`agency_id`,`title_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `payment_customer` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`provider` text DEFAULT 'asaas' NOT NULL,
	`client_id` text NOT NULL,
	`external_id` text NOT NULL,
	`environment` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`client_id`) REFERENCES `client`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_customer_client_uq` ON `payment_customer` (`agency_id`,`provider`,`environment`,`client_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payment_customer_external_uq` ON `payment_customer` (`agency_id`,`provider`,`external_id`);--> statement-breakpoint
CREATE TABLE `payment_integration` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`provider` text DEFAULT 'asaas' NOT NULL,
	`environment` text DEFAULT 'sandbox' NOT NULL,
	`api_key_enc` text,
	`api_key_hint` text,
	`webhook_token_enc` text NOT NULL,
	`webhook_token_hash` text NOT NULL,
	`enabled` integer DEFAULT false NOT NULL,
	`intermediary_id` text,
	`bank_account_id` text,
	`last_test_at` text,
	`last_test_ok` integer,
	`last_test_message` text,
	`consecutive_failures` integer DEFAULT 0 NOT NULL,
	`failure_alerted_at` text,
	`updated_by` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`updated_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "payment_integration_provider_ck" CHECK(provider in ('asaas')),
	CONSTRAINT "payment_integration_environment_ck" CHECK(environment in ('sandbox', 'production'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_integration_agency_uq` ON `payment_integration` (`agency_id`,`provider`);--> statement-breakpoint
CREATE UNIQUE INDEX `payment_integration_token_uq` ON `payment_integration` (`webhook_token_hash`);--> statement-breakpoint
ALTER TABLE `webhook_event` ADD `last_attempt_at` text;--> statement-breakpoint
ALTER TABLE `webhook_event` ADD `external_ref` text;--> statement-breakpoint
ALTER TABLE `webhook_event` ADD `charge_id` text;--> statement-breakpoint
ALTER TABLE `webhook_event` ADD `title_id` text;--> statement-breakpoint
CREATE INDEX `webhook_agency_status_idx` ON `webhook_event` (`agency_id`,`status`,`received_at`);--> statement-breakpoint
CREATE INDEX `webhook_agency_title_idx` ON `webhook_event` (`agency_id`,`title_id`);