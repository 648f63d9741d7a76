import type { MiddlewareFunction } from "react-router";

/**
 * Security headers on every document and data response (ASVS 14.4).
 * Scripts: React Router inlines its hydration data, so script-src allows
 * 'self' and 'unsafe-inline' for that single bootstrap while object-src and
 * base-uri are 'none' and framing is refused.
 */
export function securityHeaders(headers: Headers, { https }: { https: boolean }) {
  headers.set(
    "Content-Security-Policy",
    [
      "default-src 'self'",
      "script-src 'self' 'unsafe-inline'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self' data:",
      "connect-src 'self' ws: wss:",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join("; "),
  );
  if (https) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  else headers.set("Strict-Transport-Security", "max-age=63072000");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
}

export const securityMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  // Redirect and streamed responses may have immutable headers.
  try {
    securityHeaders(response.headers, { https: new URL(request.url).protocol === "https:" });
    return response;
  } catch {
    const copy = new Response(response.body, response);
    securityHeaders(copy.headers, { https: new URL(request.url).protocol === "https:" });
    return copy;
  }
};
