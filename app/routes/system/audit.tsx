import { Button, Card, Flex, Heading, Select, Table, Text, TextField } from "@radix-ui/themes";
import { ArrowRight, Users } from "lucide-react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, href, Link, useSubmit } from "react-router";
import { Breadcrumb } from "~/components/shell/Breadcrumb";
import { KeysetPager } from "~/components/kit/KeysetPager";
import { Notice } from "~/components/ui/Notice";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { AUDIT_LIST, auditFilterParams, parseAuditQuery, type AuditRow } from "~/lib/system/audit-log";
import { auditFilterOptions, listAudit } from "~/lib/system/audit-log.server";
import { formatDateTime, formatNumber } from "~/lib/platform/format";
import { lookup } from "~/lib/platform/translate";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "~/locales";
import { getI18n } from "~/middleware/i18n";
import { requireAgency, requireModule, requireRoles, requireScope } from "~/middleware/session";
import usersStyles from "~/styles/users.css?url";
import type { Route } from "./+types/audit";

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

/** The agency's audit trail: for its admins (and a SuperAdmin inside it). */
export const middleware: Route.MiddlewareFunction[] = [requireModule("sistema"), requireRoles("SuperAdmin", "Admin")];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: usersStyles }];

/** One keyset page (?after/?before, ?size) of the filtered trail (?user, ?entity, ?from, ?to). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireAgency(context, request);
  const scope = requireScope(context, request);
  const query = parseAuditQuery(new URL(request.url).searchParams);
  const [{ rows, page }, options] = await Promise.all([listAudit(scope, query), auditFilterOptions(scope)]);
  return {
    query,
    rows,
    page,
    options,
    agency: { name: viewer.agency.name, timeZone: viewer.agency.timeZone },
    documentTitle: getI18n(context).t("audit.title"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

const ROLE_VALUES = new Set(["SuperAdmin", "Admin", "Agente", "Financeiro", "Operacional"]);
const STATUS_VALUES = new Set(["pending", "accepted", "revoked"]);
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

type T = (key: string, values?: Record<string, string>) => string | undefined;

/** One side of a change, readable: roles, yes/no, statuses, languages and instants named in the user's language. */
function formatValue(field: string, value: unknown, t: T, language: Language, timeZone: string): string {
  if (value === null || value === undefined || value === "") return t("audit.values.empty") ?? "—";
  if (typeof value === "boolean") return (value ? t("audit.values.yes") : t("audit.values.no")) ?? String(value);
  if (typeof value === "string") {
    if (field === "role" && ROLE_VALUES.has(value)) return t(`roles.${value}`) ?? value;
    if (field === "status" && STATUS_VALUES.has(value)) return t(`audit.values.${value}`) ?? value;
    if (field === "locale" && isLanguage(value)) return t(`language.${value}`) ?? value;
    if (ISO_INSTANT.test(value)) return formatDateTime(value, language, timeZone);
    return value.length > 120 ? `${value.slice(0, 117)}…` : value;
  }
  const json = JSON.stringify(value);
  return json.length > 120 ? `${json.slice(0, 117)}…` : json;
}

function Changes({ row, t, language, timeZone }: { row: AuditRow; t: T; language: Language; timeZone: string }) {
  const entries = Object.entries(row.changes ?? {});
  if (entries.length === 0) return <Text color="gray">—</Text>;
  return (
    <ul className="audit-changes" data-testid="audit-changes">
      {entries.map(([field, pair]) => {
        const [before, after] = Array.isArray(pair) ? pair : [null, pair];
        return (
          <li key={field}>
            <Text size="2" weight="medium">
              {t(`audit.fields.${field}`) ?? field}:
            </Text>{" "}
            {row.action !== "create" && (
              <>
                <Text size="2" color="gray" >
                  {formatValue(field, before, t, language, timeZone)}
                </Text>{" "}
                <ArrowRight size={12} aria-label="→" style={{ verticalAlign: "middle" }} />{" "}
              </>
            )}
            <Text size="2" >
              {formatValue(field, after, t, language, timeZone)}
            </Text>
          </li>
        );
      })}
    </ul>
  );
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { t: typedT, i18n } = useTranslation();
  const { query, rows, page, options, agency } = loaderData;
  const language: Language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const t: T = (key, values) => lookup(i18n, key, values);
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const onSelect = () => setTimeout(() => form.current && submit(form.current, { replace: true }), 0);
  const filtered = !!(query.user || query.entity || query.from || query.to);
  const entityName = (entity: string) => t(`audit.entities.${entity}`) ?? entity;
  const who = (row: AuditRow) => row.who ?? row.whoEmail ?? typedT("audit.system");
  const when = (row: AuditRow) => formatDateTime(row.createdAt, language, agency.timeZone);
  const what = (row: AuditRow) => (
    <Flex direction="column" gap="0">
      <Text size="2" weight="medium">
        {entityName(row.entity)}
      </Text>
      <Text size="1" color="gray" style={{ overflowWrap: "anywhere" }}>
        {row.target ?? row.entityId}
      </Text>
    </Flex>
  );
  const actionBadge = (row: AuditRow) => (
    <StatusBadge tone={row.action === "create" ? "active" : row.action === "delete" ? "danger" : "info"}>
      {t(`audit.actions.${row.action}`) ?? row.action}
    </StatusBadge>
  );

  return (
    <Flex direction="column" gap="4">
      <div>
        <Breadcrumb
          crumbs={[
            { label: typedT("screen.home"), href: "/dashboard" },
            { label: typedT("menu.sistema.title"), href: "/sistema" },
            { label: typedT("audit.title"), href: null },
          ]}
        />
        <Flex justify="between" align="end" gap="3" wrap="wrap" mt="2">
          <div>
            <Heading as="h1" size="7" mb="1">
              {typedT("audit.title")}
            </Heading>
            <Text color="gray" size="2">
              {typedT("audit.subtitle", { agency: agency.name, zone: agency.timeZone })}
            </Text>
          </div>
          <Button asChild variant="soft" color="gray">
            <Link to={href("/sistema/user-management")}>
              <Users size={16} aria-hidden />
              {typedT("menu.sistema.user_management.title")}
            </Link>
          </Button>
        </Flex>
      </div>

      <Form method="get" ref={form} className="users-filters" aria-label={typedT("audit.filter")}>
        <Flex gap="2" wrap="wrap" align="end">
          <Flex direction="column" gap="1" className="audit-filter">
            <Text as="label" size="1" color="gray" id="audit-user-label">
              {typedT("audit.user")}
            </Text>
            <Select.Root name="user" defaultValue={query.user || "all"} onValueChange={onSelect}>
              <Select.Trigger aria-labelledby="audit-user-label" data-testid="audit-user" />
              <Select.Content position="popper">
                <Select.Item value="all">{typedT("audit.allUsers")}</Select.Item>
                {options.users.map((u) => (
                  <Select.Item key={u.id} value={u.id}>
                    {u.name}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Flex>
          <Flex direction="column" gap="1" className="audit-filter">
            <Text as="label" size="1" color="gray" id="audit-entity-label">
              {typedT("audit.entity")}
            </Text>
            <Select.Root name="entity" defaultValue={query.entity || "all"} onValueChange={onSelect}>
              <Select.Trigger aria-labelledby="audit-entity-label" data-testid="audit-entity" />
              <Select.Content position="popper">
                <Select.Item value="all">{typedT("audit.allEntities")}</Select.Item>
                {options.entities.map((e) => (
                  <Select.Item key={e} value={e}>
                    {entityName(e)}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Flex>
          <Flex direction="column" gap="1" className="audit-filter">
            <Text as="label" size="1" color="gray" htmlFor="audit-from">
              {typedT("audit.from")}
            </Text>
            <TextField.Root id="audit-from" name="from" type="date" defaultValue={query.from ?? ""} className="audit-date" />
          </Flex>
          <Flex direction="column" gap="1" className="audit-filter">
            <Text as="label" size="1" color="gray" htmlFor="audit-to">
              {typedT("audit.to")}
            </Text>
            <TextField.Root id="audit-to" name="to" type="date" defaultValue={query.to ?? ""} className="audit-date" />
          </Flex>
          <Button type="submit" variant="soft">
            {typedT("audit.filter")}
          </Button>
          {filtered && (
            <Button asChild variant="ghost">
              <Link to=".">{typedT("audit.clear")}</Link>
            </Button>
          )}
        </Flex>
      </Form>

      {query.rangeError && (
        <Notice tone="warning">{typedT("audit.invalidRange")}</Notice>
      )}

      <Card size="1">
        {rows.length === 0 ? (
          <Flex justify="center" py="6">
            <Text color="gray">{typedT("audit.empty")}</Text>
          </Flex>
        ) : (
          <>
            <Table.Root className="users-table" data-testid="audit-table">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>{typedT("audit.when")}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{typedT("audit.who")}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{typedT("audit.what")}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{typedT("audit.action")}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{typedT("audit.changes")}</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((row) => (
                  <Table.Row key={row.id} data-testid="audit-row">
                    <Table.Cell style={{ whiteSpace: "nowrap" }}>{when(row)}</Table.Cell>
                    <Table.Cell>{who(row)}</Table.Cell>
                    <Table.Cell>{what(row)}</Table.Cell>
                    <Table.Cell>{actionBadge(row)}</Table.Cell>
                    <Table.Cell>
                      <Changes row={row} t={t} language={language} timeZone={agency.timeZone} />
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
            <ul className="users-cards">
              {rows.map((row) => (
                <li key={row.id}>
                  <Flex direction="column" gap="2">
                    <Flex justify="between" gap="2" align="start">
                      {what(row)}
                      {actionBadge(row)}
                    </Flex>
                    <Text size="1" color="gray">
                      {when(row)} · {who(row)}
                    </Text>
                    <Changes row={row} t={t} language={language} timeZone={agency.timeZone} />
                  </Flex>
                </li>
              ))}
            </ul>
          </>
        )}
      </Card>

      <Text size="2" color="gray" data-testid="audit-total">
        {page.totalCapped ? typedT("list.totalCapped", { formatted: formatNumber(page.total, language) }) : typedT("audit.total", { total: formatNumber(page.total, language) })}
      </Text>
      <KeysetPager query={query.list} spec={AUDIT_LIST} page={page} extra={auditFilterParams(query)} />
    </Flex>
  );
}
