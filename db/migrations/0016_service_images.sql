-- Package images move to service_image (shared with excursions): copied, then the old table dropped.
INSERT INTO `service_image` (`id`, `agency_id`, `owner_kind`, `owner_id`, `storage_key`, `thumb_key`, `content_type`, `width`, `height`, `bytes`, `alt`, `position`, `created_by`, `created_at`, `updated_at`)
SELECT `id`, `agency_id`, 'package', `package_id`, `storage_key`, `thumb_key`, `content_type`, `width`, `height`, `bytes`, `alt`, `position`, `created_by`, `created_at`, `updated_at` FROM `third_party_package_image`;
--> statement-breakpoint
DROP TABLE `third_party_package_image`;
