import { Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { ListPage, type Column } from "~/components/kit/ListPage";
import { ExcursionStatusBadge } from "~/components/services/excursions/ExcursionStatusBadge";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { parseListQuery } from "~/lib/kit/list";
import { formatDateTime, formatMoney } from "~/lib/platform/format";
import { EXCURSION_LIST_PATH, EXCURSION_STATUSES, excursionEditPath, excursionListSpec } from "~/lib/excursions/excursion";
import { excursionDestinationOptions, listExcursions, type ExcursionListRow } from "~/lib/excursions/excursion.server";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/excursoes";

export const middleware: Route.MiddlewareFunction[] = [requireModule("servicos", "excursoes")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const query = parseListQuery(new URL(request.url).searchParams, excursionListSpec);
  const [{ rows, page }, destinations] = await Promise.all([
    listExcursions(scope, query),
    excursionDestinationOptions(scope, query.filters.destino ? [query.filters.destino] : []),
  ]);
  return { query, rows, page, destinations, timeZone: scope.timeZone, documentTitle: getI18n(context).t("menu.servicos.excursoes.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

export default function Excursions({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { query, rows, page, timeZone } = loaderData;
  const columns: Column<ExcursionListRow>[] = [
    {
      key: "departureAt",
      label: t("services.excursions.fields.departureAt"),
      sort: "departureAt",
      render: (r) => (
        <Flex direction="column" gap="0">
          <span className="nowrap">{formatDateTime(r.departureAt, i18n.language, timeZone)}</span>
          <Text size="1" color="gray" className="nowrap">
            {formatDateTime(r.returnAt, i18n.language, timeZone)}
          </Text>
        </Flex>
      ),
    },
    {
      key: "title",
      label: t("services.excursions.fields.title"),
      sort: "title",
      render: (r) => (
        <Flex direction="column" gap="0">
          <Text weight="medium">{r.title}</Text>
          <Text size="1" color="gray">
            {[r.destinationName, r.charterTitle].filter(Boolean).join(" · ") || "—"}
          </Text>
        </Flex>
      ),
    },
    {
      key: "status",
      label: t("services.excursions.fields.status"),
      render: (r) => (
        <Flex gap="1" wrap="wrap">
          <ExcursionStatusBadge status={r.status} />
          {r.published && <StatusBadge tone="info">{t("services.excursions.published")}</StatusBadge>}
        </Flex>
      ),
    },
    {
      key: "availability",
      label: t("services.excursions.fields.availability"),
      align: "right",
      render: (r) => (
        <span className="nowrap" title={t("services.excursions.availability", r.availability)} data-testid="excursion-availability">
          {t("services.excursions.availabilityShort", r.availability)}
        </span>
      ),
    },
    {
      key: "price",
      label: t("services.excursions.fields.prices"),
      secondary: true,
      align: "right",
      render: (r) => <span className="nowrap">{r.priceFrom === null ? "—" : t("services.excursions.priceFrom", { price: formatMoney(r.priceFrom, r.currency, i18n.language) })}</span>,
    },
  ];
  return (
    <ListPage
      testId="excursions-list"
      title={t("menu.servicos.excursoes.title")}
      subtitle={t("services.excursions.subtitle")}
      trail={[{ label: t("menu.servicos.title"), href: null }]}
      spec={excursionListSpec}
      query={query}
      page={page}
      rows={rows}
      columns={columns}
      filters={[
        { key: "status", label: t("services.excursions.fields.status"), options: EXCURSION_STATUSES.map((s) => ({ value: s, label: t(`services.excursions.statuses.${s}`) })) },
        { key: "destino", label: t("services.excursions.fields.destination"), options: loaderData.destinations },
        {
          key: "publicado",
          label: t("services.excursions.fields.published"),
          options: [
            { value: "sim", label: t("services.excursions.yes") },
            { value: "nao", label: t("services.excursions.no") },
          ],
        },
        { key: "de", label: t("services.excursions.fields.from"), type: "date" },
        { key: "ate", label: t("services.excursions.fields.to"), type: "date" },
      ]}
      countKey="services.excursions.count"
      searchPlaceholder={t("services.excursions.searchPlaceholder")}
      rowHref={(r) => excursionEditPath(r.id)}
      newHref={`${EXCURSION_LIST_PATH}/novo`}
      newLabel={t("services.excursions.new")}
      exportHref={`${EXCURSION_LIST_PATH}/exportar`}
      emptyTitle={t("services.excursions.emptyTitle")}
      emptyText={t("services.excursions.emptyText")}
    />
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
