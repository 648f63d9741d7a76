/**
 * The shared steps of a register's edit screen and action: reading the id, the
 * history, the delete intent (role, references, soft delete, redirect with a
 * toast), and the answers for stale, duplicate and invalid saves. Each register
 * route keeps only its schema, its fields and its duplicate rule.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import type { Role } from "~/db/schema/platform";
import { clientIp } from "~/lib/platform/audit.server";
import { redirectWithToast } from "~/lib/platform/flash.server";
import type { Db } from "~/lib/platform/db.server";
import type { ToastMessage } from "~/lib/platform/toast";
import { createRecord, findLive, recordHistory, softDelete, updateRecord, type RegisterTable, type WriteContext } from "~/lib/kit/record.server";
import { canManageRegisters } from "~/lib/registers/roles";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { newId } from "~/db/schema/columns";
import { malformed, parseForm } from "~/lib/kit/forms";
import { getDb } from "~/middleware/cloudflare";
import { requireAgency } from "~/middleware/session";

export function writeContext(db: Db, viewer: { userId: string; agency: { id: string } }, request: Request): WriteContext {
  return { db, agencyId: viewer.agency.id, userId: viewer.userId, ip: clientIp(request) };
}

export const notFound = () => new Response("Not found", { status: 404 });

/** The record's history for its edit screen (?historico=<createdAt>~<id> pages back). */
export function historyFor(db: Db, agencyId: string, entity: string, id: string, url: URL) {
  const raw = url.searchParams.get("historico");
  const [createdAt, entryId] = raw?.split("~") ?? [];
  const before =
    createdAt && entryId && /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(createdAt) && /^[A-Za-z0-9_-]{1,64}$/.test(entryId) ? { createdAt, id: entryId } : null;
  return recordHistory(db, agencyId, entity, id, before);
}

/** The delete intent of an edit screen: Admins only, refused while referenced. */
export async function deleteIntent(
  ctx: WriteContext,
  role: Role,
  table: RegisterTable & { name: SQLiteColumn },
  entity: string,
  id: string,
  listPath: string,
) {
  if (!canManageRegisters(role)) {
    return data({ deleteError: "registers.delete.forbidden" as const, toast: { title: "registers.delete.forbidden", variant: "destructive" } satisfies ToastMessage }, { status: 403 });
  }
  const result = await softDelete(ctx, table, entity, id);
  if (!result.ok && result.reason === "notFound") throw notFound();
  if (!result.ok && result.reason === "referenced") {
    return data(
      {
        deleteError: "registers.delete.referenced" as const,
        references: result.references,
        toast: { title: "registers.delete.referenced", variant: "destructive" } satisfies ToastMessage,
      },
      { status: 409 },
    );
  }
  return redirectWithToast(listPath, { title: "registers.delete.done", values: { name: result.ok ? result.name : "" } });
}

/** A duplicate document or e-mail: a field error plus the existing record to link to. */
export function duplicateAnswer(reply: (errors: Record<string, string[]>) => SubmissionResult<string[]>, duplicate: { field: string; id: string; name: string }, href: string) {
  return data(
    {
      result: reply({ [duplicate.field]: [`registers.errors.duplicate.${duplicate.field}`] }),
      duplicate: { field: duplicate.field, name: duplicate.name, href },
    },
    { status: 409 },
  );
}

/** A stale save: nothing written; the user's input stays in the form, the current values come along. */
export function staleAnswer(result: SubmissionResult<string[]>, current: { version: number; differences: { field: string; value: string }[] }) {
  return data({ result, stale: current, toast: { title: "registers.stale.title", variant: "destructive" } satisfies ToastMessage }, { status: 409 });
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

// ---------------------------------------------------------------------------
// The save action every record form shares

/** What a register's form action needs to know about it. */
export type RecordSpec<Row extends { version: number }, Input extends { name: string }> = {
  table: RegisterTable & { name: SQLiteColumn };
  entity: string;
  /** The list's path; records live at `${listPath}/editar/:id`. */
  listPath: string;
  /** The novo and editar schemas (editar adds `version`). */
  schemas: { create: z.ZodType; edit: z.ZodType };
  /** The stored columns of a validated input (search_text included). */
  values: (input: Input) => Record<string, unknown>;
  /** A row as the user reads it, field by field (the stale-save notice compares these). */
  display: (row: Row) => Record<string, string> | Promise<Record<string, string>>;
  /** Another live record with the same document / e-mail / linked user. */
  duplicate?: (ctx: WriteContext, input: Input, exceptId: string | undefined) => Promise<Duplicate | null>;
  /** Checks that need the database (a linked user of the agency...): field errors, or null. */
  check?: (ctx: WriteContext, input: Input, current: Row | null) => Promise<Record<string, string[]> | null>;
};

export type Duplicate = { field: string; id: string; name: string };

type ActionArgs = { context: Readonly<RouterContextProvider>; request: Request; params: { id?: string } };

/**
 * A record form's action: delete (intent=delete) or save. Save parses with the
 * form's schema (400 with the typed input kept), runs the register's checks and
 * duplicate rule (409 naming the existing record), then creates (redirect to the
 * edit screen with a toast) or updates with the version check (409 with the
 * current values when stale). Another agency's or an unknown id is a 404.
 * `intents` handles a screen's own extra intents first (a cover upload...).
 */
export async function recordAction<Row extends { version: number }, Input extends { name: string }>(
  spec: RecordSpec<Row, Input>,
  { context, request, params }: ActionArgs,
  intents?: (intent: FormDataEntryValue | null, formData: FormData, ctx: WriteContext) => Promise<unknown>,
) {
  const viewer = requireAgency(context, request);
  const db = getDb(context);
  const ctx = writeContext(db, viewer, request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const editHref = (id: string) => `${spec.listPath}/editar/${id}`;

  if (params.id && intent === "delete") return deleteIntent(ctx, viewer.role, spec.table, spec.entity, params.id, spec.listPath);
  if (params.id && intents) {
    const answered = await intents(intent, formData, ctx);
    if (answered !== undefined) return answered;
  }
  const current = params.id ? ((await findLive(db, spec.table, viewer.agency.id, params.id)) as Row | null) : null;
  if (params.id && !current) throw notFound();

  const submission = parseForm(formData, params.id ? spec.schemas.edit : spec.schemas.create);
  if (!submission) return malformed();
  // Adding or removing a repeatable row without JavaScript comes back as the form's new state.
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: submission.status === "error" ? 400 : 200 });
  const input = submission.value as Input & { version?: number };
  const fieldErrors = await spec.check?.(ctx, input, current);
  if (fieldErrors) return data({ result: submission.reply({ fieldErrors }) }, { status: 400 });
  const duplicateOf = async () => (spec.duplicate ? spec.duplicate(ctx, input, params.id) : null);
  const found = await duplicateOf();
  if (found) return duplicateAnswer((errors) => submission.reply({ fieldErrors: errors }), found, editHref(found.id));
  // A unique index refused the write: someone saved the same value in the meantime.
  const uniqueAnswer = async () => {
    const again = await duplicateOf();
    if (again) return duplicateAnswer((errors) => submission.reply({ fieldErrors: errors }), again, editHref(again.id));
    return data({ result: submission.reply({ formErrors: ["registers.errors.taken"] }) }, { status: 409 });
  };

  const values = spec.values(input);
  if (!params.id) {
    const created = await createRecord(ctx, spec.table, spec.entity, newId(), values);
    if (!created.ok) return uniqueAnswer();
    return redirectWithToast(editHref(created.id), { title: "registers.saved", values: { name: input.name } });
  }
  const result = await updateRecord(ctx, spec.table, spec.entity, params.id, Number(input.version ?? 0), values);
  if (!result.ok) {
    if (result.reason === "notFound") throw notFound();
    if (result.reason === "unique") return uniqueAnswer();
    const stored = result.current as Row;
    const [now, submitted] = await Promise.all([spec.display(stored), spec.display({ ...stored, ...values } as Row)]);
    return staleAnswer(submission.reply(), { version: stored.version, differences: differences(now, submitted) });
  }
  return { result: submission.reply({ resetForm: true }), saved: true, toast: { title: "registers.saved", values: { name: input.name } } satisfies ToastMessage };
}
