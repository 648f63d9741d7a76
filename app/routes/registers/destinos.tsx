import { Flex, Text } from "@radix-ui/themes";
import { ImageOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ListPage, type Column } from "~/components/kit/ListPage";
import { formatDate } from "~/lib/platform/format";
import { parseListQuery } from "~/lib/kit/list";
import { countryName, destinationListSpec, placeOf } from "~/lib/registers/destination";
import { destinationCountries, listDestinations, type DestinationListRow } from "~/lib/registers/destination.server";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/destinos";

export const middleware: Route.MiddlewareFunction[] = [requireModule("cadastros", "destinos")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const query = parseListQuery(new URL(request.url).searchParams, destinationListSpec);
  const [{ rows, page }, countries] = await Promise.all([listDestinations(scope, query), destinationCountries(scope)]);
  return { query, rows, page, countries, timeZone: scope.timeZone, documentTitle: getI18n(context).t("menu.cadastros.destinos.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

const THUMB = { width: 64, height: 40, objectFit: "cover", borderRadius: "var(--radius-2)", display: "block" } as const;

export default function Destinations({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { query, rows, page } = loaderData;
  // The filtered country stays an option even when no destination is in it any more.
  const countries = [...new Set([...loaderData.countries, ...(query.filters.country ? [query.filters.country] : [])])];
  const columns: Column<DestinationListRow>[] = [
    {
      key: "name",
      label: t("registers.fields.name"),
      sort: "name",
      render: (r) => (
        <Flex gap="3" align="center">
          {r.coverUrl ? (
            <img src={r.coverUrl} alt="" width={64} height={40} loading="lazy" style={THUMB} data-testid="destination-thumb" />
          ) : (
            <Flex align="center" justify="center" style={{ ...THUMB, background: "var(--gray-a3)" }} aria-hidden>
              <ImageOff size={16} color="var(--gray-9)" />
            </Flex>
          )}
          <Text weight="medium">{r.name}</Text>
        </Flex>
      ),
    },
    { key: "place", label: t("destinations.fields.place"), render: (r) => placeOf(r) ?? <Text color="gray">—</Text> },
    {
      key: "country",
      label: t("registers.fields.country"),
      secondary: true,
      render: (r) => <span title={r.country}>{countryName(r.country, i18n.language)}</span>,
    },
    {
      key: "createdAt",
      label: t("destinations.fields.createdAt"),
      sort: "createdAt",
      secondary: true,
      render: (r) => <span className="nowrap">{formatDate(r.createdAt, i18n.language, loaderData.timeZone)}</span>,
    },
  ];
  return (
    <ListPage
      testId="destinations-list"
      title={t("menu.cadastros.destinos.title")}
      subtitle={t("destinations.subtitle")}
      trail={[{ label: t("menu.cadastros.title"), href: null }]}
      spec={destinationListSpec}
      query={query}
      page={page}
      rows={rows}
      columns={columns}
      filters={[
        {
          key: "country",
          label: t("registers.fields.country"),
          options: countries.map((c) => ({ value: c, label: countryName(c, i18n.language) })).sort((a, b) => a.label.localeCompare(b.label, i18n.language)),
        },
      ]}
      countKey="destinations.count"
      searchPlaceholder={t("destinations.searchPlaceholder")}
      rowHref={(r) => `/cadastros/destinos/editar/${r.id}`}
      newHref="/cadastros/destinos/novo"
      newLabel={t("destinations.new")}
      exportHref="/cadastros/destinos/exportar"
      emptyTitle={t("destinations.emptyTitle")}
      emptyText={t("destinations.emptyText")}
    />
  );
}

/** A missing record (or another agency's) shows inside the shell. */
export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
