/**
 * The reports: an account's statement (opening balance, each movement with its
 * origin and the running balance, closing balance) and the DRE (income
 * statement by month, competence basis from titles, cash basis from entries),
 * with the list behind each DRE figure. Every figure is a sum of rows the
 * drill-down lists.
 */
import { and, asc, eq, gte, inArray, isNull, lt, lte, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { bankAccount, chartAccount, financeEntry, financeTitle } from "~/db/schema";
import { buildDre, monthsBetween, runningBalance, type DreBasis, type DreCell } from "~/lib/finance/ledger/ledger";
import { DRILL_MAX_ROWS, STATEMENT_MAX_ROWS } from "~/lib/finance/ledger/report-params";
import { findBankAccount } from "~/lib/finance/ledger/titles.server";
import type { Scope } from "~/lib/platform/scope.server";


export type StatementRow = {
  id: string;
  date: string;
  kind: (typeof financeEntry.$inferSelect)["kind"];
  description: string | null;
  netCents: number;
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

/** The cells of the DRE for the months `from`..`to` ("YYYY-MM"). */
export async function dreCells(scope: Scope, basis: DreBasis, fromMonth: string, toMonth: string): Promise<DreCell[]> {
  const { db, agencyId } = scope;
  const fromDay = `${fromMonth}-01`;
  const toDay = `${toMonth}-31`;
  if (basis === "competence") {
    const month = sql<string>`substr(${financeTitle.competenceDate}, 1, 7)`;
    const rows = await db
      .select({
        categoryId: financeTitle.categoryId,
        month,
        signedCents: sql<number>`sum(case when ${financeTitle.direction} = 'receivable' then ${financeTitle.amountCents} else -${financeTitle.amountCents} end)`,
      })
      .from(financeTitle)
      .where(and(eq(financeTitle.agencyId, agencyId), ne(financeTitle.status, "cancelled"), gte(financeTitle.competenceDate, fromDay), lte(financeTitle.competenceDate, toDay)))
      .groupBy(financeTitle.categoryId, month);
    return rows.map((r) => ({ categoryId: r.categoryId, month: r.month, signedCents: Number(r.signedCents) }));
  }
  const category = sql<string>`coalesce(${financeEntry.categoryId}, ${financeTitle.categoryId})`;
  const month = sql<string>`substr(${financeEntry.date}, 1, 7)`;
  const rows = await db
    .select({ categoryId: category, month, signedCents: sql<number>`sum(${financeEntry.netCents})` })
    .from(financeEntry)
    .leftJoin(financeTitle, and(eq(financeTitle.id, financeEntry.titleId), eq(financeTitle.agencyId, agencyId)))
    .where(
      and(
        eq(financeEntry.agencyId, agencyId),
        inArray(financeEntry.kind, ["settlement", "reversal", "manual"]),
        // A transfer's reversal moves money between accounts: no revenue or expense.
        isNull(financeEntry.transferId),
        gte(financeEntry.date, fromDay),
        lte(financeEntry.date, toDay),
      ),
    )
    .groupBy(category, month);
  return rows.filter((r) => r.categoryId).map((r) => ({ categoryId: r.categoryId, month: r.month, signedCents: Number(r.signedCents) }));
}

/** The DRE of the year (month columns). */
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


/** The titles (competence) or entries (cash) behind one DRE figure: a category in a month (or the whole year). */
export async function dreDrillDown(scope: Scope, basis: DreBasis, categoryId: string, fromDay: string, toDay: string) {
  const { db, agencyId } = scope;
  if (basis === "competence") {
    const rows = await db
      .select({
        id: financeTitle.id,
        date: financeTitle.competenceDate,
        direction: financeTitle.direction,
        description: financeTitle.description,
        installmentNo: financeTitle.installmentNo,
        installmentCount: financeTitle.installmentCount,
        signedCents: sql<number>`case when ${financeTitle.direction} = 'receivable' then ${financeTitle.amountCents} else -${financeTitle.amountCents} end`,
      })
      .from(financeTitle)
      .where(
        and(
          eq(financeTitle.agencyId, agencyId),
          eq(financeTitle.categoryId, categoryId),
          ne(financeTitle.status, "cancelled"),
          gte(financeTitle.competenceDate, fromDay),
          lte(financeTitle.competenceDate, toDay),
        ),
      )
      .orderBy(asc(financeTitle.competenceDate), asc(financeTitle.id))
      .limit(DRILL_MAX_ROWS);
    return rows.map((r) => ({ ...r, kind: null as string | null, titleId: r.id as string | null, signedCents: Number(r.signedCents) }));
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
      signedCents: financeEntry.netCents,
    })
    .from(financeEntry)
    .leftJoin(financeTitle, and(eq(financeTitle.id, financeEntry.titleId), eq(financeTitle.agencyId, agencyId)))
    .where(
      and(
        eq(financeEntry.agencyId, agencyId),
        inArray(financeEntry.kind, ["settlement", "reversal", "manual"]),
        sql`coalesce(${financeEntry.categoryId}, ${financeTitle.categoryId}) = ${categoryId}`,
        gte(financeEntry.date, fromDay),
        lte(financeEntry.date, toDay),
      ),
    )
    .orderBy(asc(financeEntry.date), asc(financeEntry.id))
    .limit(DRILL_MAX_ROWS);
  return rows;
}
