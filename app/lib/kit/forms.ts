/**
 * The one form pattern: a zod schema per form shared by client and server
 * (Conform). Messages in schemas are translation keys (validation.*), so the
 * server's field errors render in the user's language, with or without JS.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { z } from "zod";

export { parseWithZod };

export const msg = {
  required: "validation.required",
  email: "validation.email",
  passwordMin: "validation.passwordMin",
  passwordMax: "validation.passwordMax",
  tooLong: "validation.tooLong",
  invalid: "validation.invalid",
} as const;

/** A required, trimmed text field with a maximum length. */
export const requiredText = (max = 200) =>
  z.string({ error: msg.required }).trim().min(1, msg.required).max(max, msg.tooLong);

export const emailField = () =>
  z.string({ error: msg.required }).trim().toLowerCase().min(1, msg.required).max(254, msg.tooLong).pipe(z.email(msg.email));

/** An optional trimmed text: empty becomes null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, msg.tooLong)
    .optional()
    .transform((v) => (v ? v : null));

/** An optional e-mail: trimmed, lowercased, empty becomes null. */
export const optionalEmail = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .max(254, msg.tooLong)
    .optional()
    .transform((v) => (v ? v : null))
    .pipe(z.email(msg.email).nullable());

export const passwordField = () =>
  z.string({ error: msg.required }).min(8, msg.passwordMin).max(128, msg.passwordMax);

type Reply = SubmissionResult<string[]>;

/** Repeatable rows a form may post (e-mails, contacts...): a higher index is refused before parsing. */
export const MAX_POSTED_ROWS = 100;

/**
 * The server's parse of a posted form: Conform + the form's zod schema, or null
 * when the post is malformed in a way Conform would throw on (an `__intent__` or
 * `__state__` that is not its JSON, a file in their place) or would turn into a
 * huge array (`emails[10000000]`). Answer null with `malformed()`: 400, nothing done.
 */
export function parseForm<S extends z.ZodType>(formData: FormData, schema: S) {
  for (const key of formData.keys()) {
    for (const m of key.matchAll(/\[(\d+)\]/g)) if (m[1]!.length > 4 || Number(m[1]) >= MAX_POSTED_ROWS) return null;
  }
  try {
    return parseWithZod(formData, { schema });
  } catch {
    return null;
  }
}

/** 400 for a post parseForm refused: a form-level error, nothing changed. */
export function malformed() {
  return data({ result: { status: "error", error: { "": [msg.invalid] } } satisfies Reply }, { status: 400 });
}

/** 400 with the submission's field errors (and the typed values, never lost). */
export function invalid(result: Reply, status = 400) {
  return data({ result }, { status });
}

/**
 * Conform's `shouldDirtyConsider` for record forms: the hidden bookkeeping fields
 * (version, intent) are not the user's changes, so a form just loaded or just
 * saved is not "dirty" and leaving it asks nothing.
 */
export const considerForDirty = (name: string) => name !== "version" && name !== "intent" && !name.startsWith("__");
