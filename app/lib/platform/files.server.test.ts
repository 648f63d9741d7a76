import { describe, expect, it } from "vitest";
import { checkImage, detectImageType, fileKey, imageDimensions, MAX_IMAGE_BYTES } from "~/lib/platform/files.server";

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const webp = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50, 0x56]);

describe("detectImageType", () => {
  it("recognises PNG, JPEG and WebP by their magic bytes", () => {
    expect(detectImageType(png)).toBe("png");
    expect(detectImageType(jpeg)).toBe("jpeg");
    expect(detectImageType(webp)).toBe("webp");
  });
  it("refuses anything else, whatever its name", () => {
    expect(detectImageType(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(detectImageType(new TextEncoder().encode("GIF89a"))).toBeNull();
    expect(detectImageType(new Uint8Array([0x89, 0x50]))).toBeNull();
  });
});

describe("checkImage", () => {
  it("accepts a small PNG", async () => {
    const r = await checkImage(new File([png], "x.txt", { type: "text/plain" }));
    expect(r).toMatchObject({ ok: true, type: "png" });
  });
  it("refuses a missing, empty, oversized or disguised file", async () => {
    expect(await checkImage(null)).toEqual({ ok: false, error: "validation.fileRequired" });
    expect(await checkImage("text")).toEqual({ ok: false, error: "validation.fileRequired" });
    expect(await checkImage(new File([], "a.png"))).toEqual({ ok: false, error: "validation.fileRequired" });
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
    big.set(png);
    expect(await checkImage(new File([big], "a.png"))).toEqual({ ok: false, error: "validation.fileTooLarge" });
    expect(await checkImage(new File(["<html>"], "a.png", { type: "image/png" }))).toEqual({ ok: false, error: "validation.fileType" });
  });
});

describe("fileKey", () => {
  it("puts files under the agency's prefix", () => {
    expect(fileKey("ag-1", "avatars", "jpeg")).toMatch(/^agencies\/ag-1\/avatars\/[0-9a-f-]{36}\.jpg$/);
    expect(fileKey(null, "avatars", "png")).toMatch(/^platform\/avatars\/[0-9a-f-]{36}\.png$/);
  });
});

/** Headers of real images of a given size (what encoders write). */
const pngOf = (w: number, h: number) => {
  const b = new Uint8Array(33);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(b.buffer).setUint32(16, w);
  new DataView(b.buffer).setUint32(20, h);
  return b;
};
const jpegOf = (w: number, h: number) =>
  // SOI, an APP0 of 16 bytes, then SOF0: length 17, precision 8, height, width.
  new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, ...new Array(14).fill(0), 0xff, 0xc0, 0, 17, 8, h >> 8, h & 255, w >> 8, w & 255, 3, ...new Array(9).fill(0)]);
const webpOf = (kind: "VP8X" | "VP8L" | "VP8 ", w: number, h: number) => {
  const b = new Uint8Array(40);
  b.set([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, ...[...kind].map((c) => c.charCodeAt(0))]);
  if (kind === "VP8X") {
    const [a, c] = [w - 1, h - 1];
    b.set([a & 255, (a >> 8) & 255, a >> 16, c & 255, (c >> 8) & 255, c >> 16], 24);
  } else if (kind === "VP8L") {
    const bits = (w - 1) | ((h - 1) << 14);
    b.set([0x2f, bits & 255, (bits >> 8) & 255, (bits >> 16) & 255, (bits >>> 24) & 255], 20);
  } else {
    b.set([0x9d, 0x01, 0x2a, w & 255, w >> 8, h & 255, h >> 8], 23);
  }
  return b;
};

describe("imageDimensions and the size limits", () => {
  it("reads width and height from PNG, JPEG and the three WebP headers", () => {
    expect(imageDimensions(pngOf(1600, 900), "png")).toEqual({ width: 1600, height: 900 });
    expect(imageDimensions(jpegOf(1200, 800), "jpeg")).toEqual({ width: 1200, height: 800 });
    expect(imageDimensions(webpOf("VP8X", 5000, 300), "webp")).toEqual({ width: 5000, height: 300 });
    expect(imageDimensions(webpOf("VP8L", 640, 480), "webp")).toEqual({ width: 640, height: 480 });
    expect(imageDimensions(webpOf("VP8 ", 400, 267), "webp")).toEqual({ width: 400, height: 267 });
  });
  it("gives null for a cut or malformed header", () => {
    expect(imageDimensions(png, "png")).toBeNull();
    expect(imageDimensions(jpeg, "jpeg")).toBeNull();
    expect(imageDimensions(webp, "webp")).toBeNull();
  });
  it("checkImage refuses a file over the given bytes or a side over the given pixels, and reports the size", async () => {
    const file = (b: Uint8Array) => new File([new Uint8Array(b)], "x");
    expect(await checkImage(file(pngOf(4096, 10)), { maxDimension: 4096 })).toMatchObject({ ok: true, type: "png", width: 4096, height: 10 });
    expect(await checkImage(file(pngOf(4097, 10)), { maxDimension: 4096 })).toEqual({ ok: false, error: "validation.imageDimensions" });
    expect(await checkImage(file(webpOf("VP8X", 10, 5000)), { maxDimension: 4096 })).toEqual({ ok: false, error: "validation.imageDimensions" });
    expect(await checkImage(file(png), { maxDimension: 4096 })).toEqual({ ok: false, error: "validation.imageDimensions" });
    expect(await checkImage(file(jpegOf(10, 10)), { maxBytes: 10 })).toEqual({ ok: false, error: "validation.fileTooLarge" });
  });
});
