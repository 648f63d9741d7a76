import { useTranslation } from "react-i18next";
import { StatusBadge, type StatusTone } from "~/components/ui/StatusBadge";
import type { ExcursionStatus } from "~/lib/excursions/status";

const TONES: Record<ExcursionStatus, StatusTone> = { draft: "neutral", open: "active", closed: "warning", done: "info", cancelled: "danger" };

/** An excursion's status in its own tone (draft, on sale, sales closed, done, cancelled). */
export function ExcursionStatusBadge({ status, size }: { status: ExcursionStatus; size?: "1" | "2" | "3" }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tone={TONES[status]} size={size} testId="excursion-status">
      {t(`services.excursions.statuses.${status}`)}
    </StatusBadge>
  );
}
