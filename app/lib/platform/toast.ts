/**
 * Toast constants (spec §9) and the server → client flash: an action returns
 * `{ toast: { title, description?, variant? } }` with translation keys and the
 * shell shows it (components/ui/Toaster.tsx).
 */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_DIRECTION = "right" as const;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ["F8"];

export type ToastVariant = "default" | "destructive";

/** What an action returns: translation keys (and interpolation values). */
export type ToastMessage = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds; the default is TOAST_DURATION_MS. */
  duration?: number;
  values?: Record<string, string | number>;
};

export function toastOf(data: unknown): ToastMessage | null {
  if (typeof data !== "object" || data === null || !("toast" in data)) return null;
  const toast = (data as { toast: unknown }).toast;
  if (typeof toast !== "object" || toast === null) return null;
  const { title, description, variant, duration, values } = toast as Record<string, unknown>;
  if (typeof title !== "string" || title === "") return null;
  return {
    title,
    ...(typeof description === "string" ? { description } : {}),
    ...(variant === "destructive" || variant === "default" ? { variant } : {}),
    ...(typeof duration === "number" && duration > 0 ? { duration } : {}),
    ...(typeof values === "object" && values !== null ? { values: values as Record<string, string | number> } : {}),
  };
}
