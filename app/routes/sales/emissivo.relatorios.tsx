import { DailyReportView } from "~/components/sales/report/DailyReportView";
import { parseCalendarDate, todayIn } from "~/lib/platform/time-zone";
import { dailyReport } from "~/lib/sales/daily-report.server";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/emissivo.relatorios";

export const middleware: Route.MiddlewareFunction[] = [requireModule("vendas", "emissivo")];

/** /vendas/emissivo/relatorios?data=YYYY-MM-DD: the day's services (default today in the agency's zone; a bad date shows today). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const today = todayIn(scope.timeZone);
  const day = parseCalendarDate(new URL(request.url).searchParams.get("data")) ?? today;
  const report = await dailyReport(scope, day);
  return { report, today, documentTitle: getI18n(context).t("sales.report.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

export default function DailyReportPage({ loaderData }: Route.ComponentProps) {
  return <DailyReportView report={loaderData.report} today={loaderData.today} />;
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
