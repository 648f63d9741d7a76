/**
 * Product kinds on the server: the agency's rows (one per kind; the seed creates
 * them, a missing one is created on its first save) and the inline save with a
 * version check and an audit entry in the same batch.
 */
import { and, eq, sql } from "drizzle-orm";
import { productKind } from "~/db/schema";
import { newId, nowIso } from "~/db/schema/columns";
import type { ProductKind } from "~/db/schema/registers";
import { auditIfChanged, changedRows } from "~/lib/system/agencies.server";
import { changedFields } from "~/lib/platform/audit.server";
import { registerSearchText } from "~/lib/kit/search-text";
import type { ReadScope, WriteScope } from "~/lib/kit/record.server";
import { productKindRows, type ProductKindInput, type ProductKindRow } from "~/lib/registers/product-kind";

export const PRODUCT_KIND_ENTITY = "product_kind";

const rowColumns = {
  kind: productKind.kind,
  id: productKind.id,
  enabled: productKind.enabled,
  defaultCategory: productKind.defaultCategory,
  version: productKind.version,
};

/** The agency's nine rows, in PRODUCT_KINDS order (a kind without a row shows as disabled). */
export async function listProductKinds({ db, agencyId }: ReadScope): Promise<ProductKindRow[]> {
  const stored = await db.select(rowColumns).from(productKind).where(eq(productKind.agencyId, agencyId));
  return productKindRows(stored);
}

async function findKind({ db, agencyId }: ReadScope, kind: ProductKind): Promise<ProductKindRow | null> {
  const [row] = await db
    .select(rowColumns)
    .from(productKind)
    .where(and(eq(productKind.agencyId, agencyId), eq(productKind.kind, kind)))
    .limit(1);
  return row ?? null;
}

export type ProductKindSaveResult =
  | { ok: true; row: ProductKindRow; changed: string[] }
  /** Someone saved the row since the form was loaded: nothing written; the current row comes back. */
  | { ok: false; reason: "stale"; current: ProductKindRow };

const missing = (kind: ProductKind): ProductKindRow => ({ kind, id: null, enabled: false, defaultCategory: null, version: 0 });

/**
 * Saves one kind of the agency: `toggle` changes the switch only, `save` the
 * switch and the category. The row is created when the agency has none yet
 * (posted version 0); otherwise the posted version must be the stored one.
 */
export async function saveProductKind(scope: WriteScope, input: ProductKindInput): Promise<ProductKindSaveResult> {
  const { db, agencyId, userId, ip } = scope;
  const current = await findKind(scope, input.kind);
  const next: { enabled: boolean; defaultCategory?: string | null } = { enabled: input.enabled };
  if (input.intent === "save") next.defaultCategory = input.defaultCategory;
  const stale = async (): Promise<ProductKindSaveResult> => ({ ok: false, reason: "stale", current: (await findKind(scope, input.kind)) ?? missing(input.kind) });

  if (!current) {
    if (input.version !== 0) return { ok: false, reason: "stale", current: missing(input.kind) };
    const id = newId();
    const values = { enabled: next.enabled, defaultCategory: next.defaultCategory ?? null };
    const changes: Record<string, [unknown, unknown]> = { kind: [null, input.kind], enabled: [null, values.enabled] };
    if (values.defaultCategory) changes.defaultCategory = [null, values.defaultCategory];
    const [result] = await db.batch([
      db
        .insert(productKind)
        .values({ id, agencyId, kind: input.kind, ...values, searchText: registerSearchText.productKind({ kind: input.kind, ...values }), createdBy: userId })
        .onConflictDoNothing(),
      auditIfChanged(db, { agencyId, userId, entity: PRODUCT_KIND_ENTITY, entityId: id, action: "create", changes, ip }),
    ]);
    // Another save created it first (two first saves at once): this one is stale.
    if (changedRows(result) === 0) return stale();
    return { ok: true, row: { kind: input.kind, id, ...values, version: 1 }, changed: Object.keys(changes) };
  }

  if (current.version !== input.version) return { ok: false, reason: "stale", current };
  const changes = changedFields(current, next);
  if (Object.keys(changes).length === 0) return { ok: true, row: current, changed: [] };
  const after = { ...current, ...next };
  const [result] = await db.batch([
    db
      .update(productKind)
      .set({
        ...next,
        searchText: registerSearchText.productKind({ kind: input.kind, defaultCategory: after.defaultCategory }),
        updatedAt: nowIso(),
        version: sql`${productKind.version} + 1`,
      })
      .where(and(eq(productKind.agencyId, agencyId), eq(productKind.kind, input.kind), eq(productKind.version, input.version))),
    auditIfChanged(db, { agencyId, userId, entity: PRODUCT_KIND_ENTITY, entityId: current.id!, action: "update", changes, ip }),
  ]);
  if (changedRows(result) === 0) return stale();
  return { ok: true, row: { ...after, version: current.version + 1 }, changed: Object.keys(changes) };
}
