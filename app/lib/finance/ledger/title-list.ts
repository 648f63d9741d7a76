/**
 * The receivables / payables list's URL state (kit/list.ts) plus its own
 * filters: status (overdue and pending are derived), due-date range, party
 * ("kind:id"), category and account. Anything malformed is dropped. Pure.
 */
import type { TitleDirection, TitlePartyKind } from "~/db/schema/finance";
import { TITLE_PARTY_KINDS } from "~/db/schema/finance";
import { parseListQuery, type ListQuery, type ListSpec } from "~/lib/kit/list";
import { parseCalendarDate } from "~/lib/platform/time-zone";

export const TITLE_FILTER_STATUSES = ["pending", "overdue", "open", "partial", "paid", "cancelled"] as const;
export type TitleFilterStatus = (typeof TITLE_FILTER_STATUSES)[number];

/**
 * "queue", the default: what to act on first — open and partial titles by due date
 * (the overdue ones at the top), then the paid and the cancelled ones, most
 * recent first (finance_title.queue_key). The column headers sort by due date,
 * amount or creation.
 */
export type TitleSort = "queue" | "dueDate" | "amount" | "createdAt";

export const titleListSpec: ListSpec<TitleSort, "status"> = {
  sorts: ["queue", "dueDate", "amount", "createdAt"],
  defaultSort: "queue",
  defaultDir: "asc",
  filters: { status: TITLE_FILTER_STATUSES },
};

export type TitleListFilter = {
  status?: TitleFilterStatus;
  dueFrom?: string;
  dueTo?: string;
  party?: { kind: TitlePartyKind; id: string };
  category?: string;
  account?: string;
};

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The extra filters, validated, as strings (they ride along in ListQuery.filters so the kit keeps them in links). */
export function parseTitleQuery(params: URLSearchParams) {
  const query = parseListQuery(params, titleListSpec) as ListQuery<TitleSort, string>;
  const filter: TitleListFilter = {};
  if (query.filters.status) filter.status = query.filters.status as TitleFilterStatus;
  const from = parseCalendarDate(params.get("dueFrom"));
  const to = parseCalendarDate(params.get("dueTo"));
  if (from) filter.dueFrom = query.filters.dueFrom = from;
  if (to) filter.dueTo = query.filters.dueTo = to;
  const party = params.get("party") ?? "";
  const [kind, id] = party.split(":");
  if (kind && id && (TITLE_PARTY_KINDS as readonly string[]).includes(kind) && ID.test(id)) {
    filter.party = { kind: kind as TitlePartyKind, id };
    query.filters.party = party;
  }
  for (const key of ["category", "account"] as const) {
    const value = params.get(key);
    if (value && ID.test(value)) filter[key] = query.filters[key] = value;
  }
  return { query, filter };
}

/** The URL segment of each direction's screens. */
export const DIRECTION_PATH: Record<TitleDirection, string> = {
  receivable: "/financeiro/contas-a-receber",
  payable: "/financeiro/contas-a-pagar",
};
