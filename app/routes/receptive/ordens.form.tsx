import { type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { RecordForm, useRecordForm } from "~/components/kit/RecordForm";
import { RecordPage, type RecordActionData } from "~/components/kit/RecordPage";
import { DateTimeField } from "~/components/services/DateTimeField";
import { FormField, FormSection, SelectField, TextAreaField } from "~/components/ui/FormField";
import { recordLoader } from "~/lib/kit/record-loader.server";
import { lookup } from "~/lib/platform/translate";
import { parseCalendarDate } from "~/lib/platform/time-zone";
import { RECEPTIVE_ORDER_STATUSES, SCHEDULE_PATH } from "~/lib/receptive/order";
import { orderEmpty, orderFormOptions, orderFormValues, orderSpec, saveOrder, type Option, type ServiceOption } from "~/lib/receptive/order.server";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/ordens.form";

export const middleware: Route.MiddlewareFunction[] = [requireModule("servicos", "receptivo")];

/** Nova ordem (?data=YYYY-MM-DD from the agenda) or editar/:id: 404 for an unknown id or another agency's. */
export function loader({ context, request, params }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const day = parseCalendarDate(new URL(request.url).searchParams.get("data"));
  return recordLoader(orderSpec(scope), scope, request, params, {
    toForm: (row) => orderFormValues(row, scope.timeZone),
    empty: orderEmpty(day),
    newTitle: getI18n(context).t("receptive.orders.new"),
    extra: (row) => orderFormOptions(scope, row),
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

/** Save with the assignment rules (conflicts, documents, seats), and delete. */
export const action = ({ context, request, params }: Route.ActionArgs) => saveOrder(requireScope(context, request), request, params);

export default function OrderForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const isNew = loaderData.mode === "new";
  return (
    <RecordPage
      testId="order-form-page"
      title={isNew ? t("receptive.orders.new") : loaderData.name}
      subtitle={isNew ? t("receptive.orders.newSubtitle") : t("receptive.orders.editSubtitle")}
      listLabel={t("receptive.orders.title")}
      listPath={SCHEDULE_PATH}
      record={loaderData}
      actionData={actionData as RecordActionData | undefined}
      fieldLabel={(field) => lookup(i18n, `receptive.orders.fields.${field}`) ?? field}
      form={({ key, ...form }) => (
        <OrderFields
          key={key}
          {...form}
          defaultValue={loaderData.values}
          isNew={isNew}
          timeZone={loaderData.timeZone}
          services={loaderData.services}
          drivers={loaderData.drivers}
          guides={loaderData.guides}
          vehicles={loaderData.vehicles}
        />
      )}
    />
  );
}

function OrderFields({
  defaultValue,
  version,
  lastResult,
  isNew,
  timeZone,
  services,
  drivers,
  guides,
  vehicles,
}: {
  defaultValue: Record<string, unknown>;
  version: number;
  lastResult: SubmissionResult<string[]> | undefined;
  isNew: boolean;
  timeZone: string;
  services: ServiceOption[];
  drivers: Option[];
  guides: Option[];
  vehicles: Option[];
}) {
  const { t } = useTranslation();
  const [form, fields] = useRecordForm({ id: "order-form", loadSchema: () => import("~/lib/receptive/order.schema").then((m) => m.orderSchema(timeZone)), lastResult, defaultValue });
  const none = { value: "", label: "—" };
  return (
    <RecordForm form={form} isNew={isNew} version={version} cancelHref={SCHEDULE_PATH}>
      <FormSection title={t("receptive.orders.sections.when")}>
        <div className="form-grid">
          <div className="span-all">
            <SelectField field={fields.serviceId} label={t("receptive.orders.fields.serviceId")} required options={[none, ...services.map(({ value, label }) => ({ value, label }))]} />
          </div>
          <DateTimeField field={fields.startsAt} label={t("receptive.orders.fields.startsAt")} required hint={t("receptive.orders.hints.startsAt")} />
          <FormField field={fields.passengers} label={t("receptive.orders.fields.passengers")} required inputMode="numeric" />
          <FormField field={fields.reference} label={t("receptive.orders.fields.reference")} hint={t("receptive.orders.hints.reference")} />
          <SelectField field={fields.status} label={t("receptive.orders.fields.status")} required options={RECEPTIVE_ORDER_STATUSES.map((s) => ({ value: s, label: t(`receptive.orders.statuses.${s}`) }))} />
        </div>
      </FormSection>
      <FormSection title={t("receptive.orders.sections.who")}>
        <div className="form-grid">
          <SelectField field={fields.vehicleId} label={t("receptive.orders.fields.vehicleId")} options={[none, ...vehicles]} />
          <SelectField field={fields.driverId} label={t("receptive.orders.fields.driverId")} options={[none, ...drivers]} />
          <SelectField field={fields.guideId} label={t("receptive.orders.fields.guideId")} options={[none, ...guides]} />
        </div>
      </FormSection>
      <FormSection title={t("receptive.orders.sections.where")}>
        <div className="form-grid">
          <FormField field={fields.pickup} label={t("receptive.orders.fields.pickup")} />
          <FormField field={fields.dropoff} label={t("receptive.orders.fields.dropoff")} />
          <div className="span-all">
            <TextAreaField field={fields.notes} label={t("receptive.orders.fields.notes")} rows={3} />
          </div>
        </div>
      </FormSection>
    </RecordForm>
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
