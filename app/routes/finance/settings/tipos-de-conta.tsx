import { Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { useRecordForm } from "~/components/kit/RecordForm";
import { ActiveBadge, InlineForm, InlineSettingsScreen, type InlineActionData, type SettingsColumn } from "~/components/finance/settings/SettingsScreen";
import { CheckboxField, FormField, SelectField } from "~/components/ui/FormField";
import { ensureFinanceDefaults } from "~/lib/finance/defaults.server";
import { ACCOUNT_TYPE_EMPTY, accountTypeFormValues, accountTypeSpec, listAccountTypes } from "~/lib/finance/settings/account-type.server";
import { inlineAction, inlineEditing } from "~/lib/finance/settings/inline.server";
import { ACCOUNT_TYPE_KINDS, nameListSpec } from "~/lib/finance/settings/settings";
import { accountTypeStore } from "~/lib/finance/settings/stores.server";
import { parseListQuery } from "~/lib/kit/list";
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
  const query = parseListQuery(new URL(request.url).searchParams, nameListSpec);
  const [{ rows, page }, { row: _row, ...edit }] = await Promise.all([
    listAccountTypes(scope, query),
    inlineEditing(scope, request, accountTypeStore, { label: (r) => r.name, toForm: accountTypeFormValues, empty: ACCOUNT_TYPE_EMPTY }),
  ]);
  return { query, rows, page, ...edit, documentTitle: getI18n(context).t("menu.financeiro.configuracoes.tipos_de_conta.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

/** Create, update (version checked) or delete a type: Admin, SuperAdmin and Financeiro only. */
export const action = ({ context, request }: Route.ActionArgs) => inlineAction(accountTypeSpec, requireScope(context, request), request);

type Row = Route.ComponentProps["loaderData"]["rows"][number];

export default function AccountTypes({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const columns: SettingsColumn<Row>[] = [
    { key: "name", label: t("financeSettings.types.fields.name"), render: (r) => <Text weight="medium">{r.name}</Text> },
    { key: "kind", label: t("financeSettings.types.fields.kind"), render: (r) => t(`financeSettings.types.kinds.${r.kind}`) },
    { key: "active", label: t("financeSettings.status"), render: (r) => <ActiveBadge active={r.active} /> },
  ];
  const answer = actionData as InlineActionData | undefined;
  return (
    <InlineSettingsScreen
      section="types"
      menuKey="tipos_de_conta"
      testId="account-types-page"
      cardTestId="account-type-card"
      data={loaderData}
      answer={answer}
      columns={columns}
      spec={nameListSpec}
      renderForm={(key) => <TypeForm key={key} loaderData={loaderData} actionData={answer} />}
    />
  );
}

function TypeForm({ loaderData, actionData }: { loaderData: Route.ComponentProps["loaderData"]; actionData: InlineActionData | undefined }) {
  const { t } = useTranslation();
  const { canManage, editing } = loaderData;
  const [form, fields] = useRecordForm({ id: "account-type-form", loadSchema: () => import("~/lib/finance/settings/settings.schema").then((m) => m.accountTypeSchema), lastResult: actionData?.result, defaultValue: loaderData.values });
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
