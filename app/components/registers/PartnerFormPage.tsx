/** The form screen (novo / editar) suppliers and providers share: the record frame around PartnerFields. */
import { useTranslation } from "react-i18next";
import { RecordPage, type RecordActionData, type RecordLoaderData } from "~/components/kit/RecordPage";
import { useChoiceFormatter } from "~/components/kit/RecordHistory";
import { PartnerFields } from "~/components/registers/PartnerFields";
import { PARTNER_REGISTERS, type PartnerRegister } from "~/lib/registers/partner";
import { lookup } from "~/lib/platform/translate";

/** A field's label in history and stale notices: this register's own first, then the shared ones. */
export function usePartnerFieldLabel() {
  const { i18n } = useTranslation();
  return (field: string) => lookup(i18n, `partners.fields.${field}`) ?? lookup(i18n, `registers.fields.${field}`) ?? field;
}

/** A payment term the default-term select offers (loader data). */
export type PaymentTermOption = { id: string; name: string; active: boolean };
export type PartnerFormLoaderData = RecordLoaderData & { values: Record<string, unknown>; paymentTerms: PaymentTermOption[] };

export function PartnerFormPage({ register, loaderData, actionData }: { register: PartnerRegister; loaderData: PartnerFormLoaderData; actionData: unknown }) {
  const { t } = useTranslation();
  const fieldLabel = usePartnerFieldLabel();
  // History names the default payment term, not its id.
  const termName = (field: string, value: unknown) => (field === "paymentTermId" && typeof value === "string" ? loaderData.paymentTerms.find((p) => p.id === value)?.name : undefined);
  const formatValue = useChoiceFormatter({ kind: "registers.kind", category: "partners.categories", bankAccountType: "partners.bankAccountTypes", pixKeyType: "partners.pixKeyTypes" }, termName);
  const { path, texts, module } = PARTNER_REGISTERS[register];
  const isNew = loaderData.mode === "new";
  return (
    <RecordPage
      testId={`${register}-form-page`}
      title={isNew ? t(`partners.${texts}.new`) : loaderData.name}
      subtitle={isNew ? t(`partners.${texts}.newSubtitle`) : t(`partners.${texts}.editSubtitle`)}
      listLabel={t(`menu.cadastros.${module}.title`)}
      listPath={path}
      record={loaderData}
      actionData={actionData as RecordActionData | undefined}
      fieldLabel={fieldLabel}
      formatValue={formatValue}
      form={({ key, ...form }) => <PartnerFields key={key} register={register} {...form} defaultValue={loaderData.values} paymentTerms={loaderData.paymentTerms} isNew={isNew} />}
    />
  );
}
