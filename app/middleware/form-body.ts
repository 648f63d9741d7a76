import type { MiddlewareFunction } from "react-router";
import { badRequest, unsupportedMediaType } from "~/lib/platform/http";
import resources from "~/locales/resources";
import { DEFAULT_LANGUAGE, isLanguage } from "~/locales";
import { getLocale } from "~/middleware/i18n";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Paths whose actions take a body that is not a form: better-auth's JSON API; the
 * webhooks and realtime paths are answered by the Worker before React Router, and
 * are listed here so that holds wherever the app's handler runs.
 */
export const OTHER_BODIES = ["/api/auth/", "/webhooks/", "/parties/"] as const;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** The body's media type, lowercased, without parameters. */
const mediaType = (header: string | null) => (header ?? "").split(";")[0]!.trim().toLowerCase();

/** The path an action request stands for (single fetch posts to `/path.data`). */
function actionPath(request: Request): string {
  const path = new URL(request.url).pathname;
  return path.endsWith(".data") ? path.slice(0, -".data".length) : path;
}

export type BodyCheck = { ok: true } | { ok: false; status: 400 | 415 };

/**
 * Whether a state-changing request carries a form every action can read: a
 * form media type, and a body that parses as one (a multipart body without its
 * boundary, or a broken one, does not). Reads a clone: the action reads the body.
 */
export async function checkFormBody(request: Request): Promise<BodyCheck> {
  if (SAFE.has(request.method)) return { ok: true };
  const path = actionPath(request);
  if (OTHER_BODIES.some((prefix) => path.startsWith(prefix))) return { ok: true };
  if (!FORM_TYPES.includes(mediaType(request.headers.get("Content-Type")))) return { ok: false, status: 415 };
  try {
    await request.clone().formData();
    return { ok: true };
  } catch {
    return { ok: false, status: 400 };
  }
}

/**
 * Every action takes a form (Conform + zod): a POST/PUT/PATCH/DELETE whose body
 * is not one (no Content-Type, JSON, text, multipart without a boundary or with a
 * broken body) is answered 415 or 400 before any action runs, with a message in
 * the user's language, and nothing changes. Paths in OTHER_BODIES are left to
 * their own handlers.
 */
export const formBodyMiddleware: MiddlewareFunction<Response> = async ({ request, context }) => {
  const check = await checkFormBody(request);
  if (check.ok) return;
  const locale = getLocale(context);
  const errors = resources[isLanguage(locale) ? locale : DEFAULT_LANGUAGE].translation.errors;
  if (check.status === 415) throw unsupportedMediaType({ error: "unsupported_body", message: errors.unsupportedBody });
  throw badRequest({ error: "not_a_form", message: errors.notAForm });
};
