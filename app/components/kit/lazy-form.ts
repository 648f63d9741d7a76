/**
 * Conform's `useForm` with the browser's validation loaded lazily, so that zod
 * and Conform's zod parsing stay out of the route chunks:
 *
 *   const [form, fields] = useLazyForm({
 *     id: "login-form",
 *     loadSchema: () => import("~/lib/system/account.schema").then((m) => m.loginSchema),
 *     lastResult,
 *     shouldValidate: "onBlur",
 *   });
 *
 * The schema module (and `@conform-to/zod`) are fetched on the form's first
 * focus, input or pointer-down, and when the browser is idle after mounting.
 * Until they arrive the form behaves as without JavaScript's validation: a
 * submit goes to the server, which validates every post regardless and answers
 * the field errors; a field left before the arrival is validated as soon as the
 * schema is there. `schema` (a schema already in the chunk) still works: only
 * Conform's zod parsing is then loaded lazily.
 */
import { parse, useForm, type Submission } from "@conform-to/react";
import type { parseWithZod as ParseWithZod } from "@conform-to/zod/v4";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import type { z } from "zod";

/** Conform's zod parsing, shared by every form once one of them loaded it. */
let parseWithZod: typeof ParseWithZod | undefined;
let parserPromise: Promise<typeof ParseWithZod> | undefined;
function loadParser(): Promise<typeof ParseWithZod> {
  parserPromise ??= import("@conform-to/zod/v4").then(
    (m) => (parseWithZod = m.parseWithZod),
    (error: unknown) => {
      parserPromise = undefined; // offline: try again on the next focus
      throw error;
    },
  );
  return parserPromise;
}

/** A form's schema, fetched on demand: `() => import("~/lib/x/thing.schema").then((m) => m.thingSchema)`. */
export type SchemaLoader<S> = () => Promise<S>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a form's object schema, as Conform takes it
type FormSchema = z.ZodType<Record<string, any>>;
type ConformOptions<S extends FormSchema> = Omit<Parameters<typeof useForm<z.output<S>, z.output<S>>>[0], "onValidate">;

/** The field a Conform "validate" intent names (blur/input validation), or null for any other submission. */
export function validatedField(formData: FormData): string | null {
  const intent = formData.get("__intent__");
  if (typeof intent !== "string") return null;
  try {
    const parsed = JSON.parse(intent) as { type?: unknown; payload?: { name?: unknown } } | null;
    return parsed?.type === "validate" && typeof parsed.payload?.name === "string" ? parsed.payload.name : null;
  } catch {
    return null;
  }
}

/** A submission with no errors: what the browser answers while the schema is not there yet (the server decides). */
export const unvalidated = (formData: FormData): Submission<Record<string, unknown>> => parse(formData, { resolve: (value) => ({ value }) });

export function useLazyForm<S extends FormSchema>({
  schema,
  loadSchema,
  ...options
}: ConformOptions<S> & ({ schema: S; loadSchema?: undefined } | { loadSchema: SchemaLoader<S>; schema?: undefined })) {
  // The schema once fetched, and whether Conform's parser is there (it may arrive after the schema).
  const [loaded, setLoaded] = useState<{ schema: S | undefined; parser: boolean }>({ schema: undefined, parser: !!parseWithZod });
  // Fields left (validated) before the schema arrived: validated again once it is there.
  const waiting = useRef(new Set<string>());

  const [form, fields] = useForm<z.output<S>, z.output<S>>({
    ...options,
    onValidate: ({ formData }) => {
      const current = schema ?? loaded.schema;
      if (current && parseWithZod) return parseWithZod(formData, { schema: current });
      const name = validatedField(formData);
      if (name !== null) waiting.current.add(name);
      return unvalidated(formData) as never;
    },
  });

  const fetchValidation = useEffectEvent(() => Promise.all([schema ?? loadSchema!(), parseWithZod ?? loadParser()]));
  const formId = form.id;
  useEffect(() => {
    let cancelled = false;
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      fetchValidation().then(
        ([arrived]) => {
          if (!cancelled) setLoaded({ schema: arrived, parser: true });
        },
        () => {
          started = false; // a failed fetch: the server still validates; try again on the next focus
        },
      );
    };
    const element = document.getElementById(formId);
    const events = ["focusin", "input", "pointerdown"] as const;
    for (const event of events) element?.addEventListener(event, start);
    // After another form loaded the parser (or with the schema in the chunk): at once.
    if (parseWithZod) start();
    const idle =
      typeof window.requestIdleCallback === "function"
        ? // Called on window: an unbound cancelIdleCallback throws "Illegal invocation" when the form unmounts.
          { cancel: (h: number) => window.cancelIdleCallback(h), handle: window.requestIdleCallback(start, { timeout: 4000 }) }
        : { cancel: (h: number) => window.clearTimeout(h), handle: window.setTimeout(start, 1500) };
    return () => {
      cancelled = true;
      for (const event of events) element?.removeEventListener(event, start);
      idle.cancel(idle.handle);
    };
  }, [formId]);

  // Once validation is there, the fields left before it get their errors.
  const ready = loaded.parser && !!(schema ?? loaded.schema);
  useEffect(() => {
    if (!ready || waiting.current.size === 0) return;
    for (const name of waiting.current) form.validate({ name });
    waiting.current.clear();
  }, [ready, form]);

  return [form, fields] as [typeof form, typeof fields];
}
