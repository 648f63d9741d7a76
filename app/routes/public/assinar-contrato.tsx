import { Box, Button, Card, Checkbox, Flex, Heading, SegmentedControl, Separator, Text, TextArea, TextField } from "@radix-ui/themes";
import { CheckCircle2, Download, FileWarning } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, useNavigation } from "react-router";
import { MergedDocumentView } from "~/components/contracts/MergedDocumentView";
import { SignaturePad } from "~/components/contracts/SignaturePad";
import { LanguageSelect } from "~/components/LanguageSelect";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { Notice } from "~/components/ui/Notice";
import { codeSchema, declineSchema, signSchema } from "~/lib/contracts/contract.schema";
import { signPath, type LinkState } from "~/lib/contracts/contract";
import { declineContract, markViewed, openLink, publicView, sendSigningCode, signContract } from "~/lib/contracts/sign.server";
import { parseForm } from "~/lib/kit/forms";
import { CPF_MASK } from "~/lib/platform/br-documents";
import { formatDateTime } from "~/lib/platform/format";
import { translate } from "~/lib/platform/translate";
import { getEnv, getMailer } from "~/middleware/cloudflare";
import { publicScope } from "~/middleware/session";
import type { Route } from "./+types/assinar-contrato";

const closedStatus = (state: LinkState) => (state === "invalid" ? 404 : state === "locked" ? 423 : 410);

/** Anyone with the link (no login, staff too): the contract to read and sign, or one page that says why the link cannot be used. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { db, ip } = publicScope(context, request);
  const link = await openLink(db, params.token);
  if (link.state !== "ok") return data({ closed: { state: link.state, agencyName: link.agencyName ?? null }, view: null }, { status: closedStatus(link.state) });
  // The first opening of a sent link makes it viewed (the seller hears of it).
  if (await markViewed(getEnv(context), db, link.contract, ip)) link.contract.status = "viewed";
  return { closed: null, view: publicView(link) };
}

export const meta: Route.MetaFunction = () => [{ title: "Rota" }, { name: "robots", content: "noindex" }, { name: "referrer", content: "no-referrer" }];

type Errors = Partial<Record<"name" | "cpf" | "signatureData" | "signatureText" | "accept" | "code" | "reason" | "form", string>>;
const fail = (errors: Errors, status = 400) => data({ done: null, errors, codeSent: false }, { status });

export async function action({ context, request, params }: Route.ActionArgs) {
  const { db, ip } = publicScope(context, request);
  const link = await openLink(db, params.token);
  if (link.state !== "ok") return fail({ form: `contracts.sign.closed.${link.state}.title` }, closedStatus(link.state));
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "code") {
    if (!parseForm(formData, codeSchema) || !link.agency.otp) return fail({ form: "validation.invalid" });
    const sent = await sendSigningCode(db, getMailer(context), link);
    if (!sent.ok) return fail({ code: "contracts.errors.noEmail" });
    return { done: null, errors: {} as Errors, codeSent: true };
  }
  if (intent === "decline") {
    const submission = parseForm(formData, declineSchema);
    if (!submission) return fail({ form: "validation.invalid" });
    if (submission.status !== "success") return fail({ reason: "contracts.sign.errors.reason" });
    const declined = await declineContract(getEnv(context), db, link, submission.value.reason, ip);
    if (!declined.ok) return fail({ form: "contracts.sign.errors.stale" }, 409);
    return { done: "declined" as const, errors: {} as Errors, codeSent: false, agencyName: link.agency.name, timeZone: link.agency.timeZone };
  }
  const submission = parseForm(formData, signSchema);
  if (!submission) return fail({ form: "validation.invalid" });
  if (submission.status !== "success") {
    const errors = Object.fromEntries(Object.entries(submission.reply().error ?? {}).map(([k, v]) => [k || "form", v?.[0] ?? "validation.invalid"])) as Errors;
    return fail(errors);
  }
  const signed = await signContract({ env: getEnv(context), db, bucket: getEnv(context).FILES, ip, userAgent: request.headers.get("user-agent") }, link, submission.value);
  if (!signed.ok) return fail({ [signed.field]: signed.key }, signed.key === "contracts.sign.errors.stale" ? 409 : 400);
  return {
    done: "signed" as const,
    errors: {} as Errors,
    codeSent: false,
    signedAt: signed.signedAt,
    signedSha256: signed.signedSha256,
    name: submission.value.name,
    agencyName: link.agency.name,
    timeZone: link.agency.timeZone,
  };
}

function Frame({ children, agency }: { children: React.ReactNode; agency?: string | null }) {
  const { t } = useTranslation();
  return (
    <Box className="sign-page" p={{ initial: "3", sm: "5" }} style={{ minHeight: "100vh", background: "var(--gray-2)" }}>
      <Box maxWidth="860px" mx="auto">
        <Flex justify="between" align="center" mb="4" gap="3">
          <Text size="4" weight="bold">
            {agency ?? t("app.name")}
          </Text>
          <LanguageSelect compact />
        </Flex>
        {children}
      </Box>
    </Box>
  );
}

export default function SignContract({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const [kind, setKind] = useState<"drawn" | "typed">("drawn");
  const errors: Errors = actionData?.errors ?? {};
  const err = (field: keyof Errors) => (errors[field] ? translate(i18n, errors[field]!) : null);

  if (actionData?.done === "signed") {
    return (
      <Frame agency={actionData.agencyName}>
        <Card size="4" data-testid="sign-done">
          <Flex direction="column" align="center" gap="3" py="4">
            <CheckCircle2 size={44} aria-hidden color="var(--green-9)" />
            <Heading as="h1" size="6" align="center">
              {t("contracts.sign.doneTitle")}
            </Heading>
            <Text align="center">{t("contracts.sign.doneText", { name: actionData.name, date: formatDateTime(actionData.signedAt, i18n.language, actionData.timeZone, "medium") })}</Text>
            <Text align="center" size="1" color="gray" style={{ wordBreak: "break-all" }}>
              {t("contracts.sign.doneHash", { hash: actionData.signedSha256 })}
            </Text>
            <Button asChild>
              <a href={`${signPath(params.token)}/copia`} download data-testid="download-signed-copy">
                <Download size={16} aria-hidden /> {t("contracts.sign.downloadSigned")}
              </a>
            </Button>
          </Flex>
        </Card>
      </Frame>
    );
  }
  if (actionData?.done === "declined") {
    return (
      <Frame agency={actionData.agencyName}>
        <Card size="4" data-testid="sign-declined">
          <Flex direction="column" align="center" gap="3" py="4">
            <Heading as="h1" size="6">
              {t("contracts.sign.declinedTitle")}
            </Heading>
            <Text color="gray">{t("contracts.sign.declinedText")}</Text>
          </Flex>
        </Card>
      </Frame>
    );
  }

  if (loaderData.closed) {
    const state = loaderData.closed.state;
    return (
      <Frame agency={loaderData.closed.agencyName}>
        <Card size="4" data-testid="sign-closed" data-state={state}>
          <Flex direction="column" align="center" gap="3" py="4">
            <FileWarning size={40} aria-hidden color="var(--amber-9)" />
            <Heading as="h1" size="6" align="center">
              {t(`contracts.sign.closed.${state}.title`)}
            </Heading>
            <Text align="center" color="gray">
              {t(`contracts.sign.closed.${state}.text`)}
            </Text>
          </Flex>
        </Card>
      </Frame>
    );
  }
  const view = loaderData.view!;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language, view.agency.timeZone, "medium") : "—");
  const busy = navigation.state === "submitting";
  const codeSent = actionData?.codeSent || view.codeSent;
  return (
    <Frame agency={view.agency.name}>
      <Flex direction="column" gap="4" data-testid="sign-page">
        <Box>
          <Heading as="h1" size={{ initial: "5", sm: "6" }}>
            {view.title}
          </Heading>
          <Text as="p" color="gray" size="2" mt="1">
            {t("contracts.sign.from", { agency: view.agency.name, client: view.clientName })} · {t("contracts.sign.validUntil", { date: when(view.expiresAt) })}
          </Text>
          <Text as="p" size="2" mt="2">
            {t("contracts.sign.intro")}
          </Text>
        </Box>
        <Card size={{ initial: "2", sm: "4" }} asChild>
          <section aria-label={t("contracts.sign.document")}>
            <Flex justify="between" align="center" gap="2" wrap="wrap" mb="3">
              <Text size="1" color="gray" style={{ wordBreak: "break-all" }} data-testid="sign-hash">
                {t("contracts.sign.hash", { hash: view.pdfSha256 })}
              </Text>
              <Button asChild variant="soft" size="2">
                <a href={`${signPath(params.token)}/documento`} data-testid="sign-download">
                  <Download size={16} aria-hidden /> {t("contracts.sign.download")}
                </a>
              </Button>
            </Flex>
            <Separator size="4" mb="3" />
            <div lang={view.language}>
              <MergedDocumentView document={view.content} />
            </div>
          </section>
        </Card>

        <Card size={{ initial: "2", sm: "4" }} asChild>
          <section aria-labelledby="sign-form-title">
            <Heading as="h2" size="4" mb="3" id="sign-form-title">
              {t("contracts.sign.form")}
            </Heading>
            {err("form") && (
              <Notice tone="error" testId="sign-error">
                {err("form")}
              </Notice>
            )}
            {view.agency.otp && (
              <Form method="post" replace>
                <input type="hidden" name="intent" value="code" />
                <Flex direction="column" gap="2" mb="4">
                  <Text size="2">{t("contracts.sign.codeHint", { email: view.sentTo ?? "" })}</Text>
                  {codeSent && (
                    <Text size="2" color="green" role="status" data-testid="code-sent">
                      {t("contracts.sign.codeSent", { email: view.sentTo ?? "" })}
                    </Text>
                  )}
                  <Box>
                    <Button type="submit" variant="soft" disabled={busy} data-testid="send-code">
                      {t("contracts.sign.sendCode")}
                    </Button>
                  </Box>
                </Flex>
              </Form>
            )}
            <Form method="post" replace noValidate data-testid="sign-form">
              <input type="hidden" name="intent" value="sign" />
              <input type="hidden" name="signatureKind" value={kind} />
              <Flex direction="column" gap="3">
                <Field id="sign-name" label={t("contracts.sign.name")} error={err("name")}>
                  <TextField.Root id="sign-name" name="name" autoComplete="name" required maxLength={120} size="3" aria-invalid={!!errors.name || undefined} aria-describedby={errors.name ? "sign-name-error" : undefined} data-testid="sign-name" />
                </Field>
                <Field id="sign-cpf" label={t("contracts.sign.cpf")} error={err("cpf")}>
                  <TextField.Root id="sign-cpf" name="cpf" inputMode="numeric" placeholder={CPF_MASK} required maxLength={14} size="3" aria-invalid={!!errors.cpf || undefined} aria-describedby={errors.cpf ? "sign-cpf-error" : undefined} data-testid="sign-cpf" />
                </Field>
                {view.agency.otp && (
                  <Field id="sign-code" label={t("contracts.sign.code")} error={err("code")}>
                    <TextField.Root id="sign-code" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} size="3" aria-invalid={!!errors.code || undefined} aria-describedby={errors.code ? "sign-code-error" : undefined} data-testid="sign-code" />
                  </Field>
                )}
                <Flex direction="column" gap="2">
                  <Text as="div" size="2" weight="medium" id="sign-kind-label">
                    {t("contracts.sign.signatureKind")}
                  </Text>
                  <SegmentedControl.Root value={kind} onValueChange={(v) => setKind(v as "drawn" | "typed")} aria-labelledby="sign-kind-label">
                    <SegmentedControl.Item value="drawn" data-testid="kind-drawn">
                      {t("contracts.sign.draw")}
                    </SegmentedControl.Item>
                    <SegmentedControl.Item value="typed" data-testid="kind-typed">
                      {t("contracts.sign.type")}
                    </SegmentedControl.Item>
                  </SegmentedControl.Root>
                  {kind === "drawn" ? (
                    <>
                      <SignaturePad name="signatureData" invalid={!!errors.signatureData} describedBy={errors.signatureData ? "sign-signature-error" : undefined} />
                      {err("signatureData") && (
                        <Text size="2" color="red" id="sign-signature-error">
                          {err("signatureData")}
                        </Text>
                      )}
                    </>
                  ) : (
                    <Field id="sign-typed" label={t("contracts.sign.typedLabel")} error={err("signatureText")}>
                      <TextField.Root
                        id="sign-typed"
                        name="signatureText"
                        maxLength={120}
                        size="3"
                        style={{ fontFamily: "cursive", fontSize: 22 }}
                        aria-invalid={!!errors.signatureText || undefined}
                        aria-describedby={errors.signatureText ? "sign-typed-error" : undefined}
                        data-testid="sign-typed"
                      />
                    </Field>
                  )}
                </Flex>
                <Text as="label" size="2">
                  <Flex gap="2" align="start">
                    <Checkbox name="accept" value="on" mt="1" aria-invalid={!!errors.accept || undefined} data-testid="sign-accept" />
                    {t("contracts.sign.accept")}
                  </Flex>
                </Text>
                {err("accept") && (
                  <Text size="2" color="red">
                    {err("accept")}
                  </Text>
                )}
                <Flex gap="3" wrap="wrap" justify="between" align="center" mt="2">
                  <Button type="submit" size="3" loading={busy} data-testid="sign-submit">
                    {t("contracts.sign.submit")}
                  </Button>
                </Flex>
              </Flex>
            </Form>
            <Separator size="4" my="4" />
            <ConfirmDialog
              testId="decline-contract"
              trigger={
                <Button variant="ghost" color="red" data-testid="decline-open">
                  {t("contracts.sign.decline")}
                </Button>
              }
              title={t("contracts.sign.declineTitle")}
              description={t("contracts.sign.declineText")}
              cancelLabel={t("contracts.sign.keep")}
              confirm={
                <Button type="submit" color="red" data-testid="decline-submit">
                  {t("contracts.sign.declineSubmit")}
                </Button>
              }
              form={(actions) => (
                <Form method="post" replace>
                  <input type="hidden" name="intent" value="decline" />
                  <Flex direction="column" gap="1" mb="3">
                    <Text as="label" size="2" htmlFor="decline-reason">
                      {t("contracts.sign.declineReason")}
                    </Text>
                    <TextArea id="decline-reason" name="reason" required minLength={3} maxLength={500} data-testid="decline-reason" />
                    {err("reason") && (
                      <Text size="2" color="red">
                        {err("reason")}
                      </Text>
                    )}
                  </Flex>
                  {actions}
                </Form>
              )}
              closeOnConfirm
            />
            {(view.agency.email || view.agency.phone) && (
              <Text as="p" size="1" color="gray" mt="3">
                {t("contracts.sign.contactAgency", { agency: [view.agency.name, view.agency.email, view.agency.phone].filter(Boolean).join(" · ") })}
              </Text>
            )}
          </section>
        </Card>
      </Flex>
    </Frame>
  );
}

function Field({ id, label, error, children }: { id: string; label: string; error: string | null; children: React.ReactNode }) {
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2" weight="medium" htmlFor={id}>
        {label}
      </Text>
      {children}
      {error && (
        <Text size="2" color="red" id={`${id}-error`}>
          {error}
        </Text>
      )}
    </Flex>
  );
}
