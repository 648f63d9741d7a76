import { Flex, Text, TextField } from "@radix-ui/themes";
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";

/** Translates a validation key (or shows text as is). */
export function useErrorText() {
  const { t } = useTranslation();
  return (key: string | undefined) => (key ? (t(key as never, { defaultValue: key }) as string) : undefined);
}

// Conform's metadata types vary per schema; the field only needs name/id/errors.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyField = FieldMetadata<any, any, any>;

type Props = {
  field: AnyField;
  label: string;
  type?: "text" | "email" | "password" | "search" | "tel" | "url";
  placeholder?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  hint?: string;
};

/** A labelled text input with its error next to it (one form pattern). */
export function FormField({ field, label, type = "text", placeholder, autoComplete, autoFocus, hint }: Props) {
  const errorText = useErrorText();
  const error = errorText((field.errors as string[] | undefined)?.[0]);
  const { key, ...inputProps } = getInputProps(field, { type, ariaAttributes: true });
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={field.id} size="2" weight="medium">
        {label}
      </Text>
      <TextField.Root
        key={key}
        {...inputProps}
        placeholder={placeholder}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        color={error ? "red" : undefined}
        size="3"
      />
      {hint && !error && (
        <Text size="1" color="gray">
          {hint}
        </Text>
      )}
      {error && (
        <Text id={field.errorId} size="1" color="red" role="alert">
          {error}
        </Text>
      )}
    </Flex>
  );
}
