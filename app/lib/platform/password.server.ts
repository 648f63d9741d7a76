import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * Password hashing with node:crypto scrypt (native in workerd with nodejs_compat),
 * in better-auth's format `salt:key` (hex) and parameters, so hashes are
 * interchangeable with better-auth's own. The pure-JS fallback better-auth uses
 * on Workers overruns the CPU limit; this one does not.
 */
const N = 16384;
const r = 16;
const p = 1;
const dkLen = 64;

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, dkLen, { N, r, p, maxmem: 128 * N * r * 2 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16).toString("hex");
  const key = await derive(password, salt);
  return `${salt}:${key.toString("hex")}`;
}

export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const [salt, key] = hash.split(":");
  if (!salt || !key) return false;
  const derived = await derive(password, salt);
  const expected = Buffer.from(key, "hex");
  return expected.length === derived.length && timingSafeEqual(expected, derived);
}
