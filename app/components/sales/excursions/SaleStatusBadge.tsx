import { useTranslation } from "react-i18next";
import { StatusBadge, type StatusTone } from "~/components/ui/StatusBadge";
import type { SaleStatus } from "~/lib/sales/status";

const TONE: Record<SaleStatus, StatusTone> = { draft: "warning", confirmed: "active", cancelled: "danger" };

/** A sale's status in its tone. */
export function SaleStatusBadge({ status }: { status: SaleStatus }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tone={TONE[status]} testId="sale-status" data-status={status}>
      {t(`sales.status.${status}`)}
    </StatusBadge>
  );
}
