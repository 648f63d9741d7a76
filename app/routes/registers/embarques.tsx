import { Flex, Text } from "@radix-ui/themes";
import { MapPin } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ListPage, type Column } from "~/components/kit/ListPage";
import { parseListQuery } from "~/lib/kit/list";
import { boardingPointListSpec, formatOffset, mapHref } from "~/lib/registers/boarding-point";
import { boardingPointStates, listBoardingPoints, type BoardingPointListRow } from "~/lib/registers/boarding-point.server";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/embarques";

export const middleware: Route.MiddlewareFunction[] = [requireModule("cadastros", "embarques")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const query = parseListQuery(new URL(request.url).searchParams, boardingPointListSpec);
  const [{ rows, page }, states] = await Promise.all([listBoardingPoints(scope, query), boardingPointStates(scope)]);
  // The filter offers the states the agency's points are in (and the one chosen, even if none is left there).
  const chosen = query.filters.state;
  const stateOptions = chosen && !states.includes(chosen) ? [...states, chosen].sort() : states;
  return { query, rows, page, states: stateOptions, documentTitle: getI18n(context).t("menu.cadastros.embarques.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

export default function BoardingPoints({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { query, rows, page } = loaderData;
  const units = { h: t("boardingPoints.units.h"), min: t("boardingPoints.units.min") };
  const columns: Column<BoardingPointListRow>[] = [
    {
      key: "name",
      label: t("registers.fields.name"),
      sort: "name",
      render: (r) => (
        <Flex direction="column" gap="0">
          <Text weight="medium">{r.name}</Text>
          {r.reference && (
            <Text size="1" color="gray">
              {r.reference}
            </Text>
          )}
        </Flex>
      ),
    },
    {
      key: "address",
      label: t("boardingPoints.fields.address"),
      secondary: true,
      render: (r) => [r.address, r.district].filter(Boolean).join(" · ") || <Text color="gray">—</Text>,
    },
    { key: "city", label: t("registers.fields.city"), render: (r) => (r.city ? `${r.city}${r.state ? ` - ${r.state}` : ""}` : (r.state ?? "—")) },
    {
      key: "offset",
      label: t("boardingPoints.fields.offset"),
      secondary: true,
      align: "right",
      render: (r) => <span className="nowrap">{formatOffset(r.defaultOffsetMinutes, units)}</span>,
    },
    {
      key: "map",
      label: t("boardingPoints.fields.coordinates"),
      secondary: true,
      render: (r) => {
        const href = mapHref(r.latitude, r.longitude);
        return href ? (
          <a href={href} target="_blank" rel="noopener noreferrer" className="nowrap" title={t("boardingPoints.mapTitle", { name: r.name })} data-testid="map-link">
            <MapPin size={14} aria-hidden /> {t("boardingPoints.map")}
          </a>
        ) : (
          <Text color="gray">—</Text>
        );
      },
    },
  ];
  return (
    <ListPage
      testId="boarding-points-list"
      title={t("menu.cadastros.embarques.title")}
      subtitle={t("boardingPoints.subtitle")}
      trail={[{ label: t("menu.cadastros.title"), href: null }]}
      spec={boardingPointListSpec}
      query={query}
      page={page}
      rows={rows}
      columns={columns}
      filters={[{ key: "state", label: t("registers.fields.state"), options: loaderData.states.map((s) => ({ value: s, label: s })) }]}
      countKey="boardingPoints.count"
      searchPlaceholder={t("boardingPoints.searchPlaceholder")}
      rowHref={(r) => `/cadastros/embarques/editar/${r.id}`}
      newHref="/cadastros/embarques/novo"
      newLabel={t("boardingPoints.new")}
      exportHref="/cadastros/embarques/exportar"
      emptyTitle={t("boardingPoints.emptyTitle")}
      emptyText={t("boardingPoints.emptyText")}
    />
  );
}

/** A missing record (or another agency's) shows inside the shell. */
export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
