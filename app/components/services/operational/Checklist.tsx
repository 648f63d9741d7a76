import { Flex, Text } from "@radix-ui/themes";
import { CircleCheck, CircleX } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { ChecklistItem } from "~/lib/excursions/checklist";
import { formatCalendarDate } from "~/lib/platform/format";

const K = "services.operational.checklist";
/** Items whose detail is a document's expiry. */
const DATED = new Set(["insurance", "inspection", "driver", "guide", "antt"]);

/** One checklist item's words: what it is, about whom, and until when. */
export function useChecklistText() {
  const { t, i18n } = useTranslation();
  return (item: ChecklistItem) => {
    const label = t(`${K}.items.${item.key}`);
    const parts: string[] = [];
    if (item.key === "vehicle") parts.push(t(`${K}.noVehicle`));
    else if (item.key === "driver" && !item.subject) parts.push(t(`${K}.noDriver`));
    else if (item.key === "minimum") parts.push(t(`${K}.minimum`, { value: item.subject ?? "" }));
    else if (item.subject) parts.push(item.subject);
    if (DATED.has(item.key) && item.subject) {
      parts.push(item.until && /^\d{4}-\d{2}-\d{2}$/.test(item.until) ? t(`${K}.until`, { date: formatCalendarDate(item.until, i18n.language, "short") }) : t(`${K}.noDate`));
    }
    return { label, detail: parts.join(" · ") };
  };
}

/** The pre-trip checklist: each item with its state in words and a mark (never colour alone). */
export function ChecklistList({ items, testId }: { items: readonly ChecklistItem[]; testId?: string }) {
  const { t } = useTranslation();
  const text = useChecklistText();
  return (
    <ul className="operational-checklist" data-testid={testId}>
      {items.map((item, i) => {
        const { label, detail } = text(item);
        return (
          <li key={`${item.key}-${i}`} data-ok={item.ok ? "true" : "false"} data-key={item.key}>
            <Flex gap="2" align="start">
              {item.ok ? <CircleCheck size={18} aria-hidden color="var(--green-11)" /> : <CircleX size={18} aria-hidden color="var(--red-11)" />}
              <Flex direction="column">
                <Text size="2" weight="medium">
                  {label}{" "}
                  <Text size="1" color={item.ok ? "green" : "red"} weight="bold">
                    ({item.ok ? t(`${K}.ok`) : t(`${K}.failing`)})
                  </Text>
                </Text>
                {detail && (
                  <Text size="1" color="gray">
                    {detail}
                  </Text>
                )}
              </Flex>
            </Flex>
          </li>
        );
      })}
    </ul>
  );
}
