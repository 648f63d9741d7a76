/**
 * The client portal's session (issue #21; docs/decisions/0021-client-portal.md), decided
 * here and nowhere else: the `rota_portal` cookie (HttpOnly, SameSite=Lax, Path=/portal,
 * Secure over https) holds a random token whose SHA-256 is a portal_session row.
 *
 * It is apart from the staff sessions both ways: the staff middleware (session.ts)
 * reads only better-auth's cookie, so a portal cookie opens no staff route or API (and
 * the browser does not even send it outside /portal); and this middleware reads only
 * its own cookie, so a staff session is no portal session.
 */
import { redirect, type RouterContextProvider } from "react-router";
import { readCookie } from "~/lib/platform/auth-cookie.server";
import { clientIp } from "~/lib/platform/audit.server";
import type { PortalScope } from "~/lib/platform/scope.server";
import { sessionByToken, type PortalSessionRow } from "~/lib/portal/access.server";
import { getDb } from "~/middleware/cloudflare";

type Ctx = Readonly<RouterContextProvider>;

export const PORTAL_COOKIE = "rota_portal";

/** The portal cookie's token from a request, if any. */
export function portalToken(request: Request): string | null {
  const header = request.headers.get("Cookie");
  if (!header?.includes(PORTAL_COOKIE)) return null;
  return readCookie(header, PORTAL_COOKIE);
}

/** The request's portal session (with its agency), or null. */
export async function portalSession(context: Ctx, request: Request): Promise<PortalSessionRow | null> {
  const token = portalToken(request);
  if (!token) return null;
  return sessionByToken(getDb(context), token);
}

const secure = (request: Request) => new URL(request.url).protocol === "https:";

/** Set-Cookie for a new portal session. */
export function portalCookie(request: Request, token: string, expiresAt: string): string {
  const maxAge = Math.max(0, Math.floor((Date.parse(expiresAt) - Date.now()) / 1000));
  return `${PORTAL_COOKIE}=${encodeURIComponent(token)}; Path=/portal; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure(request) ? "; Secure" : ""}`;
}

/** Set-Cookie that removes the portal cookie. */
export function clearPortalCookie(request: Request): string {
  return `${PORTAL_COOKIE}=; Path=/portal; HttpOnly; SameSite=Lax; Max-Age=0${secure(request) ? "; Secure" : ""}`;
}

export function toPortalScope(context: Ctx, request: Request, s: PortalSessionRow): PortalScope {
  return {
    db: getDb(context),
    ip: clientIp(request),
    agencyId: s.agencyId,
    clientId: s.clientId,
    email: s.email,
    agencySlug: s.agency.slug,
    agencyName: s.agency.name,
    timeZone: s.agency.timeZone,
    currency: s.agency.currency,
  };
}

/**
 * The one place that decides the portal scope: a live portal session for the agency in
 * the URL (its id or slug). Without one (no cookie, expired, another agency's session,
 * a staff session only) the visitor goes to that agency's /acesso.
 */
export async function requirePortal(context: Ctx, request: Request, agencyParam: string | undefined): Promise<PortalScope> {
  const s = await portalSession(context, request);
  const param = agencyParam ?? "";
  if (!s || (s.agency.id !== param && s.agency.slug !== param)) {
    throw redirect(`/portal/${encodeURIComponent(param)}/acesso`);
  }
  return toPortalScope(context, request, s);
}
