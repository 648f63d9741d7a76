/**
 * Agents' commissions on the server (issue #20 item 3; decision 0017).
 *
 * - syncSaleCommissions: brings a sale's lines to the rule applied to the sale as
 *   stored now (planLines), with the agency's release policy applied to what the
 *   client has paid. Called after every write of a sale (the sales module's write
 *   paths: emissivoAction, runExcursionSaleIntent) and whenever the sale's
 *   receivables change (the ledger's TitleHooks, the Asaas webhook's settlement).
 * - payCommissions: one payable per agent (finance_title, origin commission) and the
 *   lines marked paid, in one db.batch; cancelling that payable returns them.
 * - the list, its totals per status and the report per agent and period.
 */
import { and, asc, eq, gte, inArray, isNull, lte, ne, sql, type SQL } from "drizzle-orm";
import { agency, agent, commissionLine, financeTitle, sale } from "~/db/schema";
import { newId, nowIso } from "~/db/schema/columns";
import { chartAccountByKey } from "~/lib/finance/defaults.server";
import type { UsedRate } from "~/lib/finance/cambio/cambio.server";
import { titleInsertStatements, titleRate, type TitleHooks } from "~/lib/finance/ledger/titles.server";
import { csvResponse } from "~/lib/kit/csv.server";
import type { ListQuery } from "~/lib/kit/list";
import { pdfResponse, tablePdf } from "~/lib/kit/table-pdf.server";
import { runList, type ListSource } from "~/lib/kit/list.server";
import { auditInsert } from "~/lib/platform/audit.server";
import { assertInBatch, isBatchAssert } from "~/lib/platform/batch-assert.server";
import { fail, ok, type Result } from "~/lib/platform/result";
import type { Scope } from "~/lib/platform/scope.server";
import { textIn } from "~/lib/platform/text-in";
import { todayIn } from "~/lib/platform/time-zone";
import {
  payLine,
  planLines,
  RELEASE_POLICIES,
  releasedAmount,
  targetCommission,
  type CommissionFilter,
  type CommissionRow,
  type CommissionSort,
  type ExistingLine,
  type LineStatus,
  type ReleasePolicy,
  type ReportRow,
  type Rule,
} from "~/lib/commissions/commissions";

export type WriteScope = Pick<Scope, "db" | "agencyId" | "userId" | "ip">;
type Statement = Parameters<Scope["db"]["batch"]>[0][number];
const ENTITY = "commission_line";
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const isId = (v: unknown): v is string => typeof v === "string" && ID.test(v);

/** The agency's release policy (an unknown stored value reads as the default). */
export async function releasePolicy({ db, agencyId }: Pick<Scope, "db" | "agencyId">): Promise<ReleasePolicy> {
  const [row] = await db.select({ policy: agency.commissionRelease }).from(agency).where(eq(agency.id, agencyId)).limit(1);
  return (RELEASE_POLICIES as readonly string[]).includes(row?.policy ?? "") ? (row!.policy as ReleasePolicy) : "full_payment";
}

/** Sets the release policy (Admin) and applies it to the agency's open lines (up to 500 sales now; the rest on their next change). */
export async function setReleasePolicy(scope: Scope, policy: ReleasePolicy): Promise<void> {
  const before = await releasePolicy(scope);
  if (before === policy) return;
  const { db, agencyId, userId, ip } = scope;
  await db.batch([
    db.update(agency).set({ commissionRelease: policy, updatedAt: nowIso(), version: sql`${agency.version} + 1` }).where(eq(agency.id, agencyId)),
    auditInsert(db, { agencyId, userId, ip, entity: "agency", entityId: agencyId, action: "update", changes: { commissionRelease: [before, policy] } }),
  ]);
  await resyncOpenCommissions(scope);
}

type LineRow = typeof commissionLine.$inferSelect;

/** Aborts the batch if the sale's lines changed since `lines` were read (count and sum of versions). */
function linesUnchanged(scope: WriteScope, saleId: string, lines: readonly LineRow[]) {
  const versions = lines.reduce((s, l) => s + l.version, 0);
  return assertInBatch(
    scope.db,
    scope.agencyId,
    "commission.stale",
    sql`(select count(*) || ':' || coalesce(sum("commission_line"."version"), 0) from "commission_line" where "commission_line"."agency_id" = ${scope.agencyId} and "commission_line"."sale_id" = ${saleId}) <> ${`${lines.length}:${versions}`}`,
  );
}

/** What the client has paid of each sale (its live receivables to the client). */
async function clientPaid({ db, agencyId }: WriteScope, saleIds: readonly string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ saleId: financeTitle.originId, paid: sql<number>`coalesce(sum(${financeTitle.paidCents}), 0)` })
    .from(financeTitle)
    .where(
      and(
        eq(financeTitle.agencyId, agencyId),
        eq(financeTitle.originKind, "sale"),
        inArray(financeTitle.originId, [...saleIds]),
        eq(financeTitle.direction, "receivable"),
        eq(financeTitle.partyKind, "client"),
        ne(financeTitle.status, "cancelled"),
      ),
    )
    .groupBy(financeTitle.originId);
  return new Map(rows.map((r) => [r.saleId ?? "", Number(r.paid)]));
}

/** The sales as their commission needs them (at most SALE_PAGE ids: one bound parameter each). */
function selectSales({ db, agencyId }: WriteScope, saleIds: readonly string[]) {
  return db
    .select({
      id: sale.id,
      number: sale.number,
      status: sale.status,
      deletedAt: sale.deletedAt,
      agentId: sale.agentId,
      saleDate: sale.saleDate,
      currency: sale.currency,
      priceCents: sale.priceCents,
      discountCents: sale.discountCents,
      marginCents: sale.marginCents,
      totalCents: sale.totalCents,
      overrideRule: sale.commissionRule,
      overrideBps: sale.commissionBps,
      agentRule: agent.commissionRule,
      agentBps: agent.commissionBps,
    })
    .from(sale)
    .innerJoin(agent, and(eq(agent.agencyId, agencyId), eq(agent.id, sale.agentId)))
    .where(and(eq(sale.agencyId, agencyId), inArray(sale.id, [...saleIds])));
}

/** A sale with its commission lines and what its client has paid. */
type SaleState = { row: Awaited<ReturnType<typeof selectSales>>[number]; lines: LineRow[]; paid: number };

/** Reads the sales with their lines and client payments: three queries whatever their number. */
async function loadSales(scope: WriteScope, saleIds: readonly string[]): Promise<SaleState[]> {
  const { db, agencyId } = scope;
  if (saleIds.length === 0) return [];
  const [rows, lines, paid] = await Promise.all([
    selectSales(scope, saleIds),
    db
      .select()
      .from(commissionLine)
      .where(and(eq(commissionLine.agencyId, agencyId), inArray(commissionLine.saleId, [...saleIds]))),
    clientPaid(scope, saleIds),
  ]);
  return rows.map((row) => ({ row, lines: lines.filter((l) => l.saleId === row.id), paid: paid.get(row.id) ?? 0 }));
}

/**
 * The audited writes that bring one sale's lines to the rule applied to it now: per
 * agent that has or had lines on it, the current seller's target is the rule, any
 * earlier seller's 0 (their paid lines then get a negative adjustment).
 */
function saleStatements(scope: WriteScope, { row, lines, paid }: SaleState, policy: ReleasePolicy, at: string): Statement[] {
  const { db, agencyId, userId, ip } = scope;
  const saleId = row.id;
  // A draft never confirmed has no lines: nothing to write.
  if (row.status === "draft" && lines.length === 0) return [];
  const rule: Rule = row.overrideRule ?? row.agentRule;
  const bps = row.overrideBps ?? row.agentBps;
  const target = targetCommission(rule, bps, { status: row.status, deleted: row.deletedAt !== null, priceCents: row.priceCents, discountCents: row.discountCents, marginCents: row.marginCents });
  const agents = new Set([...lines.map((l) => l.agentId), row.agentId]);
  const statements: Statement[] = [];
  for (const agentId of agents) {
    const mine = lines.filter((l) => l.agentId === agentId);
    const amount = agentId === row.agentId ? target.amountCents : 0;
    const plan = planLines(mine.map(asExisting), amount, releasedAmount(policy, amount, row.totalCents, paid));
    const byId = new Map(mine.map((l) => [l.id, l]));
    for (const id of plan.cancel) {
      const before = byId.get(id)!;
      statements.push(
        db
          .update(commissionLine)
          .set({ status: "cancelled", cancelledAt: at, releasedCents: 0, updatedAt: at, version: sql`${commissionLine.version} + 1` })
          .where(and(eq(commissionLine.agencyId, agencyId), eq(commissionLine.id, id))),
        auditInsert(db, { agencyId, userId, ip, entity: ENTITY, entityId: id, action: "update", changes: { status: [before.status, "cancelled"] } }),
      );
    }
    for (const u of plan.update) {
      const before = byId.get(u.id)!;
      statements.push(
        db
          .update(commissionLine)
          .set({ ...u, rule, bps, baseCents: target.baseCents, saleDate: row.saleDate, saleNumber: row.number, updatedAt: at, version: sql`${commissionLine.version} + 1` })
          .where(and(eq(commissionLine.agencyId, agencyId), eq(commissionLine.id, u.id))),
        auditInsert(db, {
          agencyId,
          userId,
          ip,
          entity: ENTITY,
          entityId: u.id,
          action: "update",
          changes: Object.fromEntries(
            (
              [
                ["amountCents", before.amountCents, u.amountCents],
                ["releasedCents", before.releasedCents, u.releasedCents],
                ["status", before.status, u.status],
              ] as const
            )
              .filter(([, a, b]) => a !== b)
              .map(([k, a, b]) => [k, [a, b]]),
          ),
        }),
      );
    }
    for (const ins of plan.insert) {
      const id = newId();
      statements.push(
        db.insert(commissionLine).values({
          id,
          agencyId,
          saleId,
          agentId,
          saleDate: row.saleDate,
          saleNumber: row.number,
          kind: ins.kind,
          rule,
          bps,
          baseCents: target.baseCents,
          amountCents: ins.amountCents,
          releasedCents: ins.releasedCents,
          currency: row.currency,
          status: ins.status,
          createdBy: userId ?? null,
        }),
        auditInsert(db, { agencyId, userId, ip, entity: ENTITY, entityId: id, action: "create", changes: { saleId: [null, saleId], agentId: [null, agentId], kind: [null, ins.kind], amountCents: [null, ins.amountCents], status: [null, ins.status] } }),
      );
    }
  }
  return statements;
}

/**
 * Brings a sale's commission lines to the rule applied to the sale as stored now,
 * with the agency's release policy applied to what the client has paid. One batch,
 * audited, guarded against a concurrent change (retried).
 */
export async function syncSaleCommissions(scope: WriteScope, saleId: string, attempt = 0): Promise<void> {
  if (!isId(saleId)) return;
  const [[state], policy] = await Promise.all([loadSales(scope, [saleId]), releasePolicy(scope)]);
  if (!state) return;
  const statements = saleStatements(scope, state, policy, nowIso());
  if (statements.length === 0) return;
  try {
    await scope.db.batch([linesUnchanged(scope, saleId, state.lines), ...statements] as [Statement, ...Statement[]]);
  } catch (error) {
    if (isBatchAssert(error) && attempt < 2) return syncSaleCommissions(scope, saleId, attempt + 1);
    throw error;
  }
}

/** Sales per page of a bulk resync: one bound parameter each, under D1's 100 per query. */
const SALE_PAGE = 80;

/**
 * Every sale with open (pending or released) lines brought to the rule and policy
 * now — after the release policy changed. Pages of SALE_PAGE sales in sale id order:
 * per page its ids, three reads and one guarded batch, so the D1 calls grow by five
 * per 80 sales instead of five per sale (D1's 1,000 calls per Worker invocation
 * then cover some 16,000 sales with open lines). A page whose batch meets a
 * concurrent change falls back to the one-sale path (itself retried) for its sales.
 */
export async function resyncOpenCommissions(scope: WriteScope): Promise<number> {
  const { db, agencyId } = scope;
  const policy = await releasePolicy(scope);
  let after = "";
  let synced = 0;
  for (;;) {
    const page = await db
      .selectDistinct({ saleId: commissionLine.saleId })
      .from(commissionLine)
      .where(and(eq(commissionLine.agencyId, agencyId), inArray(commissionLine.status, ["pending", "released"]), sql`${commissionLine.saleId} > ${after}`))
      .orderBy(asc(commissionLine.saleId))
      .limit(SALE_PAGE);
    if (page.length === 0) return synced;
    const ids = page.map((p) => p.saleId);
    const states = await loadSales(scope, ids);
    const at = nowIso();
    const guarded: Statement[] = [];
    for (const state of states) {
      const statements = saleStatements(scope, state, policy, at);
      if (statements.length > 0) guarded.push(linesUnchanged(scope, state.row.id, state.lines), ...statements);
    }
    if (guarded.length > 0) {
      try {
        await db.batch(guarded as [Statement, ...Statement[]]);
      } catch (error) {
        if (!isBatchAssert(error)) throw error;
        for (const id of ids) await syncSaleCommissions(scope, id);
      }
    }
    synced += states.length;
    after = ids[ids.length - 1]!;
    if (page.length < SALE_PAGE) return synced;
  }
}

const asExisting = (l: LineRow): ExistingLine => ({ id: l.id, kind: l.kind, amountCents: l.amountCents, releasedCents: l.releasedCents, status: l.status });

/** After a title changed: a sale's receivable → its sale's lines are re-evaluated. */
export async function syncTitleCommissions(scope: WriteScope, titleId: string): Promise<void> {
  if (!isId(titleId)) return;
  const [title] = await scope.db
    .select({ originKind: financeTitle.originKind, originId: financeTitle.originId, direction: financeTitle.direction })
    .from(financeTitle)
    .where(and(eq(financeTitle.agencyId, scope.agencyId), eq(financeTitle.id, titleId)))
    .limit(1);
  if (title?.originKind === "sale" && title.originId && title.direction === "receivable") await syncSaleCommissions(scope, title.originId);
}

/**
 * A commission payable was cancelled: its lines go back to released (unlinked), then
 * each sale's lines are brought in step again (one open line per sale).
 */
export async function returnPaidLines(scope: WriteScope, payableId: string): Promise<number> {
  if (!isId(payableId)) return 0;
  const { db, agencyId, userId, ip } = scope;
  const lines = await db
    .select()
    .from(commissionLine)
    .where(and(eq(commissionLine.agencyId, agencyId), eq(commissionLine.payableId, payableId), eq(commissionLine.status, "paid")));
  if (lines.length === 0) return 0;
  const at = nowIso();
  await db.batch(
    lines.flatMap((l) => [
      db
        .update(commissionLine)
        .set({ status: "released", releasedCents: l.amountCents, payableId: null, paidAt: null, updatedAt: at, version: sql`${commissionLine.version} + 1` })
        .where(and(eq(commissionLine.agencyId, agencyId), eq(commissionLine.id, l.id), eq(commissionLine.status, "paid"))),
      auditInsert(db, { agencyId, userId, ip, entity: ENTITY, entityId: l.id, action: "update", changes: { status: ["paid", "released"], payableId: [payableId, null] } }),
    ]) as unknown as [Statement, ...Statement[]],
  );
  for (const saleId of new Set(lines.map((l) => l.saleId))) await syncSaleCommissions(scope, saleId);
  return lines.length;
}

/** The ledger's hooks for commissions: a sale's receivable settled, reversed, edited or cancelled; a commission payable cancelled. */
export function commissionHooks(): TitleHooks {
  return {
    async cancelled(scope, titleId) {
      const [title] = await scope.db
        .select({ originKind: financeTitle.originKind })
        .from(financeTitle)
        .where(and(eq(financeTitle.agencyId, scope.agencyId), eq(financeTitle.id, titleId)))
        .limit(1);
      if (title?.originKind === "commission") await returnPaidLines(scope, titleId);
      else await syncTitleCommissions(scope, titleId);
    },
    async changed(scope, titleId, fields) {
      if (fields.includes("paidCents") || fields.includes("amountCents")) await syncTitleCommissions(scope, titleId);
    },
  };
}

/** Both modules' hooks, one after the other (the payments module's first). */
export function withCommissionHooks(hooks: TitleHooks): TitleHooks {
  const mine = commissionHooks();
  return {
    async cancelled(scope, titleId) {
      await hooks.cancelled?.(scope, titleId);
      await mine.cancelled!(scope, titleId);
    },
    async changed(scope, titleId, fields) {
      await hooks.changed?.(scope, titleId, fields);
      await mine.changed!(scope, titleId, fields);
    },
  };
}

// ---------------------------------------------------------------------------
// Who sees what

/** The agent an Agente sees (their user's linked agent; null: none, so nothing). Others see all (undefined). */
export async function ownAgent(scope: Pick<Scope, "db" | "agencyId" | "userId" | "role">): Promise<string | null | undefined> {
  if (scope.role !== "Agente") return undefined;
  const [row] = await scope.db
    .select({ id: agent.id })
    .from(agent)
    .where(and(eq(agent.agencyId, scope.agencyId), eq(agent.userId, scope.userId), isNull(agent.deletedAt)))
    .limit(1);
  return row?.id ?? null;
}

export const canPay = (role: string) => role === "Admin" || role === "SuperAdmin" || role === "Financeiro";

/** The agent condition of what the viewer sees: their own agent (Agente), the filter, or all. */
function agentWhere(own: string | null | undefined, filter: string | undefined): SQL[] {
  if (own === null) return [sql`0`];
  if (own !== undefined) return [eq(commissionLine.agentId, own), ...(filter && filter !== own ? [sql`0`] : [])];
  return filter ? [eq(commissionLine.agentId, filter)] : [];
}

function periodWhere(filters: { from?: string; to?: string }): SQL[] {
  return [...(filters.from ? [gte(commissionLine.saleDate, filters.from)] : []), ...(filters.to ? [lte(commissionLine.saleDate, filters.to)] : [])];
}

function source(own: string | null | undefined): ListSource<CommissionSort, CommissionFilter> {
  return {
    table: commissionLine,
    sortColumns: { date: commissionLine.saleDate },
    filterWhere: (f) => [...(f.status ? [sql`${commissionLine.status} = ${f.status}`] : []), ...agentWhere(own, f.agent), ...periodWhere(f)],
    scope: (agencyId) => [eq(commissionLine.agencyId, agencyId!), ...agentWhere(own, undefined)],
  };
}

/** One keyset page of the lines the viewer may see, newest sale day first. */
export async function listCommissions(scope: Scope, query: ListQuery<CommissionSort, CommissionFilter>, own: string | null | undefined) {
  const { db, agencyId } = scope;
  const { rows, page } = await runList(scope, source(own), query, (where, order, limit) =>
    db
      .select({
        id: commissionLine.id,
        saleId: commissionLine.saleId,
        saleNumber: commissionLine.saleNumber,
        saleKind: sale.kind,
        saleDate: commissionLine.saleDate,
        agentId: commissionLine.agentId,
        agentName: agent.name,
        kind: commissionLine.kind,
        rule: commissionLine.rule,
        bps: commissionLine.bps,
        baseCents: commissionLine.baseCents,
        amountCents: commissionLine.amountCents,
        releasedCents: commissionLine.releasedCents,
        currency: commissionLine.currency,
        status: commissionLine.status,
        payableId: commissionLine.payableId,
        sortValue: commissionLine.saleDate,
      })
      .from(commissionLine)
      .innerJoin(agent, and(eq(agent.agencyId, agencyId), eq(agent.id, commissionLine.agentId)))
      .innerJoin(sale, and(eq(sale.agencyId, agencyId), eq(sale.id, commissionLine.saleId)))
      .where(where)
      .orderBy(...order)
      .limit(limit),
  );
  return { rows: rows.map(({ sortValue: _s, ...r }): CommissionRow => r), page };
}

/** Totals per status (and currency) of the current filter, ignoring the status filter. */
export async function commissionTotals(scope: Scope, filters: Partial<Record<CommissionFilter, string>>, own: string | null | undefined) {
  const rows = await scope.db
    .select({ status: commissionLine.status, currency: commissionLine.currency, lines: sql<number>`count(*)`, amount: sql<number>`coalesce(sum(${commissionLine.amountCents}), 0)` })
    .from(commissionLine)
    .where(and(eq(commissionLine.agencyId, scope.agencyId), ...agentWhere(own, filters.agent), ...periodWhere(filters)))
    .groupBy(commissionLine.status, commissionLine.currency);
  return rows.map((r) => ({ status: r.status as LineStatus, currency: r.currency, lines: Number(r.lines), amountCents: Number(r.amount) }));
}

/** The agency's live agents (the filter's choices; an Agente gets only theirs). */
export async function agentChoices(scope: Scope, own: string | null | undefined) {
  if (own === null) return [];
  return scope.db
    .select({ id: agent.id, name: agent.name })
    .from(agent)
    .where(and(eq(agent.agencyId, scope.agencyId), isNull(agent.deletedAt), own ? eq(agent.id, own) : undefined))
    .orderBy(asc(agent.searchText), asc(agent.id))
    .limit(500);
}

// ---------------------------------------------------------------------------
// Paying

export type PayRefusal = "noneSelected" | "notFound" | "notReleased" | "notPositive" | "category" | "stale" | "rate";
export type Payable = { agentId: string; agentName: string; titleId: string; amountCents: number; currency: string; lines: number };

/**
 * Pays the selected released lines: one payable per agent (and currency), due today,
 * in the category "Comissões pagas a agentes", and each line marked paid with it —
 * a partly released line is paid for what is released and its rest stays pending on
 * a new line. Everything in one db.batch, guarded: nothing is written if a line
 * changed since it was read.
 */
export async function payCommissions(scope: Scope, rawIds: readonly unknown[], language: string): Promise<Result<{ payables: Payable[] }, PayRefusal>> {
  const ids = [...new Set(rawIds.filter(isId))].slice(0, 500);
  if (ids.length === 0) return fail(rawIds.length === 0 ? "noneSelected" : "notFound");
  if (ids.length !== rawIds.length) return fail("notFound");
  const { db, agencyId, userId, ip } = scope;
  const lines = await db
    .select({ line: commissionLine, agentName: agent.name })
    .from(commissionLine)
    .innerJoin(agent, and(eq(agent.agencyId, agencyId), eq(agent.id, commissionLine.agentId)))
    .where(and(eq(commissionLine.agencyId, agencyId), inArray(commissionLine.id, ids)));
  if (lines.length !== ids.length) return fail("notFound");
  if (lines.some((l) => l.line.status !== "released" || l.line.releasedCents === 0)) return fail("notReleased");
  const groups = new Map<string, { agentId: string; agentName: string; currency: string; lines: LineRow[] }>();
  for (const { line, agentName } of lines) {
    const key = `${line.agentId}:${line.currency}`;
    const g = groups.get(key) ?? { agentId: line.agentId, agentName, currency: line.currency, lines: [] };
    g.lines.push(line);
    groups.set(key, g);
  }
  for (const g of groups.values()) if (g.lines.reduce((s, l) => s + l.releasedCents, 0) <= 0) return fail("notPositive");
  const category = (await chartAccountByKey(db, agencyId, "cost.agent_commissions")) ?? (await chartAccountByKey(db, agencyId, "cost"));
  if (!category) return fail("category");
  const today = todayIn(scope.timeZone);
  // Each payable keeps the rate of its currency for today, its competence day (decision 0018).
  const rates = new Map<string, UsedRate>();
  for (const currency of new Set([...groups.values()].map((g) => g.currency))) {
    const rate = await titleRate(scope, currency, today);
    if (!rate) return fail("rate");
    rates.set(currency, rate);
  }
  const at = nowIso();
  const versions = lines.reduce((s, l) => s + l.line.version, 0);
  const statements: Statement[] = [
    assertInBatch(
      db,
      agencyId,
      "commission.stale",
      sql`(select count(*) || ':' || coalesce(sum("commission_line"."version"), 0) from "commission_line" where "commission_line"."agency_id" = ${agencyId} and "commission_line"."status" = 'released' and "commission_line"."id" in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})) <> ${`${ids.length}:${versions}`}`,
    ),
  ];
  const payables: Payable[] = [];
  for (const g of groups.values()) {
    const amountCents = g.lines.reduce((s, l) => s + l.releasedCents, 0);
    const description = textIn(language, "commissions.payableDescription", { agent: g.agentName, count: g.lines.length });
    const title = titleInsertStatements(scope, {
      direction: "payable",
      partyKind: "agent",
      partyId: g.agentId,
      partyName: g.agentName,
      description,
      documentNumber: null,
      categoryId: category.id,
      competenceDate: today,
      dueDate: today,
      amountCents,
      currency: g.currency,
      notes: textIn(language, "commissions.payableNotes", { sales: [...new Set(g.lines.map((l) => l.saleNumber))].sort((a, b) => a - b).join(", ") }),
      originKind: "commission",
      originId: null,
      rate: rates.get(g.currency)!,
    });
    if (!title) return fail("rate");
    statements.push(...title.statements);
    payables.push({ agentId: g.agentId, agentName: g.agentName, titleId: title.id, amountCents, currency: g.currency, lines: g.lines.length });
    for (const l of g.lines) {
      const { paidCents, restCents } = payLine(l);
      statements.push(
        db
          .update(commissionLine)
          .set({ status: "paid", amountCents: paidCents, releasedCents: paidCents, payableId: title.id, paidAt: at, updatedAt: at, version: sql`${commissionLine.version} + 1` })
          .where(and(eq(commissionLine.agencyId, agencyId), eq(commissionLine.id, l.id))),
        auditInsert(db, { agencyId, userId, ip, entity: ENTITY, entityId: l.id, action: "update", changes: { status: ["released", "paid"], payableId: [null, title.id], ...(restCents !== 0 ? { amountCents: [l.amountCents, paidCents] } : {}) } }),
      );
      if (restCents !== 0) {
        const id = newId();
        statements.push(
          db.insert(commissionLine).values({ ...l, id, amountCents: restCents, releasedCents: 0, status: "pending", payableId: null, paidAt: null, createdBy: userId, createdAt: at, updatedAt: at, version: 1 }),
          auditInsert(db, { agencyId, userId, ip, entity: ENTITY, entityId: id, action: "create", changes: { saleId: [null, l.saleId], amountCents: [null, restCents], status: [null, "pending"] } }),
        );
      }
    }
  }
  try {
    await db.batch(statements as [Statement, ...Statement[]]);
  } catch (error) {
    if (isBatchAssert(error)) return fail("stale");
    throw error;
  }
  return ok({ payables });
}

// ---------------------------------------------------------------------------
// The report per agent and period

export type ReportQuery = { agentId?: string; from: string; to: string };

/**
 * Per agent (and currency) over the sale days from..to: lines, total, pending (not
 * yet released), released (payable now) and paid. Reads only commission_line_report_idx.
 */
export async function commissionReport(scope: Scope, query: ReportQuery, own: string | null | undefined): Promise<ReportRow[]> {
  const { db, agencyId } = scope;
  const c = commissionLine;
  const rows = await db
    .select({
      agentId: c.agentId,
      currency: c.currency,
      lines: sql<number>`count(*)`,
      total: sql<number>`coalesce(sum(${c.amountCents}), 0)`,
      pending: sql<number>`coalesce(sum(case when ${c.status} in ('pending', 'released') then ${c.amountCents} - ${c.releasedCents} else 0 end), 0)`,
      released: sql<number>`coalesce(sum(case when ${c.status} = 'released' then ${c.releasedCents} else 0 end), 0)`,
      paid: sql<number>`coalesce(sum(case when ${c.status} = 'paid' then ${c.amountCents} else 0 end), 0)`,
    })
    .from(c)
    .where(and(eq(c.agencyId, agencyId), gte(c.saleDate, query.from), lte(c.saleDate, query.to), ne(c.status, "cancelled"), ...agentWhere(own, query.agentId)))
    .groupBy(c.agentId, c.currency);
  const ids = [...new Set(rows.map((r) => r.agentId))];
  const names = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 90) {
    const chunk = ids.slice(i, i + 90);
    const found = await db
      .select({ id: agent.id, name: agent.name })
      .from(agent)
      .where(and(eq(agent.agencyId, agencyId), inArray(agent.id, chunk)));
    for (const f of found) names.set(f.id, f.name);
  }
  return rows
    .map((r) => ({
      agentId: r.agentId,
      agentName: names.get(r.agentId) ?? "",
      currency: r.currency,
      lines: Number(r.lines),
      totalCents: Number(r.total),
      pendingCents: Number(r.pending),
      releasedCents: Number(r.released),
      paidCents: Number(r.paid),
    }))
    .sort((a, b) => a.agentName.localeCompare(b.agentName) || a.currency.localeCompare(b.currency));
}

/** The agent the report asks for: one of the agency's (an Agente only their own); null for an unknown or another agency's id. */
export async function reportAgent(scope: Scope, id: string, own: string | null | undefined): Promise<{ id: string; name: string } | null> {
  if (!isId(id) || own === null || (own !== undefined && own !== id)) return null;
  const [row] = await scope.db
    .select({ id: agent.id, name: agent.name })
    .from(agent)
    .where(and(eq(agent.agencyId, scope.agencyId), eq(agent.id, id)))
    .limit(1);
  return row ?? null;
}

export type ReportTexts = {
  heading: string;
  title: string;
  period: string;
  columns: Record<"agent" | "currency" | "lines" | "total" | "pending" | "released" | "paid", string>;
  empty: string;
  issued: string;
  page: (page: number, pages: number) => string;
  language: string;
  money: (cents: number, currency: string) => string;
  number: (n: number) => string;
};

const REPORT_KEYS = ["agent", "currency", "lines", "total", "pending", "released", "paid"] as const;

const reportCells = (r: ReportRow, texts: Pick<ReportTexts, "money" | "number">) => ({
  agent: r.agentName,
  currency: r.currency,
  lines: texts.number(r.lines),
  total: texts.money(r.totalCents, r.currency),
  pending: texts.money(r.pendingCents, r.currency),
  released: texts.money(r.releasedCents, r.currency),
  paid: texts.money(r.paidCents, r.currency),
});

/** The report as CSV (";" and a BOM, as every export): one row per agent and currency, amounts in the currency's units. */
export function commissionReportCsv(rows: readonly ReportRow[], texts: ReportTexts, filename: string): Response {
  const header = REPORT_KEYS.map((k) => texts.columns[k]);
  const decimal = (cents: number) => (cents / 100).toFixed(2);
  async function* batches() {
    yield rows.map((r) =>
      Object.fromEntries(
        REPORT_KEYS.map((k, i) => [
          header[i]!,
          k === "agent" ? r.agentName : k === "currency" ? r.currency : k === "lines" ? String(r.lines) : decimal(k === "total" ? r.totalCents : k === "pending" ? r.pendingCents : k === "released" ? r.releasedCents : r.paidCents),
        ]),
      ),
    );
  }
  return csvResponse(filename, header, batches());
}

/** The report as an A4 PDF table (the agency's name, the period, one row per agent and currency). */
export async function commissionReportPdf(rows: readonly ReportRow[], texts: ReportTexts, filename: string): Promise<Response> {
  const bytes = await tablePdf({
    heading: texts.heading,
    title: texts.title,
    lines: [texts.period],
    columns: REPORT_KEYS.map((key) => ({ key, label: texts.columns[key], weight: key === "agent" ? 3 : key === "currency" || key === "lines" ? 1 : 1.6, right: key !== "agent" && key !== "currency" })),
    rows: rows.map((r) => ({ cells: reportCells(r, texts) })),
    emptyText: texts.empty,
    issued: texts.issued,
    pageLabel: texts.page,
    language: texts.language,
    author: texts.heading,
  });
  return pdfResponse(bytes, filename);
}
