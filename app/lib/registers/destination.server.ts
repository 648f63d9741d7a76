/**
 * Destinations on the server: the record store and screen spec (the kit's
 * loader and action), the list source, page and CSV export, the row a form
 * input becomes, the countries the agency's destinations are in (the list's
 * filter), and the cover image in R2 (upload and removal, each with its audit
 * entry; the old object is deleted after the database write). The public
 * file route serves covers by id (platform/stored-files.server.ts).
 */
import { and, asc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { destination } from "~/db/schema";
import { nowIso } from "~/db/schema/columns";
import { auditIfChanged, changedRows } from "~/lib/system/agencies.server";
import { checkImage, fileKey, IMAGE_CONTENT_TYPE, type ImageCheck } from "~/lib/platform/files.server";
import { fail, ok, type Result } from "~/lib/platform/result";
import type { Scope } from "~/lib/platform/scope.server";
import type { ListQuery } from "~/lib/kit/list";
import { liveRows, runList } from "~/lib/kit/list.server";
import { registerSearchText } from "~/lib/kit/search-text";
import { exportList, wholeRows } from "~/lib/kit/export.server";
import { findRecord, listSourceOf, recordStore, type ReadScope, type WriteScope } from "~/lib/kit/record.server";
import type { RecordSpec } from "~/lib/kit/record-action.server";
import { DESTINATION_CSV_COLUMNS, DESTINATIONS_PATH, destinationToCsvRow, type DestinationInput, type DestinationSort } from "~/lib/registers/destination";
import { destinationEditSchema, destinationSchema } from "~/lib/registers/destination.schema";
import { REFERENCES } from "~/lib/registers/references.server";
import { canManageRegisters } from "~/lib/registers/roles";

export const DESTINATION_ENTITY = "destination";

export const destinationStore = recordStore({
  table: destination,
  entity: DESTINATION_ENTITY,
  label: (row) => row.name,
  softDelete: destination.deletedAt,
  searchText: destination.searchText,
  counter: DESTINATION_ENTITY,
  createdBy: destination.createdBy,
  references: REFERENCES.destination,
});

export type DestinationQuery = ListQuery<DestinationSort, "country">;

export const destinationSource = listSourceOf<DestinationSort, "country">(destinationStore, {
  sortColumns: { name: destination.searchText, createdAt: destination.createdAt },
  filterWhere: (f) => {
    const out: SQL[] = [];
    if (f.country) out.push(eq(destination.country, f.country));
    return out;
  },
});

export type DestinationListRow = {
  id: string;
  sortValue: string | number | null;
  name: string;
  city: string | null;
  state: string | null;
  country: string;
  coverUrl: string | null;
  createdAt: string;
};

/** The public address of a destination's cover; `v` changes with the image, so caches never show an old one. */
export const coverUrl = (id: string, key: string | null) => (key ? `/arquivos/destino/${id}?v=${encodeURIComponent(key.slice(-12))}` : null);

export async function listDestinations(scope: ReadScope, query: DestinationQuery) {
  const { db } = scope;
  const sortColumn = destinationSource.sortColumns[query.sort];
  const { rows, page } = await runList(scope, destinationSource, query, (where, order, limit) =>
    db
      .select({
        id: destination.id,
        name: destination.name,
        city: destination.city,
        state: destination.state,
        country: destination.country,
        coverKey: destination.coverKey,
        createdAt: destination.createdAt,
        sortValue: sql<string | number | null>`${sortColumn}`,
      })
      .from(destination)
      .where(where)
      .orderBy(...order)
      .limit(limit),
  );
  return {
    rows: rows.map(({ coverKey, ...r }): DestinationListRow => ({ ...r, coverUrl: coverUrl(r.id, coverKey) })),
    page,
  };
}

/** The countries of the agency's live destinations (options of the list's filter). */
export async function destinationCountries({ db, agencyId }: ReadScope): Promise<string[]> {
  const rows = await db
    .selectDistinct({ country: destination.country })
    .from(destination)
    .where(and(...liveRows(destination, agencyId)))
    .orderBy(asc(destination.country))
    .limit(300);
  return rows.map((r) => r.country);
}

/** The stored row of a validated form input (without id, agency and bookkeeping). */
export function destinationValues(input: DestinationInput) {
  return {
    name: input.name,
    city: input.city,
    state: input.state,
    country: input.country,
    description: input.description,
    searchText: registerSearchText.destination(input),
  };
}

// ---------------------------------------------------------------------------
// Cover image

/** "conflict": someone else changed the cover at the same moment; nothing written. */
export type CoverResult = Result<{ changed: boolean; name: string }, "notFound" | "invalid" | "conflict", { error?: Extract<ImageCheck, { ok: false }>["error"] }>;

/**
 * Sets (`file`, an uploaded image) or removes (`"remove"`) the cover of one live destination
 * of the agency. The new object is written first, then the row, only if its
 * cover is still the one read (so two uploads at once cannot orphan an object),
 * with its audit entry in the same batch; the old object is deleted last.
 */
export async function setCover(scope: WriteScope, bucket: R2Bucket, id: string, file: FormDataEntryValue | null | "remove"): Promise<CoverResult> {
  const { db, agencyId, userId, ip } = scope;
  const before = await findRecord(scope, destinationStore, id);
  if (!before) return fail("notFound");
  let key: string | null = null;
  if (file !== "remove") {
    const check = await checkImage(file);
    if (!check.ok) return fail("invalid", { error: check.error });
    key = fileKey(agencyId, "covers", check.type);
    await bucket.put(key, check.bytes, { httpMetadata: { contentType: IMAGE_CONTENT_TYPE[check.type] } });
  } else if (!before.coverKey) {
    return ok({ changed: false, name: before.name });
  }
  const sameCover = before.coverKey ? eq(destination.coverKey, before.coverKey) : isNull(destination.coverKey);
  let result: unknown;
  try {
    [result] = await db.batch([
      db
        .update(destination)
        .set({ coverKey: key, updatedAt: nowIso() })
        .where(and(eq(destination.id, id), eq(destination.agencyId, agencyId), isNull(destination.deletedAt), sameCover)),
      auditIfChanged(db, { agencyId, userId, entity: DESTINATION_ENTITY, entityId: id, action: "update", changes: { cover: [before.coverKey, key] }, ip }),
    ]);
  } catch (error) {
    // Nothing refers to the new object: do not leave it behind.
    if (key) await bucket.delete(key);
    throw error;
  }
  // D1's meta.changes counts rows that triggers touch too: 0 is the only "not written".
  if (changedRows(result) === 0) {
    if (key) await bucket.delete(key);
    return (await findRecord(scope, destinationStore, id)) ? fail("conflict") : fail("notFound");
  }
  if (before.coverKey) await bucket.delete(before.coverKey);
  return ok({ changed: true, name: before.name });
}

// ---------------------------------------------------------------------------
// The form screen (novo and editar/:id) and the export

type DestinationRow = typeof destination.$inferSelect;

/** A stored destination as the form shows it. */
export function destinationFormValues(row: Pick<DestinationRow, "name" | "city" | "state" | "country" | "description">): Record<string, string> {
  return { name: row.name, city: row.city ?? "", state: row.state ?? "", country: row.country, description: row.description ?? "" };
}

/** An empty destination form (novo). */
export const DESTINATION_EMPTY: Record<string, string> = { country: "BR" };

/** The destination form screen for the kit's loader and action. */
export const destinationSpec: RecordSpec<typeof destination, DestinationInput> = {
  store: destinationStore,
  listPath: DESTINATIONS_PATH,
  canDelete: canManageRegisters,
  schemas: { create: destinationSchema, edit: destinationEditSchema },
  values: destinationValues,
  display: destinationFormValues,
};

/** The current filter of the list as CSV, in the list's order (no images). */
export function destinationsCsv(scope: Scope, query: DestinationQuery, filename: string) {
  return exportList(scope, destinationSource, query, wholeRows(scope.db, destination, destinationSource, query), DESTINATION_CSV_COLUMNS, (r) => destinationToCsvRow(r.row), filename);
}
