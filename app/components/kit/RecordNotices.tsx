import { Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { Notice } from "~/components/ui/Notice";
import { lookup, translate } from "~/lib/platform/translate";

/** The save was refused because someone else saved first: their values, and a way to load them. */
export function StaleCallout({ differences, fieldLabel }: { differences: { field: string; value: string }[]; fieldLabel: (field: string) => string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Notice tone="warning" testId="stale-notice" title={t("records.stale.title")}>
      <Text size="2">{t("records.stale.text")}</Text>
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
        {t("records.stale.reload")}
      </a>
    </Notice>
  );
}

/** A CPF/CNPJ or e-mail already in use: names the existing record and links to it. */
export function DuplicateCallout({ duplicate }: { duplicate: { field: string; name: string; href: string } }) {
  const { t, i18n } = useTranslation();
  return (
    <Notice tone="error" testId="duplicate-notice">
      {lookup(i18n, `records.duplicate.${duplicate.field}`, { name: duplicate.name }) ??
        translate(i18n, "records.duplicate.record", { name: duplicate.name })}{" "}
      <Link to={duplicate.href} data-testid="duplicate-link">
        {t("records.duplicate.open", { name: duplicate.name })}
      </Link>
    </Notice>
  );
}

/** A screen's stale-save notice (one message, not per field): nothing was saved; the current values and a way to load them. */
export function StaleNotice({ message, current, reload }: { message: string; current?: string; reload: string }) {
  const { pathname } = useLocation();
  return (
    <Notice tone="warning" testId="stale-notice" title={message}>
      {current && (
        <Text as="p" size="2" data-testid="stale-current">
          {current}
        </Text>
      )}
      <a href={pathname}>{reload}</a>
    </Notice>
  );
}
