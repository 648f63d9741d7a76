/**
 * Secrets stored in D1 (an agency's SMTP password): AES-256-GCM through Web
 * Crypto. The AES key is derived with HKDF-SHA-256 from DATA_ENCRYPTION_KEY
 * (base64, 32 random bytes in production; any secret text works) and a purpose
 * label, so the one secret can serve several purposes without key reuse. The
 * additional data binds a ciphertext to its row (e.g. the agency id): moved to
 * another row it no longer decrypts.
 *
 * Stored form: `v1:<base64 iv>:<base64 ciphertext+tag>`.
 */
import { bytesToBase64 } from "./base64.ts";

const PREFIX = "v1";
const IV_BYTES = 12;
const encoder = new TextEncoder();
const decoder = new TextDecoder();


function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** The secret's bytes: its base64 decoding when it is base64, otherwise its UTF-8 text. */
function secretBytes(secret: string): Uint8Array<ArrayBuffer> {
  if (/^[A-Za-z0-9+/]+={0,2}$/.test(secret) && secret.length % 4 === 0) {
    try {
      return base64ToBytes(secret);
    } catch {
      // not base64 after all
    }
  }
  return encoder.encode(secret);
}

const keys = new Map<string, Promise<CryptoKey>>();

/** The AES-GCM key for a purpose, derived once per isolate. */
function deriveKey(secret: string, purpose: string): Promise<CryptoKey> {
  const cacheKey = `${purpose}\u0000${secret}`;
  let key = keys.get(cacheKey);
  if (!key) {
    key = crypto.subtle
      .importKey("raw", secretBytes(secret), "HKDF", false, ["deriveKey"])
      .then((material) =>
        crypto.subtle.deriveKey(
          { name: "HKDF", hash: "SHA-256", salt: encoder.encode("rota/data-encryption"), info: encoder.encode(purpose) },
          material,
          { name: "AES-GCM", length: 256 },
          false,
          ["encrypt", "decrypt"],
        ),
      );
    keys.set(cacheKey, key);
  }
  return key;
}

export type SecretContext = { secret: string; purpose: string; /** Binds the ciphertext to its row. */ aad: string };

export async function encryptSecret(plaintext: string, ctx: SecretContext): Promise<string> {
  const key = await deriveKey(ctx.secret, ctx.purpose);
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: encoder.encode(ctx.aad) }, key, encoder.encode(plaintext));
  return `${PREFIX}:${bytesToBase64(iv)}:${bytesToBase64(new Uint8Array(sealed))}`;
}

/** The plaintext, or null when the value is malformed, was sealed for another row or under another key. */
export async function decryptSecret(stored: string, ctx: SecretContext): Promise<string | null> {
  const [prefix, iv, sealed, ...rest] = stored.split(":");
  if (prefix !== PREFIX || !iv || !sealed || rest.length > 0) return null;
  try {
    const key = await deriveKey(ctx.secret, ctx.purpose);
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: base64ToBytes(iv), additionalData: encoder.encode(ctx.aad) },
      key,
      base64ToBytes(sealed),
    );
    return decoder.decode(plain);
  } catch {
    return null;
  }
}

/** The SHA-256 of `data` (bytes, or a string as UTF-8) in lowercase hex: file hashes, stored token hashes. */
export async function sha256Hex(data: Uint8Array | string): Promise<string> {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  const digest = await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** 32 random bytes (256 bits), base64url: a link token; store only its sha256Hex. */
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
