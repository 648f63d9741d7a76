/**
 * The record kit's form: one Conform setup and one frame for every module's
 * record form (novo and editar/:id).
 *
 *   const [form, fields] = useRecordForm({
 *     id: "vehicle-form",
 *     loadSchema: () => import("~/lib/receptive/vehicle.schema").then((m) => m.vehicleSchema),
 *     lastResult,
 *     defaultValue,
 *   });
 *   return (
 *     <RecordForm form={form} isNew={isNew} version={version} cancelHref={LIST}>
 *       <FormSection …>…</FormSection>
 *     </RecordForm>
 *   );
 *
 * The browser validates with the form's own schema, loaded on the form's first
 * focus or when idle (`loadSchema`, so zod stays out of the route chunk; see
 * lazy-form.ts) or given at once (`schema`); the server validates every post
 * again, with the version; the frame posts natively (no JavaScript needed), warns
 * before leaving unsaved changes, carries the version the edit was loaded with,
 * shows form-level errors in the user's language and ends with save / cancel.
 */
import { getFormProps, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { Flex, Text } from "@radix-ui/themes";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { FormActions } from "~/components/kit/FormActions";
import { UnsavedChangesGuard, useErrorText } from "~/components/ui/FormField";
import { useLazyForm, type SchemaLoader } from "~/components/kit/lazy-form";
import { considerForDirty } from "~/lib/kit/form-keys";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a form's object schema, as Conform takes it
export function useRecordForm<S extends z.ZodType<Record<string, any>>>({
  id,
  schema,
  loadSchema,
  lastResult,
  defaultValue,
}: {
  id: string;
  lastResult: SubmissionResult<string[]> | undefined;
  defaultValue: Record<string, unknown>;
} & (
  | {
      /** The form's schema without `version` (only the server checks the version), already in the chunk. */
      schema: S;
      loadSchema?: undefined;
    }
  | {
      /** The same, fetched on demand: `() => import("~/lib/x/thing.schema").then((m) => m.thingSchema)`. */
      loadSchema: SchemaLoader<S>;
      schema?: undefined;
    }
)) {
  const validation = loadSchema ? { loadSchema } : { schema: schema! };
  return useLazyForm<S>({
    id,
    ...validation,
    lastResult,
    defaultValue: defaultValue as never,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    shouldDirtyConsider: considerForDirty,
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's metadata (Conform's own default)
export function RecordForm<T extends Record<string, any>>({
  form,
  isNew,
  version,
  cancelHref,
  busyIntent,
  guard = true,
  children,
}: {
  form: FormMetadata<T, string[]>;
  isNew: boolean;
  version: number;
  cancelHref: string;
  /** The intent whose submission shows the save button busy (default: anything but delete). */
  busyIntent?: string;
  /** Whether leaving with unsaved changes asks first (off for read-only viewers). */
  guard?: boolean;
  children: React.ReactNode;
}) {
  const errorText = useErrorText();
  const navigation = useNavigation();
  const intent = navigation.formData?.get("intent");
  const busy = navigation.state === "submitting" && (busyIntent ? intent === busyIntent : intent !== "delete");
  return (
    <Form method="post" {...getFormProps(form)} className="record-form">
      <UnsavedChangesGuard dirty={form.dirty && guard} />
      {!isNew && <input type="hidden" name="version" value={version} />}
      <Flex direction="column" gap="4">
        {children}
        {form.errors && form.errors.length > 0 && (
          <Text color="red" role="alert">
            {form.errors.map((e) => errorText(e)).join(" ")}
          </Text>
        )}
        <FormActions cancelHref={cancelHref} busy={busy} />
      </Flex>
    </Form>
  );
}
