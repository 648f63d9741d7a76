/**
 * Bancos e caixas on the server: the record kit's store and screen spec (list,
 * novo, editar/:id, CSV export), each account's current balance (opening
 * balance + Σ finance_entry.net_cents), the form's checks and values.
 */
import { and, asc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { accountType, bankAccount, financeEntry } from "~/db/schema";
import { formatCents } from "~/lib/finance/money";
import { bankLabel, bankName } from "~/lib/finance/settings/banks";
import { PATHS, finErr, BANK_ACCOUNT_CSV_COLUMNS, type BankAccountFilter, type BankAccountInput, type BankAccountSort } from "~/lib/finance/settings/settings";
import { bankAccountEditSchema, bankAccountSchema } from "~/lib/finance/settings/settings.schema";
import { accountTypeStore, bankAccountStore } from "~/lib/finance/settings/stores.server";
import { canManageFinance } from "~/lib/finance/roles";
import { exportList } from "~/lib/kit/export.server";
import type { ListQuery } from "~/lib/kit/list";
import { runList, type PageSelect } from "~/lib/kit/list.server";
import { findRecord, listSourceOf, type ReadScope } from "~/lib/kit/record.server";
import type { RecordSpec } from "~/lib/kit/record-action.server";
import { normalizeSearchText } from "~/lib/kit/search-text";
import type { Scope } from "~/lib/platform/scope.server";

type Row = typeof bankAccount.$inferSelect;
export type BankAccountQuery = ListQuery<BankAccountSort, BankAccountFilter>;

export const bankAccountSource = listSourceOf<BankAccountSort, BankAccountFilter>(bankAccountStore, {
  sortColumns: { name: bankAccount.searchText, createdAt: bankAccount.createdAt },
  filterWhere: (f) => {
    const out: SQL[] = [];
    if (f.status) out.push(eq(bankAccount.active, f.status === "active"));
    return out;
  },
});

export type BankAccountListRow = {
  id: string;
  sortValue: string | number | null;
  name: string;
  accountTypeName: string | null;
  accountTypeKind: string | null;
  bankCode: string | null;
  branch: string | null;
  number: string | null;
  currency: string;
  openingBalanceCents: number;
  openingDate: string;
  active: boolean;
  createdAt: string;
  balanceCents: number;
};

type PageRow = Omit<BankAccountListRow, "balanceCents">;

const pageSelect =
  (scope: ReadScope, query: BankAccountQuery): PageSelect<PageRow> =>
  (where, order, limit) =>
    scope.db
      .select({
        id: bankAccount.id,
        sortValue: sql<string | number | null>`${bankAccountSource.sortColumns[query.sort]}`,
        name: bankAccount.name,
        accountTypeName: accountType.name,
        accountTypeKind: accountType.kind,
        bankCode: bankAccount.bankCode,
        branch: bankAccount.branch,
        number: bankAccount.number,
        currency: bankAccount.currency,
        openingBalanceCents: bankAccount.openingBalanceCents,
        openingDate: bankAccount.openingDate,
        active: bankAccount.active,
        createdAt: bankAccount.createdAt,
      })
      .from(bankAccount)
      .leftJoin(accountType, and(eq(accountType.id, bankAccount.accountTypeId), eq(accountType.agencyId, bankAccount.agencyId)))
      .where(where)
      .orderBy(...order)
      .limit(limit);

/**
 * Σ net_cents of the entries per account — an account's balance is its opening balance
 * plus this (the one rule; the list and the dashboard's cash position read it). Of these
 * accounts, or of every account of the agency; a query, so a caller may batch it.
 */
export function entrySumsQuery({ db, agencyId }: ReadScope, ids?: readonly string[]) {
  return db
    .select({ id: financeEntry.bankAccountId, sum: sql<number>`coalesce(sum(${financeEntry.netCents}), 0)` })
    .from(financeEntry)
    .where(and(eq(financeEntry.agencyId, agencyId), ids ? inArray(financeEntry.bankAccountId, [...ids]) : undefined))
    .groupBy(financeEntry.bankAccountId);
}

/** Σ net_cents of the entries of these accounts (one grouped read for a page). */
export async function entrySums(scope: ReadScope, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await entrySumsQuery(scope, ids);
  return new Map(rows.map((r) => [r.id, Number(r.sum)]));
}

const withBalances = async (scope: ReadScope, rows: PageRow[]): Promise<BankAccountListRow[]> => {
  const sums = await entrySums(
    scope,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, balanceCents: r.openingBalanceCents + (sums.get(r.id) ?? 0) }));
};

export async function listBankAccounts(scope: ReadScope, query: BankAccountQuery) {
  const { rows, page } = await runList(scope, bankAccountSource, query, pageSelect(scope, query));
  return { rows: await withBalances(scope, rows), page };
}

/** The agency's live bank and cash accounts (the intermediary form's choices; at most 200). */
export function bankAccountOptions({ db, agencyId }: ReadScope) {
  return db
    .select({ id: bankAccount.id, name: bankAccount.name, active: bankAccount.active })
    .from(bankAccount)
    .where(and(eq(bankAccount.agencyId, agencyId), isNull(bankAccount.deletedAt)))
    .orderBy(asc(bankAccount.name))
    .limit(200);
}

/** The account type must be one of the agency's live types; the currency stays while the account has entries. */
export async function checkBankAccount(scope: Scope, input: BankAccountInput, current: Row | null): Promise<Record<string, string[]> | null> {
  const errors: Record<string, string[]> = {};
  if (!(await findRecord(scope, accountTypeStore, input.accountTypeId))) errors.accountTypeId = [finErr.accountType];
  if (current && current.currency !== input.currency && ((await entrySums(scope, [current.id])).size > 0)) errors.currency = [finErr.currencyInUse];
  return Object.keys(errors).length > 0 ? errors : null;
}

export const bankAccountSearchText = (v: { name: string; bankCode: string | null; number: string | null }) =>
  normalizeSearchText([v.name, v.bankCode, bankName(v.bankCode), v.number].filter(Boolean).join(" "));

export function bankAccountValues(input: BankAccountInput) {
  return {
    name: input.name,
    accountTypeId: input.accountTypeId,
    bankCode: input.bankCode,
    branch: input.branch,
    number: input.number,
    openingBalanceCents: input.openingBalance,
    openingDate: input.openingDate,
    currency: input.currency,
    active: input.active,
    searchText: bankAccountSearchText(input),
  };
}

/** A stored account as the form shows it. */
export function bankAccountFormValues(row: Row) {
  return {
    name: row.name,
    accountTypeId: row.accountTypeId,
    bankCode: row.bankCode ?? "",
    branch: row.branch ?? "",
    number: row.number ?? "",
    openingBalance: formatCents(row.openingBalanceCents),
    openingDate: row.openingDate,
    currency: row.currency,
    active: row.active ? "on" : "",
  };
}

export const bankAccountSpec: RecordSpec<typeof bankAccount, BankAccountInput> = {
  store: bankAccountStore,
  listPath: PATHS.banks,
  canDelete: canManageFinance,
  schemas: { create: bankAccountSchema, edit: bankAccountEditSchema },
  values: bankAccountValues,
  display: bankAccountFormValues,
  check: (scope, input, current) => checkBankAccount(scope as Scope, input, current),
  duplicate: async ({ db, agencyId }, input, exceptId) => {
    const [row] = await db
      .select({ id: bankAccount.id, name: bankAccount.name })
      .from(bankAccount)
      .where(and(eq(bankAccount.agencyId, agencyId), isNull(bankAccount.deletedAt), eq(bankAccount.name, input.name)))
      .limit(2);
    return row && row.id !== exceptId ? { field: "name", id: row.id, name: row.name } : null;
  },
};

/** The current filter of the list as CSV, in the list's order, with each account's balance. */
export function bankAccountsCsv(scope: Scope, query: BankAccountQuery, filename: string) {
  const select = pageSelect(scope, query);
  const withBalance: PageSelect<BankAccountListRow> = async (where, order, limit) => withBalances(scope, await select(where, order, limit));
  return exportList(
    scope,
    bankAccountSource,
    query,
    withBalance,
    BANK_ACCOUNT_CSV_COLUMNS,
    (r) => ({
      name: r.name,
      accountType: r.accountTypeName ?? "",
      bankCode: r.bankCode ?? "",
      bankName: bankName(r.bankCode) ?? "",
      branch: r.branch ?? "",
      number: r.number ?? "",
      currency: r.currency,
      openingDate: r.openingDate,
      openingBalance: formatCents(r.openingBalanceCents),
      balance: formatCents(r.balanceCents),
      active: r.active ? "sim" : "não",
    }),
    filename,
  );
}

export { bankLabel };
