import { Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { StatusBadge, type StatusTone } from "~/components/ui/StatusBadge";
import type { ShownStatus } from "~/lib/finance/ledger/ledger";
import { formatCalendarDate, formatMoney } from "~/lib/platform/format";
import { translate } from "~/lib/platform/translate";

/** An amount of integer cents in the user's language; negatives in red when `signed`. */
export function Money({ cents, currency, signed, strong }: { cents: number; currency: string; signed?: boolean; strong?: boolean }) {
  const { i18n } = useTranslation();
  return (
    <Text className="nowrap tabular" color={signed && cents < 0 ? "red" : undefined} weight={strong ? "bold" : undefined}>
      {formatMoney(cents, currency, i18n.language)}
    </Text>
  );
}

export function useMoney() {
  const { i18n } = useTranslation();
  return (cents: number, currency: string) => formatMoney(cents, currency, i18n.language);
}

export function useDay() {
  const { i18n } = useTranslation();
  return (day: string | null | undefined) => (day ? formatCalendarDate(day, i18n.language, "medium") : "—");
}

const TONE: Record<ShownStatus, StatusTone> = { open: "info", partial: "warning", paid: "active", cancelled: "inactive", overdue: "danger" };

/** A title's status; overdue stands out. */
export function TitleStatusBadge({ status }: { status: ShownStatus }) {
  const { i18n } = useTranslation();
  return (
    <StatusBadge tone={TONE[status]} strong={status === "overdue"} testId="title-status" data-status={status}>
      {translate(i18n, `financeLedger.statuses.${status}`)}
    </StatusBadge>
  );
}
