import { describe, expect, it } from "vitest";
import { checkImage, detectImageType, fileKey, MAX_IMAGE_BYTES } from "~/lib/platform/files.server";

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
