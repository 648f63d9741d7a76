/**
 * The public pages' edge cache (decision 0020): pages are kept in the Workers Cache
 * (caches.default) under a key that carries the agency's public version and the page's
 * language. Staff writes bump the version (triggers, migration 0034), so the next request
 * misses and renders afresh; nothing has to be purged, and an old page is never served.
 */
import type { Language } from "~/locales";

/** Browsers keep a page a minute; the edge a day (a change is a new key anyway). */
export const PUBLIC_CACHE_CONTROL = "public, max-age=60, s-maxage=86400";

/** The edge's key of a page: the agency, its version, the language, the path and the sorted query (without `lng`, which the language already says). */
export function publicCacheKey(url: URL, agencyId: string, version: number, language: Language): Request {
  const params = [...url.searchParams.entries()].filter(([k]) => k !== "lng").sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const search = params.length ? `?${new URLSearchParams(params).toString()}` : "";
  return new Request(`${url.origin}/__public-cache/${encodeURIComponent(agencyId)}/v${version}/${language}${url.pathname}${search}`);
}

function edgeCache(): Cache | null {
  return typeof caches === "undefined" ? null : (caches as unknown as { default: Cache }).default;
}

/** The cached page for the key, marked as a hit; null on a miss. */
export async function cachedPage(key: Request): Promise<Response | null> {
  const cache = edgeCache();
  if (!cache) return null;
  const hit = await cache.match(key);
  if (!hit) return null;
  const out = new Response(hit.body, hit);
  out.headers.set("X-Public-Cache", "hit");
  return out;
}

/**
 * Keeps a freshly rendered page: only a 200 that sets no cookie (a refreshed staff session
 * is nobody else's). Returns the response to send, with its Cache-Control.
 */
export function storePage(key: Request, response: Response, waitUntil: (p: Promise<unknown>) => void): Response {
  if (response.status !== 200 || response.headers.has("Set-Cookie")) {
    const out = new Response(response.body, response);
    out.headers.set("Cache-Control", "no-store");
    return out;
  }
  const out = new Response(response.body, response);
  out.headers.set("Cache-Control", PUBLIC_CACHE_CONTROL);
  out.headers.append("Vary", "Accept-Language, Cookie");
  out.headers.set("X-Public-Cache", "miss");
  const cache = edgeCache();
  if (cache) waitUntil(cache.put(key, out.clone()).catch((error: unknown) => console.warn("public cache put failed", error)));
  return out;
}
