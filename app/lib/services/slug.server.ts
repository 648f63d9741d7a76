/**
 * Public slugs on the server, for every service that has one (third-party
 * packages, excursions): each table's slug is unique across agencies (its
 * unique index), so these reads cross agencies on purpose.
 */
import { and, eq, gte, lt, or } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { agency } from "~/db/schema";
import type { ReadScope } from "~/lib/kit/record.server";
import { crossTenant } from "~/lib/platform/db.server";
import { uniqueSlug } from "~/lib/services/slug";

/** A table with a global public slug. */
export type SlugTable = SQLiteTable & { id: SQLiteColumn; slug: SQLiteColumn };

/** Slugs in use across every agency among `base`, `base-2`, `base-3`… (one range read of the unique index). */
async function slugsLike(scope: ReadScope, table: SlugTable, base: string): Promise<Set<string>> {
  // Across agencies on purpose: a public slug is unique among all agencies' rows.
  const rows = (await crossTenant(scope.db)
    .select({ slug: table.slug })
    .from(table as SQLiteTable)
    .where(or(eq(table.slug, base), and(gte(table.slug, `${base}-0`), lt(table.slug, `${base}-:`))))
    .limit(10_000)) as { slug: string }[];
  return new Set(rows.map((r) => r.slug));
}

/** Whether another row (of any agency) has the slug. */
export async function slugTaken(scope: ReadScope, table: SlugTable, slug: string, exceptId: string | null): Promise<boolean> {
  // Across agencies on purpose: the slug is global (the table's unique index).
  const [row] = (await crossTenant(scope.db)
    .select({ id: table.id })
    .from(table as SQLiteTable)
    .where(eq(table.slug, slug))
    .limit(1)) as { id: string }[];
  return !!row && row.id !== exceptId;
}

/** A free slug for a new row: the one wanted, with a suffix when taken. */
export async function freeSlug(scope: ReadScope, table: SlugTable, wanted: string): Promise<string> {
  return uniqueSlug(wanted, await slugsLike(scope, table, wanted));
}

/** The agency's slug (or name), the prefix of its services' slugs. */
export async function agencyPrefix(scope: ReadScope): Promise<string> {
  const [row] = await scope.db.select({ slug: agency.slug, name: agency.name }).from(agency).where(eq(agency.id, scope.agencyId)).limit(1);
  return row?.slug || row?.name || "";
}
