// Finance (DOMAIN.md "Finance"; spec §2.3 Financeiro): the settings (account
// types, chart of accounts, bank and cash accounts, payment terms,
// intermediaries), the titles (receivables and payables, one row per
// installment), and the money that moves (entries: settlements, their
// reversals, transfers and manual entries on a bank or cash account).
//
// The money model, which sales, commissions, invoicing, the payment provider and
// the portal all post into:
// - amounts are integer cents with an ISO 4217 currency; dates of business
//   events (due, competence, settlement) are calendar days "YYYY-MM-DD" in the
//   agency's time zone; created_at/updated_at are UTC instants;
// - a title's `paid_cents` is the sum of the principal of its entries (a
//   settlement adds, its reversal subtracts), written in the same db.batch as the
//   entry, with the title's version checked, so two concurrent settlements of one
//   installment cannot both apply; status open → partial → paid follows it;
//   "overdue" is not stored: an open or partial title whose due date is before
//   today in the agency's time zone;
// - entries are never updated or deleted: a settlement is undone by a reversal
//   entry (`reverses_id`, unique: once), which shows in the history;
// - an account's balance = opening balance + Σ net_cents of its entries; every
//   figure of the statement and the DRE is a sum of entries or titles and can be
//   listed behind it.

import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { user } from "~/db/schema/auth";
import { id, timestamps, version } from "~/db/schema/columns";
import { fxUsed } from "~/db/schema/fx";
import { agency } from "~/db/schema/platform";

const enumList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

const tenant = () => ({
  agencyId: text("agency_id")
    .notNull()
    .references(() => agency.id),
});
const createdBy = () => ({ createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }) });
/** Settings rows: editable with a version, soft-deleted (titles and entries point at them). */
const editable = () => ({
  active: integer("active", { mode: "boolean" }).notNull().default(true),
  ...createdBy(),
  deletedAt: text("deleted_at"),
  ...timestamps,
  version: version(),
});

export const ACCOUNT_TYPE_KINDS = ["checking", "savings", "cash", "card", "wallet"] as const;
export type AccountTypeKind = (typeof ACCOUNT_TYPE_KINDS)[number];

/** Tipos de conta: the agency's account types, each of a kind (corrente, poupança, caixa, cartão, carteira digital). */
export const accountType = sqliteTable(
  "account_type",
  {
    id: id(),
    ...tenant(),
    name: text("name").notNull(),
    kind: text("kind", { enum: ACCOUNT_TYPE_KINDS }).notNull(),
    ...editable(),
  },
  (t) => [
    uniqueIndex("account_type_name_uq").on(t.agencyId, t.name).where(sql`deleted_at is null`),
    // Every row of an agency, deleted ones too (the finance defaults check whether an agency has any).
    index("account_type_agency_idx").on(t.agencyId, t.kind),
    check("account_type_kind_ck", sql`kind in (${enumList(ACCOUNT_TYPE_KINDS)})`),
  ],
);

export const ACCOUNT_NATURES = ["revenue", "deduction", "cost", "expense", "asset", "liability", "equity"] as const;
export type AccountNature = (typeof ACCOUNT_NATURES)[number];

/**
 * Plano de contas: a tree by `parent_id`, ordered by `code` ("3", "3.1", "3.1.02").
 * An account with titles or entries is deactivated, never deleted.
 */
export const chartAccount = sqliteTable(
  "chart_account",
  {
    id: id(),
    ...tenant(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    nature: text("nature", { enum: ACCOUNT_NATURES }).notNull(),
    parentId: text("parent_id"),
    /** A stable key for the seeded defaults (e.g. "revenue.packages"), so code can find "card fees" by meaning. */
    systemKey: text("system_key"),
    ...editable(),
  },
  (t) => [
    uniqueIndex("chart_account_code_uq").on(t.agencyId, t.code).where(sql`deleted_at is null`),
    uniqueIndex("chart_account_system_key_uq").on(t.agencyId, t.systemKey).where(sql`system_key is not null`),
    index("chart_account_parent_idx").on(t.agencyId, t.parentId),
    check("chart_account_nature_ck", sql`nature in (${enumList(ACCOUNT_NATURES)})`),
  ],
);

/** Bancos e caixas: where money is. Balance = opening_balance_cents + Σ finance_entry.net_cents. */
export const bankAccount = sqliteTable(
  "bank_account",
  {
    id: id(),
    ...tenant(),
    name: text("name").notNull(),
    accountTypeId: text("account_type_id").notNull(),
    /** The bank's 3-digit COMPE code (null for a cash desk). */
    bankCode: text("bank_code"),
    branch: text("branch"),
    number: text("number"),
    openingBalanceCents: integer("opening_balance_cents").notNull().default(0),
    /** The day the opening balance is taken on ("YYYY-MM-DD"). */
    openingDate: text("opening_date").notNull(),
    currency: text("currency").notNull().default("BRL"),
    searchText: text("search_text").notNull().default(""),
    ...editable(),
  },
  (t) => [
    index("bank_account_list_idx").on(t.agencyId, t.deletedAt, t.searchText, t.id),
    index("bank_account_created_idx").on(t.agencyId, t.deletedAt, t.createdAt, t.id),
    uniqueIndex("bank_account_name_uq").on(t.agencyId, t.name).where(sql`deleted_at is null`),
    check("bank_account_bank_code_ck", sql`bank_code is null or (length(bank_code) = 3 and bank_code not glob '*[^0-9]*')`),
  ],
);

export const INTERVAL_KINDS = ["days", "day_of_month"] as const;
export type IntervalKind = (typeof INTERVAL_KINDS)[number];

/**
 * Prazos de pagamento: a down payment (basis points of the total, due on the
 * first day), then `installments` installments, the first `first_due_days`
 * after the start, the next every `interval_days` days or on `day_of_month`.
 * "À vista" is 1 installment after 0 days; "30/60/90" 3 installments, first after
 * 30 days, every 30 days; "entrada + 3×" a down payment and 3 installments.
 */
export const paymentTerm = sqliteTable(
  "payment_term",
  {
    id: id(),
    ...tenant(),
    name: text("name").notNull(),
    downPaymentBp: integer("down_payment_bp").notNull().default(0),
    installments: integer("installments").notNull().default(1),
    firstDueDays: integer("first_due_days").notNull().default(0),
    intervalKind: text("interval_kind", { enum: INTERVAL_KINDS }).notNull().default("days"),
    intervalDays: integer("interval_days").notNull().default(30),
    /** 1–31 with interval_kind = day_of_month (clamped to the month's length: 31 → 30, 29 or 28). */
    dayOfMonth: integer("day_of_month"),
    ...editable(),
  },
  (t) => [
    uniqueIndex("payment_term_name_uq").on(t.agencyId, t.name).where(sql`deleted_at is null`),
    index("payment_term_agency_idx").on(t.agencyId, t.name),
    check("payment_term_values_ck", sql`down_payment_bp between 0 and 10000 and installments between 0 and 120 and first_due_days between 0 and 3650 and interval_days between 0 and 3650`),
    check("payment_term_interval_ck", sql`interval_kind in (${enumList(INTERVAL_KINDS)}) and (day_of_month is null or day_of_month between 1 and 31)`),
  ],
);

export const INTERMEDIARY_KINDS = ["gateway", "acquirer", "other"] as const;
export type IntermediaryKind = (typeof INTERMEDIARY_KINDS)[number];

/** Intermediadores: Asaas, card acquirers... what they keep and when and where they pay. */
export const intermediary = sqliteTable(
  "intermediary",
  {
    id: id(),
    ...tenant(),
    name: text("name").notNull(),
    kind: text("kind", { enum: INTERMEDIARY_KINDS }).notNull().default("gateway"),
    feeBp: integer("fee_bp").notNull().default(0),
    fixedFeeCents: integer("fixed_fee_cents").notNull().default(0),
    settlementDays: integer("settlement_days").notNull().default(0),
    bankAccountId: text("bank_account_id"),
    ...editable(),
  },
  (t) => [
    uniqueIndex("intermediary_name_uq").on(t.agencyId, t.name).where(sql`deleted_at is null`),
    check("intermediary_values_ck", sql`fee_bp between 0 and 10000 and fixed_fee_cents >= 0 and settlement_days between 0 and 365`),
  ],
);

export const TITLE_DIRECTIONS = ["receivable", "payable"] as const;
export type TitleDirection = (typeof TITLE_DIRECTIONS)[number];
/** Who a title is with: a client (receivables), a supplier, provider or agent (payables; a client for refunds). */
export const TITLE_PARTY_KINDS = ["client", "supplier", "provider", "agent"] as const;
export type TitlePartyKind = (typeof TITLE_PARTY_KINDS)[number];
/** Stored statuses; "overdue" is derived (open or partial, due before today in the agency's time zone). */
export const TITLE_STATUSES = ["open", "partial", "paid", "cancelled"] as const;
export type TitleStatus = (typeof TITLE_STATUSES)[number];
export const TITLE_ORIGINS = ["manual", "sale", "invoice", "commission"] as const;
export type TitleOrigin = (typeof TITLE_ORIGINS)[number];

/**
 * finance_title.queue_key: "0" + due date for open and partial titles; "1"
 * (paid) or "2" (cancelled) + 99991231 − the due date as YYYYMMDD, so that
 * ascending order gives the most recent of those first.
 */
export const QUEUE_KEY_SQL =
  "case when status in ('open', 'partial') then '0' || due_date else (case when status = 'paid' then '1' else '2' end) || printf('%08d', 99991231 - cast(replace(due_date, '-', '') as integer)) end";

/**
 * Contas a receber / a pagar: one row per installment. Installments created
 * together share `group_id` and are numbered n/N; their cents add up exactly to
 * the total that was split.
 */
export const financeTitle = sqliteTable(
  "finance_title",
  {
    id: id(),
    ...tenant(),
    direction: text("direction", { enum: TITLE_DIRECTIONS }).notNull(),
    partyKind: text("party_kind", { enum: TITLE_PARTY_KINDS }).notNull(),
    partyId: text("party_id").notNull(),
    description: text("description").notNull(),
    documentNumber: text("document_number"),
    categoryId: text("category_id").notNull(),
    /** Competence (accrual) day: the DRE on the competence basis uses it. */
    competenceDate: text("competence_date").notNull(),
    dueDate: text("due_date").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("BRL"),
    /** The rate of the competence day the amount was converted at (decision 0018; BRL: 1,000,000). */
    ...fxUsed(),
    /** amount_cents in BRL at fx_rate_e6 (app/lib/finance/fx.ts, rounded once); null without a rate. The DRE sums it. */
    amountBrlCents: integer("amount_brl_cents"),
    /** Σ principal of the title's entries (settlements − reversals). */
    paidCents: integer("paid_cents").notNull().default(0),
    status: text("status", { enum: TITLE_STATUSES }).notNull().default("open"),
    installmentNo: integer("installment_no").notNull().default(1),
    installmentCount: integer("installment_count").notNull().default(1),
    groupId: text("group_id").notNull(),
    paymentTermId: text("payment_term_id"),
    originKind: text("origin_kind", { enum: TITLE_ORIGINS }).notNull().default("manual"),
    originId: text("origin_id"),
    notes: text("notes"),
    cancelledAt: text("cancelled_at"),
    cancelReason: text("cancel_reason"),
    searchText: text("search_text").notNull().default(""),
    /**
     * The lists' default order ("what to act on first"): open and partial titles
     * by due date ascending (the overdue ones first), then the paid ones and then
     * the cancelled ones, each most recent due date first. Computed by SQLite.
     */
    queueKey: text("queue_key").generatedAlwaysAs(sql`${sql.raw(QUEUE_KEY_SQL)}`, { mode: "virtual" }),
    ...createdBy(),
    ...timestamps,
    version: version(),
  },
  (t) => [
    index("finance_title_queue_idx").on(t.agencyId, t.direction, t.queueKey, t.id),
    index("finance_title_due_idx").on(t.agencyId, t.direction, t.dueDate, t.id),
    index("finance_title_status_due_idx").on(t.agencyId, t.direction, t.status, t.dueDate, t.id),
    index("finance_title_amount_idx").on(t.agencyId, t.direction, t.amountCents, t.id),
    index("finance_title_created_idx").on(t.agencyId, t.direction, t.createdAt, t.id),
    index("finance_title_party_idx").on(t.agencyId, t.partyKind, t.partyId),
    // The DRE drill-down pages a category's titles by (competence date, id).
    index("finance_title_category_idx").on(t.agencyId, t.categoryId, t.competenceDate, t.id),
    index("finance_title_competence_idx").on(t.agencyId, t.competenceDate),
    index("finance_title_group_idx").on(t.agencyId, t.groupId),
    index("finance_title_origin_idx").on(t.agencyId, t.originKind, t.originId),
    check("finance_title_direction_ck", sql`direction in (${enumList(TITLE_DIRECTIONS)})`),
    check("finance_title_party_kind_ck", sql`party_kind in (${enumList(TITLE_PARTY_KINDS)})`),
    check("finance_title_status_ck", sql`status in (${enumList(TITLE_STATUSES)})`),
    check("finance_title_amounts_ck", sql`amount_cents > 0 and paid_cents >= 0 and paid_cents <= amount_cents`),
    check("finance_title_installment_ck", sql`installment_no between 1 and installment_count`),
  ],
);

/**
 * Totals of the titles by agency, direction, status, due day and currency: how
 * many, their amount and what is paid on them. Kept by triggers on finance_title
 * (migration 0010_finance_totals: insert, update of those columns, delete), so
 * every writer counts. The lists' totals with only status and due-date filters
 * sum these rows instead of the titles (docs/decisions/0010-finance-totals.md).
 */
export const financeTitleTotal = sqliteTable(
  "finance_title_total",
  {
    agencyId: text("agency_id")
      .notNull()
      .references(() => agency.id),
    direction: text("direction", { enum: TITLE_DIRECTIONS }).notNull(),
    status: text("status", { enum: TITLE_STATUSES }).notNull(),
    dueDate: text("due_date").notNull(),
    currency: text("currency").notNull(),
    titles: integer("titles").notNull().default(0),
    amountCents: integer("amount_cents").notNull().default(0),
    paidCents: integer("paid_cents").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.direction, t.status, t.dueDate, t.currency] }),
    // Covering: the totals read one index entry per row, not the entry and then the row.
    index("finance_title_total_cover_idx").on(t.agencyId, t.direction, t.status, t.dueDate, t.currency, t.titles, t.amountCents, t.paidCents),
  ],
);

/**
 * The same totals per category (agency, direction, category, status, due day,
 * currency), kept by triggers on finance_title (migration 0017_finance_dre_total):
 * a list filtered by a category sums these rows, not the category's titles.
 */
export const financeTitleCategoryTotal = sqliteTable(
  "finance_title_category_total",
  {
    agencyId: text("agency_id")
      .notNull()
      .references(() => agency.id),
    direction: text("direction", { enum: TITLE_DIRECTIONS }).notNull(),
    categoryId: text("category_id").notNull(),
    status: text("status", { enum: TITLE_STATUSES }).notNull(),
    dueDate: text("due_date").notNull(),
    currency: text("currency").notNull(),
    titles: integer("titles").notNull().default(0),
    amountCents: integer("amount_cents").notNull().default(0),
    paidCents: integer("paid_cents").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.direction, t.categoryId, t.status, t.dueDate, t.currency] }),
    index("finance_title_category_total_cover_idx").on(t.agencyId, t.direction, t.categoryId, t.status, t.dueDate, t.currency, t.titles, t.amountCents, t.paidCents),
  ],
);

export const DRE_TOTAL_BASES = ["competence", "cash"] as const;

/**
 * The DRE's figures by agency, basis, month ("YYYY-MM"), chart account and
 * currency: `amount_cents` is the signed sum (money in +, out −) and `items` how
 * many titles or entries make it. Competence: the titles that are not cancelled,
 * by competence month, a receivable's amount + and a payable's −. Cash: the
 * settlements, reversals and manual entries that are not part of a transfer, by
 * entry date, net_cents, in the entry's category or else its title's. Kept by
 * triggers on finance_title and finance_entry (migration 0017_finance_dre_total),
 * so the DRE reads one row per account, month and currency
 * (docs/decisions/0010-finance-totals.md).
 */
export const financeDreTotal = sqliteTable(
  "finance_dre_total",
  {
    agencyId: text("agency_id")
      .notNull()
      .references(() => agency.id),
    basis: text("basis", { enum: DRE_TOTAL_BASES }).notNull(),
    month: text("month").notNull(),
    categoryId: text("category_id").notNull(),
    currency: text("currency").notNull(),
    items: integer("items").notNull().default(0),
    amountCents: integer("amount_cents").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.basis, t.month, t.categoryId, t.currency] }),
    // Covering: the DRE reads one index entry per figure, not the entry and then the row.
    index("finance_dre_total_cover_idx").on(t.agencyId, t.basis, t.month, t.categoryId, t.currency, t.items, t.amountCents),
  ],
);

export const ENTRY_KINDS = ["settlement", "reversal", "transfer_out", "transfer_in", "manual"] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];
export const ENTRY_ORIGINS = ["manual", "webhook", "seed"] as const;
export type EntryOrigin = (typeof ENTRY_ORIGINS)[number];

/**
 * Money that moved on a bank or cash account. Never updated or deleted.
 * - settlement of a title: `principal_cents` applied to the title; interest, fine,
 *   discount and the intermediary's fee; `net_cents` is what the account
 *   received (+) or paid (−): principal + interest + fine − discount − fee for a
 *   receivable, −(principal + interest + fine − discount) for a payable;
 * - reversal: the same figures negated, `reverses_id` the settlement (unique);
 * - transfer_out / transfer_in: a pair with one `transfer_id`, −amount and +amount;
 * - manual: a bank fee, a deposit... with a chart-of-accounts category.
 */
export const financeEntry = sqliteTable(
  "finance_entry",
  {
    id: id(),
    ...tenant(),
    bankAccountId: text("bank_account_id").notNull(),
    kind: text("kind", { enum: ENTRY_KINDS }).notNull(),
    /** The business day the money moved ("YYYY-MM-DD"). */
    date: text("date").notNull(),
    titleId: text("title_id"),
    principalCents: integer("principal_cents").notNull().default(0),
    interestCents: integer("interest_cents").notNull().default(0),
    fineCents: integer("fine_cents").notNull().default(0),
    discountCents: integer("discount_cents").notNull().default(0),
    feeCents: integer("fee_cents").notNull().default(0),
    intermediaryId: text("intermediary_id"),
    netCents: integer("net_cents").notNull(),
    currency: text("currency").notNull().default("BRL"),
    /**
     * The rate net_cents was converted to BRL at (decision 0018): a settlement's
     * and its reversal's are their title's; a manual entry's or a transfer's on a
     * foreign-currency account the rate of its day. 1,000,000 for BRL.
     */
    fxRateE6: integer("fx_rate_e6"),
    /** net_cents in BRL at fx_rate_e6 (fx.ts, rounded once per entry); null without a rate. The cash DRE sums it. */
    amountBrlCents: integer("amount_brl_cents"),
    /** A manual entry's category (a settlement's comes from its title). */
    categoryId: text("category_id"),
    /**
     * The DRE's category of the entry: its own category, or else its title's (the
     * same agency's) — kept so by triggers (migration 0019) whoever writes the entry
     * or changes its title's category. The cash drill-down's index.
     */
    dreCategoryId: text("dre_category_id"),
    reversesId: text("reverses_id"),
    transferId: text("transfer_id"),
    description: text("description"),
    origin: text("origin", { enum: ENTRY_ORIGINS }).notNull().default("manual"),
    /** The webhook event (or other origin) this entry came from. */
    originRef: text("origin_ref"),
    ...createdBy(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index("finance_entry_account_date_idx").on(t.agencyId, t.bankAccountId, t.date, t.id),
    index("finance_entry_title_idx").on(t.agencyId, t.titleId),
    index("finance_entry_date_idx").on(t.agencyId, t.date),
    index("finance_entry_transfer_idx").on(t.agencyId, t.transferId),
    index("finance_entry_dre_idx").on(t.agencyId, t.dreCategoryId, t.date, t.id),
    uniqueIndex("finance_entry_reverses_uq").on(t.reversesId).where(sql`reverses_id is not null`),
    uniqueIndex("finance_entry_origin_ref_uq").on(t.agencyId, t.origin, t.originRef).where(sql`origin_ref is not null`),
    check("finance_entry_kind_ck", sql`kind in (${enumList(ENTRY_KINDS)})`),
    check("finance_entry_origin_ck", sql`origin in (${enumList(ENTRY_ORIGINS)})`),
  ],
);

/** Receipts and documents attached to a title (R2; PDF/PNG/JPEG by content, 5 MB). */
export const financeAttachment = sqliteTable(
  "finance_attachment",
  {
    id: id(),
    ...tenant(),
    titleId: text("title_id").notNull(),
    key: text("key").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    ...createdBy(),
    deletedAt: text("deleted_at"),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("finance_attachment_title_idx").on(t.agencyId, t.titleId)],
);
