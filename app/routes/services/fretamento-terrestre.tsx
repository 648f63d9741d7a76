import { Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { ListPage, type Column } from "~/components/kit/ListPage";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { parseListQuery } from "~/lib/kit/list";
import { formatCalendarDate, formatDateTime, formatMoney } from "~/lib/platform/format";
import { anttStatus, CHARTER_LIST_PATH, charterListSpec } from "~/lib/services/charter";
import { busCompanyOptions, listCharters, type CharterListRow } from "~/lib/services/charter.server";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/fretamento-terrestre";

export const middleware: Route.MiddlewareFunction[] = [requireModule("servicos", "fretamento_terrestre")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const query = parseListQuery(new URL(request.url).searchParams, charterListSpec);
  const [{ rows, page }, companies] = await Promise.all([listCharters(scope, query), busCompanyOptions(scope, query.filters.fornecedor)]);
  const now = new Date();
  return { query, rows: rows.map((r) => ({ ...r, antt: anttStatus(r, scope.timeZone, now) })), page, companies, timeZone: scope.timeZone, documentTitle: getI18n(context).t("menu.servicos.fretamento_terrestre.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

export default function Charters({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { query, rows, page, timeZone } = loaderData;
  const columns: Column<CharterListRow & { antt: ReturnType<typeof anttStatus> }>[] = [
    {
      key: "departureAt",
      label: t("services.charters.fields.departureAt"),
      sort: "departureAt",
      render: (r) => <span className="nowrap">{formatDateTime(r.departureAt, i18n.language, timeZone)}</span>,
    },
    {
      key: "title",
      label: t("services.charters.fields.title"),
      sort: "title",
      render: (r) => (
        <Flex direction="column" gap="0">
          <Text weight="medium">{r.title}</Text>
          <Text size="1" color="gray">
            {r.origin} → {r.destinationName}
          </Text>
        </Flex>
      ),
    },
    {
      key: "company",
      label: t("services.charters.fields.busCompany"),
      secondary: true,
      render: (r) => (
        <Flex direction="column" gap="0">
          <Text>{r.supplierName ?? "—"}</Text>
          <Text size="1" color="gray">
            {t(`services.vehicleTypes.${r.vehicleType}`)}
          </Text>
        </Flex>
      ),
    },
    {
      key: "availability",
      label: t("services.charters.fields.availability"),
      align: "right",
      render: (r) => (
        <span className="nowrap" title={t("services.availabilityDetail", r.availability)} data-testid="charter-availability">
          {t("services.availability", r.availability)}
        </span>
      ),
    },
    {
      key: "cost",
      label: t("services.charters.fields.cost"),
      secondary: true,
      align: "right",
      render: (r) => <span className="nowrap">{formatMoney(r.costCents, r.currency, i18n.language)}</span>,
    },
    {
      key: "antt",
      label: t("services.charters.sections.antt"),
      secondary: true,
      render: (r) =>
        r.antt === "expired" ? (
          <StatusBadge tone="danger">{t("services.charters.anttExpired")}</StatusBadge>
        ) : r.antt === "beforeReturn" ? (
          <StatusBadge tone="warning">{t("services.charters.anttBeforeReturn")}</StatusBadge>
        ) : (
          <Text color="gray">{r.anttValidUntil ? formatCalendarDate(r.anttValidUntil, i18n.language) : "—"}</Text>
        ),
    },
  ];
  return (
    <ListPage
      testId="charters-list"
      title={t("menu.servicos.fretamento_terrestre.title")}
      subtitle={t("services.charters.subtitle")}
      trail={[{ label: t("menu.servicos.title"), href: null }]}
      spec={charterListSpec}
      query={query}
      page={page}
      rows={rows}
      columns={columns}
      filters={[
        { key: "fornecedor", label: t("services.charters.fields.busCompany"), options: loaderData.companies },
        { key: "de", label: t("services.charters.fields.from"), type: "date" },
        { key: "ate", label: t("services.charters.fields.to"), type: "date" },
      ]}
      countKey="services.charters.count"
      searchPlaceholder={t("services.charters.searchPlaceholder")}
      rowHref={(r) => `${CHARTER_LIST_PATH}/editar/${r.id}`}
      newHref={`${CHARTER_LIST_PATH}/novo`}
      newLabel={t("services.charters.new")}
      exportHref={`${CHARTER_LIST_PATH}/exportar`}
      emptyTitle={t("services.charters.emptyTitle")}
      emptyText={t("services.charters.emptyText")}
    />
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
