import { Text } from "@radix-ui/themes";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { FxRateUsed } from "~/components/finance/cambio/FxRateUsed";
import { useDay } from "~/components/finance/ledger/Money";
import { Notice } from "~/components/ui/Notice";
import { BASE_CURRENCY, tryToBrl } from "~/lib/finance/fx";
import { parseCents } from "~/lib/finance/money";
import { parseCalendarDate } from "~/lib/platform/time-zone";

type RateAnswer = { currency: string | null; day: string | null; rate: { currency: string; date: string; rateE6: number; source: string } | null };

/**
 * Before a foreign-currency title is saved: the rate its save will take (the competence day's,
 * or the latest of the 7 before — asked of `…/cotacao`, the same lookup the save uses) and the
 * amount in reais at it; or, when there is none, that the save will be refused and why.
 * Nothing for BRL or while the currency or the day is not a valid one.
 */
export function RatePreview({ base, currency, competenceDate, amount }: { base: string; currency: string; competenceDate: string; amount: string }) {
  const { t } = useTranslation();
  const day = useDay();
  const fetcher = useFetcher<RateAnswer>();
  const code = /^[A-Za-z]{3}$/.test(currency.trim()) ? currency.trim().toUpperCase() : null;
  const validDay = parseCalendarDate(competenceDate) ? competenceDate : null;
  const url = code && code !== BASE_CURRENCY && validDay ? `${base}/cotacao?${new URLSearchParams({ moeda: code, dia: validDay })}` : null;
  const load = fetcher.load;
  useEffect(() => {
    if (url) void load(url);
  }, [url, load]);
  if (!url) return null;
  const answer = fetcher.data && fetcher.data.currency === code && fetcher.data.day === validDay ? fetcher.data : null;
  if (!answer) {
    return (
      <Text as="p" size="2" color="gray" role="status" data-testid="fx-rate-preview-loading">
        {t("fx.used.looking")}
      </Text>
    );
  }
  if (!answer.rate) {
    return (
      <Notice tone="warning" testId="fx-rate-preview-missing">
        {t("fx.errors.noRateOn", { currency: code, date: day(validDay) })}
      </Notice>
    );
  }
  const cents = parseCents(amount);
  const brlCents = cents === null ? null : tryToBrl(cents, answer.rate.currency, answer.rate.rateE6);
  return (
    <FxRateUsed
      currency={answer.rate.currency}
      rateE6={answer.rate.rateE6}
      rateDate={answer.rate.date}
      source={answer.rate.source}
      brlCents={brlCents}
      label={t("fx.used.preview")}
      testId="fx-rate-preview"
    />
  );
}
