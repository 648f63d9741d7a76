/**
 * The small finance settings screens (payment terms, account types, chart of
 * accounts, intermediaries) edit their rows inline on the list screen: `?novo`
 * opens the create form, `?editar=<id>` the edit form of that row. One action
 * for all of them, over the record kit's store functions:
 *
 * - only Admin, SuperAdmin and Financeiro change anything (403 otherwise);
 * - `intent=delete` on `?editar=<id>`: refused (409, with the kinds and counts)
 *   while anything refers to the row; otherwise soft-deleted, audited;
 * - a save parses with the form's schema (400 with field errors), runs the
 *   screen's checks (400), then creates or updates with the version check
 *   (409 with the stored values when stale; 409 with a field error when the
 *   name/code is taken); a saved form redirects to the list with a toast;
 * - an unknown id, or another agency's, is a 404 and changes nothing.
 */
import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import { canManageFinance } from "~/lib/finance/roles";
import { finErr } from "~/lib/finance/settings/settings";
import { malformed, parseForm } from "~/lib/kit/forms";
import { differences } from "~/lib/kit/record-action.server";
import { createRecord, deleteRecord, findRecord, updateRecord, type RecordStore, type RecordTable } from "~/lib/kit/record.server";
import { redirectWithToast } from "~/lib/platform/flash.server";
import { badRequest, conflict, forbidden, notFound } from "~/lib/platform/http";
import type { Scope } from "~/lib/platform/scope.server";
import type { ToastMessage } from "~/lib/platform/toast";

export type InlineSpec<T extends RecordTable, Input> = {
  store: RecordStore<T>;
  listPath: string;
  schemas: { create: z.ZodType; edit: z.ZodType };
  /** The stored columns of a validated input. */
  values: (input: Input) => Record<string, unknown>;
  /** A row as the user reads it, field by field (the stale notice compares these). */
  display: (row: T["$inferSelect"]) => Record<string, string>;
  /** Checks that need the database: field errors, or null. */
  check?: (scope: Scope, input: Input, current: T["$inferSelect"] | null) => Promise<Record<string, string[]> | null>;
  /** The field a unique-index refusal belongs to (name, code). */
  uniqueField: string;
};

/** What the inline forms get back when the action does not redirect. */
export type InlineAnswer = {
  result?: SubmissionResult<string[]>;
  stale?: { version: number; differences: { field: string; value: string }[] };
  deleteError?: string;
  references?: { count: number; label: string }[];
  error?: string;
  toast?: ToastMessage;
};

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The row the URL edits (`?editar=<id>`), or null on novo; a malformed id is a 404. */
export function editingId(request: Request): string | null {
  const id = new URL(request.url).searchParams.get("editar");
  if (id === null) return null;
  if (!ID.test(id)) throw notFound();
  return id;
}

/**
 * What every inline screen's loader shares: the row `?editar=<id>` opens (404
 * when it is not the agency's), whether `?novo` opens a blank form (only for
 * those who may change settings), and the form's values.
 */
export async function inlineEditing<T extends RecordTable, V>(
  scope: Scope,
  request: Request,
  store: RecordStore<T>,
  form: { label: (row: T["$inferSelect"]) => string; toForm: (row: T["$inferSelect"]) => V; empty: V },
) {
  const id = editingId(request);
  const row = id ? await findRecord(scope, store, id) : null;
  if (id && !row) throw notFound();
  const canManage = canManageFinance(scope.role);
  return {
    row,
    canManage,
    editing: row ? { id: row.id as string, name: form.label(row), version: row.version as number } : null,
    creating: !row && canManage && new URL(request.url).searchParams.has("novo"),
    values: row ? form.toForm(row) : form.empty,
  };
}

export const FORBIDDEN_ANSWER = { error: "financeSettings.forbidden", toast: { title: "financeSettings.forbidden", variant: "destructive" } } satisfies InlineAnswer;

export async function inlineAction<T extends RecordTable, Input>(spec: InlineSpec<T, Input>, scope: Scope, request: Request) {
  if (!canManageFinance(scope.role)) return forbidden(FORBIDDEN_ANSWER as InlineAnswer);
  const id = editingId(request);
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return malformed();
  }
  const intent = formData.get("intent");
  const current = id ? await findRecord(scope, spec.store, id) : null;
  if (id && !current) throw notFound();

  if (intent === "delete") {
    if (!id) return badRequest({ error: "financeSettings.deleteWhat" } satisfies InlineAnswer);
    const deleted = await deleteRecord(scope, spec.store, id);
    if (deleted.ok) return redirectWithToast(spec.listPath, { title: "financeSettings.deleted", values: { name: deleted.label } });
    if (deleted.reason === "notFound") throw notFound();
    return conflict({
      deleteError: "financeSettings.deleteRefused",
      references: deleted.references ?? [],
      toast: { title: "financeSettings.deleteRefused", variant: "destructive" },
    } satisfies InlineAnswer);
  }

  const submission = parseForm(formData, id ? spec.schemas.edit : spec.schemas.create);
  if (!submission) return malformed();
  if (submission.status !== "success") return badRequest({ result: submission.reply() } satisfies InlineAnswer);
  const input = submission.value as Input & { version?: number };
  const fieldErrors = await spec.check?.(scope, input, current);
  if (fieldErrors) return badRequest({ result: submission.reply({ fieldErrors }) } satisfies InlineAnswer);
  const taken = () => conflict({ result: submission.reply({ fieldErrors: { [spec.uniqueField]: [finErr.taken] } }) } satisfies InlineAnswer);

  const values = spec.values(input);
  const name = spec.store.label({ ...(current ?? {}), ...values } as T["$inferSelect"]);
  if (!id) {
    const created = await createRecord(scope, spec.store, values);
    if (!created.ok) return taken();
    return redirectWithToast(spec.listPath, { title: "financeSettings.saved", values: { name } });
  }
  const updated = await updateRecord(scope, spec.store, id, Number(input.version ?? 0), values);
  if (!updated.ok) {
    if (updated.reason === "unique") return taken();
    if (updated.reason === "notFound" || !updated.current) throw notFound();
    const stored = updated.current;
    return conflict({
      result: submission.reply(),
      stale: { version: (stored as { version: number }).version, differences: differences(spec.display(stored), spec.display({ ...stored, ...values } as T["$inferSelect"])) },
      toast: { title: "financeSettings.stale", variant: "destructive" },
    } satisfies InlineAnswer);
  }
  return redirectWithToast(spec.listPath, { title: "financeSettings.saved", values: { name } });
}
