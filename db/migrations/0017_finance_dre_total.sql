CREATE TABLE `finance_dre_total` (
	`agency_id` text NOT NULL,
	`basis` text NOT NULL,
	`month` text NOT NULL,
	`category_id` text NOT NULL,
	`currency` text NOT NULL,
	`items` integer DEFAULT 0 NOT NULL,
	`amount_cents` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`agency_id`, `basis`, `month`, `category_id`, `currency`),
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `finance_dre_total_cover_idx` ON `finance_dre_total` (`agency_id`,`basis`,`month`,`category_id`,`currency`,`items`,`amount_cents`);--> statement-breakpoint
CREATE TABLE `finance_title_category_total` (
	`agency_id` text NOT NULL,
	`direction` text NOT NULL,
	`category_id` text NOT NULL,
	`status` text NOT NULL,
	`due_date` text NOT NULL,
	`currency` text NOT NULL,
	`titles` integer DEFAULT 0 NOT NULL,
	`amount_cents` integer DEFAULT 0 NOT NULL,
	`paid_cents` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`agency_id`, `direction`, `category_id`, `status`, `due_date`, `currency`),
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `finance_title_category_total_cover_idx` ON `finance_title_category_total` (`agency_id`,`direction`,`category_id`,`status`,`due_date`,`currency`,`titles`,`amount_cents`,`paid_cents`);