/**
 * The finance settings (Financeiro → Configurações) without zod, for the screens
 * and the server alike: paths, error keys, the forms' choices and limits, the
 * lists' specs and the CSV columns. The forms' schemas are in settings.schema.ts
 * (the actions, and the browser on demand); the zod field builders in fields.ts.
 */
import { ACCOUNT_NATURES, ACCOUNT_TYPE_KINDS, INTERMEDIARY_KINDS, INTERVAL_KINDS } from "~/db/schema/finance";
import type { ListSpec } from "~/lib/kit/list";

export type { AccountTypeInput, BankAccountInput, ChartAccountInput, IntermediaryInput, PaymentTermInput } from "~/lib/finance/settings/settings.schema";

/** The choices of the forms. */
export { ACCOUNT_NATURES, ACCOUNT_TYPE_KINDS, INTERMEDIARY_KINDS, INTERVAL_KINDS };

export const SETTINGS_PATH = "/financeiro/configuracoes";
export const PATHS = {
  terms: `${SETTINGS_PATH}/prazos-de-pagamento`,
  types: `${SETTINGS_PATH}/tipos-de-conta`,
  chart: `${SETTINGS_PATH}/plano-de-contas`,
  banks: `${SETTINGS_PATH}/bancos-e-caixas`,
  intermediaries: `${SETTINGS_PATH}/intermediadores`,
} as const;

/** The settings forms' error keys (financeSettings.errors.*). */
export const finErr = {
  money: "financeSettings.errors.money",
  percent: "financeSettings.errors.percent",
  integer: "financeSettings.errors.integer",
  date: "financeSettings.errors.date",
  bankCode: "financeSettings.errors.bankCode",
  currency: "financeSettings.errors.currency",
  accountType: "financeSettings.errors.accountType",
  bankAccount: "financeSettings.errors.bankAccount",
  code: "financeSettings.errors.code",
  parent: "financeSettings.errors.parent",
  parentCode: "financeSettings.errors.parentCode",
  parentNature: "financeSettings.errors.parentNature",
  hasChildren: "financeSettings.errors.hasChildren",
  currencyInUse: "financeSettings.errors.currencyInUse",
  dayOfMonth: "financeSettings.errors.dayOfMonth",
  intervalDays: "financeSettings.errors.intervalDays",
  downPayment: "financeSettings.errors.downPayment",
  taken: "financeSettings.errors.taken",
} as const;

/** The currencies a bank or cash account may hold. */
export const CURRENCIES = ["BRL", "USD", "EUR", "GBP", "ARS", "CLP", "UYU", "PYG", "CAD", "CHF", "JPY", "MXN"] as const;

/** A payment term's most installments. */
export const MAX_INSTALLMENTS = 120;

/** The chart of accounts' most rows in an agency. */
export const MAX_CHART_ACCOUNTS = 1000;

export type NameSort = "name";
/** The small settings lists (terms, types, intermediaries): by name, keyset pages. */
export const nameListSpec = { sorts: ["name"], defaultSort: "name" } as const satisfies ListSpec<NameSort, never>;

export type BankAccountSort = "name" | "createdAt";
export type BankAccountFilter = "status";
export const bankAccountListSpec = {
  sorts: ["name", "createdAt"],
  defaultSort: "name",
  filters: { status: ["active", "inactive"] },
} as const satisfies ListSpec<BankAccountSort, BankAccountFilter>;

export const BANK_ACCOUNT_CSV_COLUMNS = ["name", "accountType", "bankCode", "bankName", "branch", "number", "currency", "openingDate", "openingBalance", "balance", "active"] as const;
