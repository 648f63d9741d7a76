/**
 * The finance settings as record-kit stores: each soft-deleted (titles and
 * entries keep pointing at them), audited, with what refers to it (a delete is
 * refused while anything does; the chart of accounts and the others are then
 * deactivated instead).
 */
import { sql } from "drizzle-orm";
import { accountType, bankAccount, chartAccount, financeEntry, financeTitle, intermediary, paymentTerm, provider, sale, supplier } from "~/db/schema";
import { recordStore } from "~/lib/kit/record.server";

export const paymentTermStore = recordStore({
  table: paymentTerm,
  entity: "payment_term",
  label: (row) => row.name,
  softDelete: paymentTerm.deletedAt,
  createdBy: paymentTerm.createdBy,
  references: [
    { table: financeTitle, column: financeTitle.paymentTermId, label: "financeSettings.refs.titles" },
    // Any sale whose plan uses it (drafts and cancelled too: their history keeps the plan); not a deleted draft.
    { table: sale, column: sale.paymentTermId, label: "financeSettings.refs.sales", live: sql`${sale.deletedAt} is null` },
    // A live supplier or provider whose payables default to it.
    { table: supplier, column: supplier.paymentTermId, label: "financeSettings.refs.suppliers", live: supplier.deletedAt },
    { table: provider, column: provider.paymentTermId, label: "financeSettings.refs.providers", live: provider.deletedAt },
  ],
});

export const accountTypeStore = recordStore({
  table: accountType,
  entity: "account_type",
  label: (row) => row.name,
  softDelete: accountType.deletedAt,
  createdBy: accountType.createdBy,
  references: [{ table: bankAccount, column: bankAccount.accountTypeId, label: "financeSettings.refs.bankAccounts", live: bankAccount.deletedAt }],
});

export const chartAccountStore = recordStore({
  table: chartAccount,
  entity: "chart_account",
  label: (row) => `${row.code} ${row.name}`,
  softDelete: chartAccount.deletedAt,
  createdBy: chartAccount.createdBy,
  references: [
    { table: financeTitle, column: financeTitle.categoryId, label: "financeSettings.refs.titles" },
    { table: financeEntry, column: financeEntry.categoryId, label: "financeSettings.refs.entries" },
    { table: chartAccount, column: chartAccount.parentId, label: "financeSettings.refs.children", live: chartAccount.deletedAt },
  ],
});

export const bankAccountStore = recordStore({
  table: bankAccount,
  entity: "bank_account",
  label: (row) => row.name,
  softDelete: bankAccount.deletedAt,
  searchText: bankAccount.searchText,
  createdBy: bankAccount.createdBy,
  references: [
    { table: financeEntry, column: financeEntry.bankAccountId, label: "financeSettings.refs.entries" },
    { table: intermediary, column: intermediary.bankAccountId, label: "financeSettings.refs.intermediaries", live: intermediary.deletedAt },
  ],
});

export const intermediaryStore = recordStore({
  table: intermediary,
  entity: "intermediary",
  label: (row) => row.name,
  softDelete: intermediary.deletedAt,
  createdBy: intermediary.createdBy,
  references: [{ table: financeEntry, column: financeEntry.intermediaryId, label: "financeSettings.refs.entries" }],
});
