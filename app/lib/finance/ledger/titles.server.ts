/**
 * Receivables and payables (finance_title, one row per installment): create —
 * alone or split by a payment term into n/N installments sharing a group —,
 * edit with a version check (the amount of a title with money on it is fixed),
 * cancel with a reason (refused while settlements stand), read one with its
 * group. The lists and their totals live in title-list.server.ts.
 */
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { agent, bankAccount, chartAccount, client, financeEntry, financeTitle, intermediary, paymentTerm, provider, supplier } from "~/db/schema";
import type { TitleDirection, TitlePartyKind } from "~/db/schema/finance";
import { newId, nowIso } from "~/db/schema/columns";
import { rateFor, type UsedRate } from "~/lib/finance/cambio/cambio.server";
import { tryToBrl } from "~/lib/finance/fx";
import { termSchedule } from "~/lib/finance/schedule";
import { statusFor } from "~/lib/finance/ledger/ledger";
import { buildSearchText } from "~/lib/kit/search-text";
import { auditIfChanged, changedRows } from "~/lib/system/agencies.server";
import { auditInsert, changedFields } from "~/lib/platform/audit.server";
import type { Db } from "~/lib/platform/db.server";
import { fail, ok, type Result } from "~/lib/platform/result";
import type { Scope } from "~/lib/platform/scope.server";

export type Title = typeof financeTitle.$inferSelect;
const ID = /^[A-Za-z0-9_-]{1,64}$/;
export const isId = (id: string | null | undefined): id is string => !!id && ID.test(id);

export const PARTY_TABLES = { client, supplier, provider, agent } as const;
/** Who a title of each direction may be with (a refund to a client is a payable). */
export const PARTY_KINDS_FOR: Record<TitleDirection, readonly TitlePartyKind[]> = {
  receivable: ["client"],
  payable: ["supplier", "provider", "agent", "client"],
};

/** The party's name, when it is a live record of the agency. */
export async function partyName(db: Db, agencyId: string, kind: TitlePartyKind, id: string): Promise<string | null> {
  if (!isId(id)) return null;
  const table = PARTY_TABLES[kind];
  const [row] = await db
    .select({ name: table.name })
    .from(table)
    .where(and(eq(table.id, id), eq(table.agencyId, agencyId), isNull(table.deletedAt)))
    .limit(1);
  return row?.name ?? null;
}

/** A live, active chart account of the agency. */
export async function findCategory(db: Db, agencyId: string, id: string) {
  if (!isId(id)) return null;
  const [row] = await db
    .select()
    .from(chartAccount)
    .where(and(eq(chartAccount.id, id), eq(chartAccount.agencyId, agencyId), isNull(chartAccount.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** A live bank or cash account of the agency. */
export async function findBankAccount(db: Db, agencyId: string, id: string) {
  if (!isId(id)) return null;
  const [row] = await db
    .select()
    .from(bankAccount)
    .where(and(eq(bankAccount.id, id), eq(bankAccount.agencyId, agencyId), isNull(bankAccount.deletedAt)))
    .limit(1);
  return row ?? null;
}

export type TitleInput = {
  direction: TitleDirection;
  partyKind: TitlePartyKind;
  partyId: string;
  description: string;
  documentNumber: string | null;
  categoryId: string;
  competenceDate: string;
  dueDate: string;
  amountCents: number;
  currency: string;
  /** With a term, the installments start on the competence date (the sale's day). */
  paymentTermId: string | null;
  notes: string | null;
};

/** rate: no rate of the currency for the competence day (nor the 7 before); fxAmount: the amount in BRL is beyond exact integers. */
export type TitleFieldError = "party" | "category" | "term" | "split" | "rate" | "fxAmount";

/**
 * The rate a title keeps (decision 0018): its currency's rate of the competence
 * day, or the latest of the 7 days before (cambio `rateFor`); BRL is 1. Null:
 * there is none — the writer refuses, never a silent 1:1.
 */
export const titleRate = (scope: Pick<Scope, "db" | "agencyId">, currency: string, competenceDate: string) => rateFor(scope, currency, competenceDate);

/**
 * A title's rate columns and its amount in BRL at that rate — converted by
 * fx.ts, rounded once (half to even) — or null when the BRL amount is beyond
 * exact integers. Each installment converts its own cents.
 */
export function titleFxValues(amountCents: number, rate: UsedRate) {
  const amountBrlCents = tryToBrl(amountCents, rate.currency, rate.rateE6);
  if (amountBrlCents === null) return null;
  return { fxRateE6: rate.rateE6, fxRateDate: rate.date, fxRateSource: rate.source, amountBrlCents };
}

/** The installments `input` gives: one title, or the term's schedule from the competence date. */
export async function plannedInstallments(db: Db, agencyId: string, input: Pick<TitleInput, "paymentTermId" | "amountCents" | "competenceDate" | "dueDate">) {
  if (!input.paymentTermId) return ok({ rows: [{ no: 1, count: 1, dueDate: input.dueDate, amountCents: input.amountCents }], termId: null as string | null });
  if (!isId(input.paymentTermId)) return fail("term" as const);
  const [term] = await db
    .select()
    .from(paymentTerm)
    .where(and(eq(paymentTerm.id, input.paymentTermId), eq(paymentTerm.agencyId, agencyId), isNull(paymentTerm.deletedAt)))
    .limit(1);
  if (!term) return fail("term" as const);
  const rows = termSchedule(term, input.amountCents, input.competenceDate);
  // A total smaller than the installments would leave one at zero: refused.
  if (rows.some((r) => r.amountCents <= 0)) return fail("split" as const);
  return ok({ rows, termId: term.id as string | null });
}

async function checkRefs(scope: Scope, input: Pick<TitleInput, "direction" | "partyKind" | "partyId" | "categoryId">): Promise<{ field: TitleFieldError; partyName: string } | { field: null; partyName: string }> {
  if (!PARTY_KINDS_FOR[input.direction].includes(input.partyKind)) return { field: "party", partyName: "" };
  const [name, category] = await Promise.all([partyName(scope.db, scope.agencyId, input.partyKind, input.partyId), findCategory(scope.db, scope.agencyId, input.categoryId)]);
  if (!name) return { field: "party", partyName: "" };
  if (!category || !category.active) return { field: "category", partyName: name };
  return { field: null, partyName: name };
}

const searchTextOf = (t: { description: string; documentNumber: string | null }, party: string) => buildSearchText(t.description, t.documentNumber, party);

/** Creates the title (or its installments n/N sharing one group), with an audit row each, in one batch. */
export async function createTitles(scope: Scope, input: TitleInput): Promise<Result<{ groupId: string; ids: string[] }, TitleFieldError>> {
  const refs = await checkRefs(scope, input);
  if (refs.field) return fail(refs.field);
  const plan = await plannedInstallments(scope.db, scope.agencyId, input);
  if (!plan.ok) return fail(plan.reason);
  const rate = await titleRate(scope, input.currency, input.competenceDate);
  if (!rate) return fail("rate");
  const { db, agencyId, userId, ip } = scope;
  const groupId = newId();
  const fx = plan.rows.map((r) => titleFxValues(r.amountCents, rate));
  if (fx.some((f) => f === null)) return fail("fxAmount");
  const rows = plan.rows.map((r, i) => ({
    ...titleRow({ agencyId, userId }, input, refs.partyName, { groupId, no: r.no, count: r.count, dueDate: r.dueDate, amountCents: r.amountCents }),
    ...fx[i]!,
    paymentTermId: plan.termId,
  }));
  const audits = rows.map((r) => titleCreateAudit({ db, agencyId, userId, ip }, r));
  await db.batch([db.insert(financeTitle).values(rows), ...audits]);
  return ok({ groupId, ids: rows.map((r) => r.id) });
}

/**
 * One title (a single installment) as batch statements — the insert and its audit
 * row — for a module that writes it together with its own rows in one db.batch
 * (commissions: one payable per agent with the lines it pays). The caller has
 * checked the party and category and read the rate (`titleRate`, refusing
 * when there is none); origin and reference are the caller's. Null when the
 * amount in BRL is beyond exact integers.
 */
export function titleInsertStatements(
  scope: Pick<Scope, "db" | "agencyId" | "userId" | "ip">,
  input: Omit<TitleInput, "paymentTermId"> & { originKind: Title["originKind"]; originId: string | null; partyName: string; rate: UsedRate },
) {
  const { db, agencyId, userId } = scope;
  const fx = titleFxValues(input.amountCents, input.rate);
  if (!fx) return null;
  const row = {
    ...titleRow({ agencyId, userId }, input, input.partyName, { groupId: newId(), no: 1, count: 1, dueDate: input.dueDate, amountCents: input.amountCents }),
    ...fx,
    originKind: input.originKind,
    originId: input.originId,
  };
  return { id: row.id, statements: [db.insert(financeTitle).values(row), titleCreateAudit(scope, row)] as const };
}

/** A new title's row (one installment of its group): what createTitles and titleInsertStatements both write. */
function titleRow(
  scope: Pick<Scope, "agencyId" | "userId">,
  input: Omit<TitleInput, "paymentTermId">,
  partyName: string,
  installment: { groupId: string; no: number; count: number; dueDate: string; amountCents: number },
) {
  return {
    id: newId(),
    agencyId: scope.agencyId,
    direction: input.direction,
    partyKind: input.partyKind,
    partyId: input.partyId,
    description: input.description,
    documentNumber: input.documentNumber,
    categoryId: input.categoryId,
    competenceDate: input.competenceDate,
    dueDate: installment.dueDate,
    amountCents: installment.amountCents,
    currency: input.currency,
    installmentNo: installment.no,
    installmentCount: installment.count,
    groupId: installment.groupId,
    notes: input.notes,
    searchText: searchTextOf(input, partyName),
    createdBy: scope.userId,
  };
}

/** The audit row of a created title: every field it was written with, bookkeeping columns aside. */
function titleCreateAudit(scope: Pick<Scope, "db" | "agencyId" | "userId" | "ip">, row: { id: string } & Record<string, unknown>) {
  const { db, agencyId, userId, ip } = scope;
  return auditInsert(db, {
    agencyId,
    userId,
    ip,
    entity: "finance_title",
    entityId: row.id,
    action: "create",
    changes: Object.fromEntries(
      Object.entries(row)
        .filter(([k, v]) => !["id", "agencyId", "searchText", "createdBy", "groupId"].includes(k) && v !== null)
        .map(([k, v]) => [k, [null, v]]),
    ),
  });
}

/** One title of the agency (another agency's id is simply not found). */
export async function findTitle(db: Db, agencyId: string, id: string, direction?: TitleDirection): Promise<Title | null> {
  if (!isId(id)) return null;
  const [row] = await db
    .select()
    .from(financeTitle)
    .where(and(eq(financeTitle.id, id), eq(financeTitle.agencyId, agencyId), direction ? eq(financeTitle.direction, direction) : undefined))
    .limit(1);
  return row ?? null;
}

/**
 * What other modules attach to a title's changes (the payments module keeps a
 * receivable's provider charge in step: app/lib/payments/charges.server.ts
 * `chargeHooks`), called after the change is stored. The ledger knows nothing of them.
 */
export type TitleHooks = {
  cancelled?: (scope: Scope, titleId: string) => Promise<void>;
  /** After an edit (the fields that changed) or a settlement or reversal made here ("paidCents"). */
  changed?: (scope: Scope, titleId: string, fields: string[]) => Promise<void>;
};

export type TitleEdit = Omit<TitleInput, "direction" | "paymentTermId">;
export type UpdateFailure = "notFound" | "stale" | "cancelled" | "amountLocked" | TitleFieldError;

/**
 * Saves the edit if the title is still at `version` and not cancelled. The
 * amount and currency of a title with money on it (paid_cents > 0) cannot change.
 */
export async function updateTitle(scope: Scope, id: string, version: number, edit: TitleEdit): Promise<Result<{ changed: string[] }, UpdateFailure, { current?: Title }>> {
  const { db, agencyId, userId, ip } = scope;
  const before = await findTitle(db, agencyId, id);
  if (!before) return fail("notFound");
  if (before.version !== version) return fail("stale", { current: before });
  if (before.status === "cancelled") return fail("cancelled", { current: before });
  const amountChanges = edit.amountCents !== before.amountCents || edit.currency !== before.currency;
  if (amountChanges && before.paidCents > 0) return fail("amountLocked", { current: before });
  const refs = await checkRefs(scope, { ...edit, direction: before.direction });
  if (refs.field) return fail(refs.field);
  // A new amount, currency or competence day takes the rate again (and its BRL amount);
  // otherwise the stored rate stays (a rate typed later for that day does not move it).
  // A title written before rates were kept ("no rate") takes one when its day has one, and keeps none otherwise.
  const reprice = amountChanges || edit.competenceDate !== before.competenceDate;
  let fx: NonNullable<ReturnType<typeof titleFxValues>> | null = null;
  if (reprice || before.fxRateE6 === null) {
    const rate = await titleRate(scope, edit.currency, edit.competenceDate);
    if (!rate && reprice) return fail("rate");
    fx = rate ? titleFxValues(edit.amountCents, rate) : null;
    if (rate && !fx) return fail("fxAmount");
  }
  const values = {
    partyKind: edit.partyKind,
    partyId: edit.partyId,
    description: edit.description,
    documentNumber: edit.documentNumber,
    categoryId: edit.categoryId,
    competenceDate: edit.competenceDate,
    dueDate: edit.dueDate,
    amountCents: edit.amountCents,
    currency: edit.currency,
    notes: edit.notes,
    ...fx,
  };
  const changes = changedFields(before as Record<string, unknown>, values);
  if (Object.keys(changes).length === 0) return ok({ changed: [] });
  const [result] = await db.batch([
    db
      .update(financeTitle)
      .set({
        ...values,
        status: statusFor(before.paidCents, edit.amountCents),
        searchText: searchTextOf(edit, refs.partyName),
        updatedAt: nowIso(),
        version: sql`${financeTitle.version} + 1`,
      })
      .where(
        and(
          eq(financeTitle.id, id),
          eq(financeTitle.agencyId, agencyId),
          eq(financeTitle.version, version),
          sql`${financeTitle.status} <> 'cancelled'`,
          amountChanges ? eq(financeTitle.paidCents, 0) : undefined,
        ),
      ),
    auditIfChanged(db, { agencyId, userId, ip, entity: "finance_title", entityId: id, action: "update", changes }),
  ]);
  if (changedRows(result) === 0) {
    // Lost a race (version, a settlement came in): nothing written, the audit row neither.
    const current = await findTitle(db, agencyId, id);
    return current ? fail("stale", { current }) : fail("notFound");
  }
  return ok({ changed: Object.keys(changes) });
}

export type CancelFailure = "notFound" | "stale" | "settled" | "cancelled";

/** Cancels an open title with a reason; refused while settlements stand (reverse them first). */
export async function cancelTitle(scope: Scope, id: string, version: number, reason: string): Promise<Result<object, CancelFailure>> {
  const { db, agencyId, userId, ip } = scope;
  const before = await findTitle(db, agencyId, id);
  if (!before) return fail("notFound");
  if (before.status === "cancelled") return fail("cancelled");
  if (before.paidCents > 0) return fail("settled");
  if (before.version !== version) return fail("stale");
  const at = nowIso();
  const cancel = db
    .update(financeTitle)
    .set({ status: "cancelled", cancelledAt: at, cancelReason: reason, updatedAt: at, version: sql`${financeTitle.version} + 1` })
    .where(
      and(
        eq(financeTitle.id, id),
        eq(financeTitle.agencyId, agencyId),
        eq(financeTitle.version, version),
        eq(financeTitle.paidCents, 0),
        inArray(financeTitle.status, ["open", "partial"]),
      ),
    );
  // The audit row is written only if the update applied.
  const audit = auditIfChanged(db, { agencyId, userId, ip, entity: "finance_title", entityId: id, action: "update", changes: { status: [before.status, "cancelled"], cancelReason: [null, reason] } });
  const [result] = await db.batch([cancel, audit]);
  if (changedRows(result) === 0) {
    const current = await findTitle(db, agencyId, id);
    if (!current) return fail("notFound");
    if (current.paidCents > 0) return fail("settled");
    return fail(current.status === "cancelled" ? "cancelled" : "stale");
  }
  return ok();
}

/** The installments of a group, in order. */
export async function groupInstallments(db: Db, agencyId: string, groupId: string): Promise<Title[]> {
  return db
    .select()
    .from(financeTitle)
    .where(and(eq(financeTitle.agencyId, agencyId), eq(financeTitle.groupId, groupId)))
    .orderBy(asc(financeTitle.installmentNo), asc(financeTitle.id));
}

export type TitleEntryRow = typeof financeEntry.$inferSelect & { accountName: string; reversedBy: string | null };

/** A title's settlements and reversals, oldest first, each settlement with the reversal that undid it. */
export async function titleEntries(db: Db, agencyId: string, titleId: string): Promise<TitleEntryRow[]> {
  const rows = await db
    .select({ entry: financeEntry, accountName: bankAccount.name })
    .from(financeEntry)
    .innerJoin(bankAccount, and(eq(bankAccount.id, financeEntry.bankAccountId), eq(bankAccount.agencyId, agencyId)))
    .where(and(eq(financeEntry.agencyId, agencyId), eq(financeEntry.titleId, titleId)))
    .orderBy(asc(financeEntry.date), asc(financeEntry.createdAt), asc(financeEntry.id));
  const reversedBy = new Map(rows.filter((r) => r.entry.reversesId).map((r) => [r.entry.reversesId!, r.entry.id]));
  return rows.map((r) => ({ ...r.entry, accountName: r.accountName, reversedBy: reversedBy.get(r.entry.id) ?? null }));
}

/** Choices for the forms and filters: live parties of a kind (by name, capped), categories, accounts, terms. */
export async function titleChoices(scope: Scope, direction: TitleDirection) {
  const { db, agencyId } = scope;
  const parties = await Promise.all(
    PARTY_KINDS_FOR[direction].map(async (kind) => {
      const table = PARTY_TABLES[kind];
      const rows = await db
        .select({ id: table.id, name: table.name })
        .from(table)
        .where(and(eq(table.agencyId, agencyId), isNull(table.deletedAt)))
        .orderBy(asc(table.searchText), asc(table.id))
        .limit(1000);
      return rows.map((r) => ({ kind, id: r.id, name: r.name }));
    }),
  );
  const [categories, accounts, terms, intermediaries] = await Promise.all([
    categoryChoices(db, agencyId),
    accountChoices(db, agencyId),
    db
      .select({
        id: paymentTerm.id,
        name: paymentTerm.name,
        downPaymentBp: paymentTerm.downPaymentBp,
        installments: paymentTerm.installments,
        firstDueDays: paymentTerm.firstDueDays,
        intervalKind: paymentTerm.intervalKind,
        intervalDays: paymentTerm.intervalDays,
        dayOfMonth: paymentTerm.dayOfMonth,
      })
      .from(paymentTerm)
      .where(and(eq(paymentTerm.agencyId, agencyId), isNull(paymentTerm.deletedAt), eq(paymentTerm.active, true)))
      .orderBy(asc(paymentTerm.name)),
    db
      .select({ id: intermediary.id, name: intermediary.name })
      .from(intermediary)
      .where(and(eq(intermediary.agencyId, agencyId), isNull(intermediary.deletedAt), eq(intermediary.active, true)))
      .orderBy(asc(intermediary.name)),
  ]);
  return { parties: parties.flat(), categories, accounts, terms, intermediaries };
}

/** The agency's live bank and cash accounts, by name. */
export function accountChoices(db: Db, agencyId: string) {
  return db
    .select({ id: bankAccount.id, name: bankAccount.name, currency: bankAccount.currency, active: bankAccount.active })
    .from(bankAccount)
    .where(and(eq(bankAccount.agencyId, agencyId), isNull(bankAccount.deletedAt)))
    .orderBy(asc(bankAccount.name));
}

/** The agency's live chart accounts, by code. */
export function categoryChoices(db: Db, agencyId: string) {
  return db
    .select({ id: chartAccount.id, code: chartAccount.code, name: chartAccount.name, nature: chartAccount.nature, active: chartAccount.active })
    .from(chartAccount)
    .where(and(eq(chartAccount.agencyId, agencyId), isNull(chartAccount.deletedAt)))
    .orderBy(asc(chartAccount.code));
}
