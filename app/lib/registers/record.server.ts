/**
 * The shared steps of a register's edit screen and action: reading the id, the
 * history, the delete intent (role, references, soft delete, redirect with a
 * toast), and the answers for stale, duplicate and invalid saves. Each register
 * route keeps only its schema, its fields and its duplicate rule.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import type { Role } from "../../../db/schema/platform";
import { clientIp } from "../audit.server";
import { redirectWithToast } from "../flash.server";
import type { Db } from "../db.server";
import type { ToastMessage } from "../toast";
import { recordHistory, softDelete, type RegisterTable, type WriteContext } from "./crud.server";
import { canManageRegisters } from "./roles";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

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
