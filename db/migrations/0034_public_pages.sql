CREATE TABLE `public_cache_version` (
	`agency_id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `agency` ADD `brand_color` text DEFAULT 'teal' NOT NULL;
--> statement-breakpoint
-- Public pages' cache version (decision 0020): every write that can change a public page bumps its agency's version.
CREATE TRIGGER public_version_third_party_package_insert AFTER INSERT ON third_party_package BEGIN
  INSERT INTO public_cache_version (agency_id, version) VALUES (NEW.agency_id, 1) ON CONFLICT (agency_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER public_version_third_party_package_update AFTER UPDATE ON third_party_package BEGIN
  INSERT INTO public_cache_version (agency_id, version) VALUES (NEW.agency_id, 1) ON CONFLICT (agency_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER public_version_third_party_package_delete AFTER DELETE ON third_party_package BEGIN
  INSERT INTO public_cache_version (agency_id, version) VALUES (OLD.agency_id, 1) ON CONFLICT (agency_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER public_version_third_party_package_departure_insert AFTER INSERT ON third_party_package_departure BEGIN
  INSERT INTO public_cache_version (agency_id, version) VALUES (NEW.agency_id, 1) ON CONFLICT (agency_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER public_version_third_party_package_departure_update AFTER UPDATE ON third_party_package_departure BEGIN
  INSERT INTO public_cache_version (agency_id, version) VALUES (NEW.agency_id, 1) ON CONFLICT (agency_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER public_version_third_party_package_departure_delete AFTER DELETE ON third_party_package_departure BEGIN
  INSERT INTO public_cache_version (agency_id, version) VALUES (OLD.agency_id, 1) ON CONFLICT (agency_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER public_version_third_party_package_price_insert AFTER INSERT ON third_party_package_price BEGIN
  INSERT INTO public_cache_version (agency_id, version) VALUES (NEW.agency_id, 1) ON CONFLICT (agency_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER public_version_third_party_package_price_update AFTER UPDATE ON third_party_package_price BEGIN
  INSERT INTO public_cache_version (agency_id, version) VALUES (NEW.agency_id, 1) ON CONFLICT (agency_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER public_version_third_party_package_price_delete AFTER DELETE ON third_party_package_price BEGIN
  INSERT INTO public_cache_version (agency_id, version) VALUES (OLD.agency_id, 1) ON CONFLICT (agency_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER public_version_third_party_package_destination_insert AFTER INSERT ON third_party_package_destination BEGIN
  INSERT INTO public_cache_version (agency_id, version) VALUES (NEW.agency_id, 1) ON CONFLICT (agency_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER public_version_third_party_package_destination_update AFTER UPDATE ON third_party_package_destination BEGIN
  INSERT INTO public_cache_version (agency_id, version) VALUES (NEW.agency_id, 1) ON CONFLICT (agency_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER public_version_third_party_package_destination_delete AFTER DELETE ON third_party_package_destination BEGIN
  INSERT INTO public_cache_version (agency_id, version) VALUES (OLD.agency_id, 1) ON CONFLICT (agency_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER public_version_excursion_insert AFTER INSERT ON excursion BEGIN
  INSERT INTO public_cache_version (agency_id, version) VALUES (NEW.agency_id, 1) ON CONFLICT (agency_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER public_version_excursion_update AFTER UPDATE ON excursion BEGIN
  INSERT INTO public_cache_version (agency_id, version) VALUES (NEW.agency_id, 1) ON CONFLICT (agency_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER public_version_excursion_delete AFTER DELETE ON excursion BEGIN
  INSERT INTO public_cache_version (agency_id, version) VALUES (OLD.agency_id, 1) ON CONFLICT (agency_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER public_version_excursion_price_insert AFTER INSERT ON excursion_price BEGIN
  INSERT INTO public_cache_version (agency_id, version) VALUES (NEW.agency_id, 1) ON CONFLICT (agency_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER public_version_excursion_price_update AFTER UPDATE ON excursion_price BEGIN
  INSERT INTO public_cache_version (agency_id, version) VALUES (NEW.agency_id, 1) ON CONFLICT (agency_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER public_version_excursion_price_delete AFTER DELETE ON excursion_price BEGIN
  INSERT INTO public_cache_version (agency_id, version) VALUES (OLD.agency_id, 1) ON CONFLICT (agency_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER public_version_excursion_boarding_insert AFTER INSERT ON excursion_boarding BEGIN
  INSERT INTO public_cache_version (agency_id, version) VALUES (NEW.agency_id, 1) ON CONFLICT (agency_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER public_version_excursion_boarding_update AFTER UPDATE ON excursion_boarding BEGIN
  INSERT INTO public_cache_version (agency_id, version) VALUES (NEW.agency_id, 1) ON CONFLICT (agency_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER public_version_excursion_boarding_delete AFTER DELETE ON excursion_boarding BEGIN
  INSERT INTO public_cache_version (agency_id, version) VALUES (OLD.agency_id, 1) ON CONFLICT (agency_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER public_version_service_image_insert AFTER INSERT ON service_image BEGIN
  INSERT INTO public_cache_version (agency_id, version) VALUES (NEW.agency_id, 1) ON CONFLICT (agency_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER public_version_service_image_update AFTER UPDATE ON service_image BEGIN
  INSERT INTO public_cache_version (agency_id, version) VALUES (NEW.agency_id, 1) ON CONFLICT (agency_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER public_version_service_image_delete AFTER DELETE ON service_image BEGIN
  INSERT INTO public_cache_version (agency_id, version) VALUES (OLD.agency_id, 1) ON CONFLICT (agency_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER public_version_destination_update AFTER UPDATE ON destination BEGIN
  INSERT INTO public_cache_version (agency_id, version) VALUES (NEW.agency_id, 1) ON CONFLICT (agency_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER public_version_boarding_point_update AFTER UPDATE ON boarding_point BEGIN
  INSERT INTO public_cache_version (agency_id, version) VALUES (NEW.agency_id, 1) ON CONFLICT (agency_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER public_version_agency_update AFTER UPDATE OF name, logo_key, brand_color, phone, email, website, city, state, active, slug ON agency BEGIN
  INSERT INTO public_cache_version (agency_id, version) VALUES (NEW.id, 1) ON CONFLICT (agency_id) DO UPDATE SET version = version + 1;
END;
