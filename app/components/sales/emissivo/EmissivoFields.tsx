import { type SubmissionResult } from "@conform-to/react";
import { Button, Card, Flex, Text } from "@radix-ui/themes";
import { Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { RecordForm, useRecordForm } from "~/components/kit/RecordForm";
import { ListError, RowButtons } from "~/components/services/ServiceFormParts";
import { FormField, FormSection, SelectField, TextAreaField, type AnyField } from "~/components/ui/FormField";
import { formatMoney } from "~/lib/platform/format";
import { AGE_BANDS, EMISSIVO_LIST_PATH, EMPTY_ITEM, EMPTY_PASSENGER, liveTotals, MAX_ITEMS, MAX_PASSENGERS, SALE_INVENTORY_KINDS, SALE_PAYMENT_METHODS } from "~/lib/sales/emissivo";

type Option = { value: string; label: string };
type InventoryOption = Option & { free: number };

export type EmissivoOptions = {
  clients: Option[];
  agents: Option[];
  agentFixed: boolean;
  suppliers: Option[];
  productKinds: { value: string; kind: string }[];
  terms: Option[];
  currencies: readonly string[];
  inventory: { departures: InventoryOption[]; roomTypes: InventoryOption[]; airBlocks: InventoryOption[] };
};

/** The sale's form: client, seller, date, passengers, items, money, plan, notes; live totals. */
export function EmissivoFields({
  defaultValue,
  version,
  lastResult,
  isNew,
  options,
  readOnly,
  preview,
}: {
  defaultValue: Record<string, unknown>;
  version: number;
  lastResult: SubmissionResult<string[]> | undefined;
  isNew: boolean;
  options: EmissivoOptions;
  readOnly: boolean;
  preview: React.ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const [form, fields] = useRecordForm({
    id: "emissivo-form",
    loadSchema: () => import("~/lib/sales/emissivo.schema").then((m) => m.emissivoSchema),
    lastResult,
    defaultValue,
  });
  const passengers = fields.passengers.getFieldList();
  const items = fields.items.getFieldList();
  const value = (form.value ?? {}) as { currency?: string; items?: { cost?: string; price?: string; fees?: string }[]; discount?: string; passengers?: { clientId?: string }[] };
  const currency = value.currency ?? String(defaultValue.currency ?? "BRL");
  const totals = liveTotals(currency, value.items ?? [], value.discount);
  const money = (c: number) => formatMoney(c, currency, i18n.language);
  const clientName = new Map(options.clients.map((c) => [c.value, c.label]));
  const salePassengers = (value.passengers ?? []).map((p) => p?.clientId).filter((v): v is string => !!v);
  const kinds = options.productKinds.map((k) => ({ value: k.value, label: t(`products.kinds.${k.kind}`, { defaultValue: k.kind }) }));
  const none = { value: "", label: "—" };
  const withFree = (list: InventoryOption[]) => list.map((o) => ({ value: o.value, label: `${o.label} · ${t("sales.emissivo.free", { free: o.free })}` }));
  return (
    <RecordForm form={form} isNew={isNew} version={version} cancelHref={EMISSIVO_LIST_PATH} guard={!readOnly}>
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Flex direction="column" gap="4">
      <FormSection title={t("sales.emissivo.sections.sale")}>
        <div className="form-grid">
          <SelectField field={fields.clientId} label={t("sales.common.client")} options={[{ value: "", label: t("sales.emissivo.pickClient") }, ...options.clients]} required />
          {options.agentFixed ? (
            <>
              <input type="hidden" name={fields.agentId.name} value={(fields.agentId.initialValue as string) ?? ""} />
              <Text size="2">
                {t("sales.common.seller")}: {options.agents.find((a) => a.value === fields.agentId.initialValue)?.label ?? "—"}
              </Text>
            </>
          ) : (
            <SelectField field={fields.agentId} label={t("sales.common.seller")} options={[none, ...options.agents]} required />
          )}
          <FormField field={fields.saleDate} label={t("sales.common.saleDate")} type="date" required />
          <SelectField field={fields.currency} label={t("sales.common.currency")} options={options.currencies.map((c) => ({ value: c, label: c }))} required />
        </div>
      </FormSection>

      <FormSection title={t("sales.emissivo.sections.passengers")}>
        <Flex direction="column" gap="2" data-testid="sale-passengers">
          {passengers.length === 0 && (
            <Text size="2" color="gray">
              {t("sales.emissivo.noPassengers")}
            </Text>
          )}
          {passengers.map((row, i) => {
            const p = row.getFieldset();
            return (
              <Flex key={row.key} gap="2" align="end" wrap="wrap" data-testid="sale-passenger">
                <div style={{ flex: "2 1 220px" }}>
                  <SelectField field={p.clientId} label={`${t("sales.common.passengers")} ${i + 1}`} options={[none, ...options.clients]} />
                </div>
                <div style={{ flex: "1 1 120px" }}>
                  <SelectField field={p.ageBand} label={t("sales.emissivo.fields.ageBand")} options={AGE_BANDS.map((a) => ({ value: a, label: t(`sales.emissivo.ageBands.${a}`, { defaultValue: a }) }))} />
                </div>
                <RowButtons form={form} name={fields.passengers.name} index={i} count={passengers.length} label={String(i + 1)} removeLabel={t("sales.emissivo.removePassenger", { number: i + 1 })} keepOne={false} />
              </Flex>
            );
          })}
          <ListError field={fields.passengers} />
          {passengers.length < MAX_PASSENGERS && (
            <Flex>
              <Button type="submit" variant="ghost" {...form.insert.getButtonProps({ name: fields.passengers.name, defaultValue: EMPTY_PASSENGER })} data-testid="add-passenger">
                <Plus size={14} aria-hidden /> {t("sales.emissivo.addPassenger")}
              </Button>
            </Flex>
          )}
        </Flex>
      </FormSection>

      <FormSection title={t("sales.emissivo.sections.items")} hint={t("sales.emissivo.prefillHint")}>
        <Flex direction="column" gap="3" data-testid="sale-items">
          {items.map((row, i) => {
            const it = row.getFieldset();
            const kind = ((form.value as { items?: { inventoryKind?: string }[] } | undefined)?.items?.[i]?.inventoryKind ?? it.inventoryKind.initialValue ?? "none") as string;
            const chosen = new Set((it.passengers.initialValue as string[] | string | undefined) ? [it.passengers.initialValue].flat() : []);
            return (
              <Card key={row.key} variant="surface" data-testid="sale-item">
                <Flex justify="between" align="center" mb="2">
                  <Text size="2" weight="medium">
                    {t("sales.emissivo.item", { number: i + 1 })}
                  </Text>
                  <RowButtons form={form} name={fields.items.name} index={i} count={items.length} label={String(i + 1)} removeLabel={t("sales.emissivo.removeItem", { number: i + 1 })} />
                </Flex>
                <input type="hidden" name={it.id.name} defaultValue={(it.id.initialValue as string | undefined) ?? ""} />
                <div className="form-grid">
                  <SelectField field={it.productKindId} label={t("sales.emissivo.fields.productKindId")} options={[none, ...kinds]} required />
                  <SelectField field={it.supplierId} label={t("sales.emissivo.fields.supplierId")} options={[none, ...options.suppliers]} />
                  <div className="span-all">
                    <FormField field={it.description} label={t("sales.emissivo.fields.description")} required autoComplete="off" />
                  </div>
                  <FormField field={it.startDate} label={t("sales.emissivo.fields.startDate")} type="date" />
                  <FormField field={it.startTime} label={t("sales.emissivo.fields.startTime")} placeholder="HH:MM" autoComplete="off" />
                  <FormField field={it.endDate} label={t("sales.emissivo.fields.endDate")} type="date" />
                  <FormField field={it.endTime} label={t("sales.emissivo.fields.endTime")} placeholder="HH:MM" autoComplete="off" />
                  <FormField field={it.locator} label={t("sales.emissivo.fields.locator")} autoComplete="off" />
                  <SelectField field={it.inventoryKind} label={t("sales.emissivo.fields.inventoryKind")} options={SALE_INVENTORY_KINDS.map((k) => ({ value: k, label: t(`sales.emissivo.inventory.${k}`) }))} />
                  {kind === "package_departure" && <SelectField field={it.packageDepartureId} label={t("sales.emissivo.fields.packageDepartureId")} options={[none, ...withFree(options.inventory.departures)]} />}
                  {kind === "hotel_room" && <SelectField field={it.roomTypeId} label={t("sales.emissivo.fields.roomTypeId")} options={[none, ...withFree(options.inventory.roomTypes)]} />}
                  {kind === "air_seat" && <SelectField field={it.airBlockId} label={t("sales.emissivo.fields.airBlockId")} options={[none, ...withFree(options.inventory.airBlocks)]} />}
                  <FormField field={it.quantity} label={t("sales.emissivo.fields.quantity")} inputMode="numeric" />
                  <FormField field={(it as unknown as Record<string, AnyField>).cost!} label={t("sales.emissivo.fields.cost")} inputMode="decimal" placeholder="0,00" />
                  <FormField field={(it as unknown as Record<string, AnyField>).price!} label={t("sales.emissivo.fields.price")} inputMode="decimal" placeholder="0,00" />
                  <FormField field={(it as unknown as Record<string, AnyField>).fees!} label={t("sales.emissivo.fields.fees")} inputMode="decimal" placeholder="0,00" />
                </div>
                {salePassengers.length > 0 && (
                  <fieldset className="span-all" style={{ border: 0, padding: 0, marginTop: 8 }}>
                    <Text as="p" size="2" weight="medium">
                      {t("sales.emissivo.fields.passengers")}
                    </Text>
                    <Flex gap="3" wrap="wrap">
                      {salePassengers.map((c) => (
                        <Text as="label" size="2" key={c}>
                          <input type="checkbox" name={it.passengers.name} value={c} defaultChecked={chosen.has(c)} /> {clientName.get(c) ?? c}
                        </Text>
                      ))}
                    </Flex>
                    <ListError field={it.passengers} />
                  </fieldset>
                )}
              </Card>
            );
          })}
          <ListError field={fields.items} />
          {items.length < MAX_ITEMS && (
            <Flex>
              <Button type="submit" variant="ghost" {...form.insert.getButtonProps({ name: fields.items.name, defaultValue: EMPTY_ITEM })} data-testid="add-item">
                <Plus size={14} aria-hidden /> {t("sales.emissivo.addItem")}
              </Button>
            </Flex>
          )}
        </Flex>
      </FormSection>

      <FormSection title={t("sales.emissivo.sections.money")}>
        <div className="form-grid">
          <FormField field={(fields as unknown as Record<string, AnyField>).discount!} label={t("sales.common.discount")} inputMode="decimal" placeholder="0,00" />
        </div>
        <div className="sale-totals" data-testid="sale-totals">
          {totals ? (
            <Flex gap="4" wrap="wrap">
              <Text size="2">
                {t("sales.common.cost")}: <strong>{money(totals.costCents)}</strong>
              </Text>
              <Text size="2">
                {t("sales.common.price")}: <strong>{money(totals.priceCents)}</strong>
              </Text>
              <Text size="2">
                {t("sales.common.discount")}: <strong>{money(totals.discountCents)}</strong>
              </Text>
              <Text size="2">
                {t("sales.common.fees")}: <strong>{money(totals.feesCents)}</strong>
              </Text>
              <Text size="2" data-testid="sale-total">
                {t("sales.common.total")}: <strong>{money(totals.clientTotalCents)}</strong>
              </Text>
              <Text size="2">
                {t("sales.common.margin")}: <strong>{money(totals.marginCents)}</strong>
                {totals.marginBp !== null && ` (${t("sales.emissivo.marginPercent", { value: (totals.marginBp / 100).toLocaleString(i18n.language) })})`}
              </Text>
            </Flex>
          ) : (
            <Text size="2" color="gray">
              —
            </Text>
          )}
        </div>
      </FormSection>

      <FormSection title={t("sales.emissivo.sections.plan")}>
        <div className="form-grid">
          <SelectField field={fields.paymentTermId} label={t("sales.common.paymentTerm")} options={[{ value: "", label: t("sales.common.aVista") }, ...options.terms]} />
          <SelectField field={fields.paymentMethod} label={t("sales.common.paymentMethod")} options={SALE_PAYMENT_METHODS.map((m) => ({ value: m, label: t(`sales.method.${m}`) }))} />
          <FormField field={(fields as unknown as Record<string, AnyField>).downPayment!} label={t("sales.common.downPayment")} inputMode="decimal" placeholder="0,00" />
          <FormField field={fields.firstDueDate} label={t("sales.common.firstDueDate")} type="date" />
        </div>
      </FormSection>

      <FormSection title={t("sales.emissivo.sections.notes")}>
        <TextAreaField field={fields.notes} label={t("sales.common.notes")} rows={3} />
      </FormSection>
        </Flex>
      </fieldset>
      {preview}
    </RecordForm>
  );
}
