ALTER TABLE `finance_entry` ADD `dre_category_id` text;--> statement-breakpoint
CREATE INDEX `finance_entry_dre_idx` ON `finance_entry` (`agency_id`,`dre_category_id`,`date`,`id`);--> statement-breakpoint
-- finance_entry.dre_category_id (db/schema/finance.ts): the entry's own category or
-- else its title's (the same agency's), as the cash DRE counts it (0017), so the
-- drill-down of a cash figure seeks (agency, category, date, id). The app writes it;
-- these triggers keep it right whoever writes (an entry, its title's category, a
-- title arriving after its entries or deleted before them).
UPDATE finance_entry SET dre_category_id = coalesce(category_id,
  (SELECT t.category_id FROM finance_title t WHERE t.id = finance_entry.title_id AND t.agency_id = finance_entry.agency_id));
--> statement-breakpoint
CREATE TRIGGER finance_entry_dre_category_insert AFTER INSERT ON finance_entry
WHEN NEW.dre_category_id IS NOT coalesce(NEW.category_id, (SELECT t.category_id FROM finance_title t WHERE t.id = NEW.title_id AND t.agency_id = NEW.agency_id)) BEGIN
  UPDATE finance_entry SET dre_category_id = coalesce(NEW.category_id, (SELECT t.category_id FROM finance_title t WHERE t.id = NEW.title_id AND t.agency_id = NEW.agency_id))
  WHERE id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER finance_entry_dre_category_update AFTER UPDATE OF agency_id, title_id, category_id, dre_category_id ON finance_entry
WHEN NEW.dre_category_id IS NOT coalesce(NEW.category_id, (SELECT t.category_id FROM finance_title t WHERE t.id = NEW.title_id AND t.agency_id = NEW.agency_id)) BEGIN
  UPDATE finance_entry SET dre_category_id = coalesce(NEW.category_id, (SELECT t.category_id FROM finance_title t WHERE t.id = NEW.title_id AND t.agency_id = NEW.agency_id))
  WHERE id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER finance_entry_dre_category_title_insert AFTER INSERT ON finance_title BEGIN
  UPDATE finance_entry SET dre_category_id = NEW.category_id
  WHERE agency_id = NEW.agency_id AND title_id = NEW.id AND category_id IS NULL AND dre_category_id IS NOT NEW.category_id;
END;
--> statement-breakpoint
CREATE TRIGGER finance_entry_dre_category_title_update AFTER UPDATE OF id, agency_id, category_id ON finance_title
WHEN OLD.id IS NOT NEW.id OR OLD.agency_id IS NOT NEW.agency_id OR OLD.category_id IS NOT NEW.category_id BEGIN
  UPDATE finance_entry SET dre_category_id = NULL
  WHERE agency_id = OLD.agency_id AND title_id = OLD.id AND category_id IS NULL AND (OLD.id IS NOT NEW.id OR OLD.agency_id IS NOT NEW.agency_id);
  UPDATE finance_entry SET dre_category_id = NEW.category_id
  WHERE agency_id = NEW.agency_id AND title_id = NEW.id AND category_id IS NULL;
END;
--> statement-breakpoint
CREATE TRIGGER finance_entry_dre_category_title_delete AFTER DELETE ON finance_title BEGIN
  UPDATE finance_entry SET dre_category_id = NULL
  WHERE agency_id = OLD.agency_id AND title_id = OLD.id AND category_id IS NULL;
END;
