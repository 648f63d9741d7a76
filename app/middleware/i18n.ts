import "i18next";
import { initReactI18next } from "react-i18next";
import { createI18nextMiddleware } from "remix-i18next";
import resources, { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, LANGUAGES, type Language } from "~/locales";

/**
 * The saved choice is a plain `lng=xx` cookie (readable and writable by the
 * client, which mirrors it in localStorage); then the browser's languages.
 */
export function readLanguageCookie(request: Request): Language | null {
  const cookie = request.headers.get("Cookie") ?? "";
  const raw = cookie.match(new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`))?.[1];
  // The value is a language code; anything else (a malformed escape included) is no choice.
  const value = raw?.trim() ?? null;
  return isLanguage(value) ? value : null;
}

export function serializeLanguageCookie(lng: Language): string {
  return `${LANGUAGE_COOKIE}=${lng}; Path=/; Max-Age=${60 * 60 * 24 * 365}; SameSite=Lax`;
}

export const [i18nMiddleware, getLocale, getI18n] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    order: ["custom", "header"],
    findLocale: async ({ request }) => readLanguageCookie(request),
  },
  i18next: {
    resources,
    defaultNS: "translation",
    interpolation: { escapeValue: false },
  },
  plugins: [initReactI18next],
});

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: (typeof resources)["pt"];
  }
}
