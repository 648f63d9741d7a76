// The record search index (issue #22 item 2; decision 0019): one row per
// searchable record of every kind, kept in step by triggers on the source
// tables (migration 0031_search), and an external-content FTS5 table
// `search_fts(title, body)` over it with the trigram tokenizer (custom SQL in the
// same migration: drizzle cannot express virtual tables).
//
// - `id` is the integer rowid the FTS table points at (content_rowid);
// - `kind` is the index's own kind key (lib/shell/search-kinds.ts), `record_id`
//   the source row's id: unique together;
// - `title` what the palette shows (a name, "#12 · client"), `subtitle` a line
//   of context, `body` the source row's search_text (already folded) and numbers;
// - `owner_user_id`: whose record it is when the module restricts an Agente to
//   their own (sales, deals, contracts through their sale);
// - `deleted` 1 for a soft-deleted (or archived) record: it leaves the FTS table
//   and comes back on restore.
import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const searchDoc = sqliteTable(
  "search_doc",
  {
    id: integer("id").primaryKey(),
    agencyId: text("agency_id").notNull(),
    kind: text("kind").notNull(),
    recordId: text("record_id").notNull(),
    title: text("title").notNull(),
    subtitle: text("subtitle"),
    body: text("body").notNull().default(""),
    ownerUserId: text("owner_user_id"),
    deleted: integer("deleted").notNull().default(0),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [uniqueIndex("search_doc_record_uq").on(t.kind, t.recordId)],
);
