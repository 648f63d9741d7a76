import { useTranslation } from "react-i18next";
import { StatusBadge } from "~/components/ui/StatusBadge";
import type { DeadlineMark } from "~/lib/services/deadlines";

/** The list's mark of a block's deadline: within 7 days (warning) or passed (danger). */
export function DeadlineBadge({ mark }: { mark: DeadlineMark }) {
  const { t } = useTranslation();
  if (mark === "passed") return <StatusBadge tone="danger" testId="deadline-passed">{t("services.blocks.marks.passed")}</StatusBadge>;
  if (mark === "close") return <StatusBadge tone="warning" testId="deadline-close">{t("services.blocks.marks.close")}</StatusBadge>;
  return null;
}
