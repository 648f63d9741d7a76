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

export type ImageCheck =
  | { ok: true; bytes: Uint8Array; type: ImageType; width: number | null; height: number | null }
  | { ok: false; error: "validation.fileRequired" | "validation.fileTooLarge" | "validation.fileType" | "validation.imageDimensions" };

/** Limits of an upload: bytes (default MAX_IMAGE_BYTES) and, when given, the largest side in pixels (read from the header). */
export type ImageLimits = { maxBytes?: number; maxDimension?: number };

const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + ((b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!);

/**
 * Width and height from the image's header, without decoding it: PNG's IHDR,
 * JPEG's first SOFn marker, WebP's VP8 / VP8L / VP8X chunk. Null when the
 * header is cut short or malformed.
 */
export function imageDimensions(bytes: Uint8Array, type: ImageType): { width: number; height: number } | null {
  const n = bytes.length;
  if (type === "png") {
    // Signature (8), IHDR length (4) and name (4), then width and height (big-endian).
    if (n < 24 || String.fromCharCode(...bytes.subarray(12, 16)) !== "IHDR") return null;
    return positive(u32be(bytes, 16), u32be(bytes, 20));
  }
  if (type === "jpeg") {
    let i = 2;
    while (i + 9 < n) {
      if (bytes[i] !== 0xff) return null;
      const marker = bytes[i + 1]!;
      if (marker === 0xff) {
        i += 1;
        continue;
      }
      // Markers without a length: TEM, RSTn.
      if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        i += 2;
        continue;
      }
      const length = u16be(bytes, i + 2);
      if (length < 2) return null;
      // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC).
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return positive(u16be(bytes, i + 7), u16be(bytes, i + 5));
      if (marker === 0xda || marker === 0xd9) return null;
      i += 2 + length;
    }
    return null;
  }
  // WebP: RIFF....WEBP then a chunk at 12.
  if (n < 30) return null;
  const chunk = String.fromCharCode(...bytes.subarray(12, 16));
  if (chunk === "VP8X") return positive(u24le(bytes, 24) + 1, u24le(bytes, 27) + 1);
  if (chunk === "VP8L") {
    if (bytes[20] !== 0x2f) return null;
    const bits = bytes[21]! | (bytes[22]! << 8) | (bytes[23]! << 16) | (bytes[24]! << 24);
    return positive((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === "VP8 ") {
    // Frame tag (3), start code 9d 01 2a, then 14-bit width and height.
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return positive(u16le(bytes, 26) & 0x3fff, u16le(bytes, 28) & 0x3fff);
  }
  return null;
}

const positive = (width: number, height: number) => (width > 0 && height > 0 ? { width, height } : null);

/**
 * Validates an uploaded image: present, at most `maxBytes` (2 MB by default),
 * PNG/JPEG/WebP by content; with `maxDimension`, its header must give its size
 * and neither side may exceed it.
 */
export async function checkImage(file: FormDataEntryValue | null, limits: ImageLimits = {}): Promise<ImageCheck> {
  if (!file || typeof file === "string" || file.size === 0) return { ok: false, error: "validation.fileRequired" };
  if (file.size > (limits.maxBytes ?? MAX_IMAGE_BYTES)) return { ok: false, error: "validation.fileTooLarge" };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = detectImageType(bytes);
  if (!type) return { ok: false, error: "validation.fileType" };
  const size = imageDimensions(bytes, type);
  if (limits.maxDimension !== undefined && (!size || size.width > limits.maxDimension || size.height > limits.maxDimension)) return { ok: false, error: "validation.imageDimensions" };
  return { ok: true, bytes, type, width: size?.width ?? null, height: size?.height ?? null };
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
