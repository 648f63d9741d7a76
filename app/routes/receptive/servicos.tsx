import { Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { ListPage, type Column } from "~/components/kit/ListPage";
import { NameCell, useStatusFilter } from "~/components/receptive/NameCell";
import { StatusBadge } from "~/components/ui";
import { parseListQuery } from "~/lib/kit/list";
import { formatMoney } from "~/lib/platform/format";

import { RECEPTIVE_PATHS } from "~/lib/receptive/fields";
import { RECEPTIVE_SERVICE_KINDS, durationText, serviceListSpec } from "~/lib/receptive/service";
import { listServices, type ServiceListRow } from "~/lib/receptive/service.server";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/servicos";

export const middleware: Route.MiddlewareFunction[] = [requireModule("servicos", "receptivo")];

export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const query = parseListQuery(new URL(request.url).searchParams, serviceListSpec);
  const { rows, page } = await listServices(scope, query);
  return { query, rows, page, documentTitle: getI18n(context).t("menu.receptivo.servicos.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

export default function ReceptiveServices({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const statusFilter = useStatusFilter();
  const { query, rows, page } = loaderData;
  const columns: Column<ServiceListRow>[] = [
    {
      key: "name",
      label: t("receptive.fields.name"),
      sort: "name",
      render: (r) => <NameCell name={r.name} active={r.active} />,
    },
    { key: "kind", label: t("receptive.fields.kind"), sort: "kind", render: (r) => <StatusBadge tone="info">{t(`receptive.kinds.${r.kind}` as never)}</StatusBadge> },
    { key: "duration", label: t("receptive.fields.duration"), secondary: true, align: "right", render: (r) => <span className="nowrap">{durationText(r.durationMinutes)}</span> },
    { key: "capacity", label: t("receptive.fields.capacity"), secondary: true, align: "right", render: (r) => (r.capacity ? r.capacity : t("receptive.services.noLimit")) },
    { key: "provider", label: t("receptive.fields.provider"), secondary: true, render: (r) => r.providerName ?? <Text color="gray">{t("receptive.services.ownOperation")}</Text> },
    { key: "price", label: t("receptive.fields.price"), sort: "price", align: "right", render: (r) => <span className="nowrap">{formatMoney(r.priceCents, r.currency, i18n.language)}</span> },
  ];
  return (
    <ListPage
      testId="receptive-services-list"
      title={t("menu.receptivo.servicos.title")}
      subtitle={t("receptive.services.subtitle")}
      trail={[{ label: t("menu.receptivo.title"), href: null }]}
      spec={serviceListSpec}
      query={query}
      page={page}
      rows={rows}
      columns={columns}
      filters={[
        { key: "kind", label: t("receptive.fields.kind"), options: RECEPTIVE_SERVICE_KINDS.map((k) => ({ value: k, label: t(`receptive.kinds.${k}`) })) },
        statusFilter,
      ]}
      countKey="receptive.services.count"
      searchPlaceholder={t("receptive.services.searchPlaceholder")}
      rowHref={(r) => `${RECEPTIVE_PATHS.services}/editar/${r.id}`}
      newHref={`${RECEPTIVE_PATHS.services}/novo`}
      newLabel={t("receptive.services.new")}
      exportHref={`${RECEPTIVE_PATHS.services}/exportar`}
      emptyTitle={t("receptive.services.emptyTitle")}
      emptyText={t("receptive.services.emptyText")}
    />
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
