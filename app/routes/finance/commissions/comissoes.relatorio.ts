import { isDay } from "~/lib/commissions/commissions";
import { commissionReport, commissionReportCsv, commissionReportPdf, ownAgent, reportAgent } from "~/lib/commissions/commissions.server";
import { formatCalendarDate, formatDateTime, formatMoney, formatNumber } from "~/lib/platform/format";
import { plainFailure } from "~/lib/platform/http";
import { translate } from "~/lib/platform/translate";
import { todayIn } from "~/lib/platform/time-zone";
import { getI18n } from "~/middleware/i18n";
import { requireAgency, requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/comissoes.relatorio";

export const middleware: Route.MiddlewareFunction[] = [requireModule("financeiro", "faturamento", "comissoes")];

const YEAR_MS = 366 * 24 * 3600 * 1000;

/**
 * GET …/relatorio?format=csv|pdf&agent=&from=&to=: the commissions per agent over the
 * sale days from..to (default: this calendar year; at most a year). An Agente gets
 * only their own agent; another agency's agent id answers 404.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const params = new URL(request.url).searchParams;
  const format = params.get("format") ?? "csv";
  if (format !== "csv" && format !== "pdf") return plainFailure(400);
  const year = todayIn(scope.timeZone).slice(0, 4);
  const from = params.get("from") || `${year}-01-01`;
  const to = params.get("to") || `${year}-12-31`;
  const i18n = getI18n(context);
  const t = (key: string, values?: Record<string, string | number>) => translate(i18n, key, values);
  if (!isDay(from) || !isDay(to) || from > to || Date.parse(to) - Date.parse(from) > YEAR_MS) return plainFailure(400, t("commissions.report.badPeriod"));
  const own = await ownAgent(scope);
  const agentParam = params.get("agent");
  let agentId: string | undefined;
  if (agentParam) {
    const found = await reportAgent(scope, agentParam, own);
    if (!found) return plainFailure(404);
    agentId = found.id;
  }
  const rows = await commissionReport(scope, { agentId, from, to }, own);
  const language = i18n.language;
  const texts = {
    heading: requireAgency(context, request).agency.name,
    title: t("commissions.report.title"),
    period: t("commissions.report.period", { from: formatCalendarDate(from, language, "short"), to: formatCalendarDate(to, language, "short") }),
    columns: {
      agent: t("commissions.report.columns.agent"),
      currency: t("commissions.report.columns.currency"),
      lines: t("commissions.report.columns.lines"),
      total: t("commissions.report.columns.total"),
      pending: t("commissions.report.columns.pending"),
      released: t("commissions.report.columns.released"),
      paid: t("commissions.report.columns.paid"),
    },
    empty: t("commissions.report.empty"),
    issued: t("commissions.report.issued", { date: formatDateTime(new Date().toISOString(), language, scope.timeZone) }),
    page: (page: number, pages: number) => t("commissions.report.page", { page, pages }),
    language,
    money: (cents: number, currency: string) => formatMoney(cents, currency, language),
    number: (n: number) => formatNumber(n, language),
  };
  const filename = `comissoes-${from}-${to}.${format}`;
  return format === "csv" ? commissionReportCsv(rows, texts, filename) : commissionReportPdf(rows, texts, filename);
}
