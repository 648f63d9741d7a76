/**
 * The one form pattern: a zod schema per form shared by client and server
 * (Conform). Messages in schemas are translation keys (validation.*), so the
 * server's field errors render in the user's language, with or without JS.
 * Components import the zod-free part from `~/lib/kit/form-keys` (re-exported
 * here) and load their schema lazily (`useLazyForm`, `useRecordForm({ loadSchema })`).
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { z } from "zod";
import { considerForDirty, MAX_POSTED_ROWS, msg } from "~/lib/kit/form-keys";

export { parseWithZod };

export { considerForDirty, MAX_POSTED_ROWS, msg };

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


/**
 * The server's parse of a posted form: Conform + the form's zod schema, or null
 * when the post is malformed in a way Conform would throw on (an `__intent__` or
 * `__state__` that is not its JSON, a file in their place), would turn into a
 * huge array (`emails[10000000]`), or has a shape the form never sends: a single
 * value where the schema takes a list (`emails=x` instead of `emails[0]=x`), a
 * list or an object where it takes one value (`name=a&name=b`, `kind[x]=1`).
 * Such a shape, echoed back as the form's initial value, would break the page
 * that renders it. Answer null with `malformed()`: 400, nothing done.
 */
export function parseForm<S extends z.ZodType>(formData: FormData, schema: S) {
  for (const key of formData.keys()) {
    for (const m of key.matchAll(/\[(\d+)\]/g)) if (m[1]!.length > 4 || Number(m[1]) >= MAX_POSTED_ROWS) return null;
  }
  try {
    const submission = parseWithZod(formData, { schema });
    return fitsShape(schema, submission.payload) ? submission : null;
  } catch {
    return null;
  }
}

type Shape = "list" | "object" | "value" | "any";
type Def = { type: string; in?: z.ZodType; innerType?: z.ZodType; shape?: Record<string, z.ZodType>; element?: z.ZodType; options?: z.ZodType[] };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema with its wrappers (optional, default, pipe's input...) taken off. */
function unwrap(schema: z.ZodType): z.ZodType {
  for (let s = schema, depth = 0; depth < 20; depth++) {
    const def = defOf(s);
    if (def.type === "pipe" && def.in) s = def.in;
    else if (def.innerType && ["optional", "nullable", "default", "prefault", "catch", "readonly", "nonoptional"].includes(def.type)) s = def.innerType;
    else return s;
  }
  return schema;
}

function shapeOf(schema: z.ZodType): Shape {
  const def = defOf(unwrap(schema));
  if (def.type === "array") return "list";
  if (def.type === "object") return "object";
  if (def.type === "union") {
    const shapes = new Set((def.options ?? []).map(shapeOf));
    return shapes.size === 1 ? [...shapes][0]! : "any";
  }
  return ["string", "number", "boolean", "enum", "literal", "bigint", "date", "file"].includes(def.type) ? "value" : "any";
}

/** Whether the posted payload has the schema's shape (missing values always fit). */
function fitsShape(schema: z.ZodType, value: unknown): boolean {
  if (value === undefined || value === null) return true;
  const s = unwrap(schema);
  const shape = shapeOf(s);
  const def = defOf(s);
  if (shape === "any") return true;
  if (shape === "list") return Array.isArray(value) && (!def.element || value.every((v) => fitsShape(def.element!, v)));
  if (shape === "value") return typeof value !== "object" || value instanceof File || value instanceof Blob;
  if (typeof value !== "object" || Array.isArray(value) || value instanceof Blob) return false;
  const fields = def.shape ?? {};
  return Object.entries(fields).every(([key, field]) => fitsShape(field, (value as Record<string, unknown>)[key]));
}

/** 400 for a post parseForm refused: a form-level error, nothing changed. */
export function malformed() {
  return data({ result: { status: "error", error: { "": [msg.invalid] } } satisfies Reply }, { status: 400 });
}

/** 400 with the submission's field errors (and the typed values, never lost). */
export function invalid(result: Reply, status = 400) {
  return data({ result }, { status });
}
