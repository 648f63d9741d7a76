import { Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { useRecordForm } from "~/components/kit/RecordForm";
import { ActiveBadge, InlineForm, InlineSettingsScreen, type InlineActionData, type SettingsColumn } from "~/components/finance/settings/SettingsScreen";
import { CheckboxField, FormField, SelectField } from "~/components/ui/FormField";
import { formatBp } from "~/lib/finance/money";
import { bankAccountOptions } from "~/lib/finance/settings/bank-account.server";
import { inlineAction, inlineEditing } from "~/lib/finance/settings/inline.server";
import { INTERMEDIARY_EMPTY, intermediaryFormValues, intermediarySpec, listIntermediaries } from "~/lib/finance/settings/intermediary.server";
import { INTERMEDIARY_KINDS, nameListSpec } from "~/lib/finance/settings/settings";
import { intermediaryStore } from "~/lib/finance/settings/stores.server";
import { parseListQuery } from "~/lib/kit/list";
import { formatMoney } from "~/lib/platform/format";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/intermediadores";

export const middleware: Route.MiddlewareFunction[] = [requireModule("financeiro", "configuracoes", "intermediadores")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

/** The intermediaries (keyset pages by name); `?novo` or `?editar=<id>` opens the inline form. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const query = parseListQuery(new URL(request.url).searchParams, nameListSpec);
  const [{ rows, page }, { row: _row, ...edit }, accounts] = await Promise.all([
    listIntermediaries(scope, query),
    inlineEditing(scope, request, intermediaryStore, { label: (r) => r.name, toForm: intermediaryFormValues, empty: INTERMEDIARY_EMPTY }),
    bankAccountOptions(scope),
  ]);
  return { query, rows, page, accounts, ...edit, currency: scope.currency, documentTitle: getI18n(context).t("menu.financeiro.configuracoes.intermediadores.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

/** Create, update (version checked) or delete an intermediary: Admin, SuperAdmin and Financeiro only. */
export const action = ({ context, request }: Route.ActionArgs) => inlineAction(intermediarySpec, requireScope(context, request), request);

type Row = Route.ComponentProps["loaderData"]["rows"][number];

export default function Intermediaries({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { accounts, currency } = loaderData;
  const accountName = new Map(accounts.map((a) => [a.id, a.name]));
  const columns: SettingsColumn<Row>[] = [
    { key: "name", label: t("financeSettings.intermediaries.fields.name"), render: (r) => <Text weight="medium">{r.name}</Text> },
    { key: "kind", label: t("financeSettings.intermediaries.fields.kind"), secondary: true, render: (r) => t(`financeSettings.intermediaries.kinds.${r.kind}`) },
    {
      key: "fees",
      label: t("financeSettings.intermediaries.fields.fees"),
      render: (r) => <span className="nowrap">{`${formatBp(r.feeBp)}% + ${formatMoney(r.fixedFeeCents, currency, i18n.language)}`}</span>,
    },
    { key: "days", label: t("financeSettings.intermediaries.fields.settlementDays"), secondary: true, render: (r) => t("financeSettings.intermediaries.days", { count: r.settlementDays }) },
    { key: "account", label: t("financeSettings.intermediaries.fields.bankAccountId"), secondary: true, render: (r) => (r.bankAccountId ? (accountName.get(r.bankAccountId) ?? "—") : "—") },
    { key: "active", label: t("financeSettings.status"), secondary: true, render: (r) => <ActiveBadge active={r.active} /> },
  ];
  const answer = actionData as InlineActionData | undefined;
  return (
    <InlineSettingsScreen
      section="intermediaries"
      menuKey="intermediadores"
      testId="intermediaries-page"
      cardTestId="intermediary-card"
      data={loaderData}
      answer={answer}
      columns={columns}
      spec={nameListSpec}
      renderForm={(key) => <IntermediaryForm key={key} loaderData={loaderData} actionData={answer} />}
    />
  );
}

function IntermediaryForm({ loaderData, actionData }: { loaderData: Route.ComponentProps["loaderData"]; actionData: InlineActionData | undefined }) {
  const { t } = useTranslation();
  const { canManage, editing, accounts } = loaderData;
  const [form, fields] = useRecordForm({ id: "intermediary-form", loadSchema: () => import("~/lib/finance/settings/settings.schema").then((m) => m.intermediarySchema), lastResult: actionData?.result, defaultValue: loaderData.values });
  return (
    <InlineForm form={form} version={editing ? (actionData?.stale?.version ?? editing.version) : null} canManage={canManage}>
      <div className="form-grid">
        <FormField field={fields.name} label={t("financeSettings.intermediaries.fields.name")} required autoComplete="off" />
        <SelectField field={fields.kind} label={t("financeSettings.intermediaries.fields.kind")} options={INTERMEDIARY_KINDS.map((k) => ({ value: k, label: t(`financeSettings.intermediaries.kinds.${k}`) }))} />
        <FormField field={fields.fee} label={t("financeSettings.intermediaries.fields.fee")} inputMode="decimal" placeholder="2,99" />
        <FormField field={fields.fixedFee} label={t("financeSettings.intermediaries.fields.fixedFee")} inputMode="decimal" placeholder="0,49" />
        <FormField field={fields.settlementDays} label={t("financeSettings.intermediaries.fields.settlementDays")} inputMode="numeric" />
        <SelectField
          field={fields.bankAccountId}
          label={t("financeSettings.intermediaries.fields.bankAccountId")}
          options={[{ value: "", label: t("financeSettings.intermediaries.noAccount") }, ...accounts.map((a) => ({ value: a.id, label: a.active ? a.name : `${a.name} (${t("financeSettings.inactive")})` }))]}
        />
      </div>
      <CheckboxField field={fields.active} label={t("financeSettings.active")} />
    </InlineForm>
  );
}

/** A missing record (or another agency's) shows inside the shell. */
export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
