import { getFormProps } from "@conform-to/react";
import { Box, Button, Card, Flex, Heading, Link as RLink, Text } from "@radix-ui/themes";
import { FileWarning } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Form, redirect, useNavigation } from "react-router";
import { useLazyForm } from "~/components/kit/lazy-form";
import { FormField } from "~/components/ui/FormField";
import { Notice } from "~/components/ui/Notice";
import { invalid, malformed, parseForm } from "~/lib/kit/forms";
import { CODE_TTL_MS, requestCodeSchema, verifyCodeSchema } from "~/lib/portal/access";
import { findPortalAgency, openSession, requestCode, verifyCode } from "~/lib/portal/access.server";
import { reservePath } from "~/lib/portal/reserve.server";
import { getMailer } from "~/middleware/cloudflare";
import { getLocale } from "~/middleware/i18n";
import { portalCookie, portalSession } from "~/middleware/portal";
import { publicScope } from "~/middleware/session";
import type { Route } from "./+types/acesso";

/**
 * The agency's portal sign-in (spec §2.4); an unknown agency is a 404 page. Signed in here already: the dashboard.
 * From "Continuar a reserva no portal" (decision 0021 §7): ?email= prefills the e-mail, and ?reservar={excursion}&negocio={deal}
 * are carried through the sign-in to the reserve page.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { db } = publicScope(context, request);
  const agency = await findPortalAgency(db, params.agencyId);
  if (!agency) return data({ agency: null, email: "", reservar: "", negocio: "" }, { status: 404 });
  const q = new URL(request.url).searchParams;
  const next = reservePath(agency.slug, q.get("reservar"), q.get("negocio"));
  const session = await portalSession(context, request);
  if (session?.agencyId === agency.id) throw redirect(next ?? `/portal/${agency.slug}/dashboard`);
  const email = (q.get("email") ?? "").trim().slice(0, 254);
  return { agency: { name: agency.name, slug: agency.slug }, email, reservar: next ? (q.get("reservar") ?? "") : "", negocio: next ? (q.get("negocio") ?? "").slice(0, 64) : "" };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.agency ? `${loaderData.agency.name} · Portal` : "Rota" },
  { name: "robots", content: "noindex" },
];

/**
 * intent=request (email): the same answer whether or not the e-mail is a client's; 429 when asked too often.
 * intent=verify (email, code): a portal session and the dashboard, or the form error (wrong, expired, locked).
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const { db, ip } = publicScope(context, request);
  const agency = await findPortalAgency(db, params.agencyId);
  if (!agency) return data({ result: null, step: "email" as const, email: "" }, { status: 404 });
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "request") {
    const submission = parseForm(formData, requestCodeSchema);
    if (!submission) return malformed();
    if (submission.status !== "success") return invalid(submission.reply());
    const { email } = submission.value;
    const origin = new URL(request.url).origin;
    const answer = await requestCode({ db, mailer: getMailer(context), agency, email, locale: getLocale(context), ip, origin });
    if (answer === "tooMany") return data({ result: submission.reply({ formErrors: ["portal.errors.tooMany"] }), step: "email" as const, email }, { status: 429 });
    return { result: null, step: "code" as const, email };
  }
  if (intent === "verify") {
    const submission = parseForm(formData, verifyCodeSchema);
    if (!submission) return malformed();
    if (submission.status !== "success") return data({ result: submission.reply(), step: "code" as const, email: String(formData.get("email") ?? "").slice(0, 254) }, { status: 400 });
    const { email, code } = submission.value;
    const r = await verifyCode(db, agency.id, email, code, ip);
    if (!r.ok) {
      const key = `portal.errors.${r.reason}`;
      const status = r.reason === "tooMany" ? 429 : 400;
      return data({ result: submission.reply({ fieldErrors: { code: [key] }, hideFields: ["code"] }), step: "code" as const, email, triesLeft: r.triesLeft ?? null }, { status });
    }
    const session = await openSession(db, { email, agencyId: agency.id, clientId: r.clientId, ip, userAgent: request.headers.get("user-agent") });
    return redirect(reservePath(agency.slug, formData.get("reservar"), formData.get("negocio")) ?? `/portal/${agency.slug}/dashboard`, { headers: { "Set-Cookie": portalCookie(request, session.token, session.expiresAt) } });
  }
  return malformed();
}

export default function PortalAccess({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (!loaderData.agency) {
    return (
      <Card data-testid="portal-not-found">
        <Flex direction="column" gap="2" align="center" p="3">
          <FileWarning aria-hidden />
          <Heading as="h1" size="5">
            {t("portal.notFound.title")}
          </Heading>
          <Text>{t("portal.notFound.text")}</Text>
        </Flex>
      </Card>
    );
  }
  const step = actionData && "step" in actionData ? actionData.step : "email";
  const email = actionData && "email" in actionData ? actionData.email : "";
  const carry = { reservar: loaderData.reservar, negocio: loaderData.negocio };
  return (
    <Box maxWidth="460px" mx="auto">
      <Card size="3">
        <Flex direction="column" gap="4">
          <div>
            <Heading as="h1" size="6">
              {t("portal.access.heading", { agency: loaderData.agency.name })}
            </Heading>
            <Text as="p" color="gray" mt="1">
              {step === "code" ? t("portal.access.codeSent", { minutes: CODE_TTL_MS / 60_000 }) : t("portal.access.intro")}
            </Text>
          </div>
          {step === "code" ? (
            <CodeForm key={`code-${email}`} email={email} carry={carry} lastResult={actionData?.result ?? null} />
          ) : (
            <EmailForm email={email || loaderData.email} carry={carry} lastResult={actionData?.result ?? null} />
          )}
        </Flex>
      </Card>
    </Box>
  );
}

type LastResult = Parameters<typeof useLazyForm>[0]["lastResult"];
/** Where the sign-in goes on to (the reserve page), carried through both steps. */
type Carry = { reservar: string; negocio: string };

function CarryFields({ carry }: { carry: Carry }) {
  if (!carry.reservar) return null;
  return (
    <>
      <input type="hidden" name="reservar" value={carry.reservar} />
      {carry.negocio && <input type="hidden" name="negocio" value={carry.negocio} />}
    </>
  );
}

function EmailForm({ email, carry, lastResult }: { email: string; carry: Carry; lastResult: LastResult }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useLazyForm({
    lastResult,
    defaultValue: { email },
    loadSchema: () => import("~/lib/portal/access").then((m) => m.requestCodeSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const formError = form.errors?.[0];
  return (
    <Form method="post" {...getFormProps(form)} data-testid="portal-email-form">
      <Flex direction="column" gap="3">
        {formError && (
          <Notice tone="error" id={form.errorId}>
            {t(formError as never)}
          </Notice>
        )}
        <input type="hidden" name="intent" value="request" />
        <CarryFields carry={carry} />
        <FormField field={fields.email} label={t("portal.access.email")} type="email" autoComplete="email" autoFocus required />
        <Button type="submit" size="3" disabled={busy} data-testid="portal-request-code">
          {t("portal.access.sendCode")}
        </Button>
      </Flex>
    </Form>
  );
}

function CodeForm({ email, carry, lastResult }: { email: string; carry: Carry; lastResult: LastResult }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useLazyForm({
    lastResult,
    defaultValue: { email },
    loadSchema: () => import("~/lib/portal/access").then((m) => m.verifyCodeSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Flex direction="column" gap="3">
      <Form method="post" {...getFormProps(form)} data-testid="portal-code-form">
        <Flex direction="column" gap="3">
          <input type="hidden" name="intent" value="verify" />
          <input type="hidden" name="email" value={email} />
          <CarryFields carry={carry} />
          <Text size="2">{t("portal.access.codeFor", { email })}</Text>
          <FormField field={fields.code} label={t("portal.access.code")} inputMode="numeric" autoComplete="one-time-code" autoFocus required />
          <Button type="submit" size="3" disabled={busy} data-testid="portal-verify-code">
            {t("portal.access.signIn")}
          </Button>
        </Flex>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="request" />
        <input type="hidden" name="email" value={email} />
        <CarryFields carry={carry} />
        <RLink asChild size="2">
          <button type="submit" className="link-button" data-testid="portal-resend-code">
            {t("portal.access.resend")}
          </button>
        </RLink>
      </Form>
    </Flex>
  );
}
