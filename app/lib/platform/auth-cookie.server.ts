/**
 * better-auth's session cookie, verified without better-auth: its value is
 * `encodeURIComponent(<token>.<base64 HMAC-SHA256(token, secret)>)` (better-call's
 * signCookieValue), named `better-auth.session_token`, or with the `__Secure-` prefix
 * when served over https (useSecureCookies in auth.server.ts). This is the same check
 * better-auth's getSession makes (better-call's getSignedCookie): a cookie whose
 * signature does not verify is no session. The CryptoKey is imported once per secret.
 */
export const SESSION_COOKIE = "better-auth.session_token";
export const SECURE_SESSION_COOKIE = `__Secure-${SESSION_COOKIE}`;

/** The cookie name better-auth uses for an origin. */
export function sessionCookieName(origin: string): string {
  return origin.startsWith("https:") ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/** The first value of a cookie in a Cookie header, unquoted and URI-decoded (as better-call parses it). */
export function readCookie(header: string, name: string): string | null {
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

const HMAC = { name: "HMAC", hash: "SHA-256" } as const;
const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), HMAC, false, ["sign", "verify"]);
    keys.set(secret, key);
  }
  return key;
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

/** The session token of a signed cookie value, or null when it is malformed or its signature does not verify. */
export async function verifySignedValue(value: string, secret: string): Promise<string | null> {
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  const bytes = fromBase64(signature);
  if (!bytes) return null;
  const valid = await crypto.subtle.verify(HMAC, await hmacKey(secret), bytes, new TextEncoder().encode(token));
  return valid ? token : null;
}

/** Signs a token the way better-auth does (tests and tools). */
export async function signValue(token: string, secret: string): Promise<string> {
  const signature = new Uint8Array(await crypto.subtle.sign(HMAC, await hmacKey(secret), new TextEncoder().encode(token)));
  return encodeURIComponent(`${token}.${btoa(String.fromCharCode(...signature))}`);
}

/** The verified session token of a request, or null (no cookie, or a forged or tampered one). */
export async function sessionToken(cookieHeader: string | null, origin: string, secret: string): Promise<string | null> {
  if (!cookieHeader) return null;
  const value = readCookie(cookieHeader, sessionCookieName(origin));
  return value ? verifySignedValue(value, secret) : null;
}
