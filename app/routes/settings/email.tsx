import { getFormProps, useForm } from "@conform-to/react";
import { Badge, Button, Callout, Card, Checkbox, Flex, Heading, Table, Text } from "@radix-ui/themes";
import { Info, Send } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, useNavigation } from "react-router";
import { FormField, useErrorText } from "~/components/ui/FormField";
import { NativeSelect, PageHeader, Pager, StaleNotice } from "~/components/system/PageHeader";
import { clientIp } from "~/lib/platform/audit.server";
import { emailSettingsSchema, SMTP_SECURITIES, TRANSPORTS } from "~/lib/settings/email-settings";
import { deliverMail, isRetryable, listOutbox, OUTBOX_PAGE_SIZE, publicSettings, saveSettings } from "~/lib/settings/email.server";
import { queueMail } from "~/lib/platform/mail.server";
import { formatDateTime } from "~/lib/platform/format";
import { malformed, parseForm, parseWithZod } from "~/lib/kit/forms";
import type { ToastMessage } from "~/lib/platform/toast";
import { isLanguage, type Language } from "~/locales";
import { getDb, getEnv } from "~/middleware/cloudflare";
import { getI18n, getLocale } from "~/middleware/i18n";
import { requireAgency, requireModule } from "~/middleware/session";
import { pageOf } from "~/lib/kit/paging";
import systemStyles from "~/styles/system.css?url";
import type { Route } from "./+types/email";

/** Parametrização → E-mail must be enabled (spec §5); every role may read, Admins and SuperAdmins change (below). */
export const middleware: Route.MiddlewareFunction[] = [requireModule("parametrizacao", "email")];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: systemStyles }];

const EDITORS = new Set(["SuperAdmin", "Admin"]);

export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireAgency(context, request);
  const db = getDb(context);
  const page = pageOf(new URL(request.url));
  const [settings, outbox] = await Promise.all([publicSettings(db, viewer.agency.id), listOutbox(db, viewer.agency.id, page)]);
  return {
    settings,
    outbox: outbox.mails,
    page,
    pages: Math.max(1, Math.ceil(outbox.total / OUTBOX_PAGE_SIZE)),
    canEdit: EDITORS.has(viewer.role),
    viewerEmail: viewer.email,
    timeZone: viewer.agency.timeZone,
    title: getI18n(context).t("emailSettings.title"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? ""} · Rota` }];

export async function action({ context, request }: Route.ActionArgs) {
  const viewer = requireAgency(context, request);
  if (!EDITORS.has(viewer.role)) throw new Response("Forbidden", { status: 403 });
  const db = getDb(context);
  const env = getEnv(context);
  const agencyId = viewer.agency.id;
  const formData = await request.formData();
  const intent = formData.get("intent");
  const delivery = { agencyId, agencyName: viewer.agency.name, encryptionKey: env.DATA_ENCRYPTION_KEY };

  if (intent === "save") {
    const submission = parseForm(formData, emailSettingsSchema);
    if (!submission) return malformed();
    // The password is never sent back, not even in an error reply.
    const hideFields = ["smtpPassword"];
    if (submission.status !== "success") return data({ form: "save" as const, result: submission.reply({ hideFields }) }, { status: 400 });
    const saved = await saveSettings(db, submission.value, { agencyId, userId: viewer.userId, ip: clientIp(request), encryptionKey: env.DATA_ENCRYPTION_KEY });
    if (!saved) {
      const current = await publicSettings(db, agencyId);
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
    // Outbox first, then delivered here rather than after the response: the admin waits for the outcome.
    const locale = (isLanguage(getLocale(context)) ? getLocale(context) : "pt") as Language;
    const t = getI18n(context).getFixedT(locale);
    const values = { agency: viewer.agency.name, name: viewer.name || viewer.email };
    const id = await queueMail(db, {
      agencyId,
      kind: "test",
      to: viewer.email,
      locale,
      subject: t("emailSettings.testSubject", values),
      text: t("emailSettings.testBody", values),
    });
    const result = await deliverMail(db, delivery, id);
    return { form: "test" as const, delivery: result, toast: deliveryToast(result, "test", viewer.email) };
  }

  if (intent === "retry") {
    const mailId = formData.get("id");
    if (typeof mailId !== "string" || mailId.length > 64) return data({ form: "retry" as const, formError: "validation.invalid" }, { status: 400 });
    const retryable = await isRetryable(db, agencyId, mailId);
    if (retryable === null) throw new Response("Not found", { status: 404 });
    if (!retryable) return data({ form: "retry" as const, formError: "validation.invalid" }, { status: 400 });
    const result = await deliverMail(db, delivery, mailId);
    return { form: "retry" as const, delivery: result, toast: deliveryToast(result, "retry", null) };
  }

  return data({ formError: "validation.invalid" }, { status: 400 });
}

function deliveryToast(result: Awaited<ReturnType<typeof deliverMail>>, kind: "test" | "retry", email: string | null): ToastMessage {
  if (result.status === "local") return { title: kind === "test" ? "emailSettings.testStoredLocal" : "emailSettings.retryLocal" };
  if (result.status === "sent") return kind === "test" ? { title: "emailSettings.testSent", values: { email: email ?? "" } } : { title: "emailSettings.retried" };
  return { title: kind === "test" ? "emailSettings.testFailed" : "emailSettings.retryFailed", values: { error: result.error }, variant: "destructive", duration: 10_000 };
}

type ActionData = {
  form?: "save" | "test" | "retry";
  result?: Parameters<typeof useForm>[0]["lastResult"];
  stale?: true;
  current?: { transport: string; sender: string; version: number };
  formError?: string;
};

const STATUS_COLOR = { queued: "blue", sent: "teal", failed: "red", local: "gray" } as const;

export default function EmailSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : "pt";
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const ad = actionData as ActionData | undefined;
  const { settings, canEdit, outbox, page, pages, timeZone } = loaderData;
  return (
    <Flex direction="column" gap="4" maxWidth="960px">
      <PageHeader title={t("emailSettings.title")} subtitle={t("emailSettings.subtitle")} trail={[{ label: t("menu.parametrizacao.title"), href: null }]} />
      {!canEdit && (
        <Callout.Root color="gray" data-testid="email-read-only">
          <Callout.Icon>
            <Info size={16} />
          </Callout.Icon>
          <Callout.Text>{t("emailSettings.readOnly")}</Callout.Text>
        </Callout.Root>
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
      <SettingsForm key={settings.version} settings={settings} canEdit={canEdit} lastResult={ad?.form === "save" && !ad.stale ? ad.result : undefined} busy={busy} />
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
      <Card size="3">
        <Heading as="h2" size="4" mb="1">
          {t("emailSettings.outbox")}
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          {t("emailSettings.outboxHint")}
        </Text>
        {outbox.length === 0 ? (
          <Text color="gray">{t("emailSettings.outboxEmpty")}</Text>
        ) : (
          <div className="table-scroll">
            <Table.Root size="1" data-testid="outbox">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>{t("emailSettings.colCreated")}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t("emailSettings.colTo")}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t("emailSettings.colSubject")}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t("emailSettings.colStatus")}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t("emailSettings.colAttempts")}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t("emailSettings.colError")}</Table.ColumnHeaderCell>
                  {canEdit && <Table.ColumnHeaderCell />}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {outbox.map((m) => (
                  <Table.Row key={m.id} data-testid="outbox-row">
                    <Table.Cell>
                      <Text size="1">{formatDateTime(m.createdAt, language, timeZone)}</Text>
                    </Table.Cell>
                    <Table.Cell>
                      <Text size="1">{m.to}</Text>
                    </Table.Cell>
                    <Table.Cell>
                      <Text size="1">{m.subject}</Text>
                    </Table.Cell>
                    <Table.Cell>
                      <Badge color={STATUS_COLOR[m.status]} data-testid="outbox-status">
                        {t(`emailSettings.statuses.${m.status}`)}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell>
                      <Text size="1">{m.attempts}</Text>
                    </Table.Cell>
                    <Table.Cell>
                      <Text size="1" color="red" style={{ wordBreak: "break-word" }}>
                        {m.lastError ?? ""}
                      </Text>
                    </Table.Cell>
                    {canEdit && (
                      <Table.Cell>
                        {m.status !== "sent" && (
                          <Form method="post">
                            <input type="hidden" name="intent" value="retry" />
                            <input type="hidden" name="id" value={m.id} />
                            <Button type="submit" size="1" variant="soft" disabled={busy} aria-label={t("emailSettings.retryOf", { subject: m.subject })}>
                              {t("emailSettings.retry")}
                            </Button>
                          </Form>
                        )}
                      </Table.Cell>
                    )}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </div>
        )}
        <Flex mt="3" direction="column">
          <Pager page={page} pages={pages} labels={{ page: t("emailSettings.page", { page, pages }), previous: t("emailSettings.previous"), next: t("emailSettings.next") }} />
        </Flex>
      </Card>
    </Flex>
  );
}

function SettingsForm({
  settings,
  canEdit,
  lastResult,
  busy,
}: {
  settings: Route.ComponentProps["loaderData"]["settings"];
  canEdit: boolean;
  lastResult: ActionData["result"];
  busy: boolean;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [transport, setTransport] = useState(settings.transport);
  const [form, fields] = useForm({
    id: "email-settings",
    lastResult,
    defaultValue: {
      senderName: settings.senderName ?? "",
      senderEmail: settings.senderEmail ?? "",
      replyTo: settings.replyTo ?? "",
      transport: settings.transport,
      smtpHost: settings.smtpHost ?? "",
      smtpPort: settings.smtpPort ? String(settings.smtpPort) : "",
      smtpSecurity: settings.smtpSecurity,
      smtpUser: settings.smtpUser ?? "",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: emailSettingsSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const fieldError = (name: keyof typeof fields) => errorText((fields[name].errors as string[] | undefined)?.[0]);
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="version" value={settings.version} />
      <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Flex direction="column" gap="4">
          <Card size="3">
            <Heading as="h2" size="4" mb="3">
              {t("emailSettings.sender")}
            </Heading>
            <div className="form-grid">
              <FormField field={fields.senderName} label={t("emailSettings.senderName")} />
              <FormField field={fields.senderEmail} label={t("emailSettings.senderEmail")} type="email" />
              <FormField field={fields.replyTo} label={t("emailSettings.replyTo")} type="email" />
            </div>
          </Card>
          <Card size="3">
            <Heading as="h2" size="4" mb="3">
              {t("emailSettings.transport")}
            </Heading>
            <Flex direction="column" gap="3">
              <NativeSelect
                id={fields.transport.id}
                name={fields.transport.name}
                label={t("emailSettings.transport")}
                defaultValue={settings.transport}
                options={TRANSPORTS.map((v) => ({ value: v, label: t(`emailSettings.transports.${v}`) }))}
                error={fieldError("transport")}
                errorId={fields.transport.errorId}
                onChange={(v) => setTransport(v === "smtp" ? "smtp" : "local")}
              />
              <Text size="2" color="gray" data-testid="transport-hint">
                {transport === "smtp" ? t("emailSettings.smtpHint") : t("emailSettings.localHint")}
              </Text>
              <div className="form-grid" hidden={transport !== "smtp"}>
                <FormField field={fields.smtpHost} label={t("emailSettings.smtpHost")} placeholder="smtp.example.com" />
                <FormField field={fields.smtpPort} label={t("emailSettings.smtpPort")} placeholder="587" />
                <NativeSelect
                  id={fields.smtpSecurity.id}
                  name={fields.smtpSecurity.name}
                  label={t("emailSettings.smtpSecurity")}
                  defaultValue={settings.smtpSecurity}
                  options={SMTP_SECURITIES.map((v) => ({ value: v, label: t(`emailSettings.securities.${v}`) }))}
                  error={fieldError("smtpSecurity")}
                  errorId={fields.smtpSecurity.errorId}
                />
                <FormField field={fields.smtpUser} label={t("emailSettings.smtpUser")} autoComplete="off" />
                <FormField
                  field={fields.smtpPassword}
                  label={t("emailSettings.smtpPassword")}
                  type="password"
                  autoComplete="new-password"
                  hint={settings.hasPassword ? t("emailSettings.passwordSaved") : t("emailSettings.passwordNone")}
                />
                {settings.hasPassword && (
                  <Text as="label" size="2">
                    <Flex gap="2" align="center">
                      <Checkbox name="clearPassword" value="on" />
                      {t("emailSettings.clearPassword")}
                    </Flex>
                  </Text>
                )}
              </div>
            </Flex>
          </Card>
          {canEdit && (
            <Flex>
              <Button type="submit" size="3" disabled={busy} data-testid="email-save">
                {busy ? t("emailSettings.saving") : t("emailSettings.save")}
              </Button>
            </Flex>
          )}
        </Flex>
      </fieldset>
    </Form>
  );
}
