DROP INDEX `finance_title_category_idx`;--> statement-breakpoint
CREATE INDEX `finance_title_category_idx` ON `finance_title` (`agency_id`,`category_id`,`competence_date`,`id`);