/** The colour of a task type: a radio group of the fixed palette, shown as swatches (works without JavaScript). */
import { Flex, Text, VisuallyHidden } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { useErrorText, type AnyField } from "~/components/ui/FormField";
import { TASK_TYPE_COLORS } from "~/lib/tasks/task-type";

export function ColorSwatches({ field, label }: { field: AnyField; label: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const error = errorText((field.errors as string[] | undefined)?.[0]);
  const initial = (field.initialValue as string | undefined) ?? "blue";
  return (
    <fieldset className="task-swatches" aria-describedby={error ? field.errorId : undefined} key={field.key}>
      <legend>
        <Text size="2" weight="medium">
          {label}
        </Text>
      </legend>
      <Flex gap="2" wrap="wrap" mt="1">
        {TASK_TYPE_COLORS.map((c) => (
          <label key={c} className="task-swatch" title={t(`tasks.colors.${c}`)}>
            <input type="radio" name={field.name} value={c} defaultChecked={initial === c} />
            <span className="task-swatch-dot" style={{ background: `var(--${c}-9)` }} aria-hidden />
            <VisuallyHidden>{t(`tasks.colors.${c}`)}</VisuallyHidden>
          </label>
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
