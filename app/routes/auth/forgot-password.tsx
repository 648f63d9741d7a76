import { getFormProps, useForm } from "@conform-to/react";
import { Button, Flex, Link as RLink, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { FormField } from "~/components/ui/FormField";
import { Notice } from "~/components/ui/Notice";
import { PageHeader } from "~/components/ui/PageHeader";
import { emailField, invalid, malformed, parseForm, parseWithZod } from "~/lib/kit/forms";
import { callAuthEndpoint } from "~/middleware/session";
import type { Route } from "./+types/forgot-password";

export const forgotSchema = z.object({ email: emailField() });

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
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotSchema }),
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
