/**
 * The record kit's form action, the same for every module's record screen
 * (novo and editar/:id): the delete intent (role, references, delete, redirect
 * with a toast), the save (schema, the module's checks and duplicate rule,
 * create or update with the version check) and the answers for stale,
 * duplicate and invalid saves. A module gives a `RecordSpec`; its route passes
 * the request's Scope:
 *
 *   export const action = ({ context, request, params }: Route.ActionArgs) =>
 *     recordAction(clientSpec, requireScope(context, request), request, params);
 *
 * Answers: 400 with the typed input kept (invalid), 409 with the current values
 * (stale), 409 naming the existing record (duplicate), 403 (delete by a role
 * that may not), 409 with the kinds and counts (delete of a referenced record),
 * 404 (unknown or another agency's id); a save redirects (created) or answers
 * `{ saved, toast }`.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import type { z } from "zod";
import type { Role } from "~/db/schema/platform";
import { redirectWithToast } from "~/lib/platform/flash.server";
import { badRequest, conflict, forbidden, notFound } from "~/lib/platform/http";
import type { Scope } from "~/lib/platform/scope.server";
import type { ToastMessage } from "~/lib/platform/toast";
import { malformed, parseForm } from "~/lib/kit/forms";
import { createRecord, deleteRecord, findRecord, updateRecord, type ChildRows, type RecordStore, type RecordTable, type WriteScope } from "~/lib/kit/record.server";

/** Another live record with the same unique value: the field and the record to link to. */
export type Duplicate = { field: string; id: string; name: string };

/** What the kit needs to know about a module's record screen. */
export type RecordSpec<T extends RecordTable, Input> = {
  store: RecordStore<T>;
  /** The list's path; records live at `${listPath}/editar/:id`. */
  listPath: string;
  /** Whether a role may delete records (Admins, for the registers). */
  canDelete: (role: Role) => boolean;
  /** The novo and editar schemas (editar adds `version`). */
  schemas: { create: z.ZodType; edit: z.ZodType };
  /** The stored columns of a validated input (derived columns included). */
  values: (input: Input) => Record<string, unknown>;
  /** Child rows saved with the record in its batch (record-children.server.ts): departures, room types... */
  children?: (input: Input) => readonly ChildRows[];
  /** A row as the user reads it, field by field (the stale-save notice compares these). */
  display: (row: T["$inferSelect"]) => Record<string, string> | Promise<Record<string, string>>;
  /** Another live record with the same document / e-mail / linked user. */
  duplicate?: (scope: WriteScope, input: Input, exceptId: string | undefined) => Promise<Duplicate | null>;
  /** Checks that need the database (a linked user of the agency...): field errors, or null. */
  check?: (scope: WriteScope, input: Input, current: T["$inferSelect"] | null) => Promise<Record<string, string[]> | null>;
};

/** A screen's own intents (a cover upload...): an answer, or undefined to go on with save/delete. */
export type ExtraIntents = (intent: FormDataEntryValue | null, formData: FormData, scope: Scope) => Promise<unknown>;

/** The delete intent of an edit screen: allowed roles only, refused while referenced. */
export async function deleteIntent<T extends RecordTable>(scope: Scope, spec: Pick<RecordSpec<T, unknown>, "store" | "canDelete" | "listPath">, id: string) {
  if (!spec.canDelete(scope.role)) {
    return forbidden({ deleteError: "records.delete.forbidden" as const, toast: { title: "records.delete.forbidden", variant: "destructive" } satisfies ToastMessage });
  }
  const result = await deleteRecord(scope, spec.store, id);
  if (result.ok) return redirectWithToast(spec.listPath, { title: "records.delete.done", values: { name: result.label } });
  if (result.reason === "notFound") throw notFound();
  return conflict({
    deleteError: "records.delete.referenced" as const,
    references: result.references ?? [],
    toast: { title: "records.delete.referenced", variant: "destructive" } satisfies ToastMessage,
  });
}

/** A duplicate document or e-mail: a field error plus the existing record to link to. */
export function duplicateAnswer(reply: (errors: Record<string, string[]>) => SubmissionResult<string[]>, duplicate: Duplicate, href: string) {
  return conflict({
    result: reply({ [duplicate.field]: [`records.errors.duplicate.${duplicate.field}`] }),
    duplicate: { field: duplicate.field, name: duplicate.name, href },
  });
}

/** A stale save: nothing written; the user's input stays in the form, the current values come along. */
export function staleAnswer(result: SubmissionResult<string[]>, current: { version: number; differences: { field: string; value: string }[] }) {
  return conflict({ result, stale: current, toast: { title: "records.stale.title", variant: "destructive" } satisfies ToastMessage });
}

/**
 * The fields whose stored value differs from what the user submitted, with the
 * stored value for display (stale saves).
 */
export function differences(stored: Record<string, string>, submitted: Record<string, string>): { field: string; value: string }[] {
  return Object.keys(stored)
    .filter((k) => (stored[k] ?? "") !== (submitted[k] ?? ""))
    .map((field) => ({ field, value: stored[field] ?? "" }));
}

/**
 * A record form's action: delete (intent=delete) or save. Save parses with the
 * form's schema (400 with the typed input kept; a post whose shape the form
 * never sends is refused with 400 too), runs the module's checks and duplicate
 * rule (409 naming the existing record), then creates (redirect to the edit
 * screen with a toast) or updates with the version check (409 with the current
 * values when stale). Another agency's or an unknown id is a 404. `intents`
 * handles a screen's own extra intents first (a cover upload...).
 */
export async function recordAction<T extends RecordTable, Input>(
  spec: RecordSpec<T, Input>,
  scope: Scope,
  request: Request,
  params: { id?: string },
  intents?: ExtraIntents,
) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  const editHref = (id: string) => `${spec.listPath}/editar/${id}`;

  if (params.id && intent === "delete") return deleteIntent(scope, spec, params.id);
  if (params.id && intents) {
    const answered = await intents(intent, formData, scope);
    if (answered !== undefined) return answered;
  }
  const current = params.id ? await findRecord(scope, spec.store, params.id) : null;
  if (params.id && !current) throw notFound();

  const submission = parseForm(formData, params.id ? spec.schemas.edit : spec.schemas.create);
  if (!submission) return malformed();
  // Adding or removing a repeatable row without JavaScript comes back as the form's new state.
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: submission.status === "error" ? 400 : 200 });
  const input = submission.value as Input & { version?: number };
  const fieldErrors = await spec.check?.(scope, input, current);
  if (fieldErrors) return badRequest({ result: submission.reply({ fieldErrors }) });
  const reply = (errors: Record<string, string[]>) => submission.reply({ fieldErrors: errors });
  const duplicateOf = async () => (spec.duplicate ? spec.duplicate(scope, input, params.id) : null);
  const found = await duplicateOf();
  if (found) return duplicateAnswer(reply, found, editHref(found.id));
  // A unique index refused the write: someone saved the same value in the meantime.
  const uniqueAnswer = async () => {
    const again = await duplicateOf();
    if (again) return duplicateAnswer(reply, again, editHref(again.id));
    return conflict({ result: submission.reply({ formErrors: ["records.errors.taken"] }) });
  };

  const values = spec.values(input);
  const children = spec.children?.(input) ?? [];
  const name = spec.store.label(values as T["$inferSelect"]);
  if (!params.id) {
    const created = await createRecord(scope, spec.store, values, undefined, children);
    if (!created.ok) return uniqueAnswer();
    return redirectWithToast(editHref(created.id), { title: "records.saved", values: { name } });
  }
  const result = await updateRecord(scope, spec.store, params.id, Number(input.version ?? 0), values, children);
  if (!result.ok) {
    if (result.reason === "unique") return uniqueAnswer();
    if (result.reason === "notFound" || !result.current) throw notFound();
    const stored = result.current;
    const [now, submitted] = await Promise.all([spec.display(stored), spec.display({ ...stored, ...values } as T["$inferSelect"])]);
    return staleAnswer(submission.reply(), { version: (stored as { version: number }).version, differences: differences(now, submitted) });
  }
  return { result: submission.reply({ resetForm: true }), saved: true, toast: { title: "records.saved", values: { name } } satisfies ToastMessage };
}
