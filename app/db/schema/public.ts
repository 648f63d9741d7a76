// Public pages (issue #21; decision 0020): /agencia/{agency}/pacotes, /pacote/{slug},
// /excursao/{slug} are served from the Workers Cache under a key that carries the
// agency's public version. Triggers (in the migration) bump the version on every
// write that can change a public page: a package or excursion and their children
// (departures, prices, destinations, boarding points, images) and the agency itself
// (name, logo, colour). A bumped version is a new key: the old pages are never read again.

import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { agency } from "~/db/schema/platform";

export const publicCacheVersion = sqliteTable("public_cache_version", {
  agencyId: text("agency_id")
    .primaryKey()
    .references(() => agency.id, { onDelete: "cascade" }),
  version: integer("version").notNull().default(1),
});
