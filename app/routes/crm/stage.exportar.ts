import { dealListSpec } from "~/lib/crm/deal";
import { dealsCsv, stageBySlug } from "~/lib/crm/deal.server";
import { exportFilename } from "~/lib/kit/export.server";
import { parseListQuery } from "~/lib/kit/list";
import { notFound } from "~/lib/platform/http";
import { translate } from "~/lib/platform/translate";
import { getI18n } from "~/middleware/i18n";
import { requireAgency, requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/stage.exportar";

export const middleware: Route.MiddlewareFunction[] = [requireModule("crm")];

/** GET /crm/{stage}/exportar?<list params>: the stage's current filter as CSV. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const stage = await stageBySlug(scope, params.stage);
  if (!stage) throw notFound();
  const query = parseListQuery(new URL(request.url).searchParams, dealListSpec);
  const i18n = getI18n(context);
  return dealsCsv(scope, stage, query, exportFilename(`crm-${stage.slug}`, requireAgency(context, request).agency.slug), (key) => translate(i18n, key));
}
