/** Parts of the suppliers' and providers' form: the provider's service rows and the Pix key input. */
import type { FieldMetadata } from "@conform-to/react";
import { Button, Flex, IconButton, Text } from "@radix-ui/themes";
import { Plus, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { FormField, FormSection, useErrorText } from "~/components/ui/FormField";
import { cnpjMask, cpfMask } from "~/lib/platform/masks";
import { MAX_SERVICES, type PixKeyType } from "~/lib/registers/partner";

export const EMPTY_SERVICE = { name: "", description: "" };

/** The Pix key input's mask and keyboard for the chosen type. */
export function pixKeyInput(type: PixKeyType | "") {
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
export function ServiceRows({ field, buttons }: { field: FieldMetadata<(typeof EMPTY_SERVICE)[]>; buttons: RowButtons }) {
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
