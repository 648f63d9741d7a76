import { Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { ListPage, type Column } from "~/components/kit/ListPage";
import { StatusBadge, type StatusTone } from "~/components/ui/StatusBadge";
import { parseListQuery } from "~/lib/kit/list";
import { formatCalendarDate, formatMoney } from "~/lib/platform/format";
import { EMISSIVO_LIST_PATH, emissivoEditPath, emissivoListSpec, SALE_STATUS_FILTER } from "~/lib/sales/emissivo";
import { agentOptions, listEmissivo, type EmissivoListRow } from "~/lib/sales/emissivo.server";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/emissivo";

export const middleware: Route.MiddlewareFunction[] = [requireModule("vendas", "emissivo")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const query = parseListQuery(new URL(request.url).searchParams, emissivoListSpec);
  // The client filter stays in the URL (?cliente=<id>, e.g. from a client's page); the search finds clients by name.
  const [{ rows, page }, sellers] = await Promise.all([listEmissivo(scope, query), agentOptions(scope)]);
  return { query, rows, page, sellers: sellers.map((s) => ({ value: s.value, label: s.label.length > 32 ? `${s.label.slice(0, 31)}…` : s.label })), documentTitle: getI18n(context).t("sales.emissivo.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

export const STATUS_TONE: Record<EmissivoListRow["status"], StatusTone> = { draft: "neutral", confirmed: "active", cancelled: "danger" };

export default function EmissivoSales({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { query, rows, page } = loaderData;
  const columns: Column<EmissivoListRow>[] = [
    { key: "number", label: t("sales.common.number"), sort: "number", render: (r) => <Text weight="medium">{r.number}</Text> },
    { key: "saleDate", label: t("sales.common.saleDate"), sort: "saleDate", render: (r) => <span className="nowrap">{formatCalendarDate(r.saleDate, i18n.language, "short")}</span> },
    {
      key: "client",
      label: t("sales.common.client"),
      render: (r) => (
        <Flex direction="column" gap="0">
          <Text>{r.clientName ?? "—"}</Text>
          <Text size="1" color="gray">
            {r.agentName ?? ""}
          </Text>
        </Flex>
      ),
    },
    { key: "seller", label: t("sales.common.seller"), secondary: true, render: (r) => r.agentName ?? "—" },
    { key: "status", label: t("sales.common.status"), render: (r) => <StatusBadge tone={STATUS_TONE[r.status]}>{t(`sales.status.${r.status}`)}</StatusBadge> },
    { key: "total", label: t("sales.common.total"), sort: "total", align: "right", render: (r) => <span className="nowrap">{formatMoney(r.totalCents, r.currency, i18n.language)}</span> },
    { key: "margin", label: t("sales.common.margin"), align: "right", secondary: true, render: (r) => <span className="nowrap">{formatMoney(r.marginCents, r.currency, i18n.language)}</span> },
  ];
  return (
    <ListPage
      testId="emissivo-list"
      title={t("sales.emissivo.title")}
      subtitle={t("sales.emissivo.subtitle")}
      trail={[{ label: t("menu.vendas.title"), href: null }]}
      spec={emissivoListSpec}
      query={query}
      page={page}
      rows={rows}
      columns={columns}
      filters={[
        { key: "situacao", label: t("sales.emissivo.filters.status"), options: SALE_STATUS_FILTER.map((s) => ({ value: s, label: t(`sales.status.${s}`) })) },
        { key: "vendedor", label: t("sales.emissivo.filters.seller"), options: loaderData.sellers },
        { key: "de", label: t("sales.emissivo.filters.from"), type: "date" },
        { key: "ate", label: t("sales.emissivo.filters.to"), type: "date" },
      ]}
      countKey="sales.emissivo.count"
      searchPlaceholder={t("sales.emissivo.searchPlaceholder")}
      rowHref={(r) => emissivoEditPath(r.id)}
      newHref={`${EMISSIVO_LIST_PATH}/novo`}
      newLabel={t("sales.emissivo.new")}
      exportHref={`${EMISSIVO_LIST_PATH}/exportar`}
      emptyTitle={t("sales.emissivo.emptyTitle")}
      emptyText={t("sales.emissivo.emptyText")}
    />
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
