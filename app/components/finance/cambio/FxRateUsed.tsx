import { Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Money, useDay } from "~/components/finance/ledger/Money";
import { Notice } from "~/components/ui/Notice";
import { BASE_CURRENCY, displayRate } from "~/lib/finance/fx";

/**
 * The rate a foreign-currency amount keeps (decision 0018): its value, day and
 * source, and the amount in reais at it — a title's detail, a sale's. Nothing for
 * BRL; "no rate" for a foreign amount written before rates were kept.
 */
export function FxRateUsed({
  currency,
  rateE6,
  rateDate,
  source,
  brlCents,
  label,
  missing,
  testId = "fx-rate-used",
}: {
  currency: string;
  rateE6: number | null;
  rateDate: string | null;
  source: string | null;
  /** The amount in BRL at the rate (omitted where there is no single amount). */
  brlCents?: number | null;
  label?: string;
  /** The "no rate" text (a title's by default). */
  missing?: string;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const day = useDay();
  if (currency === BASE_CURRENCY) return null;
  if (rateE6 === null) {
    return (
      <Notice tone="warning" testId={`${testId}-missing`}>
        {missing ?? t("fx.used.missing")}
      </Notice>
    );
  }
  return (
    <Flex gap="5" wrap="wrap" data-testid={testId} data-rate={rateE6}>
      <Flex direction="column" gap="1">
        <Text size="1" color="gray">
          {label ?? t("fx.used.rate")} ({currency})
        </Text>
        <Text className="tabular">{t("fx.used.value", { rate: displayRate(rateE6, i18n.language), date: day(rateDate), source: t(`fx.sources.${source ?? "manual"}` as never) })}</Text>
      </Flex>
      {brlCents !== undefined && brlCents !== null && (
        <Flex direction="column" gap="1" data-testid={`${testId}-brl`} data-cents={brlCents}>
          <Text size="1" color="gray">
            {t("fx.used.brl")}
          </Text>
          <Money cents={brlCents} currency={BASE_CURRENCY} strong />
        </Flex>
      )}
    </Flex>
  );
}
