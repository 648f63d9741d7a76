import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import resources, { DEFAULT_LANGUAGE, isLanguage, LANGUAGES } from "~/locales";

async function main() {
  const htmlLang = document.documentElement.lang;
  await i18next.use(initReactI18next).init({
    resources,
    lng: isLanguage(htmlLang) ? htmlLang : DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    defaultNS: "translation",
    interpolation: { escapeValue: false },
  });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

main().catch((error) => console.error(error));
