import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Badge, Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { data, Form, useNavigation } from "react-router";
import { useLazyForm } from "~/components/kit/lazy-form";
import { CopyField } from "~/components/ui/CopyField";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { CheckboxField, FormField, NativeSelect, useErrorText } from "~/components/ui/FormField";
import { Notice } from "~/components/ui/Notice";
import { PageHeader } from "~/components/ui/PageHeader";
import { malformed, parseForm } from "~/lib/kit/forms";
import { integrationSchema } from "~/lib/payments/integration.schema";
import { publicIntegration, regenerateToken, saveIntegration, settlementOptions, testConnection, webhookToken, webhookUrl, type Registration } from "~/lib/payments/integration.server";
import { paymentDeps, usesNetwork } from "~/lib/payments/transport.server";
import { ENVIRONMENTS } from "~/lib/payments/constants";
import { badRequest, conflict, forbidden, notFound } from "~/lib/platform/http";
import { formatDateTime } from "~/lib/platform/format";
import type { ToastMessage } from "~/lib/platform/toast";
import { getCloudflare, getEnv } from "~/middleware/cloudflare";
import { getI18n } from "~/middleware/i18n";
import { documentUrl, requireAgency, requireModule, requireRoles, requireScope } from "~/middleware/session";
import type { Route } from "./+types/integracoes.asaas";

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

/** Spec §6: Admins, SuperAdmins and Financeiro see it; changes (the action) are for Admins and SuperAdmins. */
export const middleware: Route.MiddlewareFunction[] = [requireModule("sistema", "integracoes", "asaas"), requireRoles("SuperAdmin", "Admin", "Financeiro")];

const EDITORS = new Set(["SuperAdmin", "Admin"]);

export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireAgency(context, request);
  const scope = requireScope(context, request);
  const env = getEnv(context);
  const canEdit = EDITORS.has(viewer.role);
  const [integration, options, token] = await Promise.all([
    publicIntegration(scope),
    settlementOptions(scope),
    canEdit ? webhookToken(scope, env.DATA_ENCRYPTION_KEY) : Promise.resolve(null),
  ]);
  return {
    integration,
    options,
    canEdit,
    // The token is for the agency's Admins only.
    token: canEdit ? token : null,
    webhookUrl: webhookUrl(documentUrl(request).origin, scope.agencyId),
    simulator: !usesNetwork(env),
    timeZone: scope.timeZone,
    title: getI18n(context).t("payments.asaas.title"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? ""} · Rota` }];

function registrationToast(registration: Registration | null, saved: string): ToastMessage {
  if (registration && !registration.ok) return { title: "payments.asaas.savedNotRegistered", values: { error: registration.error }, variant: "destructive", duration: 10_000 };
  return { title: saved };
}

export async function action({ context, request }: Route.ActionArgs) {
  const viewer = requireAgency(context, request);
  if (!EDITORS.has(viewer.role)) throw forbidden({ formError: "payments.asaas.forbidden" });
  const scope = requireScope(context, request);
  const { ctx } = getCloudflare(context);
  const deps = paymentDeps(getEnv(context), scope.db, ctx);
  const site = { origin: documentUrl(request).origin, email: viewer.email };
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return badRequest({ formError: "validation.invalid" });
  }
  const intent = formData.get("intent");

  if (intent === "save") {
    const submission = parseForm(formData, integrationSchema);
    if (!submission) return malformed();
    // The key is never sent back, not even in an error reply.
    const hideFields = ["apiKey"];
    if (submission.status !== "success") return data({ form: "save" as const, result: submission.reply({ hideFields }) }, { status: 400 });
    const saved = await saveIntegration(scope, submission.value, deps, site);
    if (!saved.ok) {
      if (saved.reason === "invalid") return data({ form: "save" as const, result: submission.reply({ hideFields, fieldErrors: saved.fieldErrors }) }, { status: 400 });
      return conflict({ form: "save" as const, stale: true as const, result: submission.reply({ hideFields }), toast: { title: "payments.asaas.stale", variant: "destructive" } satisfies ToastMessage });
    }
    return { form: "save" as const, result: submission.reply({ hideFields, resetForm: true }), toast: registrationToast(saved.registration, "payments.asaas.saved") };
  }

  if (intent === "regenerate") {
    const result = await regenerateToken(scope, deps, site);
    if (!result.ok) throw notFound();
    return { form: "regenerate" as const, toast: registrationToast(result.registration, "payments.asaas.regenerated") };
  }

  if (intent === "test") {
    const result = await testConnection(scope, deps);
    if (!result) return badRequest({ form: "test" as const, toast: { title: "payments.asaas.testNoKey", variant: "destructive" } satisfies ToastMessage });
    return {
      form: "test" as const,
      test: result,
      toast: (result.ok
        ? { title: "payments.asaas.testOk", values: { name: result.message } }
        : { title: "payments.asaas.testFailed", values: { error: result.message }, variant: "destructive", duration: 10_000 }) satisfies ToastMessage,
    };
  }

  return badRequest({ formError: "validation.invalid" });
}

type ActionData = { form?: "save" | "test" | "regenerate"; result?: SubmissionResult<string[]>; stale?: true; formError?: string };

export default function AsaasIntegration({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const ad = actionData as ActionData | undefined;
  const { integration, options, canEdit, token, timeZone } = loaderData;
  const [form, fields] = useLazyForm({
    id: "asaas-integration",
    lastResult: ad?.form === "save" && !ad.stale ? ad.result : undefined,
    defaultValue: {
      environment: integration.environment,
      apiKey: "",
      enabled: integration.enabled ? "on" : "",
      intermediaryId: integration.intermediaryId ?? "",
      bankAccountId: integration.bankAccountId ?? "",
    },
    loadSchema: () => import("~/lib/payments/integration.schema").then((m) => m.integrationSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const fieldError = (name: keyof typeof fields) => errorText((fields[name].errors as string[] | undefined)?.[0]);
  return (
    <Flex direction="column" gap="4" maxWidth="960px">
      <PageHeader
        title={t("payments.asaas.title")}
        subtitle={t("payments.asaas.subtitle")}
        trail={[
          { label: t("menu.sistema.title"), href: null },
          { label: t("payments.integrations.title"), href: "/sistema/integracoes" },
        ]}
      />
      {!canEdit && (
        <Notice tone="info" role="none" testId="asaas-read-only">
          {t("payments.asaas.readOnly")}
        </Notice>
      )}
      {ad?.formError && <Notice tone="error">{errorText(ad.formError)}</Notice>}
      {ad?.stale && <Notice tone="error">{t("payments.asaas.stale")}</Notice>}
      {loaderData.simulator && (
        <Notice tone="info" role="none" testId="asaas-simulator-note">
          {t("payments.asaas.simulatorNote")}
        </Notice>
      )}
      <Form method="post" {...getFormProps(form)} key={integration.version}>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="version" value={integration.version} />
        <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Card size="3">
            <Flex direction="column" gap="3">
              <div className="form-grid">
                <NativeSelect
                  id={fields.environment.id}
                  name={fields.environment.name}
                  label={t("payments.asaas.environment")}
                  defaultValue={integration.environment}
                  options={ENVIRONMENTS.map((v) => ({ value: v, label: t(`payments.asaas.environments.${v}`) }))}
                  error={fieldError("environment")}
                  errorId={fields.environment.errorId}
                />
                <FormField
                  field={fields.apiKey}
                  label={t("payments.asaas.apiKey")}
                  type="password"
                  autoComplete="off"
                  hint={integration.apiKeyHint ? t("payments.asaas.apiKeyHint", { hint: integration.apiKeyHint }) : t("payments.asaas.apiKeyNone")}
                />
                <NativeSelect
                  id={fields.intermediaryId.id}
                  name={fields.intermediaryId.name}
                  label={t("payments.asaas.intermediary")}
                  defaultValue={integration.intermediaryId ?? ""}
                  options={[{ value: "", label: t("payments.asaas.none") }, ...options.intermediaries.map((o) => ({ value: o.id, label: o.name }))]}
                  error={fieldError("intermediaryId")}
                  errorId={fields.intermediaryId.errorId}
                />
                <NativeSelect
                  id={fields.bankAccountId.id}
                  name={fields.bankAccountId.name}
                  label={t("payments.asaas.bankAccount")}
                  defaultValue={integration.bankAccountId ?? ""}
                  options={[{ value: "", label: t("payments.asaas.none") }, ...options.accounts.map((o) => ({ value: o.id, label: o.name }))]}
                  error={fieldError("bankAccountId")}
                  errorId={fields.bankAccountId.errorId}
                />
              </div>
              <Text size="1" color="gray">
                {t("payments.asaas.apiKeyHelp")}
              </Text>
              <CheckboxField field={fields.enabled} label={t("payments.asaas.enabled")} />
              {canEdit && (
                <Flex>
                  <Button type="submit" size="3" disabled={busy} data-testid="asaas-save">
                    {busy ? t("payments.asaas.saving") : t("payments.asaas.save")}
                  </Button>
                </Flex>
              )}
            </Flex>
          </Card>
        </fieldset>
      </Form>
      <Card size="3">
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4">
            {t("payments.asaas.webhookTitle")}
          </Heading>
          <Text size="2" color="gray">
            {t("payments.asaas.webhookHelp")}
          </Text>
          <CopyField label={t("payments.asaas.webhookUrl")} value={loaderData.webhookUrl} testId="asaas-webhook-url" copyLabel={t("payments.asaas.copy")} copiedLabel={t("payments.asaas.copied")} />
          {token && <CopyField label={t("payments.asaas.webhookToken")} value={token} testId="asaas-webhook-token" copyLabel={t("payments.asaas.copy")} copiedLabel={t("payments.asaas.copied")} />}
          {canEdit && token && (
            <ConfirmDialog
              trigger={
                <Button type="button" variant="soft" color="amber" disabled={busy} data-testid="asaas-regenerate">
                  {t("payments.asaas.regenerate")}
                </Button>
              }
              title={t("payments.asaas.regenerate")}
              description={t("payments.asaas.regenerateConfirm")}
              cancelLabel={t("common.cancel")}
              form={(actions) => (
                <Form method="post">
                  <input type="hidden" name="intent" value="regenerate" />
                  {actions}
                </Form>
              )}
              closeOnConfirm
              confirm={
                <Button type="submit" color="amber" data-testid="asaas-regenerate-confirm">
                  {t("payments.asaas.regenerate")}
                </Button>
              }
            />
          )}
        </Flex>
      </Card>
      <Card size="3">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Flex direction="column" gap="1">
            <Text size="2" weight="medium">
              {t("payments.asaas.lastTest")}
            </Text>
            <Text size="2" data-testid="asaas-test-result">
              {integration.lastTestAt ? (
                <>
                  <Badge color={integration.lastTestOk ? "green" : "red"}>{integration.lastTestOk ? "OK" : "✕"}</Badge> {formatDateTime(integration.lastTestAt, i18n.language, timeZone)} — {integration.lastTestMessage}
                </>
              ) : (
                t("payments.asaas.neverTested")
              )}
            </Text>
          </Flex>
          {canEdit && (
            <Form method="post">
              <input type="hidden" name="intent" value="test" />
              <Button type="submit" variant="soft" disabled={busy || !integration.hasKey} data-testid="asaas-test">
                {t("payments.asaas.test")}
              </Button>
            </Form>
          )}
        </Flex>
      </Card>
    </Flex>
  );
}
