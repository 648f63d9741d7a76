/**
 * The screens suppliers (Fornecedores) and providers (Prestadores) share: the
 * list and the form page with its fields. A provider's form adds the services
 * it offers. Contacts and services are repeatable rows whose add / remove
 * buttons are Conform intents, so they work without JavaScript too.
 */
import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Badge, Button, Card, Flex, IconButton, Text } from "@radix-ui/themes";
import { Plus, X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { BANK_ACCOUNT_TYPES, PIX_KEY_TYPES, SUPPLIER_CATEGORIES, type PixKeyType, type SupplierCategory } from "~/db/schema/registers";
import { FormActions, useChoiceFormatter, RecordPage, type RecordActionData } from "~/components/kit/RecordParts";
import { ListPage, type Column } from "~/components/kit/ListPage";
import { FormField, FormSection, SelectField, TextAreaField, UnsavedChangesGuard, useErrorText } from "~/components/ui/FormField";
import { formatDocument, formatPhone } from "~/lib/platform/br-documents";
import { considerForDirty, parseWithZod } from "~/lib/kit/forms";
import type { ListQuery, PageInfo } from "~/lib/kit/list";
import { cnpjMask, cpfMask, documentMask, phoneMask } from "~/lib/platform/masks";
import type { HistoryEntry } from "~/lib/kit/record.server";
import { MAX_CONTACTS, MAX_SERVICES, PARTNER_REGISTERS, partnerListSpec, partnerSchemas, type PartnerRegister } from "~/lib/registers/partner";
import type { PartnerListRow } from "~/lib/registers/partner.server";
import { lookup } from "~/lib/platform/translate";

/** A field's label in history and stale notices: this register's own first, then the shared ones. */
export function usePartnerFieldLabel() {
  const { i18n } = useTranslation();
  return (field: string) => lookup(i18n, `partners.fields.${field}`) ?? lookup(i18n, `registers.fields.${field}`) ?? field;
}

// ---------------------------------------------------------------------------
// List

export function PartnerListPage({ register, query, page, rows }: { register: PartnerRegister; query: ListQuery; page: PageInfo; rows: PartnerListRow[] }) {
  const { t } = useTranslation();
  const { path, texts, module } = PARTNER_REGISTERS[register];
  const columns: Column<PartnerListRow>[] = [
    {
      key: "name",
      label: t("registers.fields.name"),
      sort: "name",
      render: (r) => (
        <Flex direction="column" gap="0">
          <Text weight="medium">{r.name}</Text>
          {r.tradeName && (
            <Text size="1" color="gray">
              {r.tradeName}
            </Text>
          )}
        </Flex>
      ),
    },
    {
      key: "category",
      label: t("partners.fields.category"),
      render: (r) => (
        <Flex gap="1" wrap="wrap">
          <Badge color="gray" variant="soft">
            {t(`partners.categories.${r.category as SupplierCategory}`)}
          </Badge>
          {r.kind === "person" && (
            <Badge color="blue" variant="soft">
              {t("registers.kind.person")}
            </Badge>
          )}
        </Flex>
      ),
    },
    {
      key: "document",
      label: t("registers.fields.document"),
      secondary: true,
      render: (r) => (r.document ? <span className="nowrap">{formatDocument(r.document)}</span> : <Text color="gray">—</Text>),
    },
    {
      key: "contact",
      label: t("registers.sections.contact"),
      secondary: true,
      render: (r) =>
        r.email || r.phone ? (
          <Flex direction="column" gap="0">
            {r.email && <Text size="2">{r.email}</Text>}
            {r.phone && (
              <Text size="1" color="gray" className="nowrap">
                {formatPhone(r.phone)}
              </Text>
            )}
          </Flex>
        ) : (
          <Text color="gray">—</Text>
        ),
    },
    ...(register === "provider"
      ? [
          {
            key: "services",
            label: t("partners.fields.services"),
            secondary: true,
            render: (r: PartnerListRow) => {
              const services = r.services ?? [];
              if (services.length === 0) return <Text color="gray">—</Text>;
              return (
                <Text size="2">
                  {services
                    .slice(0, 2)
                    .map((s) => s.name)
                    .join(", ")}
                  {services.length > 2 && <Text color="gray">{` +${services.length - 2}`}</Text>}
                </Text>
              );
            },
          },
        ]
      : []),
    { key: "city", label: t("registers.fields.city"), sort: "city", secondary: true, render: (r) => (r.city ? `${r.city}${r.state ? ` - ${r.state}` : ""}` : "—") },
  ];
  return (
    <ListPage
      testId={`${register}-list`}
      title={t(`menu.cadastros.${module}.title`)}
      subtitle={t(`partners.${texts}.subtitle`)}
      trail={[{ label: t("menu.cadastros.title"), href: null }]}
      spec={partnerListSpec}
      query={query}
      page={page}
      rows={rows}
      columns={columns}
      filters={[
        { key: "category", label: t("partners.fields.category"), options: SUPPLIER_CATEGORIES.map((c) => ({ value: c, label: t(`partners.categories.${c}`) })) },
        { key: "kind", label: t("registers.fields.kind"), options: [{ value: "company", label: t("registers.kind.company") }, { value: "person", label: t("registers.kind.person") }] },
      ]}
      countKey={`partners.${texts}.count`}
      searchPlaceholder={t(`partners.${texts}.searchPlaceholder`)}
      rowHref={(r) => `${path}/editar/${r.id}`}
      newHref={`${path}/novo`}
      newLabel={t(`partners.${texts}.new`)}
      exportHref={`${path}/exportar`}
      emptyTitle={t(`partners.${texts}.emptyTitle`)}
      emptyText={t(`partners.${texts}.emptyText`)}
    />
  );
}

// ---------------------------------------------------------------------------
// Form page

export type PartnerFormLoaderData = {
  mode: "new" | "edit";
  values: Record<string, unknown>;
  version: number;
  name: string;
  history: { entries: HistoryEntry[]; more: boolean } | null;
  canDelete: boolean;
  timeZone: string;
};


export function PartnerFormPage({ register, loaderData, actionData }: { register: PartnerRegister; loaderData: PartnerFormLoaderData; actionData: unknown }) {
  const { t } = useTranslation();
  const fieldLabel = usePartnerFieldLabel();
  const formatValue = useChoiceFormatter({ kind: "registers.kind", category: "partners.categories", bankAccountType: "partners.bankAccountTypes", pixKeyType: "partners.pixKeyTypes" });
  const { path, texts, module } = PARTNER_REGISTERS[register];
  const isNew = loaderData.mode === "new";
  return (
    <RecordPage
      testId={`${register}-form-page`}
      title={isNew ? t(`partners.${texts}.new`) : loaderData.name}
      subtitle={isNew ? t(`partners.${texts}.newSubtitle`) : t(`partners.${texts}.editSubtitle`)}
      listLabel={t(`menu.cadastros.${module}.title`)}
      listPath={path}
      record={loaderData}
      actionData={actionData as RecordActionData | undefined}
      fieldLabel={fieldLabel}
      formatValue={formatValue}
      form={({ key, ...form }) => <PartnerFields key={key} register={register} {...form} defaultValue={loaderData.values} isNew={isNew} />}
    />
  );
}

const EMPTY_CONTACT = { name: "", role: "", email: "", phone: "" };
const EMPTY_SERVICE = { name: "", description: "" };

/** The form of either register (the provider's has the services section). */
export function PartnerFields({
  register,
  defaultValue,
  version,
  lastResult,
  isNew,
}: {
  register: PartnerRegister;
  defaultValue: Record<string, unknown>;
  version: number;
  lastResult: SubmissionResult<string[]> | undefined;
  isNew: boolean;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") !== "delete";
  const [form, fields] = useForm({
    id: `${register}-form`,
    lastResult,
    defaultValue: defaultValue as never,
    // The version is a hidden field only the server checks; the browser validates the fields.
    onValidate: ({ formData }) => parseWithZod(formData, { schema: partnerSchemas[register].create }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    shouldDirtyConsider: considerForDirty,
  });
  const [kind, setKind] = useState<"person" | "company">(fields.kind.initialValue === "person" ? "person" : "company");
  const [pixType, setPixType] = useState<string>((fields.pixKeyType.initialValue as string | undefined) ?? "");
  const person = kind === "person";
  const contacts = fields.contacts.getFieldList();
  const listError = (field: FieldMetadata<unknown>) => errorText((field.errors as string[] | undefined)?.[0]);
  const contactsError = listError(fields.contacts as FieldMetadata<unknown>);
  const pixInput = pixKeyInput(pixType as PixKeyType | "");
  const notInformed = { value: "", label: t("partners.notInformed") };

  return (
    <Form method="post" {...getFormProps(form)} className="record-form">
      <UnsavedChangesGuard dirty={form.dirty} />
      {!isNew && <input type="hidden" name="version" value={version} />}
      <Flex direction="column" gap="4">
        <FormSection title={t("registers.sections.identity")}>
          <div className="form-grid">
            <SelectField
              field={fields.kind}
              label={t("registers.fields.kind")}
              options={[
                { value: "company", label: t("registers.kind.company") },
                { value: "person", label: t("registers.kind.person") },
              ]}
              onChange={(v) => setKind(v === "person" ? "person" : "company")}
              required
            />
            <FormField field={fields.document} label={person ? t("registers.fields.cpf") : t("registers.fields.cnpj")} mask={documentMask(kind)} inputMode="numeric" placeholder={person ? "000.000.000-00" : "00.000.000/0000-00"} />
            <div className="span-all">
              <FormField field={fields.name} label={person ? t("registers.fields.fullName") : t("registers.fields.legalName")} required autoComplete={person ? "name" : "organization"} />
            </div>
            <FormField field={fields.tradeName} label={person ? t("registers.fields.socialName") : t("registers.fields.tradeName")} />
            <SelectField field={fields.category} label={t("partners.fields.category")} options={SUPPLIER_CATEGORIES.map((c) => ({ value: c, label: t(`partners.categories.${c}`) }))} required />
          </div>
        </FormSection>

        <FormSection title={t("registers.sections.contact")}>
          <div className="form-grid">
            <FormField field={fields.email} label={t("registers.fields.email")} type="email" autoComplete="email" />
            <FormField field={fields.phone} label={t("registers.fields.phone")} type="tel" mask={phoneMask} inputMode="tel" autoComplete="tel" />
            <div className="span-all">
              <FormField field={fields.website} label={t("partners.fields.website")} type="url" inputMode="url" placeholder="www.exemplo.com.br" hint={t("partners.hints.website")} />
            </div>
            <FormField field={fields.city} label={t("registers.fields.city")} autoComplete="address-level2" />
            <FormField field={fields.state} label={t("registers.fields.state")} autoComplete="address-level1" placeholder="SP" hint={t("registers.hints.state")} />
            <FormField field={fields.country} label={t("registers.fields.country")} autoComplete="country" hint={t("registers.hints.country")} />
          </div>
        </FormSection>

        <FormSection title={t("partners.sections.contacts")} hint={t("partners.sections.contactsHint")}>
          <Flex direction="column" gap="3" data-testid="partner-contacts">
            {contacts.map((contact, i) => {
              const c = contact.getFieldset();
              return (
                <Card key={contact.key} variant="surface" data-testid="partner-contact">
                  <Flex justify="between" align="center" mb="2">
                    <Text size="2" weight="medium">
                      {t("partners.contactN", { n: i + 1 })}
                    </Text>
                    {contacts.length > 1 && (
                      <IconButton type="submit" variant="soft" color="gray" aria-label={t("partners.removeContact", { n: i + 1 })} {...form.remove.getButtonProps({ name: fields.contacts.name, index: i })}>
                        <X size={16} />
                      </IconButton>
                    )}
                  </Flex>
                  <div className="form-grid">
                    <FormField field={c.name} label={t("partners.fields.contactName")} autoComplete="off" />
                    <FormField field={c.role} label={t("partners.fields.contactRole")} autoComplete="off" />
                    <FormField field={c.email} label={t("partners.fields.contactEmail")} type="email" autoComplete="off" />
                    <FormField field={c.phone} label={t("partners.fields.contactPhone")} type="tel" mask={phoneMask} inputMode="tel" autoComplete="off" />
                  </div>
                </Card>
              );
            })}
            {contactsError && (
              <Text size="1" color="red" role="alert">
                {contactsError}
              </Text>
            )}
            {contacts.length < MAX_CONTACTS && (
              <Flex>
                <Button type="submit" variant="ghost" {...form.insert.getButtonProps({ name: fields.contacts.name, defaultValue: EMPTY_CONTACT })} data-testid="add-contact">
                  <Plus size={14} aria-hidden /> {t("partners.addContact")}
                </Button>
              </Flex>
            )}
          </Flex>
        </FormSection>

        {register === "provider" && (
          <ServiceRows
            field={fields.services as FieldMetadata<(typeof EMPTY_SERVICE)[]>}
            buttons={{
              insert: (defaultValue) => form.insert.getButtonProps({ name: fields.services.name, defaultValue }),
              remove: (index) => form.remove.getButtonProps({ name: fields.services.name, index }),
            }}
          />
        )}

        <FormSection title={t("registers.sections.bank")}>
          <div className="form-grid">
            <FormField field={fields.bankCode} label={t("partners.fields.bankCode")} inputMode="numeric" placeholder="001" hint={t("partners.hints.bankCode")} />
            <SelectField field={fields.bankAccountType} label={t("partners.fields.bankAccountType")} options={[notInformed, ...BANK_ACCOUNT_TYPES.map((v) => ({ value: v, label: t(`partners.bankAccountTypes.${v}`) }))]} />
            <FormField field={fields.bankBranch} label={t("partners.fields.bankBranch")} inputMode="numeric" placeholder="1234" />
            <FormField field={fields.bankAccount} label={t("partners.fields.bankAccount")} placeholder="12345-6" hint={t("partners.hints.bankAccount")} />
            <SelectField
              field={fields.pixKeyType}
              label={t("partners.fields.pixKeyType")}
              options={[notInformed, ...PIX_KEY_TYPES.map((v) => ({ value: v, label: t(`partners.pixKeyTypes.${v}`) }))]}
              onChange={setPixType}
            />
            {/* A new key input when the type changes, so that its mask starts clean. */}
            <FormField key={pixType} field={fields.pixKey} label={t("partners.fields.pixKey")} hint={t("partners.hints.pixKey")} {...pixInput} />
          </div>
        </FormSection>

        <FormSection title={t("partners.sections.payment")}>
          <div className="form-grid">
            <div className="span-all">
              <FormField field={fields.paymentTerm} label={t("partners.fields.paymentTerm")} hint={t("partners.hints.paymentTerm")} />
            </div>
            <div className="span-all">
              <TextAreaField field={fields.notes} label={t("registers.fields.notes")} />
            </div>
          </div>
        </FormSection>
        {form.errors && form.errors.length > 0 && (
          <Text color="red" role="alert">
            {form.errors.map((e) => errorText(e)).join(" ")}
          </Text>
        )}
        <FormActions cancelHref={PARTNER_REGISTERS[register].path} busy={busy} />
      </Flex>
    </Form>
  );
}

/** The Pix key input's mask and keyboard for the chosen type. */
function pixKeyInput(type: PixKeyType | "") {
  switch (type) {
    case "cpf":
      return { mask: cpfMask, inputMode: "numeric" as const, placeholder: "000.000.000-00" };
    case "cnpj":
      return { mask: cnpjMask, inputMode: "numeric" as const, placeholder: "00.000.000/0000-00" };
    case "email":
      return { type: "email" as const, inputMode: "email" as const, placeholder: "financeiro@exemplo.com.br" };
    case "phone":
      return { type: "tel" as const, inputMode: "tel" as const, placeholder: "+55 11 91234-5678" };
    case "random":
      return { placeholder: "123e4567-e89b-42d3-a456-426614174000" };
    default:
      return {};
  }
}

type RowButtons = {
  insert: (defaultValue: typeof EMPTY_SERVICE) => Record<string, unknown>;
  remove: (index: number) => Record<string, unknown>;
};

/** A provider's services: name and description per row. */
function ServiceRows({ field, buttons }: { field: FieldMetadata<(typeof EMPTY_SERVICE)[]>; buttons: RowButtons }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const services = field.getFieldList();
  const error = errorText((field.errors as string[] | undefined)?.[0]);
  return (
    <FormSection title={t("partners.sections.services")} hint={t("partners.sections.servicesHint")}>
      <Flex direction="column" gap="3" data-testid="partner-services">
        {services.map((service, i) => {
          const s = service.getFieldset();
          return (
            <Flex key={service.key} gap="3" align="end" wrap="wrap" data-testid="partner-service">
              <div style={{ flex: "1 1 220px" }}>
                <FormField field={s.name} label={i === 0 ? t("partners.fields.serviceName") : t("partners.serviceN", { n: i + 1 })} autoComplete="off" />
              </div>
              <div style={{ flex: "2 1 320px" }}>
                <FormField field={s.description} label={t("partners.fields.serviceDescription")} autoComplete="off" />
              </div>
              {services.length > 1 && (
                <IconButton type="submit" variant="soft" color="gray" aria-label={t("partners.removeService", { n: i + 1 })} {...buttons.remove(i)}>
                  <X size={16} />
                </IconButton>
              )}
            </Flex>
          );
        })}
        {error && (
          <Text size="1" color="red" role="alert">
            {error}
          </Text>
        )}
        {services.length < MAX_SERVICES && (
          <Flex>
            <Button type="submit" variant="ghost" {...buttons.insert(EMPTY_SERVICE)} data-testid="add-service">
              <Plus size={14} aria-hidden /> {t("partners.addService")}
            </Button>
          </Flex>
        )}
      </Flex>
    </FormSection>
  );
}
