CREATE TABLE `register_count` (
	`agency_id` text NOT NULL,
	`entity` text NOT NULL,
	`live` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`agency_id`, `entity`),
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
DROP INDEX `agent_list_idx`;--> statement-breakpoint
CREATE INDEX `agent_created_idx` ON `agent` (`agency_id`,`deleted_at`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `agent_list_idx` ON `agent` (`agency_id`,`deleted_at`,`search_text`,`id`);--> statement-breakpoint
DROP INDEX `boarding_point_list_idx`;--> statement-breakpoint
CREATE INDEX `boarding_point_created_idx` ON `boarding_point` (`agency_id`,`deleted_at`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `boarding_point_list_idx` ON `boarding_point` (`agency_id`,`deleted_at`,`search_text`,`id`);--> statement-breakpoint
DROP INDEX `client_list_idx`;--> statement-breakpoint
CREATE INDEX `client_city_idx` ON `client` (`agency_id`,`deleted_at`,`city`,`id`);--> statement-breakpoint
CREATE INDEX `client_created_idx` ON `client` (`agency_id`,`deleted_at`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `client_list_idx` ON `client` (`agency_id`,`deleted_at`,`search_text`,`id`);--> statement-breakpoint
DROP INDEX `destination_list_idx`;--> statement-breakpoint
CREATE INDEX `destination_created_idx` ON `destination` (`agency_id`,`deleted_at`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `destination_list_idx` ON `destination` (`agency_id`,`deleted_at`,`search_text`,`id`);--> statement-breakpoint
DROP INDEX `provider_list_idx`;--> statement-breakpoint
CREATE INDEX `provider_city_idx` ON `provider` (`agency_id`,`deleted_at`,`city`,`id`);--> statement-breakpoint
CREATE INDEX `provider_created_idx` ON `provider` (`agency_id`,`deleted_at`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `provider_list_idx` ON `provider` (`agency_id`,`deleted_at`,`search_text`,`id`);--> statement-breakpoint
DROP INDEX `supplier_list_idx`;--> statement-breakpoint
CREATE INDEX `supplier_city_idx` ON `supplier` (`agency_id`,`deleted_at`,`city`,`id`);--> statement-breakpoint
CREATE INDEX `supplier_created_idx` ON `supplier` (`agency_id`,`deleted_at`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `supplier_list_idx` ON `supplier` (`agency_id`,`deleted_at`,`search_text`,`id`);