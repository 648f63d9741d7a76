DROP INDEX `deal_owner_idx`;--> statement-breakpoint
CREATE INDEX `deal_owner_idx` ON `deal` (`agency_id`,`owner_user_id`,`deleted_at`,`stage_id`,`position`,`id`);--> statement-breakpoint
CREATE INDEX `webhook_agency_type_idx` ON `webhook_event` (`agency_id`,`event_type`,`received_at`);