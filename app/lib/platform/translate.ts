/**
 * Translation lookups by keys built at run time (menu paths, keys an action
 * returns). The typed `t` only accepts literal keys, so these go through here.
 */
import type { i18n as I18n } from "i18next";

type Values = Record<string, string | number>;

/** The text of a key, or the key itself when it is missing (i18next's default). */
export function translate(i18n: Pick<I18n, "t">, key: string, values?: Values): string {
  return String(i18n.t(key as never, { defaultValue: key, ...values } as never));
}

/** The text of a key, or undefined when the current language lacks it. */
export function lookup(i18n: Pick<I18n, "t" | "exists">, key: string, values?: Values): string | undefined {
  return i18n.exists(key) ? translate(i18n, key, values) : undefined;
}
