import { getFormProps } from "@conform-to/react";
import { useLazyForm } from "~/components/kit/lazy-form";
import { Button, DataList, Flex, Link as RLink, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { data, Form, href, Link, redirect, useNavigation } from "react-router";
import { FormField, useErrorText } from "~/components/ui/FormField";
import { Notice } from "~/components/ui/Notice";
import { PageHeader } from "~/components/ui/PageHeader";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { malformed, parseForm } from "~/lib/kit/forms";
import { acceptSchema } from "~/lib/system/account.schema";
import { acceptInvitation, invitationByToken, type InvitationState } from "~/lib/system/invitations.server";
import { notifyAdminsOfNewMember } from "~/lib/system/users.server";
import { getEnv } from "~/middleware/cloudflare";
import { getLocale } from "~/middleware/i18n";
import { callAuthEndpoint, publicScope, sessionCookies } from "~/middleware/session";
import type { Route } from "./+types/invite";

const STATE_KEY: Record<Exclude<InvitationState, "valid"> | "email_taken", string> = {
  invalid: "users.accept.invalid",
  expired: "users.accept.expired",
  revoked: "users.accept.revoked",
  used: "users.accept.used",
  email_taken: "users.accept.emailTaken",
};

/** Unknown token → 404; expired, revoked or used → 410. Only a valid one shows the agency and e-mail. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const found = await invitationByToken(publicScope(context, request).db, params.token);
  if (found.state !== "valid" || !found.invitation) {
    return data({ state: found.state, invitation: null }, { status: found.state === "invalid" ? 404 : 410 });
  }
  const inv = found.invitation;
  return { state: found.state, invitation: { agencyName: inv.agencyName, email: inv.email, name: inv.name, role: inv.role } };
}

export const meta: Route.MetaFunction = () => [{ title: "Rota" }, { name: "robots", content: "noindex" }, { name: "referrer", content: "no-referrer" }];

export async function action({ context, params, request }: Route.ActionArgs) {
  const submission = parseForm(await request.formData(), acceptSchema);
  if (!submission) return malformed();
  const hide = ["password", "confirm"];
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: hide }) }, { status: 400 });
  // An invitation is found by its token, across agencies (invitations.server.ts says how).
  const { db, ip } = publicScope(context, request);
  const { name, password } = submission.value;
  const accepted = await acceptInvitation({ db, token: params.token, name, password, locale: getLocale(context), ip });
  if (!accepted.ok) {
    return data({ result: submission.reply({ formErrors: [STATE_KEY[accepted.reason]], hideFields: hide }) }, { status: accepted.reason === "invalid" ? 404 : 410 });
  }
  await notifyAdminsOfNewMember(getEnv(context), db, {
    agencyId: accepted.agencyId,
    agencyName: accepted.agencyName,
    userId: accepted.userId,
    name: accepted.name,
    email: accepted.email,
    role: accepted.role,
  });

  // Signed in through better-auth's own handler (its rate limit and origin checks apply), as the login does.
  const response = await callAuthEndpoint(context, request, "sign-in/email", { email: accepted.email, password, rememberMe: true });
  if (!response.ok) return redirect(href("/login"));
  return redirect(href("/dashboard"), { headers: sessionCookies(response) });
}

export default function AcceptInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  const [form, fields] = useLazyForm({
    lastResult: actionData?.result,
    defaultValue: { name: loaderData.invitation?.name ?? "" },
    loadSchema: () => import("~/lib/system/account.schema").then((m) => m.acceptSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const invitation = loaderData.invitation;
  const formError = errorText(form.errors?.[0]);

  if (!invitation) {
    return (
      <Flex direction="column" gap="4">
        <PageHeader size="auth" title={t("users.accept.title")} />
        <Notice tone="error" testId="invite-state">
          {errorText(STATE_KEY[loaderData.state as keyof typeof STATE_KEY] ?? STATE_KEY.invalid)}
        </Notice>
        <Button asChild size="3" variant="soft">
          <Link to="/login">{t("users.accept.goToLogin")}</Link>
        </Button>
      </Flex>
    );
  }

  const closed = !!formError;
  return (
    <Form method="post" {...getFormProps(form)}>
      <Flex direction="column" gap="4">
        <PageHeader size="auth" title={t("users.accept.title")} subtitle={t("users.accept.subtitle", { agency: invitation.agencyName })} />
        <DataList.Root size="2">
          <DataList.Item>
            <DataList.Label>{t("users.accept.agency")}</DataList.Label>
            <DataList.Value>
              <Text weight="medium" data-testid="invite-agency">
                {invitation.agencyName}
              </Text>
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t("users.email")}</DataList.Label>
            <DataList.Value data-testid="invite-email">{invitation.email}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t("users.role")}</DataList.Label>
            <DataList.Value>
              <StatusBadge>{t(`roles.${invitation.role}`)}</StatusBadge>
            </DataList.Value>
          </DataList.Item>
        </DataList.Root>
        {formError && (
          <Notice tone="error" id={form.errorId}>
            {formError}{" "}
            <RLink asChild>
              <Link to="/login">{t("users.accept.goToLogin")}</Link>
            </RLink>
          </Notice>
        )}
        <FormField field={fields.name} label={t("users.accept.name")} autoComplete="name" autoFocus />
        <FormField field={fields.password} label={t("users.accept.password")} type="password" autoComplete="new-password" />
        <FormField field={fields.confirm} label={t("users.accept.confirm")} type="password" autoComplete="new-password" />
        <Button type="submit" size="3" disabled={submitting || closed} data-testid="invite-accept">
          {submitting ? t("users.accept.submitting") : t("users.accept.submit")}
        </Button>
      </Flex>
    </Form>
  );
}
