import { plainFailure } from "~/lib/platform/http";
import { formatCalendarDate, formatDateTime } from "~/lib/platform/format";
import { parseCalendarDate, todayIn } from "~/lib/platform/time-zone";
import { formatPlate } from "~/lib/receptive/fields";
import type { ReportLabels } from "~/lib/sales/daily-report";
import { dailyReport, dailyReportCsv, dailyReportPdf } from "~/lib/sales/daily-report.server";
import { getI18n } from "~/middleware/i18n";
import { requireAgency, requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/emissivo.relatorio";

export const middleware: Route.MiddlewareFunction[] = [requireModule("vendas", "emissivo")];

/** GET /vendas/emissivo/relatorios/(pdf|csv)?data=YYYY-MM-DD: the day's services as a file (a bad date gives today's). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  if (params.format !== "pdf" && params.format !== "csv") return plainFailure(404);
  const scope = requireScope(context, request);
  const { agency } = requireAgency(context, request);
  const { t, language } = getI18n(context);
  const day = parseCalendarDate(new URL(request.url).searchParams.get("data")) ?? todayIn(scope.timeZone);
  const report = await dailyReport(scope, day);
  const labels: ReportLabels = {
    section: (s) => t(`sales.report.sections.${s}`),
    productKind: (k) => t(`products.kinds.${k}`),
    serviceKind: (k) => t(`receptive.kinds.${k}` as never),
    noBoarding: t("sales.report.noBoarding"),
    plate: formatPlate,
  };
  if (params.format === "csv") return dailyReportCsv(report, labels);
  return dailyReportPdf(report, {
    ...labels,
    heading: agency.name,
    title: t("sales.report.pdfTitle", { date: formatCalendarDate(day, language, "full") }),
    columns: {
      time: t("sales.report.columns.time"),
      service: t("sales.report.columns.service"),
      details: t("sales.report.columns.details"),
      reference: t("sales.report.columns.reference"),
    },
    empty: t("sales.report.empty"),
    issued: t("sales.report.issued", { date: formatDateTime(new Date(), language, scope.timeZone) }),
    page: (page, pages) => t("sales.report.page", { page, pages }),
    passengersCount: (count) => t("sales.report.passengers", { count }),
    sale: (number) => t("sales.report.sale", { number }),
    language,
  });
}
