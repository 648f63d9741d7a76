/**
 * The receivables / payables lists (docs/decisions/0010-finance-totals.md):
 * - the page: keyset through the kit, uncounted, reading the titles it shows and
 *   their parties' names (categories come from the chart the filters load anyway),
 *   in the queue order by default (open and partial by due date, overdue first;
 *   by due date within a due-date range);
 * - the totals of the filtered set (count, open, overdue, paid — per currency), in
 *   a request of their own: from the trigger-kept finance_title_total when only
 *   status and due-date filters apply (a few hundred rows), from
 *   finance_title_category_total when a category is added, from the titles
 *   otherwise (party, account, search). All give the same figures.
 */
import { and, eq, gte, inArray, lt, lte, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { agent, chartAccount, client, financeEntry, financeTitle, financeTitleCategoryTotal, financeTitleTotal, provider, supplier } from "~/db/schema";
import { TITLE_STATUSES, type TitleDirection, type TitlePartyKind, type TitleStatus } from "~/db/schema/finance";
import { ensureFinanceDefaults } from "~/lib/finance/defaults.server";
import { parseTitleQuery, type TitleFilterStatus, type TitleListFilter, type TitleSort } from "~/lib/finance/ledger/title-list";
import { accountChoices, categoryChoices, partyName, type PARTY_TABLES } from "~/lib/finance/ledger/titles.server";
import type { ListQuery } from "~/lib/kit/list";
import { runList, searchWhere, type ListSource } from "~/lib/kit/list.server";
import type { Scope } from "~/lib/platform/scope.server";
import { todayIn } from "~/lib/platform/time-zone";

export type { TitleSort } from "~/lib/finance/ledger/title-list";

/**
 * queue_key is never NULL (status and due_date are not), but as a generated
 * column drizzle does not know it: told so, the kit pages it backwards with a
 * plain row-value bound, without the "or queue_key is null" branch that would
 * defeat the index (a previous page would read every row after it).
 */
const queueKey = new Proxy(financeTitle.queueKey, { get: (target, prop) => (prop === "notNull" ? true : Reflect.get(target, prop, target)) });

const sortColumnOf = (sort: TitleSort) =>
  ({ queue: queueKey, dueDate: financeTitle.dueDate, amount: financeTitle.amountCents, createdAt: financeTitle.createdAt })[sort];

/**
 * The order a page is read in. The whole queue within a due-date range is by due
 * date: the queue key cannot range on the due day across its status groups (paid
 * and cancelled titles count it backwards), so a month of the queue would read
 * every title of the month, while (agency, direction, due_date, id) seeks straight
 * to the page. With a status the queue stays: within one group the due-date range
 * is a range of the queue key (titleFilterWhere).
 */
export const pageSort = (sort: TitleSort, filter: TitleListFilter): TitleSort => (sort === "queue" && !filter.status && (filter.dueFrom || filter.dueTo) ? "dueDate" : sort);

/**
 * Which end of a due-date range a page's cursor already bounds: with the rows by
 * due date, a cursor's row-value comparison is where the index seek starts (the
 * lower end scanning ascending, the upper one descending), and the range's own
 * bound on that side must not compete with it (SQLite would seek from the start
 * of the range and read every row before the cursor).
 */
export type CursorSide = "lower" | "upper" | null;
export const cursorSideOf = (query: Pick<ListQuery<TitleSort, string>, "dir" | "after" | "before">): CursorSide => {
  if (!query.after && !query.before) return null;
  const scan = query.before ? (query.dir === "asc" ? "desc" : "asc") : query.dir;
  return scan === "asc" ? "lower" : "upper";
};

/** The list's rows (uncounted: the count comes with the totals). */
export function titleListSource(scope: Scope, direction: TitleDirection, filter: TitleListFilter, sort: TitleSort = "queue", cursorSide: CursorSide = null): ListSource<TitleSort, never> {
  const effective = pageSort(sort, filter);
  return {
    table: financeTitle,
    sortColumns: { queue: sortColumnOf(pageSort("queue", filter)), dueDate: financeTitle.dueDate, amount: financeTitle.amountCents, createdAt: financeTitle.createdAt },
    scope: (agencyId) => [eq(financeTitle.agencyId, agencyId!), eq(financeTitle.direction, direction)],
    search: financeTitle.searchText,
    filterWhere: () => titleFilterWhere(scope, filter, effective, cursorSide),
    count: false,
  };
}

/** The statuses a status filter stands for (overdue: open or partial, due before today). */
export function statusesOf(status: TitleFilterStatus | undefined): TitleStatus[] {
  if (status === undefined) return [...TITLE_STATUSES];
  if (status === "pending" || status === "overdue") return ["open", "partial"];
  return [status];
}

/** 99991231 − the day as YYYYMMDD, 8 digits: how queue_key counts a paid or cancelled title's due day (most recent first). */
const queueDay = (day: string) => String(99991231 - Number(day.replaceAll("-", ""))).padStart(8, "0");

/**
 * The filter's conditions on finance_title. In the queue order a status also
 * bounds queue_key (its first character is the status group, then the due day,
 * counted backwards for paid and cancelled titles), and so does a due-date range
 * within a status, so the page seeks straight to its rows on the queue index.
 * `cursorSide`: the bound of the sort column a page's cursor already gives is
 * written with a unary + (it still filters, but is no index bound), or SQLite
 * would seek from the range's start and read every row before the cursor.
 */
export function titleFilterWhere(scope: Scope, filter: TitleListFilter, sort: TitleSort = "dueDate", cursorSide: CursorSide = null): SQL[] {
  const today = todayIn(scope.timeZone);
  const out: SQL[] = [];
  const bound = (column: SQLiteColumn, sortColumn: boolean, op: ">=" | "<=" | "<", value: string) => {
    const side: CursorSide = op === ">=" ? "lower" : "upper";
    return sortColumn && side === cursorSide ? sql`+${column} ${sql.raw(op)} ${value}` : sql`${column} ${sql.raw(op)} ${value}`;
  };
  const statuses = statusesOf(filter.status);
  if (filter.status) out.push(statuses.length === 1 ? eq(financeTitle.status, statuses[0]!) : inArray(financeTitle.status, statuses));
  if (filter.status === "overdue") out.push(lt(financeTitle.dueDate, today));
  if (sort === "queue" && filter.status) {
    const q = (op: ">=" | "<=" | "<", value: string) => out.push(bound(financeTitle.queueKey, true, op, value));
    if (filter.status === "paid" || filter.status === "cancelled") {
      const group = filter.status === "paid" ? "1" : "2";
      q(">=", filter.dueTo ? `${group}${queueDay(filter.dueTo)}` : group);
      if (filter.dueFrom) q("<=", `${group}${queueDay(filter.dueFrom)}`);
      else if (group === "1") q("<", "2");
    } else {
      if (filter.dueFrom) q(">=", `0${filter.dueFrom}`);
      if (filter.dueTo && (filter.status !== "overdue" || filter.dueTo < today)) q("<=", `0${filter.dueTo}`);
      else q("<", filter.status === "overdue" ? `0${today}` : "1");
    }
  }
  const onDue = sort === "dueDate";
  if (filter.dueFrom) out.push(bound(financeTitle.dueDate, onDue, ">=", filter.dueFrom));
  if (filter.dueTo) out.push(bound(financeTitle.dueDate, onDue, "<=", filter.dueTo));
  if (filter.party) out.push(eq(financeTitle.partyKind, filter.party.kind), eq(financeTitle.partyId, filter.party.id));
  if (filter.category) out.push(eq(financeTitle.categoryId, filter.category));
  if (filter.account) {
    out.push(
      sql`exists (select 1 from ${financeEntry} where ${financeEntry.agencyId} = ${scope.agencyId} and ${financeEntry.titleId} = ${financeTitle.id} and ${financeEntry.bankAccountId} = ${filter.account})`,
    );
  }
  return out;
}

export type TitleListRow = {
  id: string;
  sortValue: string | number | null;
  description: string;
  documentNumber: string | null;
  partyKind: TitlePartyKind;
  partyId: string;
  partyName: string | null;
  categoryId: string;
  categoryName: string | null;
  dueDate: string;
  competenceDate: string;
  amountCents: number;
  paidCents: number;
  currency: string;
  status: TitleStatus;
  installmentNo: number;
  installmentCount: number;
  version: number;
};

/**
 * The select of a list page (or an export batch): the rows with their party's
 * name; with `category: "join"` also the category's name (the export), else the
 * caller names categories from the chart it has loaded (the page: one row read
 * less per title).
 */
export function titleSelect(scope: Scope, sort: TitleSort, category: "join" | "none" = "join") {
  const { db, agencyId } = scope;
  const sortColumn = sortColumnOf(sort);
  const name = (table: (typeof PARTY_TABLES)[TitlePartyKind], kind: TitlePartyKind) =>
    sql<string | null>`(select ${table.name} from ${table} where ${table.agencyId} = ${agencyId} and ${table.id} = ${financeTitle.partyId} and ${financeTitle.partyKind} = ${kind})`;
  const partyNameSql = sql<string | null>`case ${financeTitle.partyKind} when 'client' then ${name(client, "client")} when 'supplier' then ${name(supplier, "supplier")} when 'provider' then ${name(provider, "provider")} when 'agent' then ${name(agent, "agent")} end`;
  const columns = {
    id: financeTitle.id,
    sortValue: sql<string | number | null>`${sortColumn}`,
    description: financeTitle.description,
    documentNumber: financeTitle.documentNumber,
    partyKind: financeTitle.partyKind,
    partyId: financeTitle.partyId,
    partyName: partyNameSql,
    categoryId: financeTitle.categoryId,
    dueDate: financeTitle.dueDate,
    competenceDate: financeTitle.competenceDate,
    amountCents: financeTitle.amountCents,
    paidCents: financeTitle.paidCents,
    currency: financeTitle.currency,
    status: financeTitle.status,
    installmentNo: financeTitle.installmentNo,
    installmentCount: financeTitle.installmentCount,
    version: financeTitle.version,
  };
  return async (where: SQL, order: SQL[], limit: number): Promise<TitleListRow[]> => {
    if (category === "none") {
      const rows = await db
        .select(columns)
        .from(financeTitle)
        .where(where)
        .orderBy(...order)
        .limit(limit);
      return rows.map((r) => ({ ...r, categoryName: null }));
    }
    return db
      .select({ ...columns, categoryName: chartAccount.name })
      .from(financeTitle)
      .leftJoin(chartAccount, and(eq(chartAccount.id, financeTitle.categoryId), eq(chartAccount.agencyId, agencyId)))
      .where(where)
      .orderBy(...order)
      .limit(limit);
  };
}

// ---------------------------------------------------------------------------
// Totals

export type CurrencyTotals = { currency: string; titles: number; openCents: number; overdueCents: number; paidCents: number };
/** The filtered set's totals: how many titles, and per currency what is open, overdue and paid on them. */
export type TitleTotals = { titles: number; currencies: CurrencyTotals[]; from: "aggregate" | "titles" };

/**
 * Whether the trigger-kept totals can answer the filter: status, due dates and a
 * category (finance_title_category_total); a party, an account or a search sums
 * the titles.
 */
export const aggregateAnswers = (filter: TitleListFilter, q: string) => !q && !filter.party && !filter.account;

type SumRow = { currency: string; titles: number | null; open: number | null; overdue: number | null; paid: number | null };
const toTotals = (rows: SumRow[], from: TitleTotals["from"]): TitleTotals => {
  const currencies = rows
    .map((r) => ({ currency: r.currency, titles: Number(r.titles ?? 0), openCents: Number(r.open ?? 0), overdueCents: Number(r.overdue ?? 0), paidCents: Number(r.paid ?? 0) }))
    .filter((c) => c.titles > 0);
  return { titles: currencies.reduce((n, c) => n + c.titles, 0), currencies, from };
};

/**
 * The totals summed from finance_title_total (status and due-date filters only).
 * The rows are summed here, not by a GROUP BY: SQLite would copy every row into a
 * temporary b-tree first and D1 would count each one twice.
 */
export async function titleTotalsFromAggregate(scope: Scope, direction: TitleDirection, filter: TitleListFilter): Promise<TitleTotals> {
  const { db, agencyId } = scope;
  const today = todayIn(scope.timeZone);
  const conditions = (t: typeof financeTitleTotal | typeof financeTitleCategoryTotal) => [
    eq(t.agencyId, agencyId),
    eq(t.direction, direction),
    // Always the statuses (all four without a filter): one index seek per status.
    inArray(t.status, statusesOf(filter.status)),
    filter.status === "overdue" ? lt(t.dueDate, today) : undefined,
    filter.dueFrom ? gte(t.dueDate, filter.dueFrom) : undefined,
    filter.dueTo ? lte(t.dueDate, filter.dueTo) : undefined,
  ];
  const columns = (t: typeof financeTitleTotal | typeof financeTitleCategoryTotal) => ({
    currency: t.currency,
    status: t.status,
    dueDate: t.dueDate,
    titles: t.titles,
    amountCents: t.amountCents,
    paidCents: t.paidCents,
  });
  const c = financeTitleCategoryTotal;
  const rows = filter.category
    ? await db
        .select(columns(c))
        .from(c)
        .where(and(eq(c.categoryId, filter.category), ...conditions(c)))
    : await db
        .select(columns(financeTitleTotal))
        .from(financeTitleTotal)
        .where(and(...conditions(financeTitleTotal)));
  const sums = new Map<string, SumRow & { titles: number; open: number; overdue: number; paid: number }>();
  for (const r of rows) {
    const sum = sums.get(r.currency) ?? { currency: r.currency, titles: 0, open: 0, overdue: 0, paid: 0 };
    sum.titles += r.titles;
    sum.paid += r.paidCents;
    if (r.status === "open" || r.status === "partial") {
      sum.open += r.amountCents - r.paidCents;
      if (r.dueDate < today) sum.overdue += r.amountCents - r.paidCents;
    }
    sums.set(r.currency, sum);
  }
  return toTotals([...sums.values()].sort((a, b) => (a.currency < b.currency ? -1 : 1)), "aggregate");
}

/** The same totals summed over the matching titles (any filter, a search included). */
export async function titleTotalsFromTitles(scope: Scope, direction: TitleDirection, filter: TitleListFilter, q: string): Promise<TitleTotals> {
  const { db, agencyId } = scope;
  const today = todayIn(scope.timeZone);
  const t = financeTitle;
  const pending = sql`${t.status} in ('open', 'partial')`;
  const rows = await db
    .select({
      currency: t.currency,
      titles: sql<number>`count(*)`,
      open: sql<number>`sum(case when ${pending} then ${t.amountCents} - ${t.paidCents} else 0 end)`,
      overdue: sql<number>`sum(case when ${pending} and ${t.dueDate} < ${today} then ${t.amountCents} - ${t.paidCents} else 0 end)`,
      paid: sql<number>`sum(${t.paidCents})`,
    })
    .from(t)
    .where(and(eq(t.agencyId, agencyId), eq(t.direction, direction), ...titleFilterWhere(scope, filter), ...(q ? searchWhere(t.searchText, q) : [])))
    .groupBy(t.currency)
    .orderBy(t.currency);
  return toTotals(rows, "titles");
}

/** The totals of the filtered set, the cheap way the filter allows. */
export function titleTotals(scope: Scope, direction: TitleDirection, filter: TitleListFilter, q: string): Promise<TitleTotals> {
  return aggregateAnswers(filter, q) ? titleTotalsFromAggregate(scope, direction, filter) : titleTotalsFromTitles(scope, direction, filter, q);
}

// ---------------------------------------------------------------------------
// The page

/**
 * What the list screen's loader reads: the page of titles (named), the chart and
 * the accounts for the filters and the settle-selected form, the filtered party's
 * name, and the totals only when asked (`withTotals`: the page without
 * JavaScript; with it the screen fetches them from …/totais after render).
 */
export async function titleListPage(scope: Scope, direction: TitleDirection, params: URLSearchParams, withTotals: boolean) {
  const { db, agencyId } = scope;
  await ensureFinanceDefaults(db, agencyId);
  const { query, filter } = parseTitleQuery(params);
  const [list, categories, accounts, party, totals] = await Promise.all([
    runList(scope, titleListSource(scope, direction, filter, query.sort, cursorSideOf(query)), query, titleSelect(scope, pageSort(query.sort, filter), "none")),
    categoryChoices(db, agencyId),
    accountChoices(db, agencyId),
    filter.party ? partyName(db, agencyId, filter.party.kind, filter.party.id) : Promise.resolve(null),
    withTotals ? titleTotals(scope, direction, filter, query.q) : Promise.resolve(null),
  ]);
  const categoryName = new Map(categories.map((c) => [c.id, c.name]));
  return {
    query,
    filter,
    rows: list.rows.map((r) => ({ ...r, categoryName: categoryName.get(r.categoryId) ?? null })),
    page: list.page,
    categories,
    accounts,
    party: filter.party && party ? { ...filter.party, name: party } : null,
    totals,
  };
}
