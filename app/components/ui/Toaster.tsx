import * as Toast from "@radix-ui/react-toast";
import { X } from "lucide-react";
import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { UNSAFE_DataRouterContext as DataRouterContext, useMatches, unstable_useRoute as useRoute } from "react-router";
import {
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_SWIPE_DIRECTION,
  TOAST_SWIPE_THRESHOLD_PX,
  toastOf,
  type ToastVariant,
} from "~/lib/platform/toast";
import { translate } from "~/lib/platform/translate";

/** A toast with its texts already in the user's language. */
export type ToastInput = { title: string; description?: string; variant?: ToastVariant; duration?: number };
type Current = ToastInput & { id: number; open: boolean };

const ToastContext = createContext<((toast: ToastInput) => void) | null>(null);

/** Shows a toast. One at a time (spec §9): a new toast replaces the one on screen. */
export function useToast() {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast must be used inside a ToastProvider");
  return show;
}

export function ToastProvider({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<Current | null>(null);
  const counter = useRef(0);
  const show = useCallback((toast: ToastInput) => {
    counter.current += 1;
    setCurrent({ ...toast, id: counter.current, open: true });
  }, []);
  const variant = current?.variant ?? "default";
  return (
    <ToastContext.Provider value={show}>
      <Toast.Provider
        swipeDirection={TOAST_SWIPE_DIRECTION}
        swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
        duration={TOAST_DURATION_MS}
        label={t("toast.label")}
      >
        {children}
        {current && (
          <Toast.Root
            // A new id remounts the root: the replaced toast leaves, its timer with it.
            key={current.id}
            className="toast"
            data-variant={variant}
            data-testid="toast"
            open={current.open}
            duration={current.duration ?? TOAST_DURATION_MS}
            type={variant === "destructive" ? "foreground" : "background"}
            onOpenChange={(open) => {
              if (!open) setCurrent((c) => (c && c.id === current.id ? { ...c, open: false } : c));
            }}
          >
            <div className="toast-body">
              <Toast.Title className="toast-title">{current.title}</Toast.Title>
              {current.description && <Toast.Description className="toast-description">{current.description}</Toast.Description>}
            </div>
            <Toast.Close className="toast-close" aria-label={t("toast.close")}>
              <X size={16} aria-hidden />
            </Toast.Close>
          </Toast.Root>
        )}
        <Toast.Viewport className="toast-viewport" hotkey={TOAST_HOTKEY} label={t("toast.viewport")} data-testid="toast-viewport" />
      </Toast.Provider>
    </ToastContext.Provider>
  );
}

/**
 * Server → client flash: when the current page's action (or a fetcher's) returns
 * `{ toast }`, or an action redirected with one, show it once. Texts are translation keys.
 */
export function ActionToasts() {
  const { i18n } = useTranslation();
  const show = useToast();
  const matches = useMatches();
  const leafId = matches[matches.length - 1]?.id;
  const leaf = useRoute(...([leafId] as unknown as [never])) as { actionData?: unknown } | undefined;
  const router = useContext(DataRouterContext)?.router;
  // A toast left by an action that redirected (flash.server.ts) comes with the app layout's data.
  const layout = matches.find((m) => m.id === "routes/app/layout")?.loaderData as { toast?: unknown } | undefined;
  const seen = useRef(new WeakSet<object>());
  const showOnce = useCallback(
    (data: unknown) => {
      const message = toastOf(data);
      if (!message || seen.current.has(data as object)) return;
      seen.current.add(data as object);
      const text = (key: string) => translate(i18n, key, message.values);
      show({
        title: text(message.title),
        description: message.description ? text(message.description) : undefined,
        variant: message.variant,
        duration: message.duration,
      });
    },
    [show, i18n],
  );
  useEffect(() => {
    for (const data of [leaf?.actionData, layout?.toast ? layout : undefined]) showOnce(data);
  }, [leaf?.actionData, layout, showOnce]);
  // A fetcher's answer: read from the router's own updates, not from useFetchers — a done
  // fetcher is in the router's state for one update only (it leaves the map right after its
  // subscribers hear it), so a render that comes later would miss its toast.
  useEffect(() => {
    if (!router) return;
    const hear = (state: { fetchers: Map<string, { data?: unknown }> }) => state.fetchers.forEach((f) => showOnce(f.data));
    hear(router.state);
    return router.subscribe(hear);
  }, [router, showOnce]);
  return null;
}
