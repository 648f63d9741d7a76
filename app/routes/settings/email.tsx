import { type SubmissionResult } from "@conform-to/react";
import { Button, Card, Flex, Text } from "@radix-ui/themes";
import { Send } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Form, useNavigation } from "react-router";
import { EmailSettingsForm } from "~/components/system/EmailSettingsForm";
import { OutboxList } from "~/components/system/OutboxList";
import { PageHeader } from "~/components/ui/PageHeader";
import { StaleNotice } from "~/components/kit/RecordNotices";
import { Notice } from "~/components/ui/Notice";
import { malformed, parseForm } from "~/lib/kit/forms";
import { parseListQuery } from "~/lib/kit/list";
import { badRequest, forbidden, notFound } from "~/lib/platform/http";
import type { ToastMessage } from "~/lib/platform/toast";
import { emailSettingsSchema } from "~/lib/settings/email-settings.schema";
import { publicSettings, saveSettings } from "~/lib/settings/email-settings.server";
import { OUTBOX_LIST } from "~/lib/settings/outbox";
import { listOutbox, retryMail, type DeliveryResult } from "~/lib/settings/outbox.server";
import { sendTestMail } from "~/lib/settings/test-mail.server";
import { isLanguage, type Language } from "~/locales";
import { getEnv } from "~/middleware/cloudflare";
import { getI18n, getLocale } from "~/middleware/i18n";
import { requireAgency, requireModule, requireScope } from "~/middleware/session";
import systemStyles from "~/styles/system.css?url";
import type { Route } from "./+types/email";

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

/** Parametrização → E-mail must be enabled (spec §5); every role may read, Admins and SuperAdmins change (below). */
export const middleware: Route.MiddlewareFunction[] = [requireModule("parametrizacao", "email")];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: systemStyles }];

const EDITORS = new Set(["SuperAdmin", "Admin"]);

/** The settings and one keyset page of the outbox (?after/?before, ?status, ?size). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireAgency(context, request);
  const scope = requireScope(context, request);
  const query = parseListQuery(new URL(request.url).searchParams, OUTBOX_LIST);
  const [settings, outbox] = await Promise.all([publicSettings(scope), listOutbox(scope, query)]);
  return {
    settings,
    outbox: outbox.rows,
    query,
    page: outbox.page,
    canEdit: EDITORS.has(viewer.role),
    viewerEmail: viewer.email,
    timeZone: viewer.agency.timeZone,
    title: getI18n(context).t("emailSettings.title"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? ""} · Rota` }];

export async function action({ context, request }: Route.ActionArgs) {
  const viewer = requireAgency(context, request);
  if (!EDITORS.has(viewer.role)) throw forbidden();
  const scope = requireScope(context, request);
  const encryptionKey = getEnv(context).DATA_ENCRYPTION_KEY;
  const delivery = { agencyName: viewer.agency.name, encryptionKey, files: getEnv(context).FILES };
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "save") {
    const submission = parseForm(formData, emailSettingsSchema);
    if (!submission) return malformed();
    // The password is never sent back, not even in an error reply.
    const hideFields = ["smtpPassword"];
    if (submission.status !== "success") return data({ form: "save" as const, result: submission.reply({ hideFields }) }, { status: 400 });
    const saved = await saveSettings(scope, submission.value, encryptionKey);
    if (!saved.ok) {
      const current = await publicSettings(scope);
      return data(
        {
          form: "save" as const,
          stale: true as const,
          current: { transport: current.transport, sender: current.senderEmail ?? "—", version: current.version },
          result: submission.reply({ hideFields }),
          toast: { title: "emailSettings.stale", variant: "destructive" } satisfies ToastMessage,
        },
        { status: 409 },
      );
    }
    return { form: "save" as const, result: submission.reply({ hideFields }), toast: { title: "emailSettings.saved" } satisfies ToastMessage };
  }

  if (intent === "test") {
    const locale = (isLanguage(getLocale(context)) ? getLocale(context) : "pt") as Language;
    const t = getI18n(context).getFixedT(locale);
    const values = { agency: viewer.agency.name, name: viewer.name || viewer.email };
    const result = await sendTestMail(scope, delivery, {
      to: viewer.email,
      locale,
      subject: t("emailSettings.testSubject", values),
      text: t("emailSettings.testBody", values),
    });
    return { form: "test" as const, delivery: result, toast: deliveryToast(result, "test", viewer.email) };
  }

  if (intent === "retry") {
    const mailId = formData.get("id");
    if (typeof mailId !== "string" || mailId.length > 64) return badRequest({ form: "retry" as const, formError: "validation.invalid" });
    const result = await retryMail(scope, delivery, mailId);
    if (!result.ok) {
      if (result.reason === "not_found") throw notFound();
      return badRequest({ form: "retry" as const, formError: "validation.invalid" });
    }
    return { form: "retry" as const, delivery: result.delivery, toast: deliveryToast(result.delivery, "retry", null) };
  }

  return badRequest({ formError: "validation.invalid" });
}

function deliveryToast(result: DeliveryResult, kind: "test" | "retry", email: string | null): ToastMessage {
  if (result.status === "local") return { title: kind === "test" ? "emailSettings.testStoredLocal" : "emailSettings.retryLocal" };
  if (result.status === "sent") return kind === "test" ? { title: "emailSettings.testSent", values: { email: email ?? "" } } : { title: "emailSettings.retried" };
  return { title: kind === "test" ? "emailSettings.testFailed" : "emailSettings.retryFailed", values: { error: result.error }, variant: "destructive", duration: 10_000 };
}

type ActionData = {
  form?: "save" | "test" | "retry";
  result?: SubmissionResult<string[]>;
  stale?: true;
  current?: { transport: string; sender: string; version: number };
  formError?: string;
};

export default function EmailSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : "pt";
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const ad = actionData as ActionData | undefined;
  const { settings, canEdit } = loaderData;
  return (
    <Flex direction="column" gap="4" maxWidth="960px">
      <PageHeader title={t("emailSettings.title")} subtitle={t("emailSettings.subtitle")} trail={[{ label: t("menu.parametrizacao.title"), href: null }]} />
      {!canEdit && (
        <Notice tone="info" role="none" testId="email-read-only">{t("emailSettings.readOnly")}</Notice>
      )}
      {ad?.stale && ad.current && (
        <StaleNotice
          message={t("emailSettings.stale")}
          current={t("emailSettings.staleCurrent", {
            transport: t(`emailSettings.transports.${ad.current.transport as "local" | "smtp"}`),
            sender: ad.current.sender,
            version: ad.current.version,
          })}
          reload={t("emailSettings.reload")}
        />
      )}
      <EmailSettingsForm key={settings.version} settings={settings} canEdit={canEdit} lastResult={ad?.form === "save" && !ad.stale ? ad.result : undefined} busy={busy} />
      {canEdit && (
        <Card size="3">
          <Flex justify="between" align="center" gap="3" wrap="wrap">
            <Text size="2" color="gray">
              {t("emailSettings.testHint", { email: loaderData.viewerEmail })}
            </Text>
            <Form method="post">
              <input type="hidden" name="intent" value="test" />
              <Button type="submit" variant="soft" disabled={busy} data-testid="email-test">
                <Send size={16} aria-hidden /> {t("emailSettings.test")}
              </Button>
            </Form>
          </Flex>
        </Card>
      )}
      <OutboxList rows={loaderData.outbox} query={loaderData.query} page={loaderData.page} canEdit={canEdit} busy={busy} language={language} timeZone={loaderData.timeZone} />
    </Flex>
  );
}
