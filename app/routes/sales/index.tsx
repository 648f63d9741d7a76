import { SalesOverviewView } from "~/components/sales/overview/SalesOverviewView";
import { todayIn } from "~/lib/platform/time-zone";
import { parseMonth } from "~/lib/sales/overview";
import { salesOverview } from "~/lib/sales/overview.server";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/index";

export const middleware: Route.MiddlewareFunction[] = [requireModule("vendas")];

/** /vendas?mes=YYYY-MM: the month's sales by seller and by kind (default this month in the agency's zone; a bad month shows this one). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const thisMonth = todayIn(scope.timeZone).slice(0, 7);
  const month = parseMonth(new URL(request.url).searchParams.get("mes")) ?? thisMonth;
  const overview = await salesOverview(scope, month);
  return { overview, thisMonth, own: scope.role === "Agente", documentTitle: getI18n(context).t("sales.overview.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

export default function SalesOverviewPage({ loaderData }: Route.ComponentProps) {
  return <SalesOverviewView overview={loaderData.overview} thisMonth={loaderData.thisMonth} own={loaderData.own} />;
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
