import { Badge, Button, Flex, Text } from "@radix-ui/themes";
import { Upload } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ListPage, type Column } from "~/components/kit/ListPage";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { formatDocument, formatPhone } from "~/lib/platform/br-documents";
import { formatDate } from "~/lib/platform/format";
import { parseListQuery } from "~/lib/kit/list";
import { clientListSpec } from "~/lib/registers/client";
import { listClients, type ClientListRow } from "~/lib/registers/client.server";
import { canManageRegisters } from "~/lib/registers/roles";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/clientes";

export const middleware: Route.MiddlewareFunction[] = [requireModule("cadastros", "clientes")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const query = parseListQuery(new URL(request.url).searchParams, clientListSpec);
  const { rows, page } = await listClients(scope, query);
  return { query, rows, page, timeZone: scope.timeZone, canImport: canManageRegisters(scope.role), documentTitle: getI18n(context).t("menu.cadastros.clientes.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

export default function Clients({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { query, rows, page, timeZone } = loaderData;
  const columns: Column<ClientListRow>[] = [
    {
      key: "name",
      label: t("registers.fields.name"),
      sort: "name",
      render: (r) => (
        <Flex direction="column" gap="0">
          <Flex gap="2" align="center" wrap="wrap">
            <Text weight="medium">{r.name}</Text>
            {r.kind === "company" && (
              <StatusBadge tone="info" size="1" highContrast testId="company-badge">
                {t("registers.kind.companyShort")}
              </StatusBadge>
            )}
          </Flex>
          {r.tradeName && (
            <Text size="1" color="gray">
              {r.tradeName}
            </Text>
          )}
        </Flex>
      ),
    },
    {
      key: "document",
      label: t("registers.fields.document"),
      render: (r) => (r.document ? <span className="nowrap">{formatDocument(r.document)}</span> : <Text color="gray">—</Text>),
    },
    { key: "email", label: t("registers.fields.email"), secondary: true, render: (r) => r.emails[0] ?? <Text color="gray">—</Text> },
    {
      key: "phone",
      label: t("registers.fields.phone"),
      secondary: true,
      render: (r) => (r.phones[0] ? <span className="nowrap">{formatPhone(r.phones[0].number)}</span> : <Text color="gray">—</Text>),
    },
    { key: "city", label: t("registers.fields.city"), sort: "city", secondary: true, render: (r) => (r.city ? `${r.city}${r.state ? ` - ${r.state}` : ""}` : "—") },
    {
      key: "tags",
      label: t("registers.fields.tags"),
      secondary: true,
      wide: true,
      render: (r) =>
        r.tags.length === 0 ? (
          <Text color="gray">—</Text>
        ) : (
        <Flex gap="1" wrap="wrap">
          {r.tags.slice(0, 3).map((tag) => (
            <Badge key={tag} color="gray" variant="soft">
              {tag}
            </Badge>
          ))}
        </Flex>
        ),
    },
    {
      key: "createdAt",
      label: t("registers.fields.createdAt"),
      sort: "createdAt",
      secondary: true,
      wide: true,
      render: (r) => <span className="nowrap">{formatDate(r.createdAt, i18n.language, timeZone, "short")}</span>,
    },
  ];
  return (
    <ListPage
      testId="clients-list"
      title={t("menu.cadastros.clientes.title")}
      subtitle={t("registers.clients.subtitle")}
      trail={[{ label: t("menu.cadastros.title"), href: null }]}
      spec={clientListSpec}
      query={query}
      page={page}
      rows={rows}
      columns={columns}
      filters={[
        { key: "kind", label: t("registers.fields.kind"), options: [{ value: "person", label: t("registers.kind.person") }, { value: "company", label: t("registers.kind.company") }] },
        { key: "consent", label: t("registers.fields.marketingConsent"), options: [{ value: "yes", label: t("records.yes") }, { value: "no", label: t("records.no") }] },
      ]}
      countKey="registers.clients.count"
      searchPlaceholder={t("registers.clients.searchPlaceholder")}
      rowHref={(r) => `/cadastros/clientes/editar/${r.id}`}
      newHref="/cadastros/clientes/novo"
      newLabel={t("registers.clients.new")}
      exportHref="/cadastros/clientes/exportar"
      actions={
        loaderData.canImport && (
          <Button asChild variant="soft" color="gray">
            <Link to="/cadastros/clientes/importar" data-testid="clients-import">
              <Upload size={16} aria-hidden /> {t("registers.import.action")}
            </Link>
          </Button>
        )
      }
      emptyTitle={t("registers.clients.emptyTitle")}
      emptyText={t("registers.clients.emptyText")}
    />
  );
}

/** A missing record (or another agency's) shows inside the shell. */
export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
