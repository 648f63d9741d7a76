/**
 * The ledger's domain functions on local D1: titles with installments,
 * settlements (partial, several at once all or nothing, concurrent ones settle
 * once), reversals, cancellations, transfers, manual entries, the statement and
 * the DRE — with property tests over random sequences of operations.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { v7 as uuidv7 } from "uuid";
import { ensureFinanceDefaults } from "~/lib/finance/defaults.server";
import { cancelTitle, createTitles, findTitle, groupInstallments, updateTitle } from "~/lib/finance/ledger/titles.server";
import { manualEntry, reverseEntry, settleTitles, transferBetween, type SettleItem } from "~/lib/finance/ledger/entries.server";
import { accountStatement, dreCells, incomeStatement } from "~/lib/finance/ledger/reports.server";
import { createDb } from "~/lib/platform/db.server";
import type { Scope } from "~/lib/platform/scope.server";
import { createAgency } from "./fixtures";

/** VITE_FINANCE_PROPERTY_RUNS changes the number of random operation sequences (15 by default). */
const RUNS = Number((import.meta as { env?: Record<string, string | undefined> }).env?.VITE_FINANCE_PROPERTY_RUNS) || undefined;

type World = { scope: Scope; clientId: string; supplierId: string; revenue: string; cost: string; bankFees: string; accounts: [string, string, string] };

async function world(): Promise<World> {
  const agency = await createAgency();
  const db = createDb(env.DB);
  await ensureFinanceDefaults(db, agency.id);
  const now = new Date().toISOString();
  const userId = null as unknown as string;
  const scope: Scope = { db, ip: null, userId, role: "Admin", agencyId: agency.id, timeZone: "America/Sao_Paulo", currency: "BRL" };
  const clientId = uuidv7();
  const supplierId = uuidv7();
  const type = await env.DB.prepare("select id from account_type where agency_id = ? limit 1").bind(agency.id).first<{ id: string }>();
  const accounts = [uuidv7(), uuidv7(), uuidv7()] as [string, string, string];
  await env.DB.batch([
    env.DB.prepare("insert into client (id, agency_id, name, created_at, updated_at) values (?, ?, ?, ?, ?)").bind(clientId, agency.id, "Cliente Teste", now, now),
    env.DB.prepare("insert into supplier (id, agency_id, name, created_at, updated_at) values (?, ?, ?, ?, ?)").bind(supplierId, agency.id, "Fornecedor Teste", now, now),
    ...accounts.map((id, i) =>
      env.DB.prepare("insert into bank_account (id, agency_id, name, account_type_id, opening_balance_cents, opening_date, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)").bind(
        id,
        agency.id,
        `Conta ${i + 1}`,
        type!.id,
        [100_000, 0, 5_000][i],
        "2025-01-01",
        now,
        now,
      ),
    ),
  ]);
  const key = async (k: string) => (await env.DB.prepare("select id from chart_account where agency_id = ? and system_key = ?").bind(agency.id, k).first<{ id: string }>())!.id;
  return { scope, clientId, supplierId, revenue: await key("revenue.packages"), cost: await key("cost.suppliers"), bankFees: await key("expense.bank_fees"), accounts };
}

const receivable = (w: World, amountCents: number, over: Partial<Parameters<typeof createTitles>[1]> = {}) =>
  createTitles(w.scope, {
    direction: "receivable",
    partyKind: "client",
    partyId: w.clientId,
    description: "Pacote Gramado",
    documentNumber: null,
    categoryId: w.revenue,
    competenceDate: "2026-03-01",
    dueDate: "2026-03-10",
    amountCents,
    currency: "BRL",
    paymentTermId: null,
    notes: null,
    ...over,
  });

const item = (titleId: string, version: number, principalCents: number, over: Partial<SettleItem> = {}): SettleItem => ({
  titleId,
  version,
  principalCents,
  interestCents: 0,
  fineCents: 0,
  discountCents: 0,
  feeCents: 0,
  intermediaryId: null,
  ...over,
});

const entriesOf = (agencyId: string) => env.DB.prepare("select * from finance_entry where agency_id = ?").bind(agencyId).all<Record<string, number | string | null>>();

describe("titles", () => {
  let w: World;
  beforeAll(async () => void (w = await world()));

  it("a payment term gives n/N installments in one group whose cents add up to the total", async () => {
    const term = await env.DB.prepare("select id from payment_term where agency_id = ? and name = '30/60/90'").bind(w.scope.agencyId).first<{ id: string }>();
    const created = await receivable(w, 100_00 + 1, { paymentTermId: term!.id });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const rows = await groupInstallments(w.scope.db, w.scope.agencyId, created.groupId);
    expect(rows.map((r) => [r.installmentNo, r.installmentCount])).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    expect(rows.reduce((s, r) => s + r.amountCents, 0)).toBe(100_01);
    expect(rows.map((r) => r.dueDate)).toEqual(["2026-03-31", "2026-04-30", "2026-05-30"]);
  });

  it("refuses a party, category or term of another agency, and a total too small for its installments", async () => {
    const other = await world();
    expect(await receivable(w, 1000, { partyId: other.clientId })).toMatchObject({ ok: false, reason: "party" });
    expect(await receivable(w, 1000, { categoryId: other.revenue })).toMatchObject({ ok: false, reason: "category" });
    const term = await env.DB.prepare("select id from payment_term where agency_id = ? and name = '30/60/90'").bind(other.scope.agencyId).first<{ id: string }>();
    expect(await receivable(w, 1000, { paymentTermId: term!.id })).toMatchObject({ ok: false, reason: "term" });
    const mine = await env.DB.prepare("select id from payment_term where agency_id = ? and name = '30/60/90'").bind(w.scope.agencyId).first<{ id: string }>();
    expect(await receivable(w, 2, { paymentTermId: mine!.id })).toMatchObject({ ok: false, reason: "split" });
  });

  it("edits with a version check; the amount of a title with settlements is fixed; cancel waits for reversals", async () => {
    const created = await receivable(w, 50_000);
    if (!created.ok) throw new Error("create");
    const id = created.ids[0]!;
    const t0 = (await findTitle(w.scope.db, w.scope.agencyId, id))!;
    const edit = { partyKind: "client" as const, partyId: w.clientId, description: "Pacote Gramado (editado)", documentNumber: "NF 12", categoryId: w.revenue, competenceDate: t0.competenceDate, dueDate: t0.dueDate, amountCents: 60_000, currency: "BRL", notes: null };
    expect(await updateTitle(w.scope, id, t0.version, edit)).toMatchObject({ ok: true });
    expect(await updateTitle(w.scope, id, t0.version, { ...edit, description: "stale" })).toMatchObject({ ok: false, reason: "stale" });
    const t1 = (await findTitle(w.scope.db, w.scope.agencyId, id))!;
    const settled = await settleTitles(w.scope, { date: "2026-03-10", bankAccountId: w.accounts[0], description: null }, [item(id, t1.version, 10_000)]);
    expect(settled.ok).toBe(true);
    const t2 = (await findTitle(w.scope.db, w.scope.agencyId, id))!;
    expect(await updateTitle(w.scope, id, t2.version, { ...edit, amountCents: 70_000 })).toMatchObject({ ok: false, reason: "amountLocked" });
    expect(await updateTitle(w.scope, id, t2.version, { ...edit, description: "ok" })).toMatchObject({ ok: true });
    const t3 = (await findTitle(w.scope.db, w.scope.agencyId, id))!;
    expect(await cancelTitle(w.scope, id, t3.version, "cliente desistiu")).toMatchObject({ ok: false, reason: "settled" });
    if (!settled.ok) return;
    expect(await reverseEntry(w.scope, settled.entryIds[0]!, "2026-03-11", "erro")).toMatchObject({ ok: true });
    const t4 = (await findTitle(w.scope.db, w.scope.agencyId, id))!;
    expect(t4).toMatchObject({ status: "open", paidCents: 0 });
    expect(await cancelTitle(w.scope, id, t4.version, "cliente desistiu")).toMatchObject({ ok: true });
    expect((await findTitle(w.scope.db, w.scope.agencyId, id))!).toMatchObject({ status: "cancelled", cancelReason: "cliente desistiu" });
    const t5 = (await findTitle(w.scope.db, w.scope.agencyId, id))!;
    expect(await settleTitles(w.scope, { date: "2026-03-12", bankAccountId: w.accounts[0], description: null }, [item(id, t5.version, 1)])).toMatchObject({ ok: false, reason: "closed" });
  });
});

describe("settlements", () => {
  let w: World;
  beforeAll(async () => void (w = await world()));

  it("partial then full; interest, fine, discount and fee make the net; more than is open is refused", async () => {
    const created = await receivable(w, 30_000);
    if (!created.ok) throw new Error("create");
    const id = created.ids[0]!;
    let t = (await findTitle(w.scope.db, w.scope.agencyId, id))!;
    const a = await settleTitles(w.scope, { date: "2026-03-10", bankAccountId: w.accounts[1], description: null }, [item(id, t.version, 10_000, { interestCents: 150, fineCents: 200, discountCents: 50, feeCents: 300 })]);
    expect(a.ok).toBe(true);
    t = (await findTitle(w.scope.db, w.scope.agencyId, id))!;
    expect(t).toMatchObject({ status: "partial", paidCents: 10_000 });
    const entry = await env.DB.prepare("select * from finance_entry where agency_id = ? and title_id = ?").bind(w.scope.agencyId, id).first<Record<string, number>>();
    expect(entry!.net_cents).toBe(10_000 + 150 + 200 - 50 - 300);
    expect(await settleTitles(w.scope, { date: "2026-03-11", bankAccountId: w.accounts[1], description: null }, [item(id, t.version, 20_001)])).toMatchObject({ ok: false, reason: "overpaid" });
    expect(await settleTitles(w.scope, { date: "2026-03-11", bankAccountId: w.accounts[1], description: null }, [item(id, t.version, 20_000)])).toMatchObject({ ok: true });
    expect((await findTitle(w.scope.db, w.scope.agencyId, id))!).toMatchObject({ status: "paid", paidCents: 30_000 });
  });

  it("two concurrent settlements of the same installment settle it once; the loser changes nothing", async () => {
    const created = await receivable(w, 40_000);
    if (!created.ok) throw new Error("create");
    const id = created.ids[0]!;
    const t = (await findTitle(w.scope.db, w.scope.agencyId, id))!;
    const before = (await entriesOf(w.scope.agencyId)).results.length;
    const audits = async () => (await env.DB.prepare("select count(*) n from audit_entry where agency_id = ? and entity = 'finance_entry'").bind(w.scope.agencyId).first<{ n: number }>())!.n;
    const auditsBefore = await audits();
    const results = await Promise.all([
      settleTitles(w.scope, { date: "2026-03-10", bankAccountId: w.accounts[0], description: null }, [item(id, t.version, 40_000)]),
      settleTitles(w.scope, { date: "2026-03-10", bankAccountId: w.accounts[0], description: null }, [item(id, t.version, 40_000)]),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ ok: false, reason: "conflict" });
    expect((await entriesOf(w.scope.agencyId)).results.length).toBe(before + 1);
    expect(await audits()).toBe(auditsBefore + 1);
    expect((await findTitle(w.scope.db, w.scope.agencyId, id))!).toMatchObject({ status: "paid", paidCents: 40_000, version: t.version + 1 });
  });

  it("several titles settle all or nothing: one stale version leaves every title and account untouched", async () => {
    const a = await receivable(w, 1_000);
    const b = await receivable(w, 2_000);
    if (!a.ok || !b.ok) throw new Error("create");
    const ta = (await findTitle(w.scope.db, w.scope.agencyId, a.ids[0]!))!;
    const tb = (await findTitle(w.scope.db, w.scope.agencyId, b.ids[0]!))!;
    const before = (await entriesOf(w.scope.agencyId)).results.length;
    // Someone else saved b since the form was loaded.
    await env.DB.prepare("update finance_title set version = version + 1 where id = ?").bind(tb.id).run();
    const res = await settleTitles(w.scope, { date: "2026-03-10", bankAccountId: w.accounts[0], description: null }, [item(ta.id, ta.version, 1_000), item(tb.id, tb.version, 2_000)]);
    expect(res).toMatchObject({ ok: false, reason: "conflict", titleId: tb.id });
    expect((await entriesOf(w.scope.agencyId)).results.length).toBe(before);
    expect((await findTitle(w.scope.db, w.scope.agencyId, ta.id))!).toMatchObject({ status: "open", paidCents: 0, version: ta.version });
    const ok2 = await settleTitles(w.scope, { date: "2026-03-10", bankAccountId: w.accounts[0], description: null }, [item(ta.id, ta.version, 1_000), item(tb.id, tb.version + 1, 500)]);
    expect(ok2.ok).toBe(true);
    expect((await findTitle(w.scope.db, w.scope.agencyId, ta.id))!.status).toBe("paid");
    expect((await findTitle(w.scope.db, w.scope.agencyId, tb.id))!.status).toBe("partial");
  });

  it("a batch that loses a race mid-way rolls back the titles it had already settled", async () => {
    const a = await receivable(w, 1_000);
    const b = await receivable(w, 2_000);
    if (!a.ok || !b.ok) throw new Error("create");
    const ta = (await findTitle(w.scope.db, w.scope.agencyId, a.ids[0]!))!;
    const tb = (await findTitle(w.scope.db, w.scope.agencyId, b.ids[0]!))!;
    const before = (await entriesOf(w.scope.agencyId)).results.length;
    // Both requests pass the pre-checks; the second batch's first title (b) is already taken by the first.
    const [r1, r2] = await Promise.all([
      settleTitles(w.scope, { date: "2026-03-10", bankAccountId: w.accounts[0], description: null }, [item(tb.id, tb.version, 2_000)]),
      settleTitles(w.scope, { date: "2026-03-10", bankAccountId: w.accounts[0], description: null }, [item(ta.id, ta.version, 1_000), item(tb.id, tb.version, 2_000)]),
    ]);
    expect([r1.ok, r2.ok].filter(Boolean)).toHaveLength(1);
    const after = (await entriesOf(w.scope.agencyId)).results.length;
    const tA = (await findTitle(w.scope.db, w.scope.agencyId, ta.id))!;
    if (r1.ok) {
      expect(after).toBe(before + 1);
      expect(tA).toMatchObject({ status: "open", paidCents: 0, version: ta.version });
    } else {
      expect(after).toBe(before + 2);
      expect(tA.status).toBe("paid");
    }
  });

  it("a reversal restores the previous status, once; entries are never changed", async () => {
    const created = await receivable(w, 10_000);
    if (!created.ok) throw new Error("create");
    const id = created.ids[0]!;
    let t = (await findTitle(w.scope.db, w.scope.agencyId, id))!;
    const s1 = await settleTitles(w.scope, { date: "2026-03-10", bankAccountId: w.accounts[0], description: null }, [item(id, t.version, 4_000)]);
    t = (await findTitle(w.scope.db, w.scope.agencyId, id))!;
    const s2 = await settleTitles(w.scope, { date: "2026-03-11", bankAccountId: w.accounts[0], description: null }, [item(id, t.version, 6_000)]);
    if (!s1.ok || !s2.ok) throw new Error("settle");
    expect((await findTitle(w.scope.db, w.scope.agencyId, id))!.status).toBe("paid");
    expect(await reverseEntry(w.scope, s2.entryIds[0]!, "2026-03-12", "cheque devolvido")).toMatchObject({ ok: true });
    expect((await findTitle(w.scope.db, w.scope.agencyId, id))!).toMatchObject({ status: "partial", paidCents: 4_000 });
    const twice = await Promise.all([reverseEntry(w.scope, s2.entryIds[0]!, "2026-03-12", null), reverseEntry(w.scope, s2.entryIds[0]!, "2026-03-12", null)]);
    expect(twice.every((r) => !r.ok && r.reason === "reversed")).toBe(true);
    expect((await findTitle(w.scope.db, w.scope.agencyId, id))!).toMatchObject({ status: "partial", paidCents: 4_000 });
    expect(await reverseEntry(w.scope, s1.entryIds[0]!, "2026-03-12", null)).toMatchObject({ ok: true });
    expect((await findTitle(w.scope.db, w.scope.agencyId, id))!).toMatchObject({ status: "open", paidCents: 0 });
  });

  it("another agency's title, entry or account is not found and nothing changes", async () => {
    const other = await world();
    const created = await receivable(w, 5_000);
    if (!created.ok) throw new Error("create");
    const t = (await findTitle(w.scope.db, w.scope.agencyId, created.ids[0]!))!;
    expect(await settleTitles(other.scope, { date: "2026-03-10", bankAccountId: other.accounts[0], description: null }, [item(t.id, t.version, 100)])).toMatchObject({ ok: false, reason: "notFound" });
    expect(await settleTitles(w.scope, { date: "2026-03-10", bankAccountId: other.accounts[0], description: null }, [item(t.id, t.version, 100)])).toMatchObject({ ok: false, reason: "account" });
    expect(await cancelTitle(other.scope, t.id, t.version, "x")).toMatchObject({ ok: false, reason: "notFound" });
    const s = await settleTitles(w.scope, { date: "2026-03-10", bankAccountId: w.accounts[0], description: null }, [item(t.id, t.version, 100)]);
    if (!s.ok) throw new Error("settle");
    expect(await reverseEntry(other.scope, s.entryIds[0]!, "2026-03-10", null)).toMatchObject({ ok: false, reason: "notFound" });
    expect(await transferBetween(other.scope, { fromAccountId: w.accounts[0], toAccountId: other.accounts[0], date: "2026-03-10", amountCents: 10, description: null })).toMatchObject({ ok: false, reason: "fromAccount" });
    expect(await accountStatement(other.scope, w.accounts[0], "2026-01-01", "2026-12-31")).toBeNull();
    expect((await entriesOf(other.scope.agencyId)).results).toHaveLength(0);
  });
});

describe("transfer reversal", () => {
  it("is undone by a reversal on each account (never edited or deleted), shows on both statements, once even when two race", async () => {
    const w = await world();
    const [from, to] = w.accounts;
    const balance = async (account: string) => (await accountStatement(w.scope, account, "2025-01-01", "2026-12-31"))!.closingCents;
    const before = [await balance(from), await balance(to)];
    const t = await transferBetween(w.scope, { fromAccountId: from, toAccountId: to, date: "2026-05-02", amountCents: 250_00, description: "Sangria" });
    if (!t.ok) throw new Error("transfer");
    expect([await balance(from), await balance(to)]).toEqual([before[0]! - 250_00, before[1]! + 250_00]);
    const pair = (await env.DB.prepare("select * from finance_entry where transfer_id = ?").bind(t.transferId).all<Record<string, string | number>>()).results;
    const inId = pair.find((e) => e.kind === "transfer_in")!.id as string;
    // Two reversals at once (from either side): one applies.
    const [a, b] = await Promise.all([reverseEntry(w.scope, inId, "2026-05-03", "engano"), reverseEntry(w.scope, pair.find((e) => e.kind === "transfer_out")!.id as string, "2026-05-03", "engano")]);
    expect([a.ok, b.ok].filter(Boolean)).toHaveLength(1);
    expect([a, b].find((r) => !r.ok)).toMatchObject({ ok: false, reason: "reversed" });
    expect([await balance(from), await balance(to)]).toEqual(before);
    // The transfer is still there, untouched; the reversals point at it.
    expect((await env.DB.prepare("select * from finance_entry where transfer_id = ?").bind(t.transferId).all()).results).toEqual(pair);
    const reversals = (await env.DB.prepare("select bank_account_id, kind, net_cents, date, reverses_id from finance_entry where agency_id = ? and kind = 'reversal'").bind(w.scope.agencyId).all<Record<string, string | number>>()).results;
    expect(reversals).toHaveLength(2);
    expect(reversals.map((r) => [r.bank_account_id, r.net_cents, r.date]).sort()).toEqual([[from, 250_00, "2026-05-03"], [to, -250_00, "2026-05-03"]].sort());
    // Both statements show it: the transfer marked reversed, the reversal naming the other account.
    for (const account of [from, to]) {
      const st = (await accountStatement(w.scope, account, "2026-05-01", "2026-05-31"))!;
      expect(st.rows.map((r) => r.kind)).toEqual([account === from ? "transfer_out" : "transfer_in", "reversal"]);
      expect(st.rows[0]!.reversedBy).toBe(st.rows[1]!.id);
      expect(st.rows[1]!.counterpartName).toBe(account === from ? "Conta 2" : "Conta 1");
    }
    expect(await env.DB.prepare("select count(*) n from audit_entry where agency_id = ? and entity = 'finance_entry' and changes like '%reversesTransfer%'").bind(w.scope.agencyId).first<{ n: number }>()).toEqual({ n: 1 });
    // The DRE does not see money moving between accounts.
    expect((await dreCells(w.scope, "cash", "2026-01", "2026-12")).filter((c) => c.categoryId === null)).toEqual([]);
    // Another agency cannot reverse it.
    const other = await world();
    expect(await reverseEntry(other.scope, inId, "2026-05-04", null)).toMatchObject({ ok: false, reason: "notFound" });
  });
});

describe("properties", () => {
  type Op =
    | { op: "settle"; title: number; part: number; interest: number; fee: number; account: number; day: number }
    | { op: "reverse"; pick: number; day: number }
    | { op: "transfer"; from: number; to: number; amount: number; day: number }
    | { op: "reverseTransfer"; pick: number; day: number; side: boolean }
    | { op: "manual"; account: number; amount: number; day: number };
  const day = (n: number) => `2026-${String(1 + (n % 12)).padStart(2, "0")}-${String(1 + (n % 28)).padStart(2, "0")}`;
  const opArb: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ op: fc.constant("settle" as const), title: fc.nat(3), part: fc.integer({ min: 1, max: 4 }), interest: fc.nat(500), fee: fc.nat(300), account: fc.nat(2), day: fc.nat(400) }),
    fc.record({ op: fc.constant("reverse" as const), pick: fc.nat(50), day: fc.nat(400) }),
    fc.record({ op: fc.constant("transfer" as const), from: fc.nat(2), to: fc.nat(2), amount: fc.integer({ min: 1, max: 50_000 }), day: fc.nat(400) }),
    fc.record({ op: fc.constant("reverseTransfer" as const), pick: fc.nat(50), day: fc.nat(400), side: fc.boolean() }),
    fc.record({ op: fc.constant("manual" as const), account: fc.nat(2), amount: fc.integer({ min: -20_000, max: 20_000 }), day: fc.nat(400) }),
  );

  it("closing = opening + Σ inflows − Σ outflows on every account; a reversal restores the status; the DRE result is the sum of its categorised entries", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 12 }), fc.array(fc.integer({ min: 3, max: 90_000 }), { minLength: 4, maxLength: 4 }), async (ops, amounts) => {
        const w = await world();
        const titles: string[] = [];
        for (const [i, amount] of amounts.entries()) {
          const created =
            i % 2 === 0
              ? await receivable(w, amount)
              : await createTitles(w.scope, {
                  direction: "payable",
                  partyKind: "supplier",
                  partyId: w.supplierId,
                  description: "Hotel",
                  documentNumber: null,
                  categoryId: w.cost,
                  competenceDate: "2026-02-01",
                  dueDate: "2026-02-10",
                  amountCents: amount,
                  currency: "BRL",
                  paymentTermId: null,
                  notes: null,
                });
          if (!created.ok) throw new Error("create");
          titles.push(created.ids[0]!);
        }
        const settlements: string[] = [];
        const transfers: string[] = [];
        for (const o of ops) {
          if (o.op === "settle") {
            const t = (await findTitle(w.scope.db, w.scope.agencyId, titles[o.title]!))!;
            const open = t.amountCents - t.paidCents;
            if (open <= 0) continue;
            const p = Math.max(1, Math.floor(open / o.part));
            const r = await settleTitles(w.scope, { date: day(o.day), bankAccountId: w.accounts[o.account]!, description: null }, [item(t.id, t.version, p, { interestCents: o.interest, feeCents: o.fee })]);
            expect(r.ok).toBe(true);
            if (r.ok) settlements.push(r.entryIds[0]!);
          } else if (o.op === "reverse") {
            if (settlements.length === 0) continue;
            const entryId = settlements[o.pick % settlements.length]!;
            const entry = await env.DB.prepare("select title_id, principal_cents from finance_entry where id = ?").bind(entryId).first<{ title_id: string; principal_cents: number }>();
            const before = (await findTitle(w.scope.db, w.scope.agencyId, entry!.title_id))!;
            const r = await reverseEntry(w.scope, entryId, day(o.day), null);
            const after = (await findTitle(w.scope.db, w.scope.agencyId, entry!.title_id))!;
            if (r.ok) {
              expect(after.paidCents).toBe(before.paidCents - entry!.principal_cents);
              expect(after.status).toBe(after.paidCents === 0 ? "open" : "partial");
            } else {
              expect(r.reason).toBe("reversed");
              expect(after).toEqual(before);
            }
          } else if (o.op === "transfer") {
            const r = await transferBetween(w.scope, { fromAccountId: w.accounts[o.from]!, toAccountId: w.accounts[o.to]!, date: day(o.day), amountCents: o.amount, description: null });
            expect(r.ok).toBe(o.from !== o.to);
            if (r.ok) transfers.push(r.transferId);
          } else if (o.op === "reverseTransfer") {
            if (transfers.length === 0) continue;
            // Either entry of the pair reverses the whole transfer, once.
            const transferId = transfers[o.pick % transfers.length]!;
            const pair = await env.DB.prepare("select id, kind from finance_entry where transfer_id = ? order by kind").bind(transferId).all<{ id: string; kind: string }>();
            const reversedBefore = await env.DB.prepare("select count(*) n from finance_entry where reverses_id in (select id from finance_entry where transfer_id = ?)").bind(transferId).first<{ n: number }>();
            const r = await reverseEntry(w.scope, pair.results[o.side ? 0 : 1]!.id, day(o.day), "engano");
            expect(r.ok).toBe(reversedBefore!.n === 0);
            if (!r.ok) expect(r.reason).toBe("reversed");
            const reversals = await env.DB.prepare("select count(*) n, coalesce(sum(net_cents), 0) s from finance_entry where kind = 'reversal' and reverses_id in (select id from finance_entry where transfer_id = ?)").bind(transferId).first<{ n: number; s: number }>();
            expect(reversals).toEqual({ n: 2, s: 0 });
          } else if (o.amount !== 0) {
            expect((await manualEntry(w.scope, { bankAccountId: w.accounts[o.account]!, date: day(o.day), netCents: o.amount, categoryId: w.bankFees, description: "Tarifa" })).ok).toBe(true);
          }
        }
        // Statements: per account, over the whole year and over a window.
        for (const account of w.accounts) {
          const full = (await accountStatement(w.scope, account, "2025-01-01", "2026-12-31"))!;
          expect(full.closingCents).toBe(full.openingCents + full.inflowCents - full.outflowCents);
          const sums = await env.DB.prepare("select coalesce(sum(net_cents), 0) s from finance_entry where agency_id = ? and bank_account_id = ?").bind(w.scope.agencyId, account).first<{ s: number }>();
          const opening = await env.DB.prepare("select opening_balance_cents o from bank_account where id = ?").bind(account).first<{ o: number }>();
          expect(full.closingCents).toBe(opening!.o + sums!.s);
          const part = (await accountStatement(w.scope, account, "2026-04-01", "2026-08-31"))!;
          expect(part.closingCents).toBe(part.openingCents + part.inflowCents - part.outflowCents);
          const upTo = await env.DB.prepare("select coalesce(sum(net_cents), 0) s from finance_entry where agency_id = ? and bank_account_id = ? and date <= '2026-08-31'").bind(w.scope.agencyId, account).first<{ s: number }>();
          expect(part.closingCents).toBe(opening!.o + upTo!.s);
        }
        // Titles: paid = Σ principal of their entries.
        for (const id of titles) {
          const t = (await findTitle(w.scope.db, w.scope.agencyId, id))!;
          const s = await env.DB.prepare("select coalesce(sum(principal_cents), 0) s from finance_entry where title_id = ?").bind(id).first<{ s: number }>();
          expect(t.paidCents).toBe(s!.s);
        }
        // DRE: result = Σ categorised figures (both bases).
        for (const basis of ["competence", "cash"] as const) {
          const dre = await incomeStatement(w.scope, basis, 2026);
          const cells = await dreCells(w.scope, basis, "2026-01", "2026-12");
          expect(dre.result.totalCents).toBe(cells.reduce((s, c) => s + c.signedCents, 0));
          for (const m of dre.months) expect(dre.result.months[m]).toBe(cells.filter((c) => c.month === m).reduce((s, c) => s + c.signedCents, 0));
        }
        const cash = await incomeStatement(w.scope, "cash", 2026);
        const nonTransfer = await env.DB.prepare("select coalesce(sum(net_cents), 0) s from finance_entry where agency_id = ? and transfer_id is null and date like '2026-%'").bind(w.scope.agencyId).first<{ s: number }>();
        expect(cash.result.totalCents).toBe(nonTransfer!.s);
      }),
      { numRuns: RUNS ?? 15 },
    );
  }, 240_000);
});
