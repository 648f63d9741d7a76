/**
 * The signed-in viewer: the verified session cookie → session, user, profile,
 * effective agency and its licence, loaded once per request in one statement. Guards for routes live here too, so every
 * loader and action reads the same verified identity and never trusts the client
 * for the agency.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { Role } from "~/db/schema";
import { clientIp } from "~/lib/platform/audit.server";
import { SESSION_COOKIE, sessionToken } from "~/lib/platform/auth-cookie.server";
import { createAuth, sessionRefreshDue, type Auth, type ResetMail } from "~/lib/platform/auth.server";
import { createDb } from "~/lib/platform/db.server";
import type { AppEnv } from "~/lib/platform/env.server";
import { forbidden } from "~/lib/platform/http";
import { sendMail } from "~/lib/platform/mail.server";
import type { PublicScope, Scope, UserScope } from "~/lib/platform/scope.server";
import { recipientLanguage, textIn } from "~/lib/platform/text-in";
import type { Viewer, ViewerAgency } from "~/lib/platform/viewer";
import { mailPreferences, sessionViewer } from "~/lib/platform/viewer.server";
import { hasPermission, type LicenceModules } from "~/lib/system/licence";
import { getDb, getEnv, getMailer } from "~/middleware/cloudflare";
import { getLocale } from "~/middleware/i18n";

export type { Viewer, ViewerAgency };

type Ctx = Readonly<RouterContextProvider>;
const viewerContext = createContext<Viewer | null>(null);
const authContext = createContext<Auth | null>(null);

export { SESSION_COOKIE };

/**
 * better-auth instances, built once per isolate and kept per D1 binding, origin and
 * secret (everything their options depend on). better-auth copies its context per
 * call, so a shared instance keeps nothing of one request for the next; the one
 * request-bound part, the password-reset mail (the request's mailer and language),
 * reaches the shared instance through `resetMail` (AsyncLocalStorage) around every call.
 */
const shared = new WeakMap<object, Map<string, Auth>>();
const resetMail = new AsyncLocalStorage<(mail: ResetMail) => Promise<void>>();

function sharedAuth(env: AppEnv, origin: string): Auth {
  let byKey = shared.get(env.DB);
  if (!byKey) {
    byKey = new Map();
    shared.set(env.DB, byKey);
  }
  const key = `${origin}\n${env.BETTER_AUTH_SECRET}`;
  let auth = byKey.get(key);
  if (!auth) {
    auth = createAuth({
      db: createDb(env.DB),
      env,
      origin,
      onResetPassword: (mail) => {
        const send = resetMail.getStore();
        if (!send) throw new Error("a password-reset mail outside a request's better-auth call");
        return send(mail);
      },
    });
    byKey.set(key, auth);
  }
  return auth;
}

/** better-auth for this request: the shared instance, every call run with this request's reset mailer. */
export function getAuth(context: Ctx, request: Request): Auth {
  let auth = context.get(authContext);
  if (!auth) {
    const origin = new URL(request.url).origin;
    const instance = sharedAuth(getEnv(context), origin);
    // The reset mail follows the user's agency (its sender and transport; none for a
    // SuperAdmin without one: the local default) and the user's language: the profile's,
    // else the request's, else pt.
    const send = async ({ email, name, token, userId }: ResetMail) => {
      const p = await mailPreferences(getDb(context), userId);
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
    };
    const api = new Proxy(instance.api, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => resetMail.run(send, () => (value as (...a: unknown[]) => unknown).apply(target, args));
      },
    });
    auth = { ...instance, api, handler: (req: Request) => resetMail.run(send, () => instance.handler(req)) };
    (context as RouterContextProvider).set(authContext, auth);
  }
  return auth;
}

type LoadedViewer = { viewer: Viewer | null; setCookies: string[] };
const NO_VIEWER: LoadedViewer = { viewer: null, setCookies: [] };

/**
 * The viewer of a request in one round trip: the signed session cookie is verified
 * here (the HMAC better-auth signs it with), then session ⋈ user ⋈ profile ⋈ agency ⋈
 * licence is read in one statement — on every request, no cookie cache, so a revoked
 * or expired session, a deactivated profile or agency, a new role or licence apply on
 * the next request. better-auth's getSession runs only when the session is due for its
 * daily refresh (updateAge): it extends the row and re-issues the cookie, whose
 * Set-Cookie the middleware passes on.
 */
async function loadViewer(context: Ctx, request: Request): Promise<LoadedViewer> {
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes(SESSION_COOKIE)) return NO_VIEWER;
  const origin = new URL(request.url).origin;
  const token = await sessionToken(cookie, origin, getEnv(context).BETTER_AUTH_SECRET);
  if (!token) return NO_VIEWER;
  const row = await sessionViewer(getDb(context), token);
  const now = Date.now();
  if (!row || row.expiresAt.getTime() <= now || !row.active) return NO_VIEWER;
  const agencyId = row.role === "SuperAdmin" ? row.activeAgencyId : row.profileAgencyId;
  let viewerAgency: ViewerAgency | null = null;
  let modules: LicenceModules | null = null;
  if (agencyId) {
    if (row.agency && (row.agency.active || row.role === "SuperAdmin")) {
      const { active: _active, ...agency } = row.agency;
      viewerAgency = agency;
      modules = row.modules;
    }
    // Staff of a deactivated (or missing) agency are signed out, like a deactivated profile;
    // otherwise /dashboard and /selecionar-agencia would send them back and forth.
    if (!viewerAgency && row.role !== "SuperAdmin") return NO_VIEWER;
  }
  let setCookies: string[] = [];
  if (sessionRefreshDue(row.expiresAt.getTime(), now)) {
    const refreshed = await getAuth(context, request).api.getSession({ headers: request.headers, returnHeaders: true });
    if (!refreshed.response) return NO_VIEWER;
    setCookies = refreshed.headers.getSetCookie();
  }
  return {
    viewer: {
      userId: row.userId,
      sessionId: row.sessionId,
      email: row.email,
      name: row.name || row.userName,
      role: row.role,
      avatarKey: row.avatarKey,
      agency: viewerAgency,
      licence: modules,
      needsAgencySelection: row.role === "SuperAdmin" && !viewerAgency,
    },
    setCookies,
  };
}

/** A response with these Set-Cookie headers added (a redirect's headers may be immutable: copied then). */
function withCookies(response: Response, cookies: string[]): Response {
  let out = response;
  try {
    for (const c of cookies) out.headers.append("Set-Cookie", c);
  } catch {
    out = new Response(response.body, response);
    for (const c of cookies) out.headers.append("Set-Cookie", c);
  }
  return out;
}

export const sessionMiddleware: MiddlewareFunction<Response> = async ({ context, request }, next) => {
  const { viewer, setCookies } = await loadViewer(context, request);
  context.set(viewerContext, viewer);
  if (setCookies.length === 0) return;
  return withCookies(await next(), setCookies);
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
