import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useLazyForm } from "~/components/kit/lazy-form";
import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import { FormField, useErrorText } from "~/components/ui/FormField";
import { Notice } from "~/components/ui/Notice";
import { PageHeader } from "~/components/ui/PageHeader";
import { NativeSelect } from "~/components/ui/FormField";
import { createAgencyWithLicence, isUniqueViolation, slugTaken } from "~/lib/system/agencies.server";
import { currencies, err, PLANS, slugify, timeZones } from "~/lib/system/agency-form";
import { newAgencySchema } from "~/lib/system/agency-form.schema";
import { clientIp } from "~/lib/platform/audit.server";
import { DEFAULT_CURRENCY, DEFAULT_TIME_ZONE } from "~/lib/platform/format";
import { malformed, parseForm } from "~/lib/kit/forms";
import { createInvitation, emailInUse, InvitationError } from "~/lib/system/invitations.server";
import type { ToastMessage } from "~/lib/platform/toast";
import { LANGUAGES } from "~/locales";
import { getMailer } from "~/middleware/cloudflare";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireRoles, requireUserScope, requireViewer } from "~/middleware/session";
import systemStyles from "~/styles/system.css?url";
import type { Route } from "./+types/license-new";

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

export const middleware: Route.MiddlewareFunction[] = [requireModule("sistema", "license_management"), requireRoles("SuperAdmin")];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: systemStyles }];

export function loader({ context }: Route.LoaderArgs) {
  return { timeZones: timeZones(), currencies: currencies(), title: getI18n(context).t("licences.newTitle") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? ""} · Rota` }];

export async function action({ context, request }: Route.ActionArgs) {
  const viewer = requireViewer(context, request);
  const { db } = requireUserScope(context, request);
  const formData = await request.formData();
  const submission = parseForm(formData, newAgencySchema);
  if (!submission) return malformed();
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const input = submission.value;
  const fieldErrors: Record<string, string[]> = {};
  if (await slugTaken(db, input.slug)) fieldErrors.slug = [err.slugTaken];
  if (await emailInUse(db, input.adminEmail)) fieldErrors.adminEmail = ["users.errors.emailTaken"];
  if (Object.keys(fieldErrors).length > 0) return data({ result: submission.reply({ fieldErrors }) }, { status: 400 });

  const ip = clientIp(request);
  let created: { id: string };
  try {
    created = await createAgencyWithLicence(
      db,
      { name: input.name, legalName: input.legalName, cnpj: input.cnpj, slug: input.slug, timeZone: input.timeZone, currency: input.currency, plan: input.plan },
      { userId: viewer.userId, ip },
    );
  } catch (error) {
    if (isUniqueViolation(error)) return data({ result: submission.reply({ fieldErrors: { slug: [err.slugTaken] } }) }, { status: 400 });
    throw error;
  }
  try {
    await createInvitation({
      mailer: getMailer(context),
      agencyId: created.id,
      email: input.adminEmail,
      name: input.adminName,
      role: "Admin",
      locale: input.adminLocale,
      invitedBy: viewer.userId,
      origin: new URL(request.url).origin,
      agencyName: input.name,
      ip,
    });
  } catch (error) {
    // The e-mail was taken between the check and now: the agency exists; invite from its user management.
    if (error instanceof InvitationError) {
      return data(
        {
          result: submission.reply({ resetForm: true }),
          created: { id: created.id, name: input.name, email: null as string | null },
          toast: { title: error.key, variant: "destructive" } satisfies ToastMessage,
        },
        { status: 200 },
      );
    }
    throw error;
  }
  return {
    result: submission.reply({ resetForm: true }),
    created: { id: created.id, name: input.name, email: input.adminEmail as string | null },
    toast: { title: "licences.created", values: { email: input.adminEmail } } satisfies ToastMessage,
  };
}

export default function NewAgency({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const ad = actionData as { result?: SubmissionResult<string[]>; created?: { id: string; name: string; email: string | null } } | undefined;
  const [slugTouched, setSlugTouched] = useState(false);
  const [form, fields] = useLazyForm({
    id: "new-agency",
    lastResult: ad?.result,
    defaultValue: {
      timeZone: DEFAULT_TIME_ZONE,
      currency: DEFAULT_CURRENCY,
      plan: "standard",
      adminLocale: LANGUAGES.includes(i18n.language as never) ? i18n.language : "pt",
    },
    loadSchema: () => import("~/lib/system/agency-form.schema").then((m) => m.newAgencySchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const fieldError = (name: keyof typeof fields) => errorText((fields[name].errors as string[] | undefined)?.[0]);

  return (
    <Flex direction="column" gap="4" maxWidth="860px">
      <PageHeader
        title={t("licences.newTitle")}
        subtitle={t("licences.newSubtitle")}
        trail={[
          { label: t("menu.sistema.title"), href: null },
          { label: t("licences.title"), href: "/sistema/license-management" },
        ]}
      />
      {ad?.created && (
        <Notice tone="success" testId="agency-created" title={t("licences.createdTitle")}>
          {ad.created.email && <Text>{t("licences.createdBody", { agency: ad.created.name, email: ad.created.email })}</Text>}
          <Flex gap="3" wrap="wrap">
            <Link to={`/sistema/license-management/edit/${ad.created.id}`}>{t("licences.editCreated")}</Link>
            <Link to="/sistema/license-management">{t("licences.backToList")}</Link>
          </Flex>
        </Notice>
      )}
      <Form method="post" {...getFormProps(form)}>
        <Flex direction="column" gap="4">
          <Card size="3">
            <Heading as="h2" size="4" mb="3">
              {t("licences.agencySection")}
            </Heading>
            <div className="form-grid">
              <div
                onInput={(e) => {
                  // The slug follows the name until it is edited by hand.
                  if (slugTouched) return;
                  const name = (e.target as HTMLInputElement).value;
                  const slug = document.getElementById(fields.slug.id) as HTMLInputElement | null;
                  if (slug) slug.value = slugify(name);
                }}
              >
                <FormField field={fields.name} label={t("licences.name")} autoComplete="organization" />
              </div>
              <FormField field={fields.legalName} label={t("licences.legalName")} />
              <FormField field={fields.cnpj} label={t("licences.cnpj")} placeholder="00.000.000/0000-00" />
              <div onInput={() => setSlugTouched(true)}>
                <FormField field={fields.slug} label={t("licences.slug")} hint={t("licences.slugHint")} />
              </div>
              <NativeSelect
                id={fields.timeZone.id}
                name={fields.timeZone.name}
                label={t("licences.timeZone")}
                defaultValue={fields.timeZone.initialValue as string}
                options={loaderData.timeZones.map((z) => ({ value: z, label: z.replaceAll("_", " ") }))}
                error={fieldError("timeZone")}
                errorId={fields.timeZone.errorId}
              />
              <NativeSelect
                id={fields.currency.id}
                name={fields.currency.name}
                label={t("licences.currency")}
                defaultValue={fields.currency.initialValue as string}
                options={loaderData.currencies.map((c) => ({ value: c, label: c }))}
                error={fieldError("currency")}
                errorId={fields.currency.errorId}
              />
              <NativeSelect
                id={fields.plan.id}
                name={fields.plan.name}
                label={t("licences.plan")}
                defaultValue={fields.plan.initialValue as string}
                options={PLANS.map((p) => ({ value: p, label: t(`licences.plans.${p}`) }))}
                error={fieldError("plan")}
                errorId={fields.plan.errorId}
              />
            </div>
          </Card>
          <Card size="3">
            <Heading as="h2" size="4" mb="1">
              {t("licences.adminSection")}
            </Heading>
            <Text as="p" size="2" color="gray" mb="3">
              {t("licences.adminHint")}
            </Text>
            <div className="form-grid">
              <FormField field={fields.adminName} label={t("licences.adminName")} autoComplete="off" />
              <FormField field={fields.adminEmail} label={t("licences.adminEmail")} type="email" autoComplete="off" />
              <NativeSelect
                id={fields.adminLocale.id}
                name={fields.adminLocale.name}
                label={t("licences.adminLocale")}
                defaultValue={fields.adminLocale.initialValue as string}
                options={LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) }))}
                error={fieldError("adminLocale")}
                errorId={fields.adminLocale.errorId}
              />
            </div>
          </Card>
          <Flex gap="3" wrap="wrap">
            <Button type="submit" size="3" disabled={busy} data-testid="create-agency">
              {busy ? t("licences.creating") : t("licences.create")}
            </Button>
            <Button asChild size="3" variant="soft" color="gray">
              <Link to="/sistema/license-management">{t("common.cancel")}</Link>
            </Button>
          </Flex>
        </Flex>
      </Form>
    </Flex>
  );
}
