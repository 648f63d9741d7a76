/**
 * Invoicing (decision 0016): what a party has to invoice, generating an
 * invoice (number, lines, the receivable it creates or the sales' receivables
 * it links, all in one batch), the list, one invoice, cancelling it and
 * sending it by e-mail. Every function takes the agency's Scope; another
 * agency's ids are simply not found.
 */
import { and, asc, desc, eq, inArray, isNull, ne, sql, type SQL } from "drizzle-orm";
import { agent, chartAccount, client, excursion, financeTitle, invoice, invoiceLine, invoiceTitle, recordCounter, sale, saleItem } from "~/db/schema";
import { newId, nowIso } from "~/db/schema/columns";
import type { InvoicePartyKind } from "~/db/schema/invoices";
import {
  invoiceTotal,
  MAX_INVOICE_LINES,
  payingPlan,
  saleLines,
  shownInvoiceStatus,
  type BillableLine,
  type InvoiceErr,
  type InvoiceFilter,
  type InvoiceShownStatus,
  type InvoiceSort,
  type PartyRef,
  type PayingTitle,
} from "~/lib/finance/invoices/invoice";
import type { GenerateInput } from "~/lib/finance/invoices/invoice.schema";
import { titleFxValues, titleRate } from "~/lib/finance/ledger/titles.server";
import { runList, type ListSource } from "~/lib/kit/list.server";
import type { ListQuery, PageInfo } from "~/lib/kit/list";
import { buildSearchText } from "~/lib/kit/search-text";
import { auditInsert } from "~/lib/platform/audit.server";
import { assertInBatch, isBatchAssert, isUniqueFailure } from "~/lib/platform/batch-assert.server";
import { fail, ok, type Result } from "~/lib/platform/result";
import type { Scope } from "~/lib/platform/scope.server";
import { languageForCountry, textIn } from "~/lib/platform/text-in";
import { todayIn } from "~/lib/platform/time-zone";

export const INVOICE_COUNTER = "invoice";
export const INVOICE_ENTITY = "invoice";
const ID = /^[A-Za-z0-9_-]{1,64}$/;
type Statement = Parameters<Scope["db"]["batch"]>[0][number];

// ---------------------------------------------------------------------------
// Parties

export type InvoiceParty = { kind: InvoicePartyKind; id: string; name: string; document: string | null; email: string | null; language: "pt" | "en" | "es"; company: boolean };

/** A live client or agent of the agency (null for an unknown or another agency's id). */
export async function findParty(scope: Scope, ref: PartyRef): Promise<InvoiceParty | null> {
  if (!ID.test(ref.id)) return null;
  if (ref.kind === "client") {
    const [row] = await scope.db
      .select({ id: client.id, name: client.name, document: client.document, emails: client.emails, country: client.country, kind: client.kind })
      .from(client)
      .where(and(eq(client.agencyId, scope.agencyId), eq(client.id, ref.id), isNull(client.deletedAt)))
      .limit(1);
    if (!row) return null;
    return { kind: "client", id: row.id, name: row.name, document: row.document, email: row.emails[0] ?? null, language: languageForCountry(row.country), company: row.kind === "company" };
  }
  const [row] = await scope.db
    .select({ id: agent.id, name: agent.name, document: agent.document, email: agent.email })
    .from(agent)
    .where(and(eq(agent.agencyId, scope.agencyId), eq(agent.id, ref.id), isNull(agent.deletedAt)))
    .limit(1);
  if (!row) return null;
  return { kind: "agent", id: row.id, name: row.name, document: row.document, email: row.email, language: "pt", company: false };
}

/** The party choices of the generate screen: clients (people and companies) and agents, by name. */
export async function partyChoices(scope: Scope) {
  const [clients, agents] = await Promise.all([
    scope.db
      .select({ id: client.id, name: client.name, kind: client.kind })
      .from(client)
      .where(and(eq(client.agencyId, scope.agencyId), isNull(client.deletedAt)))
      .orderBy(asc(client.searchText), asc(client.id))
      .limit(1000),
    scope.db
      .select({ id: agent.id, name: agent.name })
      .from(agent)
      .where(and(eq(agent.agencyId, scope.agencyId), isNull(agent.deletedAt)))
      .orderBy(asc(agent.name), asc(agent.id))
      .limit(500),
  ]);
  return {
    clients: clients.map((c) => ({ value: `client:${c.id}`, label: c.name, company: c.kind === "company" })),
    agents: agents.map((a) => ({ value: `agent:${a.id}`, label: a.name })),
  };
}

// ---------------------------------------------------------------------------
// What a party has to invoice

export type CandidateSale = {
  id: string;
  number: number;
  kind: "emissivo" | "excursion";
  saleDate: string;
  currency: string;
  totalCents: number;
  clientName: string;
  /** The sale has live receivables of its own: it is invoiced whole and they are linked. */
  covered: boolean;
  lines: BillableLine[];
};

const partyWhere = (ref: PartyRef): SQL => (ref.kind === "client" ? eq(sale.clientId, ref.id) : eq(sale.agentId, ref.id));

/**
 * The party's confirmed sales in the period (sale day) with lines not on a live
 * invoice yet, newest first, each with its billable lines and whether it has
 * receivables of its own. At most MAX_INVOICE_LINES sales.
 */
export async function invoiceCandidates(scope: Scope, ref: PartyRef, period: { from: string | null; to: string | null }, onlySales?: readonly string[]): Promise<CandidateSale[]> {
  const { db, agencyId } = scope;
  const sales = await db
    .select({
      id: sale.id,
      number: sale.number,
      kind: sale.kind,
      saleDate: sale.saleDate,
      currency: sale.currency,
      discountCents: sale.discountCents,
      totalCents: sale.totalCents,
      clientName: client.name,
      excursionTitle: excursion.title,
    })
    .from(sale)
    .innerJoin(client, and(eq(client.agencyId, agencyId), eq(client.id, sale.clientId)))
    .leftJoin(excursion, and(eq(excursion.agencyId, agencyId), eq(excursion.id, sale.excursionId)))
    .where(
      and(
        eq(sale.agencyId, agencyId),
        isNull(sale.deletedAt),
        eq(sale.status, "confirmed"),
        partyWhere(ref),
        period.from ? sql`${sale.saleDate} >= ${period.from}` : undefined,
        period.to ? sql`${sale.saleDate} <= ${period.to}` : undefined,
        onlySales ? inArray(sale.id, onlySales.length ? [...onlySales] : [""]) : undefined,
      ),
    )
    .orderBy(desc(sale.saleDate), desc(sale.number))
    .limit(MAX_INVOICE_LINES);
  if (sales.length === 0) return [];
  const ids = sales.map((s) => s.id);
  const [items, taken, receivables] = await Promise.all([
    db
      .select({ id: saleItem.id, saleId: saleItem.saleId, description: saleItem.description, priceCents: saleItem.priceCents, feesCents: saleItem.feesCents })
      .from(saleItem)
      .where(and(eq(saleItem.agencyId, agencyId), inArray(saleItem.saleId, ids)))
      .orderBy(asc(saleItem.position), asc(saleItem.id)),
    db
      .select({ key: invoiceLine.billingKey })
      .from(invoiceLine)
      .where(and(eq(invoiceLine.agencyId, agencyId), inArray(invoiceLine.saleId, ids), eq(invoiceLine.live, 1))),
    db
      .select({ saleId: financeTitle.originId })
      .from(financeTitle)
      .where(and(eq(financeTitle.agencyId, agencyId), eq(financeTitle.originKind, "sale"), inArray(financeTitle.originId, ids), eq(financeTitle.direction, "receivable"), ne(financeTitle.status, "cancelled"))),
  ]);
  const takenKeys = new Set(taken.map((t) => t.key));
  const covered = new Set(receivables.map((r) => r.saleId));
  const out: CandidateSale[] = [];
  for (const s of sales) {
    const lines = saleLines(
      { id: s.id, number: s.number, kind: s.kind, discountCents: s.discountCents, totalCents: s.totalCents, label: s.excursionTitle ?? s.clientName },
      items.filter((i) => i.saleId === s.id),
    ).filter((l) => !takenKeys.has(l.key));
    if (lines.length === 0) continue;
    out.push({ id: s.id, number: s.number, kind: s.kind, saleDate: s.saleDate, currency: s.currency, totalCents: s.totalCents, clientName: s.clientName, covered: covered.has(s.id), lines });
  }
  return out;
}

// ---------------------------------------------------------------------------
// Generating

export type GenerateFailure = InvoiceErr | "notFound";

/** The sale ids the posted line keys point at, when every one is the agency's (else null: 404). */
async function saleIdsOf(scope: Scope, keys: readonly string[]): Promise<string[] | null> {
  const saleIds = keys.filter((k) => k.startsWith("sale:")).map((k) => k.slice(5));
  const itemIds = keys.filter((k) => !k.startsWith("sale:"));
  const [sales, items] = await Promise.all([
    saleIds.length
      ? scope.db
          .select({ id: sale.id })
          .from(sale)
          .where(and(eq(sale.agencyId, scope.agencyId), inArray(sale.id, saleIds)))
      : [],
    itemIds.length
      ? scope.db
          .select({ id: saleItem.id, saleId: saleItem.saleId })
          .from(saleItem)
          .where(and(eq(saleItem.agencyId, scope.agencyId), inArray(saleItem.id, itemIds)))
      : [],
  ]);
  if (sales.length !== new Set(saleIds).size || items.length !== new Set(itemIds).size) return null;
  return [...new Set([...sales.map((s) => s.id), ...items.map((i) => i.saleId)])];
}

/**
 * Generates an invoice of the selected lines for the party: the next number of
 * the agency's sequence (counter bumped and read back in this batch), the
 * lines (a partial unique index refuses a line already on a live invoice,
 * whatever raced), the sales' live receivables linked (a sale that has them is
 * invoiced whole) and, for the lines of sales without them, one receivable
 * (origin "invoice") due on the invoice's due date. All or nothing.
 */
export async function generateInvoice(scope: Scope, input: GenerateInput, party: PartyRef): Promise<Result<{ id: string; number: number }, GenerateFailure, { field?: string }>> {
  const { db, agencyId, userId, ip } = scope;
  const found = await findParty(scope, party);
  if (!found) return fail("notFound");
  const saleIds = await saleIdsOf(scope, input.lines);
  if (!saleIds) return fail("notFound");
  const issueDate = todayIn(scope.timeZone);
  if (input.dueDate < issueDate) return fail("dueBeforeIssue", { field: "dueDate" });
  // Every selected key must be an open line of the party's confirmed sales (the period aside: it only narrows the screen).
  const candidates = await invoiceCandidates(scope, party, { from: null, to: null }, saleIds);
  const byKey = new Map(candidates.flatMap((s) => s.lines.map((l) => [l.key, { line: l, sale: s }] as const)));
  const wanted = input.lines.map((k) => byKey.get(k));
  if (wanted.some((w) => !w)) return fail("taken", { field: "lines" });
  const chosen = wanted.map((w) => w!);
  const currencies = new Set(chosen.map((c) => c.sale.currency));
  if (currencies.size > 1) return fail("currency", { field: "lines" });
  const currency = chosen[0]!.sale.currency;
  // A sale with receivables of its own is billed whole.
  const chosenKeys = new Set(input.lines);
  const sales = [...new Map(chosen.map((c) => [c.sale.id, c.sale])).values()];
  if (sales.some((s) => s.covered && s.lines.some((l) => !chosenKeys.has(l.key)))) return fail("whole", { field: "lines" });
  const lines = chosen.map((c) => c.line);
  const total = invoiceTotal(lines);
  if (total <= 0) return fail("empty", { field: "lines" });
  const plan = payingPlan(lines, new Set(sales.filter((s) => s.covered).map((s) => s.id)));

  const linked = plan.linkedSales.length
    ? await db
        .select({ id: financeTitle.id, version: financeTitle.version })
        .from(financeTitle)
        .where(
          and(
            eq(financeTitle.agencyId, agencyId),
            eq(financeTitle.originKind, "sale"),
            eq(financeTitle.direction, "receivable"),
            inArray(financeTitle.originId, plan.linkedSales),
            ne(financeTitle.status, "cancelled"),
          ),
        )
    : [];
  let categoryId: string | null = null;
  if (plan.createdCents > 0) {
    const cats = await db
      .select({ id: chartAccount.id, key: chartAccount.systemKey })
      .from(chartAccount)
      .where(and(eq(chartAccount.agencyId, agencyId), inArray(chartAccount.systemKey, ["revenue.sales", "revenue"]), isNull(chartAccount.deletedAt), eq(chartAccount.active, true)));
    categoryId = (cats.find((c) => c.key === "revenue.sales") ?? cats[0])?.id ?? null;
    if (!categoryId) return fail("category", { field: "" });
  }
  // The receivable it creates keeps the rate of its competence (issue) day (decision 0018).
  const fx = plan.createdCents > 0 ? await titleRate(scope, currency, issueDate).then((rate) => rate && titleFxValues(plan.createdCents, rate)) : null;
  if (plan.createdCents > 0 && !fx) return fail("rate", { field: "" });

  const id = newId();
  const numberSql = sql`(select "record_counter"."last" from "record_counter" where "record_counter"."agency_id" = ${agencyId} and "record_counter"."kind" = ${INVOICE_COUNTER})`;
  const language = input.language;
  const statements: Statement[] = [
    db
      .insert(recordCounter)
      .values({ agencyId, kind: INVOICE_COUNTER, last: 1 })
      .onConflictDoUpdate({ target: [recordCounter.agencyId, recordCounter.kind], set: { last: sql`${recordCounter.last} + 1` } }),
    db.insert(invoice).values({
      id,
      agencyId,
      number: numberSql as unknown as number,
      partyKind: found.kind,
      partyId: found.id,
      partyName: found.name,
      partyDocument: found.document,
      language,
      currency,
      issueDate,
      dueDate: input.dueDate,
      periodFrom: input.from,
      periodTo: input.to,
      totalCents: total,
      notes: input.notes,
      searchText: sql`${buildSearchText(found.name, found.document)} || ' ' || ${numberSql}` as unknown as string,
      createdBy: userId,
    }),
    db.insert(invoiceLine).values(
      lines.map((l, i) => ({
        id: newId(),
        agencyId,
        invoiceId: id,
        saleId: l.saleId,
        saleItemId: l.saleItemId,
        billingKey: l.key,
        saleNumber: l.saleNumber,
        description: l.description,
        amountCents: l.amountCents,
        position: i,
      })),
    ),
  ];
  // The linked receivables must be as read (none cancelled or added meanwhile).
  if (linked.length) {
    const versions = linked.reduce((s, t) => s + t.version, 0);
    statements.push(
      assertInBatch(
        db,
        agencyId,
        "invoice.titles",
        sql`(select count(*) || ':' || coalesce(sum("finance_title"."version"), 0) from "finance_title" where "finance_title"."agency_id" = ${agencyId} and "finance_title"."origin_kind" = 'sale' and "finance_title"."direction" = 'receivable' and "finance_title"."status" <> 'cancelled' and "finance_title"."origin_id" in (${sql.join(
          plan.linkedSales.map((s) => sql`${s}`),
          sql`, `,
        )})) <> ${`${linked.length}:${versions}`}`,
      ),
      db.insert(invoiceTitle).values(linked.map((t) => ({ id: newId(), agencyId, invoiceId: id, titleId: t.id, link: "linked" as const }))),
    );
  }
  let createdTitleId: string | null = null;
  if (plan.createdCents > 0) {
    createdTitleId = newId();
    const description = textIn(language, "invoices.titleDescription", { number: "" }).trim();
    statements.push(
      db.insert(financeTitle).values({
        id: createdTitleId,
        agencyId,
        direction: "receivable",
        partyKind: found.kind,
        partyId: found.id,
        description: sql`${description} || ' ' || ${numberSql}` as unknown as string,
        documentNumber: sql`cast(${numberSql} as text)` as unknown as string,
        categoryId: categoryId!,
        competenceDate: issueDate,
        dueDate: input.dueDate,
        amountCents: plan.createdCents,
        currency,
        ...fx,
        installmentNo: 1,
        installmentCount: 1,
        groupId: newId(),
        originKind: "invoice",
        originId: id,
        searchText: sql`${buildSearchText(description, found.name)} || ' ' || ${numberSql}` as unknown as string,
        createdBy: userId,
      }),
      db.insert(invoiceTitle).values({ id: newId(), agencyId, invoiceId: id, titleId: createdTitleId, link: "created" }),
      auditInsert(db, {
        agencyId,
        userId,
        ip,
        entity: "finance_title",
        entityId: createdTitleId,
        action: "create",
        changes: { originKind: [null, "invoice"], originId: [null, id], amountCents: [null, plan.createdCents], dueDate: [null, input.dueDate] },
      }),
    );
  }
  statements.push(
    auditInsert(db, {
      agencyId,
      userId,
      ip,
      entity: INVOICE_ENTITY,
      entityId: id,
      action: "create",
      changes: {
        party: [null, `${found.kind}:${found.id}`],
        issueDate: [null, issueDate],
        dueDate: [null, input.dueDate],
        totalCents: [null, total],
        currency: [null, currency],
        lines: [null, lines.map((l) => l.key)],
        titles: [null, [...linked.map((t) => t.id), ...(createdTitleId ? [createdTitleId] : [])]],
      },
    }),
  );
  try {
    await db.batch(statements as [Statement, ...Statement[]]);
  } catch (error) {
    // Another invoice took a line or a title first, or the sale's receivables changed meanwhile.
    if (isUniqueFailure(error) && !/invoice\.number|invoice_number/i.test(String((error as Error)?.message ?? ""))) return fail("taken", { field: "lines" });
    if (isBatchAssert(error)) return fail("taken", { field: "lines" });
    throw error;
  }
  const [row] = await db
    .select({ number: invoice.number })
    .from(invoice)
    .where(and(eq(invoice.agencyId, agencyId), eq(invoice.id, id)))
    .limit(1);
  return ok({ id, number: row!.number });
}

// ---------------------------------------------------------------------------
// Reading

export type Invoice = typeof invoice.$inferSelect;

export async function findInvoice(scope: Scope, id: string): Promise<Invoice | null> {
  if (!ID.test(id ?? "")) return null;
  const [row] = await scope.db
    .select()
    .from(invoice)
    .where(and(eq(invoice.agencyId, scope.agencyId), eq(invoice.id, id)))
    .limit(1);
  return row ?? null;
}

/** The titles paying an invoice (live links, or the last ones of a cancelled invoice). */
export async function invoiceTitles(scope: Scope, inv: Pick<Invoice, "id" | "status">) {
  return scope.db
    .select({
      id: financeTitle.id,
      link: invoiceTitle.link,
      description: financeTitle.description,
      dueDate: financeTitle.dueDate,
      amountCents: financeTitle.amountCents,
      paidCents: financeTitle.paidCents,
      currency: financeTitle.currency,
      status: financeTitle.status,
      installmentNo: financeTitle.installmentNo,
      installmentCount: financeTitle.installmentCount,
      version: financeTitle.version,
    })
    .from(invoiceTitle)
    .innerJoin(financeTitle, and(eq(financeTitle.agencyId, scope.agencyId), eq(financeTitle.id, invoiceTitle.titleId)))
    .where(and(eq(invoiceTitle.agencyId, scope.agencyId), eq(invoiceTitle.invoiceId, inv.id), inv.status === "cancelled" ? undefined : eq(invoiceTitle.live, 1)))
    .orderBy(asc(financeTitle.dueDate), asc(financeTitle.id));
}

export async function invoiceLines(scope: Scope, invoiceId: string) {
  return scope.db
    .select({ id: invoiceLine.id, saleId: invoiceLine.saleId, saleNumber: invoiceLine.saleNumber, description: invoiceLine.description, amountCents: invoiceLine.amountCents, saleKind: sale.kind })
    .from(invoiceLine)
    .leftJoin(sale, and(eq(sale.agencyId, scope.agencyId), eq(sale.id, invoiceLine.saleId)))
    .where(and(eq(invoiceLine.agencyId, scope.agencyId), eq(invoiceLine.invoiceId, invoiceId)))
    .orderBy(asc(invoiceLine.position));
}

/** An invoice with its lines, titles and shown status (null: not the agency's). */
export async function invoiceDetail(scope: Scope, id: string) {
  const inv = await findInvoice(scope, id);
  if (!inv) return null;
  const [lines, titles] = await Promise.all([invoiceLines(scope, inv.id), invoiceTitles(scope, inv)]);
  const today = todayIn(scope.timeZone);
  return { invoice: inv, lines, titles, shown: shownInvoiceStatus(inv.status, titles, today), settled: titles.some((t) => t.paidCents > 0) };
}

// ---------------------------------------------------------------------------
// The list

export type InvoiceListRow = {
  id: string;
  sortValue: string | number;
  number: number;
  partyKind: InvoicePartyKind;
  partyId: string;
  partyName: string;
  issueDate: string;
  dueDate: string;
  totalCents: number;
  currency: string;
  status: "issued" | "cancelled";
  sentAt: string | null;
  shown: InvoiceShownStatus;
};

/** SQL: the invoice has a live title still open (optionally due before `today`). */
const openTitle = (agencyId: string, before?: string) =>
  sql`exists (select 1 from "invoice_title" join "finance_title" on "finance_title"."agency_id" = "invoice_title"."agency_id" and "finance_title"."id" = "invoice_title"."title_id" where "invoice_title"."agency_id" = ${agencyId} and "invoice_title"."invoice_id" = "invoice"."id" and "invoice_title"."live" = 1 and "finance_title"."status" in ('open', 'partial')${
    before ? sql` and "finance_title"."due_date" < ${before}` : sql``
  })`;
const paidTitle = (agencyId: string) =>
  sql`exists (select 1 from "invoice_title" join "finance_title" on "finance_title"."agency_id" = "invoice_title"."agency_id" and "finance_title"."id" = "invoice_title"."title_id" where "invoice_title"."agency_id" = ${agencyId} and "invoice_title"."invoice_id" = "invoice"."id" and "invoice_title"."live" = 1 and "finance_title"."status" = 'paid')`;

/** The conditions of a shown status (the same rule as shownInvoiceStatus). */
function statusWhere(agencyId: string, status: InvoiceShownStatus, today: string): SQL[] {
  if (status === "cancelled") return [eq(invoice.status, "cancelled")];
  const issued = eq(invoice.status, "issued");
  if (status === "overdue") return [issued, openTitle(agencyId, today)];
  if (status === "paid") return [issued, sql`not ${openTitle(agencyId)}`, paidTitle(agencyId)];
  return [issued, sql`not ${openTitle(agencyId, today)}`, sql`(${openTitle(agencyId)} or not ${paidTitle(agencyId)})`];
}

export async function listInvoices(scope: Scope, query: ListQuery<InvoiceSort, InvoiceFilter>): Promise<{ rows: InvoiceListRow[]; page: PageInfo }> {
  const { db, agencyId } = scope;
  const today = todayIn(scope.timeZone);
  const f = query.filters;
  const source: ListSource<InvoiceSort, InvoiceFilter> = {
    table: invoice,
    sortColumns: { issueDate: invoice.issueDate, number: invoice.number, dueDate: invoice.dueDate, total: invoice.totalCents },
    search: invoice.searchText,
    filterWhere: () => {
      const where: SQL[] = [];
      const party = f.parte?.split(":");
      if (party?.length === 2) where.push(eq(invoice.partyKind, party[0] as InvoicePartyKind), eq(invoice.partyId, party[1]!));
      if (f.de) where.push(sql`${invoice.issueDate} >= ${f.de}`);
      if (f.ate) where.push(sql`${invoice.issueDate} <= ${f.ate}`);
      if (f.situacao) where.push(...statusWhere(agencyId, f.situacao as InvoiceShownStatus, today));
      return where;
    },
  };
  const sortValue = { issueDate: invoice.issueDate, number: invoice.number, dueDate: invoice.dueDate, total: invoice.totalCents }[query.sort];
  const { rows, page } = await runList(scope, source, query, (where, order, limit) =>
    db
      .select({
        id: invoice.id,
        sortValue,
        number: invoice.number,
        partyKind: invoice.partyKind,
        partyId: invoice.partyId,
        partyName: invoice.partyName,
        issueDate: invoice.issueDate,
        dueDate: invoice.dueDate,
        totalCents: invoice.totalCents,
        currency: invoice.currency,
        status: invoice.status,
        sentAt: invoice.sentAt,
      })
      .from(invoice)
      .where(where)
      .orderBy(...order)
      .limit(limit),
  );
  // The page's titles, for the shown status (one query for the page).
  const ids = rows.map((r) => r.id);
  const titles = ids.length
    ? await db
        .select({ invoiceId: invoiceTitle.invoiceId, status: financeTitle.status, dueDate: financeTitle.dueDate })
        .from(invoiceTitle)
        .innerJoin(financeTitle, and(eq(financeTitle.agencyId, agencyId), eq(financeTitle.id, invoiceTitle.titleId)))
        .where(and(eq(invoiceTitle.agencyId, agencyId), inArray(invoiceTitle.invoiceId, ids), eq(invoiceTitle.live, 1)))
    : [];
  const byInvoice = new Map<string, PayingTitle[]>();
  for (const t of titles) byInvoice.set(t.invoiceId, [...(byInvoice.get(t.invoiceId) ?? []), t]);
  return { rows: rows.map((r) => ({ ...r, sortValue: r.sortValue as string | number, shown: shownInvoiceStatus(r.status, byInvoice.get(r.id) ?? [], today) })), page };
}

/** The party named by the list's filter (its name from the invoices, none if it has none). */
export async function filterPartyName(scope: Scope, value: string | undefined): Promise<string | null> {
  const p = value?.split(":");
  if (p?.length !== 2) return null;
  const [row] = await scope.db
    .select({ name: invoice.partyName })
    .from(invoice)
    .where(and(eq(invoice.agencyId, scope.agencyId), eq(invoice.partyKind, p[0] as InvoicePartyKind), eq(invoice.partyId, p[1]!)))
    .orderBy(desc(invoice.issueDate))
    .limit(1);
  return row?.name ?? null;
}

// ---------------------------------------------------------------------------
// Cancelling and sending

/**
 * Cancels an issued invoice with a reason: its lines and titles leave it (they
 * can be invoiced again) and the receivable it created is cancelled with it.
 * Refused while any title paying it has money on it (settled in whole or in
 * part): reverse the settlement first. A settlement that lands between the read
 * and the batch aborts the batch (asserted inside it).
 */
export async function cancelInvoice(scope: Scope, id: string, version: number, reason: string): Promise<Result<object, "notFound" | "stale" | "cancelled" | "settled">> {
  const { db, agencyId, userId, ip } = scope;
  const inv = await findInvoice(scope, id);
  if (!inv) return fail("notFound");
  if (inv.status === "cancelled") return fail("cancelled");
  if (inv.version !== version) return fail("stale");
  const titles = await invoiceTitles(scope, inv);
  if (titles.some((t) => t.paidCents > 0)) return fail("settled");
  const at = nowIso();
  const created = titles.filter((t) => t.link === "created" && t.status !== "cancelled").map((t) => t.id);
  const statements: Statement[] = [
    assertInBatch(db, agencyId, "invoice.stale", sql`not exists (select 1 from "invoice" where "invoice"."agency_id" = ${agencyId} and "invoice"."id" = ${id} and "invoice"."version" = ${version} and "invoice"."status" = 'issued')`),
    assertInBatch(
      db,
      agencyId,
      "invoice.settled",
      sql`exists (select 1 from "invoice_title" join "finance_title" on "finance_title"."agency_id" = "invoice_title"."agency_id" and "finance_title"."id" = "invoice_title"."title_id" where "invoice_title"."agency_id" = ${agencyId} and "invoice_title"."invoice_id" = ${id} and "invoice_title"."live" = 1 and "finance_title"."paid_cents" > 0)`,
    ),
    db
      .update(invoice)
      .set({ status: "cancelled", cancelledAt: at, cancelReason: reason, updatedAt: at, version: sql`${invoice.version} + 1` })
      .where(and(eq(invoice.agencyId, agencyId), eq(invoice.id, id))),
    db
      .update(invoiceLine)
      .set({ live: 0 })
      .where(and(eq(invoiceLine.agencyId, agencyId), eq(invoiceLine.invoiceId, id))),
    db
      .update(invoiceTitle)
      .set({ live: 0 })
      .where(and(eq(invoiceTitle.agencyId, agencyId), eq(invoiceTitle.invoiceId, id))),
    auditInsert(db, { agencyId, userId, ip, entity: INVOICE_ENTITY, entityId: id, action: "update", changes: { status: ["issued", "cancelled"], cancelReason: [null, reason] } }),
  ];
  for (const titleId of created) {
    statements.push(
      db
        .update(financeTitle)
        .set({ status: "cancelled", cancelledAt: at, cancelReason: reason, updatedAt: at, version: sql`${financeTitle.version} + 1` })
        .where(and(eq(financeTitle.agencyId, agencyId), eq(financeTitle.id, titleId), eq(financeTitle.paidCents, 0))),
      auditInsert(db, { agencyId, userId, ip, entity: "finance_title", entityId: titleId, action: "update", changes: { status: ["open", "cancelled"], cancelReason: [null, reason] } }),
    );
  }
  try {
    await db.batch(statements as [Statement, ...Statement[]]);
  } catch (error) {
    if (!isBatchAssert(error)) throw error;
    const now = await findInvoice(scope, id);
    if (!now) return fail("notFound");
    if (now.status === "cancelled") return fail("cancelled");
    if (now.version !== version) return fail("stale");
    return fail("settled");
  }
  return ok();
}

