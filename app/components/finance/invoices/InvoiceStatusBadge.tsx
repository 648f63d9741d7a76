import { useTranslation } from "react-i18next";
import { StatusBadge, type StatusTone } from "~/components/ui/StatusBadge";
import type { InvoiceShownStatus } from "~/lib/finance/invoices/invoice";

const TONE: Record<InvoiceShownStatus, StatusTone> = { open: "info", paid: "active", overdue: "danger", cancelled: "inactive" };

/** An invoice's shown status: open, paid, overdue (strong) or cancelled. */
export function InvoiceStatusBadge({ status }: { status: InvoiceShownStatus }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tone={TONE[status]} strong={status === "overdue"} testId="invoice-status" data-status={status}>
      {t(`invoices.status.${status}`)}
    </StatusBadge>
  );
}
