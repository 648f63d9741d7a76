/**
 * A translation in a fixed language, outside a request's i18n instance: for texts
 * that are stored or sent to someone else (mails, notifications), which follow
 * the recipient's language rather than the viewer's.
 */
import resources from "~/locales/resources";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "~/locales";

function find(tree: unknown, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** The recipient's language: a stored locale when valid, otherwise pt. */
export const languageOf = (locale: string | null | undefined): Language => (isLanguage(locale) ? locale : DEFAULT_LANGUAGE);

/** `key` in `language` (falling back to pt, then to the key), with {{placeholders}} filled in. */
export function textIn(language: Language | string | null | undefined, key: string, values: Record<string, string | number> = {}): string {
  const lng = languageOf(language);
  const template = find(resources[lng].translation, key) ?? find(resources[DEFAULT_LANGUAGE].translation, key) ?? key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}

/**
 * The language to write to someone in: the first valid one of the candidates
 * (their stored locale, then the language of the request at hand), else pt.
 */
export function recipientLanguage(...candidates: (string | null | undefined)[]): Language {
  return candidates.find((c): c is Language => isLanguage(c)) ?? DEFAULT_LANGUAGE;
}

const SPANISH = new Set(["AR", "BO", "CL", "CO", "CR", "CU", "DO", "EC", "ES", "GT", "HN", "MX", "NI", "PA", "PE", "PR", "PY", "SV", "UY", "VE"]);
const PORTUGUESE = new Set(["BR", "PT", "AO", "MZ", "CV", "GW", "ST", "TL"]);
/** The language of a party from its country: pt for Portuguese-speaking countries (and none), es for Spanish-speaking ones, en otherwise. */
export function languageForCountry(country: string | null | undefined): Language {
  const c = (country ?? "").trim().toUpperCase();
  if (!c || PORTUGUESE.has(c)) return "pt";
  return SPANISH.has(c) ? "es" : "en";
}
