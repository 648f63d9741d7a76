import { createInstance, type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import resources from "~/locales/resources";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, type Language } from "~/locales";

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

/**
 * The first of the browser's languages (Accept-Language, by quality, the order
 * kept among equals) that the app speaks, by its primary subtag (pt-BR → pt).
 */
export function languageFromHeader(header: string | null): Language | null {
  if (!header) return null;
  const ranked: { code: string; q: number; i: number }[] = [];
  header.split(",").forEach((part, i) => {
    const [tag, ...params] = part.trim().split(";");
    const code = tag?.trim().split("-")[0]?.toLowerCase() ?? "";
    if (!/^[a-z]{1,8}$/.test(code)) return;
    let q = 1;
    for (const p of params) {
      const m = p.trim().match(/^q\s*=\s*([01](?:\.\d+)?)$/);
      if (m) q = Number.parseFloat(m[1]!);
    }
    if (q > 0) ranked.push({ code, q, i });
  });
  ranked.sort((a, b) => b.q - a.q || a.i - b.i);
  return ranked.find((r) => isLanguage(r.code))?.code as Language | undefined ?? null;
}

/** The request's language: an explicit `?lng=` (the public pages' hreflang alternates), the saved choice, then the browser's, then pt. */
export function detectLanguage(request: Request): Language {
  const asked = new URL(request.url).searchParams.get("lng");
  return (isLanguage(asked) ? asked : null) ?? readLanguageCookie(request) ?? languageFromHeader(request.headers.get("Accept-Language")) ?? DEFAULT_LANGUAGE;
}

/**
 * One i18next instance per language per isolate, built on first use: the resources
 * are static and the instance's language never changes on the server (nothing calls
 * changeLanguage there; components read `t`), so requests in the same language share
 * it read-only. Nothing user-specific is kept in it.
 */
const instances = new Map<Language, Promise<I18n>>();
function instanceFor(lng: Language): Promise<I18n> {
  let ready = instances.get(lng);
  if (!ready) {
    const instance = createInstance({ resources, lng, defaultNS: "translation", interpolation: { escapeValue: false } });
    instance.use(initReactI18next);
    ready = instance.init().then(
      () => instance,
      (error: unknown) => {
        instances.delete(lng);
        throw error;
      },
    );
    instances.set(lng, ready);
  }
  return ready;
}

const localeContext = createContext<Language>(DEFAULT_LANGUAGE);
const i18nContext = createContext<I18n | null>(null);
type Ctx = Readonly<RouterContextProvider>;

export const i18nMiddleware: MiddlewareFunction<Response> = async ({ request, context }) => {
  const lng = detectLanguage(request);
  context.set(localeContext, lng);
  context.set(i18nContext, await instanceFor(lng));
};

/** The request's language. */
export function getLocale(context: Ctx): Language {
  return context.get(localeContext);
}

/** The request's i18next instance (shared per language: read it, never change its language). */
export function getI18n(context: Ctx): I18n {
  const instance = context.get(i18nContext);
  if (!instance) throw new Error("getI18n before the i18n middleware ran");
  return instance;
}

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: (typeof resources)["pt"];
  }
}
