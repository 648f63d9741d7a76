/**
 * Deals on the server (issue #18): the agency's stages (defaults made on first use), the
 * board's columns, one stage's list and CSV, a deal's create/edit, the timeline, lead
 * conversion and the board moves (announced on the agency's crm room after the write).
 * An Agente sees and edits the deals they own; Admins (and the other roles) all of them.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from "drizzle-orm";
import { client, crmStage, deal, dealActivity, profile, recordCounter } from "~/db/schema";
import { newId, nowIso } from "~/db/schema/columns";
import type { ActivityKind, StageKind } from "~/db/schema/crm";
import { defaultStageStatements } from "~/lib/crm/default-stages.server";
import { DEAL_CSV_COLUMNS, type BoardCard, type DealFilter, type DealSort } from "~/lib/crm/deal";
import type { ActivityInput, DealInput, MoveInput } from "~/lib/crm/deal.schema";
import { positionBetween, POSITION_STEP, spreadPositions } from "~/lib/kit/board-position";
import { exportList } from "~/lib/kit/export.server";
import type { ListQuery } from "~/lib/kit/list";
import { runList, type ListSource } from "~/lib/kit/list.server";
import { buildSearchText, searchTerms } from "~/lib/kit/search-text";
import { auditInsert } from "~/lib/platform/audit.server";
import { assertInBatch, isBatchAssert } from "~/lib/platform/batch-assert.server";
import { announceBoard, type BoardsEnv } from "~/lib/platform/board-room.server";
import { fail, ok, type Result } from "~/lib/platform/result";
import type { Scope } from "~/lib/platform/scope.server";
import { createClientFromContact } from "~/lib/registers/client.server";

export const DEAL_ENTITY = "deal";
export const DEAL_COUNTER = "deal";
/** Cards a column of the board shows; the rest are on /crm/{stage} (20: the server render of 4 × 50 cards took ~2 s, of 4 × 20 ~0.2 s, tests/bench/seed-crm.ts). */
export const BOARD_COLUMN_LIMIT = 20;

export type StageRow = typeof crmStage.$inferSelect;
export type DealRow = typeof deal.$inferSelect;

/** Whether the role sees every deal of the agency (an Agente sees their own). */
export const seesAllDeals = (role: Scope["role"]) => role !== "Agente";

/** The deals the scope may see: the agency's live ones, an Agente's own. */
export function dealScopeWhere(scope: Pick<Scope, "agencyId" | "role" | "userId">): SQL[] {
  return [eq(deal.agencyId, scope.agencyId), isNull(deal.deletedAt), ...(seesAllDeals(scope.role) ? [] : [eq(deal.ownerUserId, scope.userId)])];
}

// ---------------------------------------------------------------------------
// Stages

/** The agency's stages in order; an agency without any gets the defaults first. */
export async function listStages(scope: Pick<Scope, "db" | "agencyId">): Promise<StageRow[]> {
  const read = () => scope.db.select().from(crmStage).where(eq(crmStage.agencyId, scope.agencyId)).orderBy(asc(crmStage.position), asc(crmStage.id));
  const rows = await read();
  if (rows.length > 0) return rows;
  try {
    await scope.db.batch(defaultStageStatements(scope.db, scope.agencyId) as never);
  } catch {
    // Another request made them meanwhile (the slug's unique index): read theirs.
  }
  return read();
}

export async function stageBySlug(scope: Pick<Scope, "db" | "agencyId">, slug: string): Promise<StageRow | null> {
  const stages = await listStages(scope);
  return stages.find((s) => s.slug === slug) ?? null;
}

// ---------------------------------------------------------------------------
// The board


const cardColumns = {
  id: deal.id,
  number: deal.number,
  title: deal.title,
  contact: sql<string>`coalesce(${client.name}, ${deal.leadName}, '')`,
  isLead: sql<number>`${deal.clientId} is null`,
  valueCents: deal.valueCents,
  currency: deal.currency,
  ownerName: profile.name,
  stageId: deal.stageId,
  position: deal.position,
  stageEnteredAt: deal.stageEnteredAt,
  expectedCloseDate: deal.expectedCloseDate,
  version: deal.version,
};

/**
 * An Agente's own totals per stage (count and value of the deals they own), in one grouped
 * read through the owner index — the stage counters are agency-wide.
 */
async function ownTotals(scope: Scope): Promise<Map<string, { dealCount: number; valueCents: number }>> {
  const rows = await scope.db
    .select({ stageId: deal.stageId, dealCount: sql<number>`count(*)`, valueCents: sql<number>`coalesce(sum(${deal.valueCents}), 0)` })
    .from(deal)
    .where(and(...dealScopeWhere(scope)))
    .groupBy(deal.stageId);
  return new Map(rows.map((r) => [r.stageId, { dealCount: Number(r.dealCount), valueCents: Number(r.valueCents) }]));
}

/**
 * The stages with their totals and each column's first cards in position order. The totals
 * are the stage counters (kept by triggers, no scan), or for an Agente, who sees only their
 * own deals, the sums of those.
 */
export async function boardOf(scope: Scope): Promise<{ stages: StageRow[]; cards: BoardCard[] }> {
  const listed = await listStages(scope);
  const own = seesAllDeals(scope.role) ? null : await ownTotals(scope);
  const stages = own ? listed.map((s) => ({ ...s, ...(own.get(s.id) ?? { dealCount: 0, valueCents: 0 }) })) : listed;
  const columns = await Promise.all(
    stages.map((s) =>
      scope.db
        .select(cardColumns)
        .from(deal)
        .leftJoin(client, and(eq(client.agencyId, scope.agencyId), eq(client.id, deal.clientId)))
        .leftJoin(profile, eq(profile.id, deal.ownerUserId))
        .where(and(...dealScopeWhere(scope), eq(deal.stageId, s.id)))
        .orderBy(asc(deal.position), asc(deal.id))
        .limit(BOARD_COLUMN_LIMIT),
    ),
  );
  return { stages, cards: columns.flat().map((c) => ({ ...c, isLead: !!c.isLead })) };
}

// ---------------------------------------------------------------------------
// One stage's list (/crm/{stage}) and its CSV

export type DealQuery = ListQuery<DealSort, DealFilter>;

export function dealSource(scope: Scope, stageId: string): ListSource<DealSort, DealFilter> {
  return {
    table: deal,
    scope: () => [...dealScopeWhere(scope), eq(deal.stageId, stageId)],
    sortColumns: { updatedAt: deal.updatedAt, value: deal.valueCents, close: deal.expectedCloseDate },
    search: deal.searchText,
    filterWhere: (f) => {
      const out: SQL[] = [];
      if (f.owner) out.push(eq(deal.ownerUserId, f.owner));
      if (f.source) out.push(eq(deal.source, f.source as DealRow["source"]));
      if (f.closeFrom) out.push(gte(deal.expectedCloseDate, f.closeFrom));
      if (f.closeTo) out.push(lte(deal.expectedCloseDate, f.closeTo));
      return out;
    },
  };
}

export type DealListRow = BoardCard & { sortValue: string | number | null; source: DealRow["source"]; destination: string | null; updatedAt: string };

export function listDeals(scope: Scope, stageId: string, query: DealQuery) {
  const source = dealSource(scope, stageId);
  const sortColumn = source.sortColumns[query.sort];
  return runList(scope, source, query, (where, order, limit) =>
    scope.db
      .select({ ...cardColumns, sortValue: sql<string | number | null>`${sortColumn}`, source: deal.source, destination: deal.destination, updatedAt: deal.updatedAt })
      .from(deal)
      .leftJoin(client, and(eq(client.agencyId, scope.agencyId), eq(client.id, deal.clientId)))
      .leftJoin(profile, eq(profile.id, deal.ownerUserId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .then((rows) => rows.map((r) => ({ ...r, isLead: !!r.isLead })) as DealListRow[]),
  );
}

export function dealsCsv(scope: Scope, stage: StageRow, query: DealQuery, filename: string, label: (key: string) => string) {
  const source = dealSource(scope, stage.id);
  const sortColumn = source.sortColumns[query.sort];
  return exportList(
    scope,
    source,
    query,
    (where, order, limit) =>
      scope.db
        .select({ ...cardColumns, sortValue: sql<string | number | null>`${sortColumn}`, source: deal.source, destination: deal.destination, updatedAt: deal.updatedAt })
        .from(deal)
        .leftJoin(client, and(eq(client.agencyId, scope.agencyId), eq(client.id, deal.clientId)))
        .leftJoin(profile, eq(profile.id, deal.ownerUserId))
        .where(where)
        .orderBy(...order)
        .limit(limit),
    DEAL_CSV_COLUMNS,
    (r) => ({
      number: String(r.number),
      title: r.title,
      contact: r.contact,
      stage: stage.name,
      value: (r.valueCents / 100).toFixed(2),
      owner: r.ownerName ?? "",
      source: label(`crm.sources.${r.source}`),
      expectedClose: r.expectedCloseDate ?? "",
      destination: r.destination ?? "",
      updatedAt: r.updatedAt,
    }),
    filename,
  );
}

/** Active users of the agency a deal may be owned by (an Agente: only themselves). */
export async function ownerOptions(scope: Scope): Promise<{ value: string; label: string }[]> {
  const rows = await scope.db
    .select({ id: profile.id, name: profile.name })
    .from(profile)
    .where(and(eq(profile.agencyId, scope.agencyId), eq(profile.active, true), seesAllDeals(scope.role) ? undefined : eq(profile.id, scope.userId)))
    .orderBy(asc(profile.name), asc(profile.id))
    .limit(500);
  return rows.map((r) => ({ value: r.id, label: r.name }));
}

// ---------------------------------------------------------------------------
// One deal

export async function findDeal(scope: Scope, id: string): Promise<DealRow | null> {
  const [row] = await scope.db
    .select()
    .from(deal)
    .where(and(...dealScopeWhere(scope), eq(deal.id, id)))
    .limit(1);
  return row ?? null;
}

export type DealRefusal = "client" | "owner" | "stage" | "lostReason";

const dealSearchText = (input: { title: string; leadName: string | null; leadEmail: string | null; leadPhone: string | null; destination: string | null }, clientName: string | null, number: number | null) =>
  buildSearchText(number === null ? null : String(number), input.title, clientName, input.leadName, input.leadEmail, input.leadPhone, input.destination);

async function checkDeal(scope: Scope, input: DealInput): Promise<Result<{ clientName: string | null; ownerUserId: string; stage: StageRow | null }, DealRefusal>> {
  let clientName: string | null = null;
  if (input.clientId) {
    const [c] = await scope.db
      .select({ name: client.name })
      .from(client)
      .where(and(eq(client.agencyId, scope.agencyId), eq(client.id, input.clientId), isNull(client.deletedAt)))
      .limit(1);
    if (!c) return fail("client");
    clientName = c.name;
  }
  const owner = seesAllDeals(scope.role) ? (input.ownerUserId ?? scope.userId) : scope.userId;
  const owners = await ownerOptions(scope);
  if (!owners.some((o) => o.value === owner)) return fail("owner");
  const stages = await listStages(scope);
  const stage = input.stageId ? (stages.find((s) => s.id === input.stageId) ?? null) : null;
  if (input.stageId && !stage) return fail("stage");
  if (stage?.kind === "lost" && !input.lostReason) return fail("lostReason");
  return ok({ clientName, ownerUserId: owner, stage });
}

function activityInsert(scope: Scope, dealId: string, kind: ActivityKind, extra: Partial<typeof dealActivity.$inferInsert> = {}, at: string = nowIso()) {
  return scope.db.insert(dealActivity).values({ id: newId(), agencyId: scope.agencyId, dealId, kind, userId: scope.userId, occurredAt: at, createdAt: at, ...extra });
}

const closedAtFor = (kind: StageKind, at: string) => (kind === "open" ? null : at);

/**
 * A new deal: numbered per agency in its batch, first of its stage's column (the first open stage by default).
 * `actor` is who made it (the scope's user by default; null for a visitor's request on a public page,
 * whose scope names the owner the deal is given to).
 */
export async function createDeal(scope: Scope, env: BoardsEnv, input: DealInput, actor: string | null = scope.userId): Promise<Result<{ id: string }, DealRefusal>> {
  const checked = await checkDeal(scope, input);
  if (!checked.ok) return checked;
  const stages = await listStages(scope);
  const stage = checked.stage ?? stages.find((s) => s.kind === "open") ?? stages[0]!;
  const [first] = await scope.db
    .select({ position: deal.position })
    .from(deal)
    .where(and(eq(deal.agencyId, scope.agencyId), isNull(deal.deletedAt), eq(deal.stageId, stage.id)))
    .orderBy(asc(deal.position))
    .limit(1);
  const position = first ? first.position - POSITION_STEP : POSITION_STEP;
  const id = newId();
  const at = nowIso();
  const { db, agencyId } = scope;
  const values = {
    title: input.title,
    clientId: input.clientId,
    leadName: input.clientId ? null : input.leadName,
    leadPhone: input.clientId ? null : input.leadPhone,
    leadEmail: input.clientId ? null : input.leadEmail,
    stageId: stage.id,
    destination: input.destination,
    travelStart: input.travelStart,
    travelEnd: input.travelEnd,
    passengers: input.passengers,
    currency: scope.currency,
    valueCents: input.value,
    expectedCloseDate: input.expectedCloseDate,
    ownerUserId: checked.ownerUserId,
    source: input.source,
    lostReason: stage.kind === "lost" ? input.lostReason : null,
    notes: input.notes,
  };
  await db.batch([
    db
      .insert(recordCounter)
      .values({ agencyId, kind: DEAL_COUNTER, last: 1 })
      .onConflictDoUpdate({ target: [recordCounter.agencyId, recordCounter.kind], set: { last: sql`${recordCounter.last} + 1` } }),
    db.insert(deal).values({
      ...values,
      id,
      agencyId,
      number: sql`(select "record_counter"."last" from "record_counter" where "record_counter"."agency_id" = ${agencyId} and "record_counter"."kind" = ${DEAL_COUNTER})` as unknown as number,
      position,
      stageEnteredAt: at,
      closedAt: closedAtFor(stage.kind, at),
      searchText: dealSearchText(input, checked.clientName, null),
      createdBy: actor,
      createdAt: at,
      updatedAt: at,
    }),
    activityInsert(scope, id, "created", { toStageId: stage.id, userId: actor }, at),
    auditInsert(db, {
      agencyId,
      userId: actor,
      ip: scope.ip,
      entity: DEAL_ENTITY,
      entityId: id,
      action: "create",
      changes: Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null && v !== "").map(([k, v]) => [k, [null, v]])),
    }),
  ] as never);
  await announceBoard(env, agencyId, "crm", { type: "changed", id, by: actor ?? "" });
  return ok({ id });
}

/** Saves the deal's fields (its stage moves on the board) if it is still at `version`. */
export async function updateDeal(scope: Scope, env: BoardsEnv, row: DealRow, input: DealInput, version: number): Promise<Result<{ id: string }, DealRefusal | "stale">> {
  if (row.version !== version) return fail("stale");
  const stages = await listStages(scope);
  const stage = stages.find((s) => s.id === row.stageId);
  const checked = await checkDeal(scope, { ...input, stageId: row.stageId, lostReason: input.lostReason ?? (stage?.kind === "lost" ? row.lostReason : null) });
  if (!checked.ok) return checked;
  const values = {
    title: input.title,
    clientId: input.clientId,
    leadName: input.clientId ? row.leadName : input.leadName,
    leadPhone: input.clientId ? row.leadPhone : input.leadPhone,
    leadEmail: input.clientId ? row.leadEmail : input.leadEmail,
    destination: input.destination,
    travelStart: input.travelStart,
    travelEnd: input.travelEnd,
    passengers: input.passengers,
    valueCents: input.value,
    expectedCloseDate: input.expectedCloseDate,
    ownerUserId: checked.ownerUserId,
    source: input.source,
    lostReason: stage?.kind === "lost" ? (input.lostReason ?? row.lostReason) : null,
    notes: input.notes,
  };
  const changes = Object.fromEntries(
    Object.entries(values)
      .filter(([k, v]) => (row as Record<string, unknown>)[k] !== v)
      .map(([k, v]) => [k, [(row as Record<string, unknown>)[k], v] as [unknown, unknown]]),
  );
  const { db, agencyId } = scope;
  try {
    await db.batch([
      dealStillAt(scope, row.id, version),
      db
        .update(deal)
        .set({ ...values, searchText: dealSearchText(values, checked.clientName, row.number), updatedAt: nowIso(), version: sql`${deal.version} + 1` })
        .where(and(eq(deal.agencyId, agencyId), eq(deal.id, row.id), eq(deal.version, version))),
      auditInsert(db, { agencyId, userId: scope.userId, ip: scope.ip, entity: DEAL_ENTITY, entityId: row.id, action: "update", changes }),
    ] as never);
  } catch (error) {
    if (isBatchAssert(error)) return fail("stale");
    throw error;
  }
  await announceBoard(env, agencyId, "crm", { type: "changed", id: row.id, by: scope.userId });
  return ok({ id: row.id });
}

/** Aborts the batch unless the deal is still live at `version` (a stale move or edit writes nothing). */
export function dealStillAt(scope: Scope, dealId: string, version: number) {
  return assertInBatch(
    scope.db,
    scope.agencyId,
    "deal.stale",
    sql`not exists (select 1 from "deal" where "deal"."agency_id" = ${scope.agencyId} and "deal"."id" = ${dealId} and "deal"."version" = ${version} and "deal"."deleted_at" is null)`,
  );
}

export type MoveRefusal = "notFound" | "stage" | "stale" | "lostReason";

/**
 * Moves a card to a stage between two of its cards (`after` above it, `before` below; sparse
 * positions, the column renumbered when there is no gap left), from the version the board
 * showed. Entering won or lost closes it (lost needs a reason), leaving them reopens it;
 * a stage change is written on the timeline in the same batch. Announced on the crm room.
 */
export async function moveDeal(scope: Scope, env: BoardsEnv, input: MoveInput): Promise<Result<{ version: number; position: number }, MoveRefusal>> {
  const row = await findDeal(scope, input.deal);
  if (!row) return fail("notFound");
  if (row.version !== input.version) return fail("stale");
  const stages = await listStages(scope);
  const target = stages.find((s) => s.id === input.stage);
  if (!target) return fail("stage");
  const lostReason = target.kind === "lost" ? (input.lostReason ?? (row.stageId === target.id ? row.lostReason : null)) : null;
  if (target.kind === "lost" && !lostReason) return fail("lostReason");

  const { db, agencyId } = scope;
  const neighbourIds = [input.after, input.before].filter((v): v is string => !!v && v !== row.id);
  const neighbours = neighbourIds.length
    ? await db
        .select({ id: deal.id, position: deal.position })
        .from(deal)
        .where(and(eq(deal.agencyId, agencyId), isNull(deal.deletedAt), eq(deal.stageId, target.id), inArray(deal.id, neighbourIds)))
    : [];
  const posOf = (id: string | null) => (id ? (neighbours.find((n) => n.id === id)?.position ?? null) : null);
  const before = posOf(input.after ?? null);
  let after = posOf(input.before ?? null);
  if (before !== null && after !== null && after <= before) after = null;
  let position = positionBetween(before, after);
  const renumber: ReturnType<typeof db.update>[] = [];
  if (position === null) {
    // No integer left between the two: spread the column again, the card in its place.
    const column = await db
      .select({ id: deal.id })
      .from(deal)
      .where(and(eq(deal.agencyId, agencyId), isNull(deal.deletedAt), eq(deal.stageId, target.id)))
      .orderBy(asc(deal.position), asc(deal.id))
      .limit(5000);
    const order = column.map((c) => c.id).filter((id) => id !== row.id);
    const at = input.after ? order.indexOf(input.after) + 1 : 0;
    order.splice(at, 0, row.id);
    const positions = spreadPositions(order.length);
    order.forEach((id, i) => {
      if (id !== row.id) renumber.push(db.update(deal).set({ position: positions[i]! }).where(and(eq(deal.agencyId, agencyId), eq(deal.id, id))) as never);
    });
    position = positions[order.indexOf(row.id)]!;
  }
  const at = nowIso();
  const changedStage = row.stageId !== target.id;
  const from = stages.find((s) => s.id === row.stageId);
  try {
    await db.batch([
      dealStillAt(scope, row.id, row.version),
      ...renumber,
      db
        .update(deal)
        .set({
          stageId: target.id,
          position,
          lostReason,
          ...(changedStage ? { stageEnteredAt: at, closedAt: closedAtFor(target.kind, at) } : {}),
          updatedAt: at,
          version: sql`${deal.version} + 1`,
        })
        .where(and(eq(deal.agencyId, agencyId), eq(deal.id, row.id), eq(deal.version, row.version))),
      ...(changedStage
        ? [
            activityInsert(scope, row.id, "stage_change", { fromStageId: row.stageId, toStageId: target.id, body: target.kind === "lost" ? lostReason : null }, at),
            auditInsert(db, {
              agencyId,
              userId: scope.userId,
              ip: scope.ip,
              entity: DEAL_ENTITY,
              entityId: row.id,
              action: "update",
              changes: { stage: [from?.name ?? row.stageId, target.name], ...(lostReason !== row.lostReason ? { lostReason: [row.lostReason, lostReason] } : {}) },
            }),
          ]
        : []),
    ] as never);
  } catch (error) {
    if (isBatchAssert(error)) return fail("stale");
    throw error;
  }
  const version = row.version + 1;
  await announceBoard(env, agencyId, "crm", { type: "moved", id: row.id, column: target.id, position, version, by: scope.userId });
  return ok({ version, position });
}

// ---------------------------------------------------------------------------
// The timeline

export type TimelineItem = {
  id: string;
  kind: ActivityKind;
  body: string | null;
  fromStage: string | null;
  toStage: string | null;
  userName: string | null;
  occurredAt: string;
};

export const TIMELINE_LIMIT = 100;

export async function dealTimeline(scope: Scope, dealId: string): Promise<TimelineItem[]> {
  const stages = await listStages(scope);
  const name = (id: string | null) => (id ? (stages.find((s) => s.id === id)?.name ?? null) : null);
  const rows = await scope.db
    .select({ id: dealActivity.id, kind: dealActivity.kind, body: dealActivity.body, from: dealActivity.fromStageId, to: dealActivity.toStageId, userName: profile.name, occurredAt: dealActivity.occurredAt })
    .from(dealActivity)
    .leftJoin(profile, eq(profile.id, dealActivity.userId))
    .where(and(eq(dealActivity.agencyId, scope.agencyId), eq(dealActivity.dealId, dealId)))
    .orderBy(desc(dealActivity.occurredAt), desc(dealActivity.id))
    .limit(TIMELINE_LIMIT);
  return rows.map((r) => ({ id: r.id, kind: r.kind, body: r.body, fromStage: name(r.from), toStage: name(r.to), userName: r.userName, occurredAt: r.occurredAt }));
}

export async function logActivity(scope: Scope, row: DealRow, input: ActivityInput) {
  await scope.db.batch([
    activityInsert(scope, row.id, input.kind, { body: input.body }),
    scope.db.update(deal).set({ updatedAt: nowIso() }).where(and(eq(deal.agencyId, scope.agencyId), eq(deal.id, row.id))),
  ] as never);
}

// ---------------------------------------------------------------------------
// A lead becomes a client

export type ConvertAnswer = Result<{ clientId: string }, "notLead" | "invalid" | "duplicate" | "stale", { errors?: Record<string, string[]>; existing?: string }>;

/**
 * Registers the deal's lead as a client (the client register's schema, duplicate rule and
 * store: a person with the lead's name, e-mail and phone) and sets it on the deal.
 */
export async function convertLead(scope: Scope, env: BoardsEnv, row: DealRow): Promise<ConvertAnswer> {
  if (row.clientId || !row.leadName) return fail("notLead");
  const created = await createClientFromContact(scope, { name: row.leadName, email: row.leadEmail, phone: row.leadPhone });
  if (!created.ok) return created;
  const { db, agencyId } = scope;
  try {
    await db.batch([
      dealStillAt(scope, row.id, row.version),
      db
        .update(deal)
        .set({ clientId: created.id, updatedAt: nowIso(), version: sql`${deal.version} + 1` })
        .where(and(eq(deal.agencyId, agencyId), eq(deal.id, row.id))),
      activityInsert(scope, row.id, "lead_converted", { body: row.leadName }),
      auditInsert(db, { agencyId, userId: scope.userId, ip: scope.ip, entity: DEAL_ENTITY, entityId: row.id, action: "update", changes: { clientId: [null, created.id] } }),
    ] as never);
  } catch (error) {
    if (isBatchAssert(error)) return fail("stale");
    throw error;
  }
  await announceBoard(env, agencyId, "crm", { type: "changed", id: row.id, by: scope.userId });
  return ok({ clientId: created.id });
}

/**
 * The statements linking a deal to the draft sale made from it (a client's reservation
 * through the portal, like an accepted quote's sale) and to its client: for the caller's
 * batch, only while the deal has no sale yet; audited and on the deal's timeline with no user.
 */
export function linkDealSaleStatements(scope: Scope, dealId: string, saleId: string, clientId: string, note: string) {
  const { db, agencyId } = scope;
  const at = nowIso();
  return [
    db
      .update(deal)
      .set({ saleId, clientId, updatedAt: at, version: sql`${deal.version} + 1` })
      .where(and(eq(deal.agencyId, agencyId), eq(deal.id, dealId), isNull(deal.saleId), isNull(deal.deletedAt))),
    activityInsert(scope, dealId, "note", { body: note }, at),
    auditInsert(db, { agencyId, userId: scope.userId, ip: scope.ip, entity: DEAL_ENTITY, entityId: dealId, action: "update", changes: { saleId: [null, saleId] } }),
  ];
}

/** A client's deals (the client page), newest first. */
export async function clientDeals(scope: Scope, clientId: string) {
  return scope.db
    .select({ id: deal.id, number: deal.number, title: deal.title, stage: crmStage.name, stageKind: crmStage.kind, valueCents: deal.valueCents, currency: deal.currency, updatedAt: deal.updatedAt })
    .from(deal)
    .innerJoin(crmStage, and(eq(crmStage.agencyId, scope.agencyId), eq(crmStage.id, deal.stageId)))
    .where(and(...dealScopeWhere(scope), eq(deal.clientId, clientId)))
    .orderBy(desc(deal.updatedAt), desc(deal.id))
    .limit(50);
}

/** Clients the deal form's picker offers at once or per search. */
export const CLIENT_PICKER_LIMIT = 20;

/**
 * The clients a deal may be for (the form's search picker): the agency's live clients
 * matching `q` term by term (name, document, e-mail, phone — the register's search text),
 * the first CLIENT_PICKER_LIMIT by name; `keep` (the deal's client) always among them.
 */
export async function dealClientOptions(scope: Scope, q = "", keep: string | null = null): Promise<{ value: string; label: string }[]> {
  const terms = searchTerms(q.slice(0, 100));
  const live = [eq(client.agencyId, scope.agencyId), isNull(client.deletedAt)];
  const [rows, kept] = await Promise.all([
    scope.db
      .select({ id: client.id, name: client.name })
      .from(client)
      .where(and(...live, ...terms.map((term) => sql`instr(${client.searchText}, ${term}) > 0`)))
      .orderBy(asc(client.searchText), asc(client.id))
      .limit(CLIENT_PICKER_LIMIT),
    keep ? scope.db.select({ id: client.id, name: client.name }).from(client).where(and(...live, eq(client.id, keep))).limit(1) : [],
  ]);
  const all = [...kept, ...rows.filter((r) => r.id !== keep)];
  return all.map((r) => ({ value: r.id, label: r.name }));
}

/** A stored deal as the form shows it. */
export function dealFormValues(row: DealRow | null): Record<string, string> {
  const text = (v: string | number | null | undefined) => (v === null || v === undefined ? "" : String(v));
  if (!row) return { passengers: "1", source: "other", value: "" };
  return {
    title: row.title,
    clientId: text(row.clientId),
    leadName: text(row.leadName),
    leadPhone: text(row.leadPhone),
    leadEmail: text(row.leadEmail),
    destination: text(row.destination),
    travelStart: text(row.travelStart),
    travelEnd: text(row.travelEnd),
    passengers: String(row.passengers),
    value: (row.valueCents / 100).toFixed(2).replace(".", ","),
    expectedCloseDate: text(row.expectedCloseDate),
    ownerUserId: text(row.ownerUserId),
    source: row.source,
    lostReason: text(row.lostReason),
    notes: text(row.notes),
  };
}
