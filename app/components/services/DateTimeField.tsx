import { getInputProps } from "@conform-to/react";
import { Flex, Text, TextField } from "@radix-ui/themes";
import { useErrorText, type AnyField } from "~/components/ui/FormField";

/**
 * A labelled date-time input (the browser's datetime-local: "2027-07-10T22:30",
 * in the agency's time zone; the schema turns it into UTC), with its hint and
 * error as every form field.
 */
export function DateTimeField({ field, label, hint, required }: { field: AnyField; label: string; hint?: string; required?: boolean }) {
  const errorText = useErrorText();
  const error = errorText((field.errors as string[] | undefined)?.[0]);
  const { key, ...inputProps } = getInputProps(field, { type: "datetime-local", ariaAttributes: true });
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={field.id} size="2" weight="medium">
        {label}
        {required && (
          <Text color="red" aria-hidden>
            {" *"}
          </Text>
        )}
      </Text>
      <TextField.Root key={key} {...inputProps} required={undefined} aria-required={required || undefined} color={error ? "red" : undefined} size="3" />
      {hint && !error && (
        <Text size="1" color="gray" id={`${field.id}-hint`}>
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
