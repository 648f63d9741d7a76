import { statementPeriod } from "~/lib/finance/ledger/report-params";
import { accountStatement } from "~/lib/finance/ledger/reports.server";
import { statementPdf } from "~/lib/finance/ledger/statement-pdf.server";
import { plainFailure } from "~/lib/platform/http";
import { translate } from "~/lib/platform/translate";
import { getI18n } from "~/middleware/i18n";
import { requireAgency, requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/extrato-de-contas.pdf";
import { todayIn } from "~/lib/platform/time-zone";

export const middleware: Route.MiddlewareFunction[] = [requireModule("financeiro", "relatorios", "extrato_de_contas")];

/** GET …/pdf?account=&from=&to=: the statement as a printable A4 PDF (404 for another agency's account). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const params = new URL(request.url).searchParams;
  const { from, to } = statementPeriod(params, todayIn(scope.timeZone));
  const statement = await accountStatement(scope, params.get("account") ?? "", from, to);
  if (!statement) return plainFailure(404);
  const i18n = getI18n(context);
  const bytes = await statementPdf({
    agencyName: requireAgency(context, request).agency.name,
    statement,
    language: i18n.language,
    label: (key, values) => translate(i18n, key, values),
    issuedAt: new Date().toISOString(),
    timeZone: scope.timeZone,
  });
  return new Response(bytes, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="extrato-${from}-${to}.pdf"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
