import i18next, { type BackendModule, type ResourceKey } from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from "~/locales";

/**
 * Each language's texts are a chunk of their own: the page's language loads before
 * hydration, the others in the background once the page is interactive (a switch,
 * or the menu editor's names in every language, then finds them ready; a switch
 * before that waits for its chunk: i18next loads it through this backend).
 *
 * A public page (a route with `handle.texts === "core"`; the root marks the document
 * `data-texts="core"`) needs only the core texts (~/locales/core: language switch,
 * errors, toasts; its own texts come with its loader): it loads those alone, and
 * nothing in the background. A client navigation from there to a page that needs
 * every text loads the whole language (the root's `useFullTexts`).
 */
const LOCALES: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  pt: () => import("~/locales/pt"),
  en: () => import("~/locales/en"),
  es: () => import("~/locales/es"),
};
const CORE_LOCALES: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  pt: () => import("~/locales/core/pt"),
  en: () => import("~/locales/core/en"),
  es: () => import("~/locales/core/es"),
};
const coreOnly = () => document.documentElement.dataset.texts === "core";

const lazyLocales: BackendModule = {
  type: "backend",
  init() {},
  read(language, _namespace, callback) {
    if (!isLanguage(language)) return callback(null, {});
    (coreOnly() ? CORE_LOCALES : LOCALES)[language]().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

async function main() {
  const htmlLang = document.documentElement.lang;
  const lng = isLanguage(htmlLang) ? htmlLang : DEFAULT_LANGUAGE;
  const core = coreOnly();
  const texts = (await (core ? CORE_LOCALES : LOCALES)[lng]()).default;
  await i18next
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      resources: { [lng]: { translation: texts } },
      partialBundledLanguages: true,
      lng,
      // Every language has every key (en and es `satisfies` pt), as on the server: no fallback to load.
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      defaultNS: "translation",
      interpolation: { escapeValue: false },
      // Components re-render when a language's texts arrive.
      react: { bindI18n: "languageChanged loaded" },
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

  if (core) return;
  const rest = () => void i18next.loadLanguages(LANGUAGES.filter((l) => l !== lng));
  if ("requestIdleCallback" in window) window.requestIdleCallback(rest, { timeout: 3000 });
  else setTimeout(rest, 1000);
}

main().catch((error) => console.error(error));
