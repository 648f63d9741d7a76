DROP INDEX `webhook_provider_event_uq`;--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_provider_event_uq` ON `webhook_event` (`provider`,`agency_id`,`event_id`);--> statement-breakpoint
ALTER TABLE `payment_charge` ADD `status_at` text;