/**
 * Receipts attached to a title (finance_attachment, R2): PDF, PNG or JPEG by
 * their first bytes (never the name or the browser's type), at most 5 MB, keys
 * under agencies/{agencyId}/finance/. Served only to the agency's members;
 * removed (row marked deleted, object deleted, audit row) by those who may settle.
 */
import { sha256Hex } from "~/lib/platform/crypto.server";
import { and, asc, eq, isNull } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { financeAttachment } from "~/db/schema";
import { newId } from "~/db/schema/columns";
import { isId } from "~/lib/finance/ledger/titles.server";
import { auditIfChanged, changedRows } from "~/lib/system/agencies.server";
import { auditInsert } from "~/lib/platform/audit.server";
import { detectImageType } from "~/lib/platform/files.server";
import { fail, ok, type Result } from "~/lib/platform/result";
import type { Scope } from "~/lib/platform/scope.server";

export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
export type AttachmentType = "pdf" | "png" | "jpeg";
const CONTENT_TYPE: Record<AttachmentType, string> = { pdf: "application/pdf", png: "image/png", jpeg: "image/jpeg" };

/** PDF ("%PDF-"), PNG or JPEG by content; anything else (WebP included) is null. */
export function detectAttachmentType(bytes: Uint8Array): AttachmentType | null {
  if (bytes.length >= 5 && bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46 && bytes[4] === 0x2d) return "pdf";
  const image = detectImageType(bytes);
  return image === "png" || image === "jpeg" ? image : null;
}

export type AttachFailure = "fileRequired" | "fileTooLarge" | "fileType";

/** Stores the file in R2 and records it on the title (the caller checked the title is the agency's). */
export async function attachToTitle(scope: Scope, bucket: R2Bucket, titleId: string, file: FormDataEntryValue | null): Promise<Result<{ id: string }, AttachFailure>> {
  if (!file || typeof file === "string" || file.size === 0) return fail("fileRequired");
  if (file.size > MAX_ATTACHMENT_BYTES) return fail("fileTooLarge");
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = detectAttachmentType(bytes);
  if (!type) return fail("fileType");
  const sha256 = await sha256Hex(bytes);
  const key = `agencies/${scope.agencyId}/finance/${uuidv7()}.${type === "jpeg" ? "jpg" : type}`;
  const fileName = [...(file.name || `comprovante.${type}`)].filter((ch) => ch.charCodeAt(0) >= 32 && ch.charCodeAt(0) !== 127).join("").slice(0, 150);
  await bucket.put(key, bytes, { httpMetadata: { contentType: CONTENT_TYPE[type] } });
  const id = newId();
  try {
    await scope.db.batch([
      scope.db.insert(financeAttachment).values({ id, agencyId: scope.agencyId, titleId, key, fileName, contentType: CONTENT_TYPE[type], size: bytes.length, sha256, createdBy: scope.userId }),
      auditInsert(scope.db, { agencyId: scope.agencyId, userId: scope.userId, ip: scope.ip, entity: "finance_title", entityId: titleId, action: "update", changes: { attachment: [null, fileName] } }),
    ]);
  } catch (error) {
    await bucket.delete(key);
    throw error;
  }
  return ok({ id });
}

export async function titleAttachments(scope: Scope, titleId: string) {
  return scope.db
    .select({ id: financeAttachment.id, fileName: financeAttachment.fileName, contentType: financeAttachment.contentType, size: financeAttachment.size, createdAt: financeAttachment.createdAt })
    .from(financeAttachment)
    .where(and(eq(financeAttachment.agencyId, scope.agencyId), eq(financeAttachment.titleId, titleId), isNull(financeAttachment.deletedAt)))
    .orderBy(asc(financeAttachment.createdAt));
}

/** One attachment of the agency (another agency's id is not found). */
export async function findAttachment(scope: Scope, id: string) {
  if (!isId(id)) return null;
  const [row] = await scope.db
    .select()
    .from(financeAttachment)
    .where(and(eq(financeAttachment.id, id), eq(financeAttachment.agencyId, scope.agencyId), isNull(financeAttachment.deletedAt)))
    .limit(1);
  return row ?? null;
}

/**
 * Removes a receipt attached by mistake: the row is marked deleted with an audit
 * row on its title (one batch, only if it was still there), then the R2 object is
 * deleted. Another title's or agency's attachment is not found.
 */
export async function deleteAttachment(scope: Scope, bucket: R2Bucket, titleId: string, attachmentId: string): Promise<Result<{ fileName: string }, "notFound">> {
  const file = await findAttachment(scope, attachmentId);
  if (!file || file.titleId !== titleId) return fail("notFound");
  const { db, agencyId, userId, ip } = scope;
  const [result] = await db.batch([
    db
      .update(financeAttachment)
      .set({ deletedAt: new Date().toISOString() })
      .where(and(eq(financeAttachment.id, file.id), eq(financeAttachment.agencyId, agencyId), isNull(financeAttachment.deletedAt))),
    auditIfChanged(db, { agencyId, userId, ip, entity: "finance_title", entityId: titleId, action: "update", changes: { attachment: [file.fileName, null] } }),
  ]);
  // Someone else removed it meanwhile: nothing more to do.
  if (changedRows(result) === 0) return fail("notFound");
  await bucket.delete(file.key);
  return ok({ fileName: file.fileName });
}
