import { useEffect, useRef, useSyncExternalStore } from "react";
import { useNavigation, useRevalidator } from "react-router";

/** Spec §9: the mobile and sidebar breakpoint is 768 px or less. */
export const MOBILE_QUERY = "(max-width: 768px)";

/** A media query, false on the server and during hydration (CSS does the first layout). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export const useIsMobile = () => useMediaQuery(MOBILE_QUERY);

/** Minimum time between two focus revalidations. */
export const FOCUS_REVALIDATE_INTERVAL_MS = 30_000;
/** Coalesces bursts (focus + visibilitychange + online fire together). */
const BURST_MS = 1_000;

/**
 * Reloads the page's data when the window regains focus (at most every 30 s) and
 * when the network comes back (spec §7: refetch on window focus and reconnect).
 */
export function useRevalidateOnFocus() {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const state = useRef({ revalidator, navigation, last: 0 });
  useEffect(() => {
    state.current.revalidator = revalidator;
    state.current.navigation = navigation;
  });
  useEffect(() => {
    // The page was just loaded: its data is fresh.
    state.current.last = Date.now();
    const run = (minInterval: number) => {
      const s = state.current;
      const now = Date.now();
      if (now - s.last < minInterval) return;
      if (s.navigation.state !== "idle" || s.revalidator.state !== "idle") return;
      if (!navigator.onLine) return;
      s.last = now;
      void s.revalidator.revalidate();
    };
    const onFocus = () => run(FOCUS_REVALIDATE_INTERVAL_MS);
    const onVisible = () => {
      if (document.visibilityState === "visible") run(FOCUS_REVALIDATE_INTERVAL_MS);
    };
    const onOnline = () => run(BURST_MS);
    window.addEventListener("focus", onFocus);
    window.addEventListener("online", onOnline);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.removeEventListener("focus", onFocus);
      window.removeEventListener("online", onOnline);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, []);
}

/** The sidebar's collapsed state is kept in a cookie so the server renders it right. */
export const SIDEBAR_COOKIE = "rota_sidebar";
export function saveSidebarCollapsed(collapsed: boolean) {
  document.cookie = `${SIDEBAR_COOKIE}=${collapsed ? "collapsed" : "open"}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
export function readSidebarCollapsed(cookieHeader: string | null): boolean {
  return (cookieHeader ?? "").split(/;\s*/).includes(`${SIDEBAR_COOKIE}=collapsed`);
}
