/**
 * A toast that survives a redirect (create → edit screen, delete → list): the
 * action sets a short-lived cookie, the authenticated layout's loader reads it
 * once, clears it and hands the toast to the page (ActionToasts shows it).
 */
import { redirect } from "react-router";
import { toastOf, type ToastMessage } from "~/lib/platform/toast";

const COOKIE = "rota_flash";

function encode(toast: ToastMessage): string {
  const bytes = new TextEncoder().encode(JSON.stringify(toast));
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decode(value: string): ToastMessage | null {
  try {
    const binary = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    return toastOf({ toast: JSON.parse(json) });
  } catch {
    return null;
  }
}

/** A redirect that shows `toast` on the page it lands on. */
export function redirectWithToast(url: string, toast: ToastMessage, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", `${COOKIE}=${encode(toast)}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax`);
  return redirect(url, { ...init, headers });
}

/** The pending flash toast of a request, and the header that clears it. */
export function readFlash(request: Request): { toast: ToastMessage | null; clear: HeadersInit | undefined } {
  const cookie = request.headers.get("Cookie") ?? "";
  const match = new RegExp(`(?:^|;\\s*)${COOKIE}=([A-Za-z0-9_-]{1,2000})`).exec(cookie);
  if (!match?.[1]) return { toast: null, clear: undefined };
  return { toast: decode(match[1]), clear: { "Set-Cookie": `${COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax` } };
}
