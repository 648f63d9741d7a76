CREATE TABLE `fx_currency` (
	`agency_id` text NOT NULL,
	`code` text NOT NULL,
	`created_by` text,
	`created_at` text NOT NULL,
	PRIMARY KEY(`agency_id`, `code`),
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "fx_currency_code_ck" CHECK(length(code) = 3 and code not glob '*[^A-Z]*' and code <> 'BRL')
);
--> statement-breakpoint
CREATE TABLE `fx_rate` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`currency` text NOT NULL,
	`date` text NOT NULL,
	`rate_e6` integer NOT NULL,
	`source` text DEFAULT 'manual' NOT NULL,
	`created_by` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "fx_rate_currency_ck" CHECK(length(currency) = 3 and currency not glob '*[^A-Z]*' and currency <> 'BRL'),
	CONSTRAINT "fx_rate_positive_ck" CHECK(rate_e6 > 0),
	CONSTRAINT "fx_rate_source_ck" CHECK(source in ('manual', 'csv', 'provider'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fx_rate_day_uq` ON `fx_rate` (`agency_id`,`currency`,`date`);--> statement-breakpoint
CREATE INDEX `fx_rate_date_idx` ON `fx_rate` (`agency_id`,`date`,`id`);--> statement-breakpoint
CREATE INDEX `fx_rate_currency_date_idx` ON `fx_rate` (`agency_id`,`currency`,`date`,`id`);--> statement-breakpoint
-- custom SQL (keep on renumber)
-- Câmbio joins Financeiro in every existing licence (defaultLicence() has it for new agencies): enabled, after Configurações.
UPDATE `licence` SET `modules` = json_set(`modules`, '$.financeiro.submodules.cambio', json('{"enabled":true,"order":6,"name":"Câmbio","icon":"cambio"}')) WHERE json_type(`modules`, '$.financeiro.submodules') = 'object' AND json_type(`modules`, '$.financeiro.submodules.cambio') IS NULL;
