import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useLazyForm } from "~/components/kit/lazy-form";
import { Button, Card, Checkbox, Flex, Heading, Text } from "@radix-ui/themes";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { NativeSelect } from "~/components/ui/FormField";
import { FormField, useErrorText } from "~/components/ui/FormField";
import { SMTP_SECURITIES, TRANSPORTS } from "~/lib/settings/email-settings";
import type { PublicEmailSettings } from "~/lib/settings/email-settings.server";

/** Parametrização → E-mail: the sender and transport form (read-only for roles that may not change it). */
export function EmailSettingsForm({
  settings,
  canEdit,
  lastResult,
  busy,
}: {
  settings: PublicEmailSettings;
  canEdit: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [transport, setTransport] = useState(settings.transport);
  const [form, fields] = useLazyForm({
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
    loadSchema: () => import("~/lib/settings/email-settings.schema").then((m) => m.emailSettingsSchema),
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
