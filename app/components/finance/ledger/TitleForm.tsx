import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Button, Flex, Table, Text, TextField } from "@radix-ui/themes";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { RatePreview } from "~/components/finance/cambio/RatePreview";
import { useDay, useMoney } from "~/components/finance/ledger/Money";
import { useLazyForm } from "~/components/kit/lazy-form";
import { FormField, FormSection, SelectField, TextAreaField, UnsavedChangesGuard } from "~/components/ui/FormField";
import type { TitleDirection, TitlePartyKind } from "~/lib/finance/ledger/ledger";
import { DIRECTION_PATH } from "~/lib/finance/ledger/title-list";
import { parseCents } from "~/lib/finance/money";
import { termSchedule, type TermShape } from "~/lib/finance/schedule";
import { considerForDirty } from "~/lib/kit/form-keys";
import { parseCalendarDate } from "~/lib/platform/time-zone";
import { translate } from "~/lib/platform/translate";

export type TitleChoices = {
  parties: { kind: TitlePartyKind; id: string; name: string }[];
  categories: { id: string; code: string; name: string; nature: string; active: boolean }[];
  accounts: { id: string; name: string; currency: string; active: boolean }[];
  terms: ({ id: string; name: string } & TermShape)[];
  intermediaries: { id: string; name: string }[];
};

/** The title's fields (novo and editar); on novo, the payment term and a preview of its installments. */
export function TitleForm({
  mode,
  direction,
  values,
  version,
  locked,
  choices,
  lastResult,
  cancelHref,
}: {
  mode: "new" | "edit";
  direction: TitleDirection;
  values: Record<string, string>;
  version: number;
  locked: { amount: boolean; all: boolean } | null;
  choices: TitleChoices;
  lastResult: SubmissionResult<string[]> | undefined;
  cancelHref: string;
}) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && (navigation.formData?.get("intent") ?? "save") === "save";
  // The schema (and zod) is fetched on the form's first focus or when the browser is idle; the server validates every post.
  const [form, fields] = useLazyForm({
    id: "title-form",
    loadSchema: () => import("~/lib/finance/ledger/ledger.schema").then((m) => (mode === "new" ? m.titleCreateSchema : m.titleEditSchema)),
    lastResult,
    defaultValue: values as never,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    shouldDirtyConsider: considerForDirty,
  });
  const [partyFilter, setPartyFilter] = useState("");
  const [preview, setPreview] = useState({ amount: values.amount ?? "", competenceDate: values.competenceDate ?? "", dueDate: values.dueDate ?? "", termId: "", currency: values.currency ?? "" });
  const partyOptions = useMemo(() => {
    const needle = partyFilter.trim().toLocaleLowerCase(i18n.language);
    const current = String(fields.party.initialValue ?? "");
    return [
      { value: "", label: t("financeLedger.choose") },
      ...choices.parties
        .filter((p) => !needle || p.name.toLocaleLowerCase(i18n.language).includes(needle) || `${p.kind}:${p.id}` === current)
        .map((p) => ({ value: `${p.kind}:${p.id}`, label: `${p.name} · ${translate(i18n, `financeLedger.partyKinds.${p.kind}`)}` })),
    ];
  }, [choices.parties, partyFilter, i18n, t, fields.party.initialValue]);
  const natures = direction === "receivable" ? ["revenue", "deduction", "asset", "liability", "equity"] : ["cost", "expense", "deduction", "asset", "liability", "equity"];
  const categoryOptions = [
    { value: "", label: t("financeLedger.choose") },
    ...[...choices.categories]
      .filter((c) => c.active || c.id === values.categoryId)
      .sort((a, b) => natures.indexOf(a.nature) - natures.indexOf(b.nature) || a.code.localeCompare(b.code, "en", { numeric: true }))
      .filter((c) => natures.includes(c.nature) || c.id === values.categoryId)
      .map((c) => ({ value: c.id, label: `${c.code} ${c.name}` })),
  ];
  const disabled = locked?.all ?? false;
  return (
    <Form method="post" {...getFormProps(form)} className="record-form" data-testid="title-form">
      <UnsavedChangesGuard dirty={form.dirty} />
      {mode === "edit" && <input type="hidden" name="version" value={version} />}
      <input type="hidden" name="intent" value="save" />
      <fieldset disabled={disabled} style={{ border: 0, padding: 0, margin: 0 }}>
        <Flex direction="column" gap="4">
          <FormSection title={t("financeLedger.sections.main")}>
            <div className="form-grid">
              <div className="span-all">
                <Flex direction="column" gap="1">
                  <TextField.Root
                    size="2"
                    type="search"
                    placeholder={t("financeLedger.partySearch")}
                    aria-label={t("financeLedger.partySearch")}
                    value={partyFilter}
                    onChange={(e) => setPartyFilter(e.currentTarget.value)}
                    data-testid="party-search"
                  />
                  <SelectField key={partyOptions.length} field={fields.party} label={t("financeLedger.fields.party")} options={partyOptions} required />
                </Flex>
              </div>
              <div className="span-all">
                <FormField field={fields.description} label={t("financeLedger.fields.description")} required autoComplete="off" />
              </div>
              <FormField field={fields.documentNumber} label={t("financeLedger.fields.documentNumber")} autoComplete="off" />
              <SelectField field={fields.categoryId} label={t("financeLedger.fields.category")} options={categoryOptions} required />
            </div>
          </FormSection>
          <FormSection title={t("financeLedger.sections.dates")}>
            <div className="form-grid">
              <Flex direction="column" onChange={(e) => setPreview((p) => ({ ...p, competenceDate: (e.target as HTMLInputElement).value }))}>
                <FormField field={fields.competenceDate} label={t("financeLedger.fields.competenceDate")} type="date" required />
              </Flex>
              <Flex direction="column" onChange={(e) => setPreview((p) => ({ ...p, dueDate: (e.target as HTMLInputElement).value }))}>
                <FormField field={fields.dueDate} label={t("financeLedger.fields.dueDate")} type="date" required />
              </Flex>
              <Flex direction="column" onChange={(e) => setPreview((p) => ({ ...p, amount: (e.target as HTMLInputElement).value }))}>
                <FormField
                  field={fields.amount}
                  label={t("financeLedger.fields.amount")}
                  inputMode="decimal"
                  placeholder="1.234,56"
                  required
                  hint={locked?.amount ? t("financeLedger.errors.amountLocked") : t("financeLedger.hints.amount")}
                />
              </Flex>
              <Flex direction="column" onChange={(e) => setPreview((p) => ({ ...p, currency: (e.target as HTMLInputElement).value }))}>
                <FormField field={fields.currency} label={t("financeLedger.fields.currency")} placeholder="BRL" />
              </Flex>
              {mode === "new" && (
                <div className="span-all">
                  <SelectField
                    // Conform's fields are a proxy: every name of the form resolves (novo's schema has paymentTermId).
                    field={(fields as unknown as Record<string, typeof fields.description>).paymentTermId!}
                    label={t("financeLedger.fields.paymentTerm")}
                    hint={t("financeLedger.hints.paymentTerm")}
                    options={[{ value: "", label: t("financeLedger.noTerm") }, ...choices.terms.map((p) => ({ value: p.id, label: p.name }))]}
                    onChange={(termId) => setPreview((p) => ({ ...p, termId }))}
                  />
                </div>
              )}
              <div className="span-all">
                <TextAreaField field={fields.notes} label={t("financeLedger.fields.notes")} rows={2} />
              </div>
            </div>
          </FormSection>
          {mode === "new" && <RatePreview base={DIRECTION_PATH[direction]} currency={preview.currency} competenceDate={preview.competenceDate} amount={preview.amount} />}
          {mode === "new" && <InstallmentPreview {...preview} terms={choices.terms} currency={/^[A-Za-z]{3}$/.test(preview.currency.trim()) ? preview.currency.trim().toUpperCase() : "BRL"} />}
          {form.errors && form.errors.length > 0 && (
            <Text color="red" role="alert" data-testid="title-form-error">
              {form.errors.map((e) => translate(i18n, e)).join(" ")}
            </Text>
          )}
          <Flex gap="3" justify="end" className="form-actions">
            <Button asChild variant="soft" color="gray" type="button">
              <Link to={cancelHref}>{t("forms.cancel")}</Link>
            </Button>
            <Button type="submit" disabled={busy || disabled} data-testid="title-save">
              {mode === "new" ? t("financeLedger.actions.create") : t("financeLedger.actions.save")}
            </Button>
          </Flex>
        </Flex>
      </fieldset>
    </Form>
  );
}

/** The installments the chosen term gives for the typed amount (the server computes the same). */
function InstallmentPreview({ amount, competenceDate, dueDate, termId, terms, currency }: { amount: string; competenceDate: string; dueDate: string; termId: string; terms: TitleChoices["terms"]; currency: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  const day = useDay();
  const cents = parseCents(amount);
  const term = terms.find((x) => x.id === termId);
  let rows: { no: number; count: number; dueDate: string; amountCents: number }[] = [];
  if (cents && cents > 0) {
    if (term && parseCalendarDate(competenceDate)) rows = termSchedule(term, cents, competenceDate);
    else if (!term && parseCalendarDate(dueDate)) rows = [{ no: 1, count: 1, dueDate, amountCents: cents }];
  }
  return (
    <FormSection title={t("financeLedger.preview.title")} hint={t("financeLedger.preview.hint")}>
      {rows.length === 0 ? (
        <Text color="gray" size="2">
          {t("financeLedger.preview.empty")}
        </Text>
      ) : (
        <Table.Root size="1" data-testid="installment-preview">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{t("financeLedger.fields.installment")}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t("financeLedger.fields.dueDate")}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell style={{ textAlign: "right" }}>{t("financeLedger.fields.amount")}</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((r) => (
              <Table.Row key={r.no} data-testid="preview-row">
                <Table.Cell>
                  {r.no}/{r.count}
                </Table.Cell>
                <Table.Cell>{day(r.dueDate)}</Table.Cell>
                <Table.Cell style={{ textAlign: "right" }}>{money(r.amountCents, currency)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </FormSection>
  );
}
