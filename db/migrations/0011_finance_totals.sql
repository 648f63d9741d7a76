CREATE TABLE `finance_title_total` (
	`agency_id` text NOT NULL,
	`direction` text NOT NULL,
	`status` text NOT NULL,
	`due_date` text NOT NULL,
	`currency` text NOT NULL,
	`titles` integer DEFAULT 0 NOT NULL,
	`amount_cents` integer DEFAULT 0 NOT NULL,
	`paid_cents` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`agency_id`, `direction`, `status`, `due_date`, `currency`),
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `finance_title` ADD `queue_key` text GENERATED ALWAYS AS (case when status in ('open', 'partial') then '0' || due_date else (case when status = 'paid' then '1' else '2' end) || printf('%08d', 99991231 - cast(replace(due_date, '-', '') as integer)) end) VIRTUAL;--> statement-breakpoint
CREATE INDEX `finance_title_queue_idx` ON `finance_title` (`agency_id`,`direction`,`queue_key`,`id`);--> statement-breakpoint
-- finance_title_total (db/schema/finance.ts): kept by triggers so every writer
-- (app, seed, bench, SQL by hand) counts; the lists' totals read these rows.
INSERT INTO finance_title_total (agency_id, direction, status, due_date, currency, titles, amount_cents, paid_cents)
  SELECT agency_id, direction, status, due_date, currency, count(*), sum(amount_cents), sum(paid_cents) FROM finance_title
  GROUP BY agency_id, direction, status, due_date, currency;
--> statement-breakpoint
CREATE TRIGGER finance_title_total_insert AFTER INSERT ON finance_title BEGIN
  INSERT INTO finance_title_total (agency_id, direction, status, due_date, currency, titles, amount_cents, paid_cents)
  VALUES (NEW.agency_id, NEW.direction, NEW.status, NEW.due_date, NEW.currency, 1, NEW.amount_cents, NEW.paid_cents)
  ON CONFLICT (agency_id, direction, status, due_date, currency) DO UPDATE SET
    titles = titles + 1, amount_cents = amount_cents + excluded.amount_cents, paid_cents = paid_cents + excluded.paid_cents;
END;
--> statement-breakpoint
CREATE TRIGGER finance_title_total_update AFTER UPDATE OF agency_id, direction, status, due_date, currency, amount_cents, paid_cents ON finance_title
WHEN OLD.agency_id IS NOT NEW.agency_id OR OLD.direction IS NOT NEW.direction OR OLD.status IS NOT NEW.status OR OLD.due_date IS NOT NEW.due_date
  OR OLD.currency IS NOT NEW.currency OR OLD.amount_cents IS NOT NEW.amount_cents OR OLD.paid_cents IS NOT NEW.paid_cents BEGIN
  UPDATE finance_title_total SET titles = titles - 1, amount_cents = amount_cents - OLD.amount_cents, paid_cents = paid_cents - OLD.paid_cents
  WHERE agency_id = OLD.agency_id AND direction = OLD.direction AND status = OLD.status AND due_date = OLD.due_date AND currency = OLD.currency;
  INSERT INTO finance_title_total (agency_id, direction, status, due_date, currency, titles, amount_cents, paid_cents)
  VALUES (NEW.agency_id, NEW.direction, NEW.status, NEW.due_date, NEW.currency, 1, NEW.amount_cents, NEW.paid_cents)
  ON CONFLICT (agency_id, direction, status, due_date, currency) DO UPDATE SET
    titles = titles + 1, amount_cents = amount_cents + excluded.amount_cents, paid_cents = paid_cents + excluded.paid_cents;
END;
--> statement-breakpoint
CREATE TRIGGER finance_title_total_delete AFTER DELETE ON finance_title BEGIN
  UPDATE finance_title_total SET titles = titles - 1, amount_cents = amount_cents - OLD.amount_cents, paid_cents = paid_cents - OLD.paid_cents
  WHERE agency_id = OLD.agency_id AND direction = OLD.direction AND status = OLD.status AND due_date = OLD.due_date AND currency = OLD.currency;
END;
