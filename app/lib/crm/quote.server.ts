/**
 * Quotes on the server (issue #18): a deal's quotes, the staff form (items replaced in the
 * quote's batch, totals stored as the items sum), sending (status sent + the public link,
 * mailed to the client through the one mail path when it has an e-mail), and the client's
 * public page by the quote's unguessable slug: opened (first/last seen, count), accepted
 * (one batch guarded on the quote still sent and valid: the deal to won, a draft emissivo
 * sale built by the sales module's own statements from the items, the activities — a
 * second acceptance writes nothing), declined with a reason. The owner hears both live.
 */
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { agency, agent, client, crmStage, deal, dealActivity, productKind, profile, quote, quoteItem, recordCounter, sale, supplier, user } from "~/db/schema";
import { newId, nowIso } from "~/db/schema/columns";
import { dealScopeWhere, DEAL_ENTITY, listStages, type DealRow } from "~/lib/crm/deal.server";
import { dealHref } from "~/lib/crm/deal";
import { publicQuoteHref, QUOTE_SLUG, quoteState, quoteTotals, type QuoteState } from "~/lib/crm/quote";
import type { QuoteInput } from "~/lib/crm/quote.schema";
import { auditInsert } from "~/lib/platform/audit.server";
import { assertInBatch, isBatchAssert } from "~/lib/platform/batch-assert.server";
import { announceBoard, type BoardsEnv } from "~/lib/platform/board-room.server";
import { randomToken } from "~/lib/platform/crypto.server";
import { crossTenant, type Db } from "~/lib/platform/db.server";
import { dispatchMail, outboxInsert, type Mailer } from "~/lib/platform/mail.server";
import { notify, type RealtimeEnv } from "~/lib/platform/realtime.server";
import { fail, ok, type Result } from "~/lib/platform/result";
import type { Scope } from "~/lib/platform/scope.server";
import { textIn } from "~/lib/platform/text-in";
import { todayIn } from "~/lib/platform/time-zone";
import { formatCalendarDate, formatMoney } from "~/lib/platform/format";
import { checkEmissivo, childStatements } from "~/lib/sales/emissivo.server";
import type { EmissivoInput } from "~/lib/sales/emissivo.schema";
import { insertSaleStatements } from "~/lib/sales/sale-core.server";
import { createRecord } from "~/lib/kit/record.server";
import type { AgentInput } from "~/lib/registers/agent";
import { agentStore, agentValues } from "~/lib/registers/agent.server";

export const QUOTE_ENTITY = "quote";
export const QUOTE_COUNTER = "quote";
export type QuoteRow = typeof quote.$inferSelect;
export type QuoteItemRow = typeof quoteItem.$inferSelect;

/** A quote of a deal the scope may see. */
export async function findQuote(scope: Scope, id: string): Promise<QuoteRow | null> {
  const [row] = await scope.db
    .select({ quote })
    .from(quote)
    .innerJoin(deal, and(eq(deal.agencyId, scope.agencyId), eq(deal.id, quote.dealId)))
    .where(and(eq(quote.agencyId, scope.agencyId), eq(quote.id, id), isNull(quote.deletedAt), ...dealScopeWhere(scope)))
    .limit(1);
  return row?.quote ?? null;
}

export async function quoteItems(db: Db, agencyId: string, quoteId: string): Promise<QuoteItemRow[]> {
  return db
    .select()
    .from(quoteItem)
    .where(and(eq(quoteItem.agencyId, agencyId), eq(quoteItem.quoteId, quoteId)))
    .orderBy(asc(quoteItem.position), asc(quoteItem.id));
}

/** A deal's quotes, newest first (the deal page). */
export async function dealQuotes(scope: Scope, dealId: string) {
  return scope.db
    .select({ id: quote.id, number: quote.number, title: quote.title, status: quote.status, validUntil: quote.validUntil, totalCents: quote.totalCents, currency: quote.currency, slug: quote.slug, sentAt: quote.sentAt, firstViewedAt: quote.firstViewedAt, lastViewedAt: quote.lastViewedAt, viewCount: quote.viewCount, saleId: quote.saleId })
    .from(quote)
    .where(and(eq(quote.agencyId, scope.agencyId), eq(quote.dealId, dealId), isNull(quote.deletedAt)))
    .orderBy(desc(quote.createdAt), desc(quote.id))
    .limit(50);
}

/** The product kinds and suppliers the form offers. */
export async function quoteChoices(scope: Scope) {
  const [kinds, suppliers] = await Promise.all([
    scope.db.select({ value: productKind.id, kind: productKind.kind }).from(productKind).where(and(eq(productKind.agencyId, scope.agencyId), eq(productKind.enabled, true))).orderBy(asc(productKind.kind)).limit(200),
    scope.db.select({ value: supplier.id, label: supplier.name }).from(supplier).where(and(eq(supplier.agencyId, scope.agencyId), isNull(supplier.deletedAt))).orderBy(asc(supplier.searchText)).limit(1000),
  ]);
  return { kinds, suppliers };
}

export type QuoteRefusal = "stale" | "closed" | "invalid";

async function checkQuote(scope: Scope, input: QuoteInput): Promise<Result<{ totals: NonNullable<ReturnType<typeof quoteTotals>> }, "invalid", { errors: Record<string, string[]> }>> {
  const errors: Record<string, string[]> = {};
  const { kinds, suppliers } = await quoteChoices(scope);
  input.items.forEach((it, i) => {
    if (!kinds.some((k) => k.value === it.productKindId)) errors[`items[${i}].productKindId`] = ["crm.errors.productKind"];
    if (it.supplierId && !suppliers.some((s) => s.value === it.supplierId)) errors[`items[${i}].supplierId`] = ["crm.errors.supplier"];
    // The sale's rule (emissivo): a cost is owed to a supplier.
    if (it.costCents > 0 && !it.supplierId) errors[`items[${i}].supplierId`] = ["crm.errors.costWithoutSupplier"];
  });
  const totals = quoteTotals(input.items, input.discountCents);
  if (!totals) errors.discount = ["crm.errors.money"];
  if (Object.keys(errors).length || !totals) return fail("invalid", { errors });
  return ok({ totals });
}

function itemRows(scope: Scope, quoteId: string, input: QuoteInput, at: string) {
  return input.items.map((it, position) => ({ id: newId(), agencyId: scope.agencyId, quoteId, position, ...it, createdAt: at, updatedAt: at }));
}

/** A new draft quote of the deal (numbered per agency in its batch, a fresh 256-bit slug). */
export async function createQuote(scope: Scope, row: DealRow, input: QuoteInput): Promise<Result<{ id: string }, "invalid", { errors?: Record<string, string[]> }>> {
  const checked = await checkQuote(scope, input);
  if (!checked.ok) return checked;
  const { db, agencyId } = scope;
  const id = newId();
  const at = nowIso();
  const items = itemRows(scope, id, input, at);
  await db.batch([
    db
      .insert(recordCounter)
      .values({ agencyId, kind: QUOTE_COUNTER, last: 1 })
      .onConflictDoUpdate({ target: [recordCounter.agencyId, recordCounter.kind], set: { last: sql`${recordCounter.last} + 1` } }),
    db.insert(quote).values({
      id,
      agencyId,
      number: sql`(select "record_counter"."last" from "record_counter" where "record_counter"."agency_id" = ${agencyId} and "record_counter"."kind" = ${QUOTE_COUNTER})` as unknown as number,
      dealId: row.id,
      title: input.title,
      language: input.language,
      currency: row.currency,
      validUntil: input.validUntil,
      terms: input.terms,
      ...checked.totals,
      slug: randomToken(),
      createdBy: scope.userId,
      createdAt: at,
      updatedAt: at,
    }),
    ...(items.length ? [db.insert(quoteItem).values(items)] : []),
    auditInsert(db, { agencyId, userId: scope.userId, ip: scope.ip, entity: QUOTE_ENTITY, entityId: id, action: "create", changes: { title: [null, input.title], totalCents: [null, checked.totals.totalCents], items: [null, items.length] } }),
  ] as never);
  return ok({ id });
}

/** Aborts the batch unless the quote is still at `version` in one of `statuses`. */
const quoteStillAt = (db: Db, agencyId: string, id: string, version: number | null, statuses: readonly string[]) =>
  assertInBatch(
    db,
    agencyId,
    "quote.stale",
    sql`not exists (select 1 from "quote" where "quote"."agency_id" = ${agencyId} and "quote"."id" = ${id} and "quote"."deleted_at" is null and "quote"."status" in (${sql.join(
      statuses.map((s) => sql`${s}`),
      sql`, `,
    )})${version === null ? sql`` : sql` and "quote"."version" = ${version}`})`,
  );

/** Saves a draft or sent quote (items replaced) if it is still at `version`. */
export async function updateQuote(scope: Scope, row: QuoteRow, input: QuoteInput & { version: number }): Promise<Result<{ id: string }, QuoteRefusal, { errors?: Record<string, string[]> }>> {
  if (row.status === "accepted" || row.status === "declined") return fail("closed");
  if (row.version !== input.version) return fail("stale");
  const checked = await checkQuote(scope, input);
  if (!checked.ok) return checked;
  const { db, agencyId } = scope;
  const at = nowIso();
  const items = itemRows(scope, row.id, input, at);
  try {
    await db.batch([
      quoteStillAt(db, agencyId, row.id, input.version, ["draft", "sent"]),
      db.delete(quoteItem).where(and(eq(quoteItem.agencyId, agencyId), eq(quoteItem.quoteId, row.id))),
      ...(items.length ? [db.insert(quoteItem).values(items)] : []),
      db
        .update(quote)
        .set({ title: input.title, language: input.language, validUntil: input.validUntil, terms: input.terms, ...checked.totals, updatedAt: at, version: sql`${quote.version} + 1` })
        .where(and(eq(quote.agencyId, agencyId), eq(quote.id, row.id))),
      auditInsert(db, { agencyId, userId: scope.userId, ip: scope.ip, entity: QUOTE_ENTITY, entityId: row.id, action: "update", changes: { totalCents: [row.totalCents, checked.totals.totalCents], validUntil: [row.validUntil, input.validUntil] } }),
    ] as never);
  } catch (error) {
    if (isBatchAssert(error)) return fail("stale");
    throw error;
  }
  return ok({ id: row.id });
}

/**
 * Sends a draft (or sends a sent quote again): status sent, the activity, and the link by
 * e-mail when the deal's client has one. Answers whether a mail went.
 */
export async function sendQuote(scope: Scope, mailer: Mailer, origin: string, row: QuoteRow): Promise<Result<{ mailed: string | null }, QuoteRefusal>> {
  if (row.status === "accepted" || row.status === "declined") return fail("closed");
  const { db, agencyId } = scope;
  const [info] = await db
    .select({ email: sql<string | null>`(select json_extract(${client.emails}, '$[0]'))`, clientName: client.name, leadEmail: deal.leadEmail, leadName: deal.leadName, agencyName: agency.name })
    .from(deal)
    .innerJoin(agency, eq(agency.id, deal.agencyId))
    .leftJoin(client, and(eq(client.agencyId, agencyId), eq(client.id, deal.clientId)))
    .where(and(eq(deal.agencyId, agencyId), eq(deal.id, row.dealId)))
    .limit(1);
  const to = info?.email || info?.leadEmail || null;
  const at = nowIso();
  const values = { client: info?.clientName ?? info?.leadName ?? "", agency: info?.agencyName ?? "", number: row.number, title: row.title, link: `${origin}${publicQuoteHref(row.slug)}`, valid: formatCalendarDate(row.validUntil, row.language, "long") };
  const outbox = to ? outboxInsert(db, { agencyId, kind: "crm_quote", to, locale: row.language, subject: textIn(row.language, "crm.quotes.mail.subject", values), text: textIn(row.language, "crm.quotes.mail.body", values) }) : null;
  try {
    await db.batch([
      quoteStillAt(db, agencyId, row.id, row.version, ["draft", "sent"]),
      db
        .update(quote)
        .set({ status: "sent", sentAt: at, updatedAt: at, version: sql`${quote.version} + 1` })
        .where(and(eq(quote.agencyId, agencyId), eq(quote.id, row.id))),
      db.insert(dealActivity).values({ id: newId(), agencyId, dealId: row.dealId, kind: "quote_sent", quoteId: row.id, body: `#${row.number} ${row.title}`, userId: scope.userId, occurredAt: at, createdAt: at }),
      auditInsert(db, { agencyId, userId: scope.userId, ip: scope.ip, entity: QUOTE_ENTITY, entityId: row.id, action: "update", changes: { status: [row.status, "sent"], ...(to ? { sentTo: [null, to] } : {}) } }),
      ...(outbox ? [outbox.statement] : []),
    ] as never);
  } catch (error) {
    if (isBatchAssert(error)) return fail("stale");
    throw error;
  }
  if (outbox) await dispatchMail(mailer, outbox.mail);
  return ok({ mailed: to });
}

// ---------------------------------------------------------------------------
// The client's page (/orcamento/{slug}): no session, the slug is the credential

export type OpenQuote = {
  row: QuoteRow;
  state: QuoteState;
  agency: { name: string; timeZone: string; logoUrl: string | null; id: string };
  contact: string;
  items: QuoteItemRow[];
  dealOwner: string | null;
};

/** The quote behind a slug (any agency: the slug is the credential), or null. */
export async function openQuote(anyDb: Db, slug: string, now: number = Date.now()): Promise<OpenQuote | null> {
  if (!QUOTE_SLUG.test(slug)) return null;
  const db = crossTenant(anyDb); // the agency is not known before the slug finds it
  const [found] = await db
    .select({ quote, agencyName: agency.name, timeZone: agency.timeZone, logoKey: agency.logoKey, clientName: client.name, leadName: deal.leadName, owner: deal.ownerUserId })
    .from(quote)
    .innerJoin(agency, eq(agency.id, quote.agencyId))
    .innerJoin(deal, and(eq(deal.agencyId, quote.agencyId), eq(deal.id, quote.dealId)))
    .leftJoin(client, and(eq(client.agencyId, quote.agencyId), eq(client.id, deal.clientId)))
    .where(and(eq(quote.slug, slug), isNull(quote.deletedAt)))
    .limit(1);
  if (!found || found.quote.status === "draft") return null;
  const items = await quoteItems(db, found.quote.agencyId, found.quote.id);
  return {
    row: found.quote,
    state: quoteState(found.quote.status, found.quote.validUntil, todayIn(found.timeZone, now)),
    // The agency's logo is a public file (/arquivos/logo/{agency}), versioned by its key.
    agency: { name: found.agencyName, timeZone: found.timeZone, logoUrl: found.logoKey ? `/arquivos/logo/${found.quote.agencyId}?v=${encodeURIComponent(found.logoKey.slice(-12))}` : null, id: found.quote.agencyId },
    contact: found.clientName ?? found.leadName ?? "",
    items,
    dealOwner: found.owner,
  };
}

/** An opening: first/last seen and the count; the first one is written on the deal's timeline. */
export async function markQuoteViewed(anyDb: Db, q: OpenQuote, ip: string | null) {
  const db = crossTenant(anyDb);
  const at = nowIso();
  const { row } = q;
  await db.batch([
    db
      .update(quote)
      .set({ firstViewedAt: sql`coalesce(${quote.firstViewedAt}, ${at})`, lastViewedAt: at, viewCount: sql`${quote.viewCount} + 1` })
      .where(and(eq(quote.agencyId, row.agencyId), eq(quote.id, row.id))),
    ...(row.firstViewedAt
      ? []
      : [db.insert(dealActivity).select(sql`select ${newId()}, ${row.agencyId}, ${row.dealId}, 'quote_viewed', ${`#${row.number}`}, null, null, ${row.id}, null, ${at}, ${at} where not exists (select 1 from "deal_activity" where "deal_activity"."agency_id" = ${row.agencyId} and "deal_activity"."quote_id" = ${row.id} and "deal_activity"."kind" = 'quote_viewed')`)]),
  ] as never);
  void ip;
}

/** Tells the deal's owner (only) what the client did, in the owner's language. */
async function notifyOwner(env: RealtimeEnv, db: Db, q: OpenQuote, event: "accepted" | "declined") {
  if (!q.dealOwner) return;
  const [owner] = await crossTenant(db).select({ locale: profile.locale, active: profile.active, agencyId: profile.agencyId }).from(profile).where(eq(profile.id, q.dealOwner)).limit(1);
  if (!owner?.active || owner.agencyId !== q.row.agencyId) return;
  const values = { number: q.row.number, title: q.row.title, client: q.contact };
  await notify(env, {
    userId: q.dealOwner,
    agencyId: q.row.agencyId,
    title: textIn(owner.locale, `crm.quotes.notice.${event}.title`, values),
    message: textIn(owner.locale, `crm.quotes.notice.${event}.message`, values),
    link: dealHref(q.row.dealId),
  });
}

export type AcceptFailure = "closed" | "expired";

/**
 * The agent a quote's sale is made for: the deal owner's agent record; an owner of the agency
 * without one gets one registered (internal, linked to them, no commission) so the sale is
 * theirs, not another seller's; a deal without an owner, the agency's first agent. Null only
 * when there is neither an owner nor any agent.
 */
export async function saleAgentFor(scope: Scope, ownerId: string | null): Promise<{ id: string } | null> {
  const { db, agencyId } = scope;
  const ownAgent = async () =>
    ownerId ? ((await db.select({ id: agent.id }).from(agent).where(and(eq(agent.agencyId, agencyId), eq(agent.userId, ownerId), isNull(agent.deletedAt))).limit(1))[0] ?? null) : null;
  const own = await ownAgent();
  if (own) return own;
  if (ownerId) {
    const [person] = await db
      .select({ name: profile.name, email: user.email })
      .from(profile)
      .innerJoin(user, eq(user.id, profile.id))
      .where(and(eq(profile.id, ownerId), eq(profile.agencyId, agencyId)))
      .limit(1);
    if (person) {
      const made = await createRecord(
        scope,
        agentStore,
        agentValues({ name: person.name, document: null, email: person.email, phone: null, userId: ownerId, commissionRule: "sale_percent", commission: 0, pixKeyType: null, pixKey: null, notes: null } as AgentInput),
      );
      if (made.ok) return { id: made.id };
      // Registered meanwhile (a second acceptance at the same moment): theirs.
      const again = await ownAgent();
      if (again) return again;
    }
  }
  const [first] = await db.select({ id: agent.id }).from(agent).where(and(eq(agent.agencyId, agencyId), isNull(agent.deletedAt))).orderBy(asc(agent.searchText)).limit(1);
  return first ?? null;
}

/**
 * The client accepts: in one batch, guarded on the quote still sent (and valid today in the
 * agency's zone), the quote accepted, the deal moved to the won stage, a draft emissivo sale
 * made from the items by the sales module's own statements (client = the deal's client; a
 * lead is registered as a client first), the activities. A second acceptance — also at the
 * same moment — fails the guard and writes nothing: one sale. Then the owner hears of it.
 */
export async function acceptQuote(env: RealtimeEnv & BoardsEnv, anyDb: Db, q: OpenQuote, ip: string | null): Promise<Result<{ saleId: string | null }, AcceptFailure>> {
  if (q.state === "expired") return fail("expired");
  if (q.state !== "open") return fail("closed");
  const db = crossTenant(anyDb);
  const { row } = q;
  const agencyId = row.agencyId;
  const [d] = await db.select().from(deal).where(and(eq(deal.agencyId, agencyId), eq(deal.id, row.dealId))).limit(1);
  if (!d) return fail("closed");
  const [ag] = await db.select({ timeZone: agency.timeZone, currency: agency.currency }).from(agency).where(eq(agency.id, agencyId)).limit(1);
  const ownerId = d.ownerUserId;
  const [owner] = ownerId ? await db.select({ role: profile.role }).from(profile).where(and(eq(profile.id, ownerId), eq(profile.agencyId, agencyId))).limit(1) : [];
  // The sale is written as the deal's owner would, for their agent record (saleAgentFor).
  const scope: Scope = { db: anyDb, ip, userId: ownerId ?? "", role: owner?.role ?? "Admin", agencyId, timeZone: ag?.timeZone ?? "America/Sao_Paulo", currency: ag?.currency ?? row.currency };
  const stages = await listStages(scope);
  const won = stages.find((s) => s.kind === "won")!;
  const at = nowIso();

  // A lead becomes a client (the client register's rules) before the sale can name it.
  let clientId = d.clientId;
  if (!clientId && d.leadName) {
    const { convertLead } = await import("~/lib/crm/deal.server");
    const converted = await convertLead(scope, env, d);
    if (converted.ok) clientId = converted.clientId;
    // Already a client of the agency (same e-mail — or a second acceptance converting at the same moment): that client.
    else if (converted.reason === "duplicate" && converted.existing) clientId = converted.existing;
    else if (converted.reason === "stale") {
      const [again] = await db.select({ clientId: deal.clientId }).from(deal).where(and(eq(deal.agencyId, agencyId), eq(deal.id, d.id))).limit(1);
      clientId = again?.clientId ?? null;
    }
  }
  const anyAgent = await saleAgentFor(scope, ownerId);
  const saleStatements: unknown[] = [];
  let saleId: string | null = null;
  if (clientId && anyAgent && q.items.length > 0) {
    const input: EmissivoInput = {
      clientId,
      agentId: anyAgent.id,
      saleDate: todayIn(scope.timeZone),
      currency: row.currency,
      passengers: [{ clientId, ageBand: "adult" }],
      items: q.items.map((it) => ({
        id: null,
        productKindId: it.productKindId,
        supplierId: it.supplierId,
        description: it.description,
        startDate: it.startDate,
        startTime: null,
        endDate: it.endDate,
        endTime: null,
        locator: null,
        passengers: [clientId],
        costCents: it.costCents,
        priceCents: it.priceCents,
        feesCents: it.feesCents,
        inventoryKind: "none",
        packageDepartureId: null,
        roomTypeId: null,
        airBlockId: null,
        quantity: 1,
        notes: it.notes,
      })),
      discountCents: row.discountCents,
      paymentTermId: null,
      paymentMethod: "pix",
      downPaymentCents: null,
      firstDueDate: null,
      notes: `Orçamento #${row.number} — ${row.title}`,
      confirmEdit: null,
    } as unknown as EmissivoInput;
    const checked = await checkEmissivo({ ...scope, role: "Admin" }, input, null);
    if (checked.ok) {
      const made = insertSaleStatements(scope, {
        kind: "emissivo",
        clientId,
        agentId: anyAgent.id,
        ownerUserId: checked.ownerUserId,
        saleDate: input.saleDate!,
        currency: input.currency,
        paymentTermId: null,
        paymentMethod: input.paymentMethod,
        downPaymentCents: null,
        firstDueDate: null,
        notes: input.notes,
        totals: checked.totals,
        passengerCount: 1,
        searchText: "",
      });
      saleId = made.id;
      saleStatements.push(...made.statements, ...childStatements(scope, made.id, input, checked.items, { passengers: [], items: [] }));
    }
  }
  const today = todayIn(scope.timeZone);
  try {
    await db.batch([
      // The guard: still sent and valid — a second acceptance (or a decline meanwhile) aborts everything.
      assertInBatch(
        db,
        agencyId,
        "quote.answered",
        sql`not exists (select 1 from "quote" where "quote"."agency_id" = ${agencyId} and "quote"."id" = ${row.id} and "quote"."status" = 'sent' and "quote"."valid_until" >= ${today} and "quote"."deleted_at" is null)`,
      ),
      // The sale first: the quote and the deal point at it.
      ...(saleStatements as never[]),
      db
        .update(quote)
        .set({ status: "accepted", answeredAt: at, saleId, updatedAt: at, version: sql`${quote.version} + 1` })
        .where(and(eq(quote.agencyId, agencyId), eq(quote.id, row.id))),
      db
        .update(deal)
        .set({
          stageId: won.id,
          ...(d.stageId !== won.id ? { stageEnteredAt: at } : {}),
          closedAt: at,
          lostReason: null,
          saleId: saleId ?? d.saleId,
          clientId: clientId ?? d.clientId,
          updatedAt: at,
          version: sql`${deal.version} + 1`,
        })
        .where(and(eq(deal.agencyId, agencyId), eq(deal.id, d.id))),
      db.insert(dealActivity).values({ id: newId(), agencyId, dealId: d.id, kind: "quote_accepted", quoteId: row.id, body: `#${row.number} ${row.title}`, userId: null, occurredAt: at, createdAt: at }),
      ...(d.stageId !== won.id ? [db.insert(dealActivity).values({ id: newId(), agencyId, dealId: d.id, kind: "stage_change", fromStageId: d.stageId, toStageId: won.id, userId: null, occurredAt: at, createdAt: at })] : []),
      auditInsert(db, { agencyId, userId: null, ip, entity: QUOTE_ENTITY, entityId: row.id, action: "update", changes: { status: ["sent", "accepted"], ...(saleId ? { saleId: [null, saleId] } : {}) } }),
      auditInsert(db, { agencyId, userId: null, ip, entity: DEAL_ENTITY, entityId: d.id, action: "update", changes: { stage: [d.stageId, won.id] } }),
    ] as never);
  } catch (error) {
    if (isBatchAssert(error)) return fail("closed");
    throw error;
  }
  await announceBoard(env, agencyId, "crm", { type: "changed", id: d.id, by: "client" });
  await notifyOwner(env, db, q, "accepted");
  return ok({ saleId });
}

/** The client declines with a reason (guarded on the quote still sent). */
export async function declineQuote(env: RealtimeEnv & BoardsEnv, anyDb: Db, q: OpenQuote, reason: string, ip: string | null): Promise<Result<object, AcceptFailure>> {
  if (q.state === "expired") return fail("expired");
  if (q.state !== "open") return fail("closed");
  const db = crossTenant(anyDb);
  const { row } = q;
  const at = nowIso();
  try {
    await db.batch([
      quoteStillAt(db, row.agencyId, row.id, null, ["sent"]),
      db
        .update(quote)
        .set({ status: "declined", answeredAt: at, declineReason: reason, updatedAt: at, version: sql`${quote.version} + 1` })
        .where(and(eq(quote.agencyId, row.agencyId), eq(quote.id, row.id))),
      db.insert(dealActivity).values({ id: newId(), agencyId: row.agencyId, dealId: row.dealId, kind: "quote_declined", quoteId: row.id, body: reason, userId: null, occurredAt: at, createdAt: at }),
      auditInsert(db, { agencyId: row.agencyId, userId: null, ip, entity: QUOTE_ENTITY, entityId: row.id, action: "update", changes: { status: ["sent", "declined"], declineReason: [null, reason] } }),
    ] as never);
  } catch (error) {
    if (isBatchAssert(error)) return fail("closed");
    throw error;
  }
  await announceBoard(env, row.agencyId, "crm", { type: "changed", id: row.dealId, by: "client" });
  await notifyOwner(env, db, q, "declined");
  return ok();
}

/** A quote's money as the page shows it. */
export const money = (cents: number, currency: string, language: string) => formatMoney(cents, currency, language);
void crmStage;
void sale;
