CREATE TABLE `contract` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`number` integer NOT NULL,
	`sale_id` text NOT NULL,
	`template_id` text NOT NULL,
	`template_version_id` text NOT NULL,
	`language` text NOT NULL,
	`status` text DEFAULT 'generated' NOT NULL,
	`content` text NOT NULL,
	`title` text NOT NULL,
	`pdf_key` text NOT NULL,
	`pdf_sha256` text NOT NULL,
	`pdf_bytes` integer NOT NULL,
	`token_hash` text,
	`token_expires_at` text,
	`sent_to` text,
	`sent_at` text,
	`send_count` integer DEFAULT 0 NOT NULL,
	`viewed_at` text,
	`otp_hash` text,
	`otp_expires_at` text,
	`otp_verified_at` text,
	`failed_attempts` integer DEFAULT 0 NOT NULL,
	`signed_at` text,
	`signer_name` text,
	`signer_cpf` text,
	`signer_email` text,
	`signer_ip` text,
	`signer_user_agent` text,
	`signature_kind` text,
	`signature_text` text,
	`signature_key` text,
	`signed_pdf_key` text,
	`signed_pdf_sha256` text,
	`declined_at` text,
	`decline_reason` text,
	`cancelled_at` text,
	`cancel_reason` text,
	`expired_at` text,
	`search_text` text DEFAULT '' NOT NULL,
	`created_by` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`sale_id`) REFERENCES `sale`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`template_id`) REFERENCES `contract_template`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`template_version_id`) REFERENCES `contract_template_version`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "contract_status_ck" CHECK(status in ('generated', 'sent', 'viewed', 'signed', 'declined', 'expired', 'cancelled')),
	CONSTRAINT "contract_language_ck" CHECK(language in ('pt', 'en', 'es')),
	CONSTRAINT "contract_signature_ck" CHECK(signature_kind is null or signature_kind in ('drawn', 'typed')),
	CONSTRAINT "contract_signed_ck" CHECK(status <> 'signed' or (signed_at is not null and signed_pdf_sha256 is not null and signer_name is not null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contract_number_uq` ON `contract` (`agency_id`,`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `contract_token_uq` ON `contract` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `contract_live_sale_uq` ON `contract` (`agency_id`,`sale_id`) WHERE status in ('generated', 'sent', 'viewed', 'signed');--> statement-breakpoint
CREATE INDEX `contract_sale_idx` ON `contract` (`agency_id`,`sale_id`);--> statement-breakpoint
CREATE INDEX `contract_status_created_idx` ON `contract` (`agency_id`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `contract_created_idx` ON `contract` (`agency_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `contract_pdf_hash_idx` ON `contract` (`agency_id`,`pdf_sha256`);--> statement-breakpoint
CREATE INDEX `contract_signed_hash_idx` ON `contract` (`agency_id`,`signed_pdf_sha256`);--> statement-breakpoint
CREATE INDEX `contract_expiry_idx` ON `contract` (`status`,`token_expires_at`);--> statement-breakpoint
CREATE TABLE `contract_template` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`name` text NOT NULL,
	`language` text DEFAULT 'pt' NOT NULL,
	`sale_kind` text DEFAULT 'any' NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`body` text NOT NULL,
	`current_version` integer DEFAULT 1 NOT NULL,
	`search_text` text DEFAULT '' NOT NULL,
	`created_by` text,
	`deleted_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "contract_template_language_ck" CHECK(language in ('pt', 'en', 'es')),
	CONSTRAINT "contract_template_kind_ck" CHECK(sale_kind in ('emissivo', 'excursion', 'any'))
);
--> statement-breakpoint
CREATE INDEX `contract_template_name_idx` ON `contract_template` (`agency_id`,`deleted_at`,`name`,`id`);--> statement-breakpoint
CREATE INDEX `contract_template_updated_idx` ON `contract_template` (`agency_id`,`deleted_at`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `contract_template_search_idx` ON `contract_template` (`agency_id`,`deleted_at`,`search_text`);--> statement-breakpoint
CREATE UNIQUE INDEX `contract_template_default_uq` ON `contract_template` (`agency_id`,`sale_kind`) WHERE is_default = 1 and deleted_at is null;--> statement-breakpoint
CREATE TABLE `contract_template_version` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`template_id` text NOT NULL,
	`number` integer NOT NULL,
	`name` text NOT NULL,
	`language` text NOT NULL,
	`body` text NOT NULL,
	`created_by` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`template_id`) REFERENCES `contract_template`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contract_template_version_uq` ON `contract_template_version` (`agency_id`,`template_id`,`number`);--> statement-breakpoint
ALTER TABLE `agency` ADD `contract_signing_otp` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `agency` ADD `contract_link_days` integer DEFAULT 15 NOT NULL;