import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { Flex, IconButton, Text, VisuallyHidden } from "@radix-ui/themes";
import { ArrowDown, ArrowUp, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useErrorText, type AnyField } from "~/components/ui/FormField";
import { AGE_BANDS, PACKAGE_ROOM_TYPES } from "~/lib/services/package";

/**
 * Parts of the service forms with repeatable rows and a price grid (third-party
 * packages, excursions): a list's error, a row's up / down / remove buttons
 * (submit buttons: they work without JavaScript) and the price grid.
 */

/** The error of a list field or of one of its rows, translated. */
export function ListError({ field }: { field: AnyField }) {
  const errorText = useErrorText();
  const error = errorText((field.errors as string[] | undefined)?.[0]);
  if (!error) return null;
  return (
    <Text size="1" color="red" role="alert" id={field.errorId}>
      {error}
    </Text>
  );
}

/** Up / down / remove buttons of a repeatable row (submit buttons: they work without JavaScript). */
export function RowButtons({
  form,
  name,
  index,
  count,
  label,
  removeLabel,
  keepOne = true,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's metadata
  form: FormMetadata<any, string[]>;
  name: string;
  index: number;
  count: number;
  label: string;
  removeLabel: string;
  keepOne?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Flex gap="1" align="center">
      <IconButton type="submit" size="1" variant="soft" color="gray" aria-label={t("services.packages.moveUp", { name: label })} disabled={index === 0} {...form.reorder.getButtonProps({ name, from: index, to: index - 1 })}>
        <ArrowUp size={14} aria-hidden />
      </IconButton>
      <IconButton type="submit" size="1" variant="soft" color="gray" aria-label={t("services.packages.moveDown", { name: label })} disabled={index === count - 1} {...form.reorder.getButtonProps({ name, from: index, to: index + 1 })}>
        <ArrowDown size={14} aria-hidden />
      </IconButton>
      {(!keepOne || count > 1) && (
        <IconButton type="submit" size="1" variant="soft" color="gray" aria-label={removeLabel} {...form.remove.getButtonProps({ name, index })}>
          <X size={14} aria-hidden />
        </IconButton>
      )}
    </Flex>
  );
}

/** The price grid: a row per room type, a column per age band; an empty cell is not sold. */
export function PriceGrid({ prices }: { prices: Record<string, FieldMetadata<Record<string, string>>> }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <div className="table-scroll">
      <table className="price-grid" data-testid="price-grid">
        <thead>
          <tr>
            <th scope="col">
              <VisuallyHidden>{t("services.packages.fields.prices")}</VisuallyHidden>
            </th>
            {AGE_BANDS.map((age) => (
              <th key={age} scope="col">
                {t(`services.packages.ageBands.${age}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {PACKAGE_ROOM_TYPES.map((room) => {
            const cells = prices[room]!.getFieldset();
            return (
              <tr key={room}>
                <th scope="row">{t(`services.packages.roomTypes.${room}`)}</th>
                {AGE_BANDS.map((age) => {
                  const cell = cells[age]!;
                  const error = errorText((cell.errors as string[] | undefined)?.[0]);
                  return (
                    <td key={age}>
                      <input
                        className="price-input"
                        name={cell.name}
                        id={cell.id}
                        key={cell.key}
                        defaultValue={(cell.initialValue as string | undefined) ?? ""}
                        inputMode="decimal"
                        placeholder="—"
                        aria-label={t("services.packages.priceCell", { room: t(`services.packages.roomTypes.${room}`), age: t(`services.packages.ageBands.${age}`) })}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? cell.errorId : undefined}
                        data-testid={`price-${room}-${age}`}
                      />
                      {error && (
                        <Text size="1" color="red" id={cell.errorId} role="alert" as="div">
                          {error}
                        </Text>
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
