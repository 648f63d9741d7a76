CREATE INDEX `account_type_agency_idx` ON `account_type` (`agency_id`,`kind`);--> statement-breakpoint
CREATE INDEX `finance_title_total_cover_idx` ON `finance_title_total` (`agency_id`,`direction`,`status`,`due_date`,`currency`,`titles`,`amount_cents`,`paid_cents`);--> statement-breakpoint
CREATE INDEX `payment_term_agency_idx` ON `payment_term` (`agency_id`,`name`);