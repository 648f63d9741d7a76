import { Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { ListPage, type Column } from "~/components/kit/ListPage";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { TEMPLATE_KINDS, TEMPLATE_LANGUAGES, TEMPLATES_PATH, canManageTemplates, templateListSpec } from "~/lib/contracts/template";
import { listTemplates, type TemplateListRow } from "~/lib/contracts/template.server";
import { parseListQuery } from "~/lib/kit/list";
import { formatDateTime } from "~/lib/platform/format";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/modelos";

export const middleware: Route.MiddlewareFunction[] = [requireModule("contratos", "modelos")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

/** Contratos → Modelos: the agency's live templates (search, language and kind filters, keyset pages). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const query = parseListQuery(new URL(request.url).searchParams, templateListSpec);
  const { rows, page } = await listTemplates(scope, query);
  return { query, rows, page, timeZone: scope.timeZone, canManage: canManageTemplates(scope.role), documentTitle: getI18n(context).t("contracts.templates.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

export default function Templates({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { query, rows, page, timeZone, canManage } = loaderData;
  const columns: Column<TemplateListRow>[] = [
    {
      key: "name",
      label: t("contracts.templates.fields.name"),
      sort: "name",
      render: (r) => (
        <Flex gap="2" align="center" wrap="wrap">
          <Text weight="medium">{r.name}</Text>
          {r.isDefault && <StatusBadge tone="active" testId="template-default">{t("contracts.templates.default")}</StatusBadge>}
        </Flex>
      ),
    },
    { key: "language", label: t("contracts.templates.fields.language"), render: (r) => t(`contracts.templates.languages.${r.language}`) },
    { key: "kind", label: t("contracts.templates.fields.saleKind"), secondary: true, render: (r) => t(`contracts.templates.kinds.${r.saleKind}`) },
    { key: "version", label: t("contracts.templates.fields.currentVersion"), secondary: true, align: "right", render: (r) => r.currentVersion },
    {
      key: "updatedAt",
      label: t("contracts.templates.fields.updatedAt"),
      sort: "updatedAt",
      secondary: true,
      render: (r) => <span className="nowrap">{formatDateTime(r.updatedAt, i18n.language, timeZone)}</span>,
    },
  ];
  return (
    <ListPage
      testId="contract-templates-list"
      title={t("menu.contratos.modelos.title")}
      subtitle={t("contracts.templates.subtitle")}
      trail={[{ label: t("menu.contratos.title"), href: null }]}
      spec={templateListSpec}
      query={query}
      page={page}
      rows={rows}
      columns={columns}
      filters={[
        { key: "language", label: t("contracts.templates.fields.language"), options: TEMPLATE_LANGUAGES.map((l) => ({ value: l, label: t(`contracts.templates.languages.${l}`) })) },
        { key: "kind", label: t("contracts.templates.fields.saleKind"), options: TEMPLATE_KINDS.map((k) => ({ value: k, label: t(`contracts.templates.kinds.${k}`) })) },
      ]}
      countKey="contracts.templates.count"
      searchPlaceholder={t("contracts.templates.searchPlaceholder")}
      rowHref={(r) => `${TEMPLATES_PATH}/editar/${r.id}`}
      newHref={canManage ? `${TEMPLATES_PATH}/novo` : undefined}
      newLabel={t("contracts.templates.new")}
      exportHref={`${TEMPLATES_PATH}/exportar`}
      emptyTitle={t("contracts.templates.emptyTitle")}
      emptyText={t("contracts.templates.emptyText")}
    />
  );
}

/** A failure shows inside the shell. */
export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
