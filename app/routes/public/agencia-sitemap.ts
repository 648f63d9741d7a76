import { plainFailure } from "~/lib/platform/http";
import { catalogSlugs, publicAgency } from "~/lib/public/catalog.server";
import { sitemapXml } from "~/lib/public/sitemap";
import { publicScope } from "~/middleware/session";
import type { Route } from "./+types/agencia-sitemap";

/** GET /agencia/{agency}/sitemap.xml: the agency's list and every published package and excursion, with their language alternates. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const scope = publicScope(context, request);
  const a = await publicAgency(scope, params.agencyId);
  if (!a) return plainFailure(404);
  const origin = new URL(request.url).origin;
  const pages = await catalogSlugs(scope.db, a);
  return new Response(sitemapXml(origin, a.slug, pages), { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
