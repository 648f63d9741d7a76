import { type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { RecordForm, useRecordForm } from "~/components/kit/RecordForm";
import { RecordPage, type RecordActionData } from "~/components/kit/RecordPage";
import { CheckboxField, FormField, FormSection, SelectField, TextAreaField } from "~/components/ui/FormField";
import { recordAction } from "~/lib/kit/record-action.server";
import { recordLoader } from "~/lib/kit/record-loader.server";
import { cpfMask, phoneMask } from "~/lib/platform/masks";
import { lookup } from "~/lib/platform/translate";
import { CNH_CATEGORIES, driverFormValues } from "~/lib/receptive/driver";
import { DRIVER_EMPTY, driverSpec } from "~/lib/receptive/driver.server";
import { RECEPTIVE_PATHS } from "~/lib/receptive/fields";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/motoristas.form";

const LIST = RECEPTIVE_PATHS.drivers;

export const middleware: Route.MiddlewareFunction[] = [requireModule("servicos", "receptivo")];

/** Novo motorista (no id) or editar/:id: 404 for an unknown id or another agency's. */
export const loader = ({ context, request, params }: Route.LoaderArgs) =>
  recordLoader(driverSpec, requireScope(context, request), request, params, {
    toForm: driverFormValues,
    empty: DRIVER_EMPTY,
    newTitle: getI18n(context).t("receptive.drivers.new"),
  });

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

export const action = ({ context, request, params }: Route.ActionArgs) => recordAction(driverSpec, requireScope(context, request), request, params);

export default function DriverForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const isNew = loaderData.mode === "new";
  return (
    <RecordPage
      testId="driver-form-page"
      title={isNew ? t("receptive.drivers.new") : loaderData.name}
      subtitle={isNew ? t("receptive.drivers.newSubtitle") : t("receptive.drivers.editSubtitle")}
      listLabel={t("menu.receptivo.motoristas.title")}
      listPath={LIST}
      record={loaderData}
      actionData={actionData as RecordActionData | undefined}
      fieldLabel={(field) => lookup(i18n, `receptive.fields.${field}`) ?? field}
      form={({ key, ...form }) => <DriverFields key={key} {...form} defaultValue={loaderData.values} isNew={isNew} />}
    />
  );
}

function DriverFields({ defaultValue, version, lastResult, isNew }: { defaultValue: Record<string, unknown>; version: number; lastResult: SubmissionResult<string[]> | undefined; isNew: boolean }) {
  const { t } = useTranslation();
  const [form, fields] = useRecordForm({ id: "driver-form", loadSchema: () => import("~/lib/receptive/driver.schema").then((m) => m.driverSchema), lastResult, defaultValue });
  return (
    <RecordForm form={form} isNew={isNew} version={version} cancelHref={LIST}>
      <FormSection title={t("receptive.sections.driver")}>
        <div className="form-grid">
          <div className="span-all">
            <FormField field={fields.name} label={t("receptive.fields.name")} required autoComplete="off" />
          </div>
          <FormField field={fields.cpf} label={t("receptive.fields.cpf")} mask={cpfMask} inputMode="numeric" placeholder="000.000.000-00" />
          <FormField field={fields.phone} label={t("receptive.fields.phone")} mask={phoneMask} type="tel" inputMode="tel" />
          <FormField field={fields.email} label={t("receptive.fields.email")} type="email" autoComplete="off" />
          <CheckboxField field={fields.active} label={t("receptive.fields.active")} />
        </div>
      </FormSection>
      <FormSection title={t("receptive.sections.licence")}>
        <div className="form-grid">
          <FormField field={fields.cnhNumber} label={t("receptive.fields.cnhNumber")} required inputMode="numeric" hint={t("receptive.hints.cnhNumber")} />
          <SelectField field={fields.cnhCategory} label={t("receptive.fields.cnhCategory")} required options={CNH_CATEGORIES.map((c) => ({ value: c, label: c }))} />
          <FormField field={fields.cnhExpiry} label={t("receptive.fields.cnhExpiry")} type="date" required />
          <CheckboxField field={fields.ear} label={t("receptive.fields.ear")} hint={t("receptive.hints.ear")} />
        </div>
      </FormSection>
      <FormSection title={t("receptive.sections.other")}>
        <TextAreaField field={fields.notes} label={t("receptive.fields.notes")} rows={3} />
      </FormSection>
    </RecordForm>
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
