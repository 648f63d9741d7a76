import { commissionOverrideSchema, overrideValues } from "~/lib/commissions/commissions.schema";
import { setCommissionOverride } from "~/lib/commissions/override.server";
import { invalid, malformed, parseForm } from "~/lib/kit/forms";
import { redirectWithToast } from "~/lib/platform/flash.server";
import { conflict, forbidden, notFound } from "~/lib/platform/http";
import { emissivoEditPath } from "~/lib/sales/emissivo";
import { excursionSalePath } from "~/lib/sales/excursion-sale";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/comissoes.venda";

export const middleware: Route.MiddlewareFunction[] = [requireModule("financeiro", "faturamento", "comissoes")];

/**
 * POST …/comissoes/venda/:id (the sale page's commission card): intent=override with
 * mode=agent (the seller's rule) or mode=custom (rule, commission %), and the sale's
 * version. Admin and Financeiro; back to the sale's page with a toast.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const scope = requireScope(context, request);
  const submission = parseForm(await request.formData(), commissionOverrideSchema);
  if (!submission) return malformed();
  if (submission.status !== "success") return invalid(submission.reply());
  const result = await setCommissionOverride(scope, params.id, overrideValues(submission.value));
  if (!result.ok) {
    if (result.reason === "notFound") throw notFound();
    if (result.reason === "forbidden") throw forbidden();
    return conflict({ result: submission.reply(), formError: `commissions.override.errors.${result.reason}` });
  }
  const path = result.kind === "excursion" ? excursionSalePath(params.id) : emissivoEditPath(params.id);
  return redirectWithToast(path, { title: "commissions.override.saved", values: { number: result.number } });
}
