import { Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { useErrorText, type AnyField } from "~/components/ui/FormField";
import { GUIDE_LANGUAGES } from "~/lib/receptive/guide";

/** The guide's languages: a checkbox per language, all posted under one name. */
export function LanguagesField({ field }: { field: AnyField }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const initial = field.initialValue as string[] | string | undefined;
  const chosen = new Set(Array.isArray(initial) ? initial : initial ? [initial] : []);
  const error = errorText((field.errors as string[] | undefined)?.[0]);
  return (
    <fieldset className="checkbox-group" aria-describedby={error ? field.errorId : undefined} aria-invalid={error ? true : undefined} data-testid="languages">
      <legend>
        <Text size="2" weight="medium">
          {t("receptive.fields.languages")}
        </Text>
      </legend>
      <Flex gap="3" wrap="wrap" mt="1">
        {GUIDE_LANGUAGES.map((code) => (
          <Text as="label" size="2" key={code}>
            <Flex gap="1" align="center">
              <input type="checkbox" name={field.name} value={code} defaultChecked={chosen.has(code)} key={`${field.key ?? ""}-${code}`} />
              {t(`receptive.languages.${code}`)}
            </Flex>
          </Text>
        ))}
      </Flex>
      {error && (
        <Text id={field.errorId} size="1" color="red" role="alert">
          {error}
        </Text>
      )}
    </fieldset>
  );
}
