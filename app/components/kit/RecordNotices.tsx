import { Callout, Flex, Text } from "@radix-ui/themes";
import { CircleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { lookup, translate } from "~/lib/platform/translate";

/** The save was refused because someone else saved first: their values, and a way to load them. */
export function StaleCallout({ differences, fieldLabel }: { differences: { field: string; value: string }[]; fieldLabel: (field: string) => string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Callout.Root color="amber" role="alert" data-testid="stale-notice">
      <Callout.Icon>
        <CircleAlert size={16} />
      </Callout.Icon>
      <Flex direction="column" gap="2">
        <Text weight="bold">{t("registers.stale.title")}</Text>
        <Text size="2">{t("registers.stale.text")}</Text>
        {differences.length > 0 && (
          <ul className="stale-differences" data-testid="stale-current">
            {differences.map((d) => (
              <li key={d.field}>
                <Text size="2" weight="medium">
                  {fieldLabel(d.field)}:
                </Text>{" "}
                <Text size="2">{d.value || "—"}</Text>
              </li>
            ))}
          </ul>
        )}
        <a href={pathname} data-testid="stale-reload">
          {t("registers.stale.reload")}
        </a>
      </Flex>
    </Callout.Root>
  );
}

/** A CPF/CNPJ or e-mail already in use: names the existing record and links to it. */
export function DuplicateCallout({ duplicate }: { duplicate: { field: string; name: string; href: string } }) {
  const { t, i18n } = useTranslation();
  return (
    <Callout.Root color="red" role="alert" data-testid="duplicate-notice">
      <Callout.Icon>
        <CircleAlert size={16} />
      </Callout.Icon>
      <Callout.Text>
        {lookup(i18n, `registers.duplicate.${duplicate.field}`, { name: duplicate.name }) ?? translate(i18n, "registers.duplicate.record", { name: duplicate.name })}{" "}
        <Link to={duplicate.href} data-testid="duplicate-link">
          {t("registers.duplicate.open", { name: duplicate.name })}
        </Link>
      </Callout.Text>
    </Callout.Root>
  );
}
