/**
 * The visitor's side of the public pages (spec §2.4, decision 0020): the ONE place that
 * decides which agency a public page belongs to — the owner of the package's or
 * excursion's slug, or the agency the URL names — and that serves the page from the
 * edge cache under that agency's version. Loaders read the agency with getPublicAgency().
 * An unknown agency or slug renders the page's own 404 (never a redirect to /login).
 */
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { CatalogKind } from "~/lib/public/catalog";
import { cachedPage, publicCacheKey, storePage } from "~/lib/public/cache.server";
import { publicAgency, slugOwner, type PublicAgency } from "~/lib/public/catalog.server";
import { getCloudflare } from "~/middleware/cloudflare";
import { getLocale } from "~/middleware/i18n";
import { publicScope } from "~/middleware/session";

type Ctx = Readonly<RouterContextProvider>;
const publicAgencyContext = createContext<PublicAgency | null>(null);

/** The agency of this public page (null: unknown, the page answers 404). */
export function getPublicAgency(context: Ctx): PublicAgency | null {
  return context.get(publicAgencyContext);
}

/**
 * Middleware of a public page: `by` says where the agency comes from (the slug of a
 * package or excursion, or the URL's agency id/slug). GET and HEAD of a known agency's
 * page are answered from the edge cache, or rendered and kept there.
 */
export function publicPage(by: CatalogKind | "agency"): MiddlewareFunction<Response> {
  return async ({ context, request, params }, next) => {
    const scope = publicScope(context, request);
    const a = by === "agency" ? await publicAgency(scope, params.agencyId ?? "") : await slugOwner(scope, by, params.slug ?? "");
    (context as RouterContextProvider).set(publicAgencyContext, a);
    if (!a || (request.method !== "GET" && request.method !== "HEAD")) return next();
    const key = publicCacheKey(new URL(request.url), a.id, a.version, getLocale(context));
    const hit = await cachedPage(key);
    if (hit) return hit;
    // A HEAD's response has no body: it is answered, never stored under the page's key.
    if (request.method === "HEAD") return next();
    const { ctx } = getCloudflare(context);
    return storePage(key, await next(), (p) => ctx.waitUntil(p));
  };
}
