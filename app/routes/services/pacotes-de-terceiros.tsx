import { Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { ListPage, type Column } from "~/components/kit/ListPage";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { parseListQuery } from "~/lib/kit/list";
import { formatCalendarDate, formatMoney } from "~/lib/platform/format";
import { PACKAGE_LIST_PATH, packageListSpec } from "~/lib/services/package";
import { listPackages, operatorOptions, packageDestinationOptions, type PackageListRow } from "~/lib/services/package.server";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/pacotes-de-terceiros";

export const middleware: Route.MiddlewareFunction[] = [requireModule("servicos", "pacotes_de_terceiros")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const query = parseListQuery(new URL(request.url).searchParams, packageListSpec);
  const [{ rows, page }, operators, destinations] = await Promise.all([
    listPackages(scope, query),
    operatorOptions(scope, query.filters.operador),
    packageDestinationOptions(scope, query.filters.destino ? [query.filters.destino] : []),
  ]);
  return { query, rows, page, operators, destinations, documentTitle: getI18n(context).t("menu.servicos.pacotes_de_terceiros.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

export default function Packages({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { query, rows, page } = loaderData;
  const columns: Column<PackageListRow>[] = [
    {
      key: "firstDeparture",
      label: t("services.packages.fields.firstDeparture"),
      sort: "firstDeparture",
      render: (r) => (
        <Flex direction="column" gap="0">
          <span className="nowrap">{r.firstDeparture ? formatCalendarDate(r.firstDeparture, i18n.language) : "—"}</span>
          <Text size="1" color="gray">
            {r.departures > 0 ? t("services.packages.departuresCount", { count: r.departures }) : t("services.packages.noDepartures")}
          </Text>
        </Flex>
      ),
    },
    {
      key: "title",
      label: t("services.packages.fields.title"),
      sort: "title",
      render: (r) => (
        <Flex direction="column" gap="0">
          <Text weight="medium">{r.title}</Text>
          <Text size="1" color="gray">
            {r.destinations.join(" · ") || "—"}
          </Text>
        </Flex>
      ),
    },
    {
      key: "operator",
      label: t("services.packages.fields.operator"),
      secondary: true,
      render: (r) => <Text>{r.operatorName ?? "—"}</Text>,
    },
    {
      key: "availability",
      label: t("services.packages.fields.availability"),
      align: "right",
      render: (r) => (
        <span className="nowrap" title={t("services.availabilityDetail", r.availability)} data-testid="package-availability">
          {t("services.availability", r.availability)}
        </span>
      ),
    },
    {
      key: "price",
      label: t("services.packages.fields.prices"),
      secondary: true,
      align: "right",
      render: (r) => <span className="nowrap">{r.priceFrom === null ? "—" : t("services.packages.priceFrom", { price: formatMoney(r.priceFrom, r.currency, i18n.language) })}</span>,
    },
    {
      key: "published",
      label: t("services.packages.fields.published"),
      render: (r) =>
        r.published ? <StatusBadge tone="active">{t("services.packages.published")}</StatusBadge> : <StatusBadge tone="neutral">{t("services.packages.draft")}</StatusBadge>,
    },
  ];
  return (
    <ListPage
      testId="packages-list"
      title={t("menu.servicos.pacotes_de_terceiros.title")}
      subtitle={t("services.packages.subtitle")}
      trail={[{ label: t("menu.servicos.title"), href: null }]}
      spec={packageListSpec}
      query={query}
      page={page}
      rows={rows}
      columns={columns}
      filters={[
        { key: "operador", label: t("services.packages.fields.operator"), options: loaderData.operators },
        { key: "destino", label: t("services.packages.fields.destinations"), options: loaderData.destinations },
        {
          key: "publicado",
          label: t("services.packages.fields.published"),
          options: [
            { value: "sim", label: t("services.packages.yes") },
            { value: "nao", label: t("services.packages.no") },
          ],
        },
        { key: "de", label: t("services.packages.fields.from"), type: "date" },
        { key: "ate", label: t("services.packages.fields.to"), type: "date" },
      ]}
      countKey="services.packages.count"
      searchPlaceholder={t("services.packages.searchPlaceholder")}
      rowHref={(r) => `${PACKAGE_LIST_PATH}/editar/${r.id}`}
      newHref={`${PACKAGE_LIST_PATH}/novo`}
      newLabel={t("services.packages.new")}
      exportHref={`${PACKAGE_LIST_PATH}/exportar`}
      emptyTitle={t("services.packages.emptyTitle")}
      emptyText={t("services.packages.emptyText")}
    />
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
