/**
 * The one list pattern (every module's lists): the list's state lives in the URL
 * so that a list can be bookmarked and shared —
 *   q       search text (accent- and case-insensitive, see search-text.ts)
 *   sort    a column key the list declares sortable; dir = asc | desc
 *   size    page size, one of PAGE_SIZES
 *   after / before   keyset cursors (the last / first row of the page seen)
 *   <filter keys>    the list's own filters, each an allowed value
 * Anything malformed is dropped, never an error: a hand-edited URL shows the
 * default list instead of a 500. Pure; shared by loaders and components.
 */

export const PAGE_SIZES = [25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;
export const QUERY_MAX_LENGTH = 100;

export type SortDir = "asc" | "desc";

/** What a list declares: its sortable columns, default sort and filters with their allowed values. */
export type ListSpec<S extends string = string, F extends string = string> = {
  sorts: readonly S[];
  defaultSort: S;
  defaultDir?: SortDir;
  /** Filter key → allowed values, or a test of a value (a date, an id); a value that fails is dropped. */
  filters?: Readonly<Record<F, readonly string[] | ((value: string) => boolean)>>;
};

/** A keyset cursor: the sort value and id of a row at the edge of a page. */
export type Cursor = { v: string | number | null; id: string };

export type ListQuery<S extends string = string, F extends string = string> = {
  q: string;
  sort: S;
  dir: SortDir;
  size: PageSize;
  filters: Partial<Record<F, string>>;
  after: Cursor | null;
  before: Cursor | null;
};

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** base64url of JSON [value, id]. */
export function encodeCursor(cursor: Cursor): string {
  const json = JSON.stringify([cursor.v, cursor.id]);
  const bytes = new TextEncoder().encode(json);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function decodeCursor(value: string | null | undefined): Cursor | null {
  if (!value || value.length > 2400 || !/^[A-Za-z0-9_-]+$/.test(value)) return null;
  try {
    const binary = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
    const json = new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const parsed: unknown = JSON.parse(json);
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [v, id] = parsed as [unknown, unknown];
    if (typeof id !== "string" || !ID.test(id)) return null;
    if (v !== null && typeof v !== "string" && !(typeof v === "number" && Number.isFinite(v))) return null;
    if (typeof v === "string" && v.length > 1500) return null;
    return { v, id };
  } catch {
    return null;
  }
}

export function parseListQuery<S extends string, F extends string>(params: URLSearchParams, spec: ListSpec<S, F>): ListQuery<S, F> {
  const q = (params.get("q") ?? "").trim().replace(/\s+/g, " ").slice(0, QUERY_MAX_LENGTH);
  const sortParam = params.get("sort");
  const sort = spec.sorts.includes(sortParam as S) ? (sortParam as S) : spec.defaultSort;
  const dirParam = params.get("dir");
  const dir: SortDir = dirParam === "asc" || dirParam === "desc" ? dirParam : (spec.defaultDir ?? "asc");
  const sizeParam = Number(params.get("size"));
  const size = (PAGE_SIZES as readonly number[]).includes(sizeParam) ? (sizeParam as PageSize) : DEFAULT_PAGE_SIZE;
  const filters: Partial<Record<F, string>> = {};
  for (const [key, allowed] of Object.entries(spec.filters ?? {}) as [F, readonly string[] | ((value: string) => boolean)][]) {
    const value = params.get(key);
    if (value && value.length <= QUERY_MAX_LENGTH && (typeof allowed === "function" ? allowed(value) : allowed.includes(value))) filters[key] = value;
  }
  const after = decodeCursor(params.get("after"));
  const before = after ? null : decodeCursor(params.get("before"));
  return { q, sort, dir, size, filters, after, before };
}

/** Whether the list is narrowed (search or a filter): totals then need counting. */
export const isFiltered = (query: ListQuery) => query.q.length > 0 || Object.keys(query.filters).length > 0;

/**
 * The search params of a list state, without defaults (short, stable URLs);
 * `changes` override the current state, and any change other than a cursor goes
 * back to the first page.
 */
export function listParams(
  query: ListQuery,
  spec: ListSpec,
  changes: Partial<{ q: string; sort: string; dir: SortDir; size: number; filters: Record<string, string | null>; after: string | null; before: string | null }> = {},
): URLSearchParams {
  const p = new URLSearchParams();
  const q = changes.q ?? query.q;
  if (q) p.set("q", q);
  const filters = { ...query.filters, ...changes.filters };
  for (const [key, value] of Object.entries(filters)) if (value) p.set(key, value);
  const sort = changes.sort ?? query.sort;
  const dir = changes.dir ?? query.dir;
  if (sort !== spec.defaultSort || dir !== (spec.defaultDir ?? "asc")) {
    p.set("sort", sort);
    p.set("dir", dir);
  }
  const size = changes.size ?? query.size;
  if (size !== DEFAULT_PAGE_SIZE) p.set("size", String(size));
  if (changes.after) p.set("after", changes.after);
  else if (changes.before) p.set("before", changes.before);
  return p;
}

/** `?…` or "." (the list itself) for a Link. */
export const toSearch = (params: URLSearchParams) => {
  const s = params.toString();
  return s ? `?${s}` : "?";
};

/** What a list loader returns about its page (besides the rows). */
export type PageInfo = {
  /** Rows in the whole list (all pages); `totalCapped` when it is a lower bound. */
  total: number;
  totalCapped: boolean;
  /** The list does not count with its page (ListSource `count: false`): `total` is 0 and the screen shows its count from elsewhere. */
  uncounted?: boolean;
  /** Cursors of the next / previous page, null at the ends. */
  next: string | null;
  prev: string | null;
};

/** Counting stops here for filtered lists ("10 000+"). */
export const COUNT_CAP = 10_000;
