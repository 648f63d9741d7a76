import { getFormProps } from "@conform-to/react";
import { useLazyForm } from "~/components/kit/lazy-form";
import { Button, Flex, Link as RLink, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { FormField } from "~/components/ui/FormField";
import { Notice } from "~/components/ui/Notice";
import { PageHeader } from "~/components/ui/PageHeader";
import { invalid, malformed, parseForm } from "~/lib/kit/forms";
import { forgotSchema } from "~/lib/system/account.schema";
import { callAuthEndpoint } from "~/middleware/session";
import type { Route } from "./+types/forgot-password";

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(await request.formData(), forgotSchema);
  if (!submission) return malformed();
  if (submission.status !== "success") return invalid(submission.reply());
  // The answer is the same whether or not the e-mail exists (and when rate limited).
  await callAuthEndpoint(context, request, "request-password-reset", { email: submission.value.email, redirectTo: "/resetar-senha" });
  return { result: submission.reply({ resetForm: true }), sent: true };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const [form, fields] = useLazyForm({
    lastResult: actionData?.result,
    loadSchema: () => import("~/lib/system/account.schema").then((m) => m.forgotSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const sent = actionData && "sent" in actionData && actionData.sent;
  return (
    <Form method="post" {...getFormProps(form)}>
      <Flex direction="column" gap="4">
        <PageHeader size="auth" title={t("auth.forgotTitle")} subtitle={t("auth.forgotSubtitle")} />
        {sent && <Notice tone="success">{t("auth.forgotSent")}</Notice>}
        <FormField field={fields.email} label={t("auth.email")} type="email" placeholder={t("auth.emailPlaceholder")} autoComplete="email" autoFocus />
        <Button type="submit" size="3" disabled={submitting}>
          {submitting ? t("auth.forgotSubmitting") : t("auth.forgotSubmit")}
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
