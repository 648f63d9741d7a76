import { Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { StatusBadge } from "~/components/ui";
import { ACTIVE_FILTER } from "~/lib/receptive/driver";

/** A receptive register's name in its list, with "Inactive" under it when it is. */
export function NameCell({ name, active }: { name: string; active: boolean }) {
  const { t } = useTranslation();
  return (
    <Flex direction="column" gap="0">
      <Text weight="medium" className="nowrap">
        {name}
      </Text>
      {!active && (
        <span>
          <StatusBadge tone="inactive">{t("receptive.status.inactive")}</StatusBadge>
        </span>
      )}
    </Flex>
  );
}

/** The lists' active / inactive filter. */
export function useStatusFilter() {
  const { t } = useTranslation();
  return { key: "status", label: t("receptive.fields.status"), options: ACTIVE_FILTER.map((s) => ({ value: s, label: t(`receptive.status.${s}`) })) };
}
