/**
 * The reports: an account's statement (opening balance, each movement with its
 * origin and the running balance, closing balance) and the DRE (income
 * statement by month, competence basis from titles, cash basis from entries),
 * with the list behind each DRE figure. Every figure is a sum of rows the
 * drill-down lists.
 */
import { and, asc, eq, gte, inArray, isNull, lt, lte, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { bankAccount, chartAccount, financeDreTotal, financeEntry, financeTitle } from "~/db/schema";
import { buildDre, monthsBetween, runningBalance, type DreBasis, type DreCell } from "~/lib/finance/ledger/ledger";
import { DRILL_PAGE_SIZE, STATEMENT_MAX_ROWS } from "~/lib/finance/ledger/report-params";
import { findBankAccount } from "~/lib/finance/ledger/titles.server";
import { BASE_CURRENCY } from "~/lib/finance/fx";
import type { Scope } from "~/lib/platform/scope.server";


export type StatementRow = {
  id: string;
  date: string;
  kind: (typeof financeEntry.$inferSelect)["kind"];
  description: string | null;
  netCents: number;
  /** net_cents in BRL at the entry's rate (decision 0018); null: no rate. */
  amountBrlCents: number | null;
  fxRateE6: number | null;
  principalCents: number;
  interestCents: number;
  fineCents: number;
  discountCents: number;
  feeCents: number;
  titleId: string | null;
  titleDirection: "receivable" | "payable" | null;
  titleDescription: string | null;
  installmentNo: number | null;
  installmentCount: number | null;
  categoryName: string | null;
  counterpartName: string | null;
  reversesId: string | null;
  /** The reversal that undid this entry, if any. */
  reversedBy: string | null;
};

/** The statement of one account for the days `from`..`to`; null when the account is not the agency's. */
export async function accountStatement(scope: Scope, accountId: string, from: string, to: string) {
  const { db, agencyId } = scope;
  const account = await findBankAccount(db, agencyId, accountId);
  if (!account) return null;
  const [before] = await db
    .select({ sum: sql<number>`coalesce(sum(${financeEntry.netCents}), 0)` })
    .from(financeEntry)
    .where(and(eq(financeEntry.agencyId, agencyId), eq(financeEntry.bankAccountId, account.id), lt(financeEntry.date, from)));
  const openingCents = account.openingBalanceCents + Number(before?.sum ?? 0);
  const other = alias(financeEntry, "other");
  const otherAccount = alias(bankAccount, "other_account");
  const reversal = alias(financeEntry, "reversal");
  const found = await db
    .select({
      id: financeEntry.id,
      date: financeEntry.date,
      kind: financeEntry.kind,
      description: financeEntry.description,
      netCents: financeEntry.netCents,
      amountBrlCents: financeEntry.amountBrlCents,
      fxRateE6: financeEntry.fxRateE6,
      principalCents: financeEntry.principalCents,
      interestCents: financeEntry.interestCents,
      fineCents: financeEntry.fineCents,
      discountCents: financeEntry.discountCents,
      feeCents: financeEntry.feeCents,
      titleId: financeEntry.titleId,
      titleDirection: financeTitle.direction,
      titleDescription: financeTitle.description,
      installmentNo: financeTitle.installmentNo,
      installmentCount: financeTitle.installmentCount,
      categoryName: chartAccount.name,
      counterpartName: otherAccount.name,
      reversesId: financeEntry.reversesId,
      reversedBy: reversal.id,
    })
    .from(financeEntry)
    .leftJoin(financeTitle, and(eq(financeTitle.id, financeEntry.titleId), eq(financeTitle.agencyId, agencyId)))
    .leftJoin(chartAccount, and(eq(chartAccount.id, sql`coalesce(${financeEntry.categoryId}, ${financeTitle.categoryId})`), eq(chartAccount.agencyId, agencyId)))
    .leftJoin(other, and(eq(other.agencyId, agencyId), eq(other.transferId, financeEntry.transferId), ne(other.id, financeEntry.id)))
    .leftJoin(otherAccount, and(eq(otherAccount.agencyId, agencyId), eq(otherAccount.id, other.bankAccountId)))
    .leftJoin(reversal, and(eq(reversal.agencyId, agencyId), eq(reversal.reversesId, financeEntry.id)))
    .where(and(eq(financeEntry.agencyId, agencyId), eq(financeEntry.bankAccountId, account.id), gte(financeEntry.date, from), lte(financeEntry.date, to)))
    .orderBy(asc(financeEntry.date), asc(financeEntry.createdAt), asc(financeEntry.id))
    .limit(STATEMENT_MAX_ROWS + 1);
  const cut = found.length > STATEMENT_MAX_ROWS;
  const movements = found.slice(0, STATEMENT_MAX_ROWS) as StatementRow[];
  const { rows, closingCents, inflowCents, outflowCents } = runningBalance(openingCents, movements);
  return { account, from, to, openingCents, rows, closingCents, inflowCents, outflowCents, cut };
}

/**
 * The cells of the DRE for the months `from`..`to` ("YYYY-MM"), from the
 * trigger-kept finance_dre_total (migrations 0017, 0032): one row per account,
 * month and currency, not the titles or entries behind them. A cell is in BRL:
 * the rows of currency 'BRL' hold every title and entry converted at its own
 * rate (amount_brl_cents); a foreign-currency row is what has no rate (written
 * before rates were kept) and is left out, never added to reais
 * (`dreUnconverted` counts it). Rows emptied by cancellations and moves
 * (items = 0) are not cells. The rules (which titles and entries, which date,
 * which sign) are the triggers'; tests/integration/finance-dre-aggregate.test.ts
 * checks them against the titles and entries.
 */
export async function dreCells(scope: Scope, basis: DreBasis, fromMonth: string, toMonth: string): Promise<DreCell[]> {
  const { db, agencyId } = scope;
  const t = financeDreTotal;
  const rows = await db
    .select({ categoryId: t.categoryId, month: t.month, items: t.items, amountCents: t.amountCents })
    .from(t)
    .where(and(eq(t.agencyId, agencyId), eq(t.basis, basis), gte(t.month, fromMonth), lte(t.month, toMonth), eq(t.currency, BASE_CURRENCY)));
  // Summed here, not by GROUP BY (a temporary b-tree D1 would count twice).
  const cells = new Map<string, DreCell & { items: number }>();
  for (const r of rows) {
    const key = `${r.categoryId}|${r.month}`;
    const cell = cells.get(key) ?? { categoryId: r.categoryId, month: r.month, signedCents: 0, items: 0 };
    cell.signedCents += r.amountCents;
    cell.items += r.items;
    cells.set(key, cell);
  }
  return [...cells.values()].filter((c) => c.items !== 0).map(({ categoryId, month, signedCents }) => ({ categoryId, month, signedCents }));
}

/** How many titles (competence) or entries (cash) of the months have no rate, by currency: left out of the BRL figures. */
export async function dreUnconverted(scope: Scope, basis: DreBasis, fromMonth: string, toMonth: string): Promise<{ currency: string; items: number }[]> {
  const t = financeDreTotal;
  const rows = await scope.db
    .select({ currency: t.currency, items: t.items })
    .from(t)
    .where(and(eq(t.agencyId, scope.agencyId), eq(t.basis, basis), gte(t.month, fromMonth), lte(t.month, toMonth), ne(t.currency, BASE_CURRENCY)));
  const by = new Map<string, number>();
  for (const r of rows) by.set(r.currency, (by.get(r.currency) ?? 0) + r.items);
  return [...by].filter(([, items]) => items !== 0).map(([currency, items]) => ({ currency, items }));
}

/** The DRE of the year (month columns), in BRL. */
export async function incomeStatement(scope: Scope, basis: DreBasis, year: number) {
  const fromMonth = `${year}-01`;
  const toMonth = `${year}-12`;
  const months = monthsBetween(fromMonth, toMonth);
  const [categories, cells] = await Promise.all([
    scope.db
      .select({ id: chartAccount.id, code: chartAccount.code, name: chartAccount.name, nature: chartAccount.nature, parentId: chartAccount.parentId })
      .from(chartAccount)
      .where(and(eq(chartAccount.agencyId, scope.agencyId), isNull(chartAccount.deletedAt))),
    dreCells(scope, basis, fromMonth, toMonth),
  ]);
  return { months, ...buildDre(categories, cells, months) };
}


export type DrillCursor = { date: string; id: string };

/**
 * The titles (competence) or entries (cash) behind one DRE figure — a category in
 * the days `fromDay`..`toDay` — a page at a time, by (date, id) after `after`;
 * `next` is the cursor of the following page. The figure itself comes from
 * finance_dre_total (`dreFigure`), not from summing the pages.
 */
export async function dreDrillDown(scope: Scope, basis: DreBasis, categoryId: string, fromDay: string, toDay: string, after: DrillCursor | null = null) {
  const { db, agencyId } = scope;
  const limit = DRILL_PAGE_SIZE + 1;
  const page = <R extends { id: string; date: string }>(rows: R[]) => {
    const shown = rows.slice(0, DRILL_PAGE_SIZE);
    const last = shown[shown.length - 1];
    return { rows: shown, next: rows.length > DRILL_PAGE_SIZE && last ? { date: last.date, id: last.id } : null };
  };
  if (basis === "competence") {
    const rows = await db
      .select({
        id: financeTitle.id,
        date: financeTitle.competenceDate,
        direction: financeTitle.direction,
        description: financeTitle.description,
        installmentNo: financeTitle.installmentNo,
        installmentCount: financeTitle.installmentCount,
        // In BRL at the title's rate (the DRE's unit); the title's own currency and amount beside it.
        signedCents: sql<number>`case when ${financeTitle.direction} = 'receivable' then coalesce(${financeTitle.amountBrlCents}, ${financeTitle.amountCents}) else -coalesce(${financeTitle.amountBrlCents}, ${financeTitle.amountCents}) end`,
        currency: financeTitle.currency,
        amountCents: sql<number>`case when ${financeTitle.direction} = 'receivable' then ${financeTitle.amountCents} else -${financeTitle.amountCents} end`,
      })
      .from(financeTitle)
      .where(
        and(
          eq(financeTitle.agencyId, agencyId),
          eq(financeTitle.categoryId, categoryId),
          ne(financeTitle.status, "cancelled"),
          // What has no rate is not in the figure (dreCells).
          sql`(${financeTitle.amountBrlCents} is not null or ${financeTitle.currency} = 'BRL')`,
          // After a cursor the seek starts at the cursor: the period's start only filters (unary +).
          after ? sql`+${financeTitle.competenceDate} >= ${fromDay}` : gte(financeTitle.competenceDate, fromDay),
          lte(financeTitle.competenceDate, toDay),
          after ? sql`(${financeTitle.competenceDate}, ${financeTitle.id}) > (${after.date}, ${after.id})` : undefined,
        ),
      )
      .orderBy(asc(financeTitle.competenceDate), asc(financeTitle.id))
      .limit(limit);
    return page(rows.map((r) => ({ ...r, kind: null as string | null, titleId: r.id as string | null, signedCents: Number(r.signedCents), amountCents: Number(r.amountCents) })));
  }
  const rows = await db
    .select({
      id: financeEntry.id,
      date: financeEntry.date,
      kind: financeEntry.kind,
      direction: financeTitle.direction,
      description: sql<string>`coalesce(${financeTitle.description}, ${financeEntry.description}, '')`,
      installmentNo: financeTitle.installmentNo,
      installmentCount: financeTitle.installmentCount,
      titleId: financeEntry.titleId,
      signedCents: sql<number>`coalesce(${financeEntry.amountBrlCents}, ${financeEntry.netCents})`,
      currency: financeEntry.currency,
      amountCents: financeEntry.netCents,
    })
    .from(financeEntry)
    .leftJoin(financeTitle, and(eq(financeTitle.id, financeEntry.titleId), eq(financeTitle.agencyId, agencyId)))
    .where(
      and(
        eq(financeEntry.agencyId, agencyId),
        // dre_category_id: the entry's category or else its title's (migration 0019), on the index (agency, it, date, id).
        eq(financeEntry.dreCategoryId, categoryId),
        inArray(financeEntry.kind, ["settlement", "reversal", "manual"]),
        isNull(financeEntry.transferId),
        sql`(${financeEntry.amountBrlCents} is not null or ${financeEntry.currency} = 'BRL')`,
        after ? sql`+${financeEntry.date} >= ${fromDay}` : gte(financeEntry.date, fromDay),
        lte(financeEntry.date, toDay),
        after ? sql`(${financeEntry.date}, ${financeEntry.id}) > (${after.date}, ${after.id})` : undefined,
      ),
    )
    .orderBy(asc(financeEntry.date), asc(financeEntry.id))
    .limit(limit);
  return page(rows);
}
