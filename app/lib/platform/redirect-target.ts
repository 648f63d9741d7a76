/**
 * The one rule for a redirect target that comes from user input (`redirectTo`
 * of the login, the language switch, the agency choice...): only a path of this
 * app survives; anything else becomes the fallback. Pure, never throws.
 *
 * - refused outright: not a string, longer than 2,000 characters, any control
 *   character (C0, DEL, C1: a browser drops `\t`, `\n`, `\r` from a URL, so
 *   `/\t/evil.example` would read as `//evil.example`), a backslash (read as `/`),
 *   anything that does not start with exactly one `/`;
 * - then the URL parser resolves it against a fixed origin; a different origin is
 *   refused, and the answer is the parser's own serialization (path, query and
 *   fragment, percent-encoded ASCII, so it is always a valid Location header),
 *   which must again start with exactly one `/` (`/.//evil.example` normalizes to
 *   `//evil.example` and is refused).
 */
const ORIGIN = "https://rota.invalid";
const MAX_LENGTH = 2000;
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\\]/;

const isLocalPath = (path: string) => path.startsWith("/") && !path.startsWith("//");

export function safeRedirect(to: unknown, fallback = "/dashboard"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > MAX_LENGTH) return fallback;
  if (FORBIDDEN.test(to) || !isLocalPath(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== ORIGIN) return fallback;
  const path = url.pathname + url.search + url.hash;
  return isLocalPath(path) && !FORBIDDEN.test(path) ? path : fallback;
}
