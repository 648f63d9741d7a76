/**
 * The images of a published service — a third-party package or an excursion —
 * in R2 (up to MAX_IMAGES each, table service_image): upload (each image and its
 * thumbnail checked by content — PNG/JPEG/WebP — by bytes and by the size its
 * header gives; the browser resizes before upload, the server trusts nothing),
 * remove, move up/down, reorder, alt text; each change with its audit row on
 * the owner. Keys: agencies/{agencyId}/{folder}/{ownerId}/{imageId}.{ext}
 * (and {imageId}-mini.{ext} for the thumbnail). Images do not change the
 * owner's version: a form open beside them is not made stale.
 *
 * Staff see them through {owner's list}/imagem/{id} (their agency only);
 * public serving comes with the public pages.
 */
import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import { excursion, serviceImage, thirdPartyPackage, type ServiceImageOwner } from "~/db/schema";
import { newId, nowIso } from "~/db/schema/columns";
import type { ExtraIntents } from "~/lib/kit/record-action.server";
import type { ReadScope, WriteScope } from "~/lib/kit/record.server";
import { auditInsert } from "~/lib/platform/audit.server";
import { checkImage, IMAGE_CONTENT_TYPE, type ImageCheck, type ImageType } from "~/lib/platform/files.server";
import { badRequest, conflict, notFound } from "~/lib/platform/http";
import { fail, ok, type Result } from "~/lib/platform/result";
import type { ToastMessage } from "~/lib/platform/toast";
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, MAX_IMAGES, PACKAGE_LIST_PATH, THUMB_MAX_BYTES } from "~/lib/services/package";

export type { ServiceImageOwner };

const I = serviceImage;
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Where each owner's images live: the audit entity, the staff path, the R2 folder, the download name. */
const OWNERS: Record<ServiceImageOwner, { entity: string; listPath: string; folder: string; file: string }> = {
  package: { entity: "third_party_package", listPath: PACKAGE_LIST_PATH, folder: "packages", file: "pacote" },
  excursion: { entity: "excursion", listPath: "/servicos/excursoes", folder: "excursions", file: "excursao" },
};

/** Whose images: the owner's kind and id. */
export type ImageOwner = { kind: ServiceImageOwner; id: string };

export type ServiceImageView = { id: string; alt: string; width: number | null; height: number | null; url: string; thumbUrl: string };

export const imageUrl = (kind: ServiceImageOwner, id: string, mini = false) => `${OWNERS[kind].listPath}/imagem/${id}${mini ? "?mini=1" : ""}`;

export type ImageError = "required" | "type" | "tooLarge" | "dimensions" | "tooMany" | "invalid";
export const imageErrorKey = (e: ImageError) => `services.images.errors.${e}` as const;

const fromCheck = (e: Extract<ImageCheck, { ok: false }>["error"]): ImageError =>
  e === "validation.fileRequired" ? "required" : e === "validation.fileTooLarge" ? "tooLarge" : e === "validation.fileType" ? "type" : "dimensions";

const ofOwner = (agencyId: string, owner: ImageOwner) => and(eq(I.agencyId, agencyId), eq(I.ownerKind, owner.kind), eq(I.ownerId, owner.id));

/** The owner's images in order. */
export async function listImages(scope: ReadScope, owner: ImageOwner): Promise<ServiceImageView[]> {
  const rows = await scope.db.select({ id: I.id, alt: I.alt, width: I.width, height: I.height }).from(I).where(ofOwner(scope.agencyId, owner)).orderBy(asc(I.position), asc(I.id));
  return rows.map((r) => ({ id: r.id, alt: r.alt ?? "", width: r.width, height: r.height, url: imageUrl(owner.kind, r.id), thumbUrl: imageUrl(owner.kind, r.id, true) }));
}

/** The R2 object of one of the agency's images of a kind of owner (the thumbnail when asked and there is one), or null. */
export async function serviceImageFile(scope: ReadScope, kind: ServiceImageOwner, id: string, mini: boolean): Promise<{ key: string; filename: string } | null> {
  if (!ID.test(id)) return null;
  const [row] = await scope.db
    .select({ key: I.storageKey, thumb: I.thumbKey })
    .from(I)
    .where(and(eq(I.agencyId, scope.agencyId), eq(I.ownerKind, kind), eq(I.id, id)))
    .limit(1);
  if (!row) return null;
  return { key: mini && row.thumb ? row.thumb : row.key, filename: `${OWNERS[kind].file}-${id}` };
}

/** Whether the owner is a live (not archived) row of the agency. */
async function liveOwner(scope: ReadScope, owner: ImageOwner): Promise<boolean> {
  if (!ID.test(owner.id)) return false;
  const T = owner.kind === "package" ? thirdPartyPackage : excursion;
  const [row] = await scope.db
    .select({ id: T.id })
    .from(T)
    .where(and(eq(T.agencyId, scope.agencyId), eq(T.id, owner.id), isNull(T.archivedAt)))
    .limit(1);
  return !!row;
}

async function imageRows(scope: ReadScope, owner: ImageOwner) {
  return scope.db
    .select({ id: I.id, position: I.position, alt: I.alt, storageKey: I.storageKey, thumbKey: I.thumbKey })
    .from(I)
    .where(ofOwner(scope.agencyId, owner))
    .orderBy(asc(I.position), asc(I.id));
}

const ext = (type: ImageType) => (type === "jpeg" ? "jpg" : type);
const isFile = (v: FormDataEntryValue | null | undefined): v is File => !!v && typeof v !== "string" && v.size > 0;

export type Upload = { image: FormDataEntryValue | null; thumb?: FormDataEntryValue | null; alt?: string | null };

/**
 * Adds images to a live package of the agency: all of them or none. Each is
 * checked by content, bytes and header size (and its thumbnail, when sent);
 * more than MAX_IMAGES in all is refused — also when another upload wins a
 * race (the insert carries no key past the limit, which NOT NULL refuses,
 * aborting the batch; the objects written are then removed).
 */
export async function uploadImages(scope: WriteScope, bucket: R2Bucket, owner: ImageOwner, uploads: readonly Upload[]): Promise<Result<{ ids: string[] }, "notFound" | ImageError>> {
  const { db, agencyId, userId, ip } = scope;
  if (!(await liveOwner(scope, owner))) return fail("notFound");
  if (uploads.length === 0) return fail("required");
  const checked: { image: Extract<ImageCheck, { ok: true }>; thumb: Extract<ImageCheck, { ok: true }> | null; alt: string | null }[] = [];
  for (const u of uploads) {
    const image = await checkImage(u.image, { maxBytes: IMAGE_MAX_BYTES, maxDimension: IMAGE_MAX_PIXELS });
    if (!image.ok) return fail(fromCheck(image.error));
    let thumb: Extract<ImageCheck, { ok: true }> | null = null;
    if (isFile(u.thumb)) {
      const t = await checkImage(u.thumb, { maxBytes: THUMB_MAX_BYTES, maxDimension: IMAGE_MAX_PIXELS });
      if (!t.ok) return fail(fromCheck(t.error));
      thumb = t;
    }
    const alt = (u.alt ?? "").trim().replace(/\s+/g, " ");
    if (alt.length > 200) return fail("invalid");
    checked.push({ image, thumb, alt: alt || null });
  }
  const [{ n }] = (await db
    .select({ n: count() })
    .from(I)
    .where(ofOwner(agencyId, owner))) as [{ n: number }];
  if (n + checked.length > MAX_IMAGES) return fail("tooMany");

  const written: string[] = [];
  const statements: unknown[] = [];
  const ids: string[] = [];
  const at = nowIso();
  try {
    for (const [i, c] of checked.entries()) {
      const id = newId();
      ids.push(id);
      const base = `agencies/${agencyId}/${OWNERS[owner.kind].folder}/${owner.id}/${id}`;
      const key = `${base}.${ext(c.image.type)}`;
      await bucket.put(key, c.image.bytes, { httpMetadata: { contentType: IMAGE_CONTENT_TYPE[c.image.type] } });
      written.push(key);
      let thumbKey: string | null = null;
      if (c.thumb) {
        thumbKey = `${base}-mini.${ext(c.thumb.type)}`;
        await bucket.put(thumbKey, c.thumb.bytes, { httpMetadata: { contentType: IMAGE_CONTENT_TYPE[c.thumb.type] } });
        written.push(thumbKey);
      }
      const under = sql`(select count(*) from ${I} where ${I.agencyId} = ${agencyId} and ${I.ownerKind} = ${owner.kind} and ${I.ownerId} = ${owner.id}) < ${MAX_IMAGES}`;
      statements.push(
        db.insert(I).select(
          sql`select ${id}, ${agencyId}, ${owner.kind}, ${owner.id}, case when ${under} then ${key} else null end, ${thumbKey}, ${IMAGE_CONTENT_TYPE[c.image.type]}, ${c.image.width}, ${c.image.height}, ${c.image.bytes.byteLength}, ${c.alt}, ${n + i}, ${userId}, ${at}, ${at}`,
        ),
      );
    }
    statements.push(auditInsert(db, { agencyId, userId, entity: OWNERS[owner.kind].entity, entityId: owner.id, action: "update", changes: { images: [n, n + checked.length] }, ip }));
    await db.batch(statements as never);
    return ok({ ids });
  } catch (error) {
    await Promise.all(written.map((k) => bucket.delete(k)));
    if (/NOT NULL constraint failed: service_image\.storage_key/i.test(String((error as Error)?.message ?? error))) return fail("tooMany");
    throw error;
  }
}

/** Removes one image of a live owner of the agency (row and audit in one batch, then its objects). */
export async function removeImage(scope: WriteScope, bucket: R2Bucket, owner: ImageOwner, imageId: string): Promise<Result<object, "notFound">> {
  const { db, agencyId, userId, ip } = scope;
  if (!(await liveOwner(scope, owner))) return fail("notFound");
  const rows = await imageRows(scope, owner);
  const image = rows.find((r) => r.id === imageId);
  if (!image) return fail("notFound");
  const rest = rows.filter((r) => r.id !== imageId);
  await db.batch([
    db.delete(I).where(and(ofOwner(agencyId, owner), eq(I.id, imageId))),
    ...rest.map((r, position) => db.update(I).set({ position, updatedAt: nowIso() }).where(and(eq(I.agencyId, agencyId), eq(I.id, r.id)))),
    auditInsert(db, { agencyId, userId, entity: OWNERS[owner.kind].entity, entityId: owner.id, action: "update", changes: { images: [rows.length, rest.length] }, ip }),
  ] as never);
  await Promise.all([image.storageKey, image.thumbKey].filter((k): k is string => !!k).map((k) => bucket.delete(k)));
  return ok({});
}

/** Puts the owner's images in the given order (every one of its image ids, once). */
export async function orderImages(scope: WriteScope, owner: ImageOwner, order: readonly string[]): Promise<Result<object, "notFound" | "invalid">> {
  const { db, agencyId, userId, ip } = scope;
  if (!(await liveOwner(scope, owner))) return fail("notFound");
  const rows = await imageRows(scope, owner);
  const current = rows.map((r) => r.id);
  if (order.length !== current.length || new Set(order).size !== order.length || !order.every((id) => current.includes(id))) return fail("invalid");
  if (order.every((id, i) => current[i] === id)) return ok({});
  await db.batch([
    ...order.map((id, position) => db.update(I).set({ position, updatedAt: nowIso() }).where(and(ofOwner(agencyId, owner), eq(I.id, id)))),
    auditInsert(db, { agencyId, userId, entity: OWNERS[owner.kind].entity, entityId: owner.id, action: "update", changes: { imageOrder: [current.map((_, i) => i + 1).join(","), order.map((id) => current.indexOf(id) + 1).join(",")] }, ip }),
  ] as never);
  return ok({});
}

/** Moves one image a place up or down. */
export async function moveImage(scope: WriteScope, owner: ImageOwner, imageId: string, direction: "up" | "down"): Promise<Result<object, "notFound" | "invalid">> {
  if (!(await liveOwner(scope, owner))) return fail("notFound");
  const ids = (await imageRows(scope, owner)).map((r) => r.id);
  const i = ids.indexOf(imageId);
  if (i < 0) return fail("notFound");
  const j = direction === "up" ? i - 1 : i + 1;
  if (j < 0 || j >= ids.length) return ok({});
  [ids[i], ids[j]] = [ids[j]!, ids[i]!];
  return orderImages(scope, owner, ids);
}

/** Sets an image's alt text (what a screen reader says; up to 200 characters). */
export async function setImageAlt(scope: WriteScope, owner: ImageOwner, imageId: string, alt: string): Promise<Result<object, "notFound" | "invalid">> {
  const { db, agencyId, userId, ip } = scope;
  const text = alt.trim().replace(/\s+/g, " ");
  if (text.length > 200) return fail("invalid");
  if (!(await liveOwner(scope, owner))) return fail("notFound");
  const image = (await imageRows(scope, owner)).find((r) => r.id === imageId);
  if (!image) return fail("notFound");
  if ((image.alt ?? "") === text) return ok({});
  await db.batch([
    db.update(I).set({ alt: text || null, updatedAt: nowIso() }).where(and(ofOwner(agencyId, owner), eq(I.id, imageId))),
    auditInsert(db, { agencyId, userId, entity: OWNERS[owner.kind].entity, entityId: owner.id, action: "update", changes: { imageAlt: [image.alt ?? "", text] }, ip }),
  ] as never);
  return ok({});
}

const str = (v: FormDataEntryValue | null) => (typeof v === "string" ? v : "");

/**
 * The image intents of the owner's edit screen (package, excursion) (a multipart post for
 * uploads): answers `{ imageSaved, toast }`, 400 `{ imageError }` for a refused
 * upload or a bad order (nothing written), 404 for another agency's owner or image.
 */
export function imageIntents(owner: ImageOwner, bucket: R2Bucket): ExtraIntents {
  return async (intent, formData, scope) => {
    if (typeof intent !== "string" || !intent.startsWith("image-")) return undefined;
    const saved = (title: string) => ({ imageSaved: true, toast: { title } satisfies ToastMessage });
    const refused = (error: ImageError) => {
      const key = imageErrorKey(error);
      const body = { imageError: key, toast: { title: key, variant: "destructive" } satisfies ToastMessage };
      return error === "tooMany" ? conflict(body) : badRequest(body);
    };
    const imageId = str(formData.get("imageId"));
    let result: Result<object, string>;
    if (intent === "image-upload") {
      const images = formData.getAll("image");
      const thumbs = formData.getAll("thumb");
      const alts = formData.getAll("alt");
      if (images.length > MAX_IMAGES) return refused("tooMany");
      result = await uploadImages(
        scope,
        bucket,
        owner,
        images.map((image, i) => ({ image, thumb: thumbs[i] ?? null, alt: str(alts[i] ?? null) })),
      );
      if (result.ok) return saved("services.images.uploaded");
    } else if (intent === "image-remove") {
      result = await removeImage(scope, bucket, owner, imageId);
      if (result.ok) return saved("services.images.removed");
    } else if (intent === "image-move") {
      const direction = str(formData.get("direction"));
      if (direction !== "up" && direction !== "down") return refused("invalid");
      result = await moveImage(scope, owner, imageId, direction);
      if (result.ok) return saved("services.images.reordered");
    } else if (intent === "image-order") {
      const order = str(formData.get("order"))
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      if (order.length > MAX_IMAGES || !order.every((id) => ID.test(id))) return refused("invalid");
      result = await orderImages(scope, owner, order);
      if (result.ok) return saved("services.images.reordered");
    } else if (intent === "image-alt") {
      result = await setImageAlt(scope, owner, imageId, str(formData.get("alt")));
      if (result.ok) return saved("services.images.altSaved");
    } else {
      return refused("invalid");
    }
    if (!result.ok && result.reason === "notFound") throw notFound();
    return refused((result as { reason: ImageError }).reason);
  };
}
