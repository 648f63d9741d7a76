import type { FieldMetadata, SubmissionResult } from "@conform-to/react";
import { Button, Flex, IconButton, Text } from "@radix-ui/themes";
import { Plus, X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RecordForm, useRecordForm } from "~/components/kit/RecordForm";
import { PublicAddress } from "~/components/services/packages/PublicAddress";
import { DateTimeField } from "~/components/services/DateTimeField";
import { ListError, PriceGrid } from "~/components/services/ServiceFormParts";
import { CheckboxField, FormField, FormSection, SelectField, TextAreaField, useErrorText, type AnyField } from "~/components/ui/FormField";
import { EMPTY_BOARDING, EMPTY_COMPONENT, EXCURSION_LIST_PATH, MAX_BOARDINGS, MAX_COMPONENTS, type ExcursionComponentKind } from "~/lib/excursions/excursion";
import { SERVICE_CURRENCIES } from "~/lib/services/fields";

type Option = { value: string; label: string };
export type ComponentGroup = { kind: ExcursionComponentKind; options: Option[] };

/** A select whose options come in groups (the components: one group per kind); values "kind:id". */
function GroupedSelect({ field, label, groups, placeholder }: { field: AnyField; label: string; groups: { label: string; options: Option[] }[]; placeholder: string }) {
  const errorText = useErrorText();
  const error = errorText((field.errors as string[] | undefined)?.[0]);
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={field.id} size="2" weight="medium">
        {label}
      </Text>
      <select
        id={field.id}
        name={field.name}
        key={field.key}
        defaultValue={(field.initialValue as string | undefined) ?? ""}
        className="native-select"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? field.errorId : undefined}
      >
        <option value="">{placeholder}</option>
        {groups
          .filter((g) => g.options.length > 0)
          .map((g) => (
            <optgroup key={g.label} label={g.label}>
              {g.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </optgroup>
          ))}
      </select>
      {error && (
        <Text id={field.errorId} size="1" color="red" role="alert">
          {error}
        </Text>
      )}
    </Flex>
  );
}

export function ExcursionFields({
  defaultValue,
  version,
  lastResult,
  isNew,
  timeZone,
  destinations,
  boardingPoints,
  charters,
  vehicles,
  components,
  publicPath,
  slugKept,
}: {
  defaultValue: Record<string, unknown>;
  version: number;
  lastResult: SubmissionResult<string[]> | undefined;
  isNew: boolean;
  timeZone: string;
  destinations: Option[];
  boardingPoints: Option[];
  charters: (Option & { capacity: number })[];
  vehicles: Option[];
  components: ComponentGroup[];
  publicPath: string | null;
  slugKept: boolean;
}) {
  const { t } = useTranslation();
  const [form, fields] = useRecordForm({
    id: "excursion-form",
    loadSchema: () => import("~/lib/excursions/excursion.schema").then((m) => m.excursionSchema(timeZone)),
    lastResult,
    defaultValue,
  });
  const boardings = fields.boardings.getFieldList();
  const componentRows = fields.components.getFieldList();
  const prices = (fields.prices as unknown as FieldMetadata<Record<string, Record<string, string>>>).getFieldset();
  const [charterId, setCharterId] = useState<string>(((fields.charterId.initialValue as string | undefined) ?? (defaultValue.charterId as string | undefined)) || "");
  const charter = charters.find((c) => c.value === charterId);
  const groups = components.map((g) => ({ label: t(`services.excursions.componentKinds.${g.kind}`), options: g.options }));

  return (
    <RecordForm form={form} isNew={isNew} version={version} cancelHref={EXCURSION_LIST_PATH}>
      <FormSection title={t("services.excursions.sections.main")}>
        <div className="form-grid">
          <div className="span-all">
            <FormField field={fields.title} label={t("services.excursions.fields.title")} required autoComplete="off" />
          </div>
          <SelectField
            field={fields.destinationId}
            label={t("services.excursions.fields.destinationId")}
            options={[{ value: "", label: t("services.excursions.chooseDestination") }, ...destinations]}
            required
          />
          <FormField field={fields.slug} label={t("services.excursions.fields.slug")} hint={slugKept ? t("services.packages.slugKeptHint") : t("services.excursions.hints.slug")} autoComplete="off" />
          <div className="span-all">
            <TextAreaField field={fields.summary} label={t("services.excursions.fields.summary")} hint={t("services.excursions.hints.summary")} rows={3} />
          </div>
        </div>
      </FormSection>

      <FormSection title={t("services.excursions.sections.dates")} hint={t("services.excursions.hints.dates", { timeZone })}>
        <div className="form-grid">
          <DateTimeField field={fields.departureAt} label={t("services.excursions.fields.departureAt")} required />
          <DateTimeField field={fields.returnAt} label={t("services.excursions.fields.returnAt")} required />
        </div>
      </FormSection>

      <FormSection title={t("services.excursions.sections.vehicle")}>
        <div className="form-grid">
          <SelectField
            field={fields.charterId}
            label={t("services.excursions.fields.charterId")}
            hint={t("services.excursions.hints.charter")}
            options={[{ value: "", label: t("services.excursions.noCharter") }, ...charters]}
            onChange={setCharterId}
          />
          {charter ? (
            <Text as="p" size="2" data-testid="charter-capacity" style={{ alignSelf: "center" }}>
              {t("services.excursions.capacityFromCharter", { count: charter.capacity })}
            </Text>
          ) : (
            <FormField field={fields.capacity} label={t("services.excursions.fields.capacity")} hint={t("services.excursions.hints.capacity")} inputMode="numeric" />
          )}
          <SelectField
            field={fields.vehicleId}
            label={t("services.excursions.fields.vehicleId")}
            hint={t("services.excursions.hints.vehicle")}
            options={[{ value: "", label: t("services.excursions.noVehicle") }, ...vehicles]}
          />
          <FormField field={fields.minPassengers} label={t("services.excursions.fields.minPassengers")} hint={t("services.excursions.hints.minPassengers")} inputMode="numeric" />
        </div>
      </FormSection>

      <FormSection title={t("services.excursions.sections.boardings")} hint={t("services.excursions.hints.boardings")}>
        <Flex direction="column" gap="3" data-testid="excursion-boardings">
          {boardings.map((row, i) => {
            const b = row.getFieldset() as unknown as Record<"id" | "boardingPointId" | "departureAt", AnyField>;
            return (
              <Flex key={row.key} gap="2" align="end" wrap="wrap" className="package-row" data-testid="excursion-boarding">
                <input type="hidden" name={b.id.name} defaultValue={(b.id.initialValue as string | undefined) ?? ""} key={b.id.key} />
                <div style={{ flex: "2 1 240px", minWidth: 0 }}>
                  <SelectField field={b.boardingPointId} label={t("services.excursions.fields.boardingPoint", { n: i + 1 })} options={[{ value: "", label: t("services.excursions.choosePoint") }, ...boardingPoints]} />
                </div>
                <div style={{ flex: "1 1 200px", minWidth: 0 }}>
                  <DateTimeField field={b.departureAt} label={t("services.excursions.fields.boardingTime", { n: i + 1 })} />
                </div>
                <IconButton type="submit" size="1" variant="soft" color="gray" aria-label={t("services.excursions.removeBoarding", { n: i + 1 })} {...form.remove.getButtonProps({ name: fields.boardings.name, index: i })}>
                  <X size={14} aria-hidden />
                </IconButton>
              </Flex>
            );
          })}
          <ListError field={fields.boardings} />
          {boardings.length < MAX_BOARDINGS && (
            <Flex>
              <Button type="submit" variant="ghost" {...form.insert.getButtonProps({ name: fields.boardings.name, defaultValue: EMPTY_BOARDING })} data-testid="add-boarding">
                <Plus size={14} aria-hidden /> {t("services.excursions.addBoarding")}
              </Button>
            </Flex>
          )}
        </Flex>
      </FormSection>

      <FormSection title={t("services.excursions.sections.prices")} hint={t("services.excursions.hints.prices")}>
        <PriceGrid prices={prices as unknown as Record<string, FieldMetadata<Record<string, string>>>} />
      </FormSection>

      <FormSection title={t("services.excursions.sections.components")} hint={t("services.excursions.hints.components")}>
        <Flex direction="column" gap="3" data-testid="excursion-components">
          {componentRows.map((row, i) => {
            // The posted names (the schema's output turns `ref` into kind and id).
            const c = row.getFieldset() as unknown as Record<"id" | "ref" | "notes", AnyField>;
            return (
              <Flex key={row.key} gap="2" align="end" wrap="wrap" className="package-row">
                <input type="hidden" name={c.id.name} defaultValue={(c.id.initialValue as string | undefined) ?? ""} key={c.id.key} />
                <div style={{ flex: "2 1 240px", minWidth: 0 }}>
                  <GroupedSelect field={c.ref} label={t("services.excursions.fields.component", { n: i + 1 })} groups={groups} placeholder={t("services.excursions.chooseComponent")} />
                </div>
                <div style={{ flex: "1 1 200px", minWidth: 0 }}>
                  <FormField field={c.notes} label={t("services.excursions.fields.componentNotes", { n: i + 1 })} autoComplete="off" />
                </div>
                <IconButton type="submit" size="1" variant="soft" color="gray" aria-label={t("services.excursions.removeComponent", { n: i + 1 })} {...form.remove.getButtonProps({ name: fields.components.name, index: i })}>
                  <X size={14} aria-hidden />
                </IconButton>
              </Flex>
            );
          })}
          <ListError field={fields.components} />
          {componentRows.length < MAX_COMPONENTS && (
            <Flex>
              <Button type="submit" variant="ghost" {...form.insert.getButtonProps({ name: fields.components.name, defaultValue: EMPTY_COMPONENT })} data-testid="add-component">
                <Plus size={14} aria-hidden /> {t("services.excursions.addComponent")}
              </Button>
            </Flex>
          )}
        </Flex>
      </FormSection>

      <FormSection title={t("services.excursions.sections.includes")}>
        <div className="form-grid">
          <TextAreaField field={fields.includes} label={t("services.excursions.fields.includes")} hint={t("services.excursions.hints.lines")} rows={5} />
          <TextAreaField field={fields.excludes} label={t("services.excursions.fields.excludes")} hint={t("services.excursions.hints.lines")} rows={5} />
        </div>
      </FormSection>

      <FormSection title={t("services.excursions.sections.policy")}>
        <TextAreaField field={fields.cancellationPolicy} label={t("services.excursions.fields.cancellationPolicy")} rows={4} />
      </FormSection>

      <FormSection title={t("services.excursions.sections.publish")}>
        <Flex direction="column" gap="3">
          <div className="form-grid">
            <SelectField field={fields.currency} label={t("services.excursions.fields.currency")} options={SERVICE_CURRENCIES.map((c) => ({ value: c, label: c }))} required />
          </div>
          <CheckboxField field={fields.published} label={t("services.excursions.fields.published")} hint={t("services.excursions.hints.publish")} />
          <ListError field={fields.published} />
          {publicPath && <PublicAddress path={publicPath} />}
        </Flex>
      </FormSection>
    </RecordForm>
  );
}
