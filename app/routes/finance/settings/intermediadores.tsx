import { Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { useRecordForm } from "~/components/kit/RecordForm";
import { ActiveBadge, InlineForm, InlineFormCard, SettingsScreen, type InlineActionData, type SettingsColumn } from "~/components/finance/settings/SettingsScreen";
import { CheckboxField, FormField, SelectField } from "~/components/ui/FormField";
import { formatBp } from "~/lib/finance/money";
import { canManageFinance } from "~/lib/finance/roles";
import { bankAccountOptions } from "~/lib/finance/settings/bank-account.server";
import { editingId, inlineAction } from "~/lib/finance/settings/inline.server";
import { INTERMEDIARY_EMPTY, intermediaryFormValues, intermediarySpec, listIntermediaries } from "~/lib/finance/settings/intermediary.server";
import { INTERMEDIARY_KINDS, intermediarySchema, nameListSpec } from "~/lib/finance/settings/schemas";
import { intermediaryStore } from "~/lib/finance/settings/stores.server";
import { parseListQuery } from "~/lib/kit/list";
import { findRecord } from "~/lib/kit/record.server";
import { formatMoney } from "~/lib/platform/format";
import { notFound } from "~/lib/platform/http";
import { lookup } from "~/lib/platform/translate";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/intermediadores";

export const middleware: Route.MiddlewareFunction[] = [requireModule("financeiro", "configuracoes", "intermediadores")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

/** The intermediaries (keyset pages by name); `?novo` or `?editar=<id>` opens the inline form. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const url = new URL(request.url);
  const query = parseListQuery(url.searchParams, nameListSpec);
  const id = editingId(request);
  const [{ rows, page }, editing, accounts] = await Promise.all([
    listIntermediaries(scope, query),
    id ? findRecord(scope, intermediaryStore, id) : null,
    bankAccountOptions(scope),
  ]);
  if (id && !editing) throw notFound();
  const canManage = canManageFinance(scope.role);
  return {
    query,
    rows,
    page,
    accounts,
    canManage,
    editing: editing ? { id: editing.id, name: editing.name, version: editing.version } : null,
    creating: !editing && canManage && url.searchParams.has("novo"),
    values: editing ? intermediaryFormValues(editing) : INTERMEDIARY_EMPTY,
    currency: scope.currency,
    documentTitle: getI18n(context).t("menu.financeiro.configuracoes.intermediadores.title"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

/** Create, update (version checked) or delete an intermediary: Admin, SuperAdmin and Financeiro only. */
export const action = ({ context, request }: Route.ActionArgs) => inlineAction(intermediarySpec, requireScope(context, request), request);

type Row = Route.ComponentProps["loaderData"]["rows"][number];

export default function Intermediaries({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { rows, page, query, canManage, editing, creating, accounts, currency } = loaderData;
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
  const fieldLabel = (field: string) => lookup(i18n, `financeSettings.intermediaries.fields.${field}`) ?? lookup(i18n, `financeSettings.${field}`) ?? field;
  return (
    <SettingsScreen
      testId="intermediaries-page"
      title={t("menu.financeiro.configuracoes.intermediadores.title")}
      subtitle={t("financeSettings.intermediaries.subtitle")}
      canManage={canManage}
      newLabel={t("financeSettings.intermediaries.new")}
      rows={rows}
      columns={columns}
      page={page}
      query={query}
      spec={nameListSpec}
      editingId={editing?.id ?? null}
      emptyText={t("financeSettings.intermediaries.empty")}
      countKey="financeSettings.intermediaries.count"
      form={
        (editing !== null || creating) && (
          <InlineFormCard
            testId="intermediary-card"
            title={editing ? t("financeSettings.editing", { name: editing.name }) : t("financeSettings.intermediaries.newTitle")}
            answer={actionData as InlineActionData | undefined}
            canManage={canManage}
            deleteName={editing?.name ?? null}
            fieldLabel={fieldLabel}
          >
            <IntermediaryForm key={`${editing?.id ?? "new"}-${editing?.version ?? 0}`} loaderData={loaderData} actionData={actionData as InlineActionData | undefined} />
          </InlineFormCard>
        )
      }
    />
  );
}

function IntermediaryForm({ loaderData, actionData }: { loaderData: Route.ComponentProps["loaderData"]; actionData: InlineActionData | undefined }) {
  const { t } = useTranslation();
  const { canManage, editing, accounts } = loaderData;
  const [form, fields] = useRecordForm({ id: "intermediary-form", schema: intermediarySchema, lastResult: actionData?.result, defaultValue: loaderData.values });
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
