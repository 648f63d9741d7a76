import type { FieldMetadata, SubmissionResult } from "@conform-to/react";
import { Button, Card, Flex, IconButton, Text } from "@radix-ui/themes";
import { ArrowDown, ArrowUp, Plus, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { RecordForm, useRecordForm } from "~/components/kit/RecordForm";
import { RecordHistory } from "~/components/kit/RecordHistory";
import { StaleCallout } from "~/components/kit/RecordNotices";
import type { RecordActionData } from "~/components/kit/RecordPage";
import { DateTimeField } from "~/components/services/DateTimeField";
import { ServiceActions } from "~/components/services/ServiceActions";
import { PassengerList } from "~/components/services/blocks/PassengerList";
import { FormField, FormSection, SelectField, TextAreaField, useErrorText } from "~/components/ui/FormField";
import { Notice } from "~/components/ui/Notice";
import { PageHeader } from "~/components/ui/PageHeader";
import { formatCents } from "~/lib/finance/money";
import { malformed } from "~/lib/kit/forms";
import { recordAction } from "~/lib/kit/record-action.server";
import { recordLoader } from "~/lib/kit/record-loader.server";
import { formatDateTime } from "~/lib/platform/format";
import { conflict, notFound } from "~/lib/platform/http";
import type { Scope } from "~/lib/platform/scope.server";
import type { ToastMessage } from "~/lib/platform/toast";
import { lookup } from "~/lib/platform/translate";
import { AIR_BLOCK_LIST_PATH, airBlockFormValues, EMPTY_SEGMENT, MAX_SEGMENTS } from "~/lib/services/air-block";
import {
  airBlockAvailability,
  airBlockEmpty,
  airBlockSpec,
  archiveAirBlock,
  cloneAirBlock,
  passengerFormValues,
  passengersOf,
  savePassengers,
  segmentsOf,
} from "~/lib/services/air-block.server";
import { blockIntents, supplierOptions } from "~/lib/services/blocks.server";
import { destinationOptions } from "~/lib/services/charter.server";
import { canArchiveServices, SERVICE_CURRENCIES } from "~/lib/services/fields";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/bloqueio-aereo.form";

export const middleware: Route.MiddlewareFunction[] = [requireModule("servicos", "bloqueio_aereo")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

/** Novo bloqueio aéreo (no id) or editar/:id (404 for an unknown id or another agency's): the form, availability and the passenger list. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const spec = airBlockSpec(scope);
  const screen = await recordLoader(spec, scope, request, params, {
    toForm: (row): Record<string, unknown> => airBlockFormValues(row, [], scope.timeZone),
    empty: airBlockEmpty(scope.currency) as Record<string, unknown>,
    newTitle: getI18n(context).t("services.airBlocks.new"),
    extra: async (row) => {
      if (!row) return { segments: null, passengers: null, availability: null, seats: 0 };
      const [segments, passengers, availability] = await Promise.all([segmentsOf(scope, [row.id]), passengersOf(scope, row.id), airBlockAvailability(scope, [row])]);
      return { segments: airBlockFormValues(row, segments, scope.timeZone).segments, passengers: passengerFormValues(passengers), availability: availability.get(row.id) ?? null, seats: row.seats };
    },
  });
  const [airlines, destinations] = await Promise.all([
    supplierOptions(scope, "airline", (screen.values.airlineId as string | undefined) ?? null),
    destinationOptions(scope, (screen.values.destinationId as string | undefined) || null),
  ]);
  return {
    ...screen,
    values: screen.segments ? { ...screen.values, segments: screen.segments } : screen.values,
    airlines,
    destinations,
    blockId: params.id ?? null,
    canArchive: canArchiveServices(scope.role),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

/** The passenger list's save (intent "passengers"): 400 with the rows in error, 409 when a passenger changed meanwhile. */
async function passengersIntent(scope: Scope, id: string, formData: FormData) {
  const answer = await savePassengers(scope, id, formData);
  switch (answer.kind) {
    case "notFound":
      throw notFound();
    case "malformed":
      return malformed();
    case "invalid":
      return data({ passengers: { result: answer.result } }, { status: answer.status });
    case "stale":
      return conflict({ passengers: { result: answer.result }, toast: { title: "services.blocks.errors.stale", variant: "destructive" } satisfies ToastMessage });
    case "saved":
      return { passengers: { result: answer.result, saved: true }, toast: { title: "services.airBlocks.passengersSaved" } satisfies ToastMessage };
  }
}

/** Save (create, or update with the version check), archive, clone, passengers. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const scope = requireScope(context, request);
  const suffix = getI18n(context).t("services.clone.suffix");
  const id = params.id;
  const intents = id
    ? blockIntents({
        id,
        listPath: AIR_BLOCK_LIST_PATH,
        archive: archiveAirBlock,
        clone: (s, blockId) => cloneAirBlock(s, blockId, suffix),
        more: async (intent, formData, s) => (intent === "passengers" ? passengersIntent(s, id, formData) : undefined),
      })
    : undefined;
  return recordAction(airBlockSpec(scope), scope, request, params, intents);
}

type ActionData = RecordActionData & { archiveError?: string; passengers?: { result?: SubmissionResult<string[]>; saved?: boolean } };

export default function AirBlockForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const ad = actionData as ActionData | undefined;
  const isNew = loaderData.mode === "new";
  const fieldLabel = (field: string) => lookup(i18n, `services.airBlocks.fields.${field}`) ?? field;
  const formatValue = (field: string, value: unknown): string | undefined => {
    if ((field === "nameDeadline" || field === "ticketingDeadline" || field === "departureAt") && typeof value === "string") return formatDateTime(value, i18n.language, loaderData.timeZone);
    if ((field === "fareCostCents" || field === "farePriceCents" || field === "taxesCents") && typeof value === "number") return formatCents(value);
    if (field === "segments" && Array.isArray(value)) {
      return value
        .map((s: { flightNumber?: string; fromIata?: string; toIata?: string; departureAt?: string }) => `${s.flightNumber ?? ""} ${s.fromIata ?? ""}→${s.toIata ?? ""} ${s.departureAt ? formatDateTime(s.departureAt, i18n.language, loaderData.timeZone) : ""}`)
        .join("; ");
    }
    if (field === "passengers" && Array.isArray(value)) return value.join("; ") || "—";
    return undefined;
  };
  const title = isNew ? t("services.airBlocks.new") : loaderData.name;
  return (
    <Flex direction="column" gap="4" maxWidth="1100px" data-testid="air-block-form-page">
      <PageHeader
        title={title}
        subtitle={isNew ? t("services.airBlocks.newSubtitle") : t("services.airBlocks.editSubtitle")}
        trail={[
          { label: t("menu.servicos.title"), href: null },
          { label: t("menu.servicos.bloqueio_aereo.title"), href: AIR_BLOCK_LIST_PATH },
        ]}
        actions={!isNew ? <ServiceActions kind="block" name={loaderData.name} canArchive={loaderData.canArchive} /> : undefined}
      />
      {ad?.archiveError && <Notice tone="error">{t("services.archive.forbidden")}</Notice>}
      {ad?.stale && <StaleCallout differences={ad.stale.differences} fieldLabel={fieldLabel} />}
      {loaderData.airlines.length === 0 && (
        <Notice tone="warning" role="none" testId="no-airline">
          {t("services.airBlocks.noAirline")} <Link to="/cadastros/fornecedores/novo">{t("menu.cadastros.fornecedores.title")}</Link>
        </Notice>
      )}
      <AirBlockFields
        key={loaderData.version}
        defaultValue={loaderData.values}
        version={ad?.stale ? ad.stale.version : loaderData.version}
        lastResult={ad?.result}
        isNew={isNew}
        timeZone={loaderData.timeZone}
        airlines={loaderData.airlines}
        destinations={loaderData.destinations}
      />
      {loaderData.availability && (
        <Text data-testid="air-block-availability">
          {t("services.blocks.availability")}: {t("services.availabilityDetail", loaderData.availability)}
        </Text>
      )}
      {!isNew && loaderData.passengers && (
        <FormSection title={t("services.airBlocks.sections.passengers")} hint={t("services.airBlocks.hints.passengers")}>
          <PassengerList
            key={`passengers-${loaderData.passengers.passengers.map((p) => p.version).join(".")}-${loaderData.passengers.loaded}`}
            defaultValue={loaderData.passengers}
            lastResult={ad?.passengers?.result}
            seats={loaderData.seats}
            exportBase={`${AIR_BLOCK_LIST_PATH}/passageiros/${loaderData.blockId}`}
          />
        </FormSection>
      )}
      {loaderData.history && (
        <RecordHistory entries={loaderData.history.entries} more={loaderData.history.more} timeZone={loaderData.timeZone} fieldLabel={fieldLabel} formatValue={formatValue} />
      )}
    </Flex>
  );
}

type Option = { value: string; label: string };

function AirBlockFields({
  defaultValue,
  version,
  lastResult,
  isNew,
  timeZone,
  airlines,
  destinations,
}: {
  defaultValue: Record<string, unknown>;
  version: number;
  lastResult: SubmissionResult<string[]> | undefined;
  isNew: boolean;
  timeZone: string;
  airlines: Option[];
  destinations: Option[];
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [form, fields] = useRecordForm({
    id: "air-block-form",
    loadSchema: () => import("~/lib/services/air-block.schema").then((m) => m.airBlockSchema(timeZone)),
    lastResult,
    defaultValue,
  });
  const segments = fields.segments.getFieldList();
  const listError = errorText(((fields.segments as FieldMetadata<unknown>).errors as string[] | undefined)?.[0]);
  return (
    <RecordForm form={form} isNew={isNew} version={version} cancelHref={AIR_BLOCK_LIST_PATH} busyIntent="save">
      <FormSection title={t("services.airBlocks.sections.airline")}>
        <div className="form-grid">
          <div className="span-all">
            <FormField field={fields.title} label={t("services.airBlocks.fields.title")} hint={t("services.airBlocks.hints.title")} required autoComplete="off" />
          </div>
          <SelectField field={fields.airlineId} label={t("services.airBlocks.fields.airlineId")} options={[{ value: "", label: "—" }, ...airlines]} required />
          <SelectField field={fields.destinationId} label={t("services.airBlocks.fields.destinationId")} options={[{ value: "", label: t("services.blocks.noDestination") }, ...destinations]} />
          <FormField field={fields.locator} label={t("services.airBlocks.fields.locator")} autoComplete="off" placeholder="ABC123" />
        </div>
      </FormSection>

      <FormSection title={t("services.airBlocks.sections.segments")} hint={t("services.airBlocks.hints.dates", { timeZone })}>
        <Flex direction="column" gap="3" data-testid="segments">
          {segments.map((row, i) => {
            const s = row.getFieldset();
            return (
              <Card key={row.key} variant="surface" data-testid="segment">
                <Flex justify="between" align="center" mb="2">
                  <Text size="2" weight="medium">
                    {t("services.airBlocks.segmentRow", { number: i + 1 })}
                  </Text>
                  <Flex gap="1">
                    {i > 0 && (
                      <IconButton type="submit" variant="soft" color="gray" aria-label={t("services.blocks.moveUp")} {...form.reorder.getButtonProps({ name: fields.segments.name, from: i, to: i - 1 })}>
                        <ArrowUp size={16} />
                      </IconButton>
                    )}
                    {i < segments.length - 1 && (
                      <IconButton type="submit" variant="soft" color="gray" aria-label={t("services.blocks.moveDown")} {...form.reorder.getButtonProps({ name: fields.segments.name, from: i, to: i + 1 })}>
                        <ArrowDown size={16} />
                      </IconButton>
                    )}
                    {segments.length > 1 && (
                      <IconButton type="submit" variant="soft" color="gray" aria-label={t("services.airBlocks.removeSegment")} {...form.remove.getButtonProps({ name: fields.segments.name, index: i })}>
                        <X size={16} />
                      </IconButton>
                    )}
                  </Flex>
                </Flex>
                <input type="hidden" name={s.id.name} defaultValue={(s.id.initialValue as string | undefined) ?? ""} />
                <div className="form-grid">
                  <FormField field={s.flightNumber} label={t("services.airBlocks.fields.flightNumber")} required autoComplete="off" placeholder="G3 1234" />
                  <FormField field={s.fromIata} label={t("services.airBlocks.fields.fromIata")} required autoComplete="off" placeholder="GRU" />
                  <FormField field={s.toIata} label={t("services.airBlocks.fields.toIata")} required autoComplete="off" placeholder="LIS" />
                  <DateTimeField field={s.departureAt} label={t("services.airBlocks.fields.departureAt")} required />
                  <DateTimeField field={s.arrivalAt} label={t("services.airBlocks.fields.arrivalAt")} required />
                </div>
              </Card>
            );
          })}
          {listError && (
            <Text size="1" color="red" role="alert">
              {listError}
            </Text>
          )}
          {segments.length < MAX_SEGMENTS && (
            <Flex>
              <Button type="submit" variant="ghost" {...form.insert.getButtonProps({ name: fields.segments.name, defaultValue: EMPTY_SEGMENT })} data-testid="add-segment">
                <Plus size={14} aria-hidden /> {t("services.airBlocks.addSegment")}
              </Button>
            </Flex>
          )}
        </Flex>
      </FormSection>

      <FormSection title={t("services.airBlocks.sections.fares")} hint={t("services.airBlocks.hints.fares")}>
        <div className="form-grid">
          <FormField field={fields.seats} label={t("services.airBlocks.fields.seats")} inputMode="numeric" required />
          <SelectField field={fields.currency} label={t("services.airBlocks.fields.currency")} options={SERVICE_CURRENCIES.map((c) => ({ value: c, label: c }))} required />
          <FormField field={fields.fareCost} label={t("services.airBlocks.fields.fareCost")} inputMode="decimal" placeholder="0,00" />
          <FormField field={fields.farePrice} label={t("services.airBlocks.fields.farePrice")} inputMode="decimal" placeholder="0,00" />
          <FormField field={fields.taxes} label={t("services.airBlocks.fields.taxes")} inputMode="decimal" placeholder="0,00" />
        </div>
      </FormSection>

      <FormSection title={t("services.airBlocks.sections.deadlines")} hint={t("services.airBlocks.hints.dates", { timeZone })}>
        <div className="form-grid">
          <DateTimeField field={fields.nameDeadline} label={t("services.airBlocks.fields.nameDeadline")} />
          <DateTimeField field={fields.ticketingDeadline} label={t("services.airBlocks.fields.ticketingDeadline")} />
        </div>
      </FormSection>

      <FormSection title={t("services.airBlocks.sections.notes")}>
        <TextAreaField field={fields.notes} label={t("services.airBlocks.fields.notes")} rows={3} />
      </FormSection>
    </RecordForm>
  );
}

/** A missing record (or another agency's) shows inside the shell. */
export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
