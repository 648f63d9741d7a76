CREATE TABLE `finance_dre_total` (
	`agency_id` text NOT NULL,
	`basis` text NOT NULL,
	`month` text NOT NULL,
	`category_id` text NOT NULL,
	`currency` text NOT NULL,
	`items` integer DEFAULT 0 NOT NULL,
	`amount_cents` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`agency_id`, `basis`, `month`, `category_id`, `currency`),
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `finance_dre_total_cover_idx` ON `finance_dre_total` (`agency_id`,`basis`,`month`,`category_id`,`currency`,`items`,`amount_cents`);--> statement-breakpoint
CREATE TABLE `finance_title_category_total` (
	`agency_id` text NOT NULL,
	`direction` text NOT NULL,
	`category_id` text NOT NULL,
	`status` text NOT NULL,
	`due_date` text NOT NULL,
	`currency` text NOT NULL,
	`titles` integer DEFAULT 0 NOT NULL,
	`amount_cents` integer DEFAULT 0 NOT NULL,
	`paid_cents` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`agency_id`, `direction`, `category_id`, `status`, `due_date`, `currency`),
	FOREIGN KEY (`agency_id`) REFERENCES `agency`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `finance_title_category_total_cover_idx` ON `finance_title_category_total` (`agency_id`,`direction`,`category_id`,`status`,`due_date`,`currency`,`titles`,`amount_cents`,`paid_cents`);--> statement-breakpoint
-- finance_title_category_total (db/schema/finance.ts): finance_title_total per
-- category, kept the same way (0011), so a list filtered by a category sums its rows.
INSERT INTO finance_title_category_total (agency_id, direction, category_id, status, due_date, currency, titles, amount_cents, paid_cents)
  SELECT agency_id, direction, category_id, status, due_date, currency, count(*), sum(amount_cents), sum(paid_cents) FROM finance_title
  GROUP BY agency_id, direction, category_id, status, due_date, currency;
--> statement-breakpoint
CREATE TRIGGER finance_title_category_total_insert AFTER INSERT ON finance_title BEGIN
  INSERT INTO finance_title_category_total (agency_id, direction, category_id, status, due_date, currency, titles, amount_cents, paid_cents)
  VALUES (NEW.agency_id, NEW.direction, NEW.category_id, NEW.status, NEW.due_date, NEW.currency, 1, NEW.amount_cents, NEW.paid_cents)
  ON CONFLICT (agency_id, direction, category_id, status, due_date, currency) DO UPDATE SET
    titles = titles + 1, amount_cents = amount_cents + excluded.amount_cents, paid_cents = paid_cents + excluded.paid_cents;
END;
--> statement-breakpoint
CREATE TRIGGER finance_title_category_total_update AFTER UPDATE OF agency_id, direction, category_id, status, due_date, currency, amount_cents, paid_cents ON finance_title
WHEN OLD.agency_id IS NOT NEW.agency_id OR OLD.direction IS NOT NEW.direction OR OLD.category_id IS NOT NEW.category_id OR OLD.status IS NOT NEW.status
  OR OLD.due_date IS NOT NEW.due_date OR OLD.currency IS NOT NEW.currency OR OLD.amount_cents IS NOT NEW.amount_cents OR OLD.paid_cents IS NOT NEW.paid_cents BEGIN
  UPDATE finance_title_category_total SET titles = titles - 1, amount_cents = amount_cents - OLD.amount_cents, paid_cents = paid_cents - OLD.paid_cents
  WHERE agency_id = OLD.agency_id AND direction = OLD.direction AND category_id = OLD.category_id AND status = OLD.status AND due_date = OLD.due_date AND currency = OLD.currency;
  INSERT INTO finance_title_category_total (agency_id, direction, category_id, status, due_date, currency, titles, amount_cents, paid_cents)
  VALUES (NEW.agency_id, NEW.direction, NEW.category_id, NEW.status, NEW.due_date, NEW.currency, 1, NEW.amount_cents, NEW.paid_cents)
  ON CONFLICT (agency_id, direction, category_id, status, due_date, currency) DO UPDATE SET
    titles = titles + 1, amount_cents = amount_cents + excluded.amount_cents, paid_cents = paid_cents + excluded.paid_cents;
END;
--> statement-breakpoint
CREATE TRIGGER finance_title_category_total_delete AFTER DELETE ON finance_title BEGIN
  UPDATE finance_title_category_total SET titles = titles - 1, amount_cents = amount_cents - OLD.amount_cents, paid_cents = paid_cents - OLD.paid_cents
  WHERE agency_id = OLD.agency_id AND direction = OLD.direction AND category_id = OLD.category_id AND status = OLD.status AND due_date = OLD.due_date AND currency = OLD.currency;
END;
--> statement-breakpoint
-- finance_dre_total (db/schema/finance.ts): the DRE's figures, with exactly the
-- rules of the statement it replaces. Competence: the titles not cancelled, by
-- competence month, + a receivable's amount, − a payable's. Cash: settlements,
-- reversals and manual entries outside a transfer, by entry month, net_cents, in
-- the entry's category or else its title's (the same agency's). Filled from the
-- existing rows, then kept by triggers on both tables so every writer counts;
-- every change is an upsert of a signed delta (items −1 / +1).
INSERT INTO finance_dre_total (agency_id, basis, month, category_id, currency, items, amount_cents)
  SELECT agency_id, 'competence', substr(competence_date, 1, 7), category_id, currency, count(*),
    sum(case when direction = 'receivable' then amount_cents else -amount_cents end)
  FROM finance_title WHERE status <> 'cancelled'
  GROUP BY agency_id, substr(competence_date, 1, 7), category_id, currency;
--> statement-breakpoint
INSERT INTO finance_dre_total (agency_id, basis, month, category_id, currency, items, amount_cents)
  SELECT e.agency_id, 'cash', substr(e.date, 1, 7), coalesce(e.category_id, t.category_id), e.currency, count(*), sum(e.net_cents)
  FROM finance_entry e LEFT JOIN finance_title t ON t.id = e.title_id AND t.agency_id = e.agency_id
  WHERE e.kind IN ('settlement', 'reversal', 'manual') AND e.transfer_id IS NULL AND coalesce(e.category_id, t.category_id) IS NOT NULL
  GROUP BY e.agency_id, substr(e.date, 1, 7), coalesce(e.category_id, t.category_id), e.currency;
--> statement-breakpoint
CREATE TRIGGER finance_dre_title_insert AFTER INSERT ON finance_title BEGIN
  INSERT INTO finance_dre_total (agency_id, basis, month, category_id, currency, items, amount_cents)
  SELECT NEW.agency_id, 'competence', substr(NEW.competence_date, 1, 7), NEW.category_id, NEW.currency, 1,
    case when NEW.direction = 'receivable' then NEW.amount_cents else -NEW.amount_cents end
  WHERE NEW.status <> 'cancelled'
  ON CONFLICT (agency_id, basis, month, category_id, currency) DO UPDATE SET items = items + excluded.items, amount_cents = amount_cents + excluded.amount_cents;
  -- Entries written before their title (SQL by hand, an import) take its category from now on.
  INSERT INTO finance_dre_total (agency_id, basis, month, category_id, currency, items, amount_cents)
  SELECT NEW.agency_id, 'cash', substr(e.date, 1, 7), NEW.category_id, e.currency, count(*), sum(e.net_cents)
  FROM finance_entry e
  WHERE e.agency_id = NEW.agency_id AND e.title_id = NEW.id AND e.category_id IS NULL AND e.kind IN ('settlement', 'reversal', 'manual') AND e.transfer_id IS NULL
  GROUP BY substr(e.date, 1, 7), e.currency
  ON CONFLICT (agency_id, basis, month, category_id, currency) DO UPDATE SET items = items + excluded.items, amount_cents = amount_cents + excluded.amount_cents;
END;
--> statement-breakpoint
CREATE TRIGGER finance_dre_title_update AFTER UPDATE OF agency_id, direction, status, category_id, competence_date, currency, amount_cents ON finance_title
WHEN OLD.agency_id IS NOT NEW.agency_id OR OLD.direction IS NOT NEW.direction OR (OLD.status = 'cancelled') IS NOT (NEW.status = 'cancelled')
  OR OLD.category_id IS NOT NEW.category_id OR OLD.competence_date IS NOT NEW.competence_date OR OLD.currency IS NOT NEW.currency
  OR OLD.amount_cents IS NOT NEW.amount_cents BEGIN
  INSERT INTO finance_dre_total (agency_id, basis, month, category_id, currency, items, amount_cents)
  SELECT OLD.agency_id, 'competence', substr(OLD.competence_date, 1, 7), OLD.category_id, OLD.currency, -1,
    case when OLD.direction = 'receivable' then -OLD.amount_cents else OLD.amount_cents end
  WHERE OLD.status <> 'cancelled'
  ON CONFLICT (agency_id, basis, month, category_id, currency) DO UPDATE SET items = items + excluded.items, amount_cents = amount_cents + excluded.amount_cents;
  INSERT INTO finance_dre_total (agency_id, basis, month, category_id, currency, items, amount_cents)
  SELECT NEW.agency_id, 'competence', substr(NEW.competence_date, 1, 7), NEW.category_id, NEW.currency, 1,
    case when NEW.direction = 'receivable' then NEW.amount_cents else -NEW.amount_cents end
  WHERE NEW.status <> 'cancelled'
  ON CONFLICT (agency_id, basis, month, category_id, currency) DO UPDATE SET items = items + excluded.items, amount_cents = amount_cents + excluded.amount_cents;
END;
--> statement-breakpoint
-- A title's new category (or agency, or id) carries the cash figures of its entries that have no category of their own.
CREATE TRIGGER finance_dre_title_move AFTER UPDATE OF id, agency_id, category_id ON finance_title
WHEN OLD.id IS NOT NEW.id OR OLD.agency_id IS NOT NEW.agency_id OR OLD.category_id IS NOT NEW.category_id BEGIN
  INSERT INTO finance_dre_total (agency_id, basis, month, category_id, currency, items, amount_cents)
  SELECT OLD.agency_id, 'cash', substr(e.date, 1, 7), OLD.category_id, e.currency, -count(*), -sum(e.net_cents)
  FROM finance_entry e
  WHERE e.agency_id = OLD.agency_id AND e.title_id = OLD.id AND e.category_id IS NULL AND e.kind IN ('settlement', 'reversal', 'manual') AND e.transfer_id IS NULL
  GROUP BY substr(e.date, 1, 7), e.currency
  ON CONFLICT (agency_id, basis, month, category_id, currency) DO UPDATE SET items = items + excluded.items, amount_cents = amount_cents + excluded.amount_cents;
  INSERT INTO finance_dre_total (agency_id, basis, month, category_id, currency, items, amount_cents)
  SELECT NEW.agency_id, 'cash', substr(e.date, 1, 7), NEW.category_id, e.currency, count(*), sum(e.net_cents)
  FROM finance_entry e
  WHERE e.agency_id = NEW.agency_id AND e.title_id = NEW.id AND e.category_id IS NULL AND e.kind IN ('settlement', 'reversal', 'manual') AND e.transfer_id IS NULL
  GROUP BY substr(e.date, 1, 7), e.currency
  ON CONFLICT (agency_id, basis, month, category_id, currency) DO UPDATE SET items = items + excluded.items, amount_cents = amount_cents + excluded.amount_cents;
END;
--> statement-breakpoint
CREATE TRIGGER finance_dre_title_delete AFTER DELETE ON finance_title BEGIN
  INSERT INTO finance_dre_total (agency_id, basis, month, category_id, currency, items, amount_cents)
  SELECT OLD.agency_id, 'competence', substr(OLD.competence_date, 1, 7), OLD.category_id, OLD.currency, -1,
    case when OLD.direction = 'receivable' then -OLD.amount_cents else OLD.amount_cents end
  WHERE OLD.status <> 'cancelled'
  ON CONFLICT (agency_id, basis, month, category_id, currency) DO UPDATE SET items = items + excluded.items, amount_cents = amount_cents + excluded.amount_cents;
  INSERT INTO finance_dre_total (agency_id, basis, month, category_id, currency, items, amount_cents)
  SELECT OLD.agency_id, 'cash', substr(e.date, 1, 7), OLD.category_id, e.currency, -count(*), -sum(e.net_cents)
  FROM finance_entry e
  WHERE e.agency_id = OLD.agency_id AND e.title_id = OLD.id AND e.category_id IS NULL AND e.kind IN ('settlement', 'reversal', 'manual') AND e.transfer_id IS NULL
  GROUP BY substr(e.date, 1, 7), e.currency
  ON CONFLICT (agency_id, basis, month, category_id, currency) DO UPDATE SET items = items + excluded.items, amount_cents = amount_cents + excluded.amount_cents;
END;
--> statement-breakpoint
CREATE TRIGGER finance_dre_entry_insert AFTER INSERT ON finance_entry
WHEN NEW.kind IN ('settlement', 'reversal', 'manual') AND NEW.transfer_id IS NULL BEGIN
  INSERT INTO finance_dre_total (agency_id, basis, month, category_id, currency, items, amount_cents)
  SELECT NEW.agency_id, 'cash', substr(NEW.date, 1, 7), c.category_id, NEW.currency, 1, NEW.net_cents
  FROM (SELECT coalesce(NEW.category_id, (SELECT t.category_id FROM finance_title t WHERE t.id = NEW.title_id AND t.agency_id = NEW.agency_id)) AS category_id) c
  WHERE c.category_id IS NOT NULL
  ON CONFLICT (agency_id, basis, month, category_id, currency) DO UPDATE SET items = items + excluded.items, amount_cents = amount_cents + excluded.amount_cents;
END;
--> statement-breakpoint
-- Entries are never updated or deleted by the app; these keep the figures exact if SQL does.
CREATE TRIGGER finance_dre_entry_update AFTER UPDATE OF agency_id, kind, date, title_id, net_cents, currency, category_id, transfer_id ON finance_entry
WHEN OLD.agency_id IS NOT NEW.agency_id OR OLD.kind IS NOT NEW.kind OR OLD.date IS NOT NEW.date OR OLD.title_id IS NOT NEW.title_id OR OLD.net_cents IS NOT NEW.net_cents
  OR OLD.currency IS NOT NEW.currency OR OLD.category_id IS NOT NEW.category_id OR OLD.transfer_id IS NOT NEW.transfer_id BEGIN
  INSERT INTO finance_dre_total (agency_id, basis, month, category_id, currency, items, amount_cents)
  SELECT OLD.agency_id, 'cash', substr(OLD.date, 1, 7), c.category_id, OLD.currency, -1, -OLD.net_cents
  FROM (SELECT coalesce(OLD.category_id, (SELECT t.category_id FROM finance_title t WHERE t.id = OLD.title_id AND t.agency_id = OLD.agency_id)) AS category_id) c
  WHERE c.category_id IS NOT NULL AND OLD.kind IN ('settlement', 'reversal', 'manual') AND OLD.transfer_id IS NULL
  ON CONFLICT (agency_id, basis, month, category_id, currency) DO UPDATE SET items = items + excluded.items, amount_cents = amount_cents + excluded.amount_cents;
  INSERT INTO finance_dre_total (agency_id, basis, month, category_id, currency, items, amount_cents)
  SELECT NEW.agency_id, 'cash', substr(NEW.date, 1, 7), c.category_id, NEW.currency, 1, NEW.net_cents
  FROM (SELECT coalesce(NEW.category_id, (SELECT t.category_id FROM finance_title t WHERE t.id = NEW.title_id AND t.agency_id = NEW.agency_id)) AS category_id) c
  WHERE c.category_id IS NOT NULL AND NEW.kind IN ('settlement', 'reversal', 'manual') AND NEW.transfer_id IS NULL
  ON CONFLICT (agency_id, basis, month, category_id, currency) DO UPDATE SET items = items + excluded.items, amount_cents = amount_cents + excluded.amount_cents;
END;
--> statement-breakpoint
CREATE TRIGGER finance_dre_entry_delete AFTER DELETE ON finance_entry
WHEN OLD.kind IN ('settlement', 'reversal', 'manual') AND OLD.transfer_id IS NULL BEGIN
  INSERT INTO finance_dre_total (agency_id, basis, month, category_id, currency, items, amount_cents)
  SELECT OLD.agency_id, 'cash', substr(OLD.date, 1, 7), c.category_id, OLD.currency, -1, -OLD.net_cents
  FROM (SELECT coalesce(OLD.category_id, (SELECT t.category_id FROM finance_title t WHERE t.id = OLD.title_id AND t.agency_id = OLD.agency_id)) AS category_id) c
  WHERE c.category_id IS NOT NULL
  ON CONFLICT (agency_id, basis, month, category_id, currency) DO UPDATE SET items = items + excluded.items, amount_cents = amount_cents + excluded.amount_cents;
END;
