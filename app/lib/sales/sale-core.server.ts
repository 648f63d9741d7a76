/**
 * What both kinds of sale share on the server (issue #16; decision 0011): who
 * sees which sales (an Agente their own, everyone else with the module all),
 * the seller, the per-agency number, the batch guard against stale writes, and
 * the finance titles a sale writes — on confirmation, on an edit of a
 * confirmed sale and on cancellation — as batch statements the caller puts in
 * its own db.batch with its header and children, so a sale and its money are
 * written together or not at all. The amounts come from the pure titles.ts.
 */
import { and, asc, desc, eq, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { agency, agent, auditEntry, chartAccount, client, contract, excursionPassenger, financeTitle, paymentTerm, profile, recordCounter, sale, supplier, user } from "~/db/schema";
import { newId, nowIso } from "~/db/schema/columns";
import type { Role } from "~/db/schema/platform";
import type { ProductKind } from "~/db/schema/registers";
import type { SaleKind, SalePaymentMethod } from "~/db/schema/sales";
import type { UsedRate } from "~/lib/finance/cambio/cambio.server";
import { dayMinus } from "~/lib/finance/fx";
import { titleFxValues, titleRate } from "~/lib/finance/ledger/titles.server";
import type { TermShape } from "~/lib/finance/schedule";
import { buildSearchText } from "~/lib/kit/search-text";
import { auditInsert } from "~/lib/platform/audit.server";
import { assertInBatch } from "~/lib/platform/batch-assert.server";
import { fail, ok, type Result } from "~/lib/platform/result";
import type { Scope } from "~/lib/platform/scope.server";
import { textIn } from "~/lib/platform/text-in";
import type { SaleStatus } from "~/lib/sales/status";
import {
  A_VISTA,
  adjustSaleTitles,
  cancelSaleTitles,
  confirmSaleTitles,
  type AdjustFailure,
  type Adjustment,
  type Cancellation,
  type ConfirmRefusal,
  type ExistingTitle,
  type SaleTitleRow,
} from "~/lib/sales/titles";
import type { SaleTotals, TotalsFailure } from "~/lib/sales/totals";

export const SALE_ENTITY = "sale";
export const SALE_COUNTER = "sale";
export type SaleRow = typeof sale.$inferSelect;
type Statement = Parameters<Scope["db"]["batch"]>[0][number];

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const isId = (id: string | null | undefined): id is string => !!id && ID.test(id);

// ---------------------------------------------------------------------------
// Who sees what

/** Whether the role works on every sale of the agency (an Agente works on their own). */
export const seesAllSales = (role: Role) => role !== "Agente";

/** The sales the user may see: the agency's live sales (of `kind`), only their own for an Agente. */
export function saleScopeWhere(scope: Pick<Scope, "agencyId" | "role" | "userId">, kind?: SaleKind): SQL {
  return and(
    eq(sale.agencyId, scope.agencyId),
    isNull(sale.deletedAt),
    kind ? eq(sale.kind, kind) : undefined,
    seesAllSales(scope.role) ? undefined : eq(sale.ownerUserId, scope.userId),
  )!;
}

/** One sale the user may see (null: another agency's, another kind's, deleted, or someone else's for an Agente). */
export async function findSale(scope: Scope, id: string, kind?: SaleKind): Promise<SaleRow | null> {
  if (!isId(id)) return null;
  const [row] = await scope.db
    .select()
    .from(sale)
    .where(and(saleScopeWhere(scope, kind), eq(sale.id, id)))
    .limit(1);
  return row ?? null;
}

/** The agent record of the signed-in user (an Agente sells as it), if there is one. */
export async function defaultAgentFor(scope: Scope): Promise<string | null> {
  const [row] = await scope.db
    .select({ id: agent.id })
    .from(agent)
    .where(and(eq(agent.agencyId, scope.agencyId), eq(agent.userId, scope.userId), isNull(agent.deletedAt)))
    .limit(1);
  return row?.id ?? null;
}

export type SellerRefusal = "agent" | "ownAgent";

/**
 * The seller of a sale: a live agent of the agency. An Agente sells only as
 * their own agent record. The sale belongs to the agent's user when the agent
 * is staff, else to the user who makes it.
 */
export async function sellerFor(scope: Scope, agentId: string): Promise<Result<{ ownerUserId: string; agentName: string }, SellerRefusal>> {
  if (!isId(agentId)) return fail("agent");
  const [row] = await scope.db
    .select({ userId: agent.userId, name: agent.name })
    .from(agent)
    .where(and(eq(agent.agencyId, scope.agencyId), eq(agent.id, agentId), isNull(agent.deletedAt)))
    .limit(1);
  if (!row) return fail("agent");
  if (!seesAllSales(scope.role) && row.userId !== scope.userId) return fail("ownAgent");
  return ok({ ownerUserId: row.userId ?? scope.userId, agentName: row.name });
}

/** The agency's sales settings. */
export async function salesSettings(scope: Scope): Promise<{ maxDiscountBp: number | null }> {
  const [row] = await scope.db.select({ maxDiscountBp: agency.maxDiscountBp }).from(agency).where(eq(agency.id, scope.agencyId)).limit(1);
  return { maxDiscountBp: row?.maxDiscountBp ?? null };
}

// ---------------------------------------------------------------------------
// Writing a sale

export type NewSale = {
  kind: SaleKind;
  clientId: string;
  agentId: string;
  ownerUserId: string;
  excursionId?: string | null;
  saleDate: string;
  currency: string;
  paymentTermId: string | null;
  paymentMethod: SalePaymentMethod;
  downPaymentCents: number | null;
  firstDueDate: string | null;
  notes: string | null;
  totals: SaleTotals;
  passengerCount: number;
  searchText: string;
};

/** The stored totals columns of a sale from its computed totals. */
export const totalsColumns = (t: SaleTotals) => ({
  costCents: t.costCents,
  priceCents: t.priceCents,
  discountCents: t.discountCents,
  feesCents: t.feesCents,
  totalCents: t.clientTotalCents,
  marginCents: t.marginCents,
});

/**
 * The statements that create a sale (a draft) with the agency's next number:
 * the counter is bumped and read back by the insert, in the caller's batch, so
 * no two sales share a number and none is reused. Append the children and
 * batch them together.
 */
export function insertSaleStatements(scope: Scope, input: NewSale): { id: string; statements: Statement[] } {
  const { db, agencyId, userId, ip } = scope;
  const id = newId();
  const counter = db
    .insert(recordCounter)
    .values({ agencyId, kind: SALE_COUNTER, last: 1 })
    .onConflictDoUpdate({ target: [recordCounter.agencyId, recordCounter.kind], set: { last: sql`${recordCounter.last} + 1` } });
  const values = {
    id,
    agencyId,
    number: sql`(select "record_counter"."last" from "record_counter" where "record_counter"."agency_id" = ${agencyId} and "record_counter"."kind" = ${SALE_COUNTER})`,
    kind: input.kind,
    status: "draft" as const,
    clientId: input.clientId,
    agentId: input.agentId,
    ownerUserId: input.ownerUserId,
    excursionId: input.excursionId ?? null,
    saleDate: input.saleDate,
    currency: input.currency,
    ...totalsColumns(input.totals),
    paymentTermId: input.paymentTermId,
    paymentMethod: input.paymentMethod,
    downPaymentCents: input.downPaymentCents,
    firstDueDate: input.firstDueDate,
    notes: input.notes,
    passengerCount: input.passengerCount,
    searchText: input.searchText,
    createdBy: userId,
  };
  const header = db.insert(sale).values(values as never);
  const audited = Object.entries({ ...values, number: undefined, id: undefined, agencyId: undefined, searchText: undefined, createdBy: undefined }).filter(
    ([, v]) => v !== undefined && v !== null,
  );
  const audit = auditInsert(db, {
    agencyId,
    userId,
    ip,
    entity: SALE_ENTITY,
    entityId: id,
    action: "create",
    changes: Object.fromEntries(audited.map(([k, v]) => [k, [null, v]])),
  });
  return { id, statements: [counter, header, audit] };
}

/**
 * A batch statement that aborts the whole batch unless the sale is still at
 * `version` and `status` (and live): put it first in every multi-row write of a
 * sale, and bump the version in the same batch. A stale edit or a second
 * confirmation of the same sale then writes nothing.
 */
export function saleStillAt(scope: Scope, saleId: string, version: number, status: SaleStatus) {
  return assertInBatch(
    scope.db,
    scope.agencyId,
    "sale.stale",
    sql`not exists (select 1 from "sale" where "sale"."agency_id" = ${scope.agencyId} and "sale"."id" = ${saleId} and "sale"."version" = ${version} and "sale"."status" = ${status} and "sale"."deleted_at" is null)`,
  );
}

// ---------------------------------------------------------------------------
// Finance: categories, terms, titles

/** Where a product kind's revenue and cost go in the chart of accounts (its system keys). */
const REVENUE_KEY: Record<ProductKind, string> = {
  air: "revenue.air",
  hotel: "revenue.hotel",
  package: "revenue.packages",
  insurance: "revenue.insurance",
  transfer: "revenue.other_services",
  tour: "revenue.other_services",
  car_rental: "revenue.other_services",
  cruise: "revenue.packages",
  other: "revenue.other_services",
};
const COST_KEY: Record<ProductKind, string> = {
  air: "cost.air",
  hotel: "cost.hotel",
  package: "cost.packages",
  insurance: "cost.insurance",
  transfer: "cost.transport",
  tour: "cost.transport",
  car_rental: "cost.transport",
  cruise: "cost.packages",
  other: "cost.packages",
};
const REFUND_KEY = "deduction.refunds";
/** When an agency removed the specific account: its group's. */
const FALLBACK: Record<string, string> = { revenue: "revenue.sales", cost: "cost.suppliers", deduction: "deduction" };

/** What confirming needs of each item (an excursion place is an item without cost or supplier). */
export type ConfirmItem = { costCents: number; priceCents: number; feesCents: number; supplierId: string | null; productKind: ProductKind };

/** rate: no rate of the sale's currency for the sale day (nor the 7 before), or an amount in BRL beyond exact integers. */
export type CoreRefusal = ConfirmRefusal | "category" | "term" | "rate";
export type CoreFailure = TotalsFailure & { key?: string };

async function categoryIds(scope: Scope, keys: readonly string[]): Promise<Result<{ ids: Map<string, string> }, "category", CoreFailure>> {
  const wanted = [...new Set(keys.flatMap((k) => [k, FALLBACK[k.split(".")[0]!]!]))];
  const rows = await scope.db
    .select({ id: chartAccount.id, key: chartAccount.systemKey })
    .from(chartAccount)
    .where(and(eq(chartAccount.agencyId, scope.agencyId), inArray(chartAccount.systemKey, wanted), isNull(chartAccount.deletedAt), eq(chartAccount.active, true)));
  const byKey = new Map(rows.map((r) => [r.key!, r.id]));
  const out = new Map<string, string>();
  for (const k of keys) {
    const id = byKey.get(k) ?? byKey.get(FALLBACK[k.split(".")[0]!]!);
    if (!id) return fail("category", { item: null, key: k });
    out.set(k, id);
  }
  return ok({ ids: out });
}

const shapeOf = (t: typeof paymentTerm.$inferSelect): TermShape => ({
  downPaymentBp: t.downPaymentBp,
  installments: t.installments,
  firstDueDays: t.firstDueDays,
  intervalKind: t.intervalKind,
  intervalDays: t.intervalDays,
  dayOfMonth: t.dayOfMonth,
});

async function termShapes(scope: Scope, ids: readonly string[]): Promise<Map<string, TermShape>> {
  const wanted = [...new Set(ids.filter(isId))];
  if (wanted.length === 0) return new Map();
  const rows = await scope.db
    .select()
    .from(paymentTerm)
    .where(and(eq(paymentTerm.agencyId, scope.agencyId), inArray(paymentTerm.id, wanted), isNull(paymentTerm.deletedAt)));
  return new Map(rows.map((r) => [r.id, shapeOf(r)]));
}

/** The item whose amount is largest decides a group's category (ties: the first). */
function dominantKind(items: readonly ConfirmItem[], amount: (i: ConfirmItem) => number): ProductKind {
  let best: ConfirmItem | null = null;
  for (const i of items) if (!best || amount(i) > amount(best)) best = i;
  return best?.productKind ?? "package";
}

type Target = {
  totals: SaleTotals;
  receivables: SaleTitleRow[];
  payables: SaleTitleRow[];
  /** Category per (direction, party) group key. */
  categories: Map<string, string>;
  /** Payment term id per (direction, party) group key. */
  terms: Map<string, string | null>;
  partyNames: Map<string, string>;
  /** The rate the sale's titles are converted to BRL at (decision 0018). */
  rate: UsedRate;
};

/**
 * The rate a sale converts at (decision 0018): the one it keeps while that is
 * still a rate of its day (the day or the 7 before: a confirmed sale edited
 * without moving its date keeps its rate), else the rate of the sale day.
 */
export async function saleRate(scope: Scope, row: Pick<SaleRow, "currency" | "saleDate" | "fxRateE6" | "fxRateDate" | "fxRateSource">): Promise<UsedRate | null> {
  if (row.fxRateE6 !== null && row.fxRateDate && row.fxRateSource && row.fxRateDate <= row.saleDate && row.fxRateDate >= dayMinus(row.saleDate, 7)) {
    return { currency: row.currency, date: row.fxRateDate, rateE6: row.fxRateE6, source: row.fxRateSource };
  }
  return titleRate(scope, row.currency, row.saleDate);
}

/** The sale's header keeps the rate its titles used. */
function saleRateStatement(scope: Scope, saleId: string, rate: UsedRate): Statement {
  return scope.db
    .update(sale)
    .set({ fxRateE6: rate.rateE6, fxRateDate: rate.date, fxRateSource: rate.source })
    .where(and(eq(sale.agencyId, scope.agencyId), eq(sale.id, saleId)));
}

const groupKeyOf = (t: { direction: string; partyKind: string; partyId: string }) => `${t.direction}:${t.partyKind}:${t.partyId}`;

/** The titles the sale should have now (confirmSaleTitles with its plan and its suppliers' terms), with their categories. */
async function targetTitles(scope: Scope, row: SaleRow, items: readonly ConfirmItem[]): Promise<Result<Target, CoreRefusal, CoreFailure>> {
  const supplierIds = [...new Set(items.filter((i) => i.costCents > 0 && i.supplierId).map((i) => i.supplierId!))];
  const suppliers = supplierIds.length
    ? await scope.db
        .select({ id: supplier.id, name: supplier.name, termId: supplier.paymentTermId })
        .from(supplier)
        .where(and(eq(supplier.agencyId, scope.agencyId), inArray(supplier.id, supplierIds)))
    : [];
  const [clientRow] = await scope.db
    .select({ name: client.name })
    .from(client)
    .where(and(eq(client.agencyId, scope.agencyId), eq(client.id, row.clientId)))
    .limit(1);
  const terms = await termShapes(scope, [row.paymentTermId ?? "", ...suppliers.map((s) => s.termId ?? "")]);
  let term: TermShape = A_VISTA;
  if (row.paymentTermId) {
    const found = terms.get(row.paymentTermId);
    if (!found) return fail("term", { item: null });
    term = found;
  }
  const supplierTerms = new Map(suppliers.map((s) => [s.id, (s.termId && terms.get(s.termId)) || null]));
  const computed = confirmSaleTitles({
    saleNumber: row.number,
    clientId: row.clientId,
    currency: row.currency,
    saleDate: row.saleDate,
    items: items.map((i) => ({ costCents: i.costCents, priceCents: i.priceCents, feesCents: i.feesCents, currency: row.currency, supplierId: i.supplierId })),
    discountCents: row.discountCents,
    plan: { term, start: row.firstDueDate ?? row.saleDate, downPaymentCents: row.downPaymentCents },
    supplierTerms,
  });
  if (!computed.ok) return computed;
  const { totals, receivables, payables } = computed;
  const rate = await saleRate(scope, row);
  if (!rate) return fail("rate", { item: null, key: row.currency });
  if ([...receivables, ...payables].some((t) => !titleFxValues(t.amountCents, rate))) return fail("rate", { item: null, key: row.currency });
  // Categories: receivables by the item with the largest price; each supplier's payables by its largest cost.
  const keys = new Map<string, string>();
  keys.set(groupKeyOf({ direction: "receivable", partyKind: "client", partyId: row.clientId }), REVENUE_KEY[dominantKind(items, (i) => i.priceCents)]);
  keys.set(groupKeyOf({ direction: "payable", partyKind: "client", partyId: row.clientId }), REFUND_KEY);
  for (const s of suppliers) {
    keys.set(groupKeyOf({ direction: "payable", partyKind: "supplier", partyId: s.id }), COST_KEY[dominantKind(items.filter((i) => i.supplierId === s.id), (i) => i.costCents)]);
  }
  const ids = await categoryIds(scope, [...keys.values()]);
  if (!ids.ok) return ids;
  const categories = new Map([...keys].map(([g, k]) => [g, ids.ids.get(k)!]));
  const termIds = new Map<string, string | null>([[groupKeyOf({ direction: "receivable", partyKind: "client", partyId: row.clientId }), row.paymentTermId]]);
  for (const s of suppliers) termIds.set(groupKeyOf({ direction: "payable", partyKind: "supplier", partyId: s.id }), s.termId && terms.has(s.termId) ? s.termId : null);
  const partyNames = new Map<string, string>([[`client:${row.clientId}`, clientRow?.name ?? ""], ...suppliers.map((s) => [`supplier:${s.id}`, s.name] as [string, string])]);
  return ok({ totals, receivables, payables, categories, terms: termIds, partyNames, rate });
}

type TitleWrite = { row: SaleTitleRow; groupId: string };

/** finance_title inserts (origin: this sale) and their audit rows. */
function insertTitles(
  scope: Scope,
  row: SaleRow,
  target: Pick<Target, "categories" | "terms" | "partyNames"> & { rate: UsedRate | null },
  writes: readonly TitleWrite[],
  language: string,
): { ids: string[]; statements: Statement[] } {
  const { db, agencyId, userId, ip } = scope;
  if (writes.length === 0) return { ids: [], statements: [] };
  const values = writes.map(({ row: r, groupId }) => {
    const description = textIn(language, r.description.key, r.description.values);
    return {
      id: newId(),
      agencyId,
      direction: r.direction,
      partyKind: r.partyKind,
      partyId: r.partyId,
      description,
      documentNumber: String(row.number),
      categoryId: target.categories.get(groupKeyOf(r))!,
      competenceDate: row.saleDate,
      dueDate: r.dueDate,
      amountCents: r.amountCents,
      currency: row.currency,
      // The sale's rate (checked in targetTitles); none only for the refund of a sale confirmed before rates were kept.
      ...(target.rate ? titleFxValues(r.amountCents, target.rate) : null),
      installmentNo: r.installmentNo,
      installmentCount: r.installmentCount,
      groupId,
      paymentTermId: target.terms.get(groupKeyOf(r)) ?? null,
      originKind: "sale" as const,
      originId: row.id,
      searchText: buildSearchText(description, String(row.number), target.partyNames.get(`${r.partyKind}:${r.partyId}`) ?? ""),
      createdBy: userId,
    };
  });
  const audits = values.map((v) =>
    auditInsert(db, {
      agencyId,
      userId,
      ip,
      entity: "finance_title",
      entityId: v.id,
      action: "create",
      changes: {
        direction: [null, v.direction],
        partyId: [null, v.partyId],
        description: [null, v.description],
        dueDate: [null, v.dueDate],
        amountCents: [null, v.amountCents],
        originId: [null, v.originId],
      },
    }),
  );
  // One insert per title: D1 binds at most 100 parameters per statement.
  return { ids: values.map((v) => v.id), statements: [...values.map((v) => db.insert(financeTitle).values(v)), ...audits] };
}

/** A new group id per (direction, party). */
function grouped(rows: readonly SaleTitleRow[]): TitleWrite[] {
  const groups = new Map<string, string>();
  return rows.map((row) => {
    const key = groupKeyOf(row);
    let groupId = groups.get(key);
    if (!groupId) groups.set(key, (groupId = newId()));
    return { row, groupId };
  });
}

export type Confirmation = { totals: SaleTotals; receivables: SaleTitleRow[]; payables: SaleTitleRow[]; titleIds: string[]; statements: Statement[] };

/**
 * The titles confirming `row` writes, as statements: the client's receivables
 * from the plan and each supplier's payables from its default term
 * (origin 'sale', competence the sale day, categories by the items' product
 * kinds), each with its audit row. The caller batches them after
 * saleStillAt(…, "draft") with the header's move to confirmed.
 */
export async function planConfirmation(scope: Scope, row: SaleRow, items: readonly ConfirmItem[], language: string): Promise<Result<Confirmation, CoreRefusal, CoreFailure>> {
  const target = await targetTitles(scope, row, items);
  if (!target.ok) return target;
  const { totals, receivables, payables } = target;
  const written = insertTitles(scope, row, target, grouped([...receivables, ...payables]), language);
  return ok({ totals, receivables, payables, titleIds: written.ids, statements: [...written.statements, saleRateStatement(scope, row.id, target.rate)] });
}

/** The sale's titles (finance_title with origin this sale), receivables first, in installment order. */
export async function saleTitles(scope: Scope, saleId: string) {
  if (!isId(saleId)) return [];
  return scope.db
    .select()
    .from(financeTitle)
    .where(and(eq(financeTitle.agencyId, scope.agencyId), eq(financeTitle.originKind, "sale"), eq(financeTitle.originId, saleId)))
    .orderBy(desc(financeTitle.direction), asc(financeTitle.partyKind), asc(financeTitle.partyId), asc(financeTitle.installmentNo), asc(financeTitle.dueDate), asc(financeTitle.id));
}

type TitleRow = Awaited<ReturnType<typeof saleTitles>>[number];
const asExisting = (t: TitleRow): ExistingTitle => ({
  id: t.id,
  groupId: t.groupId,
  direction: t.direction,
  partyKind: t.partyKind === "client" ? "client" : "supplier",
  partyId: t.partyId,
  amountCents: t.amountCents,
  paidCents: t.paidCents,
  status: t.status,
  dueDate: t.dueDate,
  installmentNo: t.installmentNo,
  installmentCount: t.installmentCount,
});

/**
 * Aborts the batch if any of the sale's titles changed since they were read
 * (a settlement, an edit in finance): the count and the sum of their versions
 * (versions only grow) must be what was read.
 */
function titlesUnchanged(scope: Scope, saleId: string, titles: readonly TitleRow[]) {
  const versions = titles.reduce((s, t) => s + t.version, 0);
  return assertInBatch(
    scope.db,
    scope.agencyId,
    "sale.titles",
    sql`(select count(*) || ':' || coalesce(sum("finance_title"."version"), 0) from "finance_title" where "finance_title"."agency_id" = ${scope.agencyId} and "finance_title"."origin_kind" = 'sale' and "finance_title"."origin_id" = ${saleId}) <> ${`${titles.length}:${versions}`}`,
  );
}

/** One changed title, as shown before the user applies a change. */
export type TitlePreviewRow = {
  id: string | null;
  direction: "receivable" | "payable";
  partyKind: string;
  partyName: string;
  installment: string;
  dueDate: string;
  beforeCents: number | null;
  afterCents: number | null;
  change: "update" | "cancel" | "add";
};
export type EditPreview = { rows: TitlePreviewRow[]; receivableBeforeCents: number; receivableAfterCents: number; payableBeforeCents: number; payableAfterCents: number };

export type EditPlan = { totals: SaleTotals; adjustment: Adjustment; preview: EditPreview; statements: Statement[] };
export type EditRefusal = CoreRefusal | "settledExceedsTotal";
export type EditFailure = CoreFailure | (AdjustFailure & { item: null });

function updateTitleStatements(scope: Scope, row: SaleRow, titles: readonly TitleRow[], updates: Adjustment["updates"], language: string, at: string, rate: UsedRate | null): Statement[] {
  const { db, agencyId, userId, ip } = scope;
  const byId = new Map(titles.map((t) => [t.id, t]));
  return updates.flatMap((u) => {
    const before = byId.get(u.id)!;
    const description = textIn(language, u.description.key, u.description.values);
    // A title keeps its rate; its BRL amount follows its amount (one without a rate takes the sale's).
    const kept: UsedRate | null = before.fxRateE6 !== null ? { currency: before.currency, date: before.fxRateDate ?? row.saleDate, rateE6: before.fxRateE6, source: before.fxRateSource ?? "manual" } : rate;
    const fx = kept ? titleFxValues(u.amountCents, kept) : null;
    return [
      db
        .update(financeTitle)
        .set({ amountCents: u.amountCents, ...fx, dueDate: u.dueDate, installmentNo: u.installmentNo, installmentCount: u.installmentCount, status: u.status, description, updatedAt: at, version: sql`${financeTitle.version} + 1` })
        .where(and(eq(financeTitle.agencyId, agencyId), eq(financeTitle.id, u.id))),
      auditInsert(db, {
        agencyId,
        userId,
        ip,
        entity: "finance_title",
        entityId: u.id,
        action: "update",
        changes: Object.fromEntries(
          (
            [
              ["amountCents", before.amountCents, u.amountCents],
              ["dueDate", before.dueDate, u.dueDate],
              ["installmentNo", before.installmentNo, u.installmentNo],
              ["installmentCount", before.installmentCount, u.installmentCount],
              ["status", before.status, u.status],
            ] as const
          )
            .filter(([, a, b]) => a !== b)
            .map(([k, a, b]) => [k, [a, b]]),
        ),
      }),
    ];
  });
}

function cancelTitleStatements(scope: Scope, titles: readonly TitleRow[], ids: readonly string[], reason: string, at: string): Statement[] {
  const { db, agencyId, userId, ip } = scope;
  const byId = new Map(titles.map((t) => [t.id, t]));
  return ids.flatMap((id) => [
    db
      .update(financeTitle)
      .set({ status: "cancelled", cancelledAt: at, cancelReason: reason, updatedAt: at, version: sql`${financeTitle.version} + 1` })
      .where(and(eq(financeTitle.agencyId, agencyId), eq(financeTitle.id, id))),
    auditInsert(db, { agencyId, userId, ip, entity: "finance_title", entityId: id, action: "update", changes: { status: [byId.get(id)?.status ?? null, "cancelled"], cancelReason: [null, reason] } }),
  ]);
}

/**
 * What editing a confirmed sale does to its titles: `row` carries the edited
 * values (discount, plan, totals) and `items` the edited items or places. The
 * open titles follow the new figures, settled money is never taken back
 * (titles.ts adjustSaleTitles); refused with the figures when what was paid
 * exceeds the new total. `preview` is what the screen shows before applying;
 * `statements` apply it (guarded: nothing applies if a title changed since).
 */
export async function planEdit(scope: Scope, row: SaleRow, items: readonly ConfirmItem[], language: string): Promise<Result<EditPlan, EditRefusal, EditFailure>> {
  const target = await targetTitles(scope, row, items);
  if (!target.ok) return target;
  const titles = await saleTitles(scope, row.id);
  const adjusted = adjustSaleTitles(titles.map(asExisting), [...target.receivables, ...target.payables], row.number);
  if (!adjusted.ok) return fail(adjusted.reason, { ...adjusted, item: null } as EditFailure);
  const adjustment: Adjustment = { updates: adjusted.updates, cancels: adjusted.cancels, adds: adjusted.adds };
  const at = nowIso();
  const reason = textIn(language, "sales.common.editedSale", { number: row.number });
  const newGroups = new Map<string, string>();
  const adds = adjustment.adds.map((a) => {
    const key = groupKeyOf(a);
    let groupId = a.groupId ?? newGroups.get(key);
    if (!groupId) newGroups.set(key, (groupId = newId()));
    return { row: a as SaleTitleRow, groupId };
  });
  const inserted = insertTitles(scope, row, target, adds, language);
  const statements: Statement[] = [
    titlesUnchanged(scope, row.id, titles),
    ...updateTitleStatements(scope, row, titles, adjustment.updates, language, at, target.rate),
    ...cancelTitleStatements(scope, titles, adjustment.cancels, reason, at),
    ...inserted.statements,
    saleRateStatement(scope, row.id, target.rate),
  ];
  // The preview: every title that changes, with the party's name.
  const names = target.partyNames;
  const byId = new Map(titles.map((t) => [t.id, t]));
  const nameOf = (kind: string, id: string) => names.get(`${kind}:${id}`) ?? "";
  const rows: TitlePreviewRow[] = [
    ...adjustment.updates.map((u) => {
      const t = byId.get(u.id)!;
      return { id: u.id, direction: t.direction, partyKind: t.partyKind, partyName: nameOf(t.partyKind, t.partyId), installment: `${u.installmentNo}/${u.installmentCount}`, dueDate: u.dueDate, beforeCents: t.amountCents, afterCents: u.amountCents, change: "update" as const };
    }),
    ...adjustment.cancels.map((id) => {
      const t = byId.get(id)!;
      return { id, direction: t.direction, partyKind: t.partyKind, partyName: nameOf(t.partyKind, t.partyId), installment: `${t.installmentNo}/${t.installmentCount}`, dueDate: t.dueDate, beforeCents: t.amountCents, afterCents: null, change: "cancel" as const };
    }),
    ...adjustment.adds.map((a) => ({ id: null, direction: a.direction, partyKind: a.partyKind, partyName: nameOf(a.partyKind, a.partyId), installment: `${a.installmentNo}/${a.installmentCount}`, dueDate: a.dueDate, beforeCents: null, afterCents: a.amountCents, change: "add" as const })),
  ];
  const live = titles.filter((t) => t.status !== "cancelled");
  const sum = (d: "receivable" | "payable", list: { direction: string; amountCents: number }[]) => list.filter((t) => t.direction === d).reduce((s, t) => s + t.amountCents, 0);
  const after = [...target.receivables, ...target.payables];
  return ok({
    totals: target.totals,
    adjustment,
    statements,
    preview: {
      rows,
      receivableBeforeCents: sum("receivable", live),
      receivableAfterCents: sum("receivable", after),
      payableBeforeCents: sum("payable", live.filter((t) => t.partyKind !== "client")),
      payableAfterCents: sum("payable", after),
    },
  });
}

export type CancellationPlan = { cancellation: Cancellation; statements: Statement[] };

/**
 * What cancelling a confirmed sale does to its titles, as statements: open
 * titles cancelled, partial ones closed at what was paid, a refund payable to
 * the client (due `today`) of what the client paid. Guarded like planEdit.
 */
export async function planCancellation(scope: Scope, row: SaleRow, language: string, today: string, reason: string): Promise<Result<CancellationPlan, "category", CoreFailure>> {
  const titles = await saleTitles(scope, row.id);
  const cancellation = cancelSaleTitles(titles.map(asExisting), row.clientId, row.number, today);
  const at = nowIso();
  // Cancelling is never refused for want of a rate: a sale confirmed before rates were kept may have none.
  const rate = await saleRate(scope, row);
  const statements: Statement[] = [
    titlesUnchanged(scope, row.id, titles),
    ...cancelTitleStatements(scope, titles, cancellation.cancels, reason, at),
    ...updateTitleStatements(scope, row, titles, cancellation.updates, language, at, rate),
  ];
  if (cancellation.refund) {
    const ids = await categoryIds(scope, [REFUND_KEY]);
    if (!ids.ok) return ids;
    const [clientRow] = await scope.db
      .select({ name: client.name })
      .from(client)
      .where(and(eq(client.agencyId, scope.agencyId), eq(client.id, row.clientId)))
      .limit(1);
    const key = groupKeyOf(cancellation.refund);
    const refund = insertTitles(
      scope,
      row,
      { categories: new Map([[key, ids.ids.get(REFUND_KEY)!]]), terms: new Map(), partyNames: new Map([[`client:${row.clientId}`, clientRow?.name ?? ""]]), rate },
      [{ row: cancellation.refund, groupId: newId() }],
      language,
    );
    statements.push(...refund.statements);
  }
  return ok({ cancellation, statements });
}

// ---------------------------------------------------------------------------
// Timeline

export type TimelineEntry = {
  id: string;
  createdAt: string;
  entity: "sale" | "finance_title" | "excursion_passenger" | "contract";
  entityId: string;
  action: "create" | "update" | "delete" | "restore";
  who: string | null;
  changes: Record<string, [unknown, unknown]> | null;
};
export const TIMELINE_PAGE = 50;

/**
 * Everything that happened to a sale, newest first: the audit entries of the
 * sale, of its titles, of its excursion places and of its contracts (the one
 * audit path; no second log). Keyset pages by (created_at, id) with `before`.
 */
export async function saleTimeline(scope: Scope, saleId: string, before: { createdAt: string; id: string } | null = null): Promise<{ entries: TimelineEntry[]; more: boolean }> {
  if (!isId(saleId)) return { entries: [], more: false };
  const { db, agencyId } = scope;
  const rows = await db
    .select({
      id: auditEntry.id,
      createdAt: auditEntry.createdAt,
      entity: auditEntry.entity,
      entityId: auditEntry.entityId,
      action: auditEntry.action,
      changes: auditEntry.changes,
      profileName: profile.name,
      userName: user.name,
    })
    .from(auditEntry)
    .leftJoin(user, eq(user.id, auditEntry.userId))
    .leftJoin(profile, eq(profile.id, auditEntry.userId))
    .where(
      and(
        eq(auditEntry.agencyId, agencyId),
        or(
          and(eq(auditEntry.entity, SALE_ENTITY), eq(auditEntry.entityId, saleId)),
          and(
            eq(auditEntry.entity, "finance_title"),
            inArray(
              auditEntry.entityId,
              db
                .select({ id: financeTitle.id })
                .from(financeTitle)
                .where(and(eq(financeTitle.agencyId, agencyId), eq(financeTitle.originKind, "sale"), eq(financeTitle.originId, saleId))),
            ),
          ),
          and(
            eq(auditEntry.entity, "excursion_passenger"),
            inArray(
              auditEntry.entityId,
              db
                .select({ id: excursionPassenger.id })
                .from(excursionPassenger)
                .where(and(eq(excursionPassenger.agencyId, agencyId), eq(excursionPassenger.saleId, saleId))),
            ),
          ),
          and(
            eq(auditEntry.entity, "contract"),
            inArray(
              auditEntry.entityId,
              db
                .select({ id: contract.id })
                .from(contract)
                .where(and(eq(contract.agencyId, agencyId), eq(contract.saleId, saleId))),
            ),
          ),
        ),
        before ? or(lt(auditEntry.createdAt, before.createdAt), and(eq(auditEntry.createdAt, before.createdAt), lt(auditEntry.id, before.id))) : undefined,
      ),
    )
    .orderBy(desc(auditEntry.createdAt), desc(auditEntry.id))
    .limit(TIMELINE_PAGE + 1);
  return {
    entries: rows.slice(0, TIMELINE_PAGE).map((r) => ({
      id: r.id,
      createdAt: r.createdAt,
      entity: r.entity as TimelineEntry["entity"],
      entityId: r.entityId,
      action: r.action,
      who: r.profileName || r.userName || null,
      changes: (r.changes as Record<string, [unknown, unknown]> | null) ?? null,
    })),
    more: rows.length > TIMELINE_PAGE,
  };
}
