/**
 * The form of suppliers and providers: identity, contact, contacts (repeatable
 * rows), the provider's services, bank and Pix, payment. Add / remove buttons
 * of the rows are Conform intents, so they work without JavaScript too.
 */
import { type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Button, Card, Flex, IconButton, Text } from "@radix-ui/themes";
import { Plus, X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RecordForm, useRecordForm } from "~/components/kit/RecordForm";
import { FormField, FormSection, SelectField, TextAreaField, useErrorText } from "~/components/ui/FormField";
import { type EMPTY_SERVICE, pixKeyInput, ServiceRows } from "~/components/registers/PartnerRows";
import { documentMask, phoneMask } from "~/lib/platform/masks";
import { BANK_ACCOUNT_TYPES, MAX_CONTACTS, PARTNER_REGISTERS, PIX_KEY_TYPES, SUPPLIER_CATEGORIES, type PartnerRegister, type PixKeyType } from "~/lib/registers/partner";

const EMPTY_CONTACT = { name: "", role: "", email: "", phone: "" };

/** The form of either register (the provider's has the services section). */
export function PartnerFields({
  register,
  defaultValue,
  version,
  lastResult,
  isNew,
  paymentTerms,
}: {
  register: PartnerRegister;
  defaultValue: Record<string, unknown>;
  /** The agency's payment terms the default-term select offers. */
  paymentTerms: readonly { id: string; name: string; active: boolean }[];
  version: number;
  lastResult: SubmissionResult<string[]> | undefined;
  isNew: boolean;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [form, fields] = useRecordForm({ id: `${register}-form`, loadSchema: () => import("~/lib/registers/partner.schema").then((m) => m.partnerSchemas[register].create), lastResult, defaultValue });
  const [kind, setKind] = useState<"person" | "company">(fields.kind.initialValue === "person" ? "person" : "company");
  const [pixType, setPixType] = useState<string>((fields.pixKeyType.initialValue as string | undefined) ?? "");
  const person = kind === "person";
  const contacts = fields.contacts.getFieldList();
  const listError = (field: FieldMetadata<unknown>) => errorText((field.errors as string[] | undefined)?.[0]);
  const contactsError = listError(fields.contacts as FieldMetadata<unknown>);
  const pixInput = pixKeyInput(pixType as PixKeyType | "");
  const notInformed = { value: "", label: t("partners.notInformed") };

  return (
    <RecordForm form={form} isNew={isNew} version={version} cancelHref={PARTNER_REGISTERS[register].path}>
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
            <SelectField
              field={fields.paymentTermId}
              label={t("partners.fields.paymentTermId")}
              hint={t("partners.hints.paymentTermId")}
              options={[
                { value: "", label: t("partners.cashPayment") },
                ...paymentTerms.map((p) => ({ value: p.id, label: p.active ? p.name : t("partners.inactiveTerm", { name: p.name }) })),
              ]}
            />
          </div>
          <div className="span-all">
            <FormField field={fields.paymentTerm} label={t("partners.fields.paymentTerm")} hint={t("partners.hints.paymentTerm")} />
          </div>
          <div className="span-all">
            <TextAreaField field={fields.notes} label={t("registers.fields.notes")} />
          </div>
        </div>
      </FormSection>
    </RecordForm>
  );
}
