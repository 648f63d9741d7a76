import { Card, Flex, Heading, Text } from "@radix-ui/themes";
import { History } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { formatDateTime } from "~/lib/platform/format";
import { lookup } from "~/lib/platform/translate";
import type { HistoryEntry } from "~/lib/kit/record.server";

/** The record's audit trail: who changed what, when (in the agency's time zone). */
export function RecordHistory({
  entries,
  more,
  timeZone,
  fieldLabel,
  formatValue,
}: {
  entries: HistoryEntry[];
  more: boolean;
  timeZone: string;
  fieldLabel: (field: string) => string;
  /** The register's own display of a field's value (choices, percentages, linked records); undefined = the default. */
  formatValue?: (field: string, value: unknown) => string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const last = entries[entries.length - 1];
  // An object of a repeatable row (phone, contact, service) reads as its number or name.
  const item = (x: unknown) =>
    typeof x === "object" && x !== null ? String((x as { number?: string; name?: string }).number ?? (x as { name?: string }).name ?? JSON.stringify(x)) : String(x);
  const show = (field: string, v: unknown) => {
    const own = formatValue?.(field, v);
    if (own !== undefined) return own;
    if (v === null || v === undefined || v === "" || (Array.isArray(v) && v.length === 0)) return "—";
    if (typeof v === "boolean") return v ? t("records.yes") : t("records.no");
    if (Array.isArray(v)) return v.map(item).join(", ");
    if (typeof v === "object") return item(v);
    const s = String(v);
    return s.length > 80 ? `${s.slice(0, 77)}…` : s;
  };
  return (
    <Card size="3" data-testid="record-history">
      <Flex align="center" gap="2" mb="3">
        <History size={18} aria-hidden />
        <Heading as="h2" size="4">
          {t("records.history.title")}
        </Heading>
      </Flex>
      {entries.length === 0 ? (
        <Text color="gray" size="2">
          {t("records.history.empty")}
        </Text>
      ) : (
        <ol className="record-history">
          {entries.map((e) => (
            <li key={e.id} data-testid="history-entry">
              <Flex gap="2" align="center" wrap="wrap">
                <StatusBadge tone={e.action === "create" ? "active" : e.action === "delete" ? "danger" : "info"}>
                  {lookup(i18n, `audit.actions.${e.action}`) ?? e.action}
                </StatusBadge>
                <Text size="2" weight="medium">
                  {e.who ?? t("audit.system")}
                </Text>
                <Text size="1" color="gray">
                  {formatDateTime(e.createdAt, i18n.language, timeZone)}
                </Text>
              </Flex>
              {e.action !== "create" && e.changes && Object.keys(e.changes).length > 0 && (
                <ul className="record-history-changes">
                  {Object.entries(e.changes).map(([field, pair]) => (
                    <li key={field}>
                      <Text size="1" weight="medium">
                        {fieldLabel(field)}:
                      </Text>{" "}
                      <Text size="1" color="gray">
                        {show(field, pair?.[0])}
                      </Text>{" "}
                      → <Text size="1">{show(field, pair?.[1])}</Text>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
      {more && last && (
        <Link to={`?historico=${encodeURIComponent(`${last.createdAt}~${last.id}`)}`} preventScrollReset data-testid="history-more">
          {t("records.history.older")}
        </Link>
      )}
    </Card>
  );
}

/**
 * A history value formatter for choice fields: `{ category: "partners.categories" }`
 * shows "hotel" as the translation of partners.categories.hotel. `extra` handles
 * other fields (percentages...); undefined falls back to the default display.
 */
export function useChoiceFormatter(choices: Record<string, string>, extra?: (field: string, value: unknown) => string | undefined) {
  const { i18n } = useTranslation();
  return (field: string, value: unknown) => {
    const prefix = choices[field];
    if (prefix && typeof value === "string") return lookup(i18n, `${prefix}.${value}`) ?? value;
    return extra?.(field, value);
  };
}
