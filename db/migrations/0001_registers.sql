CREATE TABLE `agent` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`name` text NOT NULL,
	`document` text,
	`email` text,
	`phone` text,
	`user_id` text,
	`commission_rule` text DEFAULT 'sale_percent' NOT NULL,
	`commission_bps` integer DEFAULT 0 NOT NULL,
	`pix_key_type` text,
	`pix_key` text,
	`notes` text,
	`search_text` text DEFAULT '' NOT NULL,
	`created_by` text,
	`deleted_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "agent_document_ck" CHECK(document is null or (document not glob '*[^0-9]*' and length(document) in (11, 14))),
	CONSTRAINT "agent_commission_ck" CHECK(commission_bps between 0 and 10000),
	CONSTRAINT "agent_rule_ck" CHECK(commission_rule in ('sale_percent', 'margin_percent')),
	CONSTRAINT "agent_pix_key_type_ck" CHECK(pix_key_type is null or pix_key_type in ('cpf', 'cnpj', 'email', 'phone', 'random'))
);
--> statement-breakpoint
CREATE INDEX `agent_list_idx` ON `agent` (`agency_id`,`deleted_at`,`name`,`id`);--> statement-breakpoint
CREATE INDEX `agent_search_idx` ON `agent` (`agency_id`,`search_text`);--> statement-breakpoint
CREATE UNIQUE INDEX `agent_document_uq` ON `agent` (`agency_id`,`document`) WHERE document is not null and deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX `agent_user_uq` ON `agent` (`agency_id`,`user_id`) WHERE user_id is not null and deleted_at is null;--> statement-breakpoint
CREATE TABLE `boarding_point` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`name` text NOT NULL,
	`address` text,
	`district` text,
	`city` text,
	`state` text,
	`postal_code` text,
	`latitude` real,
	`longitude` real,
	`reference` text,
	`default_offset_minutes` integer DEFAULT 0 NOT NULL,
	`search_text` text DEFAULT '' NOT NULL,
	`created_by` text,
	`deleted_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "boarding_point_coordinates_ck" CHECK((latitude is null or latitude between -90 and 90) and (longitude is null or longitude between -180 and 180))
);
--> statement-breakpoint
CREATE INDEX `boarding_point_list_idx` ON `boarding_point` (`agency_id`,`deleted_at`,`name`,`id`);--> statement-breakpoint
CREATE INDEX `boarding_point_search_idx` ON `boarding_point` (`agency_id`,`search_text`);--> statement-breakpoint
CREATE TABLE `client` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`kind` text DEFAULT 'person' NOT NULL,
	`name` text NOT NULL,
	`trade_name` text,
	`document` text,
	`rg` text,
	`rg_issuer` text,
	`passport_number` text,
	`passport_country` text,
	`passport_expiry` text,
	`nationality` text,
	`birth_date` text,
	`emails` text DEFAULT '[]' NOT NULL,
	`phones` text DEFAULT '[]' NOT NULL,
	`postal_code` text,
	`street` text,
	`number` text,
	`complement` text,
	`district` text,
	`city` text,
	`state` text,
	`country` text DEFAULT 'BR' NOT NULL,
	`emergency_contact_name` text,
	`emergency_contact_phone` text,
	`tags` text DEFAULT '[]' NOT NULL,
	`notes` text,
	`marketing_consent` integer DEFAULT false NOT NULL,
	`consent_at` text,
	`search_text` text DEFAULT '' NOT NULL,
	`created_by` text,
	`deleted_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "client_kind_ck" CHECK(kind in ('person', 'company')),
	CONSTRAINT "client_document_ck" CHECK(document is null or (document not glob '*[^0-9]*' and ((kind = 'person' and length(document) = 11) or (kind = 'company' and length(document) = 14))))
);
--> statement-breakpoint
CREATE INDEX `client_list_idx` ON `client` (`agency_id`,`deleted_at`,`name`,`id`);--> statement-breakpoint
CREATE INDEX `client_search_idx` ON `client` (`agency_id`,`search_text`);--> statement-breakpoint
CREATE UNIQUE INDEX `client_document_uq` ON `client` (`agency_id`,`document`) WHERE document is not null and deleted_at is null;--> statement-breakpoint
CREATE TABLE `destination` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`name` text NOT NULL,
	`city` text,
	`state` text,
	`country` text DEFAULT 'BR' NOT NULL,
	`description` text,
	`cover_key` text,
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
CREATE INDEX `destination_list_idx` ON `destination` (`agency_id`,`deleted_at`,`name`,`id`);--> statement-breakpoint
CREATE INDEX `destination_search_idx` ON `destination` (`agency_id`,`search_text`);--> statement-breakpoint
CREATE TABLE `product_kind` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`kind` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`default_category` text,
	`search_text` text DEFAULT '' NOT NULL,
	`created_by` text,
	`deleted_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "product_kind_kind_ck" CHECK(kind in ('air', 'hotel', 'package', 'insurance', 'transfer', 'tour', 'car_rental', 'cruise', 'other'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_kind_agency_kind_uq` ON `product_kind` (`agency_id`,`kind`);--> statement-breakpoint
CREATE TABLE `provider` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`kind` text DEFAULT 'company' NOT NULL,
	`name` text NOT NULL,
	`trade_name` text,
	`document` text,
	`category` text DEFAULT 'other' NOT NULL,
	`contacts` text DEFAULT '[]' NOT NULL,
	`email` text,
	`phone` text,
	`website` text,
	`city` text,
	`state` text,
	`country` text DEFAULT 'BR' NOT NULL,
	`bank_code` text,
	`bank_branch` text,
	`bank_account` text,
	`bank_account_type` text,
	`pix_key_type` text,
	`pix_key` text,
	`payment_term` text,
	`notes` text,
	`services` text DEFAULT '[]' NOT NULL,
	`search_text` text DEFAULT '' NOT NULL,
	`created_by` text,
	`deleted_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "provider_kind_ck" CHECK(kind in ('person', 'company')),
	CONSTRAINT "provider_document_ck" CHECK(document is null or (document not glob '*[^0-9]*' and ((kind = 'person' and length(document) = 11) or (kind = 'company' and length(document) = 14)))),
	CONSTRAINT "provider_category_ck" CHECK(category in ('hotel', 'airline', 'operator', 'bus_company', 'insurer', 'transfer', 'guide', 'receptive', 'other')),
	CONSTRAINT "provider_bank_account_type_ck" CHECK(bank_account_type is null or bank_account_type in ('checking', 'savings', 'payment')),
	CONSTRAINT "provider_pix_key_type_ck" CHECK(pix_key_type is null or pix_key_type in ('cpf', 'cnpj', 'email', 'phone', 'random'))
);
--> statement-breakpoint
CREATE INDEX `provider_list_idx` ON `provider` (`agency_id`,`deleted_at`,`name`,`id`);--> statement-breakpoint
CREATE INDEX `provider_category_idx` ON `provider` (`agency_id`,`deleted_at`,`category`,`name`);--> statement-breakpoint
CREATE INDEX `provider_search_idx` ON `provider` (`agency_id`,`search_text`);--> statement-breakpoint
CREATE UNIQUE INDEX `provider_document_uq` ON `provider` (`agency_id`,`document`) WHERE document is not null and deleted_at is null;--> statement-breakpoint
CREATE TABLE `supplier` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`kind` text DEFAULT 'company' NOT NULL,
	`name` text NOT NULL,
	`trade_name` text,
	`document` text,
	`category` text DEFAULT 'other' NOT NULL,
	`contacts` text DEFAULT '[]' NOT NULL,
	`email` text,
	`phone` text,
	`website` text,
	`city` text,
	`state` text,
	`country` text DEFAULT 'BR' NOT NULL,
	`bank_code` text,
	`bank_branch` text,
	`bank_account` text,
	`bank_account_type` text,
	`pix_key_type` text,
	`pix_key` text,
	`payment_term` text,
	`notes` text,
	`search_text` text DEFAULT '' NOT NULL,
	`created_by` text,
	`deleted_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "supplier_kind_ck" CHECK(kind in ('person', 'company')),
	CONSTRAINT "supplier_document_ck" CHECK(document is null or (document not glob '*[^0-9]*' and ((kind = 'person' and length(document) = 11) or (kind = 'company' and length(document) = 14)))),
	CONSTRAINT "supplier_category_ck" CHECK(category in ('hotel', 'airline', 'operator', 'bus_company', 'insurer', 'transfer', 'guide', 'receptive', 'other')),
	CONSTRAINT "supplier_bank_account_type_ck" CHECK(bank_account_type is null or bank_account_type in ('checking', 'savings', 'payment')),
	CONSTRAINT "supplier_pix_key_type_ck" CHECK(pix_key_type is null or pix_key_type in ('cpf', 'cnpj', 'email', 'phone', 'random'))
);
--> statement-breakpoint
CREATE INDEX `supplier_list_idx` ON `supplier` (`agency_id`,`deleted_at`,`name`,`id`);--> statement-breakpoint
CREATE INDEX `supplier_category_idx` ON `supplier` (`agency_id`,`deleted_at`,`category`,`name`);--> statement-breakpoint
CREATE INDEX `supplier_search_idx` ON `supplier` (`agency_id`,`search_text`);--> statement-breakpoint
CREATE UNIQUE INDEX `supplier_document_uq` ON `supplier` (`agency_id`,`document`) WHERE document is not null and deleted_at is null;