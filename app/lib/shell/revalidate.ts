import type { ShouldRevalidateFunction } from "react-router";

/**
 * The viewer and sidebar are not re-loaded on every move between staff pages: only
 * after a form was submitted (an action may change the user, the agency or the
 * licence, or leave a flash toast), and on an explicit revalidation of the same
 * URL (the language switch, the tab regaining focus, useRevalidator). The server's
 * guards (requireScope, requireModule, requireRoles) still run on every request,
 * so a revoked session, role or module refuses the next navigation at once even
 * while the sidebar shown is a little older.
 */
export const shellShouldRevalidate: ShouldRevalidateFunction = ({ formMethod, actionResult, currentUrl, nextUrl, defaultShouldRevalidate }) => {
  if (formMethod && formMethod.toUpperCase() !== "GET") return defaultShouldRevalidate;
  if (actionResult !== undefined) return defaultShouldRevalidate;
  if (currentUrl.pathname === nextUrl.pathname && currentUrl.search === nextUrl.search) return defaultShouldRevalidate;
  return false;
};
