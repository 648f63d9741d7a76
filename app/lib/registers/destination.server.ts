/**
 * Destinations on the server: the list source, the row a form input becomes,
 * the countries the agency's destinations are in (the list's filter), and the
 * cover image in R2 (upload and removal, each with its audit entry; the old
 * object is deleted after the database write).
 */
import { and, asc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { destination } from "~/db/schema";
import { nowIso } from "~/db/schema/columns";
import { auditIfChanged, changedRows } from "~/lib/system/agencies.server";
import type { Db } from "~/lib/platform/db.server";
import { checkImage, fileKey, IMAGE_CONTENT_TYPE, type ImageCheck } from "~/lib/platform/files.server";
import type { ListQuery } from "~/lib/kit/list";
import { liveRows, runList, type ListSource } from "~/lib/kit/list.server";
import { registerSearchText } from "~/lib/kit/search-text";
import type { WriteContext } from "~/lib/kit/record.server";
import { findLive } from "~/lib/kit/record.server";
import type { DestinationInput, DestinationSort } from "~/lib/registers/destination";

export const DESTINATION_ENTITY = "destination";

export const destinationSource: ListSource<DestinationSort, "country"> = {
  table: destination,
  softDelete: destination.deletedAt,
  search: destination.searchText,
  counter: DESTINATION_ENTITY,
  sortColumns: { name: destination.searchText, createdAt: destination.createdAt },
  filterWhere: (f) => {
    const out: SQL[] = [];
    if (f.country) out.push(eq(destination.country, f.country));
    return out;
  },
};

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

export async function listDestinations(db: Db, agencyId: string, query: ListQuery<DestinationSort, "country">) {
  const sortColumn = destinationSource.sortColumns[query.sort];
  const { rows, page } = await runList({ db, agencyId }, destinationSource, query, (where, order, limit) =>
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
export async function destinationCountries(db: Db, agencyId: string): Promise<string[]> {
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

export type CoverResult =
  | { ok: true; changed: boolean; name: string }
  | { ok: false; reason: "notFound" }
  | { ok: false; reason: "invalid"; error: Extract<ImageCheck, { ok: false }>["error"] }
  /** Someone else changed the cover at the same moment: nothing written. */
  | { ok: false; reason: "conflict" };

/**
 * Sets (`file`, an uploaded image) or removes (`"remove"`) the cover of one live destination
 * of the agency. The new object is written first, then the row, only if its
 * cover is still the one read (so two uploads at once cannot orphan an object),
 * with its audit entry in the same batch; the old object is deleted last.
 */
export async function setCover(ctx: WriteContext, bucket: R2Bucket, id: string, file: FormDataEntryValue | null | "remove"): Promise<CoverResult> {
  const { db, agencyId, userId, ip } = ctx;
  const before = await findLive(db, destination, agencyId, id);
  if (!before) return { ok: false, reason: "notFound" };
  let key: string | null = null;
  if (file !== "remove") {
    const check = await checkImage(file);
    if (!check.ok) return { ok: false, reason: "invalid", error: check.error };
    key = fileKey(agencyId, "covers", check.type);
    await bucket.put(key, check.bytes, { httpMetadata: { contentType: IMAGE_CONTENT_TYPE[check.type] } });
  } else if (!before.coverKey) {
    return { ok: true, changed: false, name: before.name };
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
    return (await findLive(db, destination, agencyId, id)) ? { ok: false, reason: "conflict" } : { ok: false, reason: "notFound" };
  }
  if (before.coverKey) await bucket.delete(before.coverKey);
  return { ok: true, changed: true, name: before.name };
}
