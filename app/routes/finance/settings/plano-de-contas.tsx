import { Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { useRecordForm } from "~/components/kit/RecordForm";
import { ActiveBadge, InlineForm, InlineSettingsScreen, type InlineActionData, type SettingsColumn } from "~/components/finance/settings/SettingsScreen";
import { CheckboxField, FormField, SelectField } from "~/components/ui/FormField";
import { Notice } from "~/components/ui/Notice";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { ensureFinanceDefaults } from "~/lib/finance/defaults.server";
import { CHART_ACCOUNT_EMPTY, chartAccountFormValues, chartAccountSpec, chartTree, type ChartNode } from "~/lib/finance/settings/chart-account.server";
import { inlineAction, inlineEditing } from "~/lib/finance/settings/inline.server";
import { ACCOUNT_NATURES, MAX_CHART_ACCOUNTS } from "~/lib/finance/settings/settings";
import { chartAccountStore } from "~/lib/finance/settings/stores.server";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/plano-de-contas";

export const middleware: Route.MiddlewareFunction[] = [requireModule("financeiro", "configuracoes", "plano_de_contas")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

/**
 * The whole chart as a tree (bounded: at most MAX_CHART_ACCOUNTS accounts are
 * read and shown, with a notice beyond that); `?novo` (optionally `&mae=<id>`)
 * or `?editar=<id>` opens the inline form.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  await ensureFinanceDefaults(scope.db, scope.agencyId);
  const url = new URL(request.url);
  const [{ nodes, capped }, { row, ...edit }] = await Promise.all([
    chartTree(scope),
    inlineEditing(scope, request, chartAccountStore, { label: (r) => `${r.code} ${r.name}`, toForm: chartAccountFormValues, empty: CHART_ACCOUNT_EMPTY }),
  ]);
  // `?novo&mae=<id>`: a child of that account, its nature and code started.
  const parent = nodes.find((n) => n.id === url.searchParams.get("mae"));
  return {
    nodes,
    capped,
    ...edit,
    editing: edit.editing && row ? { ...edit.editing, code: row.code } : null,
    values: !row && parent ? { ...CHART_ACCOUNT_EMPTY, parentId: parent.id, nature: parent.nature, code: `${parent.code}.` } : edit.values,
    documentTitle: getI18n(context).t("menu.financeiro.configuracoes.plano_de_contas.title"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

/** Create, update (version checked, the tree's rules) or delete an account (refused while it has titles, entries or children). */
export const action = ({ context, request }: Route.ActionArgs) => inlineAction(chartAccountSpec, requireScope(context, request), request);

export default function ChartOfAccounts({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { nodes, capped } = loaderData;
  const columns: SettingsColumn<ChartNode>[] = [
    {
      key: "account",
      label: t("financeSettings.chart.fields.name"),
      render: (r) => (
        <Flex gap="2" align="center" style={{ paddingLeft: `${r.depth * 1.25}rem` }}>
          <Text color="gray" className="nowrap" style={{ fontVariantNumeric: "tabular-nums" }}>
            {r.code}
          </Text>
          <Text weight={r.depth === 0 ? "bold" : r.depth === 1 ? "medium" : undefined} color={r.active ? undefined : "gray"}>
            {r.name}
          </Text>
          {r.systemKey && (
            <StatusBadge outline size="1" title={t("financeSettings.chart.standardHint")} className="list-secondary">
              {t("financeSettings.chart.standard")}
            </StatusBadge>
          )}
        </Flex>
      ),
    },
    { key: "nature", label: t("financeSettings.chart.fields.nature"), secondary: true, render: (r) => t(`financeSettings.chart.natures.${r.nature}`) },
    { key: "active", label: t("financeSettings.status"), render: (r) => <ActiveBadge active={r.active} /> },
  ];
  const answer = actionData as InlineActionData | undefined;
  return (
    <InlineSettingsScreen
      section="chart"
      menuKey="plano_de_contas"
      testId="chart-page"
      cardTestId="chart-card"
      data={{ ...loaderData, rows: nodes }}
      answer={answer}
      columns={columns}
      notice={capped && <Notice tone="warning" role="none" testId="chart-capped">{t("financeSettings.chart.capped", { max: MAX_CHART_ACCOUNTS })}</Notice>}
      renderForm={(key) => <ChartForm key={key} loaderData={loaderData} actionData={answer} />}
    />
  );
}

function ChartForm({ loaderData, actionData }: { loaderData: Route.ComponentProps["loaderData"]; actionData: InlineActionData | undefined }) {
  const { t } = useTranslation();
  const { canManage, editing, nodes } = loaderData;
  const [form, fields] = useRecordForm({ id: "chart-account-form", loadSchema: () => import("~/lib/finance/settings/settings.schema").then((m) => m.chartAccountSchema), lastResult: actionData?.result, defaultValue: loaderData.values });
  // An account cannot go under itself or one of its descendants.
  const parents = nodes.filter((n) => !editing || (n.id !== editing.id && !n.code.startsWith(`${editing.code}.`)));
  return (
    <InlineForm form={form} version={editing ? (actionData?.stale?.version ?? editing.version) : null} canManage={canManage}>
      <div className="form-grid">
        <SelectField
          field={fields.parentId}
          label={t("financeSettings.chart.fields.parentId")}
          options={[{ value: "", label: t("financeSettings.chart.noParent") }, ...parents.map((n) => ({ value: n.id, label: `${"  ".repeat(n.depth)}${n.code} ${n.name}` }))]}
        />
        <SelectField field={fields.nature} label={t("financeSettings.chart.fields.nature")} options={ACCOUNT_NATURES.map((k) => ({ value: k, label: t(`financeSettings.chart.natures.${k}`) }))} />
        <FormField field={fields.code} label={t("financeSettings.chart.fields.code")} required autoComplete="off" hint={t("financeSettings.chart.hints.code")} />
        <FormField field={fields.name} label={t("financeSettings.chart.fields.name")} required autoComplete="off" />
      </div>
      <CheckboxField field={fields.active} label={t("financeSettings.active")} />
    </InlineForm>
  );
}

/** A missing record (or another agency's) shows inside the shell. */
export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
