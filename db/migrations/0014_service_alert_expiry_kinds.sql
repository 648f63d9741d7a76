PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_service_alert` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`entity` text NOT NULL,
	`entity_id` text NOT NULL,
	`kind` text NOT NULL,
	`deadline` text NOT NULL,
	`days_before` integer NOT NULL,
	`sent_at` text NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "service_alert_kind_ck" CHECK(kind in ('release', 'name_deadline', 'ticketing_deadline', 'cnh_expiry', 'cadastur_expiry', 'insurance_expiry', 'inspection_expiry'))
);
--> statement-breakpoint
INSERT INTO `__new_service_alert`("id", "agency_id", "entity", "entity_id", "kind", "deadline", "days_before", "sent_at") SELECT "id", "agency_id", "entity", "entity_id", "kind", "deadline", "days_before", "sent_at" FROM `service_alert`;--> statement-breakpoint
DROP TABLE `service_alert`;--> statement-breakpoint
ALTER TABLE `__new_service_alert` RENAME TO `service_alert`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `service_alert_once_uq` ON `service_alert` (`agency_id`,`entity`,`entity_id`,`kind`,`deadline`,`days_before`);