/**
 * The payment-term preview (browser and server): the term a form's text values
 * describe, or null while they do not describe one; the sample total from the
 * URL (`?amostra=1.000,00`).
 */
import { MAX_CENTS, parseBp, parseCents } from "~/lib/finance/money";
import type { TermShape } from "~/lib/finance/schedule";
import { MAX_INSTALLMENTS } from "~/lib/finance/settings/settings";

export const DEFAULT_SAMPLE_CENTS = 1_000_00;

const whole = (v: string | undefined, min: number, max: number, empty: number | null) => {
  const s = (v ?? "").trim();
  if (s === "") return empty;
  if (!/^[0-9]{1,9}$/.test(s)) return null;
  const n = Number.parseInt(s, 10);
  return n >= min && n <= max ? n : null;
};

export function termFromText(v: Record<string, string | undefined>): TermShape | null {
  const downPaymentBp = (v.downPayment ?? "").trim() === "" ? 0 : parseBp(v.downPayment ?? "", 9_999);
  const installments = whole(v.installments, 1, MAX_INSTALLMENTS, null);
  const firstDueDays = whole(v.firstDueDays, 0, 3650, 0);
  const intervalKind = v.intervalKind === "day_of_month" ? "day_of_month" : v.intervalKind === "days" ? "days" : null;
  const intervalDays = whole(v.intervalDays, 0, 3650, 0);
  const dayOfMonth = whole(v.dayOfMonth, 1, 31, null);
  if (downPaymentBp === null || installments === null || firstDueDays === null || intervalKind === null || intervalDays === null) return null;
  if (intervalKind === "day_of_month" && dayOfMonth === null) return null;
  return { downPaymentBp, installments, firstDueDays, intervalKind, intervalDays, dayOfMonth: intervalKind === "day_of_month" ? dayOfMonth : null };
}

/** The sample total typed in the preview, within 0,01 and MAX_CENTS; null when it is not an amount. */
export function sampleCents(text: string | null | undefined): number | null {
  if (!text) return null;
  const cents = parseCents(text);
  return cents !== null && cents > 0 && cents <= MAX_CENTS ? cents : null;
}
