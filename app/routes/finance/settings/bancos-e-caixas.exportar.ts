import { bankAccountsCsv } from "~/lib/finance/settings/bank-account.server";
import { bankAccountListSpec } from "~/lib/finance/settings/settings";
import { exportFilename } from "~/lib/kit/export.server";
import { parseListQuery } from "~/lib/kit/list";
import { requireAgency, requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/bancos-e-caixas.exportar";

export const middleware: Route.MiddlewareFunction[] = [requireModule("financeiro", "configuracoes", "bancos_e_caixas")];

/** GET /financeiro/configuracoes/bancos-e-caixas/exportar?<list params>: the current filter as CSV, with balances. */
export function loader({ context, request }: Route.LoaderArgs) {
  const query = parseListQuery(new URL(request.url).searchParams, bankAccountListSpec);
  return bankAccountsCsv(requireScope(context, request), query, exportFilename("bancos-e-caixas", requireAgency(context, request).agency.slug));
}
