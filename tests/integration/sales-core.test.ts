/**
 * The sales core (app/lib/sales/sale-core.server.ts) against D1: numbers per
 * agency from the counter in the sale's own batch (concurrent creations never
 * share one), the batch guard (a stale or second confirmation writes nothing),
 * the titles a confirmation writes (sums, categories, origin), an edit that
 * adjusts open titles and refuses to go below what was paid, the cancellation's
 * refund, the Agente's view, and the timeline.
 */
import { env } from "cloudflare:test";
import { v7 as uuidv7 } from "uuid";
import { describe, expect, it } from "vitest";
import { ensureFinanceDefaults } from "~/lib/finance/defaults.server";
import { settleTitles } from "~/lib/finance/ledger/entries.server";
import { isBatchAssert } from "~/lib/platform/batch-assert.server";
import { createDb } from "~/lib/platform/db.server";
import type { Scope } from "~/lib/platform/scope.server";
import {
  findSale,
  insertSaleStatements,
  planCancellation,
  planConfirmation,
  planEdit,
  saleStillAt,
  saleTimeline,
  saleTitles,
  sellerFor,
  type ConfirmItem,
  type SaleRow,
} from "~/lib/sales/sale-core.server";
import { saleTotals } from "~/lib/sales/totals";
import { toBrl } from "~/lib/finance/fx";
import { createAgency } from "./fixtures";

async function world() {
  const agency = await createAgency();
  const db = createDb(env.DB);
  await ensureFinanceDefaults(db, agency.id);
  const now = new Date().toISOString();
  const ids = { client: uuidv7(), supplierA: uuidv7(), supplierB: uuidv7(), agent: uuidv7(), agentUser: uuidv7(), term: uuidv7(), admin: uuidv7(), bank: uuidv7() };
  const type = await env.DB.prepare("select id from account_type where agency_id = ? limit 1").bind(agency.id).first<{ id: string }>();
  await env.DB.batch([
    env.DB.prepare("insert into user (id, name, email, email_verified, created_at, updated_at) values (?, 'Ana Agente', ?, 1, ?, ?)").bind(ids.agentUser, `${ids.agentUser}@x.test`, Date.now(), Date.now()),
    env.DB.prepare("insert into user (id, name, email, email_verified, created_at, updated_at) values (?, 'Ada Admin', ?, 1, ?, ?)").bind(ids.admin, `${ids.admin}@x.test`, Date.now(), Date.now()),
    env.DB.prepare("insert into client (id, agency_id, name, created_at, updated_at) values (?, ?, 'Cliente Um', ?, ?)").bind(ids.client, agency.id, now, now),
    env.DB.prepare("insert into payment_term (id, agency_id, name, down_payment_bp, installments, first_due_days, interval_kind, interval_days, created_at, updated_at) values (?, ?, '30/60', 0, 2, 30, 'days', 30, ?, ?)").bind(ids.term, agency.id, now, now),
    env.DB.prepare("insert into supplier (id, agency_id, name, payment_term_id, created_at, updated_at) values (?, ?, 'Hotel A', ?, ?, ?)").bind(ids.supplierA, agency.id, ids.term, now, now),
    env.DB.prepare("insert into supplier (id, agency_id, name, created_at, updated_at) values (?, ?, 'Aérea B', ?, ?)").bind(ids.supplierB, agency.id, now, now),
    env.DB.prepare("insert into agent (id, agency_id, name, user_id, created_at, updated_at) values (?, ?, 'Ana', ?, ?, ?)").bind(ids.agent, agency.id, ids.agentUser, now, now),
    env.DB.prepare("insert into bank_account (id, agency_id, name, account_type_id, opening_date, currency, created_at, updated_at) values (?, ?, 'Banco', ?, '2020-01-01', 'BRL', ?, ?)").bind(ids.bank, agency.id, type!.id, now, now),
  ]);
  const scope = (role: Scope["role"] = "Admin", userId = ids.admin): Scope => ({ db, ip: null, userId, role, agencyId: agency.id, timeZone: "America/Sao_Paulo", currency: "BRL" });
  return { agency, db, ids, scope };
}

type World = Awaited<ReturnType<typeof world>>;

const ITEMS: ConfirmItem[] = [
  { costCents: 80_000, priceCents: 100_000, feesCents: 1_000, supplierId: null, productKind: "hotel" },
  { costCents: 30_000, priceCents: 45_000, feesCents: 0, supplierId: null, productKind: "air" },
];

async function createSale(w: World, opts: { discountCents?: number; termId?: string | null; items?: ConfirmItem[]; currency?: string } = {}): Promise<SaleRow> {
  const currency = opts.currency ?? "BRL";
  const items = (opts.items ?? ITEMS).map((i, n) => ({ ...i, supplierId: i.supplierId ?? (n === 0 ? w.ids.supplierA : w.ids.supplierB) }));
  const totals = saleTotals(currency, items.map((i) => ({ ...i, currency })), opts.discountCents ?? 0);
  if (!totals.ok) throw new Error(totals.reason);
  const scope = w.scope();
  const seller = await sellerFor(scope, w.ids.agent);
  if (!seller.ok) throw new Error(seller.reason);
  const { id, statements } = insertSaleStatements(scope, {
    kind: "emissivo",
    clientId: w.ids.client,
    agentId: w.ids.agent,
    ownerUserId: seller.ownerUserId,
    saleDate: "2026-11-20",
    currency,
    paymentTermId: opts.termId === undefined ? w.ids.term : opts.termId,
    paymentMethod: "pix",
    downPaymentCents: null,
    firstDueDate: "2026-11-25",
    notes: null,
    totals: totals.totals,
    passengerCount: 1,
    searchText: "",
  });
  await w.db.batch(statements as never);
  return (await findSale(scope, id))!;
}

const itemsOf = (w: World, items: ConfirmItem[] = ITEMS) => items.map((i, n) => ({ ...i, supplierId: i.supplierId ?? (n === 0 ? w.ids.supplierA : w.ids.supplierB) }));

async function confirm(w: World, row: SaleRow, items = itemsOf(w)) {
  const scope = w.scope();
  const plan = await planConfirmation(scope, row, items, "pt");
  if (!plan.ok) throw new Error(plan.reason);
  const { sale } = await import("~/db/schema");
  const { and, eq, sql } = await import("drizzle-orm");
  await w.db.batch([
    saleStillAt(scope, row.id, row.version, "draft"),
    w.db
      .update(sale)
      .set({ status: "confirmed", confirmedAt: new Date().toISOString(), version: sql`${sale.version} + 1` })
      .where(and(eq(sale.agencyId, row.agencyId), eq(sale.id, row.id))),
    ...plan.statements,
  ] as never);
  return plan;
}

describe("sales core", () => {
  it("numbers sales per agency, sequentially, even when created concurrently", async () => {
    const w = await world();
    const other = await world();
    const rows = await Promise.all(Array.from({ length: 8 }, () => createSale(w)));
    expect(rows.map((r) => r.number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect((await createSale(other)).number).toBe(1);
  });

  it("confirming writes the plan's receivables and each supplier's payables, with categories and origin", async () => {
    const w = await world();
    const row = await createSale(w, { discountCents: 5_000 });
    const plan = await confirm(w, row);
    const titles = await saleTitles(w.scope(), row.id);
    const rec = titles.filter((t) => t.direction === "receivable");
    const pay = titles.filter((t) => t.direction === "payable");
    expect(rec.reduce((s, t) => s + t.amountCents, 0)).toBe(145_000 - 5_000 + 1_000);
    expect(rec.map((t) => t.dueDate)).toEqual(["2026-12-25", "2027-01-24"]);
    expect(pay.reduce((s, t) => s + t.amountCents, 0)).toBe(110_000);
    // Hotel A has the 30/60 term: two payables; Aérea B none: one à vista on the sale day.
    expect(pay.filter((t) => t.partyId === w.ids.supplierA).map((t) => t.amountCents)).toEqual([40_000, 40_000]);
    expect(pay.filter((t) => t.partyId === w.ids.supplierB).map((t) => [t.amountCents, t.dueDate])).toEqual([[30_000, "2026-11-20"]]);
    expect(new Set(titles.map((t) => t.originKind))).toEqual(new Set(["sale"]));
    expect(rec[0]!.description).toBe(`Venda nº ${row.number} — parcela 1/2`);
    const keys = await env.DB.prepare(
      "select t.direction, t.party_id, c.system_key from finance_title t join chart_account c on c.id = t.category_id where t.origin_id = ? group by 1, 2, 3",
    )
      .bind(row.id)
      .all<{ direction: string; party_id: string; system_key: string }>();
    expect(keys.results.find((k) => k.direction === "receivable")?.system_key).toBe("revenue.hotel");
    expect(keys.results.find((k) => k.party_id === w.ids.supplierB)?.system_key).toBe("cost.air");
    expect(plan.totals.marginCents).toBe(145_000 - 5_000 - 110_000);
  });

  it("a USD sale converts at the rate of its day (decision 0018): refused without one; its titles and the sale keep it; an edit recomputes the reais", async () => {
    const w = await world();
    const scope = w.scope();
    const row = await createSale(w, { currency: "USD" });
    expect(await planConfirmation(scope, row, itemsOf(w), "pt")).toMatchObject({ ok: false, reason: "rate", key: "USD" });
    const now = new Date().toISOString();
    // Wednesday's rate serves the Friday sale (2026-11-20).
    await env.DB.prepare("insert into fx_rate (id, agency_id, currency, date, rate_e6, source, created_at, updated_at) values (?, ?, 'USD', '2026-11-18', 5333333, 'manual', ?, ?)").bind(uuidv7(), w.agency.id, now, now).run();
    await confirm(w, row);
    const stored = (await findSale(scope, row.id))!;
    expect({ rate: stored.fxRateE6, day: stored.fxRateDate, source: stored.fxRateSource }).toEqual({ rate: 5_333_333, day: "2026-11-18", source: "manual" });
    const titles = await saleTitles(scope, row.id);
    expect(titles.length).toBeGreaterThan(2);
    for (const t of titles) {
      expect(t.currency).toBe("USD");
      expect(t.fxRateE6).toBe(5_333_333);
      expect(t.amountBrlCents).toBe(toBrl(t.amountCents, "USD", 5_333_333));
    }
    // A rate typed later for the same day does not move a confirmed sale; an edit recomputes each title's reais at its rate.
    await env.DB.prepare("insert into fx_rate (id, agency_id, currency, date, rate_e6, source, created_at, updated_at) values (?, ?, 'USD', '2026-11-20', 6000000, 'manual', ?, ?)").bind(uuidv7(), w.agency.id, now, now).run();
    const current = (await findSale(scope, row.id))!;
    const lower = itemsOf(w, [{ ...ITEMS[0]!, priceCents: 90_000 }, ITEMS[1]!]);
    const plan = await planEdit(scope, current, lower, "pt");
    if (!plan.ok) throw new Error(plan.reason);
    await w.db.batch(plan.statements as never);
    const after = await saleTitles(scope, row.id);
    expect(after.filter((t) => t.direction === "receivable" && t.status !== "cancelled").reduce((n, t) => n + t.amountCents, 0)).toBe(136_000);
    for (const t of after) {
      if (t.status === "cancelled") continue;
      expect(t.fxRateE6).toBe(5_333_333);
      expect(t.amountBrlCents).toBe(toBrl(t.amountCents, "USD", 5_333_333));
    }
  });

  it("a second confirmation from the same read writes nothing (the batch guard)", async () => {
    const w = await world();
    const row = await createSale(w);
    await confirm(w, row);
    const before = (await saleTitles(w.scope(), row.id)).length;
    const error = await confirm(w, row).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isBatchAssert(error)).toBe(true);
    expect((await saleTitles(w.scope(), row.id)).length).toBe(before);
  });

  it("an edit adjusts the open titles, keeps settled money, and refuses to go below what was paid", async () => {
    const w = await world();
    const row = await createSale(w);
    await confirm(w, row);
    const scope = w.scope();
    const first = (await saleTitles(scope, row.id)).find((t) => t.direction === "receivable" && t.installmentNo === 1)!;
    const settled = await settleTitles(scope, { date: "2026-11-21", bankAccountId: w.ids.bank, description: null }, [
      { titleId: first.id, version: first.version, intermediaryId: null, principalCents: first.amountCents, interestCents: 0, fineCents: 0, discountCents: 0, feeCents: 0 } as never,
    ]);
    expect(settled.ok).toBe(true);
    const current = (await findSale(scope, row.id))!;
    // The hotel's price drops by 20 000: the open receivable takes it all.
    const lower = itemsOf(w, [{ ...ITEMS[0]!, priceCents: 80_000 }, ITEMS[1]!]);
    const plan = await planEdit(scope, current, lower, "pt");
    if (!plan.ok) throw new Error(plan.reason);
    expect(plan.preview.receivableAfterCents).toBe(126_000);
    expect(plan.preview.rows.some((r) => r.id === first.id)).toBe(false);
    await w.db.batch(plan.statements as never);
    const rec = (await saleTitles(scope, row.id)).filter((t) => t.direction === "receivable" && t.status !== "cancelled");
    expect(rec.reduce((s, t) => s + t.amountCents, 0)).toBe(126_000);
    expect(rec.find((t) => t.id === first.id)!.amountCents).toBe(first.amountCents);
    // Below what was paid: refused with the figures, nothing written.
    const tiny = itemsOf(w, [{ ...ITEMS[0]!, priceCents: 1_000, costCents: 0 }, { ...ITEMS[1]!, priceCents: 0, costCents: 0 }]);
    const refused = await planEdit(scope, current, tiny, "pt");
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.reason).toBe("settledExceedsTotal");
    // A plan read before a change in finance no longer applies.
    const stale = await planEdit(scope, current, itemsOf(w), "pt");
    if (!stale.ok) throw new Error(stale.reason);
    await w.db.batch(stale.statements as never);
    const again = await w.db.batch(stale.statements as never).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isBatchAssert(again)).toBe(true);
  });

  it("cancelling cancels the open titles and writes the client's refund for what was paid", async () => {
    const w = await world();
    const row = await createSale(w, { termId: null });
    await confirm(w, row);
    const scope = w.scope();
    const rec = (await saleTitles(scope, row.id)).find((t) => t.direction === "receivable")!;
    await settleTitles(scope, { date: "2026-11-21", bankAccountId: w.ids.bank, description: null }, [
      { titleId: rec.id, version: rec.version, intermediaryId: null, principalCents: 50_000, interestCents: 0, fineCents: 0, discountCents: 0, feeCents: 0 } as never,
    ]);
    const plan = await planCancellation(scope, (await findSale(scope, row.id))!, "en", "2026-11-22", "client gave up");
    if (!plan.ok) throw new Error(plan.reason);
    await w.db.batch(plan.statements as never);
    const after = await saleTitles(scope, row.id);
    expect(after.filter((t) => t.status === "open")).toHaveLength(1);
    const refund = after.find((t) => t.direction === "payable" && t.partyKind === "client")!;
    expect(refund.amountCents).toBe(50_000);
    expect(refund.description).toBe(`Sale no. ${row.number} — refund to the client`);
    expect(after.find((t) => t.id === rec.id)).toMatchObject({ status: "paid", amountCents: 50_000 });
    expect(after.filter((t) => t.partyKind === "supplier").every((t) => t.status === "cancelled")).toBe(true);
  });

  it("an Agente sees their own sales only and sells only as their own agent", async () => {
    const w = await world();
    const row = await createSale(w);
    const ana = w.scope("Agente", w.ids.agentUser);
    const someone = w.scope("Agente", uuidv7());
    expect((await findSale(ana, row.id))?.id).toBe(row.id);
    expect(await findSale(someone, row.id)).toBeNull();
    expect((await sellerFor(someone, w.ids.agent)).ok).toBe(false);
    expect(await findSale(w.scope(), row.id, "excursion")).toBeNull();
    const other = await world();
    expect(await findSale(other.scope(), row.id)).toBeNull();
  });

  it("the timeline holds the sale's and its titles' entries, newest first", async () => {
    const w = await world();
    const row = await createSale(w);
    await confirm(w, row);
    const { entries } = await saleTimeline(w.scope(), row.id);
    expect(entries.filter((e) => e.entity === "sale")).toHaveLength(1);
    expect(entries.filter((e) => e.entity === "finance_title").length).toBe((await saleTitles(w.scope(), row.id)).length);
    const sorted = [...entries].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
    expect(entries.map((e) => e.id)).toEqual(sorted.map((e) => e.id));
  });
});
