import { Select } from "@radix-ui/themes";
import { Languages } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { useChangeLanguage } from "~/lib/platform/language-sync";
import { isLanguage, LANGUAGES, type Language } from "~/locales";

/** Saves the choice (cookie + localStorage), applies it at once and reloads server data. */
export { useChangeLanguage };

/** Language selector; without JavaScript it is a plain form with a submit button. */
export function LanguageSelect({ size = "2", compact = false }: { size?: "1" | "2" | "3"; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const current: Language = isLanguage(i18n.language) ? i18n.language : "pt";
  const change = useChangeLanguage();
  const location = useLocation();
  return (
    <form method="post" action="/idioma" aria-label={t("language.label")}>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <Select.Root name="lng" value={current} onValueChange={(v) => void change(v as Language)} size={size}>
        <Select.Trigger variant="ghost" aria-label={t("language.label")} data-testid="language-select">
          <Languages size={16} aria-hidden style={{ marginRight: compact ? 4 : 6, verticalAlign: "middle" }} />
          {compact ? current.toUpperCase() : t(`language.${current}`)}
        </Select.Trigger>
        <Select.Content position="popper">
          {LANGUAGES.map((lng) => (
            <Select.Item key={lng} value={lng} data-testid={`lang-${lng}`}>
              {t(`language.${lng}`)}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
      <noscript>
        <button type="submit">{t("language.label")}</button>
      </noscript>
    </form>
  );
}
