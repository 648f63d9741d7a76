/**
 * The audit log's URL state (pure, shared by the loader and the screen): the
 * filters (user, entity, a range of days in the agency's time zone) and the
 * keyset page, newest first.
 */
import { parseListQuery, type ListQuery, type ListSpec } from "~/lib/kit/list";
import { parseCalendarDate } from "~/lib/platform/time-zone";

/** Newest first, 50 a page unless the URL asks for another size. */
export const AUDIT_LIST = { sorts: ["created"], defaultSort: "created", defaultDir: "desc" } as const satisfies ListSpec<"created", never>;
export const AUDIT_PAGE_SIZE = 50;

export type AuditFilters = {
  user: string;
  entity: string;
  from: string | null;
  to: string | null;
  /** The end date was before the start date: the range is ignored. */
  rangeError: boolean;
};
export type AuditQuery = AuditFilters & { list: ListQuery<"created", never> };

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const ENTITY = /^[a-z][a-z0-9_]{0,63}$/;

/** The filters and the page from the URL; anything malformed is dropped, never an error. */
export function parseAuditQuery(params: URLSearchParams): AuditQuery {
  const userId = params.get("user") ?? "";
  const entity = params.get("entity") ?? "";
  let from = parseCalendarDate(params.get("from"));
  let to = parseCalendarDate(params.get("to"));
  const rangeError = !!from && !!to && from > to;
  if (rangeError) from = to = null;
  const list = parseListQuery(params, AUDIT_LIST);
  if (!params.has("size")) list.size = AUDIT_PAGE_SIZE;
  return { user: ID.test(userId) ? userId : "", entity: ENTITY.test(entity) ? entity : "", from, to, rangeError, list };
}

/** The filters as search params (the pager keeps them). */
export const auditFilterParams = (q: AuditFilters) => ({ user: q.user || null, entity: q.entity || null, from: q.from, to: q.to });

export type AuditRow = {
  id: string;
  createdAt: string;
  userId: string | null;
  who: string | null;
  whoEmail: string | null;
  entity: string;
  entityId: string;
  /** A name for the record when the entity is known (a user, an invitation). */
  target: string | null;
  action: "create" | "update" | "delete" | "restore";
  changes: Record<string, [unknown, unknown]> | null;
};

