CREATE TABLE `receptive_order` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`service_id` text NOT NULL,
	`starts_at` text NOT NULL,
	`ends_at` text NOT NULL,
	`passengers` integer NOT NULL,
	`reference` text,
	`pickup` text,
	`dropoff` text,
	`vehicle_id` text,
	`driver_id` text,
	`guide_id` text,
	`status` text DEFAULT 'scheduled' NOT NULL,
	`notes` text,
	`search_text` text DEFAULT '' NOT NULL,
	`created_by` text,
	`deleted_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`service_id`) REFERENCES `receptive_service`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `fleet_vehicle`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`driver_id`) REFERENCES `driver`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`guide_id`) REFERENCES `guide`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "receptive_order_status_ck" CHECK(status in ('scheduled', 'done', 'cancelled')),
	CONSTRAINT "receptive_order_values_ck" CHECK(ends_at > starts_at and passengers between 1 and 1000)
);
--> statement-breakpoint
CREATE INDEX `receptive_order_starts_idx` ON `receptive_order` (`agency_id`,`deleted_at`,`starts_at`,`id`);--> statement-breakpoint
CREATE INDEX `receptive_order_driver_idx` ON `receptive_order` (`agency_id`,`driver_id`,`starts_at`);--> statement-breakpoint
CREATE INDEX `receptive_order_guide_idx` ON `receptive_order` (`agency_id`,`guide_id`,`starts_at`);--> statement-breakpoint
CREATE INDEX `receptive_order_vehicle_idx` ON `receptive_order` (`agency_id`,`vehicle_id`,`starts_at`);--> statement-breakpoint
CREATE INDEX `receptive_order_service_idx` ON `receptive_order` (`agency_id`,`service_id`,`starts_at`);
--> statement-breakpoint
-- A driver, guide or vehicle is never in two live orders at overlapping times
-- (half-open [starts_at, ends_at)): the last line of defence behind the app's
-- check, so two concurrent saves cannot both book the same person or vehicle.
CREATE TRIGGER receptive_order_no_overlap_insert BEFORE INSERT ON receptive_order
WHEN NEW.deleted_at IS NULL AND NEW.status <> 'cancelled' BEGIN
  SELECT RAISE(ABORT, 'receptive_order_conflict') WHERE EXISTS (
    SELECT 1 FROM receptive_order o
    WHERE o.agency_id = NEW.agency_id AND o.id <> NEW.id AND o.deleted_at IS NULL AND o.status <> 'cancelled'
      AND o.starts_at < NEW.ends_at AND NEW.starts_at < o.ends_at
      AND ((NEW.driver_id IS NOT NULL AND o.driver_id = NEW.driver_id)
        OR (NEW.guide_id IS NOT NULL AND o.guide_id = NEW.guide_id)
        OR (NEW.vehicle_id IS NOT NULL AND o.vehicle_id = NEW.vehicle_id))
  );
END;
--> statement-breakpoint
CREATE TRIGGER receptive_order_no_overlap_update BEFORE UPDATE ON receptive_order
WHEN NEW.deleted_at IS NULL AND NEW.status <> 'cancelled' BEGIN
  SELECT RAISE(ABORT, 'receptive_order_conflict') WHERE EXISTS (
    SELECT 1 FROM receptive_order o
    WHERE o.agency_id = NEW.agency_id AND o.id <> NEW.id AND o.deleted_at IS NULL AND o.status <> 'cancelled'
      AND o.starts_at < NEW.ends_at AND NEW.starts_at < o.ends_at
      AND ((NEW.driver_id IS NOT NULL AND o.driver_id = NEW.driver_id)
        OR (NEW.guide_id IS NOT NULL AND o.guide_id = NEW.guide_id)
        OR (NEW.vehicle_id IS NOT NULL AND o.vehicle_id = NEW.vehicle_id))
  );
END;
