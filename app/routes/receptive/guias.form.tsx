import { type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { RecordForm, useRecordForm } from "~/components/kit/RecordForm";
import { RecordPage, type RecordActionData } from "~/components/kit/RecordPage";
import { LanguagesField } from "~/components/receptive/LanguagesField";
import { CheckboxField, FormField, FormSection, TextAreaField } from "~/components/ui/FormField";
import { recordAction } from "~/lib/kit/record-action.server";
import { recordLoader } from "~/lib/kit/record-loader.server";
import { cpfMask, phoneMask } from "~/lib/platform/masks";
import { lookup } from "~/lib/platform/translate";
import { guideFormValues } from "~/lib/receptive/guide";
import { GUIDE_EMPTY, guideSpec } from "~/lib/receptive/guide.server";
import { RECEPTIVE_PATHS } from "~/lib/receptive/fields";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/guias.form";

const LIST = RECEPTIVE_PATHS.guides;

export const middleware: Route.MiddlewareFunction[] = [requireModule("servicos", "receptivo")];

/** Novo guia (no id) or editar/:id: 404 for an unknown id or another agency's. */
export const loader = ({ context, request, params }: Route.LoaderArgs) =>
  recordLoader(guideSpec, requireScope(context, request), request, params, {
    toForm: guideFormValues,
    empty: GUIDE_EMPTY,
    newTitle: getI18n(context).t("receptive.guides.new"),
  });

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

export const action = ({ context, request, params }: Route.ActionArgs) => recordAction(guideSpec, requireScope(context, request), request, params);

export default function GuideForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const isNew = loaderData.mode === "new";
  return (
    <RecordPage
      testId="guide-form-page"
      title={isNew ? t("receptive.guides.new") : loaderData.name}
      subtitle={isNew ? t("receptive.guides.newSubtitle") : t("receptive.guides.editSubtitle")}
      listLabel={t("menu.receptivo.guias.title")}
      listPath={LIST}
      record={loaderData}
      actionData={actionData as RecordActionData | undefined}
      fieldLabel={(field) => lookup(i18n, `receptive.fields.${field}`) ?? field}
      form={({ key, ...form }) => <GuideFields key={key} {...form} defaultValue={loaderData.values} isNew={isNew} />}
    />
  );
}

function GuideFields({ defaultValue, version, lastResult, isNew }: { defaultValue: Record<string, unknown>; version: number; lastResult: SubmissionResult<string[]> | undefined; isNew: boolean }) {
  const { t } = useTranslation();
  const [form, fields] = useRecordForm({ id: "guide-form", loadSchema: () => import("~/lib/receptive/guide.schema").then((m) => m.guideSchema), lastResult, defaultValue });
  return (
    <RecordForm form={form} isNew={isNew} version={version} cancelHref={LIST}>
      <FormSection title={t("receptive.sections.guide")}>
        <div className="form-grid">
          <div className="span-all">
            <FormField field={fields.name} label={t("receptive.fields.name")} required autoComplete="off" />
          </div>
          <FormField field={fields.cpf} label={t("receptive.fields.cpf")} mask={cpfMask} inputMode="numeric" placeholder="000.000.000-00" />
          <FormField field={fields.phone} label={t("receptive.fields.phone")} mask={phoneMask} type="tel" inputMode="tel" />
          <FormField field={fields.email} label={t("receptive.fields.email")} type="email" autoComplete="off" />
          <CheckboxField field={fields.active} label={t("receptive.fields.active")} />
          <div className="span-all">
            <LanguagesField field={fields.languages} />
          </div>
        </div>
      </FormSection>
      <FormSection title={t("receptive.sections.cadastur")}>
        <div className="form-grid">
          <FormField field={fields.cadasturNumber} label={t("receptive.fields.cadasturNumber")} hint={t("receptive.hints.cadasturNumber")} />
          <FormField field={fields.cadasturExpiry} label={t("receptive.fields.cadasturExpiry")} type="date" />
        </div>
      </FormSection>
      <FormSection title={t("receptive.sections.other")}>
        <TextAreaField field={fields.notes} label={t("receptive.fields.notes")} rows={3} />
      </FormSection>
    </RecordForm>
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
