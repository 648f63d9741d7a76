import { Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { ListPage, type Column } from "~/components/kit/ListPage";
import { DeadlineBadge } from "~/components/services/blocks/DeadlineBadge";
import { parseListQuery } from "~/lib/kit/list";
import { formatCalendarDate, formatMoney } from "~/lib/platform/format";
import { destinationOptions } from "~/lib/services/charter.server";
import { supplierOptions } from "~/lib/services/blocks.server";
import { HOTEL_BLOCK_LIST_PATH, hotelBlockListSpec } from "~/lib/services/hotel-block";
import { listHotelBlocks, type HotelBlockListRow } from "~/lib/services/hotel-block.server";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/bloqueio-hospedagem";

export const middleware: Route.MiddlewareFunction[] = [requireModule("servicos", "bloqueio_hospedagem")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const query = parseListQuery(new URL(request.url).searchParams, hotelBlockListSpec);
  const [{ rows, page }, hotels, destinations] = await Promise.all([
    listHotelBlocks(scope, query),
    supplierOptions(scope, "hotel", query.filters.fornecedor),
    destinationOptions(scope, query.filters.destino),
  ]);
  return { query, rows, page, hotels, destinations, documentTitle: getI18n(context).t("menu.servicos.bloqueio_hospedagem.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

export default function HotelBlocks({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { query, rows, page } = loaderData;
  const day = (d: string) => formatCalendarDate(d, i18n.language, "short");
  const columns: Column<HotelBlockListRow>[] = [
    {
      key: "checkIn",
      label: t("services.hotelBlocks.fields.checkIn"),
      sort: "checkIn",
      render: (r) => (
        <Flex direction="column" gap="0">
          <span className="nowrap">{day(r.checkIn)}</span>
          <Text size="1" color="gray" className="nowrap">
            → {day(r.checkOut)}
          </Text>
        </Flex>
      ),
    },
    {
      key: "title",
      label: t("services.hotelBlocks.fields.title"),
      sort: "title",
      render: (r) => (
        <Flex direction="column" gap="0">
          <Text weight="medium">{r.title}</Text>
          <Text size="1" color="gray">
            {[r.hotelName, r.destinationName].filter(Boolean).join(" · ")}
          </Text>
        </Flex>
      ),
    },
    {
      key: "mealPlan",
      label: t("services.hotelBlocks.fields.mealPlan"),
      secondary: true,
      render: (r) => t(`services.mealPlans.${r.mealPlan}`),
    },
    {
      key: "availability",
      label: t("services.hotelBlocks.fields.availability"),
      align: "right",
      render: (r) => (
        <span className="nowrap" title={t("services.availabilityDetail", r.availability)} data-testid="hotel-block-availability">
          {t("services.availability", r.availability)}
        </span>
      ),
    },
    {
      key: "price",
      label: t("services.hotelBlocks.fields.price"),
      secondary: true,
      align: "right",
      render: (r) => <span className="nowrap">{formatMoney(r.priceCents, r.currency, i18n.language)}</span>,
    },
    {
      key: "releaseDate",
      label: t("services.hotelBlocks.fields.releaseDate"),
      sort: "releaseDate",
      render: (r) => (
        <Flex direction="column" gap="1" align="start">
          <Text color="gray" className="nowrap">
            {r.releaseDate ? day(r.releaseDate) : "—"}
          </Text>
          <DeadlineBadge mark={r.mark} />
        </Flex>
      ),
    },
  ];
  return (
    <ListPage
      testId="hotel-blocks-list"
      title={t("menu.servicos.bloqueio_hospedagem.title")}
      subtitle={t("services.hotelBlocks.subtitle")}
      trail={[{ label: t("menu.servicos.title"), href: null }]}
      spec={hotelBlockListSpec}
      query={query}
      page={page}
      rows={rows}
      columns={columns}
      filters={[
        { key: "fornecedor", label: t("services.hotelBlocks.fields.hotel"), options: loaderData.hotels },
        { key: "destino", label: t("services.blocks.filters.destination"), options: loaderData.destinations },
        { key: "de", label: t("services.blocks.filters.from"), type: "date" },
        { key: "ate", label: t("services.blocks.filters.to"), type: "date" },
      ]}
      countKey="services.hotelBlocks.count"
      searchPlaceholder={t("services.hotelBlocks.searchPlaceholder")}
      rowHref={(r) => `${HOTEL_BLOCK_LIST_PATH}/editar/${r.id}`}
      newHref={`${HOTEL_BLOCK_LIST_PATH}/novo`}
      newLabel={t("services.hotelBlocks.new")}
      exportHref={`${HOTEL_BLOCK_LIST_PATH}/exportar`}
      emptyTitle={t("services.hotelBlocks.emptyTitle")}
      emptyText={t("services.hotelBlocks.emptyText")}
    />
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
