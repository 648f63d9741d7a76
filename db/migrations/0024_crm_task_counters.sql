-- Counters kept by triggers so every writer (app, seed, SQL by hand) counts
-- (db/schema/crm.ts, db/schema/tasks.ts):
-- - crm_stage.deal_count / value_cents: the live (not deleted) deals in the stage and
--   their value, for the board's column headers without a scan;
-- - task.checklist_total / checklist_done and task.comment_count, for the cards.
--> statement-breakpoint
CREATE TRIGGER deal_stage_insert AFTER INSERT ON deal WHEN NEW.deleted_at IS NULL BEGIN
  UPDATE crm_stage SET deal_count = deal_count + 1, value_cents = value_cents + NEW.value_cents WHERE id = NEW.stage_id;
END;
--> statement-breakpoint
CREATE TRIGGER deal_stage_update AFTER UPDATE OF stage_id, value_cents, deleted_at ON deal BEGIN
  UPDATE crm_stage SET deal_count = deal_count - 1, value_cents = value_cents - OLD.value_cents WHERE id = OLD.stage_id AND OLD.deleted_at IS NULL;
  UPDATE crm_stage SET deal_count = deal_count + 1, value_cents = value_cents + NEW.value_cents WHERE id = NEW.stage_id AND NEW.deleted_at IS NULL;
END;
--> statement-breakpoint
CREATE TRIGGER deal_stage_delete AFTER DELETE ON deal WHEN OLD.deleted_at IS NULL BEGIN
  UPDATE crm_stage SET deal_count = deal_count - 1, value_cents = value_cents - OLD.value_cents WHERE id = OLD.stage_id;
END;
--> statement-breakpoint
CREATE TRIGGER task_checklist_insert AFTER INSERT ON task_checklist_item BEGIN
  UPDATE task SET checklist_total = checklist_total + 1, checklist_done = checklist_done + NEW.done WHERE id = NEW.task_id;
END;
--> statement-breakpoint
CREATE TRIGGER task_checklist_update AFTER UPDATE OF done ON task_checklist_item WHEN OLD.done <> NEW.done BEGIN
  UPDATE task SET checklist_done = checklist_done + NEW.done - OLD.done WHERE id = NEW.task_id;
END;
--> statement-breakpoint
CREATE TRIGGER task_checklist_delete AFTER DELETE ON task_checklist_item BEGIN
  UPDATE task SET checklist_total = checklist_total - 1, checklist_done = checklist_done - OLD.done WHERE id = OLD.task_id;
END;
--> statement-breakpoint
CREATE TRIGGER task_comment_insert AFTER INSERT ON task_comment BEGIN
  UPDATE task SET comment_count = comment_count + 1 WHERE id = NEW.task_id;
END;
--> statement-breakpoint
CREATE TRIGGER task_comment_delete AFTER DELETE ON task_comment BEGIN
  UPDATE task SET comment_count = comment_count - 1 WHERE id = OLD.task_id;
END;
