/**
 * The record kit's screen loader, the same for every module's record screen:
 * novo (an empty form) or editar/:id (the agency's live record as the form
 * shows it, its history page, whether the viewer may delete it; 404 for an
 * unknown id or another agency's). The route passes the Scope and the texts:
 *
 *   export const loader = ({ context, request, params }: Route.LoaderArgs) =>
 *     recordLoader(clientSpec, requireScope(context, request), request, params, {
 *       toForm: clientFormValues,
 *       empty: CLIENT_EMPTY,
 *       newTitle: getI18n(context).t("registers.clients.new"),
 *     });
 *
 * `extra(row)` adds a screen's own data (null on novo): options, a cover URL...
 */
import type { Role } from "~/db/schema/platform";
import { notFound } from "~/lib/platform/http";
import type { Scope } from "~/lib/platform/scope.server";
import { findRecord, historyFromUrl, type HistoryPage, type RecordStore, type RecordTable } from "~/lib/kit/record.server";

/** What every record screen's loader gives its page (RecordPage reads these). */
export type RecordScreenData<V> = {
  mode: "new" | "edit";
  values: V;
  version: number;
  /** The record's label ("" on novo). */
  name: string;
  history: HistoryPage | null;
  canDelete: boolean;
  timeZone: string;
  documentTitle: string;
};

export type RecordScreen<Row, V, E extends object> = {
  /** A stored row as the form shows it. */
  toForm: (row: Row) => V;
  /** The values of an empty form (novo). */
  empty: V;
  /** The document title of novo (an edit screen's is the record's label). */
  newTitle: string;
  /** The screen's own data, given the row (null on novo). */
  extra?: (row: Row | null) => E | Promise<E>;
};

export async function recordLoader<T extends RecordTable, V, E extends object = Record<never, never>>(
  spec: { store: RecordStore<T>; canDelete: (role: Role) => boolean },
  scope: Scope,
  request: Request,
  params: { id?: string },
  screen: RecordScreen<T["$inferSelect"], V, E>,
): Promise<RecordScreenData<V> & E> {
  const base = { timeZone: scope.timeZone };
  if (!params.id) {
    const extra = (await screen.extra?.(null)) ?? ({} as E);
    return { ...base, mode: "new", values: screen.empty, version: 0, name: "", history: null, canDelete: false, documentTitle: screen.newTitle, ...extra };
  }
  const row = await findRecord(scope, spec.store, params.id);
  if (!row) throw notFound();
  const { store } = spec;
  const [history, extra] = await Promise.all([historyFromUrl(scope, store.entity, params.id, new URL(request.url)), screen.extra?.(row)]);
  const name = store.label(row);
  return {
    ...base,
    mode: "edit",
    values: screen.toForm(row),
    version: (row as { version: number }).version,
    name,
    history,
    canDelete: spec.canDelete(scope.role),
    documentTitle: name,
    ...((extra ?? {}) as E),
  };
}
