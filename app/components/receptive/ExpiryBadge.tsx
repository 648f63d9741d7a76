import { useTranslation } from "react-i18next";
import { StatusBadge } from "~/components/ui";
import { formatCalendarDate } from "~/lib/platform/format";
import { expiryState } from "~/lib/receptive/fields";

const TONE = { missing: "neutral", expired: "danger", soon: "warning", valid: "active" } as const;

/**
 * A document's expiry (CNH, CADASTUR, insurance, inspection) as the lists show
 * it: the date with its state against `today` (the agency's day) — expired
 * stands out, within 30 days warns.
 */
export function ExpiryBadge({ expiry, today, testId }: { expiry: string | null; today: string; testId?: string }) {
  const { t, i18n } = useTranslation();
  const state = expiryState(expiry, today);
  const date = expiry ? formatCalendarDate(expiry, i18n.language) : "";
  return (
    <StatusBadge tone={TONE[state]} strong={state === "expired"} testId={testId} data-state={state}>
      {t(`receptive.expiry.${state}`, { date })}
    </StatusBadge>
  );
}
