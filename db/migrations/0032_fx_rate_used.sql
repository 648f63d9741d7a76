ALTER TABLE `finance_entry` ADD `fx_rate_e6` integer;--> statement-breakpoint
ALTER TABLE `finance_entry` ADD `amount_brl_cents` integer;--> statement-breakpoint
ALTER TABLE `finance_title` ADD `fx_rate_e6` integer;--> statement-breakpoint
ALTER TABLE `finance_title` ADD `fx_rate_date` text;--> statement-breakpoint
ALTER TABLE `finance_title` ADD `fx_rate_source` text;--> statement-breakpoint
ALTER TABLE `finance_title` ADD `amount_brl_cents` integer;--> statement-breakpoint
ALTER TABLE `sale` ADD `fx_rate_e6` integer;--> statement-breakpoint
ALTER TABLE `sale` ADD `fx_rate_date` text;--> statement-breakpoint
ALTER TABLE `sale` ADD `fx_rate_source` text;--> statement-breakpoint
-- custom SQL (keep on renumber)
-- Decision 0018 (second half): titles, entries and sales keep the rate they were
-- converted to BRL at, and the DRE sums BRL. SQL never converts: BRL rows take
-- rate 1 and their own amount; foreign rows written before this migration keep
-- null ("no rate") until a writer stores one (editing the title), and the DRE
-- keeps them apart under their own currency instead of adding them to BRL.
UPDATE finance_title SET fx_rate_e6 = 1000000, fx_rate_date = competence_date, fx_rate_source = 'base', amount_brl_cents = amount_cents WHERE currency = 'BRL';
--> statement-breakpoint
UPDATE finance_entry SET fx_rate_e6 = 1000000, amount_brl_cents = net_cents WHERE currency = 'BRL';
--> statement-breakpoint
UPDATE sale SET fx_rate_e6 = 1000000, fx_rate_date = sale_date, fx_rate_source = 'base' WHERE currency = 'BRL' AND confirmed_at IS NOT NULL;
--> statement-breakpoint
-- finance_dre_total (0017) now holds BRL: a row's currency is 'BRL' with the BRL
-- amount when the title or entry has one (amount_brl_cents), else the row's own
-- currency and cents (a foreign row without a rate: shown apart, never mixed).
DROP TRIGGER finance_dre_title_insert;
--> statement-breakpoint
DROP TRIGGER finance_dre_title_update;
--> statement-breakpoint
DROP TRIGGER finance_dre_title_move;
--> statement-breakpoint
DROP TRIGGER finance_dre_title_delete;
--> statement-breakpoint
DROP TRIGGER finance_dre_entry_insert;
--> statement-breakpoint
DROP TRIGGER finance_dre_entry_update;
--> statement-breakpoint
DROP TRIGGER finance_dre_entry_delete;
--> statement-breakpoint
DELETE FROM finance_dre_total;
--> statement-breakpoint
INSERT INTO finance_dre_total (agency_id, basis, month, category_id, currency, items, amount_cents)
  SELECT agency_id, 'competence', substr(competence_date, 1, 7), category_id, case when amount_brl_cents is null then currency else 'BRL' end, count(*),
    sum(case when direction = 'receivable' then coalesce(amount_brl_cents, amount_cents) else -coalesce(amount_brl_cents, amount_cents) end)
  FROM finance_title WHERE status <> 'cancelled'
  GROUP BY agency_id, substr(competence_date, 1, 7), category_id, case when amount_brl_cents is null then currency else 'BRL' end;
--> statement-breakpoint
INSERT INTO finance_dre_total (agency_id, basis, month, category_id, currency, items, amount_cents)
  SELECT e.agency_id, 'cash', substr(e.date, 1, 7), coalesce(e.category_id, t.category_id), case when e.amount_brl_cents is null then e.currency else 'BRL' end, count(*), sum(coalesce(e.amount_brl_cents, e.net_cents))
  FROM finance_entry e LEFT JOIN finance_title t ON t.id = e.title_id AND t.agency_id = e.agency_id
  WHERE e.kind IN ('settlement', 'reversal', 'manual') AND e.transfer_id IS NULL AND coalesce(e.category_id, t.category_id) IS NOT NULL
  GROUP BY e.agency_id, substr(e.date, 1, 7), coalesce(e.category_id, t.category_id), case when e.amount_brl_cents is null then e.currency else 'BRL' end;
--> statement-breakpoint
CREATE TRIGGER finance_dre_title_insert AFTER INSERT ON finance_title BEGIN
  INSERT INTO finance_dre_total (agency_id, basis, month, category_id, currency, items, amount_cents)
  SELECT NEW.agency_id, 'competence', substr(NEW.competence_date, 1, 7), NEW.category_id, case when NEW.amount_brl_cents is null then NEW.currency else 'BRL' end, 1,
    case when NEW.direction = 'receivable' then coalesce(NEW.amount_brl_cents, NEW.amount_cents) else -coalesce(NEW.amount_brl_cents, NEW.amount_cents) end
  WHERE NEW.status <> 'cancelled'
  ON CONFLICT (agency_id, basis, month, category_id, currency) DO UPDATE SET items = items + excluded.items, amount_cents = amount_cents + excluded.amount_cents;
  -- Entries written before their title (SQL by hand, an import) take its category from now on.
  INSERT INTO finance_dre_total (agency_id, basis, month, category_id, currency, items, amount_cents)
  SELECT NEW.agency_id, 'cash', substr(e.date, 1, 7), NEW.category_id, case when e.amount_brl_cents is null then e.currency else 'BRL' end, count(*), sum(coalesce(e.amount_brl_cents, e.net_cents))
  FROM finance_entry e
  WHERE e.agency_id = NEW.agency_id AND e.title_id = NEW.id AND e.category_id IS NULL AND e.kind IN ('settlement', 'reversal', 'manual') AND e.transfer_id IS NULL
  GROUP BY substr(e.date, 1, 7), case when e.amount_brl_cents is null then e.currency else 'BRL' end
  ON CONFLICT (agency_id, basis, month, category_id, currency) DO UPDATE SET items = items + excluded.items, amount_cents = amount_cents + excluded.amount_cents;
END;
--> statement-breakpoint
CREATE TRIGGER finance_dre_title_update AFTER UPDATE OF agency_id, direction, status, category_id, competence_date, currency, amount_cents, amount_brl_cents ON finance_title
WHEN OLD.agency_id IS NOT NEW.agency_id OR OLD.direction IS NOT NEW.direction OR (OLD.status = 'cancelled') IS NOT (NEW.status = 'cancelled')
  OR OLD.category_id IS NOT NEW.category_id OR OLD.competence_date IS NOT NEW.competence_date OR OLD.currency IS NOT NEW.currency
  OR OLD.amount_cents IS NOT NEW.amount_cents OR OLD.amount_brl_cents IS NOT NEW.amount_brl_cents BEGIN
  INSERT INTO finance_dre_total (agency_id, basis, month, category_id, currency, items, amount_cents)
  SELECT OLD.agency_id, 'competence', substr(OLD.competence_date, 1, 7), OLD.category_id, case when OLD.amount_brl_cents is null then OLD.currency else 'BRL' end, -1,
    case when OLD.direction = 'receivable' then -coalesce(OLD.amount_brl_cents, OLD.amount_cents) else coalesce(OLD.amount_brl_cents, OLD.amount_cents) end
  WHERE OLD.status <> 'cancelled'
  ON CONFLICT (agency_id, basis, month, category_id, currency) DO UPDATE SET items = items + excluded.items, amount_cents = amount_cents + excluded.amount_cents;
  INSERT INTO finance_dre_total (agency_id, basis, month, category_id, currency, items, amount_cents)
  SELECT NEW.agency_id, 'competence', substr(NEW.competence_date, 1, 7), NEW.category_id, case when NEW.amount_brl_cents is null then NEW.currency else 'BRL' end, 1,
    case when NEW.direction = 'receivable' then coalesce(NEW.amount_brl_cents, NEW.amount_cents) else -coalesce(NEW.amount_brl_cents, NEW.amount_cents) end
  WHERE NEW.status <> 'cancelled'
  ON CONFLICT (agency_id, basis, month, category_id, currency) DO UPDATE SET items = items + excluded.items, amount_cents = amount_cents + excluded.amount_cents;
END;
--> statement-breakpoint
-- A title's new category (or agency, or id) carries the cash figures of its entries that have no category of their own.
CREATE TRIGGER finance_dre_title_move AFTER UPDATE OF id, agency_id, category_id ON finance_title
WHEN OLD.id IS NOT NEW.id OR OLD.agency_id IS NOT NEW.agency_id OR OLD.category_id IS NOT NEW.category_id BEGIN
  INSERT INTO finance_dre_total (agency_id, basis, month, category_id, currency, items, amount_cents)
  SELECT OLD.agency_id, 'cash', substr(e.date, 1, 7), OLD.category_id, case when e.amount_brl_cents is null then e.currency else 'BRL' end, -count(*), -sum(coalesce(e.amount_brl_cents, e.net_cents))
  FROM finance_entry e
  WHERE e.agency_id = OLD.agency_id AND e.title_id = OLD.id AND e.category_id IS NULL AND e.kind IN ('settlement', 'reversal', 'manual') AND e.transfer_id IS NULL
  GROUP BY substr(e.date, 1, 7), case when e.amount_brl_cents is null then e.currency else 'BRL' end
  ON CONFLICT (agency_id, basis, month, category_id, currency) DO UPDATE SET items = items + excluded.items, amount_cents = amount_cents + excluded.amount_cents;
  INSERT INTO finance_dre_total (agency_id, basis, month, category_id, currency, items, amount_cents)
  SELECT NEW.agency_id, 'cash', substr(e.date, 1, 7), NEW.category_id, case when e.amount_brl_cents is null then e.currency else 'BRL' end, count(*), sum(coalesce(e.amount_brl_cents, e.net_cents))
  FROM finance_entry e
  WHERE e.agency_id = NEW.agency_id AND e.title_id = NEW.id AND e.category_id IS NULL AND e.kind IN ('settlement', 'reversal', 'manual') AND e.transfer_id IS NULL
  GROUP BY substr(e.date, 1, 7), case when e.amount_brl_cents is null then e.currency else 'BRL' end
  ON CONFLICT (agency_id, basis, month, category_id, currency) DO UPDATE SET items = items + excluded.items, amount_cents = amount_cents + excluded.amount_cents;
END;
--> statement-breakpoint
CREATE TRIGGER finance_dre_title_delete AFTER DELETE ON finance_title BEGIN
  INSERT INTO finance_dre_total (agency_id, basis, month, category_id, currency, items, amount_cents)
  SELECT OLD.agency_id, 'competence', substr(OLD.competence_date, 1, 7), OLD.category_id, case when OLD.amount_brl_cents is null then OLD.currency else 'BRL' end, -1,
    case when OLD.direction = 'receivable' then -coalesce(OLD.amount_brl_cents, OLD.amount_cents) else coalesce(OLD.amount_brl_cents, OLD.amount_cents) end
  WHERE OLD.status <> 'cancelled'
  ON CONFLICT (agency_id, basis, month, category_id, currency) DO UPDATE SET items = items + excluded.items, amount_cents = amount_cents + excluded.amount_cents;
  INSERT INTO finance_dre_total (agency_id, basis, month, category_id, currency, items, amount_cents)
  SELECT OLD.agency_id, 'cash', substr(e.date, 1, 7), OLD.category_id, case when e.amount_brl_cents is null then e.currency else 'BRL' end, -count(*), -sum(coalesce(e.amount_brl_cents, e.net_cents))
  FROM finance_entry e
  WHERE e.agency_id = OLD.agency_id AND e.title_id = OLD.id AND e.category_id IS NULL AND e.kind IN ('settlement', 'reversal', 'manual') AND e.transfer_id IS NULL
  GROUP BY substr(e.date, 1, 7), case when e.amount_brl_cents is null then e.currency else 'BRL' end
  ON CONFLICT (agency_id, basis, month, category_id, currency) DO UPDATE SET items = items + excluded.items, amount_cents = amount_cents + excluded.amount_cents;
END;
--> statement-breakpoint
CREATE TRIGGER finance_dre_entry_insert AFTER INSERT ON finance_entry
WHEN NEW.kind IN ('settlement', 'reversal', 'manual') AND NEW.transfer_id IS NULL BEGIN
  INSERT INTO finance_dre_total (agency_id, basis, month, category_id, currency, items, amount_cents)
  SELECT NEW.agency_id, 'cash', substr(NEW.date, 1, 7), c.category_id, case when NEW.amount_brl_cents is null then NEW.currency else 'BRL' end, 1, coalesce(NEW.amount_brl_cents, NEW.net_cents)
  FROM (SELECT coalesce(NEW.category_id, (SELECT t.category_id FROM finance_title t WHERE t.id = NEW.title_id AND t.agency_id = NEW.agency_id)) AS category_id) c
  WHERE c.category_id IS NOT NULL
  ON CONFLICT (agency_id, basis, month, category_id, currency) DO UPDATE SET items = items + excluded.items, amount_cents = amount_cents + excluded.amount_cents;
END;
--> statement-breakpoint
-- Entries are never updated or deleted by the app; these keep the figures exact if SQL does.
CREATE TRIGGER finance_dre_entry_update AFTER UPDATE OF agency_id, kind, date, title_id, net_cents, currency, amount_brl_cents, category_id, transfer_id ON finance_entry
WHEN OLD.agency_id IS NOT NEW.agency_id OR OLD.kind IS NOT NEW.kind OR OLD.date IS NOT NEW.date OR OLD.title_id IS NOT NEW.title_id OR OLD.net_cents IS NOT NEW.net_cents
  OR OLD.currency IS NOT NEW.currency OR OLD.amount_brl_cents IS NOT NEW.amount_brl_cents OR OLD.category_id IS NOT NEW.category_id OR OLD.transfer_id IS NOT NEW.transfer_id BEGIN
  INSERT INTO finance_dre_total (agency_id, basis, month, category_id, currency, items, amount_cents)
  SELECT OLD.agency_id, 'cash', substr(OLD.date, 1, 7), c.category_id, case when OLD.amount_brl_cents is null then OLD.currency else 'BRL' end, -1, -coalesce(OLD.amount_brl_cents, OLD.net_cents)
  FROM (SELECT coalesce(OLD.category_id, (SELECT t.category_id FROM finance_title t WHERE t.id = OLD.title_id AND t.agency_id = OLD.agency_id)) AS category_id) c
  WHERE c.category_id IS NOT NULL AND OLD.kind IN ('settlement', 'reversal', 'manual') AND OLD.transfer_id IS NULL
  ON CONFLICT (agency_id, basis, month, category_id, currency) DO UPDATE SET items = items + excluded.items, amount_cents = amount_cents + excluded.amount_cents;
  INSERT INTO finance_dre_total (agency_id, basis, month, category_id, currency, items, amount_cents)
  SELECT NEW.agency_id, 'cash', substr(NEW.date, 1, 7), c.category_id, case when NEW.amount_brl_cents is null then NEW.currency else 'BRL' end, 1, coalesce(NEW.amount_brl_cents, NEW.net_cents)
  FROM (SELECT coalesce(NEW.category_id, (SELECT t.category_id FROM finance_title t WHERE t.id = NEW.title_id AND t.agency_id = NEW.agency_id)) AS category_id) c
  WHERE c.category_id IS NOT NULL AND NEW.kind IN ('settlement', 'reversal', 'manual') AND NEW.transfer_id IS NULL
  ON CONFLICT (agency_id, basis, month, category_id, currency) DO UPDATE SET items = items + excluded.items, amount_cents = amount_cents + excluded.amount_cents;
END;
--> statement-breakpoint
CREATE TRIGGER finance_dre_entry_delete AFTER DELETE ON finance_entry
WHEN OLD.kind IN ('settlement', 'reversal', 'manual') AND OLD.transfer_id IS NULL BEGIN
  INSERT INTO finance_dre_total (agency_id, basis, month, category_id, currency, items, amount_cents)
  SELECT OLD.agency_id, 'cash', substr(OLD.date, 1, 7), c.category_id, case when OLD.amount_brl_cents is null then OLD.currency else 'BRL' end, -1, -coalesce(OLD.amount_brl_cents, OLD.net_cents)
  FROM (SELECT coalesce(OLD.category_id, (SELECT t.category_id FROM finance_title t WHERE t.id = OLD.title_id AND t.agency_id = OLD.agency_id)) AS category_id) c
  WHERE c.category_id IS NOT NULL
  ON CONFLICT (agency_id, basis, month, category_id, currency) DO UPDATE SET items = items + excluded.items, amount_cents = amount_cents + excluded.amount_cents;
END;
