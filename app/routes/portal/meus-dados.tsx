import { getFormProps } from "@conform-to/react";
import { Button, Flex, Heading, Link as RLink, Text } from "@radix-ui/themes";
import { ArrowLeft, Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import { useLazyForm } from "~/components/kit/lazy-form";
import { CheckboxField, FormField, FormSection } from "~/components/ui/FormField";
import { Notice } from "~/components/ui/Notice";
import { invalid, malformed, parseForm } from "~/lib/kit/forms";
import { formatDateTime } from "~/lib/platform/format";
import { cepMask, phoneMask } from "~/lib/platform/masks";
import { portalDetailsSchema } from "~/lib/portal/details.schema";
import { myDetails, saveMyDetails } from "~/lib/portal/details.server";
import { getLocale } from "~/middleware/i18n";
import { requirePortal } from "~/middleware/portal";
import type { Route } from "./+types/meus-dados";

const PHONE_ROWS = 3;

/** The client's own contact fields, their consent, and the download of their data (issue #21 item 5, LGPD). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const p = await requirePortal(context, request, params.agencyId);
  const details = await myDetails(p);
  if (!details) throw data(null, { status: 404 });
  const consentSince = details.consentAt ? formatDateTime(details.consentAt, getLocale(context), p.timeZone, "medium") : null;
  return { slug: p.agencySlug, details, consentSince };
}

export const meta: Route.MetaFunction = () => [{ title: "Portal · Rota" }, { name: "robots", content: "noindex" }];

/** Saves the form (zod on the server, field errors in the visitor's language); bad input changes nothing. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const p = await requirePortal(context, request, params.agencyId);
  const formData = await request.formData();
  const submission = parseForm(formData, portalDetailsSchema);
  if (!submission) return malformed();
  if (submission.status !== "success") return invalid(submission.reply());
  if (!(await saveMyDetails(p, submission.value))) throw data(null, { status: 404 });
  return { result: submission.reply(), saved: true };
}

export default function PortalDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { details: d, slug } = loaderData;
  const busy = useNavigation().state === "submitting";
  const phones = Array.from({ length: PHONE_ROWS }, (_, i) => d.phones[i] ?? { number: "", whatsapp: false });
  const [form, fields] = useLazyForm({
    lastResult: actionData?.result,
    defaultValue: {
      phones: phones.map((ph) => ({ number: ph.number, whatsapp: ph.whatsapp ? "on" : "" })),
      postalCode: d.postalCode ?? "",
      street: d.street ?? "",
      number: d.number ?? "",
      complement: d.complement ?? "",
      district: d.district ?? "",
      city: d.city ?? "",
      state: d.state ?? "",
      country: d.country,
      emergencyContactName: d.emergencyContactName ?? "",
      emergencyContactPhone: d.emergencyContactPhone ?? "",
      marketingConsent: d.marketingConsent ? "on" : "",
    },
    loadSchema: () => import("~/lib/portal/details.schema").then((m) => m.portalDetailsSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const phoneFields = fields.phones.getFieldList();
  const saved = actionData && "saved" in actionData && actionData.saved;
  return (
    <Flex direction="column" gap="4" data-testid="portal-details">
      <RLink asChild size="2">
        <Link to={`/portal/${slug}/dashboard`}>
          <ArrowLeft size={14} aria-hidden /> {t("portal.nav.trips")}
        </Link>
      </RLink>
      <div>
        <Heading as="h1" size="6">
          {t("portal.details.heading")}
        </Heading>
        <Text color="gray">
          {d.name} · {d.emails.join(", ")}
        </Text>
      </div>
      {saved && (
        <Notice tone="success" testId="portal-details-saved">
          {t("portal.details.saved")}
        </Notice>
      )}
      <Form method="post" {...getFormProps(form)}>
        <Flex direction="column" gap="4">
          <FormSection title={t("portal.details.heading")} hint={t("portal.details.intro")}>
            <Flex direction="column" gap="3">
              {phoneFields.slice(0, PHONE_ROWS).map((phone, i) => {
                const f = phone.getFieldset();
                return (
                  <Flex key={phone.key} gap="3" align="end" wrap="wrap">
                    <div style={{ flex: "1 1 220px" }}>
                      <FormField field={f.number} label={t("portal.details.phone", { n: i + 1 })} type="tel" mask={phoneMask} inputMode="tel" autoComplete={i === 0 ? "tel" : "off"} />
                    </div>
                    <div style={{ paddingBottom: 8 }}>
                      <CheckboxField field={f.whatsapp} label={t("portal.details.whatsapp")} />
                    </div>
                  </Flex>
                );
              })}
              <FormField field={fields.country} label={t("portal.details.country")} autoComplete="country" />
              <FormField field={fields.postalCode} label={t("portal.details.postalCode")} mask={cepMask} inputMode="numeric" autoComplete="postal-code" />
              <FormField field={fields.street} label={t("portal.details.street")} autoComplete="address-line1" />
              <Flex gap="3" wrap="wrap">
                <div style={{ flex: "1 1 120px" }}>
                  <FormField field={fields.number} label={t("portal.details.number")} />
                </div>
                <div style={{ flex: "2 1 200px" }}>
                  <FormField field={fields.complement} label={t("portal.details.complement")} autoComplete="address-line2" />
                </div>
              </Flex>
              <FormField field={fields.district} label={t("portal.details.district")} />
              <Flex gap="3" wrap="wrap">
                <div style={{ flex: "2 1 200px" }}>
                  <FormField field={fields.city} label={t("portal.details.city")} autoComplete="address-level2" />
                </div>
                <div style={{ flex: "1 1 100px" }}>
                  <FormField field={fields.state} label={t("portal.details.state")} autoComplete="address-level1" />
                </div>
              </Flex>
              <FormField field={fields.emergencyContactName} label={t("portal.details.emergencyName")} />
              <FormField field={fields.emergencyContactPhone} label={t("portal.details.emergencyPhone")} type="tel" mask={phoneMask} inputMode="tel" />
            </Flex>
          </FormSection>
          <FormSection title={t("portal.details.privacy")}>
            <Flex direction="column" gap="2">
              <CheckboxField field={fields.marketingConsent} label={t("portal.details.consent")} />
              {loaderData.consentSince && (
                <Text size="1" color="gray">
                  {t("portal.details.consentSince", { date: loaderData.consentSince })}
                </Text>
              )}
            </Flex>
          </FormSection>
          <Flex>
            <Button type="submit" size="3" disabled={busy} data-testid="portal-details-save">
              {t("portal.details.save")}
            </Button>
          </Flex>
        </Flex>
      </Form>
      <FormSection title={t("portal.details.privacy")} hint={t("portal.details.downloadHint")}>
        <Flex>
          <Button asChild variant="soft">
            <a href={`/portal/${slug}/meus-dados/exportar`} download data-testid="portal-export">
              <Download size={14} aria-hidden /> {t("portal.details.download")}
            </a>
          </Button>
        </Flex>
      </FormSection>
    </Flex>
  );
}
