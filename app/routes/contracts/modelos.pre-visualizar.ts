import { mergeValuesForSale } from "~/lib/contracts/contract-data.server";
import { TEMPLATE_LANGUAGES, type ContractLanguage } from "~/lib/contracts/template";
import { previewSales } from "~/lib/contracts/template.server";
import { notFound } from "~/lib/platform/http";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/modelos.pre-visualizar";

export const middleware: Route.MiddlewareFunction[] = [requireModule("contratos", "modelos")];

/**
 * The template preview's data (resource route, JSON):
 * - `?venda=<id>&idioma=pt|en|es`: the sale's merge values in that language —
 *   404 for an unknown sale, another agency's, or one the user may not see;
 * - otherwise `?q=<number or client>`: the sales the preview may use (at most 20).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const params = new URL(request.url).searchParams;
  const saleId = params.get("venda");
  if (saleId !== null) {
    const asked = params.get("idioma");
    const language: ContractLanguage = (TEMPLATE_LANGUAGES as readonly string[]).includes(asked ?? "") ? (asked as ContractLanguage) : "pt";
    const values = await mergeValuesForSale(scope, saleId, language);
    if (!values) throw notFound();
    return Response.json({ values }, { headers: { "Cache-Control": "private, no-store" } });
  }
  const sales = await previewSales(scope, (params.get("q") ?? "").trim());
  return Response.json({ sales }, { headers: { "Cache-Control": "private, no-store" } });
}
