import { Button, Card, Checkbox, Flex, Select, Table, Text, VisuallyHidden } from "@radix-ui/themes";
import { RotateCcw } from "lucide-react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { KeysetPager } from "~/components/kit/KeysetPager";
import { Notice } from "~/components/ui/Notice";
import { PageHeader } from "~/components/ui/PageHeader";
import { StatusBadge, type StatusTone } from "~/components/ui/StatusBadge";
import { parseListQuery } from "~/lib/kit/list";
import { ASAAS_PAUSE_AFTER, RECEIVABLE_PATH, WEBHOOK_HISTORY_PATH, WEBHOOK_LIST, type WebhookRow } from "~/lib/payments/webhook-history";
import { listWebhookEvents, replayWebhookEvents, webhookEventTypes, webhookFailureState } from "~/lib/payments/webhook-history.server";
import { formatDateTime, formatNumber } from "~/lib/platform/format";
import { forbidden } from "~/lib/platform/http";
import { getEnv } from "~/middleware/cloudflare";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireRoles, requireScope } from "~/middleware/session";
import type { Route } from "./+types/integracoes.webhooks";

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

/** Spec §6: Admins, SuperAdmins and Financeiro see the history; replaying is for Admins (and a SuperAdmin in the agency). */
export const middleware: Route.MiddlewareFunction[] = [requireModule("sistema", "integracoes", "webhooks"), requireRoles("SuperAdmin", "Admin", "Financeiro")];

const canReplay = (role: string) => role === "Admin" || role === "SuperAdmin";

/** One keyset page (?after/?before, ?size) of the agency's events, filtered (?status, ?type), and the failure banner's state. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const query = parseListQuery(new URL(request.url).searchParams, WEBHOOK_LIST);
  const [{ rows, page }, types, failures] = await Promise.all([listWebhookEvents(scope, query), webhookEventTypes(scope), webhookFailureState(scope)]);
  return { query, rows, page, types, failures, canReplay: canReplay(scope.role), timeZone: scope.timeZone, documentTitle: getI18n(context).t("paymentWebhooks.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

/** "Reprocessar": the chosen events (ids) or every failed one (intent=failed). Admins only. */
export async function action({ context, request }: Route.ActionArgs) {
  const scope = requireScope(context, request);
  if (!canReplay(scope.role)) throw forbidden();
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "failed") return { result: await replayWebhookEvents(getEnv(context), scope, { failed: true }), error: undefined };
  const ids = form.getAll("id").filter((v): v is string => typeof v === "string");
  if (ids.length === 0) return { error: "noneSelected" as const, result: undefined };
  return { result: await replayWebhookEvents(getEnv(context), scope, { ids }), error: undefined };
}

const TONE: Record<WebhookRow["status"], StatusTone> = { received: "info", processed: "active", ignored: "neutral", failed: "danger" };

export default function WebhookHistory({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { query, rows, page, types, failures, timeZone } = loaderData;
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const filters = useRef<HTMLFormElement>(null);
  const onSelect = () => setTimeout(() => filters.current && submit(filters.current, { replace: true }), 0);
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language, timeZone) : "—");
  const filterValue = (v: string | undefined) => v ?? "all";

  return (
    <Flex direction="column" gap="4">
      <PageHeader
        title={t("paymentWebhooks.title")}
        subtitle={t("paymentWebhooks.subtitle")}
        trail={[
          { label: t("menu.sistema.title"), href: null },
          { label: t("menu.sistema.integracoes.title"), href: "/sistema/integracoes" },
        ]}
      />

      {failures?.alarming && (
        <Notice tone="error" title={t("paymentWebhooks.banner.title", { count: failures.failures })}>
          <span data-testid="webhook-failure-banner">{t("paymentWebhooks.banner.text", { pause: ASAAS_PAUSE_AFTER })}</span>
        </Notice>
      )}
      {actionData?.error && <Notice tone="warning">{t("paymentWebhooks.replay.noneSelected")}</Notice>}
      {actionData?.result && (
        <Notice tone={actionData.result.failed > 0 ? "warning" : "success"}>
          <span data-testid="replay-result">
            {t("paymentWebhooks.replay.done", { count: actionData.result.replayed })}
            {actionData.result.failed > 0 && ` ${t("paymentWebhooks.replay.failedSome", { count: actionData.result.failed })}`}
          </span>
        </Notice>
      )}

      <Form method="get" ref={filters} aria-label={t("paymentWebhooks.filters.status")}>
        <Flex gap="3" wrap="wrap" align="end">
          <Flex direction="column" gap="1">
            <Text as="label" size="1" color="gray" id="webhook-status-label">
              {t("paymentWebhooks.filters.status")}
            </Text>
            <Select.Root name="status" defaultValue={filterValue(query.filters.status)} onValueChange={onSelect}>
              <Select.Trigger aria-labelledby="webhook-status-label" data-testid="webhook-status-filter" />
              <Select.Content position="popper">
                <Select.Item value="all">{t("paymentWebhooks.filters.all")}</Select.Item>
                {WEBHOOK_LIST.filters.status.map((s) => (
                  <Select.Item key={s} value={s}>
                    {t(`paymentWebhooks.statuses.${s}`)}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Flex>
          <Flex direction="column" gap="1">
            <Text as="label" size="1" color="gray" id="webhook-type-label">
              {t("paymentWebhooks.filters.type")}
            </Text>
            <Select.Root name="type" defaultValue={filterValue(query.filters.type)} onValueChange={onSelect}>
              <Select.Trigger aria-labelledby="webhook-type-label" data-testid="webhook-type-filter" />
              <Select.Content position="popper">
                <Select.Item value="all">{t("paymentWebhooks.filters.all")}</Select.Item>
                {types.map((type) => (
                  <Select.Item key={type} value={type}>
                    {type}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Flex>
          <noscript>
            <Button type="submit" variant="soft">
              {t("paymentWebhooks.filters.status")}
            </Button>
          </noscript>
        </Flex>
      </Form>

      <Form method="post" id="replay-form">
        <Flex direction="column" gap="3">
          {loaderData.canReplay && (
            <Flex gap="2" wrap="wrap">
              <Button type="submit" name="intent" value="selected" variant="soft" disabled={busy} data-testid="replay-selected">
                <RotateCcw size={16} aria-hidden />
                {t("paymentWebhooks.replay.selected")}
              </Button>
              <Button type="submit" name="intent" value="failed" variant="soft" color="red" disabled={busy} data-testid="replay-failed">
                <RotateCcw size={16} aria-hidden />
                {t("paymentWebhooks.replay.failed")}
              </Button>
            </Flex>
          )}
          <Card size="1">
            {rows.length === 0 ? (
              <Flex direction="column" align="center" py="6" gap="1">
                <Text weight="medium">{t("paymentWebhooks.emptyTitle")}</Text>
                <Text color="gray" size="2">
                  {t("paymentWebhooks.emptyText")}
                </Text>
              </Flex>
            ) : (
              <Table.Root data-testid="webhook-table">
                <Table.Header>
                  <Table.Row>
                    {loaderData.canReplay && (
                      <Table.ColumnHeaderCell>
                        <VisuallyHidden>{t("paymentWebhooks.selectAll")}</VisuallyHidden>
                      </Table.ColumnHeaderCell>
                    )}
                    <Table.ColumnHeaderCell>{t("paymentWebhooks.columns.type")}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>{t("paymentWebhooks.columns.charge")}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>{t("paymentWebhooks.columns.receivable")}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>{t("paymentWebhooks.columns.status")}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>{t("paymentWebhooks.columns.attempts")}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>{t("paymentWebhooks.columns.receivedAt")}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>{t("paymentWebhooks.columns.processedAt")}</Table.ColumnHeaderCell>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {rows.map((row) => (
                    <Table.Row key={row.id} data-testid="webhook-row">
                      {loaderData.canReplay && (
                        <Table.Cell>
                          <Checkbox name="id" value={row.id} aria-label={t("paymentWebhooks.select", { type: row.eventType, date: when(row.receivedAt) })} />
                        </Table.Cell>
                      )}
                      <Table.Cell>
                        <Link to={`${WEBHOOK_HISTORY_PATH}/${row.id}`} aria-label={`${t("paymentWebhooks.open")}: ${row.eventType}`}>
                          {row.eventType}
                        </Link>
                      </Table.Cell>
                      <Table.Cell>
                        {row.titleId && row.externalRef ? <Link to={`${RECEIVABLE_PATH}/${row.titleId}`}>{row.externalRef}</Link> : (row.externalRef ?? "—")}
                      </Table.Cell>
                      <Table.Cell>{row.titleId ? <Link to={`${RECEIVABLE_PATH}/${row.titleId}`}>{row.titleDescription ?? t("paymentWebhooks.columns.receivable")}</Link> : "—"}</Table.Cell>
                      <Table.Cell>
                        <StatusBadge tone={TONE[row.status]}>{t(`paymentWebhooks.statuses.${row.status}`)}</StatusBadge>
                      </Table.Cell>
                      <Table.Cell>{formatNumber(row.attempts, i18n.language)}</Table.Cell>
                      <Table.Cell style={{ whiteSpace: "nowrap" }}>{when(row.receivedAt)}</Table.Cell>
                      <Table.Cell style={{ whiteSpace: "nowrap" }}>{when(row.processedAt)}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            )}
          </Card>
        </Flex>
      </Form>

      <Text size="2" color="gray" data-testid="webhook-total">
        {page.totalCapped ? t("list.totalCapped", { formatted: formatNumber(page.total, i18n.language) }) : t("paymentWebhooks.count", { count: page.total, formatted: formatNumber(page.total, i18n.language) })}
      </Text>
      <KeysetPager query={query} spec={WEBHOOK_LIST} page={page} />
    </Flex>
  );
}
