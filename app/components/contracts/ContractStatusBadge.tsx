import { useTranslation } from "react-i18next";
import { StatusBadge, type StatusTone } from "~/components/ui/StatusBadge";
import type { ContractStatus } from "~/lib/contracts/contract";

const TONE: Record<ContractStatus, StatusTone> = {
  generated: "neutral",
  sent: "info",
  viewed: "attention",
  signed: "active",
  declined: "danger",
  expired: "warning",
  cancelled: "inactive",
};

/** A contract's status in its tone (signed green, declined red, waiting blue/orange). */
export function ContractStatusBadge({ status }: { status: ContractStatus }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tone={TONE[status]} testId="contract-status">
      {t(`contracts.status.${status}`)}
    </StatusBadge>
  );
}
