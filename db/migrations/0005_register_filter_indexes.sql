DROP INDEX `provider_category_idx`;--> statement-breakpoint
CREATE INDEX `provider_category_idx` ON `provider` (`agency_id`,`deleted_at`,`category`,`search_text`,`id`);--> statement-breakpoint
DROP INDEX `supplier_category_idx`;--> statement-breakpoint
CREATE INDEX `supplier_category_idx` ON `supplier` (`agency_id`,`deleted_at`,`category`,`search_text`,`id`);--> statement-breakpoint
CREATE INDEX `client_kind_idx` ON `client` (`agency_id`,`deleted_at`,`kind`,`search_text`,`id`);--> statement-breakpoint
CREATE INDEX `client_consent_idx` ON `client` (`agency_id`,`deleted_at`,`marketing_consent`,`search_text`,`id`);