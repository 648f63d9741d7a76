/**
 * The languages and their constants. The texts themselves are in ~/locales/resources
 * (server, tests) or loaded one language at a time (app/entry.client.tsx): this
 * module imports no texts, so the browser's shell does not carry all three languages.
 */
export const LANGUAGES = ["pt", "en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "pt";
/** BCP 47 tags for Intl formatting (numbers, currency, dates). */
export const INTL_LOCALE: Record<Language, string> = { pt: "pt-BR", en: "en", es: "es" };
export const LANGUAGE_COOKIE = "lng";
export const LANGUAGE_STORAGE_KEY = "i18nextLng";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}
