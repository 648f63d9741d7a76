import { getFormProps, useForm } from "@conform-to/react";
import { Button, Callout, Flex, Heading, Link as RLink, Text } from "@radix-ui/themes";
import { CircleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import { FormField, useErrorText } from "~/components/ui/FormField";
import { invalid, msg, parseWithZod, passwordField } from "~/lib/kit/forms";
import { callAuthEndpoint } from "~/middleware/session";
import type { Route } from "./+types/reset-password";

export const resetSchema = z
  .object({
    token: z.string({ error: "auth.resetInvalid" }).min(1, "auth.resetInvalid").max(200, "auth.resetInvalid"),
    password: passwordField(),
    confirm: z.string({ error: msg.required }),
  })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: "validation.passwordsDiffer" });

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: resetSchema });
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
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const token = params.get("token") ?? "";
  const formError = errorText(form.errors?.[0] ?? fields.token.errors?.[0]) ?? (token ? undefined : t("auth.resetInvalid"));
  return (
    <Form method="post" {...getFormProps(form)}>
      <Flex direction="column" gap="4">
        <div>
          <Heading as="h1" size="6" mb="1">
            {t("auth.resetTitle")}
          </Heading>
          <Text as="p" size="2" color="gray">
            {t("auth.resetSubtitle")}
          </Text>
        </div>
        {formError && (
          <Callout.Root color="red" role="alert">
            <Callout.Icon>
              <CircleAlert size={16} />
            </Callout.Icon>
            <Callout.Text>
              {formError}{" "}
              <Link to="/esqueci-senha">{t("auth.requestNewLink")}</Link>
            </Callout.Text>
          </Callout.Root>
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
