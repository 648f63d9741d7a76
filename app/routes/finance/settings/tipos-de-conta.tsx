import { Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { useRecordForm } from "~/components/kit/RecordForm";
import { ActiveBadge, InlineForm, InlineFormCard, SettingsScreen, type InlineActionData, type SettingsColumn } from "~/components/finance/settings/SettingsScreen";
import { CheckboxField, FormField, SelectField } from "~/components/ui/FormField";
import { ensureFinanceDefaults } from "~/lib/finance/defaults.server";
import { canManageFinance } from "~/lib/finance/roles";
import { ACCOUNT_TYPE_EMPTY, accountTypeFormValues, accountTypeSpec, listAccountTypes } from "~/lib/finance/settings/account-type.server";
import { editingId, inlineAction } from "~/lib/finance/settings/inline.server";
import { ACCOUNT_TYPE_KINDS, accountTypeSchema, nameListSpec } from "~/lib/finance/settings/schemas";
import { accountTypeStore } from "~/lib/finance/settings/stores.server";
import { parseListQuery } from "~/lib/kit/list";
import { findRecord } from "~/lib/kit/record.server";
import { notFound } from "~/lib/platform/http";
import { lookup } from "~/lib/platform/translate";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/tipos-de-conta";

export const middleware: Route.MiddlewareFunction[] = [requireModule("financeiro", "configuracoes", "tipos_de_conta")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

/** The account types (keyset pages by name); `?novo` or `?editar=<id>` opens the inline form. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  await ensureFinanceDefaults(scope.db, scope.agencyId);
  const url = new URL(request.url);
  const query = parseListQuery(url.searchParams, nameListSpec);
  const id = editingId(request);
  const [{ rows, page }, editing] = await Promise.all([listAccountTypes(scope, query), id ? findRecord(scope, accountTypeStore, id) : null]);
  if (id && !editing) throw notFound();
  const canManage = canManageFinance(scope.role);
  return {
    query,
    rows,
    page,
    canManage,
    editing: editing ? { id: editing.id, name: editing.name, version: editing.version } : null,
    creating: !editing && canManage && url.searchParams.has("novo"),
    values: editing ? accountTypeFormValues(editing) : ACCOUNT_TYPE_EMPTY,
    documentTitle: getI18n(context).t("menu.financeiro.configuracoes.tipos_de_conta.title"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

/** Create, update (version checked) or delete a type: Admin, SuperAdmin and Financeiro only. */
export const action = ({ context, request }: Route.ActionArgs) => inlineAction(accountTypeSpec, requireScope(context, request), request);

type Row = Route.ComponentProps["loaderData"]["rows"][number];

export default function AccountTypes({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { rows, page, query, canManage, editing, creating } = loaderData;
  const columns: SettingsColumn<Row>[] = [
    { key: "name", label: t("financeSettings.types.fields.name"), render: (r) => <Text weight="medium">{r.name}</Text> },
    { key: "kind", label: t("financeSettings.types.fields.kind"), render: (r) => t(`financeSettings.types.kinds.${r.kind}`) },
    { key: "active", label: t("financeSettings.status"), render: (r) => <ActiveBadge active={r.active} /> },
  ];
  const fieldLabel = (field: string) => lookup(i18n, `financeSettings.types.fields.${field}`) ?? lookup(i18n, `financeSettings.${field}`) ?? field;
  return (
    <SettingsScreen
      testId="account-types-page"
      title={t("menu.financeiro.configuracoes.tipos_de_conta.title")}
      subtitle={t("financeSettings.types.subtitle")}
      canManage={canManage}
      newLabel={t("financeSettings.types.new")}
      rows={rows}
      columns={columns}
      page={page}
      query={query}
      spec={nameListSpec}
      editingId={editing?.id ?? null}
      emptyText={t("financeSettings.types.empty")}
      countKey="financeSettings.types.count"
      form={
        (editing !== null || creating) && (
          <InlineFormCard
            testId="account-type-card"
            title={editing ? t("financeSettings.editing", { name: editing.name }) : t("financeSettings.types.newTitle")}
            answer={actionData as InlineActionData | undefined}
            canManage={canManage}
            deleteName={editing?.name ?? null}
            fieldLabel={fieldLabel}
          >
            <TypeForm key={`${editing?.id ?? "new"}-${editing?.version ?? 0}`} loaderData={loaderData} actionData={actionData as InlineActionData | undefined} />
          </InlineFormCard>
        )
      }
    />
  );
}

function TypeForm({ loaderData, actionData }: { loaderData: Route.ComponentProps["loaderData"]; actionData: InlineActionData | undefined }) {
  const { t } = useTranslation();
  const { canManage, editing } = loaderData;
  const [form, fields] = useRecordForm({ id: "account-type-form", schema: accountTypeSchema, lastResult: actionData?.result, defaultValue: loaderData.values });
  return (
    <InlineForm form={form} version={editing ? (actionData?.stale?.version ?? editing.version) : null} canManage={canManage}>
      <div className="form-grid">
        <FormField field={fields.name} label={t("financeSettings.types.fields.name")} required autoComplete="off" />
        <SelectField field={fields.kind} label={t("financeSettings.types.fields.kind")} options={ACCOUNT_TYPE_KINDS.map((k) => ({ value: k, label: t(`financeSettings.types.kinds.${k}`) }))} />
      </div>
      <CheckboxField field={fields.active} label={t("financeSettings.active")} />
    </InlineForm>
  );
}

/** A missing record (or another agency's) shows inside the shell. */
export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
