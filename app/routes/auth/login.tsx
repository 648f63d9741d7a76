import { getFormProps } from "@conform-to/react";
import { useLazyForm } from "~/components/kit/lazy-form";
import { Button, Flex, Link as RLink } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { FormField, useErrorText } from "~/components/ui/FormField";
import { Notice } from "~/components/ui/Notice";
import { PageHeader } from "~/components/ui/PageHeader";
import { invalid, malformed, parseForm } from "~/lib/kit/forms";
import { loginSchema } from "~/lib/system/account.schema";
import { safeRedirect } from "~/lib/platform/redirect-target";
import { signInBlocked } from "~/lib/platform/viewer.server";
import { callAuthEndpoint, publicScope, sessionCookies } from "~/middleware/session";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [{ title: "Rota" }];

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseForm(formData, loginSchema);
  if (!submission) return malformed();
  if (submission.status !== "success") return invalid(submission.reply({ hideFields: ["password"] }));
  const { email, password, redirectTo } = submission.value;

  // A deactivated user, or staff of a deactivated agency (licence management), cannot sign in;
  // the answer is the same as a wrong password.
  if (await signInBlocked(publicScope(context, request), email)) {
    return invalid(submission.reply({ formErrors: ["auth.invalidCredentials"], hideFields: ["password"] }), 401);
  }

  // Through better-auth's own handler, so its rate limit and origin checks apply.
  const response = await callAuthEndpoint(context, request, "sign-in/email", { email, password, rememberMe: true });
  if (response.ok) return redirect(safeRedirect(redirectTo), { headers: sessionCookies(response) });
  if (response.status === 429) {
    return invalid(submission.reply({ formErrors: ["auth.tooManyAttempts"], hideFields: ["password"] }), 429);
  }
  return invalid(submission.reply({ formErrors: ["auth.invalidCredentials"], hideFields: ["password"] }), 401);
}

export default function Login({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const submitting = navigation.state !== "idle" && navigation.formAction?.startsWith("/login") === true;
  const [form, fields] = useLazyForm({
    lastResult: actionData?.result,
    loadSchema: () => import("~/lib/system/account.schema").then((m) => m.loginSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const formError = errorText(form.errors?.[0]);
  const justReset = params.get("reset") === "1" && !formError;
  return (
    <Form method="post" {...getFormProps(form)} replace>
      <Flex direction="column" gap="4">
        <PageHeader size="auth" title={t("auth.welcome")} subtitle={t("auth.subtitle")} />
        {formError && (
          <Notice tone="error" id={form.errorId}>
            {formError}
          </Notice>
        )}
        {justReset && <Notice tone="success">{t("auth.resetDone")}</Notice>}
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
        <FormField
          field={fields.email}
          label={t("auth.email")}
          type="email"
          placeholder={t("auth.emailPlaceholder")}
          autoComplete="username"
          autoFocus
        />
        <FormField
          field={fields.password}
          label={t("auth.password")}
          type="password"
          placeholder={t("auth.passwordPlaceholder")}
          autoComplete="current-password"
        />
        <Flex justify="end">
          <RLink asChild size="2">
            <Link to="/esqueci-senha">{t("auth.forgotPassword")}</Link>
          </RLink>
        </Flex>
        <Button type="submit" size="3" disabled={submitting} data-testid="login-submit">
          {submitting ? t("auth.submitting") : t("auth.submit")}
        </Button>
      </Flex>
    </Form>
  );
}
