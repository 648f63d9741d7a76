CREATE TABLE `email_settings` (
	`agency_id` text PRIMARY KEY NOT NULL,
	`sender_name` text,
	`sender_email` text,
	`reply_to` text,
	`transport` text DEFAULT 'local' NOT NULL,
	`smtp_host` text,
	`smtp_port` integer,
	`smtp_security` text DEFAULT 'starttls' NOT NULL,
	`smtp_user` text,
	`smtp_password_enc` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`updated_by` text,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `invitation` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`email` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`role` text NOT NULL,
	`locale` text DEFAULT 'pt' NOT NULL,
	`token_hash` text NOT NULL,
	`invited_by` text,
	`expires_at` text NOT NULL,
	`accepted_at` text,
	`revoked_at` text,
	`accepted_user_id` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invitation_token_hash_unique` ON `invitation` (`token_hash`);--> statement-breakpoint
CREATE INDEX `invitation_agency_created_idx` ON `invitation` (`agency_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `invitation_agency_email_idx` ON `invitation` (`agency_id`,`email`);