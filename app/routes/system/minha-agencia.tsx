import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useLazyForm } from "~/components/kit/lazy-form";
import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import { ListOrdered } from "lucide-react";
import { CheckboxField, FormField, useErrorText } from "~/components/ui/FormField";
import { PageHeader } from "~/components/ui/PageHeader";
import { NativeSelect } from "~/components/ui/FormField";
import { StaleNotice } from "~/components/kit/RecordNotices";
import { EDITABLE, loadOwnAgency, saveAgencyProfile, setAgencyLogo } from "~/lib/system/agency-profile.server";
import { currencies, err, timeZones } from "~/lib/system/agency-form";
import { BRAND_COLORS } from "~/lib/public/brand";
import { agencyProfileSchema } from "~/lib/system/agency-form.schema";
import { formatCep, formatCnpj, formatPhone } from "~/lib/platform/br-documents";
import { formatBp } from "~/lib/finance/money";
import { checkImage, fileKey, IMAGE_CONTENT_TYPE } from "~/lib/platform/files.server";
import { notFound } from "~/lib/platform/http";
import { malformed, parseForm } from "~/lib/kit/forms";
import type { Scope } from "~/lib/platform/scope.server";
import type { ToastMessage } from "~/lib/platform/toast";
import { getEnv } from "~/middleware/cloudflare";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireRoles, requireScope } from "~/middleware/session";
import systemStyles from "~/styles/system.css?url";
import type { Route } from "./+types/minha-agencia";

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

/** Spec §6: Admin and SuperAdmin, for the agency they work in (never an id from the client). */
export const middleware: Route.MiddlewareFunction[] = [requireModule("sistema", "minha_agencia"), requireRoles("SuperAdmin", "Admin")];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: systemStyles }];

async function loadAgency(scope: Scope) {
  const row = await loadOwnAgency(scope);
  if (!row) throw notFound();
  return row;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const row = await loadAgency(requireScope(context, request));
  const values = Object.fromEntries(EDITABLE.map((k) => [k, row[k] ?? ""])) as Record<(typeof EDITABLE)[number], string>;
  return {
    values: {
      ...values,
      // Shown masked; stored as digits.
      cnpj: row.cnpj ? formatCnpj(row.cnpj) : "",
      postalCode: row.postalCode && row.country === "BR" ? formatCep(row.postalCode) : (row.postalCode ?? ""),
      phone: row.phone ? formatPhone(row.phone) : "",
      // Stored as basis points (1250), typed as a percentage ("12,5"); empty = no limit.
      maxDiscount: row.maxDiscountBp === null ? "" : formatBp(row.maxDiscountBp),
      contractSigningOtp: row.contractSigningOtp ? "on" : "",
      contractLinkDays: String(row.contractLinkDays),
      portalReservations: row.portalReservations ? "on" : "",
      brandColor: row.brandColor,
    },
    version: row.version,
    name: row.name,
    logoUrl: row.logoKey ? `/arquivos/logo/${row.id}?v=${encodeURIComponent(row.logoKey.slice(-12))}` : null,
    timeZones: timeZones(),
    currencies: currencies(),
    title: getI18n(context).t("agencyProfile.title"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? ""} · Rota` }];

export async function action({ context, request }: Route.ActionArgs) {
  const scope = requireScope(context, request);
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "logo" || intent === "removeLogo") {
    const env = getEnv(context);
    const before = await loadAgency(scope);
    let key: string | null = null;
    if (intent === "logo") {
      const check = await checkImage(formData.get("logo"));
      if (!check.ok) return data({ form: "logo" as const, logoError: check.error }, { status: 400 });
      key = fileKey(scope.agencyId, "logos", check.type);
      await env.FILES.put(key, check.bytes, { httpMetadata: { contentType: IMAGE_CONTENT_TYPE[check.type] } });
    } else if (!before.logoKey) {
      return { form: "logo" as const, toast: { title: "agencyProfile.logoRemoved" } satisfies ToastMessage };
    }
    const previous = await setAgencyLogo(scope, before, key);
    if (previous) await env.FILES.delete(previous);
    const title = intent === "logo" ? "agencyProfile.logoSaved" : "agencyProfile.logoRemoved";
    return { form: "logo" as const, toast: { title } satisfies ToastMessage };
  }

  if (intent !== "profile") return data({ form: "profile" as const, formError: "validation.invalid" }, { status: 400 });
  const submission = parseForm(formData, agencyProfileSchema);
  if (!submission) return malformed();
  if (submission.status !== "success") return data({ form: "profile" as const, result: submission.reply() }, { status: 400 });
  const saved = await saveAgencyProfile(scope, await loadAgency(scope), submission.value);
  if (!saved.ok) {
    if (saved.reason === "slug_taken") return data({ form: "profile" as const, result: submission.reply({ fieldErrors: { slug: [err.slugTaken] } }) }, { status: 400 });
    return data(
      {
        form: "profile" as const,
        stale: true as const,
        current: saved.current,
        result: submission.reply(),
        toast: { title: "agencyProfile.stale", variant: "destructive" } satisfies ToastMessage,
      },
      { status: 409 },
    );
  }
  return { form: "profile" as const, result: submission.reply(), toast: { title: "agencyProfile.saved" } satisfies ToastMessage };
}

type ActionData = {
  form?: "profile" | "logo";
  result?: SubmissionResult<string[]>;
  stale?: true;
  current?: { name: string; slug: string; timeZone: string; currency: string; version: number };
  logoError?: string;
  formError?: string;
};

export default function MinhaAgencia({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const ad = actionData as ActionData | undefined;
  return (
    <Flex direction="column" gap="4" maxWidth="960px">
      <PageHeader
        title={t("agencyProfile.title")}
        subtitle={t("agencyProfile.subtitle")}
        trail={[{ label: t("menu.sistema.title"), href: null }]}
        actions={
          // Menu management has no entry of its own in the menu (spec §2.3): it is reached from here.
          <Button asChild variant="soft" color="gray">
            <Link to="/sistema/menu-management" data-testid="open-menu-management">
              <ListOrdered size={16} aria-hidden /> {t("menu.sistema.menu_management.title")}
            </Link>
          </Button>
        }
      />
      {ad?.stale && ad.current && (
        <StaleNotice message={t("agencyProfile.stale")} current={t("agencyProfile.staleCurrent", ad.current)} reload={t("agencyProfile.reload")} />
      )}
      <LogoCard name={loaderData.name} logoUrl={loaderData.logoUrl} error={ad?.form === "logo" ? ad.logoError : undefined} busy={busy} />
      <ProfileForm key={loaderData.version} loaderData={loaderData} lastResult={ad?.form === "profile" && !ad.stale ? ad.result : undefined} busy={busy} />
    </Flex>
  );
}

function LogoCard({ name, logoUrl, error, busy }: { name: string; logoUrl: string | null; error?: string; busy: boolean }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <Card size="3">
      <Heading as="h2" size="4" mb="3">
        {t("agencyProfile.logo")}
      </Heading>
      <Flex gap="4" align="center" wrap="wrap">
        {logoUrl ? (
          <img src={logoUrl} alt={t("agencyProfile.logoAlt", { agency: name })} className="logo-preview" data-testid="logo-preview" />
        ) : (
          <Text color="gray" size="2">
            {t("agencyProfile.noLogo")}
          </Text>
        )}
        <Form method="post" encType="multipart/form-data">
          <input type="hidden" name="intent" value="logo" />
          <Flex direction="column" gap="2">
            <input
              type="file"
              name="logo"
              accept="image/png,image/jpeg,image/webp"
              aria-label={t("agencyProfile.logo")}
              aria-describedby="logo-hint"
              required
              data-testid="logo-input"
            />
            <Text id="logo-hint" size="1" color={error ? "red" : "gray"} role={error ? "alert" : undefined}>
              {error ? errorText(error) : t("agencyProfile.logoHint")}
            </Text>
            <Flex gap="2">
              <Button type="submit" disabled={busy} data-testid="logo-upload">
                {t("agencyProfile.uploadLogo")}
              </Button>
            </Flex>
          </Flex>
        </Form>
        {logoUrl && (
          <Form method="post">
            <input type="hidden" name="intent" value="removeLogo" />
            <Button type="submit" variant="soft" color="red" disabled={busy}>
              {t("agencyProfile.removeLogo")}
            </Button>
          </Form>
        )}
      </Flex>
    </Card>
  );
}

function ProfileForm({
  loaderData,
  lastResult,
  busy,
}: {
  loaderData: Route.ComponentProps["loaderData"];
  lastResult: ActionData["result"];
  busy: boolean;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [form, fields] = useLazyForm({
    id: "agency-profile",
    lastResult,
    defaultValue: loaderData.values,
    loadSchema: () => import("~/lib/system/agency-form.schema").then((m) => m.agencyProfileSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const fieldError = (name: keyof typeof fields) => errorText((fields[name].errors as string[] | undefined)?.[0]);
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="profile" />
      <input type="hidden" name="version" value={loaderData.version} />
      <Flex direction="column" gap="4">
        <Card size="3">
          <Heading as="h2" size="4" mb="3">
            {t("agencyProfile.identity")}
          </Heading>
          <div className="form-grid">
            <FormField field={fields.name} label={t("agencyProfile.name")} autoComplete="organization" />
            <FormField field={fields.legalName} label={t("agencyProfile.legalName")} />
            <FormField field={fields.cnpj} label={t("agencyProfile.cnpj")} placeholder="00.000.000/0000-00" />
            <FormField field={fields.cadastur} label={t("agencyProfile.cadastur")} />
            <FormField field={fields.slug} label={t("agencyProfile.slug")} hint={t("agencyProfile.slugHint")} />
          </div>
        </Card>
        <Card size="3">
          <Heading as="h2" size="4" mb="3">
            {t("agencyProfile.address")}
          </Heading>
          <div className="form-grid">
            <FormField field={fields.country} label={t("agencyProfile.country")} autoComplete="country" />
            <FormField field={fields.postalCode} label={t("agencyProfile.postalCode")} autoComplete="postal-code" placeholder="00000-000" />
            <div className="span-all">
              <FormField field={fields.addressLine} label={t("agencyProfile.addressLine")} autoComplete="street-address" hint={t("agencyProfile.addressHint")} />
            </div>
            <FormField field={fields.city} label={t("agencyProfile.city")} autoComplete="address-level2" />
            <FormField field={fields.state} label={t("agencyProfile.state")} autoComplete="address-level1" />
          </div>
        </Card>
        <Card size="3">
          <Heading as="h2" size="4" mb="3">
            {t("agencyProfile.contact")}
          </Heading>
          <div className="form-grid">
            <FormField field={fields.phone} label={t("agencyProfile.phone")} type="tel" autoComplete="tel" />
            <FormField field={fields.email} label={t("agencyProfile.email")} type="email" autoComplete="email" />
            <FormField field={fields.website} label={t("agencyProfile.website")} type="url" autoComplete="url" placeholder="https://" />
          </div>
        </Card>
        <Card size="3">
          <Heading as="h2" size="4" mb="3">
            {t("agencyProfile.settings")}
          </Heading>
          <div className="form-grid">
            <NativeSelect
              id={fields.timeZone.id}
              name={fields.timeZone.name}
              label={t("agencyProfile.timeZone")}
              defaultValue={loaderData.values.timeZone}
              options={loaderData.timeZones.map((z) => ({ value: z, label: z.replaceAll("_", " ") }))}
              error={fieldError("timeZone")}
              errorId={fields.timeZone.errorId}
            />
            <NativeSelect
              id={fields.currency.id}
              name={fields.currency.name}
              label={t("agencyProfile.currency")}
              defaultValue={loaderData.values.currency}
              options={loaderData.currencies.map((c) => ({ value: c, label: c }))}
              error={fieldError("currency")}
              errorId={fields.currency.errorId}
            />
            <NativeSelect
              id={fields.brandColor.id}
              name={fields.brandColor.name}
              label={t("agencyProfile.brandColor")}
              defaultValue={loaderData.values.brandColor}
              options={BRAND_COLORS.map((c) => ({ value: c, label: t(`crm.stages.colors.${c}`) }))}
              error={fieldError("brandColor")}
              errorId={fields.brandColor.errorId}
            />
          </div>
        </Card>
        <Card size="3">
          <Heading as="h2" size="4" mb="3">
            {t("agencyProfile.sales")}
          </Heading>
          <div className="form-grid">
            <FormField field={fields.maxDiscount} label={t("agencyProfile.maxDiscount")} inputMode="decimal" placeholder={t("agencyProfile.maxDiscountPlaceholder")} hint={t("agencyProfile.maxDiscountHint")} />
            <CheckboxField field={fields.portalReservations} label={t("agencyProfile.portalReservations")} hint={t("agencyProfile.portalReservationsHint")} />
          </div>
        </Card>
        <Card size="3">
          <Heading as="h2" size="4" mb="3">
            {t("agencyProfile.contracts")}
          </Heading>
          <div className="form-grid">
            <FormField field={fields.contractLinkDays} label={t("agencyProfile.linkDays")} inputMode="numeric" hint={t("agencyProfile.linkDaysHint")} />
            <CheckboxField field={fields.contractSigningOtp} label={t("agencyProfile.signingOtp")} hint={t("agencyProfile.signingOtpHint")} />
          </div>
        </Card>
        <Flex>
          <Button type="submit" size="3" disabled={busy} data-testid="agency-save">
            {busy ? t("agencyProfile.saving") : t("agencyProfile.save")}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
