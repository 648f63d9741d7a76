import { Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { ListPage, type Column } from "~/components/kit/ListPage";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { formatDocument } from "~/lib/platform/br-documents";
import { parseListQuery } from "~/lib/kit/list";
import { agentListSpec, formatCommission } from "~/lib/registers/agent";
import { listAgents, type AgentListRow } from "~/lib/registers/agent.server";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/agentes";

export const middleware: Route.MiddlewareFunction[] = [requireModule("cadastros", "agentes")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const query = parseListQuery(new URL(request.url).searchParams, agentListSpec);
  const { rows, page } = await listAgents(scope, query);
  return { query, rows, page, documentTitle: getI18n(context).t("menu.cadastros.agentes.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

export default function Agents({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { query, rows, page } = loaderData;
  const columns: Column<AgentListRow>[] = [
    { key: "name", label: t("registers.fields.name"), sort: "name", render: (r) => <Text weight="medium">{r.name}</Text> },
    {
      key: "document",
      label: t("registers.fields.document"),
      render: (r) => (r.document ? <span className="nowrap">{formatDocument(r.document)}</span> : <Text color="gray">—</Text>),
    },
    { key: "email", label: t("registers.fields.email"), secondary: true, render: (r) => r.email ?? <Text color="gray">—</Text> },
    {
      key: "user",
      label: t("agents.columns.linkedUser"),
      secondary: true,
      render: (r) =>
        r.userId ? (
          (r.userName ?? "—")
        ) : (
          <StatusBadge>
            {t("agents.reseller")}
          </StatusBadge>
        ),
    },
    {
      key: "commission",
      label: t("agents.columns.commission"),
      align: "right",
      render: (r) => (
        <Flex direction="column" gap="0" align="end">
          <span className="nowrap">{formatCommission(r.commissionBps, i18n.language)}</span>
          <Text size="1" color="gray" className="nowrap">
            {t(`agents.rules.${r.commissionRule}`)}
          </Text>
        </Flex>
      ),
    },
  ];
  return (
    <ListPage
      testId="agents-list"
      title={t("menu.cadastros.agentes.title")}
      subtitle={t("agents.subtitle")}
      trail={[{ label: t("menu.cadastros.title"), href: null }]}
      spec={agentListSpec}
      query={query}
      page={page}
      rows={rows}
      columns={columns}
      filters={[
        {
          key: "rule",
          label: t("agents.fields.commissionRule"),
          options: [
            { value: "sale_percent", label: t("agents.rules.sale_percent") },
            { value: "margin_percent", label: t("agents.rules.margin_percent") },
          ],
        },
        {
          key: "linked",
          label: t("agents.fields.linked"),
          options: [
            { value: "internal", label: t("agents.links.internal") },
            { value: "reseller", label: t("agents.links.reseller") },
          ],
        },
      ]}
      countKey="agents.count"
      searchPlaceholder={t("agents.searchPlaceholder")}
      rowHref={(r) => `/cadastros/agentes/editar/${r.id}`}
      newHref="/cadastros/agentes/novo"
      newLabel={t("agents.new")}
      exportHref="/cadastros/agentes/exportar"
      emptyTitle={t("agents.emptyTitle")}
      emptyText={t("agents.emptyText")}
    />
  );
}

/** A missing record (or another agency's) shows inside the shell. */
export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
