import { Button, DataList, Flex, Grid, Text, TextField } from "@radix-ui/themes";
import { Download, Send, XCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Form, Link } from "react-router";
import { ContractStatusBadge } from "~/components/contracts/ContractStatusBadge";
import { MergedDocumentView } from "~/components/contracts/MergedDocumentView";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { Notice } from "~/components/ui/Notice";
import { PageHeader } from "~/components/ui/PageHeader";
import { SectionCard } from "~/components/ui/SectionCard";
import { canCancel, canSend, contractErr, contractFilePath, SIGNATURES_PATH } from "~/lib/contracts/contract";
import { contractIntentSchema } from "~/lib/contracts/contract.schema";
import { cancelContract, contractDetail, findContract, sendContract } from "~/lib/contracts/contract.server";
import type { MergedDocument } from "~/lib/contracts/document";
import { malformed, parseForm } from "~/lib/kit/forms";
import { formatDocument } from "~/lib/platform/br-documents";
import { formatDateTime } from "~/lib/platform/format";
import { notFound } from "~/lib/platform/http";
import { translate } from "~/lib/platform/translate";
import { excursionSalePath } from "~/lib/sales/excursion-sale";
import { getMailer } from "~/middleware/cloudflare";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/contrato";

export const middleware: Route.MiddlewareFunction[] = [requireModule("contratos", "assinaturas")];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const detail = await contractDetail(scope, params.id);
  if (!detail) throw notFound();
  return { ...detail, timeZone: scope.timeZone, now: Date.now(), documentTitle: getI18n(context).t("contracts.detail.title", { number: detail.contract.number }) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

export async function action({ context, request, params }: Route.ActionArgs) {
  const scope = requireScope(context, request);
  if (!(await findContract(scope, params.id))) throw notFound();
  const submission = parseForm(await request.formData(), contractIntentSchema);
  if (!submission) return malformed();
  if (submission.status !== "success") {
    const first = Object.values(submission.reply().error ?? {}).flat()[0] ?? "validation.invalid";
    return data({ error: first, toast: null }, { status: 400 });
  }
  const intent = submission.value;
  if (intent.intent === "send") {
    const sent = await sendContract(scope, getMailer(context), new URL(request.url).origin, params.id, intent.version);
    if (!sent.ok) return data({ error: contractErr[sent.reason], toast: null }, { status: sent.reason === "stale" ? 409 : 400 });
    return { error: null, toast: { title: "contracts.detail.sent", values: { email: sent.to } } };
  }
  const cancelled = await cancelContract(scope, params.id, intent.version, intent.reason);
  if (!cancelled.ok) return data({ error: contractErr[cancelled.reason], toast: null }, { status: cancelled.reason === "stale" ? 409 : 400 });
  return { error: null, toast: { title: "contracts.detail.cancelled" } };
}

export default function ContractPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { contract: c, sale, events, timeZone, now } = loaderData;
  const error = actionData && "error" in actionData ? actionData.error : null;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language, timeZone) : "—");
  const email = sale?.clientEmails?.[0] ?? null;
  const linkExpired = (c.status === "sent" || c.status === "viewed") && !!c.tokenExpiresAt && Date.parse(c.tokenExpiresAt) <= now;
  const salePath = sale ? (sale.kind === "excursion" ? excursionSalePath(sale.id) : `/vendas/emissivo/editar/${sale.id}`) : null;
  const fieldLabel = (field: string) => t(`contracts.detail.field.${field}`, { defaultValue: field });
  const show = (field: string, value: unknown) => (value == null || value === "" ? "—" : field === "status" ? (t(`contracts.status.${String(value)}` as never) as string) : field === "tokenExpiresAt" ? when(String(value)) : String(value));

  const row = (label: string, value: React.ReactNode, testId?: string) => (
    <DataList.Item>
      <DataList.Label minWidth="140px">{label}</DataList.Label>
      <DataList.Value data-testid={testId}>{value}</DataList.Value>
    </DataList.Item>
  );

  return (
    <Flex direction="column" gap="4" data-testid="contract-page">
      <PageHeader
        title={t("contracts.detail.title", { number: c.number })}
        subtitle={c.title}
        trail={[
          { label: t("menu.contratos.title"), href: null },
          { label: t("contracts.signatures.title"), href: SIGNATURES_PATH },
        ]}
        actions={<ContractStatusBadge status={c.status} />}
      />
      {error && (
        <Notice tone="error" testId="contract-error">
          {translate(i18n, error)}
        </Notice>
      )}
      <Grid columns={{ initial: "1", md: "2" }} gap="4">
        <SectionCard title={t("contracts.detail.status")}>
          <DataList.Root size="2" orientation={{ initial: "vertical", sm: "horizontal" }}>
            {row(t("contracts.detail.status"), <ContractStatusBadge status={c.status} />)}
            {sale && row(t("contracts.detail.client"), [sale.clientName, sale.clientDocument ? formatDocument(sale.clientDocument) : null].filter(Boolean).join(" · "), "contract-client")}
            {sale && salePath && row(t("contracts.detail.sale", { number: sale.number }), <Link to={salePath}>{t("contracts.detail.openSale")}</Link>)}
            {row(t("contracts.detail.created"), when(c.createdAt))}
            {c.sentAt && row(t("contracts.detail.sentTo"), `${c.sentTo ?? "—"} · ${when(c.sentAt)}`, "contract-sent-to")}
            {c.sendCount > 1 && row(t("contracts.detail.sendCount"), c.sendCount)}
            {(c.status === "sent" || c.status === "viewed") && row(linkExpired ? t("contracts.detail.expired") : t("contracts.detail.expires"), when(c.tokenExpiresAt))}
            {c.viewedAt && row(t("contracts.detail.viewedAt"), when(c.viewedAt))}
            {c.signedAt && row(t("contracts.detail.signedAt"), when(c.signedAt))}
            {c.signerName && row(t("contracts.detail.signer"), c.signerName, "contract-signer")}
            {c.signerIp && row(t("contracts.detail.signerIp"), c.signerIp)}
            {c.declinedAt && row(t("contracts.detail.declinedAt"), when(c.declinedAt))}
            {c.declineReason && row(t("contracts.detail.declineReason"), c.declineReason)}
            {c.cancelledAt && row(t("contracts.detail.cancelledAt"), when(c.cancelledAt))}
            {c.cancelReason && row(t("contracts.detail.cancelReason"), c.cancelReason)}
            {row(t("contracts.detail.hash"), <code className="hash">{c.pdfSha256}</code>, "contract-hash")}
            {c.signedPdfSha256 && row(t("contracts.detail.signedHash"), <code className="hash">{c.signedPdfSha256}</code>, "contract-signed-hash")}
          </DataList.Root>
          <Flex gap="2" wrap="wrap" mt="4">
            <Button asChild variant="soft">
              <a href={contractFilePath(c.id, "original")} download data-testid="download-original">
                <Download size={16} aria-hidden /> {t("contracts.detail.downloadOriginal")}
              </a>
            </Button>
            {c.signedPdfKey && (
              <Button asChild variant="soft" color="green">
                <a href={contractFilePath(c.id, "assinado")} download data-testid="download-signed">
                  <Download size={16} aria-hidden /> {t("contracts.detail.downloadSigned")}
                </a>
              </Button>
            )}
            {canSend(c.status) && (
              <ConfirmDialog
                testId="send-contract"
                trigger={
                  <Button data-testid="send-open" disabled={!email}>
                    <Send size={16} aria-hidden /> {c.status === "generated" ? t("contracts.detail.send") : t("contracts.detail.resend")}
                  </Button>
                }
                title={c.status === "generated" ? t("contracts.detail.send") : t("contracts.detail.resend")}
                description={t("contracts.detail.sendText", { email: email ?? "" })}
                cancelLabel={t("contracts.detail.keep")}
                confirm={
                  <Button type="submit" data-testid="send-submit">
                    {c.status === "generated" ? t("contracts.detail.send") : t("contracts.detail.resend")}
                  </Button>
                }
                form={(actions) => (
                  <Form method="post">
                    <input type="hidden" name="intent" value="send" />
                    <input type="hidden" name="version" value={c.version} />
                    {actions}
                  </Form>
                )}
                closeOnConfirm
              />
            )}
            {canCancel(c.status) && (
              <ConfirmDialog
                testId="cancel-contract"
                trigger={
                  <Button color="red" variant="soft">
                    <XCircle size={16} aria-hidden /> {t("contracts.detail.cancel")}
                  </Button>
                }
                title={t("contracts.detail.cancelTitle", { number: c.number })}
                description={t("contracts.detail.cancelText")}
                cancelLabel={t("contracts.detail.keep")}
                confirm={
                  <Button type="submit" color="red">
                    {t("contracts.detail.cancel")}
                  </Button>
                }
                form={(actions) => (
                  <Form method="post">
                    <input type="hidden" name="intent" value="cancel" />
                    <input type="hidden" name="version" value={c.version} />
                    <Flex direction="column" gap="1" mb="3">
                      <Text as="label" size="2" htmlFor="contract-cancel-reason">
                        {t("contracts.detail.cancelReason")}
                      </Text>
                      <TextField.Root id="contract-cancel-reason" name="reason" required minLength={3} maxLength={500} />
                    </Flex>
                    {actions}
                  </Form>
                )}
                closeOnConfirm
              />
            )}
          </Flex>
          {!email && canSend(c.status) && (
            <Text as="p" size="2" color="gray" mt="2">
              {t("contracts.detail.noEmail")}
            </Text>
          )}
        </SectionCard>
        <SectionCard title={t("contracts.detail.events")} testId="contract-events">
          {events.length === 0 ? (
            <Text color="gray">{t("contracts.detail.eventsEmpty")}</Text>
          ) : (
            <ul className="sale-timeline">
              {events.map((e) => (
                <li key={e.id}>
                  <Text size="2" color="gray">
                    {when(e.createdAt)} · {e.who ? t("contracts.detail.by", { who: e.who }) : e.changes?.status?.[1] === "expired" ? t("contracts.detail.system") : t("contracts.detail.client_action")}
                  </Text>
                  <Text as="div" size="2">
                    {Object.entries(e.changes ?? {})
                      .map(([field, [from, to]]) => (from == null ? `${fieldLabel(field)}: ${show(field, to)}` : t("contracts.detail.changed", { field: fieldLabel(field), from: show(field, from), to: show(field, to) })))
                      .join(" · ")}
                  </Text>
                </li>
              ))}
            </ul>
          )}
        </SectionCard>
      </Grid>
      <SectionCard title={t("contracts.detail.document")}>
        <MergedDocumentView document={c.content as unknown as MergedDocument} />
      </SectionCard>
    </Flex>
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
