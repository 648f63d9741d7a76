import { getFormProps } from "@conform-to/react";
import { useLazyForm } from "~/components/kit/lazy-form";
import { Button, Flex, Link as RLink, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { FormField, useErrorText } from "~/components/ui/FormField";
import { Notice } from "~/components/ui/Notice";
import { PageHeader } from "~/components/ui/PageHeader";
import { invalid, malformed, parseForm } from "~/lib/kit/forms";
import { resetSchema } from "~/lib/system/account.schema";
import { callAuthEndpoint } from "~/middleware/session";
import type { Route } from "./+types/reset-password";

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(await request.formData(), resetSchema);
  if (!submission) return malformed();
  if (submission.status !== "success") return invalid(submission.reply({ hideFields: ["password", "confirm"] }));
  const response = await callAuthEndpoint(context, request, "reset-password", {
    token: submission.value.token,
    newPassword: submission.value.password,
  });
  if (!response.ok) {
    return invalid(submission.reply({ formErrors: ["auth.resetInvalid"], hideFields: ["password", "confirm"] }));
  }
  return redirect("/login?reset=1");
}

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const [form, fields] = useLazyForm({
    lastResult: actionData?.result,
    loadSchema: () => import("~/lib/system/account.schema").then((m) => m.resetSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const token = params.get("token") ?? "";
  const formError = errorText(form.errors?.[0] ?? fields.token.errors?.[0]) ?? (token ? undefined : t("auth.resetInvalid"));
  return (
    <Form method="post" {...getFormProps(form)}>
      <Flex direction="column" gap="4">
        <PageHeader size="auth" title={t("auth.resetTitle")} subtitle={t("auth.resetSubtitle")} />
        {formError && (
          <Notice tone="error">
            {formError} <Link to="/esqueci-senha">{t("auth.requestNewLink")}</Link>
          </Notice>
        )}
        <input type="hidden" name="token" value={token} />
        <FormField field={fields.password} label={t("auth.newPassword")} type="password" autoComplete="new-password" autoFocus />
        <FormField field={fields.confirm} label={t("auth.confirmPassword")} type="password" autoComplete="new-password" />
        <Button type="submit" size="3" disabled={submitting || !token}>
          {submitting ? t("auth.resetSubmitting") : t("auth.resetSubmit")}
        </Button>
        <Text size="2" align="center">
          <RLink asChild>
            <Link to="/login">{t("auth.backToLogin")}</Link>
          </RLink>
        </Text>
      </Flex>
    </Form>
  );
}
