import { getFormProps } from "@conform-to/react";
import { Button, Card, Flex, Text, TextField } from "@radix-ui/themes";
import { FilePlus, Search } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { useLazyForm } from "~/components/kit/lazy-form";
import { EmptyState } from "~/components/ui/EmptyState";
import { FormField, FormSection, SelectField, TextAreaField, useErrorText } from "~/components/ui/FormField";
import { Notice } from "~/components/ui/Notice";
import { PageHeader } from "~/components/ui/PageHeader";
import { addDays } from "~/lib/finance/schedule";
import { GENERATE_PATH, invoiceErr, invoicePath, parseParty, partyValue } from "~/lib/finance/invoices/invoice";
import { generateSchema } from "~/lib/finance/invoices/invoice.schema";
import { findParty, generateInvoice, invoiceCandidates, partyChoices } from "~/lib/finance/invoices/invoice.server";
import { invoiceFile } from "~/lib/finance/invoices/invoice-pdf.server";
import { canManageFinance } from "~/lib/finance/roles";
import { malformed, parseForm } from "~/lib/kit/forms";
import { redirectWithToast } from "~/lib/platform/flash.server";
import { formatCalendarDate, formatMoney } from "~/lib/platform/format";
import { badRequest, forbidden, notFound } from "~/lib/platform/http";
import { parseCalendarDate, todayIn } from "~/lib/platform/time-zone";
import { getEnv } from "~/middleware/cloudflare";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/gerar-fatura";

export const middleware: Route.MiddlewareFunction[] = [requireModule("financeiro", "faturamento", "gerar_fatura")];

/**
 * GET ?parte=client:<id>|agent:<id>&de=&ate=: the party's confirmed sales of the
 * period not invoiced yet, with their lines (404 for another agency's party).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const params = new URL(request.url).searchParams;
  const from = parseCalendarDate(params.get("de"));
  const to = parseCalendarDate(params.get("ate"));
  const ref = parseParty(params.get("parte"));
  const today = todayIn(scope.timeZone);
  const choices = await partyChoices(scope);
  let picked = null;
  let candidates: Awaited<ReturnType<typeof invoiceCandidates>> = [];
  if (ref) {
    picked = await findParty(scope, ref);
    if (!picked) throw notFound();
    candidates = await invoiceCandidates(scope, ref, { from, to });
  }
  return {
    choices,
    party: picked ? { value: partyValue(picked), name: picked.name, language: picked.language } : null,
    from,
    to,
    candidates,
    defaults: { dueDate: addDays(today, 10), language: picked?.language ?? "pt" },
    canManage: canManageFinance(scope.role),
    documentTitle: getI18n(context).t("invoices.generate.title"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

/** POST: generates the invoice (Admin, Financeiro), stores its PDF and opens it. */
export async function action({ context, request }: Route.ActionArgs) {
  const scope = requireScope(context, request);
  const formData = await request.formData();
  const submission = parseForm(formData, generateSchema);
  if (!submission) return malformed();
  if (!canManageFinance(scope.role)) return forbidden({ result: submission.reply({ formErrors: [invoiceErr.forbidden] }) });
  if (submission.status !== "success") return badRequest({ result: submission.reply() });
  const party = parseParty(submission.value.party)!;
  const created = await generateInvoice(scope, submission.value, party);
  if (!created.ok) {
    if (created.reason === "notFound") throw notFound();
    const key = invoiceErr[created.reason];
    const field = created.field ?? "";
    return badRequest({ result: field ? submission.reply({ fieldErrors: { [field]: [key] } }) : submission.reply({ formErrors: [key] }) });
  }
  // The PDF is stored now (R2); the route serves it from there.
  await invoiceFile(scope, getEnv(context).FILES, created.id);
  return redirectWithToast(invoicePath(created.id), { title: "invoices.detail.createdToast", values: { number: String(created.number) } });
}

export default function GenerateInvoice({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const navigation = useNavigation();
  const { choices, party, from, to, candidates, defaults, canManage } = loaderData;
  const [form, fields] = useLazyForm({
    id: "invoice-generate",
    loadSchema: () => import("~/lib/finance/invoices/invoice.schema").then((m) => m.generateSchema),
    lastResult: (actionData as { result?: never } | undefined)?.result,
    defaultValue: { ...defaults, party: party?.value ?? "", from: from ?? "", to: to ?? "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const allKeys = candidates.flatMap((s) => s.lines.map((l) => l.key));
  // Every line starts ticked; another party or period starts over.
  const selectionKey = allKeys.join(",");
  const [selection, setSelection] = useState(() => ({ key: selectionKey, checked: new Set(allKeys) }));
  if (selection.key !== selectionKey) setSelection({ key: selectionKey, checked: new Set(allKeys) });
  const checked = selection.key === selectionKey ? selection.checked : new Set(allKeys);
  const toggle = (keys: string[], on: boolean) =>
    setSelection((prev) => {
      const next = new Set(prev.checked);
      for (const k of keys) if (on) next.add(k);
      else next.delete(k);
      return { key: prev.key, checked: next };
    });
  const money = (cents: number, currency: string) => formatMoney(cents, currency, i18n.language);
  const selected = candidates.flatMap((s) => s.lines.filter((l) => checked.has(l.key)).map((l) => ({ ...l, currency: s.currency })));
  const currency = selected[0]?.currency ?? candidates[0]?.currency ?? "BRL";
  const selectedTotal = selected.reduce((sum, l) => sum + l.amountCents, 0);
  const linesError = errorText((fields.lines.errors as string[] | undefined)?.[0]) ?? errorText((form.errors as string[] | undefined)?.[0]);
  const people = choices.clients.filter((c) => !c.company);
  const companies = choices.clients.filter((c) => c.company);

  return (
    <Flex direction="column" gap="4" data-testid="invoice-generate-page">
      <PageHeader
        title={t("invoices.generate.title")}
        subtitle={t("invoices.generate.subtitle")}
        trail={[
          { label: t("menu.financeiro.title"), href: null },
          { label: t("menu.financeiro.faturamento.title"), href: null },
        ]}
      />
      {!canManage && (
        <Notice tone="info" testId="invoice-readonly">
          {t("invoices.generate.readOnly")}
        </Notice>
      )}
      <Card>
        <Form method="get" action={GENERATE_PATH} data-testid="invoice-party-form">
          <Flex gap="3" wrap="wrap" align="end">
            <Flex direction="column" gap="1" style={{ minWidth: 260, flex: "2 1 260px" }}>
              <Text as="label" htmlFor="invoice-party" size="2" weight="medium">
                {t("invoices.generate.party")}
              </Text>
              <select id="invoice-party" name="parte" defaultValue={party?.value ?? ""} className="native-select" required>
                <option value="">{t("invoices.generate.partyPlaceholder")}</option>
                <optgroup label={t("invoices.generate.clients")}>
                  {people.map((c) => (
                    <option key={c.value} value={c.value}>
                      {c.label}
                    </option>
                  ))}
                </optgroup>
                <optgroup label={t("invoices.generate.companies")}>
                  {companies.map((c) => (
                    <option key={c.value} value={c.value}>
                      {c.label}
                    </option>
                  ))}
                </optgroup>
                <optgroup label={t("invoices.generate.agents")}>
                  {choices.agents.map((a) => (
                    <option key={a.value} value={a.value}>
                      {a.label}
                    </option>
                  ))}
                </optgroup>
              </select>
            </Flex>
            <Flex direction="column" gap="1" style={{ flex: "1 1 140px" }}>
              <Text as="label" htmlFor="invoice-from" size="2" weight="medium">
                {t("invoices.generate.from")}
              </Text>
              <TextField.Root id="invoice-from" name="de" type="date" defaultValue={from ?? ""} />
            </Flex>
            <Flex direction="column" gap="1" style={{ flex: "1 1 140px" }}>
              <Text as="label" htmlFor="invoice-to" size="2" weight="medium">
                {t("invoices.generate.to")}
              </Text>
              <TextField.Root id="invoice-to" name="ate" type="date" defaultValue={to ?? ""} />
            </Flex>
            <Button type="submit" variant="soft" data-testid="invoice-search">
              <Search size={16} aria-hidden /> {t("invoices.generate.search")}
            </Button>
          </Flex>
        </Form>
      </Card>

      {!party ? (
        <EmptyState title={t("invoices.generate.pickParty")} body={t("invoices.generate.pickPartyText")} testId="invoice-pick-party" />
      ) : candidates.length === 0 ? (
        <EmptyState title={t("invoices.generate.emptyTitle")} body={t("invoices.generate.emptyText")} testId="invoice-nothing" />
      ) : (
        <Form method="post" {...getFormProps(form)} className="record-form" data-testid="invoice-generate-form">
          <input type="hidden" name={fields.party.name} value={party.value} />
          <input type="hidden" name={fields.from.name} value={from ?? ""} />
          <input type="hidden" name={fields.to.name} value={to ?? ""} />
          <FormSection title={party.name}>
            <Flex direction="column" gap="3">
              {linesError && (
                <Text size="2" color="red" role="alert" id={fields.lines.errorId} data-testid="invoice-lines-error">
                  {linesError}
                </Text>
              )}
              {candidates.map((s) => {
                const keys = s.lines.map((l) => l.key);
                const all = keys.every((k) => checked.has(k));
                return (
                  <Card key={s.id} data-testid="invoice-sale" data-sale={s.number}>
                    <Flex direction="column" gap="2">
                      <Flex justify="between" wrap="wrap" gap="2">
                        <Text as="label" size="2" weight="bold">
                          <Flex gap="2" align="center">
                            <input type="checkbox" checked={all} onChange={(e) => toggle(keys, e.currentTarget.checked)} aria-label={t("invoices.generate.selectSale", { number: s.number })} />
                            {t("invoices.generate.sale", { number: s.number })} · {formatCalendarDate(s.saleDate, i18n.language, "short")} · {s.clientName}
                          </Flex>
                        </Text>
                        <Text size="2" weight="medium" className="nowrap">
                          {money(s.totalCents, s.currency)}
                        </Text>
                      </Flex>
                      {s.covered && (
                        <Text size="1" color="gray">
                          {t("invoices.generate.covered")}
                        </Text>
                      )}
                      {s.lines.map((l) => (
                        <Text as="label" size="2" key={l.key}>
                          <Flex gap="2" align="center" justify="between">
                            <Flex gap="2" align="center">
                              <input
                                type="checkbox"
                                name={fields.lines.name}
                                value={l.key}
                                checked={checked.has(l.key)}
                                onChange={(e) => toggle([l.key], e.currentTarget.checked)}
                                data-testid="invoice-line"
                              />
                              {l.description}
                            </Flex>
                            <span className="nowrap">{money(l.amountCents, s.currency)}</span>
                          </Flex>
                        </Text>
                      ))}
                    </Flex>
                  </Card>
                );
              })}
              <Text size="3" weight="bold" data-testid="invoice-selected-total">
                {t("invoices.generate.selected", { total: money(selectedTotal, currency) })}
              </Text>
              <div className="form-grid">
                <FormField field={fields.dueDate} label={t("invoices.generate.dueDate")} type="date" required />
                <SelectField field={fields.language} label={t("invoices.generate.language")} options={(["pt", "en", "es"] as const).map((l) => ({ value: l, label: t(`invoices.languages.${l}`) }))} />
              </div>
              <TextAreaField field={fields.notes} label={t("invoices.generate.notes")} rows={3} />
            </Flex>
          </FormSection>
          <Flex gap="3" className="form-actions" wrap="wrap">
            <Button type="submit" size="3" disabled={!canManage || navigation.state === "submitting"} data-testid="invoice-submit">
              <FilePlus size={16} aria-hidden /> {t("invoices.generate.submit")}
            </Button>
          </Flex>
        </Form>
      )}
    </Flex>
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
