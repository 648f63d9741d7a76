import { Button, Card, Flex, Table, Text, TextField, VisuallyHidden } from "@radix-ui/themes";
import { Plus, Search } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { KeysetPager } from "~/components/kit/KeysetPager";
import { PageHeader } from "~/components/ui/PageHeader";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { parseListQuery } from "~/lib/kit/list";
import { formatDateTime, formatNumber } from "~/lib/platform/format";
import { listAgencies } from "~/lib/system/agencies.server";
import { AGENCY_LIST } from "~/lib/system/agency-list";
import { isLanguage } from "~/locales";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireRoles, requireUserScope, requireViewer } from "~/middleware/session";
import systemStyles from "~/styles/system.css?url";
import type { Route } from "./+types/license-management";

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

/** Spec §6: licence management is for the SuperAdmin only; the route sits in Sistema → Gestão de Licenças (spec §5). */
export const middleware: Route.MiddlewareFunction[] = [requireModule("sistema", "license_management"), requireRoles("SuperAdmin")];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: systemStyles }];

/** One keyset page of every agency (?q, ?after/?before, ?size). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  const query = parseListQuery(new URL(request.url).searchParams, AGENCY_LIST);
  const { agencies, page } = await listAgencies(requireUserScope(context, request).db, query);
  return {
    query,
    page,
    total: page.total,
    agencies,
    timeZone: viewer.agency?.timeZone ?? null,
    title: getI18n(context).t("licences.title"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? ""} · Rota` }];

export default function LicenceManagement({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : "pt";
  const { agencies, query, page, total, timeZone } = loaderData;
  return (
    <Flex direction="column" gap="4">
      <PageHeader
        title={t("licences.title")}
        subtitle={t("licences.subtitle")}
        trail={[{ label: t("menu.sistema.title"), href: null }]}
        actions={
          <Button asChild>
            <Link to="/sistema/license-management/new" data-testid="new-agency">
              <Plus size={16} aria-hidden /> {t("licences.newAgency")}
            </Link>
          </Button>
        }
      />
      <Form method="get" role="search">
        <Flex gap="2" wrap="wrap">
          <TextField.Root name="q" defaultValue={query.q} placeholder={t("licences.search")} aria-label={t("licences.search")} style={{ flex: "1 1 240px" }}>
            <TextField.Slot>
              <Search size={16} aria-hidden />
            </TextField.Slot>
          </TextField.Root>
          <Button type="submit" variant="soft">
            {t("licences.searchButton")}
          </Button>
        </Flex>
      </Form>
      <Text size="2" color="gray">
        {t("licences.total", { total: formatNumber(total, language) })}
      </Text>
      {agencies.length === 0 ? (
        <Card>
          <Text color="gray">{t("licences.empty")}</Text>
        </Card>
      ) : (
        <div className="table-scroll">
          <Table.Root variant="surface" data-testid="agency-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>{t("licences.colAgency")}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t("licences.colPlan")}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t("licences.colStatus")}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t("licences.colModules")}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t("licences.colUpdated")}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>
                  <VisuallyHidden>{t("licences.colActions")}</VisuallyHidden>
                </Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {agencies.map((a) => (
                <Table.Row key={a.id} data-testid="agency-row">
                  <Table.RowHeaderCell>
                    <Text as="p" weight="bold">
                      <Link to={`/sistema/license-management/edit/${a.id}`}>{a.name}</Link>
                    </Text>
                    <Text as="p" size="1" color="gray">
                      {a.slug}
                    </Text>
                  </Table.RowHeaderCell>
                  <Table.Cell>
                    <StatusBadge tone="accent">{t(`licences.plans.${a.plan}` as never, { defaultValue: a.plan }) as string}</StatusBadge>
                  </Table.Cell>
                  <Table.Cell>
                    <StatusBadge tone={a.active ? "accent" : "inactive"}>{a.active ? t("licences.active") : t("licences.inactive")}</StatusBadge>
                  </Table.Cell>
                  <Table.Cell>
                    <Text title={t("licences.entriesCount", { enabled: a.enabled.entries, total: a.enabled.entriesTotal })}>
                      {t("licences.modulesCount", {
                        enabled: formatNumber(a.enabled.modules, language),
                        total: formatNumber(a.enabled.modulesTotal, language),
                      })}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    <Text size="2">{formatDateTime(a.updatedAt, language, timeZone)}</Text>
                  </Table.Cell>
                  <Table.Cell>
                    <Button asChild size="1" variant="soft">
                      <Link to={`/sistema/license-management/edit/${a.id}`} aria-label={t("licences.editOf", { agency: a.name })}>
                        {t("licences.edit")}
                      </Link>
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </div>
      )}
      <KeysetPager query={query} spec={AGENCY_LIST} page={page} />
    </Flex>
  );
}
