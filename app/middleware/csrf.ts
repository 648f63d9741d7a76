import type { MiddlewareFunction } from "react-router";
import resources from "~/locales/resources";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "~/locales";
import { readLanguageCookie } from "~/middleware/i18n";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * True when a state-changing request comes from the app's own origin: the
 * browser's Origin header (or, failing that, Sec-Fetch-Site) must match the
 * address the app is served at, so localhost and 127.0.0.1 both work.
 */
export function isSameOrigin(request: Request): boolean {
  if (SAFE.has(request.method)) return true;
  const self = new URL(request.url).origin;
  const origin = request.headers.get("Origin");
  if (origin && origin !== "null") return origin === self;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site) return site === "same-origin";
  return false;
}

function requestLanguage(request: Request): Language {
  const saved = readLanguageCookie(request);
  if (saved) return saved;
  const header = (request.headers.get("Accept-Language") ?? "").toLowerCase();
  for (const part of header.split(",")) {
    const code = part.trim().slice(0, 2);
    if (isLanguage(code)) return code;
  }
  return DEFAULT_LANGUAGE;
}

/** 403 in the user's language; nothing ran. */
export function crossOriginResponse(request: Request): Response {
  return new Response(resources[requestLanguage(request)].translation.errors.crossOrigin, {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" },
  });
}

/**
 * CSRF: a cross-origin POST to any action changes nothing and gets 403.
 * The Worker entry applies the same check before React Router sees the request;
 * this middleware keeps it true wherever the app's handler runs.
 */
export const originCheckMiddleware: MiddlewareFunction<Response> = ({ request }) => {
  if (!isSameOrigin(request)) throw crossOriginResponse(request);
};
