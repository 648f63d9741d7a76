import { Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { ListPage, type Column } from "~/components/kit/ListPage";
import { dealHref, dealListSpec, DEALS_PATH, SOURCES } from "~/lib/crm/deal";
import { CRM_PATH } from "~/lib/crm/stages";
import { listDeals, ownerOptions, stageBySlug, type DealListRow } from "~/lib/crm/deal.server";
import { parseListQuery } from "~/lib/kit/list";
import { formatCalendarDate, formatDate, formatMoney } from "~/lib/platform/format";
import { notFound } from "~/lib/platform/http";
import { requireModule, requireScope } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/stage";

export const middleware: Route.MiddlewareFunction[] = [requireModule("crm")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

/** /crm/{stage}: one stage's deals (search, owner, source, expected close range; keyset pages); 404 for an unknown slug. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const stage = await stageBySlug(scope, params.stage);
  if (!stage) throw notFound();
  const query = parseListQuery(new URL(request.url).searchParams, dealListSpec);
  const [{ rows, page }, owners] = await Promise.all([listDeals(scope, stage.id, query), ownerOptions(scope)]);
  return { stage: { name: stage.name, slug: stage.slug, kind: stage.kind }, query, rows, page, owners, timeZone: scope.timeZone, documentTitle: stage.name };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · CRM · Rota` : "Rota" }];

export default function StageDeals({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { stage, query, rows, page, owners, timeZone } = loaderData;
  const columns: Column<DealListRow>[] = [
    { key: "number", label: t("crm.fields.number"), render: (r) => <Text weight="medium">{r.number}</Text> },
    {
      key: "title",
      label: t("crm.fields.title"),
      render: (r) => (
        <Flex direction="column" gap="0">
          <Text weight="medium">{r.title}</Text>
          <Text size="1" color="gray">
            {r.contact}
            {r.isLead ? ` · ${t("crm.board.lead")}` : ""}
          </Text>
        </Flex>
      ),
    },
    { key: "owner", label: t("crm.fields.owner"), secondary: true, render: (r) => r.ownerName ?? "—" },
    { key: "source", label: t("crm.fields.source"), secondary: true, render: (r) => t(`crm.sources.${r.source}`) },
    {
      key: "close",
      label: t("crm.fields.expectedClose"),
      sort: "close",
      render: (r) => <span className="nowrap">{r.expectedCloseDate ? formatCalendarDate(r.expectedCloseDate, i18n.language, "short") : "—"}</span>,
    },
    { key: "value", label: t("crm.fields.value"), sort: "value", align: "right", render: (r) => <span className="nowrap">{formatMoney(r.valueCents, r.currency, i18n.language)}</span> },
    { key: "updatedAt", label: t("crm.fields.updatedAt"), sort: "updatedAt", secondary: true, render: (r) => <span className="nowrap">{formatDate(r.updatedAt, i18n.language, timeZone)}</span> },
  ];
  return (
    <ListPage
      testId="crm-stage-list"
      title={stage.name}
      subtitle={t("crm.list.subtitle", { stage: stage.name })}
      trail={[{ label: t("menu.crm.title"), href: CRM_PATH }]}
      spec={dealListSpec}
      query={query}
      page={page}
      rows={rows}
      columns={columns}
      filters={[
        { key: "owner", label: t("crm.fields.owner"), options: owners },
        { key: "source", label: t("crm.fields.source"), options: SOURCES.map((s) => ({ value: s, label: t(`crm.sources.${s}`) })) },
        { key: "closeFrom", label: t("crm.fields.closeFrom"), type: "date" },
        { key: "closeTo", label: t("crm.fields.closeTo"), type: "date" },
      ]}
      countKey="crm.list.count"
      searchPlaceholder={t("crm.list.searchPlaceholder")}
      rowHref={(r) => dealHref(r.id)}
      newHref={`${DEALS_PATH}/novo`}
      newLabel={t("crm.deal.new")}
      exportHref={`/crm/${stage.slug}/exportar`}
      emptyTitle={t("crm.list.emptyTitle")}
      emptyText={t("crm.list.emptyText")}
    />
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
