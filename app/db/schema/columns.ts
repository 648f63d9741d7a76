import { integer, text } from "drizzle-orm/sqlite-core";
import { v7 as uuidv7 } from "uuid";

/** UUIDv7 text primary key (time-ordered, non-guessable). */
export const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => uuidv7());

export const nowIso = () => new Date().toISOString();

/** created_at / updated_at as UTC ISO strings. */
export const timestamps = {
  createdAt: text("created_at").notNull().$defaultFn(nowIso),
  updatedAt: text("updated_at")
    .notNull()
    .$defaultFn(nowIso)
    .$onUpdateFn(nowIso),
};

/** Row version for optimistic concurrency: a stale save is refused. */
export const version = () => integer("version").notNull().default(1);

export const newId = () => uuidv7();
