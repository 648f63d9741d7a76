import { Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { ListPage, type Column } from "~/components/kit/ListPage";
import { DeadlineBadge } from "~/components/services/blocks/DeadlineBadge";
import { parseListQuery } from "~/lib/kit/list";
import { formatDateTime, formatMoney } from "~/lib/platform/format";
import { AIR_BLOCK_LIST_PATH, airBlockListSpec } from "~/lib/services/air-block";
import { listAirBlocks, type AirBlockListRow } from "~/lib/services/air-block.server";
import { supplierOptions } from "~/lib/services/blocks.server";
import { destinationOptions } from "~/lib/services/charter.server";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/bloqueio-aereo";

export const middleware: Route.MiddlewareFunction[] = [requireModule("servicos", "bloqueio_aereo")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const query = parseListQuery(new URL(request.url).searchParams, airBlockListSpec);
  const [{ rows, page }, airlines, destinations] = await Promise.all([
    listAirBlocks(scope, query),
    supplierOptions(scope, "airline", query.filters.fornecedor),
    destinationOptions(scope, query.filters.destino),
  ]);
  return { query, rows, page, airlines, destinations, timeZone: scope.timeZone, documentTitle: getI18n(context).t("menu.servicos.bloqueio_aereo.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

export default function AirBlocks({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { query, rows, page, timeZone } = loaderData;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language, timeZone) : "—");
  const columns: Column<AirBlockListRow>[] = [
    {
      key: "departureAt",
      label: t("services.airBlocks.fields.departureAt"),
      sort: "departureAt",
      render: (r) => <span className="nowrap">{when(r.departureAt)}</span>,
    },
    {
      key: "title",
      label: t("services.airBlocks.fields.title"),
      sort: "title",
      render: (r) => (
        <Flex direction="column" gap="0">
          <Text weight="medium">{r.title}</Text>
          <Text size="1" color="gray">
            {[r.airlineName, r.route, r.locator].filter(Boolean).join(" · ")}
          </Text>
        </Flex>
      ),
    },
    {
      key: "availability",
      label: t("services.airBlocks.fields.availability"),
      align: "right",
      render: (r) => (
        <Flex direction="column" gap="0" align="end">
          <span className="nowrap" title={t("services.availabilityDetail", r.availability)} data-testid="air-block-availability">
            {t("services.availability", r.availability)}
          </span>
          <Text size="1" color="gray" className="nowrap">
            {t("services.airBlocks.passengersCount", { count: r.passengers, seats: r.seats })}
          </Text>
        </Flex>
      ),
    },
    {
      key: "farePrice",
      label: t("services.airBlocks.fields.farePrice"),
      secondary: true,
      align: "right",
      render: (r) => <span className="nowrap">{formatMoney(r.farePriceCents, r.currency, i18n.language)}</span>,
    },
    {
      key: "deadlines",
      label: t("services.airBlocks.sections.deadlines"),
      render: (r) => (
        <Flex direction="column" gap="1" align="start">
          <Text size="1" color="gray" className="nowrap">
            {t("services.airBlocks.fields.nameDeadline")}: {when(r.nameDeadline)}
          </Text>
          <Text size="1" color="gray" className="nowrap">
            {t("services.airBlocks.fields.ticketingDeadline")}: {when(r.ticketingDeadline)}
          </Text>
          <DeadlineBadge mark={r.mark} />
        </Flex>
      ),
    },
  ];
  return (
    <ListPage
      testId="air-blocks-list"
      title={t("menu.servicos.bloqueio_aereo.title")}
      subtitle={t("services.airBlocks.subtitle")}
      trail={[{ label: t("menu.servicos.title"), href: null }]}
      spec={airBlockListSpec}
      query={query}
      page={page}
      rows={rows}
      columns={columns}
      filters={[
        { key: "fornecedor", label: t("services.airBlocks.fields.airline"), options: loaderData.airlines },
        { key: "destino", label: t("services.blocks.filters.destination"), options: loaderData.destinations },
        { key: "de", label: t("services.blocks.filters.from"), type: "date" },
        { key: "ate", label: t("services.blocks.filters.to"), type: "date" },
      ]}
      countKey="services.airBlocks.count"
      searchPlaceholder={t("services.airBlocks.searchPlaceholder")}
      rowHref={(r) => `${AIR_BLOCK_LIST_PATH}/editar/${r.id}`}
      newHref={`${AIR_BLOCK_LIST_PATH}/novo`}
      newLabel={t("services.airBlocks.new")}
      exportHref={`${AIR_BLOCK_LIST_PATH}/exportar`}
      emptyTitle={t("services.airBlocks.emptyTitle")}
      emptyText={t("services.airBlocks.emptyText")}
    />
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
