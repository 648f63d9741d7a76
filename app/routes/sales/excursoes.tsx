import { Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { ListPage, type Column } from "~/components/kit/ListPage";
import { SaleStatusBadge } from "~/components/sales/excursions/SaleStatusBadge";
import { parseListQuery } from "~/lib/kit/list";
import { formatDate, formatDateTime, formatMoney } from "~/lib/platform/format";
import { EXCURSION_SALES_PATH, excursionSaleListSpec, excursionSalePath } from "~/lib/sales/excursion-sale";
import { excursionFilterOptions, listExcursionSales, sellerOptions, type ExcursionSaleListRow } from "~/lib/sales/excursion-sale.server";
import { SALE_STATUSES } from "~/lib/sales/status";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/excursoes";

export const middleware: Route.MiddlewareFunction[] = [requireModule("vendas", "excursoes")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const query = parseListQuery(new URL(request.url).searchParams, excursionSaleListSpec);
  const [{ rows, page }, excursions, sellers] = await Promise.all([listExcursionSales(scope, query), excursionFilterOptions(scope), sellerOptions(scope)]);
  return { query, rows, page, excursions, sellers, timeZone: scope.timeZone, documentTitle: getI18n(context).t("sales.excursions.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

export default function ExcursionSales({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { query, rows, page, timeZone } = loaderData;
  const columns: Column<ExcursionSaleListRow>[] = [
    { key: "number", label: t("sales.common.number"), sort: "number", render: (r) => <Text weight="medium">{r.number}</Text> },
    { key: "saleDate", label: t("sales.common.saleDate"), sort: "saleDate", render: (r) => <span className="nowrap">{formatDate(r.saleDate, i18n.language, "UTC")}</span> },
    {
      key: "excursion",
      label: t("sales.excursions.fields.excursion"),
      render: (r) => (
        <Flex direction="column" gap="0">
          <Text>{r.excursionTitle ?? "—"}</Text>
          <Text size="1" color="gray" className="nowrap">
            {r.departureAt ? formatDateTime(r.departureAt, i18n.language, timeZone) : ""}
          </Text>
        </Flex>
      ),
    },
    { key: "client", label: t("sales.common.client"), render: (r) => r.clientName ?? "—" },
    { key: "seller", label: t("sales.common.seller"), secondary: true, render: (r) => r.agentName ?? "—" },
    { key: "passengers", label: t("sales.common.passengers"), align: "right", secondary: true, render: (r) => r.passengerCount },
    { key: "status", label: t("sales.common.status"), render: (r) => <SaleStatusBadge status={r.status} /> },
    { key: "total", label: t("sales.common.total"), sort: "total", align: "right", render: (r) => <span className="nowrap">{formatMoney(r.totalCents, r.currency, i18n.language)}</span> },
  ];
  return (
    <ListPage
      testId="excursion-sales-list"
      title={t("sales.excursions.title")}
      subtitle={t("sales.excursions.subtitle")}
      trail={[{ label: t("menu.vendas.title"), href: null }]}
      spec={excursionSaleListSpec}
      query={query}
      page={page}
      rows={rows}
      columns={columns}
      filters={[
        { key: "situacao", label: t("sales.common.status"), options: SALE_STATUSES.map((s) => ({ value: s, label: t(`sales.status.${s}`) })) },
        { key: "excursao", label: t("sales.excursions.fields.excursion"), options: loaderData.excursions },
        { key: "vendedor", label: t("sales.common.seller"), options: loaderData.sellers },
        { key: "de", label: t("sales.excursions.fields.from"), type: "date" },
        { key: "ate", label: t("sales.excursions.fields.to"), type: "date" },
      ]}
      countKey="sales.excursions.count"
      searchPlaceholder={t("sales.excursions.searchPlaceholder")}
      rowHref={(r) => excursionSalePath(r.id)}
      newHref={`${EXCURSION_SALES_PATH}/novo`}
      newLabel={t("sales.excursions.new")}
      exportHref={`${EXCURSION_SALES_PATH}/exportar`}
      emptyTitle={t("sales.excursions.emptyTitle")}
      emptyText={t("sales.excursions.emptyText")}
    />
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
