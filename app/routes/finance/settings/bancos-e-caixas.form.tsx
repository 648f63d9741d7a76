import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { useRecordForm } from "~/components/kit/RecordForm";
import { ReadOnlyNotice, useSettingsTrail } from "~/components/finance/settings/SettingsScreen";
import { DeleteButton, DeleteNotices } from "~/components/kit/DeleteRecord";
import { FormActions } from "~/components/kit/FormActions";
import { RecordHistory } from "~/components/kit/RecordHistory";
import { DuplicateCallout, StaleCallout } from "~/components/kit/RecordNotices";
import type { RecordActionData } from "~/components/kit/RecordPage";
import { PageHeader } from "~/components/ui/PageHeader";
import { CheckboxField, FormField, FormSection, SelectField, UnsavedChangesGuard } from "~/components/ui/FormField";
import { ensureFinanceDefaults } from "~/lib/finance/defaults.server";
import { canManageFinance } from "~/lib/finance/roles";
import { accountTypeOptions } from "~/lib/finance/settings/account-type.server";
import { bankAccountFormValues, bankAccountSpec, entrySums } from "~/lib/finance/settings/bank-account.server";
import { BRAZILIAN_BANKS, bankLabel } from "~/lib/finance/settings/banks";
import { CURRENCIES, PATHS } from "~/lib/finance/settings/settings";
import { recordAction } from "~/lib/kit/record-action.server";
import { recordLoader } from "~/lib/kit/record-loader.server";
import { formatMoney } from "~/lib/platform/format";
import { FORBIDDEN_ANSWER } from "~/lib/finance/settings/inline.server";
import { forbidden } from "~/lib/platform/http";
import { lookup } from "~/lib/platform/translate";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/bancos-e-caixas.form";
import { todayIn } from "~/lib/platform/time-zone";

export const middleware: Route.MiddlewareFunction[] = [requireModule("financeiro", "configuracoes", "bancos_e_caixas")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

/** Novo banco ou caixa (no id) or editar/:id with its current balance: 404 for an unknown id or another agency's. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  await ensureFinanceDefaults(scope.db, scope.agencyId);
  const types = await accountTypeOptions(scope);
  return recordLoader(bankAccountSpec, scope, request, params, {
    toForm: bankAccountFormValues,
    empty: { name: "", accountTypeId: (types.find((t) => t.active && t.kind === "checking") ?? types.find((t) => t.active))?.id ?? "", bankCode: "", branch: "", number: "", openingBalance: "0,00", openingDate: todayIn(scope.timeZone), currency: scope.currency, active: "on" },
    newTitle: getI18n(context).t("financeSettings.banks.new"),
    extra: async (row) => ({
      types,
      canManage: canManageFinance(scope.role),
      balance: row ? { cents: row.openingBalanceCents + ((await entrySums(scope, [row.id])).get(row.id) ?? 0), currency: row.currency } : null,
    }),
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

/** Save (create, or update with the version check) and delete: Admin, SuperAdmin and Financeiro only (403 otherwise). */
export function action({ context, request, params }: Route.ActionArgs) {
  const scope = requireScope(context, request);
  if (!canManageFinance(scope.role)) return forbidden(FORBIDDEN_ANSWER);
  return recordAction(bankAccountSpec, scope, request, params);
}

export default function BankAccountForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const trail = useSettingsTrail();
  const isNew = loaderData.mode === "new";
  const ad = actionData as RecordActionData | undefined;
  const fieldLabel = (field: string) => lookup(i18n, `financeSettings.banks.fields.${field}`) ?? field;
  const listLabel = t("menu.financeiro.configuracoes.bancos_e_caixas.title");
  return (
    <Flex direction="column" gap="4" maxWidth="1040px" data-testid="bank-account-form-page">
      <PageHeader
        title={isNew ? t("financeSettings.banks.new") : loaderData.name}
        subtitle={isNew ? t("financeSettings.banks.newSubtitle") : t("financeSettings.banks.editSubtitle")}
        trail={[...trail, { label: listLabel, href: PATHS.banks }]}
        actions={!isNew && loaderData.canManage ? <DeleteButton name={loaderData.name} /> : undefined}
      />
      {!loaderData.canManage && <ReadOnlyNotice />}
      {!isNew && <DeleteNotices name={loaderData.name} error={ad?.deleteError} references={ad?.references} />}
      {ad?.stale && <StaleCallout differences={ad.stale.differences} fieldLabel={fieldLabel} />}
      {ad?.duplicate && <DuplicateCallout duplicate={ad.duplicate} />}
      {loaderData.balance && (
        <Text size="3" data-testid="bank-account-balance">
          {t("financeSettings.banks.fields.balance")}:{" "}
          <Text weight="bold" color={loaderData.balance.cents < 0 ? "red" : undefined}>
            {formatMoney(loaderData.balance.cents, loaderData.balance.currency, i18n.language)}
          </Text>{" "}
          <Text size="1" color="gray">
            ({t("financeSettings.banks.hints.balance")})
          </Text>
        </Text>
      )}
      <BankAccountFields
        key={loaderData.version}
        defaultValue={loaderData.values}
        version={ad?.stale ? ad.stale.version : loaderData.version}
        lastResult={ad?.result}
        isNew={isNew}
        types={loaderData.types}
        canManage={loaderData.canManage}
      />
      {loaderData.history && <RecordHistory entries={loaderData.history.entries} more={loaderData.history.more} timeZone={loaderData.timeZone} fieldLabel={fieldLabel} />}
    </Flex>
  );
}

function BankAccountFields({
  defaultValue,
  version,
  lastResult,
  isNew,
  types,
  canManage,
}: {
  defaultValue: Record<string, string>;
  version: number;
  lastResult: SubmissionResult<string[]> | undefined;
  isNew: boolean;
  types: { id: string; name: string; active: boolean }[];
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") !== "delete";
  const [form, fields] = useRecordForm({ id: "bank-account-form", loadSchema: () => import("~/lib/finance/settings/settings.schema").then((m) => m.bankAccountSchema), lastResult, defaultValue });
  const code = (defaultValue.bankCode ?? "").trim();
  return (
    <Form method="post" {...getFormProps(form)} className="record-form">
      <UnsavedChangesGuard dirty={form.dirty && canManage} />
      {!isNew && <input type="hidden" name="version" value={version} />}
      <fieldset disabled={!canManage} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Flex direction="column" gap="4">
          <FormSection title={t("financeSettings.banks.sections.account")}>
            <div className="form-grid">
              <div className="span-all">
                <FormField field={fields.name} label={t("financeSettings.banks.fields.name")} required autoComplete="off" />
              </div>
              <SelectField
                field={fields.accountTypeId}
                label={t("financeSettings.banks.fields.accountTypeId")}
                required
                options={types.map((ty) => ({ value: ty.id, label: ty.active ? ty.name : `${ty.name} (${t("financeSettings.inactive")})` }))}
              />
              <SelectField
                field={fields.bankCode}
                label={t("financeSettings.banks.fields.bankCode")}
                hint={t("financeSettings.banks.hints.bankCode")}
                options={[
                  { value: "", label: t("financeSettings.banks.noBank") },
                  // A stored code the list does not know stays choosable.
                  ...(code && !BRAZILIAN_BANKS.some((b) => b.code === code) ? [{ value: code, label: bankLabel(code) }] : []),
                  ...BRAZILIAN_BANKS.map((b) => ({ value: b.code, label: bankLabel(b.code) })),
                ]}
              />
              <FormField field={fields.branch} label={t("financeSettings.banks.fields.branch")} autoComplete="off" />
              <FormField field={fields.number} label={t("financeSettings.banks.fields.number")} autoComplete="off" />
              <CheckboxField field={fields.active} label={t("financeSettings.banks.fields.active")} />
            </div>
          </FormSection>
          <FormSection title={t("financeSettings.banks.sections.balance")} hint={t("financeSettings.banks.hints.openingBalance")}>
            <div className="form-grid">
              <FormField field={fields.openingBalance} label={t("financeSettings.banks.fields.openingBalance")} inputMode="decimal" required />
              <FormField field={fields.openingDate} label={t("financeSettings.banks.fields.openingDate")} type="date" required />
              <SelectField field={fields.currency} label={t("financeSettings.banks.fields.currency")} options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
            </div>
          </FormSection>
          {form.errors && form.errors.length > 0 && (
            <Text color="red" role="alert">
              {form.errors.map((e) => t(e as never, { defaultValue: e }) as string).join(" ")}
            </Text>
          )}
          {canManage ? (
            <FormActions cancelHref={PATHS.banks} busy={busy} />
          ) : (
            <Text size="2" color="gray">
              {t("financeSettings.forbidden")}
            </Text>
          )}
        </Flex>
      </fieldset>
    </Form>
  );
}

/** A missing record (or another agency's) shows inside the shell. */
export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
