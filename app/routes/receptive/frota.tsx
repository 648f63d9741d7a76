import { useTranslation } from "react-i18next";
import { ListPage, type Column } from "~/components/kit/ListPage";
import { NameCell, useStatusFilter } from "~/components/receptive/NameCell";
import { ExpiryBadge } from "~/components/receptive/ExpiryBadge";

import { parseListQuery } from "~/lib/kit/list";
import { todayIn } from "~/lib/platform/time-zone";

import { formatPlate, RECEPTIVE_PATHS } from "~/lib/receptive/fields";
import { FLEET_VEHICLE_TYPES, vehicleListSpec } from "~/lib/receptive/vehicle";
import { listVehicles, type VehicleListRow } from "~/lib/receptive/vehicle.server";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/frota";

export const middleware: Route.MiddlewareFunction[] = [requireModule("servicos", "receptivo")];

export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const query = parseListQuery(new URL(request.url).searchParams, vehicleListSpec);
  const { rows, page } = await listVehicles(scope, query);
  return { query, rows, page, today: todayIn(scope.timeZone), documentTitle: getI18n(context).t("menu.receptivo.frota.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

export default function Fleet({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const statusFilter = useStatusFilter();
  const { query, rows, page, today } = loaderData;
  const columns: Column<VehicleListRow>[] = [
    {
      key: "plate",
      label: t("receptive.fields.plate"),
      sort: "plate",
      render: (r) => <NameCell name={formatPlate(r.plate)} active={r.active} />,
    },
    { key: "model", label: t("receptive.fields.model"), sort: "model", render: (r) => `${r.model}${r.year ? ` (${r.year})` : ""}` },
    { key: "type", label: t("receptive.fields.type"), secondary: true, render: (r) => t(`receptive.vehicleTypes.${r.type}` as never) },
    { key: "seats", label: t("receptive.fields.seats"), sort: "seats", align: "right", render: (r) => r.seats },
    {
      key: "insuranceExpiry",
      label: t("receptive.fields.insuranceExpiry"),
      sort: "insuranceExpiry",
      render: (r) => <ExpiryBadge expiry={r.insuranceExpiry} today={today} testId="insurance-expiry" />,
    },
    {
      key: "inspectionExpiry",
      label: t("receptive.fields.inspectionExpiry"),
      secondary: true,
      render: (r) => <ExpiryBadge expiry={r.inspectionExpiry} today={today} testId="inspection-expiry" />,
    },
  ];
  return (
    <ListPage
      testId="fleet-list"
      title={t("menu.receptivo.frota.title")}
      subtitle={t("receptive.fleet.subtitle")}
      trail={[{ label: t("menu.receptivo.title"), href: null }]}
      spec={vehicleListSpec}
      query={query}
      page={page}
      rows={rows}
      columns={columns}
      filters={[
        { key: "type", label: t("receptive.fields.type"), options: FLEET_VEHICLE_TYPES.map((v) => ({ value: v, label: t(`receptive.vehicleTypes.${v}`) })) },
        statusFilter,
      ]}
      countKey="receptive.fleet.count"
      searchPlaceholder={t("receptive.fleet.searchPlaceholder")}
      rowHref={(r) => `${RECEPTIVE_PATHS.fleet}/editar/${r.id}`}
      newHref={`${RECEPTIVE_PATHS.fleet}/novo`}
      newLabel={t("receptive.fleet.new")}
      exportHref={`${RECEPTIVE_PATHS.fleet}/exportar`}
      emptyTitle={t("receptive.fleet.emptyTitle")}
      emptyText={t("receptive.fleet.emptyText")}
    />
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
