import { type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { RecordForm, useRecordForm } from "~/components/kit/RecordForm";
import { RecordPage, type RecordActionData } from "~/components/kit/RecordPage";
import { FormField, FormSection, SelectField } from "~/components/ui/FormField";
import { CAMBIO_PATH } from "~/lib/finance/cambio/cambio";
import { enabledCurrencies, rateFormValues, rateSpec } from "~/lib/finance/cambio/cambio.server";
import { currencyName } from "~/lib/finance/fx";
import { canManageFinance } from "~/lib/finance/roles";
import { FORBIDDEN_ANSWER } from "~/lib/finance/settings/inline.server";
import { recordAction } from "~/lib/kit/record-action.server";
import { recordLoader } from "~/lib/kit/record-loader.server";
import { forbidden } from "~/lib/platform/http";
import { todayIn } from "~/lib/platform/time-zone";
import { lookup } from "~/lib/platform/translate";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/cambio.form";

export const middleware: Route.MiddlewareFunction[] = [requireModule("financeiro", "cambio")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

/** Nova cotação (no id) or editar/:id (replace a day's rate): 404 for an unknown id or another agency's. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const currencies = await enabledCurrencies(scope);
  const url = new URL(request.url);
  const preset = url.searchParams.get("moeda")?.toUpperCase() ?? "";
  return recordLoader(rateSpec, scope, request, params, {
    toForm: rateFormValues,
    empty: { currency: currencies.includes(preset) ? preset : (currencies[0] ?? ""), date: todayIn(scope.timeZone), rate: "" },
    newTitle: getI18n(context).t("fx.rates.new"),
    extra: (row) => ({ currencies: row && !currencies.includes(row.currency) ? [...currencies, row.currency] : currencies, canManage: canManageFinance(scope.role), source: row?.source ?? null, recordedAt: row?.updatedAt ?? null }),
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

/** Save (create, or replace with the version check) and delete: Admin, SuperAdmin and Financeiro only (403 otherwise). */
export function action({ context, request, params }: Route.ActionArgs) {
  const scope = requireScope(context, request);
  if (!canManageFinance(scope.role)) return forbidden(FORBIDDEN_ANSWER);
  return recordAction(rateSpec, scope, request, params);
}

export default function RateForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const isNew = loaderData.mode === "new";
  return (
    <RecordPage
      testId="fx-rate-form-page"
      title={isNew ? t("fx.rates.new") : t("fx.rates.editTitle", { name: loaderData.name })}
      subtitle={isNew ? t("fx.rates.newSubtitle") : t("fx.rates.editSubtitle", { source: t(`fx.sources.${loaderData.source ?? "manual"}`) })}
      listLabel={t("menu.financeiro.cambio.title")}
      listPath={CAMBIO_PATH}
      record={loaderData}
      actionData={actionData as RecordActionData | undefined}
      fieldLabel={(field) => lookup(i18n, `fx.fields.${field}`) ?? field}
      form={({ key, ...form }) => <RateFields key={key} {...form} defaultValue={loaderData.values} isNew={isNew} currencies={loaderData.currencies} />}
    />
  );
}

function RateFields({
  defaultValue,
  version,
  lastResult,
  isNew,
  currencies,
}: {
  defaultValue: Record<string, unknown>;
  version: number;
  lastResult: SubmissionResult<string[]> | undefined;
  isNew: boolean;
  currencies: string[];
}) {
  const { t, i18n } = useTranslation();
  const [form, fields] = useRecordForm({ id: "fx-rate-form", loadSchema: () => import("~/lib/finance/cambio/cambio.schema").then((m) => m.rateSchema), lastResult, defaultValue });
  return (
    <RecordForm form={form} isNew={isNew} version={version} cancelHref={CAMBIO_PATH}>
      <FormSection title={t("fx.rates.section")} hint={t("fx.rates.hint")}>
        <div className="form-grid">
          <SelectField
            field={fields.currency}
            label={t("fx.fields.currency")}
            required
            hint={currencies.length === 0 ? t("fx.currencies.noneEnabled") : undefined}
            options={currencies.map((c) => ({ value: c, label: `${c} — ${currencyName(c, i18n.language)}` }))}
          />
          <FormField field={fields.date} label={t("fx.fields.date")} type="date" required />
          <FormField field={fields.rate} label={t("fx.fields.rate")} inputMode="decimal" placeholder="5,4321" hint={t("fx.hints.rate")} required />
        </div>
      </FormSection>
    </RecordForm>
  );
}

/** A missing record (or another agency's) shows inside the shell. */
export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
