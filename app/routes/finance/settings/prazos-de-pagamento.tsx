import { Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { useRecordForm } from "~/components/kit/RecordForm";
import { ActiveBadge, InlineForm, InlineSettingsScreen, type InlineActionData, type SettingsColumn } from "~/components/finance/settings/SettingsScreen";
import { useHydrated } from "~/components/shell/PageTransition";
import { TermPreview } from "~/components/finance/settings/TermPreview";
import { CheckboxField, FormField, SelectField } from "~/components/ui/FormField";
import { ensureFinanceDefaults } from "~/lib/finance/defaults.server";
import { formatBp } from "~/lib/finance/money";
import { inlineAction, inlineEditing } from "~/lib/finance/settings/inline.server";
import { PAYMENT_TERM_EMPTY, listPaymentTerms, paymentTermFormValues, paymentTermSpec, type PaymentTermListRow } from "~/lib/finance/settings/payment-term.server";
import { DEFAULT_SAMPLE_CENTS, sampleCents } from "~/lib/finance/settings/preview";
import { nameListSpec } from "~/lib/finance/settings/settings";
import { paymentTermStore } from "~/lib/finance/settings/stores.server";
import { parseListQuery } from "~/lib/kit/list";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/prazos-de-pagamento";
import { todayIn } from "~/lib/platform/time-zone";

export const middleware: Route.MiddlewareFunction[] = [requireModule("financeiro", "configuracoes", "prazos_de_pagamento")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

/** The terms (keyset pages by name); `?novo` or `?editar=<id>` opens the inline form with its preview (`?amostra=` total). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  await ensureFinanceDefaults(scope.db, scope.agencyId);
  const url = new URL(request.url);
  const query = parseListQuery(url.searchParams, nameListSpec);
  const [{ rows, page }, { row: _row, ...edit }] = await Promise.all([
    listPaymentTerms(scope, query),
    inlineEditing(scope, request, paymentTermStore, { label: (r) => r.name, toForm: paymentTermFormValues, empty: PAYMENT_TERM_EMPTY }),
  ]);
  return {
    query,
    rows,
    page,
    ...edit,
    sample: sampleCents(url.searchParams.get("amostra")) ?? DEFAULT_SAMPLE_CENTS,
    today: todayIn(scope.timeZone),
    currency: scope.currency,
    documentTitle: getI18n(context).t("menu.financeiro.configuracoes.prazos_de_pagamento.title"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

/** Create, update (version checked) or delete a term: Admin, SuperAdmin and Financeiro only. */
export const action = ({ context, request }: Route.ActionArgs) => inlineAction(paymentTermSpec, requireScope(context, request), request);

export default function PaymentTerms({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const summary = (r: PaymentTermListRow) =>
    [
      r.downPaymentBp > 0 ? t("financeSettings.terms.summary.down", { percent: formatBp(r.downPaymentBp) }) : "",
      t("financeSettings.terms.summary.installments", { count: r.installments }),
      r.installments > 1
        ? `, ${r.intervalKind === "day_of_month" ? t("financeSettings.terms.summary.dayOfMonth", { day: r.dayOfMonth ?? "" }) : t("financeSettings.terms.summary.everyDays", { days: r.intervalDays })}`
        : "",
      " · ",
      r.firstDueDays === 0 ? t("financeSettings.terms.summary.firstToday") : t("financeSettings.terms.summary.first", { days: r.firstDueDays }),
    ].join("");
  const columns: SettingsColumn<PaymentTermListRow>[] = [
    { key: "name", label: t("financeSettings.terms.fields.name"), render: (r) => <Text weight="medium">{r.name}</Text> },
    { key: "summary", label: t("financeSettings.terms.fields.summary"), render: (r) => summary(r) },
    { key: "active", label: t("financeSettings.status"), secondary: true, render: (r) => <ActiveBadge active={r.active} /> },
  ];
  const answer = actionData as InlineActionData | undefined;
  return (
    <InlineSettingsScreen
      section="terms"
      menuKey="prazos_de_pagamento"
      testId="payment-terms-page"
      cardTestId="payment-term-card"
      data={loaderData}
      answer={answer}
      columns={columns}
      spec={nameListSpec}
      renderForm={(key) => (
        <div className="form-grid">
          <TermForm key={key} loaderData={loaderData} actionData={answer} />
          <TermPreview formId="payment-term-form" initial={loaderData.values} sample={loaderData.sample} today={loaderData.today} currency={loaderData.currency} />
        </div>
      )}
    />
  );
}

function TermForm({ loaderData, actionData }: { loaderData: Route.ComponentProps["loaderData"]; actionData: InlineActionData | undefined }) {
  const { t } = useTranslation();
  const { canManage, editing } = loaderData;
  const [form, fields] = useRecordForm({ id: "payment-term-form", loadSchema: () => import("~/lib/finance/settings/settings.schema").then((m) => m.paymentTermSchema), lastResult: actionData?.result, defaultValue: loaderData.values });
  const kind = fields.intervalKind.value ?? loaderData.values.intervalKind;
  // Without JavaScript both fields show (the select cannot toggle them); with it, the one of the chosen kind.
  const hydrated = useHydrated();
  return (
    <InlineForm form={form} version={editing ? (actionData?.stale?.version ?? editing.version) : null} canManage={canManage}>
      <FormField field={fields.name} label={t("financeSettings.terms.fields.name")} required autoComplete="off" />
      <FormField field={fields.downPayment} label={t("financeSettings.terms.fields.downPayment")} inputMode="decimal" hint={t("financeSettings.terms.hints.downPayment")} />
      <FormField field={fields.installments} label={t("financeSettings.terms.fields.installments")} inputMode="numeric" required />
      <FormField field={fields.firstDueDays} label={t("financeSettings.terms.fields.firstDueDays")} inputMode="numeric" hint={t("financeSettings.terms.hints.firstDueDays")} />
      <SelectField
        field={fields.intervalKind}
        label={t("financeSettings.terms.fields.intervalKind")}
        options={(["days", "day_of_month"] as const).map((k) => ({ value: k, label: t(`financeSettings.terms.intervalKinds.${k}`) }))}
      />
      {/* Both stay in the form; the one of the other kind is ignored. */}
      <div hidden={hydrated && kind === "day_of_month"}>
        <FormField field={fields.intervalDays} label={t("financeSettings.terms.fields.intervalDays")} inputMode="numeric" />
      </div>
      <div hidden={hydrated && kind !== "day_of_month"}>
        <FormField field={fields.dayOfMonth} label={t("financeSettings.terms.fields.dayOfMonth")} inputMode="numeric" hint={t("financeSettings.terms.hints.dayOfMonth")} />
      </div>
      <CheckboxField field={fields.active} label={t("financeSettings.active")} />
    </InlineForm>
  );
}

/** A missing record (or another agency's) shows inside the shell. */
export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
