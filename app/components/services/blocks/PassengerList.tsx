import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Button, Card, Flex, IconButton, Text } from "@radix-ui/themes";
import { ArrowDown, ArrowUp, Download, Plus, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { useLazyForm } from "~/components/kit/lazy-form";
import { FormField, UnsavedChangesGuard, useErrorText } from "~/components/ui/FormField";
import { considerForDirty } from "~/lib/kit/form-keys";
import { EMPTY_PASSENGER } from "~/lib/services/air-block";

/**
 * The passenger list of an air block (intent "passengers"): one row per
 * passenger (last and first name as on the passport, document, birth date,
 * ticket) with add / remove / reorder buttons that work without JavaScript, at
 * most one per seat; each row carries its id and version. The airline's files
 * (CSV, PDF) are linked above it.
 */
export function PassengerList({
  defaultValue,
  lastResult,
  seats,
  exportBase,
}: {
  defaultValue: Record<string, unknown>;
  lastResult: SubmissionResult<string[]> | undefined;
  seats: number;
  exportBase: string;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "passengers";
  const [form, fields] = useLazyForm({
    id: "passengers-form",
    loadSchema: () => import("~/lib/services/air-block.schema").then((m) => m.passengersSchema),
    lastResult,
    defaultValue: defaultValue as never,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    shouldDirtyConsider: considerForDirty,
  });
  const rows = fields.passengers.getFieldList();
  return (
    <Flex direction="column" gap="3" data-testid="passengers">
      <Flex gap="2" wrap="wrap" align="center">
        <Button asChild variant="soft" color="gray">
          <a href={`${exportBase}/csv`} download data-testid="passengers-csv">
            <Download size={16} aria-hidden /> {t("services.blocks.csv")}
          </a>
        </Button>
        <Button asChild variant="soft" color="gray">
          <a href={`${exportBase}/pdf`} download data-testid="passengers-pdf">
            <Download size={16} aria-hidden /> {t("services.blocks.pdf")}
          </a>
        </Button>
        <Text size="2" color="gray" data-testid="passengers-count">
          {t("services.airBlocks.passengersCount", { count: rows.length, seats })}
        </Text>
      </Flex>
      <Form method="post" {...getFormProps(form)}>
        <UnsavedChangesGuard dirty={form.dirty} />
        <input type="hidden" name="intent" value="passengers" />
        <input type="hidden" name={fields.loaded.name} defaultValue={(fields.loaded.initialValue as string | undefined) ?? ""} />
        <Flex direction="column" gap="3">
          {rows.length === 0 && <Text color="gray">{t("services.airBlocks.noPassengers")}</Text>}
          {rows.map((row, i) => {
            const p = row.getFieldset();
            return (
              <Card key={row.key} variant="surface" data-testid="passenger">
                <Flex justify="between" align="center" mb="2">
                  <Text size="2" weight="medium">
                    {t("services.airBlocks.passengerRow", { number: i + 1 })}
                  </Text>
                  <Flex gap="1">
                    {i > 0 && (
                      <IconButton type="submit" variant="soft" color="gray" aria-label={t("services.blocks.moveUp")} {...form.reorder.getButtonProps({ name: fields.passengers.name, from: i, to: i - 1 })}>
                        <ArrowUp size={16} />
                      </IconButton>
                    )}
                    {i < rows.length - 1 && (
                      <IconButton type="submit" variant="soft" color="gray" aria-label={t("services.blocks.moveDown")} {...form.reorder.getButtonProps({ name: fields.passengers.name, from: i, to: i + 1 })}>
                        <ArrowDown size={16} />
                      </IconButton>
                    )}
                    <IconButton type="submit" variant="soft" color="gray" aria-label={t("services.airBlocks.removePassenger")} {...form.remove.getButtonProps({ name: fields.passengers.name, index: i })}>
                      <X size={16} />
                    </IconButton>
                  </Flex>
                </Flex>
                <input type="hidden" name={p.id.name} defaultValue={(p.id.initialValue as string | undefined) ?? ""} />
                <input type="hidden" name={p.version.name} defaultValue={(p.version.initialValue as string | undefined) ?? ""} />
                <div className="form-grid">
                  <FormField field={p.lastName} label={t("services.airBlocks.fields.lastName")} required autoComplete="off" />
                  <FormField field={p.firstName} label={t("services.airBlocks.fields.firstName")} required autoComplete="off" />
                  <FormField field={p.document} label={t("services.airBlocks.fields.document")} autoComplete="off" />
                  <FormField field={p.birthDate} label={t("services.airBlocks.fields.birthDate")} type="date" />
                  <FormField field={p.ticketNumber} label={t("services.airBlocks.fields.ticketNumber")} inputMode="numeric" autoComplete="off" />
                </div>
              </Card>
            );
          })}
          {form.errors && form.errors.length > 0 && (
            <Text color="red" role="alert">
              {form.errors.map((e) => errorText(e)).join(" ")}
            </Text>
          )}
          <Flex gap="3" wrap="wrap" align="center">
            {rows.length < seats ? (
              <Button type="submit" variant="ghost" {...form.insert.getButtonProps({ name: fields.passengers.name, defaultValue: EMPTY_PASSENGER })} data-testid="add-passenger">
                <Plus size={14} aria-hidden /> {t("services.airBlocks.addPassenger")}
              </Button>
            ) : (
              <Text size="2" color="gray">
                {t("services.airBlocks.passengersFull")}
              </Text>
            )}
            <Button type="submit" disabled={busy} data-testid="passengers-save">
              {t("services.airBlocks.passengersSave")}
            </Button>
          </Flex>
        </Flex>
      </Form>
    </Flex>
  );
}
