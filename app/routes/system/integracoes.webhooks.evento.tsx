import { Button, Card, Code, DataList, Flex, Heading, Text } from "@radix-ui/themes";
import { ArrowLeft, RotateCcw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { Notice } from "~/components/ui/Notice";
import { PageHeader } from "~/components/ui/PageHeader";
import { StatusBadge, type StatusTone } from "~/components/ui/StatusBadge";
import { RECEIVABLE_PATH, WEBHOOK_HISTORY_PATH } from "~/lib/payments/webhook-history";
import { findWebhookEvent, replayWebhookEvents } from "~/lib/payments/webhook-history.server";
import { formatDateTime, formatNumber } from "~/lib/platform/format";
import { forbidden, notFound } from "~/lib/platform/http";
import { getEnv } from "~/middleware/cloudflare";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireRoles, requireScope } from "~/middleware/session";
import type { Route } from "./+types/integracoes.webhooks.evento";

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

export const middleware: Route.MiddlewareFunction[] = [requireModule("sistema", "integracoes", "webhooks"), requireRoles("SuperAdmin", "Admin", "Financeiro")];

const canReplay = (role: string) => role === "Admin" || role === "SuperAdmin";

/** One event of the agency with its payload; another agency's or an unknown id is a 404. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const event = await findWebhookEvent(scope, params.id);
  if (!event) throw notFound();
  return { event, canReplay: canReplay(scope.role), timeZone: scope.timeZone, documentTitle: getI18n(context).t("paymentWebhooks.detail.title", { type: event.eventType }) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

/** "Reprocessar" this event (Admins only): processing again, still exactly once. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const scope = requireScope(context, request);
  if (!canReplay(scope.role)) throw forbidden();
  const event = await findWebhookEvent(scope, params.id);
  if (!event) throw notFound();
  return { result: await replayWebhookEvents(getEnv(context), scope, { ids: [event.id] }) };
}

const TONE: Record<string, StatusTone> = { received: "info", processed: "active", ignored: "neutral", failed: "danger" };

export default function WebhookEvent({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { event, timeZone } = loaderData;
  const busy = useNavigation().state === "submitting";
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language, timeZone) : "—");
  return (
    <Flex direction="column" gap="4" maxWidth="960px">
      <PageHeader
        title={t("paymentWebhooks.detail.title", { type: event.eventType })}
        trail={[
          { label: t("menu.sistema.title"), href: null },
          { label: t("paymentWebhooks.title"), href: WEBHOOK_HISTORY_PATH },
        ]}
        aside={<StatusBadge tone={TONE[event.status] ?? "neutral"}>{t(`paymentWebhooks.statuses.${event.status}`)}</StatusBadge>}
        actions={
          <>
            <Button asChild variant="soft" color="gray">
              <Link to={WEBHOOK_HISTORY_PATH}>
                <ArrowLeft size={16} aria-hidden />
                {t("paymentWebhooks.detail.back")}
              </Link>
            </Button>
            {loaderData.canReplay && (
              <Form method="post">
                <Button type="submit" disabled={busy} data-testid="replay-one">
                  <RotateCcw size={16} aria-hidden />
                  {t("paymentWebhooks.replay.one")}
                </Button>
              </Form>
            )}
          </>
        }
      />
      {actionData && (
        <Notice tone={actionData.result.failed > 0 ? "warning" : "success"}>
          <span data-testid="replay-result">
            {actionData.result.failed > 0 ? t("paymentWebhooks.replay.failedSome", { count: actionData.result.failed }) : t("paymentWebhooks.replay.done", { count: actionData.result.replayed })}
          </span>
        </Notice>
      )}
      <Card size="2">
        <DataList.Root>
          <DataList.Item>
            <DataList.Label>{t("paymentWebhooks.detail.eventId")}</DataList.Label>
            <DataList.Value>
              <Code>{event.eventId}</Code>
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t("paymentWebhooks.columns.charge")}</DataList.Label>
            <DataList.Value>{event.externalRef ?? "—"}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t("paymentWebhooks.columns.receivable")}</DataList.Label>
            <DataList.Value>{event.titleId ? <Link to={`${RECEIVABLE_PATH}/${event.titleId}`}>{event.titleId}</Link> : "—"}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t("paymentWebhooks.columns.attempts")}</DataList.Label>
            <DataList.Value>{formatNumber(event.attempts, i18n.language)}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t("paymentWebhooks.columns.receivedAt")}</DataList.Label>
            <DataList.Value>{when(event.receivedAt)}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t("paymentWebhooks.columns.processedAt")}</DataList.Label>
            <DataList.Value>{when(event.processedAt)}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t("paymentWebhooks.detail.lastAttemptAt")}</DataList.Label>
            <DataList.Value>{when(event.lastAttemptAt)}</DataList.Value>
          </DataList.Item>
          {event.lastError && (
            <DataList.Item>
              <DataList.Label>{t("paymentWebhooks.detail.lastError")}</DataList.Label>
              <DataList.Value>
                <Text color="red">{event.lastError}</Text>
              </DataList.Value>
            </DataList.Item>
          )}
        </DataList.Root>
      </Card>
      <Card size="2">
        <Heading as="h2" size="3" mb="2">
          {t("paymentWebhooks.detail.payload")}
        </Heading>
        <pre data-testid="webhook-payload" style={{ margin: 0, whiteSpace: "pre-wrap", overflowWrap: "anywhere", fontSize: "var(--font-size-1)" }} tabIndex={0}>
          {event.payload}
        </pre>
      </Card>
    </Flex>
  );
}
