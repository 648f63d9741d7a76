CREATE TABLE `search_doc` (
	`id` integer PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`kind` text NOT NULL,
	`record_id` text NOT NULL,
	`title` text NOT NULL,
	`subtitle` text,
	`body` text DEFAULT '' NOT NULL,
	`owner_user_id` text,
	`deleted` integer DEFAULT 0 NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `search_doc_record_uq` ON `search_doc` (`kind`,`record_id`);--> statement-breakpoint
-- Custom SQL (decision 0019): the FTS5 index over search_doc and the triggers that keep
-- search_doc in step with every searchable table, whoever writes it (the app, the seed,
-- imports, SQL by hand). Only live rows (deleted = 0) are in the FTS table.
CREATE VIRTUAL TABLE search_fts USING fts5(title, body, content='search_doc', content_rowid='id', tokenize='trigram remove_diacritics 1');
--> statement-breakpoint
CREATE TRIGGER search_doc_fts_insert AFTER INSERT ON search_doc WHEN NEW.deleted = 0 BEGIN
  INSERT INTO search_fts(rowid, title, body) VALUES (NEW.id, NEW.title, NEW.body);
END;
--> statement-breakpoint
CREATE TRIGGER search_doc_fts_delete AFTER DELETE ON search_doc WHEN OLD.deleted = 0 BEGIN
  INSERT INTO search_fts(search_fts, rowid, title, body) VALUES ('delete', OLD.id, OLD.title, OLD.body);
END;
--> statement-breakpoint
CREATE TRIGGER search_doc_fts_update AFTER UPDATE ON search_doc BEGIN
  INSERT INTO search_fts(search_fts, rowid, title, body) SELECT 'delete', OLD.id, OLD.title, OLD.body WHERE OLD.deleted = 0;
  INSERT INTO search_fts(rowid, title, body) SELECT NEW.id, NEW.title, NEW.body WHERE NEW.deleted = 0;
END;
--> statement-breakpoint
CREATE TRIGGER search_cliente_insert AFTER INSERT ON client BEGIN
  INSERT INTO search_doc (agency_id, kind, record_id, title, subtitle, body, owner_user_id, deleted, updated_at)
  VALUES (NEW.agency_id, 'cliente', NEW.id, NEW.name, json_array(NEW.document, json_extract(NEW.emails, '$[0]'), NEW.city), NEW.search_text, NULL, (NEW.deleted_at IS NOT NULL), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ON CONFLICT (kind, record_id) DO UPDATE SET agency_id = excluded.agency_id, title = excluded.title, subtitle = excluded.subtitle, body = excluded.body, owner_user_id = excluded.owner_user_id, deleted = excluded.deleted, updated_at = excluded.updated_at;
END;
--> statement-breakpoint
CREATE TRIGGER search_cliente_update AFTER UPDATE OF name, document, emails, city, search_text, deleted_at ON client BEGIN
  INSERT INTO search_doc (agency_id, kind, record_id, title, subtitle, body, owner_user_id, deleted, updated_at)
  VALUES (NEW.agency_id, 'cliente', NEW.id, NEW.name, json_array(NEW.document, json_extract(NEW.emails, '$[0]'), NEW.city), NEW.search_text, NULL, (NEW.deleted_at IS NOT NULL), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ON CONFLICT (kind, record_id) DO UPDATE SET agency_id = excluded.agency_id, title = excluded.title, subtitle = excluded.subtitle, body = excluded.body, owner_user_id = excluded.owner_user_id, deleted = excluded.deleted, updated_at = excluded.updated_at;
END;
--> statement-breakpoint
CREATE TRIGGER search_cliente_delete AFTER DELETE ON client BEGIN
  DELETE FROM search_doc WHERE kind IN ('cliente') AND record_id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER search_fornecedor_insert AFTER INSERT ON supplier BEGIN
  INSERT INTO search_doc (agency_id, kind, record_id, title, subtitle, body, owner_user_id, deleted, updated_at)
  VALUES (NEW.agency_id, 'fornecedor', NEW.id, NEW.name, json_array(NEW.trade_name, NEW.document, NEW.city), NEW.search_text, NULL, (NEW.deleted_at IS NOT NULL), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ON CONFLICT (kind, record_id) DO UPDATE SET agency_id = excluded.agency_id, title = excluded.title, subtitle = excluded.subtitle, body = excluded.body, owner_user_id = excluded.owner_user_id, deleted = excluded.deleted, updated_at = excluded.updated_at;
END;
--> statement-breakpoint
CREATE TRIGGER search_fornecedor_update AFTER UPDATE OF name, trade_name, document, city, search_text, deleted_at ON supplier BEGIN
  INSERT INTO search_doc (agency_id, kind, record_id, title, subtitle, body, owner_user_id, deleted, updated_at)
  VALUES (NEW.agency_id, 'fornecedor', NEW.id, NEW.name, json_array(NEW.trade_name, NEW.document, NEW.city), NEW.search_text, NULL, (NEW.deleted_at IS NOT NULL), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ON CONFLICT (kind, record_id) DO UPDATE SET agency_id = excluded.agency_id, title = excluded.title, subtitle = excluded.subtitle, body = excluded.body, owner_user_id = excluded.owner_user_id, deleted = excluded.deleted, updated_at = excluded.updated_at;
END;
--> statement-breakpoint
CREATE TRIGGER search_fornecedor_delete AFTER DELETE ON supplier BEGIN
  DELETE FROM search_doc WHERE kind IN ('fornecedor') AND record_id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER search_prestador_insert AFTER INSERT ON provider BEGIN
  INSERT INTO search_doc (agency_id, kind, record_id, title, subtitle, body, owner_user_id, deleted, updated_at)
  VALUES (NEW.agency_id, 'prestador', NEW.id, NEW.name, json_array(NEW.trade_name, NEW.document, NEW.city), NEW.search_text, NULL, (NEW.deleted_at IS NOT NULL), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ON CONFLICT (kind, record_id) DO UPDATE SET agency_id = excluded.agency_id, title = excluded.title, subtitle = excluded.subtitle, body = excluded.body, owner_user_id = excluded.owner_user_id, deleted = excluded.deleted, updated_at = excluded.updated_at;
END;
--> statement-breakpoint
CREATE TRIGGER search_prestador_update AFTER UPDATE OF name, trade_name, document, city, search_text, deleted_at ON provider BEGIN
  INSERT INTO search_doc (agency_id, kind, record_id, title, subtitle, body, owner_user_id, deleted, updated_at)
  VALUES (NEW.agency_id, 'prestador', NEW.id, NEW.name, json_array(NEW.trade_name, NEW.document, NEW.city), NEW.search_text, NULL, (NEW.deleted_at IS NOT NULL), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ON CONFLICT (kind, record_id) DO UPDATE SET agency_id = excluded.agency_id, title = excluded.title, subtitle = excluded.subtitle, body = excluded.body, owner_user_id = excluded.owner_user_id, deleted = excluded.deleted, updated_at = excluded.updated_at;
END;
--> statement-breakpoint
CREATE TRIGGER search_prestador_delete AFTER DELETE ON provider BEGIN
  DELETE FROM search_doc WHERE kind IN ('prestador') AND record_id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER search_agente_insert AFTER INSERT ON agent BEGIN
  INSERT INTO search_doc (agency_id, kind, record_id, title, subtitle, body, owner_user_id, deleted, updated_at)
  VALUES (NEW.agency_id, 'agente', NEW.id, NEW.name, json_array(NEW.document, NEW.email), NEW.search_text, NULL, (NEW.deleted_at IS NOT NULL), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ON CONFLICT (kind, record_id) DO UPDATE SET agency_id = excluded.agency_id, title = excluded.title, subtitle = excluded.subtitle, body = excluded.body, owner_user_id = excluded.owner_user_id, deleted = excluded.deleted, updated_at = excluded.updated_at;
END;
--> statement-breakpoint
CREATE TRIGGER search_agente_update AFTER UPDATE OF name, document, email, search_text, deleted_at ON agent BEGIN
  INSERT INTO search_doc (agency_id, kind, record_id, title, subtitle, body, owner_user_id, deleted, updated_at)
  VALUES (NEW.agency_id, 'agente', NEW.id, NEW.name, json_array(NEW.document, NEW.email), NEW.search_text, NULL, (NEW.deleted_at IS NOT NULL), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ON CONFLICT (kind, record_id) DO UPDATE SET agency_id = excluded.agency_id, title = excluded.title, subtitle = excluded.subtitle, body = excluded.body, owner_user_id = excluded.owner_user_id, deleted = excluded.deleted, updated_at = excluded.updated_at;
END;
--> statement-breakpoint
CREATE TRIGGER search_agente_delete AFTER DELETE ON agent BEGIN
  DELETE FROM search_doc WHERE kind IN ('agente') AND record_id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER search_embarque_insert AFTER INSERT ON boarding_point BEGIN
  INSERT INTO search_doc (agency_id, kind, record_id, title, subtitle, body, owner_user_id, deleted, updated_at)
  VALUES (NEW.agency_id, 'embarque', NEW.id, NEW.name, json_array(NEW.district, NEW.city), NEW.search_text, NULL, (NEW.deleted_at IS NOT NULL), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ON CONFLICT (kind, record_id) DO UPDATE SET agency_id = excluded.agency_id, title = excluded.title, subtitle = excluded.subtitle, body = excluded.body, owner_user_id = excluded.owner_user_id, deleted = excluded.deleted, updated_at = excluded.updated_at;
END;
--> statement-breakpoint
CREATE TRIGGER search_embarque_update AFTER UPDATE OF name, district, city, search_text, deleted_at ON boarding_point BEGIN
  INSERT INTO search_doc (agency_id, kind, record_id, title, subtitle, body, owner_user_id, deleted, updated_at)
  VALUES (NEW.agency_id, 'embarque', NEW.id, NEW.name, json_array(NEW.district, NEW.city), NEW.search_text, NULL, (NEW.deleted_at IS NOT NULL), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ON CONFLICT (kind, record_id) DO UPDATE SET agency_id = excluded.agency_id, title = excluded.title, subtitle = excluded.subtitle, body = excluded.body, owner_user_id = excluded.owner_user_id, deleted = excluded.deleted, updated_at = excluded.updated_at;
END;
--> statement-breakpoint
CREATE TRIGGER search_embarque_delete AFTER DELETE ON boarding_point BEGIN
  DELETE FROM search_doc WHERE kind IN ('embarque') AND record_id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER search_destino_insert AFTER INSERT ON destination BEGIN
  INSERT INTO search_doc (agency_id, kind, record_id, title, subtitle, body, owner_user_id, deleted, updated_at)
  VALUES (NEW.agency_id, 'destino', NEW.id, NEW.name, json_array(NEW.city, NEW.state, NEW.country), NEW.search_text, NULL, (NEW.deleted_at IS NOT NULL), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ON CONFLICT (kind, record_id) DO UPDATE SET agency_id = excluded.agency_id, title = excluded.title, subtitle = excluded.subtitle, body = excluded.body, owner_user_id = excluded.owner_user_id, deleted = excluded.deleted, updated_at = excluded.updated_at;
END;
--> statement-breakpoint
CREATE TRIGGER search_destino_update AFTER UPDATE OF name, city, state, country, search_text, deleted_at ON destination BEGIN
  INSERT INTO search_doc (agency_id, kind, record_id, title, subtitle, body, owner_user_id, deleted, updated_at)
  VALUES (NEW.agency_id, 'destino', NEW.id, NEW.name, json_array(NEW.city, NEW.state, NEW.country), NEW.search_text, NULL, (NEW.deleted_at IS NOT NULL), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ON CONFLICT (kind, record_id) DO UPDATE SET agency_id = excluded.agency_id, title = excluded.title, subtitle = excluded.subtitle, body = excluded.body, owner_user_id = excluded.owner_user_id, deleted = excluded.deleted, updated_at = excluded.updated_at;
END;
--> statement-breakpoint
CREATE TRIGGER search_destino_delete AFTER DELETE ON destination BEGIN
  DELETE FROM search_doc WHERE kind IN ('destino') AND record_id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER search_pacote_insert AFTER INSERT ON third_party_package BEGIN
  INSERT INTO search_doc (agency_id, kind, record_id, title, subtitle, body, owner_user_id, deleted, updated_at)
  VALUES (NEW.agency_id, 'pacote', NEW.id, NEW.title, json_array((SELECT name FROM supplier WHERE id = NEW.operator_id)), NEW.search_text, NULL, (NEW.archived_at IS NOT NULL), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ON CONFLICT (kind, record_id) DO UPDATE SET agency_id = excluded.agency_id, title = excluded.title, subtitle = excluded.subtitle, body = excluded.body, owner_user_id = excluded.owner_user_id, deleted = excluded.deleted, updated_at = excluded.updated_at;
END;
--> statement-breakpoint
CREATE TRIGGER search_pacote_update AFTER UPDATE OF title, operator_id, search_text, archived_at ON third_party_package BEGIN
  INSERT INTO search_doc (agency_id, kind, record_id, title, subtitle, body, owner_user_id, deleted, updated_at)
  VALUES (NEW.agency_id, 'pacote', NEW.id, NEW.title, json_array((SELECT name FROM supplier WHERE id = NEW.operator_id)), NEW.search_text, NULL, (NEW.archived_at IS NOT NULL), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ON CONFLICT (kind, record_id) DO UPDATE SET agency_id = excluded.agency_id, title = excluded.title, subtitle = excluded.subtitle, body = excluded.body, owner_user_id = excluded.owner_user_id, deleted = excluded.deleted, updated_at = excluded.updated_at;
END;
--> statement-breakpoint
CREATE TRIGGER search_pacote_delete AFTER DELETE ON third_party_package BEGIN
  DELETE FROM search_doc WHERE kind IN ('pacote') AND record_id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER search_excursao_insert AFTER INSERT ON excursion BEGIN
  INSERT INTO search_doc (agency_id, kind, record_id, title, subtitle, body, owner_user_id, deleted, updated_at)
  VALUES (NEW.agency_id, 'excursao', NEW.id, NEW.title, json_array(NEW.departure_at), NEW.search_text, NULL, (NEW.archived_at IS NOT NULL), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ON CONFLICT (kind, record_id) DO UPDATE SET agency_id = excluded.agency_id, title = excluded.title, subtitle = excluded.subtitle, body = excluded.body, owner_user_id = excluded.owner_user_id, deleted = excluded.deleted, updated_at = excluded.updated_at;
END;
--> statement-breakpoint
CREATE TRIGGER search_excursao_update AFTER UPDATE OF title, departure_at, search_text, archived_at ON excursion BEGIN
  INSERT INTO search_doc (agency_id, kind, record_id, title, subtitle, body, owner_user_id, deleted, updated_at)
  VALUES (NEW.agency_id, 'excursao', NEW.id, NEW.title, json_array(NEW.departure_at), NEW.search_text, NULL, (NEW.archived_at IS NOT NULL), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ON CONFLICT (kind, record_id) DO UPDATE SET agency_id = excluded.agency_id, title = excluded.title, subtitle = excluded.subtitle, body = excluded.body, owner_user_id = excluded.owner_user_id, deleted = excluded.deleted, updated_at = excluded.updated_at;
END;
--> statement-breakpoint
CREATE TRIGGER search_excursao_delete AFTER DELETE ON excursion BEGIN
  DELETE FROM search_doc WHERE kind IN ('excursao') AND record_id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER search_venda_insert AFTER INSERT ON sale BEGIN
  INSERT INTO search_doc (agency_id, kind, record_id, title, subtitle, body, owner_user_id, deleted, updated_at)
  VALUES (NEW.agency_id, CASE NEW.kind WHEN 'emissivo' THEN 'venda' ELSE 'venda_excursao' END, NEW.id, '#' || NEW.number || ' · ' || coalesce((SELECT name FROM client WHERE id = NEW.client_id), ''), json_array(NEW.sale_date), NEW.number || ' ' || NEW.search_text, NEW.owner_user_id, (NEW.deleted_at IS NOT NULL), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ON CONFLICT (kind, record_id) DO UPDATE SET agency_id = excluded.agency_id, title = excluded.title, subtitle = excluded.subtitle, body = excluded.body, owner_user_id = excluded.owner_user_id, deleted = excluded.deleted, updated_at = excluded.updated_at;
END;
--> statement-breakpoint
CREATE TRIGGER search_venda_update AFTER UPDATE OF number, client_id, sale_date, search_text, owner_user_id, deleted_at ON sale BEGIN
  INSERT INTO search_doc (agency_id, kind, record_id, title, subtitle, body, owner_user_id, deleted, updated_at)
  VALUES (NEW.agency_id, CASE NEW.kind WHEN 'emissivo' THEN 'venda' ELSE 'venda_excursao' END, NEW.id, '#' || NEW.number || ' · ' || coalesce((SELECT name FROM client WHERE id = NEW.client_id), ''), json_array(NEW.sale_date), NEW.number || ' ' || NEW.search_text, NEW.owner_user_id, (NEW.deleted_at IS NOT NULL), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ON CONFLICT (kind, record_id) DO UPDATE SET agency_id = excluded.agency_id, title = excluded.title, subtitle = excluded.subtitle, body = excluded.body, owner_user_id = excluded.owner_user_id, deleted = excluded.deleted, updated_at = excluded.updated_at;
END;
--> statement-breakpoint
CREATE TRIGGER search_venda_delete AFTER DELETE ON sale BEGIN
  DELETE FROM search_doc WHERE kind IN ('venda', 'venda_excursao') AND record_id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER search_negocio_insert AFTER INSERT ON deal BEGIN
  INSERT INTO search_doc (agency_id, kind, record_id, title, subtitle, body, owner_user_id, deleted, updated_at)
  VALUES (NEW.agency_id, 'negocio', NEW.id, '#' || NEW.number || ' · ' || NEW.title, json_array(coalesce((SELECT name FROM client WHERE id = NEW.client_id), NEW.lead_name)), NEW.number || ' ' || NEW.search_text, NEW.owner_user_id, (NEW.deleted_at IS NOT NULL), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ON CONFLICT (kind, record_id) DO UPDATE SET agency_id = excluded.agency_id, title = excluded.title, subtitle = excluded.subtitle, body = excluded.body, owner_user_id = excluded.owner_user_id, deleted = excluded.deleted, updated_at = excluded.updated_at;
END;
--> statement-breakpoint
CREATE TRIGGER search_negocio_update AFTER UPDATE OF number, title, client_id, lead_name, search_text, owner_user_id, deleted_at ON deal BEGIN
  INSERT INTO search_doc (agency_id, kind, record_id, title, subtitle, body, owner_user_id, deleted, updated_at)
  VALUES (NEW.agency_id, 'negocio', NEW.id, '#' || NEW.number || ' · ' || NEW.title, json_array(coalesce((SELECT name FROM client WHERE id = NEW.client_id), NEW.lead_name)), NEW.number || ' ' || NEW.search_text, NEW.owner_user_id, (NEW.deleted_at IS NOT NULL), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ON CONFLICT (kind, record_id) DO UPDATE SET agency_id = excluded.agency_id, title = excluded.title, subtitle = excluded.subtitle, body = excluded.body, owner_user_id = excluded.owner_user_id, deleted = excluded.deleted, updated_at = excluded.updated_at;
END;
--> statement-breakpoint
CREATE TRIGGER search_negocio_delete AFTER DELETE ON deal BEGIN
  DELETE FROM search_doc WHERE kind IN ('negocio') AND record_id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER search_tarefa_insert AFTER INSERT ON task BEGIN
  INSERT INTO search_doc (agency_id, kind, record_id, title, subtitle, body, owner_user_id, deleted, updated_at)
  VALUES (NEW.agency_id, 'tarefa', NEW.id, '#' || NEW.number || ' · ' || NEW.title, json_array(NEW.due_at), NEW.number || ' ' || NEW.search_text, NULL, (NEW.deleted_at IS NOT NULL), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ON CONFLICT (kind, record_id) DO UPDATE SET agency_id = excluded.agency_id, title = excluded.title, subtitle = excluded.subtitle, body = excluded.body, owner_user_id = excluded.owner_user_id, deleted = excluded.deleted, updated_at = excluded.updated_at;
END;
--> statement-breakpoint
CREATE TRIGGER search_tarefa_update AFTER UPDATE OF number, title, due_at, search_text, deleted_at ON task BEGIN
  INSERT INTO search_doc (agency_id, kind, record_id, title, subtitle, body, owner_user_id, deleted, updated_at)
  VALUES (NEW.agency_id, 'tarefa', NEW.id, '#' || NEW.number || ' · ' || NEW.title, json_array(NEW.due_at), NEW.number || ' ' || NEW.search_text, NULL, (NEW.deleted_at IS NOT NULL), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ON CONFLICT (kind, record_id) DO UPDATE SET agency_id = excluded.agency_id, title = excluded.title, subtitle = excluded.subtitle, body = excluded.body, owner_user_id = excluded.owner_user_id, deleted = excluded.deleted, updated_at = excluded.updated_at;
END;
--> statement-breakpoint
CREATE TRIGGER search_tarefa_delete AFTER DELETE ON task BEGIN
  DELETE FROM search_doc WHERE kind IN ('tarefa') AND record_id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER search_contrato_insert AFTER INSERT ON contract BEGIN
  INSERT INTO search_doc (agency_id, kind, record_id, title, subtitle, body, owner_user_id, deleted, updated_at)
  VALUES (NEW.agency_id, 'contrato', NEW.id, '#' || NEW.number || ' · ' || NEW.title, json_array((SELECT c.name FROM sale s JOIN client c ON c.id = s.client_id WHERE s.id = NEW.sale_id)), NEW.number || ' ' || NEW.search_text, (SELECT owner_user_id FROM sale WHERE id = NEW.sale_id), (0), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ON CONFLICT (kind, record_id) DO UPDATE SET agency_id = excluded.agency_id, title = excluded.title, subtitle = excluded.subtitle, body = excluded.body, owner_user_id = excluded.owner_user_id, deleted = excluded.deleted, updated_at = excluded.updated_at;
END;
--> statement-breakpoint
CREATE TRIGGER search_contrato_update AFTER UPDATE OF number, title, sale_id, search_text ON contract BEGIN
  INSERT INTO search_doc (agency_id, kind, record_id, title, subtitle, body, owner_user_id, deleted, updated_at)
  VALUES (NEW.agency_id, 'contrato', NEW.id, '#' || NEW.number || ' · ' || NEW.title, json_array((SELECT c.name FROM sale s JOIN client c ON c.id = s.client_id WHERE s.id = NEW.sale_id)), NEW.number || ' ' || NEW.search_text, (SELECT owner_user_id FROM sale WHERE id = NEW.sale_id), (0), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ON CONFLICT (kind, record_id) DO UPDATE SET agency_id = excluded.agency_id, title = excluded.title, subtitle = excluded.subtitle, body = excluded.body, owner_user_id = excluded.owner_user_id, deleted = excluded.deleted, updated_at = excluded.updated_at;
END;
--> statement-breakpoint
CREATE TRIGGER search_contrato_delete AFTER DELETE ON contract BEGIN
  DELETE FROM search_doc WHERE kind IN ('contrato') AND record_id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER search_fatura_insert AFTER INSERT ON invoice BEGIN
  INSERT INTO search_doc (agency_id, kind, record_id, title, subtitle, body, owner_user_id, deleted, updated_at)
  VALUES (NEW.agency_id, 'fatura', NEW.id, '#' || NEW.number || ' · ' || NEW.party_name, json_array(NEW.issue_date), NEW.number || ' ' || NEW.party_name || ' ' || coalesce(NEW.party_document, '') || ' ' || NEW.search_text, NULL, (0), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ON CONFLICT (kind, record_id) DO UPDATE SET agency_id = excluded.agency_id, title = excluded.title, subtitle = excluded.subtitle, body = excluded.body, owner_user_id = excluded.owner_user_id, deleted = excluded.deleted, updated_at = excluded.updated_at;
END;
--> statement-breakpoint
CREATE TRIGGER search_fatura_update AFTER UPDATE OF number, party_name, party_document, issue_date, search_text ON invoice BEGIN
  INSERT INTO search_doc (agency_id, kind, record_id, title, subtitle, body, owner_user_id, deleted, updated_at)
  VALUES (NEW.agency_id, 'fatura', NEW.id, '#' || NEW.number || ' · ' || NEW.party_name, json_array(NEW.issue_date), NEW.number || ' ' || NEW.party_name || ' ' || coalesce(NEW.party_document, '') || ' ' || NEW.search_text, NULL, (0), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ON CONFLICT (kind, record_id) DO UPDATE SET agency_id = excluded.agency_id, title = excluded.title, subtitle = excluded.subtitle, body = excluded.body, owner_user_id = excluded.owner_user_id, deleted = excluded.deleted, updated_at = excluded.updated_at;
END;
--> statement-breakpoint
CREATE TRIGGER search_fatura_delete AFTER DELETE ON invoice BEGIN
  DELETE FROM search_doc WHERE kind IN ('fatura') AND record_id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER search_client_rename AFTER UPDATE OF name ON client WHEN OLD.name IS NOT NEW.name BEGIN
  UPDATE search_doc SET title = '#' || (SELECT number FROM sale WHERE id = search_doc.record_id) || ' · ' || NEW.name, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
    WHERE kind IN ('venda', 'venda_excursao') AND record_id IN (SELECT id FROM sale WHERE agency_id = NEW.agency_id AND client_id = NEW.id);
  UPDATE search_doc SET subtitle = json_array(NEW.name), updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
    WHERE kind = 'negocio' AND record_id IN (SELECT id FROM deal WHERE agency_id = NEW.agency_id AND client_id = NEW.id);
  UPDATE search_doc SET subtitle = json_array(NEW.name), updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
    WHERE kind = 'contrato' AND record_id IN (SELECT c.id FROM contract c JOIN sale s ON s.id = c.sale_id WHERE s.agency_id = NEW.agency_id AND s.client_id = NEW.id);
END;
--> statement-breakpoint
CREATE TRIGGER search_supplier_rename AFTER UPDATE OF name ON supplier WHEN OLD.name IS NOT NEW.name BEGIN
  UPDATE search_doc SET subtitle = json_array(NEW.name), updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
    WHERE kind = 'pacote' AND record_id IN (SELECT id FROM third_party_package WHERE agency_id = NEW.agency_id AND operator_id = NEW.id);
END;
--> statement-breakpoint
CREATE TRIGGER search_sale_owner AFTER UPDATE OF owner_user_id ON sale WHEN OLD.owner_user_id IS NOT NEW.owner_user_id BEGIN
  UPDATE search_doc SET owner_user_id = NEW.owner_user_id, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
    WHERE kind = 'contrato' AND record_id IN (SELECT id FROM contract WHERE agency_id = NEW.agency_id AND sale_id = NEW.id);
END;
--> statement-breakpoint
-- Backfill: every existing row (the FTS insert trigger indexes the live ones).
INSERT INTO search_doc (agency_id, kind, record_id, title, subtitle, body, owner_user_id, deleted, updated_at)
  SELECT client.agency_id, 'cliente', client.id, client.name, json_array(client.document, json_extract(client.emails, '$[0]'), client.city), client.search_text, NULL, (client.deleted_at IS NOT NULL), strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM client;
--> statement-breakpoint
INSERT INTO search_doc (agency_id, kind, record_id, title, subtitle, body, owner_user_id, deleted, updated_at)
  SELECT supplier.agency_id, 'fornecedor', supplier.id, supplier.name, json_array(supplier.trade_name, supplier.document, supplier.city), supplier.search_text, NULL, (supplier.deleted_at IS NOT NULL), strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM supplier;
--> statement-breakpoint
INSERT INTO search_doc (agency_id, kind, record_id, title, subtitle, body, owner_user_id, deleted, updated_at)
  SELECT provider.agency_id, 'prestador', provider.id, provider.name, json_array(provider.trade_name, provider.document, provider.city), provider.search_text, NULL, (provider.deleted_at IS NOT NULL), strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM provider;
--> statement-breakpoint
INSERT INTO search_doc (agency_id, kind, record_id, title, subtitle, body, owner_user_id, deleted, updated_at)
  SELECT agent.agency_id, 'agente', agent.id, agent.name, json_array(agent.document, agent.email), agent.search_text, NULL, (agent.deleted_at IS NOT NULL), strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM agent;
--> statement-breakpoint
INSERT INTO search_doc (agency_id, kind, record_id, title, subtitle, body, owner_user_id, deleted, updated_at)
  SELECT boarding_point.agency_id, 'embarque', boarding_point.id, boarding_point.name, json_array(boarding_point.district, boarding_point.city), boarding_point.search_text, NULL, (boarding_point.deleted_at IS NOT NULL), strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM boarding_point;
--> statement-breakpoint
INSERT INTO search_doc (agency_id, kind, record_id, title, subtitle, body, owner_user_id, deleted, updated_at)
  SELECT destination.agency_id, 'destino', destination.id, destination.name, json_array(destination.city, destination.state, destination.country), destination.search_text, NULL, (destination.deleted_at IS NOT NULL), strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM destination;
--> statement-breakpoint
INSERT INTO search_doc (agency_id, kind, record_id, title, subtitle, body, owner_user_id, deleted, updated_at)
  SELECT third_party_package.agency_id, 'pacote', third_party_package.id, third_party_package.title, json_array((SELECT name FROM supplier WHERE id = third_party_package.operator_id)), third_party_package.search_text, NULL, (third_party_package.archived_at IS NOT NULL), strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM third_party_package;
--> statement-breakpoint
INSERT INTO search_doc (agency_id, kind, record_id, title, subtitle, body, owner_user_id, deleted, updated_at)
  SELECT excursion.agency_id, 'excursao', excursion.id, excursion.title, json_array(excursion.departure_at), excursion.search_text, NULL, (excursion.archived_at IS NOT NULL), strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM excursion;
--> statement-breakpoint
INSERT INTO search_doc (agency_id, kind, record_id, title, subtitle, body, owner_user_id, deleted, updated_at)
  SELECT sale.agency_id, CASE sale.kind WHEN 'emissivo' THEN 'venda' ELSE 'venda_excursao' END, sale.id, '#' || sale.number || ' · ' || coalesce((SELECT name FROM client WHERE id = sale.client_id), ''), json_array(sale.sale_date), sale.number || ' ' || sale.search_text, sale.owner_user_id, (sale.deleted_at IS NOT NULL), strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM sale;
--> statement-breakpoint
INSERT INTO search_doc (agency_id, kind, record_id, title, subtitle, body, owner_user_id, deleted, updated_at)
  SELECT deal.agency_id, 'negocio', deal.id, '#' || deal.number || ' · ' || deal.title, json_array(coalesce((SELECT name FROM client WHERE id = deal.client_id), deal.lead_name)), deal.number || ' ' || deal.search_text, deal.owner_user_id, (deal.deleted_at IS NOT NULL), strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM deal;
--> statement-breakpoint
INSERT INTO search_doc (agency_id, kind, record_id, title, subtitle, body, owner_user_id, deleted, updated_at)
  SELECT task.agency_id, 'tarefa', task.id, '#' || task.number || ' · ' || task.title, json_array(task.due_at), task.number || ' ' || task.search_text, NULL, (task.deleted_at IS NOT NULL), strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM task;
--> statement-breakpoint
INSERT INTO search_doc (agency_id, kind, record_id, title, subtitle, body, owner_user_id, deleted, updated_at)
  SELECT contract.agency_id, 'contrato', contract.id, '#' || contract.number || ' · ' || contract.title, json_array((SELECT c.name FROM sale s JOIN client c ON c.id = s.client_id WHERE s.id = contract.sale_id)), contract.number || ' ' || contract.search_text, (SELECT owner_user_id FROM sale WHERE id = contract.sale_id), (0), strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM contract;
--> statement-breakpoint
INSERT INTO search_doc (agency_id, kind, record_id, title, subtitle, body, owner_user_id, deleted, updated_at)
  SELECT invoice.agency_id, 'fatura', invoice.id, '#' || invoice.number || ' · ' || invoice.party_name, json_array(invoice.issue_date), invoice.number || ' ' || invoice.party_name || ' ' || coalesce(invoice.party_document, '') || ' ' || invoice.search_text, NULL, (0), strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM invoice;
