import { Button, Card, Checkbox, Dialog, Flex, Heading, Text, TextArea, TextField } from "@radix-ui/themes";
import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useBlocker } from "react-router";
import type { MaskOptions } from "~/lib/platform/masks";

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
  type?: "text" | "email" | "password" | "search" | "tel" | "url" | "date";
  placeholder?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  hint?: string;
  /** An input mask (app/lib/masks.ts); the server validates regardless. */
  mask?: MaskOptions;
  inputMode?: "text" | "numeric" | "decimal" | "tel" | "email" | "url";
  required?: boolean;
};

/** The label, hint and error around a control (one form pattern). */
function FieldFrame({ field, label, hint, required, children }: { field: AnyField; label: string; hint?: string; required?: boolean; children: React.ReactNode }) {
  const errorText = useErrorText();
  const error = errorText((field.errors as string[] | undefined)?.[0]);
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
      {children}
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

/** A labelled text input with its error next to it (one form pattern). */
export function FormField({ field, label, type = "text", placeholder, autoComplete, autoFocus, hint, mask, inputMode, required }: Props) {
  const errorText = useErrorText();
  const error = errorText((field.errors as string[] | undefined)?.[0]);
  const { key, ...inputProps } = getInputProps(field, { type, ariaAttributes: true });
  const common = {
    ...inputProps,
    required: undefined,
    "aria-required": required || undefined,
    placeholder,
    autoComplete,
    autoFocus,
    inputMode,
    color: error ? ("red" as const) : undefined,
    size: "3" as const,
  };
  return (
    <FieldFrame field={field} label={label} hint={hint} required={required}>
      {mask ? <MaskedInput key={key} mask={mask} {...common} /> : <TextField.Root key={key} {...common} />}
    </FieldFrame>
  );
}

/** A text input shaped by imask once hydrated (before that, and without JavaScript, it is a plain input). */
function MaskedInput({ mask, ...props }: { mask: MaskOptions } & React.ComponentProps<typeof TextField.Root>) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const input = ref.current;
    if (!input) return;
    let destroyed = false;
    let instance: { destroy: () => void } | null = null;
    // imask touches the DOM, so it loads in the browser only.
    void import("imask").then(({ default: IMask }) => {
      if (!destroyed) instance = IMask(input, mask);
    });
    return () => {
      destroyed = true;
      instance?.destroy();
    };
  }, [mask]);
  return <TextField.Root ref={ref} {...props} />;
}

/** A labelled multi-line text. */
export function TextAreaField({ field, label, hint, rows = 4 }: { field: AnyField; label: string; hint?: string; rows?: number }) {
  const { key, ...props } = getTextareaProps(field, { ariaAttributes: true });
  return (
    <FieldFrame field={field} label={label} hint={hint}>
      <TextArea key={key} {...props} required={undefined} rows={rows} size="3" />
    </FieldFrame>
  );
}

/** A labelled native <select> bound to a Conform field (works without JavaScript). */
export function SelectField({
  field,
  label,
  options,
  hint,
  onChange,
  required,
}: {
  field: AnyField;
  label: string;
  options: readonly { value: string; label: string }[];
  hint?: string;
  onChange?: (value: string) => void;
  required?: boolean;
}) {
  const errorText = useErrorText();
  const error = errorText((field.errors as string[] | undefined)?.[0]);
  return (
    <FieldFrame field={field} label={label} hint={hint} required={required}>
      <select
        id={field.id}
        name={field.name}
        key={field.key}
        defaultValue={(field.initialValue as string | undefined) ?? ""}
        className="native-select"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? field.errorId : undefined}
        onChange={onChange ? (e) => onChange(e.currentTarget.value) : undefined}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** A checkbox posting "on" when checked (a native input under Radix's look). */
export function CheckboxField({ field, label, hint }: { field: AnyField; label: string; hint?: string }) {
  const checked = field.initialValue === "on" || field.initialValue === "true" || (field.initialValue as unknown) === true;
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2">
        <Flex gap="2" align="center">
          <Checkbox key={field.key} name={field.name} id={field.id} defaultChecked={checked} value="on" />
          {label}
        </Flex>
      </Text>
      {hint && (
        <Text size="1" color="gray">
          {hint}
        </Text>
      )}
    </Flex>
  );
}

/** A card of related fields with a heading (and an optional hint): forms and settings screens. */
export function FormSection({ title, hint, children, actions }: { title: string; hint?: string; children: React.ReactNode; actions?: React.ReactNode }) {
  return (
    <Card size="3">
      <Flex justify="between" align="start" gap="3" mb="3" wrap="wrap">
        <div>
          <Heading as="h2" size="4">
            {title}
          </Heading>
          {hint && (
            <Text as="p" size="2" color="gray" mt="1">
              {hint}
            </Text>
          )}
        </div>
        {actions}
      </Flex>
      {children}
    </Card>
  );
}

/**
 * Warns before leaving a form with unsaved changes: in-app navigation asks in a
 * dialog (useBlocker), closing or reloading the tab asks through the browser.
 * Submitting the form itself is never blocked.
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(({ currentLocation, nextLocation, historyAction }) => {
    if (!dirty) return false;
    // A submission (POST) or a redirect after one replaces / pushes to the same form: let it through.
    if (historyAction === "REPLACE") return false;
    return currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search;
  });
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);
  return (
    <Dialog.Root open={blocker.state === "blocked"} onOpenChange={(open) => !open && blocker.state === "blocked" && blocker.reset()}>
      <Dialog.Content maxWidth="440px" data-testid="unsaved-dialog">
        <Dialog.Title>{t("forms.unsavedTitle")}</Dialog.Title>
        <Dialog.Description size="2">{t("forms.unsavedText")}</Dialog.Description>
        <Flex gap="3" mt="4" justify="end">
          <Button variant="soft" color="gray" onClick={() => blocker.state === "blocked" && blocker.reset()} data-testid="unsaved-stay">
            {t("forms.unsavedStay")}
          </Button>
          <Button color="red" onClick={() => blocker.state === "blocked" && blocker.proceed()} data-testid="unsaved-leave">
            {t("forms.unsavedLeave")}
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** A labelled native <select> (long lists such as time zones stay light and accessible). */
export function NativeSelect({
  name,
  label,
  options,
  defaultValue,
  error,
  errorId,
  id,
  disabled,
  hint,
  onChange,
}: {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  defaultValue?: string;
  error?: string;
  errorId?: string;
  id?: string;
  disabled?: boolean;
  hint?: string;
  onChange?: (value: string) => void;
}) {
  const selectId = id ?? `select-${name}`;
  const errId = errorId ?? `${selectId}-error`;
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={selectId} size="2" weight="medium">
        {label}
      </Text>
      <select
        id={selectId}
        name={name}
        defaultValue={defaultValue}
        className="native-select"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errId : undefined}
        disabled={disabled}
        onChange={onChange ? (e) => onChange(e.currentTarget.value) : undefined}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hint && !error && (
        <Text size="1" color="gray">
          {hint}
        </Text>
      )}
      {error && (
        <Text id={errId} size="1" color="red" role="alert">
          {error}
        </Text>
      )}
    </Flex>
  );
}
