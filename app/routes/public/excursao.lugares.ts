import { excursionPlaces } from "~/lib/public/catalog.server";
import { publicScope } from "~/middleware/session";
import type { Route } from "./+types/excursao.lugares";

/** GET /excursao/{slug}/lugares: the excursion's places now (total, held, sold, free); never cached, 404 for an unknown page. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const places = await excursionPlaces(publicScope(context, request), params.slug);
  return Response.json(places ?? { error: "not_found" }, { status: places ? 200 : 404, headers: { "Cache-Control": "no-store" } });
}
