import { useTranslation } from "react-i18next";
import { ListPage, type Column } from "~/components/kit/ListPage";
import { NameCell, useStatusFilter } from "~/components/receptive/NameCell";
import { ExpiryBadge } from "~/components/receptive/ExpiryBadge";

import { parseListQuery } from "~/lib/kit/list";
import { formatPhone } from "~/lib/platform/br-documents";
import { todayIn } from "~/lib/platform/time-zone";
import { CNH_CATEGORIES, driverListSpec } from "~/lib/receptive/driver";
import { listDrivers, type DriverListRow } from "~/lib/receptive/driver.server";
import { RECEPTIVE_PATHS } from "~/lib/receptive/fields";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/motoristas";

export const middleware: Route.MiddlewareFunction[] = [requireModule("servicos", "receptivo")];

export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const query = parseListQuery(new URL(request.url).searchParams, driverListSpec);
  const { rows, page } = await listDrivers(scope, query);
  return { query, rows, page, today: todayIn(scope.timeZone), documentTitle: getI18n(context).t("menu.receptivo.motoristas.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

export default function Drivers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const statusFilter = useStatusFilter();
  const { query, rows, page, today } = loaderData;
  const columns: Column<DriverListRow>[] = [
    {
      key: "name",
      label: t("receptive.fields.name"),
      sort: "name",
      render: (r) => <NameCell name={r.name} active={r.active} />,
    },
    { key: "phone", label: t("receptive.fields.phone"), secondary: true, render: (r) => (r.phone ? <span className="nowrap">{formatPhone(r.phone)}</span> : "—") },
    { key: "cnhCategory", label: t("receptive.fields.cnhCategory"), render: (r) => `${r.cnhCategory}${r.ear ? " · EAR" : ""}` },
    { key: "cnhExpiry", label: t("receptive.fields.cnhExpiry"), sort: "cnhExpiry", render: (r) => <ExpiryBadge expiry={r.cnhExpiry} today={today} testId="cnh-expiry" /> },
  ];
  return (
    <ListPage
      testId="drivers-list"
      title={t("menu.receptivo.motoristas.title")}
      subtitle={t("receptive.drivers.subtitle")}
      trail={[{ label: t("menu.receptivo.title"), href: null }]}
      spec={driverListSpec}
      query={query}
      page={page}
      rows={rows}
      columns={columns}
      filters={[
        { key: "category", label: t("receptive.fields.cnhCategory"), options: CNH_CATEGORIES.map((c) => ({ value: c, label: c })) },
        statusFilter,
      ]}
      countKey="receptive.drivers.count"
      searchPlaceholder={t("receptive.drivers.searchPlaceholder")}
      rowHref={(r) => `${RECEPTIVE_PATHS.drivers}/editar/${r.id}`}
      newHref={`${RECEPTIVE_PATHS.drivers}/novo`}
      newLabel={t("receptive.drivers.new")}
      exportHref={`${RECEPTIVE_PATHS.drivers}/exportar`}
      emptyTitle={t("receptive.drivers.emptyTitle")}
      emptyText={t("receptive.drivers.emptyText")}
    />
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
