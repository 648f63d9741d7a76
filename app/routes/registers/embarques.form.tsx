import { type SubmissionResult } from "@conform-to/react";
import { MapPin } from "lucide-react";
import { useTranslation } from "react-i18next";
import { RecordForm, useRecordForm } from "~/components/kit/RecordForm";
import { RecordPage, type RecordActionData } from "~/components/kit/RecordPage";
import { FormField, FormSection, TextAreaField } from "~/components/ui/FormField";
import { cepMask } from "~/lib/platform/masks";
import { BOARDING_POINTS_PATH as LIST, mapHref } from "~/lib/registers/boarding-point";
import { BOARDING_POINT_EMPTY, boardingPointFormValues, boardingPointSpec } from "~/lib/registers/boarding-point.server";
import { recordAction } from "~/lib/kit/record-action.server";
import { recordLoader } from "~/lib/kit/record-loader.server";
import { lookup } from "~/lib/platform/translate";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/embarques.form";

export const middleware: Route.MiddlewareFunction[] = [requireModule("cadastros", "embarques")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

/** Novo ponto de embarque (no id) or editar/:id with its map link: 404 for an unknown id or another agency's. */
export const loader = ({ context, request, params }: Route.LoaderArgs) =>
  recordLoader(boardingPointSpec, requireScope(context, request), request, params, {
    toForm: boardingPointFormValues,
    empty: BOARDING_POINT_EMPTY,
    newTitle: getI18n(context).t("boardingPoints.new"),
    extra: (row) => ({ map: row ? mapHref(row.latitude, row.longitude) : null }),
  });

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

/** Save (create, or update with the version check) and delete. */
export const action = ({ context, request, params }: Route.ActionArgs) => recordAction(boardingPointSpec, requireScope(context, request), request, params);

export default function BoardingPointForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const isNew = loaderData.mode === "new";
  return (
    <RecordPage
      testId="boarding-point-form-page"
      title={isNew ? t("boardingPoints.new") : loaderData.name}
      subtitle={isNew ? t("boardingPoints.newSubtitle") : t("boardingPoints.editSubtitle")}
      listLabel={t("menu.cadastros.embarques.title")}
      listPath={LIST}
      record={loaderData}
      actionData={actionData as RecordActionData | undefined}
      fieldLabel={(field) => lookup(i18n, `boardingPoints.fields.${field}`) ?? lookup(i18n, `registers.fields.${field}`) ?? field}
      form={({ key, ...form }) => (
        <BoardingPointFields key={key} {...form} defaultValue={loaderData.values} isNew={isNew} map={loaderData.map} name={loaderData.name} />
      )}
    />
  );
}

function BoardingPointFields({
  defaultValue,
  version,
  lastResult,
  isNew,
  map,
  name,
}: {
  defaultValue: Record<string, unknown>;
  version: number;
  lastResult: SubmissionResult<string[]> | undefined;
  isNew: boolean;
  map: string | null;
  name: string;
}) {
  const { t } = useTranslation();
  const [form, fields] = useRecordForm({ id: "boarding-point-form", loadSchema: () => import("~/lib/registers/boarding-point.schema").then((m) => m.boardingPointSchema), lastResult, defaultValue });
  return (
    <RecordForm form={form} isNew={isNew} version={version} cancelHref={LIST}>
      <FormSection title={t("registers.sections.identity")}>
        <div className="form-grid">
          <div className="span-all">
            <FormField field={fields.name} label={t("registers.fields.name")} required autoComplete="off" />
          </div>
          <FormField field={fields.defaultOffsetMinutes} label={t("boardingPoints.fields.defaultOffsetMinutes")} inputMode="numeric" hint={t("boardingPoints.hints.offset")} />
        </div>
      </FormSection>

      <FormSection title={t("registers.sections.address")}>
        <div className="form-grid">
          <div className="span-all">
            <FormField field={fields.address} label={t("boardingPoints.fields.address")} hint={t("boardingPoints.hints.address")} autoComplete="off" />
          </div>
          <FormField field={fields.district} label={t("registers.fields.district")} />
          <FormField field={fields.city} label={t("registers.fields.city")} />
          <FormField field={fields.state} label={t("registers.fields.state")} placeholder="SP" hint={t("boardingPoints.hints.state")} />
          <FormField field={fields.postalCode} label={t("registers.fields.postalCode")} mask={cepMask} inputMode="numeric" placeholder="00000-000" />
          <div className="span-all">
            <TextAreaField field={fields.reference} label={t("boardingPoints.fields.reference")} hint={t("boardingPoints.hints.reference")} rows={2} />
          </div>
        </div>
      </FormSection>

      <FormSection
        title={t("registers.sections.location")}
        hint={t("boardingPoints.hints.coordinates")}
        actions={
          map && (
            <a href={map} target="_blank" rel="noopener noreferrer" title={t("boardingPoints.mapTitle", { name })} data-testid="map-link">
              <MapPin size={14} aria-hidden /> {t("boardingPoints.map")}
            </a>
          )
        }
      >
        <div className="form-grid">
          <FormField field={fields.latitude} label={t("boardingPoints.fields.latitude")} placeholder="-23,5403" />
          <FormField field={fields.longitude} label={t("boardingPoints.fields.longitude")} placeholder="-46,5766" />
        </div>
      </FormSection>
    </RecordForm>
  );
}

/** A missing record (or another agency's) shows inside the shell. */
export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
