import type { FieldMetadata, SubmissionResult } from "@conform-to/react";
import { Button, Flex, Text } from "@radix-ui/themes";
import { Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useRecordForm, RecordForm } from "~/components/kit/RecordForm";
import { CheckboxField, FormField, FormSection, SelectField, TextAreaField } from "~/components/ui/FormField";
import { ListError, PriceGrid, RowButtons } from "~/components/services/ServiceFormParts";
import { SERVICE_CURRENCIES } from "~/lib/services/fields";
import { EMPTY_DAY, EMPTY_DEPARTURE, MAX_DEPARTURES, MAX_DAYS, MAX_DESTINATIONS, PACKAGE_LIST_PATH } from "~/lib/services/package";
import { PublicAddress } from "~/components/services/packages/PublicAddress";

type Option = { value: string; label: string };
type Availability = { total: number; held: number; sold: number; free: number };

export function PackageFields({
  defaultValue,
  version,
  lastResult,
  isNew,
  operators,
  destinations,
  availability,
  publicPath,
  slugKept,
}: {
  defaultValue: Record<string, unknown>;
  version: number;
  lastResult: SubmissionResult<string[]> | undefined;
  isNew: boolean;
  operators: Option[];
  destinations: Option[];
  /** Availability of the stored departures, by id. */
  availability: Record<string, Availability>;
  publicPath: string | null;
  slugKept: boolean;
}) {
  const { t } = useTranslation();
  const [form, fields] = useRecordForm({
    id: "package-form",
    loadSchema: () => import("~/lib/services/package.schema").then((m) => m.packageSchema),
    lastResult,
    defaultValue,
  });
  const destinationRows = fields.destinations.getFieldList();
  const days = fields.itinerary.getFieldList();
  const departures = fields.departures.getFieldList();
  // The price grid posts prices.<room>.<age>; the schema's output is the list of cells.
  const prices = (fields.prices as unknown as FieldMetadata<Record<string, Record<string, string>>>).getFieldset();

  return (
    <RecordForm form={form} isNew={isNew} version={version} cancelHref={PACKAGE_LIST_PATH}>
      <FormSection title={t("services.packages.sections.main")}>
        <div className="form-grid">
          <div className="span-all">
            <FormField field={fields.title} label={t("services.packages.fields.title")} required autoComplete="off" />
          </div>
          <SelectField field={fields.operatorId} label={t("services.packages.fields.operatorId")} options={[{ value: "", label: "—" }, ...operators]} required />
          <FormField field={fields.slug} label={t("services.packages.fields.slug")} hint={slugKept ? t("services.packages.slugKeptHint") : t("services.packages.hints.slug")} autoComplete="off" />
          <div className="span-all">
            <TextAreaField field={fields.summary} label={t("services.packages.fields.summary")} hint={t("services.packages.hints.summary")} rows={3} />
          </div>
        </div>
      </FormSection>

      <FormSection title={t("services.packages.sections.destinations")}>
        <Flex direction="column" gap="2" data-testid="package-destinations">
          {destinationRows.map((row, i) => (
            <Flex key={row.key} gap="2" align="end">
              <div style={{ flex: 1 }}>
                <SelectField field={row} label={t("services.packages.fields.destination", { n: i + 1 })} options={[{ value: "", label: t("services.packages.chooseDestination") }, ...destinations]} />
              </div>
              <RowButtons
                form={form}
                name={fields.destinations.name}
                index={i}
                count={destinationRows.length}
                label={t("services.packages.fields.destination", { n: i + 1 })}
                removeLabel={t("services.packages.removeDestination", { n: i + 1 })}
              />
            </Flex>
          ))}
          <ListError field={fields.destinations} />
          {destinationRows.length < MAX_DESTINATIONS && (
            <Flex>
              <Button type="submit" variant="ghost" {...form.insert.getButtonProps({ name: fields.destinations.name, defaultValue: "" })} data-testid="add-destination">
                <Plus size={14} aria-hidden /> {t("services.packages.addDestination")}
              </Button>
            </Flex>
          )}
        </Flex>
      </FormSection>

      <FormSection title={t("services.packages.sections.itinerary")}>
        <Flex direction="column" gap="3" data-testid="package-itinerary">
          {days.map((day, i) => {
            const d = day.getFieldset();
            return (
              <Flex key={day.key} direction="column" gap="2" className="package-row">
                <Flex justify="between" align="center">
                  <Text size="2" weight="medium">
                    {t("services.packages.day", { n: i + 1 })}
                  </Text>
                  <RowButtons form={form} name={fields.itinerary.name} index={i} count={days.length} label={t("services.packages.day", { n: i + 1 })} removeLabel={t("services.packages.removeDay", { n: i + 1 })} />
                </Flex>
                <FormField field={d.title} label={t("services.packages.fields.dayTitle", { n: i + 1 })} autoComplete="off" />
                <TextAreaField field={d.description} label={t("services.packages.fields.dayDescription", { n: i + 1 })} rows={2} />
              </Flex>
            );
          })}
          <ListError field={fields.itinerary} />
          {days.length < MAX_DAYS && (
            <Flex>
              <Button type="submit" variant="ghost" {...form.insert.getButtonProps({ name: fields.itinerary.name, defaultValue: EMPTY_DAY })} data-testid="add-day">
                <Plus size={14} aria-hidden /> {t("services.packages.addDay")}
              </Button>
            </Flex>
          )}
        </Flex>
      </FormSection>

      <FormSection title={t("services.packages.sections.includes")}>
        <div className="form-grid">
          <TextAreaField field={fields.includes} label={t("services.packages.fields.includes")} hint={t("services.packages.hints.lines")} rows={5} />
          <TextAreaField field={fields.excludes} label={t("services.packages.fields.excludes")} hint={t("services.packages.hints.lines")} rows={5} />
        </div>
      </FormSection>

      <FormSection title={t("services.packages.sections.departures")} hint={t("services.packages.hints.departures")}>
        <Flex direction="column" gap="3" data-testid="package-departures">
          {departures.map((departure, i) => {
            const d = departure.getFieldset();
            const id = d.id.initialValue as string | undefined;
            const a = id ? availability[id] : undefined;
            return (
              <Flex key={departure.key} direction="column" gap="2" className="package-row" data-testid="package-departure">
                <Flex justify="between" align="center" gap="2" wrap="wrap">
                  <Text size="2" weight="medium">
                    {t("services.packages.departureN", { n: i + 1 })}
                    {a && (
                      <Text size="1" color="gray" weight="regular" data-testid="departure-availability">
                        {" · "}
                        {t("services.availabilityDetail", a)}
                      </Text>
                    )}
                  </Text>
                  <RowButtons
                    form={form}
                    name={fields.departures.name}
                    index={i}
                    count={departures.length}
                    label={t("services.packages.departureN", { n: i + 1 })}
                    removeLabel={t("services.packages.removeDeparture", { n: i + 1 })}
                    keepOne={false}
                  />
                </Flex>
                <input type="hidden" name={d.id.name} defaultValue={id ?? ""} key={d.id.key} />
                <div className="form-grid package-departure-grid">
                  <FormField field={d.departureDate} label={t("services.packages.fields.departureDate")} type="date" />
                  <FormField field={d.returnDate} label={t("services.packages.fields.returnDate")} type="date" />
                  <FormField field={d.seats} label={t("services.packages.fields.seats")} inputMode="numeric" />
                </div>
              </Flex>
            );
          })}
          <ListError field={fields.departures} />
          {departures.length < MAX_DEPARTURES && (
            <Flex>
              <Button type="submit" variant="ghost" {...form.insert.getButtonProps({ name: fields.departures.name, defaultValue: EMPTY_DEPARTURE })} data-testid="add-departure">
                <Plus size={14} aria-hidden /> {t("services.packages.addDeparture")}
              </Button>
            </Flex>
          )}
        </Flex>
      </FormSection>

      <FormSection title={t("services.packages.sections.prices")} hint={t("services.packages.hints.prices")}>
        <PriceGrid prices={prices as unknown as Record<string, FieldMetadata<Record<string, string>>>} />
      </FormSection>

      <FormSection title={t("services.packages.sections.cost")}>
        <div className="form-grid">
          <FormField field={fields.cost} label={t("services.packages.fields.cost")} hint={t("services.packages.hints.cost")} inputMode="decimal" placeholder="0,00" />
          <SelectField field={fields.currency} label={t("services.packages.fields.currency")} options={SERVICE_CURRENCIES.map((c) => ({ value: c, label: c }))} required />
        </div>
      </FormSection>

      <FormSection title={t("services.packages.sections.policy")}>
        <TextAreaField field={fields.cancellationPolicy} label={t("services.packages.fields.cancellationPolicy")} rows={4} />
      </FormSection>

      <FormSection title={t("services.packages.sections.publish")}>
        <Flex direction="column" gap="3">
          <CheckboxField field={fields.published} label={t("services.packages.fields.published")} hint={t("services.packages.hints.publish")} />
          <ListError field={fields.published} />
          {publicPath && <PublicAddress path={publicPath} />}
        </Flex>
      </FormSection>
    </RecordForm>
  );
}
