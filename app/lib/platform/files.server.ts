/**
 * Uploaded files in R2 (ASVS 5.x): type decided by magic bytes, never by the
 * name or the browser's content type; size limited; keys under the agency's
 * prefix; served with Content-Disposition and nosniff.
 */
import { v7 as uuidv7 } from "uuid";
import { plainFailure } from "~/lib/platform/http";

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export type ImageType = "png" | "jpeg" | "webp";
export const IMAGE_CONTENT_TYPE: Record<ImageType, string> = { png: "image/png", jpeg: "image/jpeg", webp: "image/webp" };

export function detectImageType(bytes: Uint8Array): ImageType | null {
  const at = (i: number) => bytes[i];
  if (bytes.length >= 8 && at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47 && at(4) === 0x0d && at(5) === 0x0a && at(6) === 0x1a && at(7) === 0x0a) return "png";
  if (bytes.length >= 3 && at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return "jpeg";
  if (
    bytes.length >= 12 &&
    at(0) === 0x52 && at(1) === 0x49 && at(2) === 0x46 && at(3) === 0x46 &&
    at(8) === 0x57 && at(9) === 0x45 && at(10) === 0x42 && at(11) === 0x50
  )
    return "webp";
  return null;
}

export type ImageCheck = { ok: true; bytes: Uint8Array; type: ImageType } | { ok: false; error: "validation.fileRequired" | "validation.fileTooLarge" | "validation.fileType" };

/** Validates an uploaded image: present, at most 2 MB, PNG/JPEG/WebP by content. */
export async function checkImage(file: FormDataEntryValue | null): Promise<ImageCheck> {
  if (!file || typeof file === "string" || file.size === 0) return { ok: false, error: "validation.fileRequired" };
  if (file.size > MAX_IMAGE_BYTES) return { ok: false, error: "validation.fileTooLarge" };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = detectImageType(bytes);
  if (!type) return { ok: false, error: "validation.fileType" };
  return { ok: true, bytes, type };
}

/** `agencies/{agencyId}/{kind}/{uuid}.{ext}`; platform users without an agency use `platform/`. */
export function fileKey(agencyId: string | null, kind: "avatars" | "logos" | "covers", type: ImageType) {
  const prefix = agencyId ? `agencies/${agencyId}` : "platform";
  return `${prefix}/${kind}/${uuidv7()}.${type === "jpeg" ? "jpg" : type}`;
}

/**
 * An R2 object as an inline response. `publicCache` for images of public pages
 * (logos, destination covers): shared caches may keep them for an hour; pages
 * link them with ?v=<end of the key>, so a replaced image is a new URL.
 */
export async function serveObject(bucket: R2Bucket, key: string, filename: string, options: { publicCache?: boolean } = {}): Promise<Response> {
  const object = await bucket.get(key);
  if (!object) return plainFailure(404);
  const type = object.httpMetadata?.contentType ?? "application/octet-stream";
  return new Response(object.body, {
    headers: {
      "Content-Type": type,
      "Content-Disposition": `inline; filename="${filename.replace(/[^A-Za-z0-9._-]/g, "_")}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": options.publicCache ? "public, max-age=3600" : "private, max-age=300",
      ETag: object.httpEtag,
    },
  });
}
