import { Select } from "@radix-ui/themes";
import { Languages } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useFetcher, useLocation } from "react-router";
import { LANGUAGE_STORAGE_KEY, LANGUAGES, type Language } from "~/locales";

/** Saves the choice (cookie on the server, localStorage on the client) and applies it at once. */
export function useChangeLanguage() {
  const fetcher = useFetcher();
  const { i18n } = useTranslation();
  const location = useLocation();
  return (lng: Language) => {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
    } catch {
      // storage may be unavailable (private mode); the cookie still holds the choice
    }
    void i18n.changeLanguage(lng);
    document.documentElement.lang = lng;
    fetcher.submit(
      { lng, redirectTo: location.pathname + location.search },
      { method: "post", action: "/idioma" },
    );
  };
}

/** Language selector; without JavaScript it is a plain form with a submit button. */
export function LanguageSelect({ size = "2" }: { size?: "1" | "2" | "3" }) {
  const { t, i18n } = useTranslation();
  const change = useChangeLanguage();
  const location = useLocation();
  return (
    <form method="post" action="/idioma" aria-label={t("language.label")}>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <Select.Root name="lng" value={i18n.language} onValueChange={(v) => change(v as Language)} size={size}>
        <Select.Trigger variant="ghost" aria-label={t("language.label")}>
          <Languages size={16} aria-hidden style={{ marginRight: 6, verticalAlign: "middle" }} />
          {t(`language.${(i18n.language as Language) ?? "pt"}`)}
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
