/**
 * The trigger-kept DRE figures (finance_dre_total) and the category totals of
 * the lists (finance_title_category_total), migration 0017, against the titles
 * and entries themselves, for any sequence of create (installments, BRL and
 * USD), edit (category, competence, amount, due date), settle, reverse, cancel,
 * manual entries, transfers and their reversals through the domain functions —
 * and of SQL by hand (a title deleted, an entry moved or deleted), which the
 * triggers must follow too:
 * - each table equals a GROUP BY of the rows it sums (rows emptied by changes
 *   stay at zero);
 * - the DRE read from the aggregate equals the DRE computed the old way (the
 *   statement of titles and entries that reports.server.ts ran before 0017, kept
 *   here as the oracle), cell by cell and line by line, on both bases;
 * - every entry's dre_category_id (migration 0019) is its category or else its
 *   title's, and each DRE cell's drill-down, paged to the end, sums to the cell;
 * - a list's totals with a category filter equal the totals summed over the
 *   titles (docs/decisions/0010-finance-totals.md);
 * - (decision 0018, migration 0032) every title and entry keeps the rate of its
 *   day and its amount in BRL is fx.ts's conversion at that rate; the DRE sums
 *   those BRL amounts, never foreign cents (USD has rates on every day but one:
 *   a USD title on that day is refused and writes nothing).
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { v7 as uuidv7 } from "uuid";
import { describe, expect, it } from "vitest";
import { manualEntry, reverseEntry, settleTitles, transferBetween } from "~/lib/finance/ledger/entries.server";
import { buildDre, monthsBetween, type DreBasis, type DreCell } from "~/lib/finance/ledger/ledger";
import { dreCells, dreDrillDown, incomeStatement, type DrillCursor } from "~/lib/finance/ledger/reports.server";
import { TITLE_FILTER_STATUSES, type TitleListFilter } from "~/lib/finance/ledger/title-list";
import { titleTotals, titleTotalsFromAggregate, titleTotalsFromTitles } from "~/lib/finance/ledger/title-list.server";
import { cancelTitle, createTitles, findTitle, updateTitle } from "~/lib/finance/ledger/titles.server";
import { RATE_SCALE, toBrl } from "~/lib/finance/fx";
import { createUser, financeAgency, signIn } from "./fixtures";
import { appRequest, json } from "./harness";

const RUNS = Number((import.meta as { env?: Record<string, string | undefined> }).env?.VITE_FINANCE_PROPERTY_RUNS) || 12;
/** Competence and entry days across the year's edges (the DRE of 2026 must leave out 2025-12 and 2027-01). */
const DAYS = ["2025-12-31", "2026-01-01", "2026-01-31", "2026-02-14", "2026-06-30", "2026-07-01", "2026-12-31", "2027-01-01"];
const REVENUE_KEYS = ["revenue.packages", "revenue.air", "revenue.interest"];
const COST_KEYS = ["cost.suppliers", "cost.hotel", "expense.bank_fees", "asset.supplier_advances"];
/** USD's rate on each day of DAYS (BRL per USD × 1e6; odd values so conversions round); none on NO_RATE_DAY. */
const USD_RATES = [5_123_457, 5_234_567, 5_345_679, 0, 5_456_789, 5_567_891, 5_678_913, 5_789_135];
const NO_RATE_DAY = DAYS[3]!;

async function world() {
  const { agency, scope } = await financeAgency();
  const now = new Date().toISOString();
  const clientId = uuidv7();
  const supplierId = uuidv7();
  const banks = [uuidv7(), uuidv7()];
  const usdBank = uuidv7();
  const type = await env.DB.prepare("select id from account_type where agency_id = ? limit 1").bind(agency.id).first<{ id: string }>();
  const bankRow = (id: string, name: string, currency: string) =>
    env.DB.prepare("insert into bank_account (id, agency_id, name, account_type_id, opening_date, currency, created_at, updated_at) values (?, ?, ?, ?, '2020-01-01', ?, ?, ?)").bind(id, agency.id, name, type!.id, currency, now, now);
  await env.DB.batch([
    env.DB.prepare("insert into client (id, agency_id, name, created_at, updated_at) values (?, ?, ?, ?, ?)").bind(clientId, agency.id, "Cliente", now, now),
    env.DB.prepare("insert into supplier (id, agency_id, name, created_at, updated_at) values (?, ?, ?, ?, ?)").bind(supplierId, agency.id, "Fornecedor", now, now),
    bankRow(banks[0]!, "Banco 1", "BRL"),
    bankRow(banks[1]!, "Banco 2", "BRL"),
    bankRow(usdBank, "Banco USD", "USD"),
    // USD rates on the days the titles use (2026-02-14 has none, nor the 7 days before it).
    ...DAYS.flatMap((d, i) =>
      USD_RATES[i]
        ? [env.DB.prepare("insert into fx_rate (id, agency_id, currency, date, rate_e6, source, created_at, updated_at) values (?, ?, 'USD', ?, ?, 'manual', ?, ?)").bind(uuidv7(), agency.id, d, USD_RATES[i]!, now, now)]
        : [],
    ),
  ]);
  const key = async (k: string) => (await env.DB.prepare("select id from chart_account where agency_id = ? and system_key = ?").bind(agency.id, k).first<{ id: string }>())!.id;
  const term = (await env.DB.prepare("select id from payment_term where agency_id = ? and name = '30/60/90'").bind(agency.id).first<{ id: string }>())!.id;
  return {
    scope,
    clientId,
    supplierId,
    banks,
    usdBank,
    term,
    revenue: await Promise.all(REVENUE_KEYS.map(key)),
    costs: await Promise.all(COST_KEYS.map(key)),
  };
}

type Op =
  | { op: "create"; payable: boolean; amount: number; day: number; usd: boolean; installments: boolean; category: number }
  | { op: "edit"; title: number; category: number; day: number; due: number; amount: number }
  | { op: "settle"; title: number; part: number; interest: number; fee: number; bank: number; day: number }
  | { op: "reverse"; entry: number; day: number }
  | { op: "cancel"; title: number }
  | { op: "manual"; amount: number; day: number; category: number; bank: number }
  | { op: "transfer"; amount: number; day: number }
  | { op: "reverseTransfer"; pick: number; day: number }
  | { op: "sqlDeleteTitle"; title: number }
  | { op: "sqlMoveEntry"; entry: number; day: number }
  | { op: "sqlDeleteEntry"; entry: number };

const day = fc.nat(DAYS.length - 1);
const pick = fc.nat(40);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant("create" as const), payable: fc.boolean(), amount: fc.integer({ min: 3, max: 500_000 }), day, usd: fc.boolean(), installments: fc.boolean(), category: pick }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("edit" as const), title: pick, category: pick, day, due: day, amount: fc.integer({ min: 3, max: 500_000 }) }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant("settle" as const), title: pick, part: fc.integer({ min: 1, max: 3 }), interest: fc.nat(500), fee: fc.nat(300), bank: fc.nat(1), day }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("reverse" as const), entry: pick, day }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("cancel" as const), title: pick }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("manual" as const), amount: fc.integer({ min: -20_000, max: 20_000 }), day, category: pick, bank: fc.nat(1) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("transfer" as const), amount: fc.integer({ min: 1, max: 50_000 }), day }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("reverseTransfer" as const), pick, day }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("sqlDeleteTitle" as const), title: pick }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("sqlMoveEntry" as const), entry: pick, day }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("sqlDeleteEntry" as const), entry: pick }) },
);

type W = Awaited<ReturnType<typeof world>>;

async function run(w: W, ops: Op[]) {
  const titles: string[] = [];
  const entries: string[] = [];
  const transfers: string[] = [];
  const titleAt = async (n: number) => (titles.length ? findTitle(w.scope.db, w.scope.agencyId, titles[n % titles.length]!) : null);
  for (const o of ops) {
    if (o.op === "create") {
      const categories = o.payable ? w.costs : w.revenue;
      const created = await createTitles(w.scope, {
        direction: o.payable ? "payable" : "receivable",
        partyKind: o.payable ? "supplier" : "client",
        partyId: o.payable ? w.supplierId : w.clientId,
        description: "Título",
        documentNumber: null,
        categoryId: categories[o.category % categories.length]!,
        competenceDate: DAYS[o.day]!,
        dueDate: DAYS[o.day]!,
        amountCents: o.amount,
        currency: o.usd ? "USD" : "BRL",
        paymentTermId: o.installments ? w.term : null,
        notes: null,
      });
      if (created.ok) titles.push(...created.ids);
      // No USD rate that day (nor the 7 before): refused as such, nothing written (checkAll finds no title without its rate).
      else if (o.usd && DAYS[o.day] === NO_RATE_DAY) expect(created.reason).toBe("rate");
    } else if (o.op === "edit") {
      const t = await titleAt(o.title);
      if (!t) continue;
      const categories = t.direction === "payable" ? w.costs : w.revenue;
      await updateTitle(w.scope, t.id, t.version, {
        partyKind: t.partyKind,
        partyId: t.partyId,
        description: t.description,
        documentNumber: t.documentNumber,
        categoryId: categories[o.category % categories.length]!,
        competenceDate: DAYS[o.day]!,
        dueDate: DAYS[o.due]!,
        amountCents: t.paidCents > 0 ? t.amountCents : o.amount,
        currency: t.currency,
        notes: t.notes,
      });
    } else if (o.op === "settle") {
      const t = await titleAt(o.title);
      if (!t || t.status === "cancelled" || t.amountCents - t.paidCents <= 0) continue;
      const open = t.amountCents - t.paidCents;
      const done = await settleTitles(w.scope, { date: DAYS[o.day]!, bankAccountId: t.currency === "USD" ? w.usdBank : w.banks[o.bank]!, description: null }, [
        { titleId: t.id, version: t.version, principalCents: Math.max(1, Math.floor(open / o.part)), interestCents: o.interest, fineCents: 0, discountCents: 0, feeCents: o.fee, intermediaryId: null },
      ]);
      if (done.ok) entries.push(...done.entryIds);
    } else if (o.op === "reverse" && entries.length) {
      const reversed = await reverseEntry(w.scope, entries[o.entry % entries.length]!, DAYS[o.day]!, "teste");
      if (reversed.ok) entries.push(reversed.id);
    } else if (o.op === "cancel") {
      const t = await titleAt(o.title);
      if (t) await cancelTitle(w.scope, t.id, t.version, "teste");
    } else if (o.op === "manual" && o.amount !== 0) {
      const categories = [...w.revenue, ...w.costs];
      const done = await manualEntry(w.scope, { bankAccountId: w.banks[o.bank]!, date: DAYS[o.day]!, netCents: o.amount, categoryId: categories[o.category % categories.length]!, description: "Tarifa" });
      if (done.ok) entries.push(done.id);
    } else if (o.op === "transfer") {
      const done = await transferBetween(w.scope, { fromAccountId: w.banks[0]!, toAccountId: w.banks[1]!, date: DAYS[o.day]!, amountCents: o.amount, description: null });
      if (done.ok) {
        const pair = await env.DB.prepare("select id from finance_entry where transfer_id = ? order by kind").bind(done.transferId).all<{ id: string }>();
        transfers.push(...pair.results.map((r) => r.id));
      }
    } else if (o.op === "reverseTransfer" && transfers.length) {
      await reverseEntry(w.scope, transfers[o.pick % transfers.length]!, DAYS[o.day]!, "engano");
    } else if (o.op === "sqlDeleteTitle" && titles.length) {
      const id = titles.splice(o.title % titles.length, 1)[0]!;
      await env.DB.prepare("delete from finance_title where agency_id = ? and id = ?").bind(w.scope.agencyId, id).run();
    } else if (o.op === "sqlMoveEntry" && entries.length) {
      await env.DB.prepare("update finance_entry set date = ? where agency_id = ? and id = ?").bind(DAYS[o.day]!, w.scope.agencyId, entries[o.entry % entries.length]!).run();
    } else if (o.op === "sqlDeleteEntry" && entries.length) {
      const id = entries.splice(o.entry % entries.length, 1)[0]!;
      await env.DB.prepare("delete from finance_entry where agency_id = ? and id = ?").bind(w.scope.agencyId, id).run();
    }
  }
}

const rowsOf = async (sql: string, ...params: unknown[]) => (await env.DB.prepare(sql).bind(...params).all<Record<string, string | number>>()).results;

/**
 * The DRE cells the way reports.server.ts computed them before finance_dre_total:
 * over the titles (competence) or entries (cash) — in BRL, each at its own rate
 * (decision 0018; a row without a rate is left out).
 */
async function oracleCells(agencyId: string, basis: DreBasis, fromMonth: string, toMonth: string): Promise<DreCell[]> {
  const fromDay = `${fromMonth}-01`;
  const toDay = `${toMonth}-31`;
  const rows =
    basis === "competence"
      ? await rowsOf(
          `select category_id as categoryId, substr(competence_date, 1, 7) as month,
             sum(case when direction = 'receivable' then coalesce(amount_brl_cents, amount_cents) else -coalesce(amount_brl_cents, amount_cents) end) as signedCents
           from finance_title where agency_id = ? and status <> 'cancelled' and competence_date >= ? and competence_date <= ?
             and (amount_brl_cents is not null or currency = 'BRL')
           group by category_id, substr(competence_date, 1, 7)`,
          agencyId,
          fromDay,
          toDay,
        )
      : await rowsOf(
          `select coalesce(e.category_id, t.category_id) as categoryId, substr(e.date, 1, 7) as month, sum(coalesce(e.amount_brl_cents, e.net_cents)) as signedCents
           from finance_entry e left join finance_title t on t.id = e.title_id and t.agency_id = ?
           where e.agency_id = ? and e.kind in ('settlement', 'reversal', 'manual') and e.transfer_id is null and e.date >= ? and e.date <= ?
             and (e.amount_brl_cents is not null or e.currency = 'BRL')
           group by coalesce(e.category_id, t.category_id), substr(e.date, 1, 7)`,
          agencyId,
          agencyId,
          fromDay,
          toDay,
        );
  return rows.filter((r) => r.categoryId).map((r) => ({ categoryId: String(r.categoryId), month: String(r.month), signedCents: Number(r.signedCents) }));
}

const sortCells = (cells: DreCell[]) => [...cells].sort((a, b) => (a.categoryId + a.month < b.categoryId + b.month ? -1 : 1));

/** The statuses, due dates and a category: what finance_title_category_total answers. */
const FILTERS: Omit<TitleListFilter, "category">[] = [{}, ...TITLE_FILTER_STATUSES.map((status) => ({ status })), { dueFrom: DAYS[1], dueTo: DAYS[5] }, { status: "pending", dueTo: DAYS[4] }];

async function checkAll(w: W) {
  const agencyId = w.scope.agencyId;
  // Every title's and entry's BRL amount is fx.ts's conversion at its stored rate; a title's
  // rate is USD's of its competence day (the world's rates), BRL's is 1.
  const titleRows = await rowsOf("select id, currency, amount_cents, competence_date, fx_rate_e6, fx_rate_date, amount_brl_cents from finance_title where agency_id = ?", agencyId);
  for (const t of titleRows) {
    // Titles written by hand in SQL (below) have no rate; BRL ones still count at their amount.
    if (t.fx_rate_e6 === null && t.currency === "BRL") continue;
    const rate = t.currency === "BRL" ? RATE_SCALE : USD_RATES[DAYS.indexOf(String(t.competence_date))]!;
    expect(t.fx_rate_e6, `rate of ${t.id}`).toBe(rate);
    expect(t.fx_rate_date).toBe(t.competence_date);
    expect(t.amount_brl_cents, `BRL of ${t.id}`).toBe(toBrl(Number(t.amount_cents), String(t.currency), rate));
  }
  for (const e of await rowsOf("select id, currency, net_cents, fx_rate_e6, amount_brl_cents from finance_entry where agency_id = ?", agencyId)) {
    if (e.fx_rate_e6 === null && e.currency === "BRL") continue;
    expect(e.amount_brl_cents, `BRL of entry ${e.id}`).toBe(toBrl(Number(e.net_cents), String(e.currency), Number(e.fx_rate_e6)));
  }
  // finance_dre_total is the GROUP BY of the titles (competence) and entries (cash), in BRL at each one's rate.
  const kept = await rowsOf(
    "select basis, month, category_id, currency, items, amount_cents from finance_dre_total where agency_id = ? and items <> 0 order by 1, 2, 3, 4",
    agencyId,
  );
  const grouped = await rowsOf(
    `select * from (
       select 'competence' as basis, substr(competence_date, 1, 7) as month, category_id, case when amount_brl_cents is null then currency else 'BRL' end as currency, count(*) as items,
         sum(case when direction = 'receivable' then coalesce(amount_brl_cents, amount_cents) else -coalesce(amount_brl_cents, amount_cents) end) as amount_cents
       from finance_title where agency_id = ?1 and status <> 'cancelled' group by 2, 3, 4
       union all
       select 'cash', substr(e.date, 1, 7), coalesce(e.category_id, t.category_id), case when e.amount_brl_cents is null then e.currency else 'BRL' end, count(*), sum(coalesce(e.amount_brl_cents, e.net_cents))
       from finance_entry e left join finance_title t on t.id = e.title_id and t.agency_id = ?1
       where e.agency_id = ?1 and e.kind in ('settlement', 'reversal', 'manual') and e.transfer_id is null and coalesce(e.category_id, t.category_id) is not null
       group by 2, 3, 4
     ) order by 1, 2, 3, 4`,
    agencyId,
  );
  expect(kept).toEqual(grouped);
  expect(await rowsOf("select * from finance_dre_total where agency_id = ? and items = 0 and amount_cents <> 0", agencyId)).toEqual([]);
  // The DRE from the aggregate is the DRE of the old statement, cell by cell and line by line.
  const categories = (await rowsOf("select id, code, name, nature, parent_id as parentId from chart_account where agency_id = ? and deleted_at is null", agencyId)) as never[];
  for (const basis of ["competence", "cash"] as const) {
    for (const [from, to] of [["2026-01", "2026-12"], ["2025-12", "2027-01"], ["2026-02", "2026-02"]] as const) {
      const oracle = await oracleCells(agencyId, basis, from, to);
      expect(sortCells(await dreCells(w.scope, basis, from, to)), `${basis} ${from}..${to}`).toEqual(sortCells(oracle));
    }
    const dre = await incomeStatement(w.scope, basis, 2026);
    const months = monthsBetween("2026-01", "2026-12");
    expect(dre).toEqual({ months, ...buildDre(categories, await oracleCells(agencyId, basis, "2026-01", "2026-12"), months) });
  }
  // Every entry's dre_category_id is its category or else its title's; each cell's drill-down,
  // paged to the end, lists exactly the figure.
  const wrong = await rowsOf(
    "select e.id from finance_entry e left join finance_title t on t.id = e.title_id and t.agency_id = e.agency_id where e.agency_id = ? and e.dre_category_id is not coalesce(e.category_id, t.category_id)",
    agencyId,
  );
  expect(wrong).toEqual([]);
  for (const basis of ["competence", "cash"] as const) {
    for (const cell of await dreCells(w.scope, basis, "2026-01", "2026-12")) {
      let sum = 0;
      let after: DrillCursor | null = null;
      for (let page = 0; page < 50; page++) {
        const found = await dreDrillDown(w.scope, basis, cell.categoryId, `${cell.month}-01`, `${cell.month}-31`, after);
        sum += found.rows.reduce((n, r) => n + Number(r.signedCents), 0);
        if (!found.next) break;
        after = found.next;
      }
      expect(sum, `${basis} drill-down of ${cell.categoryId} ${cell.month}`).toBe(cell.signedCents);
    }
  }
  // finance_title_category_total is the GROUP BY of the titles by category.
  const keptByCategory = await rowsOf(
    "select direction, category_id, status, due_date, currency, titles, amount_cents, paid_cents from finance_title_category_total where agency_id = ? and titles <> 0 order by 1, 2, 3, 4, 5",
    agencyId,
  );
  const groupedByCategory = await rowsOf(
    "select direction, category_id, status, due_date, currency, count(*) as titles, sum(amount_cents) as amount_cents, sum(paid_cents) as paid_cents from finance_title where agency_id = ? group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5",
    agencyId,
  );
  expect(keptByCategory).toEqual(groupedByCategory);
  expect(await rowsOf("select * from finance_title_category_total where agency_id = ? and titles = 0 and (amount_cents <> 0 or paid_cents <> 0)", agencyId)).toEqual([]);
  // The lists' totals with a category: the same figures from the aggregate as over the titles.
  for (const direction of ["receivable", "payable"] as const) {
    for (const category of direction === "receivable" ? w.revenue : w.costs) {
      for (const f of FILTERS) {
        const filter = { ...f, category };
        const fromAggregate = await titleTotalsFromAggregate(w.scope, direction, filter);
        const fromTitles = await titleTotalsFromTitles(w.scope, direction, filter, "");
        expect({ ...fromAggregate, from: "titles" }, JSON.stringify(filter)).toEqual(fromTitles);
      }
    }
  }
}

describe("finance_dre_total and finance_title_category_total, kept by triggers", () => {
  it("equal the titles and entries after any sequence of writes; the DRE from them equals the DRE computed the old way", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 18 }), async (ops) => {
        const w = await world();
        await run(w, ops);
        await checkAll(w);
      }),
      { numRuns: RUNS },
    );
  }, 400_000);

  it("follows a title's category change into the cash basis, and an entry written before its title", async () => {
    const w = await world();
    const created = await createTitles(w.scope, {
      direction: "receivable",
      partyKind: "client",
      partyId: w.clientId,
      description: "Pacote",
      documentNumber: null,
      categoryId: w.revenue[0]!,
      competenceDate: "2026-03-10",
      dueDate: "2026-03-10",
      amountCents: 1_000_00,
      currency: "BRL",
      paymentTermId: null,
      notes: null,
    });
    if (!created.ok) throw new Error("create");
    const id = created.ids[0]!;
    const t = (await findTitle(w.scope.db, w.scope.agencyId, id))!;
    const settled = await settleTitles(w.scope, { date: "2026-04-02", bankAccountId: w.banks[0]!, description: null }, [
      { titleId: id, version: t.version, principalCents: 400_00, interestCents: 0, fineCents: 0, discountCents: 0, feeCents: 0, intermediaryId: null },
    ]);
    expect(settled.ok).toBe(true);
    const cash = async () => (await dreCells(w.scope, "cash", "2026-01", "2026-12")).map((c) => [c.categoryId, c.month, c.signedCents]);
    expect(await cash()).toEqual([[w.revenue[0], "2026-04", 400_00]]);
    const again = (await findTitle(w.scope.db, w.scope.agencyId, id))!;
    const edit = { ...again, categoryId: w.revenue[1]! };
    expect((await updateTitle(w.scope, id, again.version, edit)).ok).toBe(true);
    expect(await cash()).toEqual([[w.revenue[1], "2026-04", 400_00]]);
    expect((await dreCells(w.scope, "competence", "2026-01", "2026-12")).map((c) => [c.categoryId, c.month, c.signedCents])).toEqual([[w.revenue[1], "2026-03", 1_000_00]]);
    // An entry written by hand before its title: counted once the title arrives, in the title's category.
    const lateTitle = uuidv7();
    const now = new Date().toISOString();
    await env.DB.prepare(
      "insert into finance_entry (id, agency_id, bank_account_id, kind, date, title_id, principal_cents, net_cents, currency, origin, created_at) values (?, ?, ?, 'settlement', '2026-05-05', ?, 100, 100, 'BRL', 'seed', ?)",
    )
      .bind(uuidv7(), w.scope.agencyId, w.banks[0]!, lateTitle, now)
      .run();
    expect(await cash()).toEqual([[w.revenue[1], "2026-04", 400_00]]);
    await env.DB.prepare(
      "insert into finance_title (id, agency_id, direction, party_kind, party_id, description, category_id, competence_date, due_date, amount_cents, currency, paid_cents, status, group_id, created_at, updated_at, version) values (?, ?, 'receivable', 'client', ?, 'x', ?, '2026-05-01', '2026-05-01', 100, 'BRL', 100, 'paid', ?, ?, ?, 1)",
    )
      .bind(lateTitle, w.scope.agencyId, w.clientId, w.revenue[2]!, lateTitle, now, now)
      .run();
    expect(sortCells(await dreCells(w.scope, "cash", "2026-01", "2026-12")).map((c) => [c.categoryId, c.month, c.signedCents])).toEqual(
      sortCells([
        { categoryId: w.revenue[1]!, month: "2026-04", signedCents: 400_00 },
        { categoryId: w.revenue[2]!, month: "2026-05", signedCents: 100 },
      ]).map((c) => [c.categoryId, c.month, c.signedCents]),
    );
    await checkAll(w);
  });

  it("another agency's figures are not in the DRE; a category filter's totals come from the aggregate", async () => {
    const a = await world();
    const b = await world();
    await run(a, [{ op: "create", payable: false, amount: 5_000, day: 3, usd: false, installments: false, category: 0 }]);
    expect(await dreCells(b.scope, "competence", "2026-01", "2026-12")).toEqual([]);
    expect((await dreCells(a.scope, "competence", "2026-01", "2026-12")).map((c) => c.signedCents)).toEqual([5_000]);
    expect((await titleTotals(a.scope, "receivable", { category: a.revenue[0]! }, "")).from).toBe("aggregate");
    expect((await titleTotals(a.scope, "receivable", { category: a.revenue[0]!, party: { kind: "client", id: a.clientId } }, "")).from).toBe("titles");
  });

  it("the DRE screen's drill-down pages a cell 100 rows at a time; its total is the cell's figure; another agency's category shows nothing", async () => {
    const w = await world();
    const other = await world();
    const user = await createUser({ role: "Admin", agencyId: w.scope.agencyId });
    const cookie = await signIn(user.email);
    const now = new Date().toISOString();
    const ids = Array.from({ length: 230 }, () => uuidv7());
    const rows = ids.map((id, i) => {
      const day = `2026-03-${String(1 + (i % 28)).padStart(2, "0")}`;
      return `('${id}', '${w.scope.agencyId}', 'receivable', 'client', '${w.clientId}', 'Pacote ${i}', '${w.revenue[0]}', '${day}', '${day}', ${100 + i}, 'BRL', 0, 'open', '${id}', '${now}', '${now}', 1)`;
    });
    await env.DB.prepare(
      `insert into finance_title (id, agency_id, direction, party_kind, party_id, description, category_id, competence_date, due_date, amount_cents, currency, paid_cents, status, group_id, created_at, updated_at, version) values ${rows.join(", ")}`,
    ).run();
    const total = ids.reduce((n, _, i) => n + 100 + i, 0);
    const expected = ids.map((id, i) => ({ id, day: `2026-03-${String(1 + (i % 28)).padStart(2, "0")}` })).sort((a, b) => (a.day === b.day ? (a.id < b.id ? -1 : 1) : a.day < b.day ? -1 : 1));
    type Detail = { detail: { rows: { id: string }[]; next: string | null; paged: boolean; totalCents: number } | null };
    const base = `/financeiro/relatorios/dre?year=2026&basis=competence&category=${w.revenue[0]}&month=2026-03`;
    const seen: string[] = [];
    let url = base;
    for (let page = 0; page < 4; page++) {
      const res = await appRequest(url, { cookie });
      expect(res.status).toBe(200);
      const { detail } = await json<Detail>(res);
      expect(detail!.totalCents).toBe(total);
      expect(detail!.paged).toBe(page > 0);
      expect(detail!.rows.length).toBe(page < 2 ? 100 : 30);
      seen.push(...detail!.rows.map((r) => r.id));
      if (!detail!.next) break;
      url = `${base}&after=${encodeURIComponent(detail!.next)}`;
    }
    expect(seen).toEqual(expected.map((e) => e.id));
    // A malformed cursor is the first page.
    const bad = await json<Detail>(await appRequest(`${base}&after=nonsense~`, { cookie }));
    expect(bad.detail!.rows[0]!.id).toBe(expected[0]!.id);
    // Another agency's category: nothing behind it here.
    const foreign = await json<Detail>(await appRequest(`/financeiro/relatorios/dre?year=2026&basis=competence&category=${other.revenue[0]}&month=2026-03`, { cookie }));
    expect(foreign.detail).toMatchObject({ rows: [], totalCents: 0, next: null });
  });
});
