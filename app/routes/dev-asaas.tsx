import { Badge, Button, Card, Code, Flex, Heading, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { Notice } from "~/components/ui/Notice";
import { formatMoney } from "~/lib/platform/format";
import { badRequest, notFound } from "~/lib/platform/http";
import { applySimAction, listSimPayments, resumeSimWebhook, SIM_ACTIONS } from "~/lib/payments/simulator.server";
import { simulatorDelivery } from "~/lib/payments/transport.server";
import { getEnv } from "~/middleware/cloudflare";
import { publicScope } from "~/middleware/session";
import type { Route } from "./+types/dev-asaas";

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

/**
 * The local Asaas simulator's page (development and tests; 404 in production): the
 * simulated payments, newest first, a keyset page at a time (?after=), with the client's
 * actions — pay by Pix, boleto or card, confirm, mark overdue, refund, chargeback,
 * delete — each changing the payment and delivering Asaas's webhook event.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (getEnv(context).APP_ENV === "production") throw notFound();
  const after = new URL(request.url).searchParams.get("after");
  const { rows, next } = await listSimPayments({ db: publicScope(context, request).db }, after && after.length <= 200 ? after : null);
  return { rows, next };
}

const actionSchema = z.object({ id: z.string().min(1).max(64), intent: z.enum([...SIM_ACTIONS, "resume"]) });

export async function action({ context, request }: Route.ActionArgs) {
  const env = getEnv(context);
  if (env.APP_ENV === "production") throw notFound();
  const parsed = actionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return badRequest({ refused: true as const });
  const { db } = publicScope(context, request);
  if (parsed.data.intent === "resume") {
    if (!(await resumeSimWebhook(db, parsed.data.id))) throw notFound();
    return { resumed: true as const };
  }
  const result = await applySimAction({ db, deliver: simulatorDelivery(env) }, parsed.data.id, parsed.data.intent);
  if (!result.ok) {
    if (result.reason === "not_found") throw notFound();
    return badRequest({ refused: true as const });
  }
  return { action: parsed.data.intent, outcomes: result.outcomes };
}

export const meta: Route.MetaFunction = () => [{ title: "Asaas · Rota" }];

export default function DevAsaas({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const { rows, next } = loaderData;
  const answer = actionData as { refused?: true; resumed?: true; action?: (typeof SIM_ACTIONS)[number]; outcomes?: ("delivered" | "failed" | "interrupted" | "no_webhook")[] } | undefined;
  return (
    <Flex direction="column" gap="3" p="4" maxWidth="960px" mx="auto" asChild>
      <main>
        <Heading as="h1">{t("payments.dev.title")}</Heading>
        <Text color="gray">{t("payments.dev.subtitle")}</Text>
        {answer?.refused && <Notice tone="error">{t("payments.dev.refused")}</Notice>}
        {answer?.resumed && <Notice tone="success">{t("payments.dev.resumed")}</Notice>}
        {answer?.action && (
          <Notice tone={answer.outcomes?.every((o) => o === "delivered") ? "success" : "warning"} testId="sim-outcome">
            {t("payments.dev.done", {
              action: t(`payments.dev.actions.${answer.action}`),
              outcome: (answer.outcomes ?? []).map((o) => t(`payments.dev.outcomes.${o}`)).join(", "),
            })}
          </Notice>
        )}
        {rows.length === 0 && <Text>{t("payments.dev.empty")}</Text>}
        {rows.map((row) => (
          <Card key={row.id} data-testid="sim-payment" data-payment-id={row.id}>
            <Flex direction="column" gap="2">
              <Flex justify="between" gap="2" wrap="wrap">
                <Text weight="bold">
                  {row.payment.description ?? row.id} · {formatMoney(Math.round(row.payment.value * 100), "BRL", i18n.language)}
                </Text>
                <Flex gap="2">
                  <Badge color="gray">{t(`payments.billingTypes.${row.payment.billingType}`)}</Badge>
                  <Badge color={row.payment.deleted ? "red" : row.payment.status === "RECEIVED" || row.payment.status === "CONFIRMED" ? "green" : "amber"} data-testid="sim-status">
                    {row.payment.deleted ? t("payments.statuses.DELETED") : t(`payments.statuses.${row.payment.status}`)}
                  </Badge>
                </Flex>
              </Flex>
              <Text size="2" color="gray">
                <Code variant="ghost">{row.id}</Code> · {t("payments.dev.customer")}: {row.customerName ?? row.payment.customer} · {row.payment.dueDate}
              </Text>
              <Text size="2" color="gray">
                {t("payments.dev.webhook")}: {row.webhook ? row.webhook.url : t("payments.dev.noWebhook")}
                {row.webhook && row.webhook.failures > 0 && !row.webhook.interrupted && <> · {t("payments.dev.failures", { count: row.webhook.failures })}</>}
              </Text>
              {row.webhook?.interrupted && (
                <Flex gap="2" align="center">
                  <Text size="2" color="red">
                    {t("payments.dev.interrupted")}
                  </Text>
                  <Form method="post">
                    <input type="hidden" name="id" value={row.id} />
                    <Button type="submit" name="intent" value="resume" size="1" variant="soft" disabled={busy}>
                      {t("payments.dev.resume")}
                    </Button>
                  </Form>
                </Flex>
              )}
              {row.actions.length > 0 && (
                <Form method="post">
                  <input type="hidden" name="id" value={row.id} />
                  <Flex gap="2" wrap="wrap">
                    {row.actions.map((a) => (
                      <Button key={a} type="submit" name="intent" value={a} size="1" variant={a === "delete" || a === "refund" || a === "chargeback" ? "soft" : "solid"} color={a === "delete" ? "red" : undefined} disabled={busy} data-testid={`sim-${a}`}>
                        {t(`payments.dev.actions.${a}`)}
                      </Button>
                    ))}
                  </Flex>
                </Form>
              )}
            </Flex>
          </Card>
        ))}
        {next && (
          <Link to={`?after=${encodeURIComponent(next)}`} data-testid="sim-more">
            {t("payments.dev.more")}
          </Link>
        )}
      </main>
    </Flex>
  );
}
