import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret } from "~/lib/platform/crypto.server";

const ctx = { secret: "cm90YS1sb2NhbC1kZXYta2V5LTMyLWJ5dGVzLWxvbmchIQ==", purpose: "test", aad: "agency-1" };

describe("secrets at rest (AES-GCM)", () => {
  it("round-trips, with a fresh IV each time, and never shows the plaintext", async () => {
    const a = await encryptSecret("s3nha secreta", ctx);
    const b = await encryptSecret("s3nha secreta", ctx);
    expect(a).toMatch(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain("secreta");
    expect(await decryptSecret(a, ctx)).toBe("s3nha secreta");
  });

  it("fails closed for another row, another purpose, another key or a tampered value", async () => {
    const sealed = await encryptSecret("x", ctx);
    expect(await decryptSecret(sealed, { ...ctx, aad: "agency-2" })).toBeNull();
    expect(await decryptSecret(sealed, { ...ctx, purpose: "other" })).toBeNull();
    expect(await decryptSecret(sealed, { ...ctx, secret: "another-secret-of-enough-length-1234" })).toBeNull();
    const [v, iv, ct] = sealed.split(":");
    expect(await decryptSecret(`${v}:${iv}:${ct!.slice(0, -4)}AAA=`, ctx)).toBeNull();
    expect(await decryptSecret("garbage", ctx)).toBeNull();
  });
});
