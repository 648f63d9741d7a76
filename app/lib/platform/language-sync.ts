/**
 * The language choice in the browser (spec §9, ARCHITECTURE "i18n"):
 * - the server detects the cookie `lng`, then Accept-Language (remix-i18next);
 * - the choice is cached in localStorage (LANGUAGE_STORAGE_KEY) and mirrored in
 *   the cookie, so the server renders the right language on the first byte;
 * - on a first visit without the cookie, a saved localStorage choice wins over
 *   the browser's language: it is applied and persisted in the cookie;
 * - tabs stay in sync through the `storage` event.
 */
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { isLanguage, LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, type Language } from "~/locales";

/**
 * The cookie as the server writes it (app/middleware/i18n.ts, serializeLanguageCookie):
 * a plain `lng=xx`, readable and writable here; a unit test keeps the two equal.
 */
export const LANGUAGE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;
export function languageCookieString(lng: Language): string {
  return `${LANGUAGE_COOKIE}=${lng}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax`;
}

export function readStoredLanguage(): Language | null {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null; // storage unavailable (private mode, blocked): the cookie still holds the choice
  }
}

function writeStoredLanguage(lng: Language) {
  try {
    if (localStorage.getItem(LANGUAGE_STORAGE_KEY) !== lng) localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // see readStoredLanguage
  }
}

export function hasLanguageCookie(cookieHeader: string = document.cookie): boolean {
  return cookieHeader.split(/;\s*/).some((c) => c.startsWith(`${LANGUAGE_COOKIE}=`));
}

function writeLanguageCookie(lng: Language) {
  document.cookie = languageCookieString(lng);
}

/**
 * Saves a choice: cookie first (so another tab that reacts to the storage event
 * already sends the new cookie when it revalidates), then localStorage.
 */
export function persistLanguage(lng: Language) {
  writeLanguageCookie(lng);
  writeStoredLanguage(lng);
}

type I18nLike = { language: string; changeLanguage: (lng: string) => Promise<unknown> };

export async function applyLanguage(i18n: I18nLike, lng: Language) {
  if (i18n.language !== lng) await i18n.changeLanguage(lng);
  document.documentElement.lang = lng;
}

/** Reloads the server data; a reload interrupted by a newer navigation is not an error. */
async function reload(revalidate: () => Promise<unknown>) {
  try {
    await revalidate();
  } catch (error) {
    if (!(error instanceof DOMException && error.name === "AbortError")) throw error;
  }
}

/** Changes the language at once, saves it, and reloads the server data in the new language. */
export function useChangeLanguage() {
  const { i18n } = useTranslation();
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
  });
  return async (lng: Language) => {
    persistLanguage(lng);
    await applyLanguage(i18n, lng);
    await reload(revalidate.current);
  };
}

/** Mount once (root): first-visit preference and cross-tab sync. */
export function useLanguageSync(serverLocale: string) {
  const { i18n } = useTranslation();
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
  });

  // First load: reconcile the saved choice with what the server used.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const saved = readStoredLanguage();
    if (!hasLanguageCookie()) {
      if (!saved) return; // no choice made yet: the browser's language (Accept-Language) stays
      void (async () => {
        writeLanguageCookie(saved);
        if (saved !== serverLocale) {
          await applyLanguage(i18n, saved);
          await reload(revalidate.current);
        }
      })();
    } else if (isLanguage(serverLocale) && saved !== serverLocale) {
      writeStoredLanguage(serverLocale); // the cookie is the saved choice: mirror it
    }
  }, [i18n, serverLocale]);

  // Another tab changed the language.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== LANGUAGE_STORAGE_KEY || !isLanguage(event.newValue) || event.newValue === i18n.language) return;
      const lng = event.newValue;
      void (async () => {
        await applyLanguage(i18n, lng);
        await reload(revalidate.current);
      })();
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [i18n]);
}
