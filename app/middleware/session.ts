/**
 * The signed-in viewer: better-auth session → profile, effective agency and its
 * licence, loaded once per request. Guards for routes live here too, so every
 * loader and action reads the same verified identity and never trusts the client
 * for the agency.
 */
import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { Role } from "~/db/schema";
import { clientIp } from "~/lib/platform/audit.server";
import { createAuth, type Auth } from "~/lib/platform/auth.server";
import { forbidden } from "~/lib/platform/http";
import { sendMail } from "~/lib/platform/mail.server";
import type { PublicScope, Scope, UserScope } from "~/lib/platform/scope.server";
import { recipientLanguage, textIn } from "~/lib/platform/text-in";
import type { Viewer, ViewerAgency } from "~/lib/platform/viewer";
import { mailPreferences, viewerAgency as findViewerAgency, viewerProfile } from "~/lib/platform/viewer.server";
import { hasPermission, type LicenceModules } from "~/lib/system/licence";
import { getDb, getEnv, getMailer } from "~/middleware/cloudflare";
import { getLocale } from "~/middleware/i18n";

export type { Viewer, ViewerAgency };

type Ctx = Readonly<RouterContextProvider>;
const viewerContext = createContext<Viewer | null>(null);
const authContext = createContext<Auth | null>(null);

export const SESSION_COOKIE = "better-auth.session_token";

/** The better-auth instance for this request. */
export function getAuth(context: Ctx, request: Request): Auth {
  let auth = context.get(authContext);
  if (!auth) {
    const db = getDb(context);
    const origin = new URL(request.url).origin;
    auth = createAuth({
      db,
      env: getEnv(context),
      origin,
      // The reset mail follows the user's agency (its sender and transport; none for a
      // SuperAdmin without one: the local default) and the user's language: the profile's,
      // else the request's, else pt.
      onResetPassword: async ({ email, name, token, userId }) => {
        const p = await mailPreferences(db, userId);
        const locale = recipientLanguage(p.locale, getLocale(context));
        const link = `${origin}/resetar-senha?token=${encodeURIComponent(token)}`;
        await sendMail(getMailer(context), {
          agencyId: p.agencyId,
          kind: "password-reset",
          to: email,
          locale,
          subject: textIn(locale, "auth.resetMail.subject"),
          text: textIn(locale, "auth.resetMail.body", { name: name || email, link }),
        });
      },
    });
    (context as RouterContextProvider).set(authContext, auth);
  }
  return auth;
}

async function loadViewer(context: Ctx, request: Request): Promise<Viewer | null> {
  const cookie = request.headers.get("Cookie") ?? "";
  if (!cookie.includes(SESSION_COOKIE)) return null;
  const result = await getAuth(context, request).api.getSession({ headers: request.headers });
  if (!result) return null;
  const db = getDb(context);
  const p = await viewerProfile(db, result.user.id);
  if (!p || !p.active) return null;
  const picked = (result.session as { activeAgencyId?: string | null }).activeAgencyId ?? null;
  const agencyId = p.role === "SuperAdmin" ? picked : p.agencyId;
  let viewerAgency: ViewerAgency | null = null;
  let modules: LicenceModules | null = null;
  if (agencyId) {
    const found = await findViewerAgency(db, agencyId);
    if (found && (found.active || p.role === "SuperAdmin")) {
      viewerAgency = found.agency;
      modules = found.modules;
    }
    // Staff of a deactivated (or missing) agency are signed out, like a deactivated profile;
    // otherwise /dashboard and /selecionar-agencia would send them back and forth.
    if (!viewerAgency && p.role !== "SuperAdmin") return null;
  }
  return {
    userId: result.user.id,
    sessionId: result.session.id,
    email: result.user.email,
    name: p.name || result.user.name,
    role: p.role,
    avatarKey: p.avatarKey,
    agency: viewerAgency,
    licence: modules,
    needsAgencySelection: p.role === "SuperAdmin" && !viewerAgency,
  };
}

export const sessionMiddleware: MiddlewareFunction<Response> = async ({ context, request }) => {
  context.set(viewerContext, await loadViewer(context, request));
};

export function getViewer(context: Ctx): Viewer | null {
  return context.get(viewerContext);
}

/**
 * The document URL a request stands for: client navigations fetch
 * `/path.data?…&_routes=…` (single fetch), which must not leak into redirects.
 */
export function documentUrl(request: Request): URL {
  const url = new URL(request.url);
  if (url.pathname === "/_root.data") url.pathname = "/";
  else if (url.pathname.endsWith(".data")) url.pathname = url.pathname.slice(0, -".data".length);
  url.searchParams.delete("_routes");
  return url;
}

/** Where the user wanted to go: path + search of the document. */
export function requestedLocation(request: Request): string {
  const url = documentUrl(request);
  return url.pathname + url.search;
}

/** No session → /login with the requested location remembered (spec §2.6). */
export function requireViewer(context: Ctx, request: Request): Viewer {
  const viewer = getViewer(context);
  if (!viewer) {
    throw redirect(`/login?redirectTo=${encodeURIComponent(requestedLocation(request))}`);
  }
  return viewer;
}

export type AgencyViewer = Viewer & { agency: ViewerAgency };

/** A viewer working inside an agency; a SuperAdmin without one picks it first. */
export function requireAgency(context: Ctx, request: Request): AgencyViewer {
  const viewer = requireViewer(context, request);
  if (!viewer.agency) {
    throw redirect(`/selecionar-agencia?redirectTo=${encodeURIComponent(requestedLocation(request))}`);
  }
  return viewer as AgencyViewer;
}

/**
 * The one place that decides the agency scope: the verified session's agency
 * (a SuperAdmin's pick), never a value from the URL or a form. Routes pass the
 * Scope to domain functions; they never reach the database themselves.
 */
export function requireScope(context: Ctx, request: Request): Scope {
  const viewer = requireAgency(context, request);
  return {
    db: getDb(context),
    ip: clientIp(request),
    userId: viewer.userId,
    role: viewer.role,
    agencyId: viewer.agency.id,
    timeZone: viewer.agency.timeZone,
    currency: viewer.agency.currency,
  };
}

/** A signed-in user's scope, with or without an agency (profile, notifications, agency choice). */
export function requireUserScope(context: Ctx, request: Request): UserScope {
  const viewer = requireViewer(context, request);
  return { db: getDb(context), ip: clientIp(request), userId: viewer.userId, role: viewer.role, agencyId: viewer.agency?.id ?? null };
}

/** Any request's scope (sign-in, invitations, public files): the database and the client's address. */
export function publicScope(context: Ctx, request: Request): PublicScope {
  return { db: getDb(context), ip: clientIp(request) };
}

/** Middleware: the route needs one of these roles; others go silently to /dashboard (spec §6). */
export function requireRoles(...roles: Role[]): MiddlewareFunction<Response> {
  return ({ context, request }) => {
    const viewer = requireViewer(context, request);
    if (!roles.includes(viewer.role)) {
      if (request.method === "GET" || request.method === "HEAD") throw redirect("/dashboard");
      throw forbidden();
    }
  };
}

/** Middleware: the route's module (and submodule path) must be enabled in the agency's licence (spec §5). */
export function requireModule(module: string, ...path: string[]): MiddlewareFunction<Response> {
  return ({ context, request }) => {
    const viewer = requireAgency(context, request);
    if (!hasPermission(viewer.licence, module, ...path)) {
      if (request.method === "GET" || request.method === "HEAD") throw redirect("/dashboard");
      throw forbidden();
    }
  };
}

/**
 * Calls one of better-auth's own endpoints (/api/auth/{path}) for this request,
 * so its rate limits and origin checks apply to form submissions too. The
 * client address and user agent are passed on.
 */
export function callAuthEndpoint(context: Ctx, request: Request, path: string, body: unknown): Promise<Response> {
  const origin = new URL(request.url).origin;
  const headers = new Headers({ "Content-Type": "application/json", Origin: origin });
  for (const name of ["cf-connecting-ip", "user-agent"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  return getAuth(context, request).handler(
    new Request(`${origin}/api/auth/${path}`, { method: "POST", headers, body: JSON.stringify(body) }),
  );
}

/** The Set-Cookie headers of a better-auth response, to pass on with a redirect. */
export function sessionCookies(response: Response): Headers {
  const out = new Headers();
  for (const cookie of response.headers.getSetCookie()) out.append("Set-Cookie", cookie);
  return out;
}
