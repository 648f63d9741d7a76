/**
 * Rows read by the receivables list on an agency with 5,000 titles (issue #13: a
 * list page reads at most 2× the rows it shows; docs/decisions/0010-finance-totals.md):
 * - the list page's whole loader (titleListPage: defaults check, the page, the
 *   chart and accounts for the filters), run on D1 again for each statement's
 *   meta.rows_read, reads at most 2× the rows it shows (+1 boundary row) more
 *   than the same page of an agency with the same settings and no titles;
 * - the page query alone: the title and its party per row shown;
 * - a due-date range (a month) pages by due date and keeps that bound;
 * - the totals request with only status / due-date (/ category) filters reads the
 *   trigger-kept daily totals (at most one row per status, day and currency of
 *   the filter), not the titles, and its figures equal the titles';
 * - the DRE of a year reads the trigger-kept monthly figures (one row per
 *   account, month and currency) beyond what an empty agency's DRE reads, and its
 *   drill-down reads a page at a time.
 */
import { env } from "cloudflare:test";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureFinanceDefaults } from "~/lib/finance/defaults.server";
import { DRILL_PAGE_SIZE } from "~/lib/finance/ledger/report-params";
import { dreDrillDown, incomeStatement } from "~/lib/finance/ledger/reports.server";
import { parseTitleQuery } from "~/lib/finance/ledger/title-list";
import { titleListPage, titleTotals, titleTotalsFromTitles } from "~/lib/finance/ledger/title-list.server";
import { encodeCursor } from "~/lib/kit/list";
import { createDb } from "~/lib/platform/db.server";
import type { Scope } from "~/lib/platform/scope.server";
import { todayIn } from "~/lib/platform/time-zone";
import { createAgency } from "./fixtures";

/** 5,000 by default; VITE_FINANCE_ROWS_TITLES=100000 measures the same at the bench's size (docs/decisions/0010). */
const TITLES = Number((import.meta as { env?: Record<string, string | undefined> }).env?.VITE_FINANCE_ROWS_TITLES) || 5_000;
/** Today in the agency's time zone, as the app decides "overdue" (not the UTC date: they differ after 21:00 in São Paulo). */
const TODAY = todayIn("America/Sao_Paulo");

type Seeded = { id: string; dueDate: string; amountCents: number; status: "open" | "paid" };

/** A D1 binding that records every statement it binds (SQL and parameters), to run the same SQL again for its meta. */
function recordingDb() {
  const calls: { sql: string; params: unknown[] }[] = [];
  const pass = <T extends object>(target: T, prop: string | symbol) => {
    const value = Reflect.get(target, prop, target) as unknown;
    return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
  };
  const statement = (stmt: D1PreparedStatement, sql: string): D1PreparedStatement =>
    new Proxy(stmt, {
      get: (target, prop) =>
        prop === "bind"
          ? (...params: unknown[]) => {
              calls.push({ sql, params });
              return target.bind(...params);
            }
          : pass(target, prop),
    });
  const d1 = new Proxy(env.DB, {
    get: (target, prop) => (prop === "prepare" ? (sql: string) => statement(target.prepare(sql), sql) : pass(target, prop)),
  });
  return { db: createDb(d1), calls };
}

const again = (call: { sql: string; params: unknown[] }) =>
  env.DB.prepare(call.sql)
    .bind(...call.params)
    .all();

let agencyId: string;
/** An agency with the same settings (defaults, one bank account) and no titles: what a page costs besides its rows. */
let emptyAgencyId: string;
let seeded: Seeded[];
const CLIENTS = 40;

async function withBank(id: string) {
  await ensureFinanceDefaults(createDb(env.DB), id);
  const type = (await env.DB.prepare("select id from account_type where agency_id = ? limit 1").bind(id).first<{ id: string }>())!.id;
  const now = new Date().toISOString();
  const bank = uuidv7();
  await env.DB.prepare("insert into bank_account (id, agency_id, name, account_type_id, opening_date, created_at, updated_at) values (?, ?, 'Banco', ?, '2025-01-01', ?, ?)").bind(bank, id, type, now, now).run();
  return bank;
}

beforeAll(async () => {
  agencyId = (await createAgency("Agência Financeira Grande")).id;
  emptyAgencyId = (await createAgency("Agência Financeira Vazia")).id;
  await withBank(emptyAgencyId);
  const bank = await withBank(agencyId);
  const category = (await env.DB.prepare("select id from chart_account where agency_id = ? and system_key = 'revenue.packages'").bind(agencyId).first<{ id: string }>())!.id;
  const now = new Date().toISOString();
  // Real clients: the page names each title's party (one lookup per row).
  const clients = Array.from({ length: CLIENTS }, () => uuidv7());
  await env.DB.batch(clients.map((c, i) => env.DB.prepare("insert into client (id, agency_id, name, created_at, updated_at) values (?, ?, ?, ?, ?)").bind(c, agencyId, `Cliente ${i}`, now, now)));
  seeded = [];
  const titleRows: string[] = [];
  const entryRows: string[] = [];
  const start = Date.UTC(2025, 0, 1);
  for (let i = 0; i < TITLES; i++) {
    const id = uuidv7();
    // Many titles share a due date (ties broken by id), spread over two years.
    const dueDate = new Date(start + ((i * 7919) % 730) * 86_400_000).toISOString().slice(0, 10);
    const amountCents = 100_00 + ((i * 104_729) % 900_000);
    const status = i % 5 < 2 ? "paid" : "open";
    seeded.push({ id, dueDate, amountCents, status });
    const text = `Pacote ${i} doc-${i}`.toLowerCase();
    titleRows.push(
      `('${id}', '${agencyId}', 'receivable', 'client', '${clients[i % CLIENTS]}', 'Pacote ${i}', 'doc-${i}', '${category}', '${dueDate}', '${dueDate}', ${amountCents}, 'BRL', ${status === "paid" ? amountCents : 0}, '${status}', 1, 1, '${id}', '${text}', '${now}', '${now}', 1)`,
    );
    if (status === "paid") entryRows.push(`('${uuidv7()}', '${agencyId}', '${bank}', 'settlement', '${dueDate}', '${id}', ${amountCents}, ${amountCents}, 'BRL', 'manual', '${now}')`);
  }
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < titleRows.length; i += 100) {
    statements.push(
      env.DB.prepare(
        `insert into finance_title (id, agency_id, direction, party_kind, party_id, description, document_number, category_id, competence_date, due_date, amount_cents, currency, paid_cents, status, installment_no, installment_count, group_id, search_text, created_at, updated_at, version) values ${titleRows.slice(i, i + 100).join(", ")}`,
      ),
    );
  }
  for (let i = 0; i < entryRows.length; i += 100) {
    statements.push(
      env.DB.prepare(`insert into finance_entry (id, agency_id, bank_account_id, kind, date, title_id, principal_cents, net_cents, currency, origin, created_at) values ${entryRows.slice(i, i + 100).join(", ")}`),
    );
  }
  await env.DB.batch(statements);
}, 900_000);

const scope = (db: Scope["db"]): Scope => ({ db, ip: null, userId: "test", role: "Admin", agencyId, timeZone: "America/Sao_Paulo", currency: "BRL" }) as Scope;

/** Runs every recorded statement again on D1: its meta.rows_read. */
async function rowsRead(calls: { sql: string; params: unknown[] }[]) {
  let total = 0;
  const each: number[] = [];
  for (const call of calls) {
    const res = await again(call);
    total += res.meta.rows_read;
    each.push(res.meta.rows_read);
  }
  return { total, each };
}

/** The list screen's loader work (titleListPage) for `search` in an agency, recorded: the rows and every statement's rows read. */
async function measurePage(agency: string, search: string) {
  const { db, calls } = recordingDb();
  const s = { ...scope(db), agencyId: agency };
  const result = await titleListPage(s, "receivable", new URLSearchParams(search), false);
  const pageCall = calls.find((c) => /from "finance_title"/.test(c.sql) && /order by/.test(c.sql) && / limit \?$/.test(c.sql));
  expect(pageCall, "the page query").toBeDefined();
  const page = await again(pageCall!);
  const all = await rowsRead(calls);
  return { result, page, all, statements: calls.length };
}

const byDue = () => [...seeded].sort((a, b) => (a.dueDate === b.dueDate ? (a.id < b.id ? -1 : 1) : a.dueDate < b.dueDate ? -1 : 1));
const cursorOf = (s: Seeded) => encodeCursor({ v: s.dueDate, id: s.id });
/** The queue order: open by due date ascending, then paid by due date descending (ties by id). */
const queueKey = (s: Seeded) => (s.status === "open" ? `0${s.dueDate}` : `1${String(99991231 - Number(s.dueDate.replaceAll("-", ""))).padStart(8, "0")}`);
const queueCursor = (s: Seeded) => encodeCursor({ v: queueKey(s), id: s.id });
const byQueue = () => [...seeded].sort((a, b) => (queueKey(a) === queueKey(b) ? (a.id < b.id ? -1 : 1) : queueKey(a) < queueKey(b) ? -1 : 1));
const BY_DUE = "sort=dueDate&dir=asc";
const MONTH = "dueFrom=2025-03-01&dueTo=2025-03-31";

describe(`rows read by the receivables list with ${TITLES} titles`, () => {
  const cases = () => {
    const ordered = byDue();
    const queue = byQueue();
    const deep = 4_000;
    const paid = ordered.filter((s) => s.status === "paid");
    const overdue = queue.filter((s) => s.status === "open" && s.dueDate < TODAY);
    const inMonth = ordered.filter((s) => s.dueDate >= "2025-03-01" && s.dueDate <= "2025-03-31");
    const paidInMonth = queue.filter((s) => s.status === "paid" && s.dueDate >= "2025-03-01" && s.dueDate <= "2025-03-31");
    const openInMonth = queue.filter((s) => s.status === "open" && s.dueDate >= "2025-03-01" && s.dueDate <= "2025-03-31");
    return [
      { label: "first page (the queue: open by due date first)", search: "", expected: queue.slice(0, 25) },
      { label: "a deep page of the queue (after the 4,000th)", search: `after=${encodeCursor({ v: queueKey(queue[deep - 1]!), id: queue[deep - 1]!.id })}`, expected: queue.slice(deep, deep + 25) },
      { label: "by due date, a deep page (after the 4,000th)", search: `${BY_DUE}&after=${cursorOf(ordered[deep - 1]!)}`, expected: ordered.slice(deep, deep + 25) },
      { label: "by due date, backwards (before the 4,000th)", search: `${BY_DUE}&before=${cursorOf(ordered[deep - 1]!)}`, expected: ordered.slice(deep - 26, deep - 1) },
      { label: "status=paid, by due date, deep", search: `status=paid&${BY_DUE}&after=${cursorOf(paid[1_000]!)}`, expected: paid.slice(1_001, 1_026) },
      { label: "status=overdue, first page", search: "status=overdue", expected: overdue.slice(0, 25) },
      { label: "status=paid, first page of the queue (most recent first)", search: "status=paid", expected: queue.filter((s) => s.status === "paid").slice(0, 25) },
      // A due-date range pages by due date (the queue key cannot range on the due day).
      { label: "a month of due dates, first page", search: MONTH, expected: inMonth.slice(0, 25) },
      { label: "a month of due dates, a deep page", search: `${MONTH}&after=${cursorOf(inMonth[99]!)}`, expected: inMonth.slice(100, 125) },
      { label: "a month of due dates, backwards", search: `${MONTH}&before=${cursorOf(inMonth[99]!)}`, expected: inMonth.slice(74, 99) },
      // With a status the queue stays: the month is a range of the queue key within the status group.
      { label: "status=paid in a month of due dates (the queue: most recent first), page 2", search: `status=paid&${MONTH}&after=${queueCursor(paidInMonth[24]!)}`, expected: paidInMonth.slice(25, 50) },
      { label: "status=pending in a month of due dates, page 2", search: `status=pending&${MONTH}&after=${queueCursor(openInMonth[24]!)}`, expected: openInMonth.slice(25, 50) },
      { label: "status=pending in a month of due dates, backwards", search: `status=pending&${MONTH}&before=${queueCursor(openInMonth[60]!)}`, expected: openInMonth.slice(35, 60) },
    ];
  };
  for (let i = 0; i < 13; i++) {
    it(`case ${i + 1}: the list page reads at most 2× the rows it shows (+1 boundary row) beyond an empty agency's page`, async () => {
      const c = cases()[i]!;
      const { result, page, all, statements } = await measurePage(agencyId, c.search);
      // The screen shows the right rows, in order, each named.
      expect(result.rows.map((r) => r.id), c.label).toEqual(c.expected.map((s) => s.id));
      expect(result.rows.every((r) => r.partyName?.startsWith("Cliente ") && r.categoryName)).toBe(true);
      expect(result.page.uncounted).toBe(true);
      expect(result.totals).toBeNull();
      const empty = await measurePage(emptyAgencyId, c.search.replace(/(after|before)=[^&]*/, ""));
      console.log(`[rows_read] ${c.label}: ${all.total} rows read by ${statements} statements for ${result.rows.length} shown (page query ${page.meta.rows_read}); an empty agency's page ${empty.all.total}`, all.each, empty.all.each);
      // The page query: the title and its party per row shown and for the one row looked
      // ahead (is there a next page?), plus a cursor's boundary row; the category comes from the chart.
      const bound = 2 * (result.rows.length + 1) + 1;
      expect(page.meta.rows_read, `${c.label}: rows read by the page query`).toBeLessThanOrEqual(bound);
      // The whole loader: what an empty agency's page costs (the settings the filters list) plus
      // the rows (+2: where an index range of one agency ends on the next agency's first row).
      expect(all.total, `${c.label}: rows read by the page`).toBeLessThanOrEqual(empty.all.total + bound + 2);
    });
  }

  const totalsCases = () => ["", "status=overdue", "status=paid", "status=pending", "dueFrom=2025-03-01&dueTo=2025-03-31", "status=open&dueFrom=2025-06-10&dueTo=2026-02-03"];
  for (const search of totalsCases()) {
    it(`the totals "${search || "no filter"}" read the daily totals, not the titles, and equal the titles' figures`, async () => {
      const { db, calls } = recordingDb();
      const { query, filter } = parseTitleQuery(new URLSearchParams(search));
      const totals = await titleTotals(scope(db), "receivable", filter, query.q);
      expect(totals.from).toBe("aggregate");
      const read = await rowsRead(calls);
      const status = filter.status;
      const matches = seeded.filter(
        (s) =>
          (!filter.dueFrom || s.dueDate >= filter.dueFrom) &&
          (!filter.dueTo || s.dueDate <= filter.dueTo) &&
          (!status || (status === "pending" ? s.status === "open" : status === "overdue" ? s.status === "open" && s.dueDate < TODAY : s.status === status)),
      );
      const open = matches.filter((s) => s.status === "open");
      expect(totals.titles).toBe(matches.length);
      expect(totals.currencies.map((c) => c.currency)).toEqual(matches.length ? ["BRL"] : []);
      if (matches.length) {
        expect(totals.currencies[0]).toMatchObject({
          titles: matches.length,
          openCents: open.reduce((n, s) => n + s.amountCents, 0),
          overdueCents: open.filter((s) => s.dueDate < TODAY).reduce((n, s) => n + s.amountCents, 0),
          paidCents: matches.filter((s) => s.status === "paid").reduce((n, s) => n + s.amountCents, 0),
        });
      }
      expect({ ...(await titleTotalsFromTitles(scope(createDb(env.DB)), "receivable", filter, "")), from: "aggregate" }).toEqual(totals);
      // One aggregate row per status, day and currency in the filter (+ at most 2 boundary rows per status seek).
      const days = new Set(matches.map((s) => `${s.status}:${s.dueDate}`)).size;
      console.log(`[rows_read] totals "${search || "no filter"}" (${matches.length} titles on ${days} status-days): ${read.total} rows read by ${calls.length} statements`);
      expect(calls).toHaveLength(1);
      expect(read.total).toBeLessThanOrEqual(days + 8);
      expect(read.total).toBeLessThan(matches.length || 1);
    });
  }
});

describe(`rows read by the DRE and its drill-down with ${TITLES} titles`, () => {
  const category = async (agency: string) => (await env.DB.prepare("select id from chart_account where agency_id = ? and system_key = 'revenue.packages'").bind(agency).first<{ id: string }>())!.id;

  /** The DRE screen's data (the defaults check and incomeStatement) for an agency, recorded. */
  async function measureDre(agency: string, basis: "competence" | "cash") {
    const { db, calls } = recordingDb();
    const s = { ...scope(db), agencyId: agency };
    await ensureFinanceDefaults(db, agency);
    const dre = await incomeStatement(s, basis, 2025);
    return { dre, read: await rowsRead(calls), statements: calls.length };
  }

  for (const basis of ["competence", "cash"] as const) {
    it(`${basis}: the DRE of a year reads one aggregate row per account, month and currency beyond an empty agency's, not the titles`, async () => {
      const { dre, read, statements } = await measureDre(agencyId, basis);
      const empty = await measureDre(emptyAgencyId, basis);
      const year = seeded.filter((s) => s.dueDate.startsWith("2025-"));
      // The figures: every 2025 title (competence) or every settlement of 2025 (cash) of the one category.
      const expected = (basis === "competence" ? year : year.filter((s) => s.status === "paid")).reduce((n, s) => n + s.amountCents, 0);
      expect(dre.rows).toHaveLength(1);
      expect(dre.rows[0]!.categoryId).toBe(await category(agencyId));
      expect(dre.result.totalCents).toBe(expected);
      for (const m of dre.months) {
        const month = (basis === "competence" ? year : year.filter((s) => s.status === "paid")).filter((s) => s.dueDate.startsWith(m));
        expect(dre.result.months[m]).toBe(month.reduce((n, s) => n + s.amountCents, 0));
      }
      const aggregateRows = await env.DB.prepare("select count(*) n from finance_dre_total where agency_id = ? and basis = ? and month like '2025-%'").bind(agencyId, basis).first<{ n: number }>();
      console.log(`[rows_read] DRE 2025 ${basis}: ${read.total} rows read by ${statements} statements (${aggregateRows!.n} aggregate rows, ${year.length} titles in the year); an empty agency's DRE ${empty.read.total}`, read.each);
      expect(aggregateRows!.n).toBe(12);
      // accounts × months (× currencies) + the index boundary rows of the range.
      expect(read.total).toBeLessThanOrEqual(empty.read.total + aggregateRows!.n + 2);
    });
  }

  it("the competence drill-down of a month pages by (date, id), each page reading about its rows", async () => {
    const cat = await category(agencyId);
    const month = seeded.filter((s) => s.dueDate.startsWith("2025-03")).sort((a, b) => (a.dueDate === b.dueDate ? (a.id < b.id ? -1 : 1) : a.dueDate < b.dueDate ? -1 : 1));
    expect(month.length).toBeGreaterThan(DRILL_PAGE_SIZE);
    const seen: string[] = [];
    let after: { date: string; id: string } | null = null;
    for (let page = 0; page < 100; page++) {
      const { db, calls } = recordingDb();
      const result = await dreDrillDown(scope(db), "competence", cat, "2025-03-01", "2025-03-31", after);
      const read = await rowsRead(calls);
      console.log(`[rows_read] DRE drill-down 2025-03, page ${page + 1}: ${read.total} rows read for ${result.rows.length} shown`);
      // The title per row shown and the look-ahead one (the index entry, then the row; the index
      // (agency, category, competence date, id) is in the page's order), plus a boundary row.
      expect(read.total).toBeLessThanOrEqual(2 * (result.rows.length + 1) + 2);
      seen.push(...result.rows.map((r) => r.id));
      if (!result.next) break;
      after = result.next;
    }
    expect(seen).toEqual(month.map((s) => s.id));
  });

  it("the cash drill-down of a month pages its entries by (date, id) on (agency, dre_category_id, date, id)", async () => {
    const cat = await category(agencyId);
    const paid = seeded.filter((s) => s.status === "paid" && s.dueDate.startsWith("2025-03"));
    let sum = 0;
    let shown = 0;
    let after: { date: string; id: string } | null = null;
    for (let page = 0; page < 100; page++) {
      const { db, calls } = recordingDb();
      const result = await dreDrillDown(scope(db), "cash", cat, "2025-03-01", "2025-03-31", after);
      const read = await rowsRead(calls);
      console.log(`[rows_read] DRE cash drill-down 2025-03, page ${page + 1}: ${read.total} rows read for ${result.rows.length} shown`);
      // Per row shown and the look-ahead one: the index entry, the entry and its title (named); a boundary row.
      expect(read.total).toBeLessThanOrEqual(3 * (result.rows.length + 1) + 2);
      sum += result.rows.reduce((n, r) => n + Number(r.signedCents), 0);
      shown += result.rows.length;
      if (!result.next) break;
      after = result.next;
    }
    expect(shown).toBe(paid.length);
    expect(sum).toBe(paid.reduce((n, s) => n + s.amountCents, 0));
  });

  it("the totals with a category filter read the category's daily totals, not its titles", async () => {
    const cat = await category(agencyId);
    for (const search of [`category=${cat}`, `category=${cat}&status=pending`, `category=${cat}&${MONTH}`]) {
      const { db, calls } = recordingDb();
      const { query, filter } = parseTitleQuery(new URLSearchParams(search));
      const totals = await titleTotals(scope(db), "receivable", filter, query.q);
      expect(totals.from).toBe("aggregate");
      expect({ ...(await titleTotalsFromTitles(scope(createDb(env.DB)), "receivable", filter, "")), from: "aggregate" }).toEqual(totals);
      const read = await rowsRead(calls);
      const matches = seeded.filter((s) => (!filter.dueFrom || s.dueDate >= filter.dueFrom) && (!filter.dueTo || s.dueDate <= filter.dueTo) && (!filter.status || s.status === "open"));
      const days = new Set(matches.map((s) => `${s.status}:${s.dueDate}`)).size;
      console.log(`[rows_read] totals "${search}" (${matches.length} titles on ${days} status-days): ${read.total} rows read`);
      expect(totals.titles).toBe(matches.length);
      expect(read.total).toBeLessThanOrEqual(days + 8);
    }
  });
});
