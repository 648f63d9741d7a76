import { type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { RecordForm, useRecordForm } from "~/components/kit/RecordForm";
import { RecordPage, type RecordActionData } from "~/components/kit/RecordPage";
import { CheckboxField, FormField, FormSection, SelectField, TextAreaField } from "~/components/ui/FormField";
import { recordAction } from "~/lib/kit/record-action.server";
import { recordLoader } from "~/lib/kit/record-loader.server";
import { lookup } from "~/lib/platform/translate";
import { RECEPTIVE_PATHS } from "~/lib/receptive/fields";
import { RECEPTIVE_SERVICE_KINDS, serviceFormValues } from "~/lib/receptive/service";
import { providerOptions, serviceEmpty, serviceSpec, type Option } from "~/lib/receptive/service.server";
import { SERVICE_CURRENCIES } from "~/lib/services/fields";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/servicos.form";

const LIST = RECEPTIVE_PATHS.services;

export const middleware: Route.MiddlewareFunction[] = [requireModule("servicos", "receptivo")];

/** Novo serviço receptivo (no id) or editar/:id with the agency's providers: 404 for an unknown id or another agency's. */
export function loader({ context, request, params }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  return recordLoader(serviceSpec, scope, request, params, {
    toForm: serviceFormValues,
    empty: serviceEmpty(scope.currency),
    newTitle: getI18n(context).t("receptive.services.new"),
    // The currencies come with the data: their module (services/fields) carries zod, kept out of this chunk.
    extra: async (row) => ({ providers: await providerOptions(scope, row?.providerId), currencies: SERVICE_CURRENCIES }),
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

export const action = ({ context, request, params }: Route.ActionArgs) => recordAction(serviceSpec, requireScope(context, request), request, params);

export default function ReceptiveServiceForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const isNew = loaderData.mode === "new";
  return (
    <RecordPage
      testId="receptive-service-form-page"
      title={isNew ? t("receptive.services.new") : loaderData.name}
      subtitle={isNew ? t("receptive.services.newSubtitle") : t("receptive.services.editSubtitle")}
      listLabel={t("menu.receptivo.servicos.title")}
      listPath={LIST}
      record={loaderData}
      actionData={actionData as RecordActionData | undefined}
      fieldLabel={(field) => lookup(i18n, `receptive.fields.${field}`) ?? field}
      form={({ key, ...form }) => <ServiceFields key={key} {...form} defaultValue={loaderData.values} isNew={isNew} providers={loaderData.providers} currencies={loaderData.currencies} />}
    />
  );
}

function ServiceFields({
  defaultValue,
  version,
  lastResult,
  isNew,
  providers,
  currencies,
}: {
  defaultValue: Record<string, unknown>;
  version: number;
  lastResult: SubmissionResult<string[]> | undefined;
  isNew: boolean;
  providers: Option[];
  currencies: readonly string[];
}) {
  const { t } = useTranslation();
  const [form, fields] = useRecordForm({ id: "receptive-service-form", loadSchema: () => import("~/lib/receptive/service.schema").then((m) => m.serviceSchema), lastResult, defaultValue });
  return (
    <RecordForm form={form} isNew={isNew} version={version} cancelHref={LIST}>
      <FormSection title={t("receptive.sections.service")}>
        <div className="form-grid">
          <div className="span-all">
            <FormField field={fields.name} label={t("receptive.fields.name")} required autoComplete="off" />
          </div>
          <SelectField field={fields.kind} label={t("receptive.fields.kind")} required options={RECEPTIVE_SERVICE_KINDS.map((k) => ({ value: k, label: t(`receptive.kinds.${k}`) }))} />
          <FormField field={fields.duration} label={t("receptive.fields.duration")} required placeholder="1:30" hint={t("receptive.hints.duration")} />
          <FormField field={fields.capacity} label={t("receptive.fields.capacity")} inputMode="numeric" hint={t("receptive.hints.capacity")} />
          <SelectField
            field={fields.providerId}
            label={t("receptive.fields.providerId")}
            hint={t("receptive.hints.providerId")}
            options={[{ value: "", label: t("receptive.services.ownOperation") }, ...providers]}
          />
          <CheckboxField field={fields.active} label={t("receptive.fields.active")} />
          <div className="span-all">
            <TextAreaField field={fields.description} label={t("receptive.fields.description")} rows={3} />
          </div>
        </div>
      </FormSection>
      <FormSection title={t("receptive.sections.values")}>
        <div className="form-grid">
          <FormField field={fields.cost} label={t("receptive.fields.cost")} inputMode="decimal" placeholder="0,00" />
          <FormField field={fields.price} label={t("receptive.fields.price")} inputMode="decimal" placeholder="0,00" />
          <SelectField field={fields.currency} label={t("receptive.fields.currency")} required options={currencies.map((c) => ({ value: c, label: c }))} />
        </div>
      </FormSection>
    </RecordForm>
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
