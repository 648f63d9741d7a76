import "i18next";
import { createCookie } from "react-router";
import { initReactI18next } from "react-i18next";
import { createI18nextMiddleware } from "remix-i18next";
import resources, { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES } from "~/locales";

/** The saved choice; mirrored in localStorage on the client. */
export const languageCookie = createCookie(LANGUAGE_COOKIE, {
  path: "/",
  sameSite: "lax",
  maxAge: 60 * 60 * 24 * 365,
  httpOnly: false,
});

export const [i18nMiddleware, getLocale, getI18n] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    cookie: languageCookie,
    order: ["cookie", "header"],
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
