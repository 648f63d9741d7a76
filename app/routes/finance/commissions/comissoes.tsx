import { Button, Card, Checkbox, Flex, Grid, Select, Table, Text, TextField, VisuallyHidden } from "@radix-ui/themes";
import { FileDown, FileText, Wallet } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { KeysetPager } from "~/components/kit/KeysetPager";
import { Notice } from "~/components/ui/Notice";
import { PageHeader } from "~/components/ui/PageHeader";
import { StatusBadge, type StatusTone } from "~/components/ui/StatusBadge";
import { bpsPercent, COMMISSION_LIST, COMMISSIONS_REPORT_PATH, LINE_STATUSES, PAYABLES_PATH, RELEASE_POLICIES, type LineStatus } from "~/lib/commissions/commissions";
import { agentChoices, canPay, commissionTotals, listCommissions, ownAgent, payCommissions, releasePolicy, setReleasePolicy } from "~/lib/commissions/commissions.server";
import { payCommissionsSchema, releasePolicySchema } from "~/lib/commissions/commissions.schema";
import { malformed, parseForm } from "~/lib/kit/forms";
import { parseListQuery } from "~/lib/kit/list";
import { formatCalendarDate, formatMoney, formatNumber } from "~/lib/platform/format";
import { badRequest, conflict, forbidden, notFound } from "~/lib/platform/http";
import type { ToastMessage } from "~/lib/platform/toast";
import { getI18n, getLocale } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/comissoes";

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

/** Any member of the agency opens it (an Agente sees only their own agent's lines); paying is for Admin and Financeiro, the policy for Admin. */
export const middleware: Route.MiddlewareFunction[] = [requireModule("financeiro", "faturamento", "comissoes")];

const isAdmin = (role: string) => role === "Admin" || role === "SuperAdmin";

/** One keyset page of the lines (?status, ?agent, ?from, ?to), the totals per status of the filter, the agents, the policy. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const query = parseListQuery(new URL(request.url).searchParams, COMMISSION_LIST);
  const own = await ownAgent(scope);
  const [{ rows, page }, totals, agents, policy] = await Promise.all([listCommissions(scope, query, own), commissionTotals(scope, query.filters, own), agentChoices(scope, own), releasePolicy(scope)]);
  return {
    query,
    rows,
    page,
    totals,
    agents,
    policy,
    canPay: canPay(scope.role),
    canSetPolicy: isAdmin(scope.role),
    documentTitle: getI18n(context).t("commissions.title"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

/** intent=pay (the selected released lines → one payable per agent) or intent=policy (the release policy, Admins). */
export async function action({ context, request }: Route.ActionArgs) {
  const scope = requireScope(context, request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "policy") {
    if (!isAdmin(scope.role)) throw forbidden();
    const submission = parseForm(formData, releasePolicySchema);
    if (!submission || submission.status !== "success") return malformed();
    await setReleasePolicy(scope, submission.value.policy);
    return { paid: null, error: null, toast: { title: "commissions.policy.saved" } satisfies ToastMessage };
  }
  if (intent !== "pay") return malformed();
  if (!canPay(scope.role)) throw forbidden();
  const submission = parseForm(formData, payCommissionsSchema);
  if (!submission) return malformed();
  if (submission.status !== "success") return badRequest({ paid: null, error: "notFound" as const, toast: { title: "commissions.errors.notFound", variant: "destructive" } satisfies ToastMessage });
  const result = await payCommissions(scope, submission.value.id, getLocale(context));
  if (!result.ok) {
    if (result.reason === "notFound") throw notFound();
    const body = { paid: null, error: result.reason, toast: { title: `commissions.errors.${result.reason}`, variant: "destructive" } satisfies ToastMessage };
    return result.reason === "stale" || result.reason === "notReleased" ? conflict(body) : badRequest(body);
  }
  return { paid: result.payables, error: null, toast: { title: "commissions.pay.done", values: { count: result.payables.length } } satisfies ToastMessage };
}

const TONE: Record<LineStatus, StatusTone> = { pending: "warning", released: "info", paid: "active", cancelled: "neutral" };

export default function Commissions({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { query, rows, page, totals, agents, policy } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const money = (cents: number, currency: string) => formatMoney(cents, currency, i18n.language);
  const f = query.filters;
  const report = (format: "csv" | "pdf") => {
    const params = new URLSearchParams({ format });
    if (f.agent) params.set("agent", f.agent);
    if (f.from) params.set("from", f.from);
    if (f.to) params.set("to", f.to);
    return `${COMMISSIONS_REPORT_PATH}?${params}`;
  };
  const error = actionData && "error" in actionData ? actionData.error : null;
  const paid = actionData && "paid" in actionData ? actionData.paid : null;

  return (
    <Flex direction="column" gap="4">
      <PageHeader
        title={t("commissions.title")}
        subtitle={t("commissions.subtitle")}
        trail={[
          { label: t("menu.financeiro.title"), href: null },
          { label: t("menu.financeiro.faturamento.title"), href: null },
        ]}
      />

      {error && <Notice tone="warning">{t(`commissions.errors.${error}`)}</Notice>}
      {paid && paid.length > 0 && (
        <Notice tone="success">
          <span data-testid="commissions-paid">
            {t("commissions.pay.done", { count: paid.length })}{" "}
            {paid.map((p) => (
              <Link key={p.titleId} to={`${PAYABLES_PATH}/editar/${p.titleId}`} style={{ marginInlineEnd: 8 }}>
                {p.agentName}: {money(p.amountCents, p.currency)}
              </Link>
            ))}
          </span>
        </Notice>
      )}

      <Form method="get" aria-label={t("commissions.filters.apply")}>
        <Flex gap="3" wrap="wrap" align="end">
          <Flex direction="column" gap="1">
            <Text as="label" size="1" color="gray" id="commission-status-label">
              {t("commissions.filters.status")}
            </Text>
            <Select.Root name="status" defaultValue={f.status ?? "all"}>
              <Select.Trigger aria-labelledby="commission-status-label" data-testid="commission-status-filter" />
              <Select.Content position="popper">
                <Select.Item value="all">{t("commissions.filters.all")}</Select.Item>
                {LINE_STATUSES.map((s) => (
                  <Select.Item key={s} value={s}>
                    {t(`commissions.statuses.${s}`)}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Flex>
          <Flex direction="column" gap="1">
            <Text as="label" size="1" color="gray" id="commission-agent-label">
              {t("commissions.filters.agent")}
            </Text>
            <Select.Root name="agent" defaultValue={f.agent ?? "all"}>
              <Select.Trigger aria-labelledby="commission-agent-label" data-testid="commission-agent-filter" />
              <Select.Content position="popper">
                <Select.Item value="all">{t("commissions.filters.all")}</Select.Item>
                {agents.map((a) => (
                  <Select.Item key={a.id} value={a.id}>
                    {a.name}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Flex>
          <Flex direction="column" gap="1">
            <Text as="label" size="1" color="gray" htmlFor="commission-from">
              {t("commissions.filters.from")}
            </Text>
            <TextField.Root id="commission-from" name="from" type="date" defaultValue={f.from ?? ""} />
          </Flex>
          <Flex direction="column" gap="1">
            <Text as="label" size="1" color="gray" htmlFor="commission-to">
              {t("commissions.filters.to")}
            </Text>
            <TextField.Root id="commission-to" name="to" type="date" defaultValue={f.to ?? ""} />
          </Flex>
          <Button type="submit" variant="soft" data-testid="commission-filter">
            {t("commissions.filters.apply")}
          </Button>
          <Button asChild variant="ghost">
            <a href={report("csv")} data-testid="commission-report-csv">
              <FileDown size={16} aria-hidden />
              {t("commissions.report.csv")}
            </a>
          </Button>
          <Button asChild variant="ghost">
            <a href={report("pdf")} data-testid="commission-report-pdf">
              <FileText size={16} aria-hidden />
              {t("commissions.report.pdf")}
            </a>
          </Button>
        </Flex>
      </Form>

      <section aria-label={t("commissions.totals.title")}>
        <Grid columns={{ initial: "2", sm: "4" }} gap="3" data-testid="commission-totals">
          {LINE_STATUSES.map((s) => {
            const mine = totals.filter((x) => x.status === s);
            return (
              <Card key={s} size="1">
                <Flex direction="column" gap="1">
                  <Text size="1" color="gray">
                    {t(`commissions.statuses.${s}`)}
                  </Text>
                  <Text weight="bold" data-testid={`commission-total-${s}`}>
                    {mine.length === 0 ? money(0, "BRL") : mine.map((x) => money(x.amountCents, x.currency)).join(" · ")}
                  </Text>
                  <Text size="1" color="gray">
                    {t("commissions.totals.lines", { count: mine.reduce((n, x) => n + x.lines, 0) })}
                  </Text>
                </Flex>
              </Card>
            );
          })}
        </Grid>
      </section>

      <Form method="post">
        <Flex direction="column" gap="3">
          {loaderData.canPay && (
            <Flex gap="2" wrap="wrap">
              <Button type="submit" name="intent" value="pay" disabled={busy} data-testid="commission-pay">
                <Wallet size={16} aria-hidden />
                {t("commissions.pay.action")}
              </Button>
              <Button asChild variant="ghost">
                <Link to={PAYABLES_PATH}>{t("commissions.pay.open")}</Link>
              </Button>
            </Flex>
          )}
          <Card size="1" style={{ overflowX: "auto" }}>
            {rows.length === 0 ? (
              <Flex direction="column" align="center" py="6" gap="1">
                <Text weight="medium">{t("commissions.empty.title")}</Text>
                <Text color="gray" size="2">
                  {t("commissions.empty.text")}
                </Text>
              </Flex>
            ) : (
              <Table.Root data-testid="commission-table">
                <Table.Header>
                  <Table.Row>
                    {loaderData.canPay && (
                      <Table.ColumnHeaderCell>
                        <VisuallyHidden>{t("commissions.pay.action")}</VisuallyHidden>
                      </Table.ColumnHeaderCell>
                    )}
                    <Table.ColumnHeaderCell>{t("commissions.columns.sale")}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>{t("commissions.columns.date")}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>{t("commissions.columns.agent")}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>{t("commissions.columns.rule")}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell align="right">{t("commissions.columns.base")}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell align="right">{t("commissions.columns.amount")}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell align="right">{t("commissions.columns.released")}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>{t("commissions.columns.status")}</Table.ColumnHeaderCell>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {rows.map((row) => (
                    <Table.Row key={row.id} data-testid="commission-row" data-agent={row.agentName}>
                      {loaderData.canPay && (
                        <Table.Cell>
                          {row.status === "released" && <Checkbox name="id" value={row.id} aria-label={t("commissions.select", { number: row.saleNumber })} data-testid="commission-select" />}
                        </Table.Cell>
                      )}
                      <Table.Cell>
                        <Link to={row.saleKind === "excursion" ? `/vendas/excursoes/gerenciar/${row.saleId}` : `/vendas/emissivo/editar/${row.saleId}`}>#{row.saleNumber}</Link>
                        {row.kind === "adjustment" && (
                          <Text size="1" color="gray">
                            {" "}
                            ({t("commissions.kinds.adjustment")})
                          </Text>
                        )}
                      </Table.Cell>
                      <Table.Cell style={{ whiteSpace: "nowrap" }}>{formatCalendarDate(row.saleDate, i18n.language, "short")}</Table.Cell>
                      <Table.Cell>{row.agentName}</Table.Cell>
                      <Table.Cell style={{ whiteSpace: "nowrap" }}>
                        {bpsPercent(row.bps, i18n.language)} {t(`commissions.rules.${row.rule}`)}
                      </Table.Cell>
                      <Table.Cell align="right" style={{ whiteSpace: "nowrap" }}>
                        {money(row.baseCents, row.currency)}
                      </Table.Cell>
                      <Table.Cell align="right" style={{ whiteSpace: "nowrap" }}>
                        {money(row.amountCents, row.currency)}
                      </Table.Cell>
                      <Table.Cell align="right" style={{ whiteSpace: "nowrap" }}>
                        {money(row.releasedCents, row.currency)}
                      </Table.Cell>
                      <Table.Cell>
                        {row.payableId ? (
                          <Link to={`${PAYABLES_PATH}/editar/${row.payableId}`}>
                            <StatusBadge tone={TONE[row.status]}>{t(`commissions.statuses.${row.status}`)}</StatusBadge>
                          </Link>
                        ) : (
                          <StatusBadge tone={TONE[row.status]}>{t(`commissions.statuses.${row.status}`)}</StatusBadge>
                        )}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            )}
          </Card>
        </Flex>
      </Form>

      <Text size="2" color="gray" data-testid="commission-count">
        {page.totalCapped ? t("list.totalCapped", { formatted: formatNumber(page.total, i18n.language) }) : t("commissions.count", { count: page.total, formatted: formatNumber(page.total, i18n.language) })}
      </Text>
      <KeysetPager query={query} spec={COMMISSION_LIST} page={page} />

      {loaderData.canSetPolicy && (
        <Card size="2">
          <Form method="post">
            <input type="hidden" name="intent" value="policy" />
            <Flex gap="3" wrap="wrap" align="end">
              <Flex direction="column" gap="1">
                <Text as="label" size="2" weight="medium" id="commission-policy-label">
                  {t("commissions.policy.title")}
                </Text>
                <Select.Root name="policy" defaultValue={policy}>
                  <Select.Trigger aria-labelledby="commission-policy-label" data-testid="commission-policy" />
                  <Select.Content position="popper">
                    {RELEASE_POLICIES.map((p) => (
                      <Select.Item key={p} value={p}>
                        {t(`commissions.policy.values.${p}`)}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select.Root>
              </Flex>
              <Button type="submit" variant="soft" disabled={busy}>
                {t("commissions.policy.save")}
              </Button>
            </Flex>
          </Form>
        </Card>
      )}
    </Flex>
  );
}
