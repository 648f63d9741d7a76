import { Button, DataList, Flex, Table, Text, TextField } from "@radix-ui/themes";
import { FileText, Send, XCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Form, Link } from "react-router";
import { InvoiceStatusBadge } from "~/components/finance/invoices/InvoiceStatusBadge";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { Notice } from "~/components/ui/Notice";
import { PageHeader } from "~/components/ui/PageHeader";
import { SectionCard } from "~/components/ui/SectionCard";
import { INVOICES_PATH, invoiceErr, invoicePdfPath } from "~/lib/finance/invoices/invoice";
import { invoiceIntentSchema } from "~/lib/finance/invoices/invoice.schema";
import { cancelInvoice, findInvoice, findParty, invoiceDetail } from "~/lib/finance/invoices/invoice.server";
import { sendInvoice } from "~/lib/finance/invoices/invoice-mail.server";
import { canManageFinance } from "~/lib/finance/roles";
import { malformed, parseForm } from "~/lib/kit/forms";
import { formatDocument } from "~/lib/platform/br-documents";
import { formatCalendarDate, formatDateTime, formatMoney } from "~/lib/platform/format";
import { forbidden, notFound } from "~/lib/platform/http";
import { translate } from "~/lib/platform/translate";
import { getEnv, getMailer } from "~/middleware/cloudflare";
import { getI18n } from "~/middleware/i18n";
import { requireAgency, requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/fatura";

export const middleware: Route.MiddlewareFunction[] = [requireModule("financeiro", "faturamento", "listagem_de_faturas")];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const detail = await invoiceDetail(scope, params.id);
  if (!detail) throw notFound();
  const party = await findParty(scope, { kind: detail.invoice.partyKind, id: detail.invoice.partyId });
  return {
    ...detail,
    email: party?.email ?? null,
    timeZone: scope.timeZone,
    canManage: canManageFinance(scope.role),
    documentTitle: getI18n(context).t("invoices.detail.title", { number: detail.invoice.number }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

type ActionData = { error: string | null; toast: { title: string; values?: Record<string, string>; variant?: "destructive" } | null };

/** send (by e-mail, in the invoice's language) or cancel (with a reason): Admin, Financeiro (and a SuperAdmin in the agency). */
export async function action({ context, request, params }: Route.ActionArgs) {
  const scope = requireScope(context, request);
  if (!(await findInvoice(scope, params.id))) throw notFound();
  const submission = parseForm(await request.formData(), invoiceIntentSchema);
  if (!submission) return malformed();
  if (!canManageFinance(scope.role)) throw forbidden({ error: invoiceErr.forbidden, toast: null } satisfies ActionData);
  if (submission.status !== "success") {
    const first = Object.values(submission.reply().error ?? {}).flat()[0] ?? "validation.invalid";
    return data({ error: first, toast: null } satisfies ActionData, { status: 400 });
  }
  const intent = submission.value;
  if (intent.intent === "send") {
    const agencyName = requireAgency(context, request).agency.name;
    const sent = await sendInvoice(scope, { ...getMailer(context), files: getEnv(context).FILES }, params.id, intent.version, agencyName);
    if (!sent.ok) {
      if (sent.reason === "notFound") throw notFound();
      return data({ error: invoiceErr[sent.reason], toast: null } satisfies ActionData, { status: sent.reason === "stale" || sent.reason === "cancelled" ? 409 : 400 });
    }
    return { error: null, toast: { title: "invoices.detail.sentToast", values: { email: sent.to } } } satisfies ActionData;
  }
  const cancelled = await cancelInvoice(scope, params.id, intent.version, intent.reason);
  if (!cancelled.ok) {
    if (cancelled.reason === "notFound") throw notFound();
    return data({ error: invoiceErr[cancelled.reason], toast: null } satisfies ActionData, { status: 409 });
  }
  return { error: null, toast: { title: "invoices.detail.cancelledToast" } } satisfies ActionData;
}

export default function InvoicePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { invoice: inv, lines, titles, shown, settled, email, timeZone, canManage } = loaderData;
  const error = actionData && "error" in actionData ? actionData.error : null;
  const money = (cents: number) => formatMoney(cents, inv.currency, i18n.language);
  const day = (d: string) => formatCalendarDate(d, i18n.language, "short");
  const issued = inv.status === "issued";
  const row = (label: string, value: React.ReactNode, testId?: string) => (
    <DataList.Item>
      <DataList.Label minWidth="140px">{label}</DataList.Label>
      <DataList.Value data-testid={testId}>{value}</DataList.Value>
    </DataList.Item>
  );
  return (
    <Flex direction="column" gap="4" data-testid="invoice-page">
      <PageHeader
        title={t("invoices.detail.title", { number: inv.number })}
        subtitle={inv.partyName}
        trail={[
          { label: t("menu.financeiro.title"), href: null },
          { label: t("invoices.list.title"), href: INVOICES_PATH },
        ]}
        aside={<InvoiceStatusBadge status={shown} />}
      />
      {error && (
        <Notice tone="error" testId="invoice-error">
          {translate(i18n, error)}
        </Notice>
      )}
      <SectionCard title={t("invoices.detail.title", { number: inv.number })}>
        <DataList.Root size="2" orientation={{ initial: "vertical", sm: "horizontal" }}>
          {row(t("invoices.detail.party"), [inv.partyName, inv.partyDocument ? formatDocument(inv.partyDocument) : null].filter(Boolean).join(" · "), "invoice-party")}
          {row(t("invoices.detail.issueDate"), day(inv.issueDate))}
          {row(t("invoices.detail.dueDate"), day(inv.dueDate), "invoice-due")}
          {(inv.periodFrom || inv.periodTo) && row(t("invoices.detail.period"), `${inv.periodFrom ? day(inv.periodFrom) : "…"} – ${inv.periodTo ? day(inv.periodTo) : "…"}`)}
          {row(t("invoices.detail.total"), <Text weight="bold">{money(inv.totalCents)}</Text>, "invoice-total")}
          {row(t("invoices.detail.language"), t(`invoices.languages.${inv.language}`))}
          {row(
            t("invoices.detail.mail"),
            inv.sentAt ? t("invoices.detail.sent", { email: inv.sentTo ?? "", date: formatDateTime(inv.sentAt, i18n.language, timeZone) }) : t("invoices.detail.notSent"),
            "invoice-sent",
          )}
          {inv.cancelledAt && row(t("invoices.status.cancelled"), t("invoices.detail.cancelled", { date: formatDateTime(inv.cancelledAt, i18n.language, timeZone), reason: inv.cancelReason ?? "" }))}
        </DataList.Root>
        <Flex gap="2" wrap="wrap" mt="4">
          <Button asChild variant="soft">
            <a href={invoicePdfPath(inv.id)} target="_blank" rel="noopener" data-testid="invoice-pdf">
              <FileText size={16} aria-hidden /> {t("invoices.detail.pdf")}
            </a>
          </Button>
          {issued && canManage && (
            <ConfirmDialog
              testId="send-invoice"
              trigger={
                <Button data-testid="send-open" disabled={!email}>
                  <Send size={16} aria-hidden /> {t("invoices.detail.send")}
                </Button>
              }
              title={t("invoices.detail.sendTitle")}
              description={t("invoices.detail.sendText", { email: email ?? "", language: t(`invoices.languages.${inv.language}`) })}
              cancelLabel={t("common.cancel")}
              confirm={
                <Button type="submit" data-testid="send-submit">
                  {t("invoices.detail.send")}
                </Button>
              }
              form={(actions) => (
                <Form method="post">
                  <input type="hidden" name="intent" value="send" />
                  <input type="hidden" name="version" value={inv.version} />
                  {actions}
                </Form>
              )}
              closeOnConfirm
            />
          )}
          {issued && canManage && (
            <ConfirmDialog
              testId="cancel-invoice"
              trigger={
                <Button color="red" variant="soft" data-testid="cancel-open" disabled={settled}>
                  <XCircle size={16} aria-hidden /> {t("invoices.detail.cancel")}
                </Button>
              }
              title={t("invoices.detail.cancelTitle")}
              description={t("invoices.detail.cancelText")}
              cancelLabel={t("common.cancel")}
              confirm={
                <Button type="submit" color="red" data-testid="cancel-submit">
                  {t("invoices.detail.cancel")}
                </Button>
              }
              form={(actions) => (
                <Form method="post">
                  <input type="hidden" name="intent" value="cancel" />
                  <input type="hidden" name="version" value={inv.version} />
                  <Flex direction="column" gap="1" mb="3">
                    <Text as="label" size="2" htmlFor="invoice-cancel-reason">
                      {t("invoices.detail.cancelReason")}
                    </Text>
                    <TextField.Root id="invoice-cancel-reason" name="reason" required maxLength={500} />
                  </Flex>
                  {actions}
                </Form>
              )}
              closeOnConfirm
            />
          )}
        </Flex>
        {issued && !email && (
          <Text as="p" size="2" color="gray" mt="2">
            {t("invoices.detail.noEmail")}
          </Text>
        )}
        {issued && settled && (
          <Text as="p" size="2" color="gray" mt="2">
            {t("invoices.detail.settledNote")}
          </Text>
        )}
      </SectionCard>
      <SectionCard title={t("invoices.detail.lines")} testId="invoice-lines">
        <Table.Root size="1">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{t("invoices.pdf.sale")}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t("invoices.pdf.description")}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell align="right">{t("invoices.pdf.amount")}</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {lines.map((l) => (
              <Table.Row key={l.id}>
                <Table.Cell>
                  {l.saleKind === "excursion" ? (
                    <Link to={`/vendas/excursoes/gerenciar/${l.saleId}`}>#{l.saleNumber}</Link>
                  ) : (
                    <Link to={`/vendas/emissivo/editar/${l.saleId}`}>#{l.saleNumber}</Link>
                  )}
                </Table.Cell>
                <Table.Cell>{l.description}</Table.Cell>
                <Table.Cell align="right" className="nowrap">
                  {money(l.amountCents)}
                </Table.Cell>
              </Table.Row>
            ))}
            <Table.Row>
              <Table.Cell />
              <Table.Cell>
                <Text weight="bold">{t("invoices.detail.total")}</Text>
              </Table.Cell>
              <Table.Cell align="right" className="nowrap">
                <Text weight="bold">{money(inv.totalCents)}</Text>
              </Table.Cell>
            </Table.Row>
          </Table.Body>
        </Table.Root>
      </SectionCard>
      <SectionCard title={t("invoices.detail.payments")} testId="invoice-titles">
        <Table.Root size="1">
          <Table.Body>
            {titles.map((ti) => (
              <Table.Row key={ti.id}>
                <Table.Cell className="nowrap">{day(ti.dueDate)}</Table.Cell>
                <Table.Cell>
                  <Link to={`/financeiro/contas-a-receber/editar/${ti.id}`}>
                    {ti.description}
                  </Link>
                  <Text as="div" size="1" color="gray">
                    {t(`invoices.detail.${ti.link}`)}
                  </Text>
                </Table.Cell>
                <Table.Cell>{t(`invoices.titleStatus.${ti.status}`)}</Table.Cell>
                <Table.Cell align="right" className="nowrap">
                  {formatMoney(ti.amountCents, ti.currency, i18n.language)}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </SectionCard>
      {inv.notes && (
        <SectionCard title={t("invoices.detail.notes")}>
          <Text as="p" size="2" style={{ whiteSpace: "pre-wrap" }}>
            {inv.notes}
          </Text>
        </SectionCard>
      )}
    </Flex>
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
