import { useTranslation } from "react-i18next";
import { ListPage, type Column } from "~/components/kit/ListPage";
import { NameCell, useStatusFilter } from "~/components/receptive/NameCell";
import { ExpiryBadge } from "~/components/receptive/ExpiryBadge";

import { parseListQuery } from "~/lib/kit/list";
import { todayIn } from "~/lib/platform/time-zone";

import { GUIDE_LANGUAGES, guideListSpec } from "~/lib/receptive/guide";
import { listGuides, type GuideListRow } from "~/lib/receptive/guide.server";
import { RECEPTIVE_PATHS } from "~/lib/receptive/fields";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/guias";

export const middleware: Route.MiddlewareFunction[] = [requireModule("servicos", "receptivo")];

export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const query = parseListQuery(new URL(request.url).searchParams, guideListSpec);
  const { rows, page } = await listGuides(scope, query);
  return { query, rows, page, today: todayIn(scope.timeZone), documentTitle: getI18n(context).t("menu.receptivo.guias.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

export default function Guides({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const statusFilter = useStatusFilter();
  const { query, rows, page, today } = loaderData;
  const columns: Column<GuideListRow>[] = [
    {
      key: "name",
      label: t("receptive.fields.name"),
      sort: "name",
      render: (r) => <NameCell name={r.name} active={r.active} />,
    },
    { key: "languages", label: t("receptive.fields.languages"), render: (r) => r.languages.map((l) => t(`receptive.languages.${l}` as never)).join(", ") || "—" },
    { key: "cadasturNumber", label: t("receptive.fields.cadasturNumber"), secondary: true, render: (r) => r.cadasturNumber ?? "—" },
    {
      key: "cadasturExpiry",
      label: t("receptive.fields.cadasturExpiry"),
      sort: "cadasturExpiry",
      render: (r) => <ExpiryBadge expiry={r.cadasturExpiry} today={today} testId="cadastur-expiry" />,
    },
  ];
  return (
    <ListPage
      testId="guides-list"
      title={t("menu.receptivo.guias.title")}
      subtitle={t("receptive.guides.subtitle")}
      trail={[{ label: t("menu.receptivo.title"), href: null }]}
      spec={guideListSpec}
      query={query}
      page={page}
      rows={rows}
      columns={columns}
      filters={[
        { key: "language", label: t("receptive.fields.language"), options: GUIDE_LANGUAGES.map((l) => ({ value: l, label: t(`receptive.languages.${l}`) })) },
        statusFilter,
      ]}
      countKey="receptive.guides.count"
      searchPlaceholder={t("receptive.guides.searchPlaceholder")}
      rowHref={(r) => `${RECEPTIVE_PATHS.guides}/editar/${r.id}`}
      newHref={`${RECEPTIVE_PATHS.guides}/novo`}
      newLabel={t("receptive.guides.new")}
      exportHref={`${RECEPTIVE_PATHS.guides}/exportar`}
      emptyTitle={t("receptive.guides.emptyTitle")}
      emptyText={t("receptive.guides.emptyText")}
    />
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
