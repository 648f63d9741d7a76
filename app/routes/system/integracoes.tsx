import { Badge, Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "~/components/ui/PageHeader";
import { publicIntegration } from "~/lib/payments/integration.server";
import { formatDateTime } from "~/lib/platform/format";
import { publicSettings } from "~/lib/settings/email-settings.server";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireRoles, requireScope } from "~/middleware/session";
import type { Route } from "./+types/integracoes";

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

/** Spec §6: Admins, SuperAdmins and Financeiro see the integrations (changes are on each one's page, for Admins). */
export const middleware: Route.MiddlewareFunction[] = [requireModule("sistema", "integracoes"), requireRoles("SuperAdmin", "Admin", "Financeiro")];

/** The agency's integrations and their state: Asaas, e-mail sending, the webhook history. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const [asaas, email] = await Promise.all([publicIntegration(scope), publicSettings(scope)]);
  return {
    asaas: {
      configured: asaas.configured,
      enabled: asaas.enabled,
      environment: asaas.environment,
      lastTestAt: asaas.lastTestAt,
      lastTestOk: asaas.lastTestOk,
      consecutiveFailures: asaas.consecutiveFailures,
    },
    email: { transport: email.transport, sender: email.senderEmail },
    timeZone: scope.timeZone,
    title: getI18n(context).t("payments.integrations.title"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? ""} · Rota` }];

export default function Integrations({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { asaas, email, timeZone } = loaderData;
  const asaasState = !asaas.configured ? "notConfigured" : asaas.enabled ? "enabled" : "disabled";
  return (
    <Flex direction="column" gap="4" maxWidth="960px">
      <PageHeader title={t("payments.integrations.title")} subtitle={t("payments.integrations.subtitle")} trail={[{ label: t("menu.sistema.title"), href: null }]} />
      <IntegrationCard
        testId="integration-asaas"
        title={t("payments.integrations.asaasName")}
        text={t("payments.integrations.asaasText")}
        badge={
          <Badge color={asaasState === "enabled" ? "green" : asaasState === "disabled" ? "amber" : "gray"} data-testid="asaas-state">
            {t(`payments.integrations.states.${asaasState}`)}
          </Badge>
        }
        to="/sistema/integracoes/asaas"
        action={t("payments.integrations.configure")}
      >
        {asaas.configured && <Text size="2">{t("payments.integrations.environment", { environment: t(`payments.asaas.environments.${asaas.environment}`) })}</Text>}
        <Text size="2" data-testid="asaas-last-test">
          {asaas.lastTestAt
            ? t("payments.integrations.lastTest", {
                when: formatDateTime(asaas.lastTestAt, i18n.language, timeZone),
                result: asaas.lastTestOk ? t("payments.integrations.testOk") : t("payments.integrations.testFailed"),
              })
            : t("payments.integrations.never")}
        </Text>
      </IntegrationCard>
      <IntegrationCard testId="integration-webhooks" title={t("payments.integrations.webhooksName")} text={t("payments.integrations.webhooksText")} to="/sistema/integracoes/webhooks" action={t("payments.integrations.open")} />
      <IntegrationCard
        testId="integration-email"
        title={t("payments.integrations.emailName")}
        text={t("payments.integrations.emailText")}
        badge={<Badge color={email.transport === "smtp" ? "green" : "gray"}>{t(`payments.integrations.states.${email.transport}`)}</Badge>}
        to="/parametrizacao/email"
        action={t("payments.integrations.configure")}
      >
        {email.sender && <Text size="2">{email.sender}</Text>}
      </IntegrationCard>
    </Flex>
  );
}

/** One integration: its name, what it does, its details and state, and the way to its page. */
function IntegrationCard({ testId, title, text, badge, to, action, children }: { testId: string; title: string; text: string; badge?: ReactNode; to: string; action: string; children?: ReactNode }) {
  return (
    <Card size="3" data-testid={testId}>
      <Flex justify="between" align="start" gap="3" wrap="wrap">
        <Flex direction="column" gap="1">
          <Heading as="h2" size="4">
            {title}
          </Heading>
          <Text size="2" color="gray">
            {text}
          </Text>
          {children}
        </Flex>
        <Flex direction="column" gap="2" align="end">
          {badge}
          <Button asChild variant="soft">
            <Link to={to}>{action}</Link>
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
