import { m, useReducedMotion } from "motion/react";
import { useSyncExternalStore } from "react";
import { useLocation } from "react-router";

/** Spec §2.1, §9: page changes fade and slide in over 0.2 s. */
export const PAGE_TRANSITION_S = 0.2;

const noop = () => () => {};
/** False on the server and while hydrating, true afterwards. */
export const useHydrated = () =>
  useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );

export function PageTransition({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation();
  const reduce = useReducedMotion();
  // The server-rendered page is visible at once; pages reached afterwards animate in.
  const hydrated = useHydrated();
  return (
    <m.div
      key={pathname}
      className="page"
      initial={hydrated ? { opacity: 0, y: reduce ? 0 : 8 } : false}
      animate={{ opacity: 1, y: 0 }}
      transition={{ duration: PAGE_TRANSITION_S, ease: "easeOut" }}
      data-testid="page"
    >
      {children}
    </m.div>
  );
}
