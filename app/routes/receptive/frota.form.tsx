import { type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { RecordForm, useRecordForm } from "~/components/kit/RecordForm";
import { RecordPage, type RecordActionData } from "~/components/kit/RecordPage";
import { CheckboxField, FormField, FormSection, SelectField, TextAreaField } from "~/components/ui/FormField";
import { recordAction } from "~/lib/kit/record-action.server";
import { recordLoader } from "~/lib/kit/record-loader.server";
import { lookup } from "~/lib/platform/translate";
import { RECEPTIVE_PATHS } from "~/lib/receptive/fields";
import { FLEET_VEHICLE_TYPES, vehicleFormValues } from "~/lib/receptive/vehicle";
import { VEHICLE_EMPTY, vehicleSpec } from "~/lib/receptive/vehicle.server";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/frota.form";

const LIST = RECEPTIVE_PATHS.fleet;

export const middleware: Route.MiddlewareFunction[] = [requireModule("servicos", "receptivo")];

/** Novo veículo (no id) or editar/:id: 404 for an unknown id or another agency's. */
export const loader = ({ context, request, params }: Route.LoaderArgs) =>
  recordLoader(vehicleSpec, requireScope(context, request), request, params, {
    toForm: vehicleFormValues,
    empty: VEHICLE_EMPTY,
    newTitle: getI18n(context).t("receptive.fleet.new"),
  });

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

export const action = ({ context, request, params }: Route.ActionArgs) => recordAction(vehicleSpec, requireScope(context, request), request, params);

export default function VehicleForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const isNew = loaderData.mode === "new";
  return (
    <RecordPage
      testId="vehicle-form-page"
      title={isNew ? t("receptive.fleet.new") : loaderData.name}
      subtitle={isNew ? t("receptive.fleet.newSubtitle") : t("receptive.fleet.editSubtitle")}
      listLabel={t("menu.receptivo.frota.title")}
      listPath={LIST}
      record={loaderData}
      actionData={actionData as RecordActionData | undefined}
      fieldLabel={(field) => lookup(i18n, `receptive.fields.${field}`) ?? field}
      form={({ key, ...form }) => <VehicleFields key={key} {...form} defaultValue={loaderData.values} isNew={isNew} />}
    />
  );
}

function VehicleFields({ defaultValue, version, lastResult, isNew }: { defaultValue: Record<string, unknown>; version: number; lastResult: SubmissionResult<string[]> | undefined; isNew: boolean }) {
  const { t } = useTranslation();
  const [form, fields] = useRecordForm({ id: "vehicle-form", loadSchema: () => import("~/lib/receptive/vehicle.schema").then((m) => m.vehicleSchema), lastResult, defaultValue });
  return (
    <RecordForm form={form} isNew={isNew} version={version} cancelHref={LIST}>
      <FormSection title={t("receptive.sections.vehicle")}>
        <div className="form-grid">
          <FormField field={fields.plate} label={t("receptive.fields.plate")} required placeholder="ABC1D23" hint={t("receptive.hints.plate")} autoComplete="off" />
          <FormField field={fields.model} label={t("receptive.fields.model")} required autoComplete="off" />
          <SelectField
            field={fields.type}
            label={t("receptive.fields.type")}
            required
            options={FLEET_VEHICLE_TYPES.map((v) => ({ value: v, label: t(`receptive.vehicleTypes.${v}`) }))}
          />
          <FormField field={fields.seats} label={t("receptive.fields.seats")} required inputMode="numeric" />
          <FormField field={fields.year} label={t("receptive.fields.year")} inputMode="numeric" />
          <CheckboxField field={fields.active} label={t("receptive.fields.active")} />
        </div>
      </FormSection>
      <FormSection title={t("receptive.sections.documents")}>
        <div className="form-grid">
          <FormField field={fields.renavam} label={t("receptive.fields.renavam")} inputMode="numeric" hint={t("receptive.hints.renavam")} />
          <FormField field={fields.insuranceExpiry} label={t("receptive.fields.insuranceExpiry")} type="date" />
          <FormField field={fields.inspectionExpiry} label={t("receptive.fields.inspectionExpiry")} type="date" />
        </div>
      </FormSection>
      <FormSection title={t("receptive.sections.other")}>
        <TextAreaField field={fields.notes} label={t("receptive.fields.notes")} rows={3} />
      </FormSection>
    </RecordForm>
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
