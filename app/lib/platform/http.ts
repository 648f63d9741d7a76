/**
 * The one error model.
 *
 * - Domain functions (`app/lib/<domain>/*.server.ts`) return a `Result` for the
 *   failures a user can cause (not found, stale, duplicate, referenced...) and
 *   throw only for what is a bug or an outage.
 * - Loaders and actions turn a failure into an HTTP answer with the helpers
 *   below: `throw notFound()` renders the route's ErrorBoundary inside the shell
 *   in the user's language (another agency's id is simply not found); a form's
 *   field errors go back as data with 400 (`invalid()` in kit/forms.ts); a stale or
 *   duplicate save with 409 (`conflict(body)`).
 * - No route writes `new Response("Not found")` by hand.
 */
import { data } from "react-router";

/** The status codes the product answers on purpose. */
export type FailureStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429;

/** 404: the record does not exist, is deleted, or belongs to another agency. Throw it. */
export const notFound = () => data(null, { status: 404 });

/** 403: signed in, but this action is not for this role. Throw it (or return it with a body). */
export const forbidden = <T = null>(body: T = null as T) => data(body, { status: 403 });

/** 400: the request is malformed (not a form, a broken field). */
export const badRequest = <T = null>(body: T = null as T) => data(body, { status: 400 });

/** 409: the save lost to another (stale version, duplicate, still referenced). */
export const conflict = <T>(body: T) => data(body, { status: 409 });

/** 415: a body that is not the form the action takes. */
export const unsupportedMediaType = <T = null>(body: T = null as T) => data(body, { status: 415 });

/** Plain-text answers for resource routes (files, CSV, JSON endpoints), which render no boundary. */
export const plainFailure = (status: FailureStatus, text?: string) =>
  new Response(text ?? STATUS_TEXT[status], { status, headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" } });

const STATUS_TEXT: Record<FailureStatus, string> = {
  400: "Bad request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not found",
  409: "Conflict",
  413: "Payload too large",
  415: "Unsupported media type",
  422: "Unprocessable content",
  429: "Too many requests",
};

/** Whether `error` is a thrown `data()` or Response with this status (tests, boundaries). */
export function hasStatus(error: unknown, status: number): boolean {
  if (error instanceof Response) return error.status === status;
  const init = (error as { init?: { status?: number } } | null)?.init;
  return !!init && init.status === status;
}
