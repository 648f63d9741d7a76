import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Button, Flex, Text } from "@radix-ui/themes";
import { BusFront } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { useRecordForm } from "~/components/kit/RecordForm";
import { FormActions } from "~/components/kit/FormActions";
import { ServiceActions } from "~/components/services/ServiceActions";
import { RecordHistory } from "~/components/kit/RecordHistory";
import { StaleCallout } from "~/components/kit/RecordNotices";
import type { RecordActionData } from "~/components/kit/RecordPage";
import { DateTimeField } from "~/components/services/DateTimeField";
import { SeatLayoutEditor } from "~/components/services/SeatLayoutEditor";
import { PageHeader } from "~/components/ui/PageHeader";
import { FormField, FormSection, SelectField, TextAreaField, UnsavedChangesGuard, useErrorText } from "~/components/ui/FormField";
import { recordAction } from "~/lib/kit/record-action.server";
import { recordLoader } from "~/lib/kit/record-loader.server";
import { formatDateTime } from "~/lib/platform/format";
import { lookup, translate } from "~/lib/platform/translate";
import { formatCents } from "~/lib/finance/money";
import { anttStatus, CHARTER_LIST_PATH } from "~/lib/services/charter";
import { busCompanyOptions, charterAvailability, charterEmpty, charterForm, charterIntents, charterSpec, destinationOptions } from "~/lib/services/charter.server";
import { canArchiveServices, SERVICE_CURRENCIES } from "~/lib/services/fields";
import { capacityOf, defaultLayout, isTemplateKey, layoutFromJson, VEHICLE_TYPES, type VehicleType } from "~/lib/services/seat-layout";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import seatMapStyles from "~/components/services/seat-map.css?url";
import { Notice } from "~/components/ui/Notice";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/fretamento-terrestre.form";

export const middleware: Route.MiddlewareFunction[] = [requireModule("servicos", "fretamento_terrestre")];
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: registersStyles },
  { rel: "stylesheet", href: seatMapStyles },
];

/** Novo fretamento (no id) or editar/:id: 404 for an unknown id or another agency's. */
export const loader = ({ context, request, params }: Route.LoaderArgs) => {
  const scope = requireScope(context, request);
  return recordLoader(charterSpec(scope), scope, request, params, {
    toForm: (row) => charterForm(row, scope.timeZone),
    empty: charterEmpty(scope.currency),
    newTitle: getI18n(context).t("services.charters.new"),
    extra: async (row) => {
      const [companies, destinations, availability] = await Promise.all([
        busCompanyOptions(scope, row?.supplierId),
        destinationOptions(scope, row?.destinationId),
        row ? charterAvailability(scope, [row]).then((m) => m.get(row.id) ?? null) : null,
      ]);
      return { recordId: row?.id ?? null, companies, destinations, availability, antt: row ? anttStatus(row, scope.timeZone) : null, canArchive: canArchiveServices(scope.role) };
    },
  });
};

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

/** Save (create, or update with the version check), archive and clone. */
export const action = ({ context, request, params }: Route.ActionArgs) => {
  const scope = requireScope(context, request);
  const intents = params.id ? charterIntents(params.id, getI18n(context).t("services.clone.suffix")) : undefined;
  return recordAction(charterSpec(scope), scope, request, params, intents);
};

type ActionData = RecordActionData & { archiveError?: string; references?: { count: number; label: string }[] };

export default function CharterForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const ad = actionData as ActionData | undefined;
  const isNew = loaderData.mode === "new";
  const fieldLabel = (field: string) => lookup(i18n, `services.charters.fields.${field}`) ?? field;
  const formatValue = (field: string, value: unknown): string | undefined => {
    if (field === "vehicleType" && typeof value === "string") return lookup(i18n, `services.vehicleTypes.${value}`);
    if ((field === "departureAt" || field === "returnAt") && typeof value === "string") return formatDateTime(value, i18n.language, loaderData.timeZone);
    if (field === "costCents" && typeof value === "number") return formatCents(value);
    if (field === "seatLayout" && value && typeof value === "object") {
      const layout = layoutFromJson(JSON.stringify(value));
      return layout ? t("services.layoutEditor.summary", capacityOf(layout)) : undefined;
    }
    return undefined;
  };
  const title = isNew ? t("services.charters.new") : loaderData.name;
  return (
    <Flex direction="column" gap="4" maxWidth="1100px" data-testid="charter-form-page">
      <PageHeader
        title={title}
        subtitle={isNew ? t("services.charters.newSubtitle") : t("services.charters.editSubtitle")}
        trail={[
          { label: t("menu.servicos.title"), href: null },
          { label: t("menu.servicos.fretamento_terrestre.title"), href: CHARTER_LIST_PATH },
        ]}
        actions={
          !isNew ? (
            <Flex gap="2" wrap="wrap">
              {/* A trip on this bus: the excursion form prefilled from the charter. */}
              <Button asChild variant="soft" data-testid="charter-create-excursion">
                <Link to={`/servicos/excursoes/novo?fretamento=${loaderData.recordId}`}>
                  <BusFront size={16} aria-hidden /> {t("services.excursions.createFromCharter")}
                </Link>
              </Button>
              <ServiceActions kind="charter" name={loaderData.name} canArchive={loaderData.canArchive} />
            </Flex>
          ) : undefined
        }
      />
      {ad?.archiveError && (
        <Notice tone="error" testId="archive-error">
          {translate(i18n, ad.archiveError, { name: loaderData.name })}
          {ad.references && ad.references.length > 0 && <> {ad.references.map((r) => translate(i18n, r.label, { count: r.count })).join(", ")}</>}
        </Notice>
      )}
      {ad?.stale && <StaleCallout differences={ad.stale.differences} fieldLabel={fieldLabel} />}
      {loaderData.companies.length === 0 && (
        <Notice tone="warning" role="none" testId="no-bus-company">
          {t("services.charters.noBusCompany")} <Link to="/cadastros/fornecedores/novo">{t("menu.cadastros.fornecedores.title")}</Link>
        </Notice>
      )}
      <CharterFields
        key={loaderData.version}
        defaultValue={loaderData.values}
        version={ad?.stale ? ad.stale.version : loaderData.version}
        lastResult={ad?.result}
        isNew={isNew}
        timeZone={loaderData.timeZone}
        companies={loaderData.companies}
        destinations={loaderData.destinations}
        availability={loaderData.availability}
        antt={loaderData.antt}
      />
      {loaderData.history && (
        <RecordHistory entries={loaderData.history.entries} more={loaderData.history.more} timeZone={loaderData.timeZone} fieldLabel={fieldLabel} formatValue={formatValue} />
      )}
    </Flex>
  );
}


type Option = { value: string; label: string };

function CharterFields({
  defaultValue,
  version,
  lastResult,
  isNew,
  timeZone,
  companies,
  destinations,
  availability,
  antt,
}: {
  defaultValue: Record<string, unknown>;
  version: number;
  lastResult: SubmissionResult<string[]> | undefined;
  isNew: boolean;
  timeZone: string;
  companies: Option[];
  destinations: Option[];
  availability: { total: number; held: number; sold: number; free: number } | null;
  antt: "expired" | "beforeReturn" | null;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const [form, fields] = useRecordForm({
    id: "charter-form",
    loadSchema: () => import("~/lib/services/charter.schema").then((m) => m.charterSchema(timeZone)),
    lastResult,
    defaultValue,
  });
  // After a refused save (stale, invalid) the form starts from what the user posted, the layout included.
  const posted = (name: string) => {
    const v = (fields as Record<string, { initialValue?: unknown }>)[name]?.initialValue;
    return typeof v === "string" ? v : undefined;
  };
  const typeText = posted("vehicleType") ?? (defaultValue.vehicleType as string | undefined);
  const initialType: VehicleType = (VEHICLE_TYPES as readonly string[]).includes(typeText ?? "") ? (typeText as VehicleType) : "executivo";
  const [vehicleType, setVehicleType] = useState<VehicleType>(initialType);
  const [initialLayout] = useState(() => {
    const text = posted("seatLayout") ?? (defaultValue.seatLayout as string | undefined);
    return (text ? layoutFromJson(text) : null) ?? defaultLayout(initialType);
  });
  const layoutError = errorText((fields.seatLayout.errors as string[] | undefined)?.[0]);
  return (
    <Form method="post" {...getFormProps(form)} className="record-form">
      <UnsavedChangesGuard dirty={form.dirty} />
      {!isNew && <input type="hidden" name="version" value={version} />}
      <Flex direction="column" gap="4">
        <FormSection title={t("services.charters.sections.vehicle")}>
          <div className="form-grid">
            <div className="span-all">
              <FormField field={fields.title} label={t("services.charters.fields.title")} hint={t("services.charters.hints.title")} required autoComplete="off" />
            </div>
            <SelectField
              field={fields.supplierId}
              label={t("services.charters.fields.supplierId")}
              options={[{ value: "", label: "—" }, ...companies]}
              required
            />
            <SelectField
              field={fields.vehicleType}
              label={t("services.charters.fields.vehicleType")}
              options={VEHICLE_TYPES.map((v) => ({ value: v, label: t(`services.vehicleTypes.${v}`) }))}
              onChange={(v) => setVehicleType(v as VehicleType)}
              required
            />
            <FormField field={fields.vehiclePlate} label={t("services.charters.fields.vehiclePlate")} placeholder="ABC1D23" autoComplete="off" />
          </div>
        </FormSection>

        <FormSection title={t("services.charters.sections.layout")}>
          <SeatLayoutEditor
            name={fields.seatLayout.name}
            id={fields.seatLayout.id}
            defaultValue={initialLayout}
            template={isTemplateKey(vehicleType) ? vehicleType : "executivo"}
            error={layoutError}
            errorId={fields.seatLayout.errorId}
            onApplyTemplate={(key) => {
              setVehicleType(key);
              form.update({ name: fields.vehicleType.name, value: key });
            }}
          />
          {availability && (
            <Text as="p" size="2" mt="3" data-testid="charter-availability">
              <Text weight="medium">{t("services.charters.sections.availability")}:</Text> {t("services.availabilityDetail", availability)}
            </Text>
          )}
        </FormSection>

        <FormSection title={t("services.charters.sections.route")}>
          <div className="form-grid">
            <FormField field={fields.origin} label={t("services.charters.fields.origin")} required placeholder="São Paulo - SP" />
            <FormField field={fields.destinationName} label={t("services.charters.fields.destinationName")} required placeholder="Gramado - RS" />
            <div className="span-all">
              <TextAreaField field={fields.stops} label={t("services.charters.fields.stops")} hint={t("services.charters.hints.stops")} rows={3} />
            </div>
            <SelectField
              field={fields.destinationId}
              label={t("services.charters.fields.destinationId")}
              hint={t("services.charters.hints.destinationId")}
              options={[{ value: "", label: t("services.charters.noDestination") }, ...destinations]}
            />
          </div>
        </FormSection>

        <FormSection title={t("services.charters.sections.dates")} hint={t("services.charters.hints.dates", { timeZone })}>
          <div className="form-grid">
            <DateTimeField field={fields.departureAt} label={t("services.charters.fields.departureAt")} required />
            <DateTimeField field={fields.returnAt} label={t("services.charters.fields.returnAt")} />
          </div>
        </FormSection>

        <FormSection title={t("services.charters.sections.cost")}>
          <div className="form-grid">
            <FormField field={fields.cost} label={t("services.charters.fields.cost")} hint={t("services.charters.hints.cost")} inputMode="decimal" placeholder="0,00" />
            <SelectField field={fields.currency} label={t("services.charters.fields.currency")} options={SERVICE_CURRENCIES.map((c) => ({ value: c, label: c }))} required />
          </div>
        </FormSection>

        <FormSection title={t("services.charters.sections.antt")} hint={t("services.charters.hints.antt")}>
          <div className="form-grid">
            <FormField field={fields.anttAuthorization} label={t("services.charters.fields.anttAuthorization")} autoComplete="off" />
            <FormField field={fields.anttValidUntil} label={t("services.charters.fields.anttValidUntil")} type="date" />
          </div>
          {antt && (
            <Notice tone={antt === "expired" ? "error" : "warning"} role="none" mt="3" testId="antt-warning">
              {antt === "expired" ? t("services.charters.anttExpired") : t("services.charters.anttExpiresBeforeReturn")}
            </Notice>
          )}
        </FormSection>

        <FormSection title={t("services.charters.sections.notes")}>
          <TextAreaField field={fields.notes} label={t("services.charters.fields.notes")} rows={3} />
        </FormSection>

        {form.errors && form.errors.length > 0 && (
          <Text color="red" role="alert">
            {form.errors.map((e) => errorText(e)).join(" ")}
          </Text>
        )}
        <FormActions cancelHref={CHARTER_LIST_PATH} busy={busy} />
      </Flex>
    </Form>
  );
}

/** A missing record (or another agency's) shows inside the shell. */
export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
