/**
 * Money that moves (finance_entry; never updated or deleted):
 * - settling titles: each title's paid_cents/status/version and its entry in one
 *   db.batch; the title's UPDATE is conditioned on the version read and on the
 *   amount still open, and the entry's INSERT … SELECT carries its net only
 *   `when changes() = 1` — otherwise NULL, which the NOT NULL column refuses, so a
 *   lost race aborts the whole batch (several titles settle all or nothing) and
 *   the loser changes nothing;
 * - reversing a settlement (or a manual entry): a reversal entry with the figures
 *   negated, `reverses_id` unique (once), and the title's paid_cents restored the
 *   same guarded way;
 * - transfers between accounts (a pair of entries) and manual entries (a bank
 *   fee, a deposit) with a chart-of-accounts category.
 */
import { and, eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import { financeEntry, financeTitle, intermediary, type EntryOrigin, type TitleDirection } from "~/db/schema";
import { newId, nowIso } from "~/db/schema/columns";
import { settlementNet, statusFor, type SettlementFigures } from "~/lib/finance/ledger/ledger";
import { findBankAccount, findCategory, isId, titleRate } from "~/lib/finance/ledger/titles.server";
import { BASE_CURRENCY, RATE_SCALE, tryToBrl } from "~/lib/finance/fx";
import { MAX_CENTS } from "~/lib/finance/money";
import { auditIfChanged, isUniqueViolation } from "~/lib/system/agencies.server";
import { auditInsert } from "~/lib/platform/audit.server";
import type { Db } from "~/lib/platform/db.server";
import { fail, ok, type Result } from "~/lib/platform/result";
import type { Scope } from "~/lib/platform/scope.server";

type EntryValues = typeof financeEntry.$inferInsert;

/**
 * An entry's rate and its net in BRL at it (decision 0018), converted once by
 * fx.ts; null when the BRL amount is beyond exact integers. A settlement uses
 * its title's stored rate (none for a title without one: the entry has none
 * either and the cash DRE keeps it apart), a manual entry or a transfer on a
 * foreign-currency account the rate of its day.
 */
export function entryFx(netCents: number, currency: string, rateE6: number | null): { fxRateE6: number | null; amountBrlCents: number | null } | null {
  if (currency === BASE_CURRENCY) return { fxRateE6: RATE_SCALE, amountBrlCents: netCents };
  if (rateE6 === null) return { fxRateE6: null, amountBrlCents: null };
  const amountBrlCents = tryToBrl(netCents, currency, rateE6);
  return amountBrlCents === null ? null : { fxRateE6: rateE6, amountBrlCents };
}
export type Entry = typeof financeEntry.$inferSelect;

const ENTRY_COLUMNS = Object.entries(getTableColumns(financeEntry)) as [keyof EntryValues, unknown][];

/**
 * `insert into finance_entry … select …` whose net is NULL — refused by the NOT
 * NULL column, aborting the batch — unless the statement just before it changed
 * exactly one row.
 */
function insertEntryIfApplied(db: Db, values: EntryValues) {
  const full: Record<string, unknown> = { createdAt: nowIso(), origin: "manual", currency: "BRL", principalCents: 0, interestCents: 0, fineCents: 0, discountCents: 0, feeCents: 0, ...values };
  const parts: SQL[] = ENTRY_COLUMNS.map(([key]) => {
    const v = full[key] ?? null;
    return key === "netCents" ? sql`case when changes() = 1 then ${v} else null end` : sql`${v}`;
  });
  return db.insert(financeEntry).select(sql`select ${sql.join(parts, sql`, `)}`);
}

const isGuardAbort = (error: unknown) => /NOT NULL constraint failed: finance_entry\.net_cents/i.test(String((error as { message?: string })?.message ?? error));

export type SettleItem = SettlementFigures & { titleId: string; version: number; intermediaryId: string | null };
export type SettleCommon = { date: string; bankAccountId: string; description: string | null; origin?: EntryOrigin; originRef?: string | null };
export type SettleFailure = "account" | "accountDate" | "notFound" | "conflict" | "closed" | "overpaid" | "currency" | "intermediary" | "figures";

const figuresOk = (f: SettlementFigures, direction: TitleDirection) =>
  f.principalCents > 0 &&
  [f.principalCents, f.interestCents, f.fineCents, f.discountCents, f.feeCents].every((c) => Number.isSafeInteger(c) && c >= 0 && c <= MAX_CENTS) &&
  Math.abs(settlementNet(direction, f)) <= MAX_CENTS &&
  f.discountCents <= f.principalCents + f.interestCents + f.fineCents;

/**
 * Settles the titles (partially or fully) into one bank or cash account on one
 * date: all of them, or none (a stale version, a title settled meanwhile, an
 * amount above what is open). `titleId` names the title a failure is about.
 */
export async function settleTitles(scope: Scope, common: SettleCommon, items: readonly SettleItem[]): Promise<Result<{ entryIds: string[] }, SettleFailure, { titleId?: string }>> {
  const { db, agencyId, userId, ip } = scope;
  const account = await findBankAccount(db, agencyId, common.bankAccountId);
  if (!account || !account.active) return fail("account");
  if (common.date < account.openingDate) return fail("accountDate");
  const ids = items.map((i) => i.titleId);
  if (items.length === 0 || !ids.every(isId) || new Set(ids).size !== ids.length) return fail("notFound");
  const titles = await db
    .select()
    .from(financeTitle)
    .where(and(eq(financeTitle.agencyId, agencyId), inArray(financeTitle.id, ids)));
  const byId = new Map(titles.map((t) => [t.id, t]));
  const intermediaryIds = [...new Set(items.map((i) => i.intermediaryId).filter((v): v is string => !!v))];
  if (intermediaryIds.length > 0) {
    if (!intermediaryIds.every(isId)) return fail("intermediary");
    const found = await db
      .select({ id: intermediary.id })
      .from(intermediary)
      .where(and(eq(intermediary.agencyId, agencyId), inArray(intermediary.id, intermediaryIds), sql`${intermediary.deletedAt} is null`));
    if (found.length !== intermediaryIds.length) return fail("intermediary");
  }
  const statements = [];
  const entryIds: string[] = [];
  for (const item of items) {
    const title = byId.get(item.titleId);
    if (!title) return fail("notFound", { titleId: item.titleId });
    if (title.status === "cancelled" || title.status === "paid") return fail("closed", { titleId: title.id });
    if (title.version !== item.version) return fail("conflict", { titleId: title.id });
    if (!figuresOk(item, title.direction)) return fail("figures", { titleId: title.id });
    if (item.principalCents > title.amountCents - title.paidCents) return fail("overpaid", { titleId: title.id });
    if (title.currency !== account.currency) return fail("currency", { titleId: title.id });
    const p = item.principalCents;
    const entryId = newId();
    entryIds.push(entryId);
    const net = settlementNet(title.direction, item);
    const fx = entryFx(net, title.currency, title.fxRateE6);
    if (!fx) return fail("figures", { titleId: title.id });
    statements.push(
      db
        .update(financeTitle)
        .set({
          paidCents: sql`${financeTitle.paidCents} + ${p}`,
          status: sql`case when ${financeTitle.paidCents} + ${p} >= ${financeTitle.amountCents} then 'paid' else 'partial' end`,
          version: sql`${financeTitle.version} + 1`,
          updatedAt: nowIso(),
        })
        .where(
          and(
            eq(financeTitle.id, title.id),
            eq(financeTitle.agencyId, agencyId),
            eq(financeTitle.version, item.version),
            inArray(financeTitle.status, ["open", "partial"]),
            sql`${financeTitle.paidCents} + ${p} <= ${financeTitle.amountCents}`,
          ),
        ),
      insertEntryIfApplied(db, {
        id: entryId,
        agencyId,
        bankAccountId: account.id,
        kind: "settlement",
        date: common.date,
        titleId: title.id,
        principalCents: p,
        interestCents: item.interestCents,
        fineCents: item.fineCents,
        discountCents: item.discountCents,
        feeCents: item.feeCents,
        intermediaryId: item.intermediaryId,
        netCents: net,
        currency: title.currency,
        ...fx,
        // The DRE's category (the title's; triggers keep it if the title's changes).
        dreCategoryId: title.categoryId,
        description: common.description,
        origin: common.origin ?? "manual",
        originRef: common.originRef ?? null,
        createdBy: userId,
      }),
      auditInsert(db, {
        agencyId,
        userId,
        ip,
        entity: "finance_entry",
        entityId: entryId,
        action: "create",
        changes: { kind: [null, "settlement"], titleId: [null, title.id], date: [null, common.date], principalCents: [null, p], netCents: [null, net], bankAccountId: [null, account.id] },
      }),
    );
  }
  try {
    await db.batch(statements as never);
  } catch (error) {
    if (isGuardAbort(error)) return whichLost(db, agencyId, items);
    if (isUniqueViolation(error)) return fail("conflict");
    throw error;
  }
  return ok({ entryIds });
}

/** After an aborted batch: the first title whose version moved on. */
async function whichLost(db: Db, agencyId: string, items: readonly SettleItem[]) {
  const rows = await db
    .select({ id: financeTitle.id, version: financeTitle.version })
    .from(financeTitle)
    .where(and(eq(financeTitle.agencyId, agencyId), inArray(financeTitle.id, items.map((i) => i.titleId))));
  const lost = items.find((i) => rows.find((r) => r.id === i.titleId)?.version !== i.version);
  return fail("conflict" as const, { titleId: lost?.titleId });
}

export async function findEntry(db: Db, agencyId: string, id: string): Promise<Entry | null> {
  if (!isId(id)) return null;
  const [row] = await db
    .select()
    .from(financeEntry)
    .where(and(eq(financeEntry.id, id), eq(financeEntry.agencyId, agencyId)))
    .limit(1);
  return row ?? null;
}

export type ReverseFailure = "notFound" | "notReversible" | "reversed" | "conflict";

/**
 * Undoes a settlement or a manual entry with a reversal entry (the figures
 * negated, on `date`), once. A settlement's title gets its paid cents back and
 * the status they give (what it was before the settlement when it was the last one).
 * A transfer (either of its two entries) is undone by a pair of reversals, one on
 * each account (reverseTransfer).
 */
export async function reverseEntry(scope: Scope, entryId: string, date: string, reason: string | null): Promise<Result<{ id: string; titleId: string | null }, ReverseFailure>> {
  const { db, agencyId, userId, ip } = scope;
  const entry = await findEntry(db, agencyId, entryId);
  if (!entry) return fail("notFound");
  if (entry.kind === "transfer_out" || entry.kind === "transfer_in") return reverseTransfer(scope, entry, date, reason);
  if (entry.kind !== "settlement" && entry.kind !== "manual") return fail("notReversible");
  const [already] = await db
    .select({ id: financeEntry.id })
    .from(financeEntry)
    .where(and(eq(financeEntry.agencyId, agencyId), eq(financeEntry.reversesId, entry.id)))
    .limit(1);
  if (already) return fail("reversed");
  const id = newId();
  const values: EntryValues = {
    id,
    agencyId,
    bankAccountId: entry.bankAccountId,
    kind: "reversal",
    date: date < entry.date ? entry.date : date,
    titleId: entry.titleId,
    principalCents: -entry.principalCents,
    interestCents: -entry.interestCents,
    fineCents: -entry.fineCents,
    discountCents: -entry.discountCents,
    feeCents: -entry.feeCents,
    intermediaryId: entry.intermediaryId,
    netCents: -entry.netCents,
    currency: entry.currency,
    // The same rate as the entry it undoes: the BRL figures cancel exactly.
    fxRateE6: entry.fxRateE6,
    amountBrlCents: entry.amountBrlCents === null ? null : -entry.amountBrlCents,
    categoryId: entry.categoryId,
    dreCategoryId: entry.dreCategoryId,
    reversesId: entry.id,
    description: reason,
    createdBy: userId,
  };
  const audit = auditIfChanged(db, {
    agencyId,
    userId,
    ip,
    entity: "finance_entry",
    entityId: id,
    action: "create",
    changes: { kind: [null, "reversal"], reversesId: [null, entry.id], netCents: [null, -entry.netCents], reason: [null, reason] },
  });
  const statements = [];
  if (entry.titleId) {
    const [title] = await db
      .select()
      .from(financeTitle)
      .where(and(eq(financeTitle.agencyId, agencyId), eq(financeTitle.id, entry.titleId)));
    if (!title) return fail("notFound");
    const p = entry.principalCents;
    statements.push(
      db
        .update(financeTitle)
        .set({
          paidCents: sql`${financeTitle.paidCents} - ${p}`,
          status: sql`case when ${financeTitle.paidCents} - ${p} <= 0 then 'open' else 'partial' end`,
          version: sql`${financeTitle.version} + 1`,
          updatedAt: nowIso(),
        })
        .where(
          and(
            eq(financeTitle.id, title.id),
            eq(financeTitle.agencyId, agencyId),
            eq(financeTitle.version, title.version),
            sql`${financeTitle.paidCents} >= ${p}`,
            sql`not exists (select 1 from ${financeEntry} where ${financeEntry.agencyId} = ${agencyId} and ${financeEntry.reversesId} = ${entry.id})`,
          ),
        ),
      insertEntryIfApplied(db, values),
      audit,
    );
  } else {
    statements.push(db.insert(financeEntry).values(values), audit);
  }
  try {
    await db.batch(statements as never);
  } catch (error) {
    if (isUniqueViolation(error)) return fail("reversed");
    if (isGuardAbort(error)) {
      const again = await db
        .select({ id: financeEntry.id })
        .from(financeEntry)
        .where(and(eq(financeEntry.agencyId, agencyId), eq(financeEntry.reversesId, entry.id)))
        .limit(1);
      return fail(again.length > 0 ? "reversed" : "conflict");
    }
    throw error;
  }
  return ok({ id, titleId: entry.titleId });
}

/**
 * Undoes a transfer: a reversal of each of its two entries (the money goes back
 * into the account it left and out of the one it reached), sharing a new
 * transfer id so each account's statement names the other; on `date` (not before
 * the transfer's). Once: `reverses_id` is unique, so a second or concurrent
 * reversal writes nothing.
 */
async function reverseTransfer(scope: Scope, entry: Entry, date: string, reason: string | null): Promise<Result<{ id: string; titleId: null }, ReverseFailure>> {
  const { db, agencyId, userId, ip } = scope;
  if (!entry.transferId) return fail("notReversible");
  const pair = await db
    .select()
    .from(financeEntry)
    .where(and(eq(financeEntry.agencyId, agencyId), eq(financeEntry.transferId, entry.transferId), inArray(financeEntry.kind, ["transfer_out", "transfer_in"])));
  const out = pair.find((e) => e.kind === "transfer_out");
  const into = pair.find((e) => e.kind === "transfer_in");
  if (!out || !into) return fail("notReversible");
  const [already] = await db
    .select({ id: financeEntry.id })
    .from(financeEntry)
    .where(and(eq(financeEntry.agencyId, agencyId), inArray(financeEntry.reversesId, [out.id, into.id])))
    .limit(1);
  if (already) return fail("reversed");
  const transferId = newId();
  const day = date < entry.date ? entry.date : date;
  const reversal = (e: Entry) => ({
    id: newId(),
    agencyId,
    bankAccountId: e.bankAccountId,
    kind: "reversal" as const,
    date: day,
    netCents: -e.netCents,
    currency: e.currency,
    fxRateE6: e.fxRateE6,
    amountBrlCents: e.amountBrlCents === null ? null : -e.amountBrlCents,
    reversesId: e.id,
    transferId,
    description: reason,
    createdBy: userId,
  });
  const rows = [reversal(out), reversal(into)];
  try {
    await db.batch([
      db.insert(financeEntry).values(rows),
      auditInsert(db, {
        agencyId,
        userId,
        ip,
        entity: "finance_entry",
        entityId: rows[0]!.id,
        action: "create",
        changes: { kind: [null, "reversal"], reversesTransfer: [null, entry.transferId], amountCents: [null, into.netCents], date: [null, day], reason: [null, reason] },
      }),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) return fail("reversed");
    throw error;
  }
  return ok({ id: rows[0]!.id, titleId: null });
}

/** What a reversal leaves a title at (pure mirror of the SQL above, for tests and previews). */
export const statusAfterReversal = (paidCents: number, principalCents: number, amountCents: number) => statusFor(paidCents - principalCents, amountCents);

export type TransferInput = { fromAccountId: string; toAccountId: string; date: string; amountCents: number; description: string | null };
export type TransferFailure = "sameAccount" | "fromAccount" | "toAccount" | "accountDate" | "currency" | "amount" | "rate";

/** A transfer: the same amount out of one account and into another, a pair sharing `transfer_id`. */
export async function transferBetween(scope: Scope, input: TransferInput): Promise<Result<{ transferId: string }, TransferFailure>> {
  const { db, agencyId, userId, ip } = scope;
  if (input.fromAccountId === input.toAccountId) return fail("sameAccount");
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0 || input.amountCents > MAX_CENTS) return fail("amount");
  const [from, to] = await Promise.all([findBankAccount(db, agencyId, input.fromAccountId), findBankAccount(db, agencyId, input.toAccountId)]);
  if (!from || !from.active) return fail("fromAccount");
  if (!to || !to.active) return fail("toAccount");
  if (from.currency !== to.currency) return fail("currency");
  if (input.date < from.openingDate || input.date < to.openingDate) return fail("accountDate");
  // Both accounts share the currency; a foreign one converts at the rate of the day.
  const rate = await titleRate(scope, from.currency, input.date);
  if (!rate) return fail("rate");
  const outFx = entryFx(-input.amountCents, from.currency, rate.rateE6);
  const inFx = entryFx(input.amountCents, from.currency, rate.rateE6);
  if (!outFx || !inFx) return fail("amount");
  const transferId = newId();
  const outId = newId();
  const inId = newId();
  const base = { agencyId, date: input.date, transferId, currency: from.currency, description: input.description, createdBy: userId } as const;
  await db.batch([
    db.insert(financeEntry).values([
      { ...base, id: outId, bankAccountId: from.id, kind: "transfer_out", netCents: -input.amountCents, ...outFx },
      { ...base, id: inId, bankAccountId: to.id, kind: "transfer_in", netCents: input.amountCents, ...inFx },
    ]),
    auditInsert(db, {
      agencyId,
      userId,
      ip,
      entity: "finance_entry",
      entityId: outId,
      action: "create",
      changes: { kind: [null, "transfer"], from: [null, from.name], to: [null, to.name], amountCents: [null, input.amountCents], date: [null, input.date] },
    }),
  ]);
  return ok({ transferId });
}

export type ManualInput = { bankAccountId: string; date: string; netCents: number; categoryId: string; description: string };
export type ManualFailure = "account" | "accountDate" | "category" | "amount" | "rate";

/** A manual entry on an account (+ in, − out), with its category (a bank fee, interest earned, a deposit...). */
export async function manualEntry(scope: Scope, input: ManualInput): Promise<Result<{ id: string }, ManualFailure>> {
  const { db, agencyId, userId, ip } = scope;
  if (!Number.isSafeInteger(input.netCents) || input.netCents === 0 || Math.abs(input.netCents) > MAX_CENTS) return fail("amount");
  const [account, category] = await Promise.all([findBankAccount(db, agencyId, input.bankAccountId), findCategory(db, agencyId, input.categoryId)]);
  if (!account || !account.active) return fail("account");
  if (input.date < account.openingDate) return fail("accountDate");
  if (!category || !category.active) return fail("category");
  const rate = await titleRate(scope, account.currency, input.date);
  if (!rate) return fail("rate");
  const fx = entryFx(input.netCents, account.currency, rate.rateE6);
  if (!fx) return fail("amount");
  const id = newId();
  await db.batch([
    db.insert(financeEntry).values({
      id,
      agencyId,
      bankAccountId: account.id,
      kind: "manual",
      date: input.date,
      netCents: input.netCents,
      currency: account.currency,
      ...fx,
      categoryId: category.id,
      dreCategoryId: category.id,
      description: input.description,
      createdBy: userId,
    }),
    auditInsert(db, {
      agencyId,
      userId,
      ip,
      entity: "finance_entry",
      entityId: id,
      action: "create",
      changes: { kind: [null, "manual"], bankAccountId: [null, account.id], netCents: [null, input.netCents], categoryId: [null, category.id], date: [null, input.date] },
    }),
  ]);
  return ok({ id });
}
