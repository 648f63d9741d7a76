-- Live-row counters of the registers (db/schema/registers.ts registerCount):
-- kept by triggers so every writer (app, seed, imports, SQL by hand) counts.
-- A row is live while deleted_at is null; soft delete and restore move it.
--> statement-breakpoint
CREATE TRIGGER client_count_insert AFTER INSERT ON client WHEN NEW.deleted_at IS NULL BEGIN
  INSERT INTO register_count (agency_id, entity, live) VALUES (NEW.agency_id, 'client', 1)
  ON CONFLICT (agency_id, entity) DO UPDATE SET live = live + 1;
END;
--> statement-breakpoint
CREATE TRIGGER client_count_soft_delete AFTER UPDATE OF deleted_at ON client WHEN OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL BEGIN
  UPDATE register_count SET live = live - 1 WHERE agency_id = NEW.agency_id AND entity = 'client';
END;
--> statement-breakpoint
CREATE TRIGGER client_count_restore AFTER UPDATE OF deleted_at ON client WHEN OLD.deleted_at IS NOT NULL AND NEW.deleted_at IS NULL BEGIN
  INSERT INTO register_count (agency_id, entity, live) VALUES (NEW.agency_id, 'client', 1)
  ON CONFLICT (agency_id, entity) DO UPDATE SET live = live + 1;
END;
--> statement-breakpoint
CREATE TRIGGER client_count_delete AFTER DELETE ON client WHEN OLD.deleted_at IS NULL BEGIN
  UPDATE register_count SET live = live - 1 WHERE agency_id = OLD.agency_id AND entity = 'client';
END;
--> statement-breakpoint
INSERT INTO register_count (agency_id, entity, live)
  SELECT agency_id, 'client', count(*) FROM client WHERE deleted_at IS NULL GROUP BY agency_id
  ON CONFLICT (agency_id, entity) DO UPDATE SET live = excluded.live;
--> statement-breakpoint
CREATE TRIGGER supplier_count_insert AFTER INSERT ON supplier WHEN NEW.deleted_at IS NULL BEGIN
  INSERT INTO register_count (agency_id, entity, live) VALUES (NEW.agency_id, 'supplier', 1)
  ON CONFLICT (agency_id, entity) DO UPDATE SET live = live + 1;
END;
--> statement-breakpoint
CREATE TRIGGER supplier_count_soft_delete AFTER UPDATE OF deleted_at ON supplier WHEN OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL BEGIN
  UPDATE register_count SET live = live - 1 WHERE agency_id = NEW.agency_id AND entity = 'supplier';
END;
--> statement-breakpoint
CREATE TRIGGER supplier_count_restore AFTER UPDATE OF deleted_at ON supplier WHEN OLD.deleted_at IS NOT NULL AND NEW.deleted_at IS NULL BEGIN
  INSERT INTO register_count (agency_id, entity, live) VALUES (NEW.agency_id, 'supplier', 1)
  ON CONFLICT (agency_id, entity) DO UPDATE SET live = live + 1;
END;
--> statement-breakpoint
CREATE TRIGGER supplier_count_delete AFTER DELETE ON supplier WHEN OLD.deleted_at IS NULL BEGIN
  UPDATE register_count SET live = live - 1 WHERE agency_id = OLD.agency_id AND entity = 'supplier';
END;
--> statement-breakpoint
INSERT INTO register_count (agency_id, entity, live)
  SELECT agency_id, 'supplier', count(*) FROM supplier WHERE deleted_at IS NULL GROUP BY agency_id
  ON CONFLICT (agency_id, entity) DO UPDATE SET live = excluded.live;
--> statement-breakpoint
CREATE TRIGGER provider_count_insert AFTER INSERT ON provider WHEN NEW.deleted_at IS NULL BEGIN
  INSERT INTO register_count (agency_id, entity, live) VALUES (NEW.agency_id, 'provider', 1)
  ON CONFLICT (agency_id, entity) DO UPDATE SET live = live + 1;
END;
--> statement-breakpoint
CREATE TRIGGER provider_count_soft_delete AFTER UPDATE OF deleted_at ON provider WHEN OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL BEGIN
  UPDATE register_count SET live = live - 1 WHERE agency_id = NEW.agency_id AND entity = 'provider';
END;
--> statement-breakpoint
CREATE TRIGGER provider_count_restore AFTER UPDATE OF deleted_at ON provider WHEN OLD.deleted_at IS NOT NULL AND NEW.deleted_at IS NULL BEGIN
  INSERT INTO register_count (agency_id, entity, live) VALUES (NEW.agency_id, 'provider', 1)
  ON CONFLICT (agency_id, entity) DO UPDATE SET live = live + 1;
END;
--> statement-breakpoint
CREATE TRIGGER provider_count_delete AFTER DELETE ON provider WHEN OLD.deleted_at IS NULL BEGIN
  UPDATE register_count SET live = live - 1 WHERE agency_id = OLD.agency_id AND entity = 'provider';
END;
--> statement-breakpoint
INSERT INTO register_count (agency_id, entity, live)
  SELECT agency_id, 'provider', count(*) FROM provider WHERE deleted_at IS NULL GROUP BY agency_id
  ON CONFLICT (agency_id, entity) DO UPDATE SET live = excluded.live;
--> statement-breakpoint
CREATE TRIGGER agent_count_insert AFTER INSERT ON agent WHEN NEW.deleted_at IS NULL BEGIN
  INSERT INTO register_count (agency_id, entity, live) VALUES (NEW.agency_id, 'agent', 1)
  ON CONFLICT (agency_id, entity) DO UPDATE SET live = live + 1;
END;
--> statement-breakpoint
CREATE TRIGGER agent_count_soft_delete AFTER UPDATE OF deleted_at ON agent WHEN OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL BEGIN
  UPDATE register_count SET live = live - 1 WHERE agency_id = NEW.agency_id AND entity = 'agent';
END;
--> statement-breakpoint
CREATE TRIGGER agent_count_restore AFTER UPDATE OF deleted_at ON agent WHEN OLD.deleted_at IS NOT NULL AND NEW.deleted_at IS NULL BEGIN
  INSERT INTO register_count (agency_id, entity, live) VALUES (NEW.agency_id, 'agent', 1)
  ON CONFLICT (agency_id, entity) DO UPDATE SET live = live + 1;
END;
--> statement-breakpoint
CREATE TRIGGER agent_count_delete AFTER DELETE ON agent WHEN OLD.deleted_at IS NULL BEGIN
  UPDATE register_count SET live = live - 1 WHERE agency_id = OLD.agency_id AND entity = 'agent';
END;
--> statement-breakpoint
INSERT INTO register_count (agency_id, entity, live)
  SELECT agency_id, 'agent', count(*) FROM agent WHERE deleted_at IS NULL GROUP BY agency_id
  ON CONFLICT (agency_id, entity) DO UPDATE SET live = excluded.live;
--> statement-breakpoint
CREATE TRIGGER boarding_point_count_insert AFTER INSERT ON boarding_point WHEN NEW.deleted_at IS NULL BEGIN
  INSERT INTO register_count (agency_id, entity, live) VALUES (NEW.agency_id, 'boarding_point', 1)
  ON CONFLICT (agency_id, entity) DO UPDATE SET live = live + 1;
END;
--> statement-breakpoint
CREATE TRIGGER boarding_point_count_soft_delete AFTER UPDATE OF deleted_at ON boarding_point WHEN OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL BEGIN
  UPDATE register_count SET live = live - 1 WHERE agency_id = NEW.agency_id AND entity = 'boarding_point';
END;
--> statement-breakpoint
CREATE TRIGGER boarding_point_count_restore AFTER UPDATE OF deleted_at ON boarding_point WHEN OLD.deleted_at IS NOT NULL AND NEW.deleted_at IS NULL BEGIN
  INSERT INTO register_count (agency_id, entity, live) VALUES (NEW.agency_id, 'boarding_point', 1)
  ON CONFLICT (agency_id, entity) DO UPDATE SET live = live + 1;
END;
--> statement-breakpoint
CREATE TRIGGER boarding_point_count_delete AFTER DELETE ON boarding_point WHEN OLD.deleted_at IS NULL BEGIN
  UPDATE register_count SET live = live - 1 WHERE agency_id = OLD.agency_id AND entity = 'boarding_point';
END;
--> statement-breakpoint
INSERT INTO register_count (agency_id, entity, live)
  SELECT agency_id, 'boarding_point', count(*) FROM boarding_point WHERE deleted_at IS NULL GROUP BY agency_id
  ON CONFLICT (agency_id, entity) DO UPDATE SET live = excluded.live;
--> statement-breakpoint
CREATE TRIGGER destination_count_insert AFTER INSERT ON destination WHEN NEW.deleted_at IS NULL BEGIN
  INSERT INTO register_count (agency_id, entity, live) VALUES (NEW.agency_id, 'destination', 1)
  ON CONFLICT (agency_id, entity) DO UPDATE SET live = live + 1;
END;
--> statement-breakpoint
CREATE TRIGGER destination_count_soft_delete AFTER UPDATE OF deleted_at ON destination WHEN OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL BEGIN
  UPDATE register_count SET live = live - 1 WHERE agency_id = NEW.agency_id AND entity = 'destination';
END;
--> statement-breakpoint
CREATE TRIGGER destination_count_restore AFTER UPDATE OF deleted_at ON destination WHEN OLD.deleted_at IS NOT NULL AND NEW.deleted_at IS NULL BEGIN
  INSERT INTO register_count (agency_id, entity, live) VALUES (NEW.agency_id, 'destination', 1)
  ON CONFLICT (agency_id, entity) DO UPDATE SET live = live + 1;
END;
--> statement-breakpoint
CREATE TRIGGER destination_count_delete AFTER DELETE ON destination WHEN OLD.deleted_at IS NULL BEGIN
  UPDATE register_count SET live = live - 1 WHERE agency_id = OLD.agency_id AND entity = 'destination';
END;
--> statement-breakpoint
INSERT INTO register_count (agency_id, entity, live)
  SELECT agency_id, 'destination', count(*) FROM destination WHERE deleted_at IS NULL GROUP BY agency_id
  ON CONFLICT (agency_id, entity) DO UPDATE SET live = excluded.live;
