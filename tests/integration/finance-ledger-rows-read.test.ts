/**
 * Rows read by the receivables list's SQL on an agency with 5,000 titles
 * (issue #13: a list page reads at most 2× the rows it shows): the page query of
 * the first page, a deep page, a page backwards and a filtered deep page, run
 * again on D1 for its meta.rows_read — one title and one category lookup per
 * row returned, plus the cursor's boundary row. The capped total and the filtered totals are measured and
 * printed (their cost grows with the filtered set by design: a sum over it).
 */
import { env } from "cloudflare:test";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureFinanceDefaults } from "~/lib/finance/defaults.server";
import { parseTitleQuery } from "~/lib/finance/ledger/title-list";
import { titleListSource, titleSelect, titleTotals } from "~/lib/finance/ledger/titles.server";
import { encodeCursor } from "~/lib/kit/list";
import { runList } from "~/lib/kit/list.server";
import { createDb } from "~/lib/platform/db.server";
import type { Scope } from "~/lib/platform/scope.server";
import { createAgency } from "./fixtures";
import { todayIn } from "~/lib/platform/time-zone";

const TITLES = 5_000;
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
let seeded: Seeded[];

beforeAll(async () => {
  agencyId = (await createAgency("Agência Financeira Grande")).id;
  await ensureFinanceDefaults(createDb(env.DB), agencyId);
  const category = (await env.DB.prepare("select id from chart_account where agency_id = ? and system_key = 'revenue.packages'").bind(agencyId).first<{ id: string }>())!.id;
  const type = (await env.DB.prepare("select id from account_type where agency_id = ? limit 1").bind(agencyId).first<{ id: string }>())!.id;
  const bank = uuidv7();
  const now = new Date().toISOString();
  await env.DB.prepare("insert into bank_account (id, agency_id, name, account_type_id, opening_date, created_at, updated_at) values (?, ?, 'Banco', ?, '2025-01-01', ?, ?)").bind(bank, agencyId, type, now, now).run();
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
      `('${id}', '${agencyId}', 'receivable', 'client', '${uuidv7()}', 'Pacote ${i}', 'doc-${i}', '${category}', '${dueDate}', '${dueDate}', ${amountCents}, 'BRL', ${status === "paid" ? amountCents : 0}, '${status}', 1, 1, '${id}', '${text}', '${now}', '${now}', 1)`,
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
}, 120_000);

const scope = (db: Scope["db"]): Scope => ({ db, ip: null, userId: "test", role: "Admin", agencyId, timeZone: "America/Sao_Paulo", currency: "BRL" }) as Scope;

/** One list page through the kit, recorded: the rows, and the page query's and the total's rows read on D1. */
async function measure(search: string) {
  const { db, calls } = recordingDb();
  const { query, filter } = parseTitleQuery(new URLSearchParams(search));
  const result = await runList(scope(db), titleListSource(scope(db), "receivable", filter), query, titleSelect(scope(db), query.sort));
  const pageCall = calls.find((c) => /from "finance_title"/.test(c.sql) && /order by/.test(c.sql) && / limit \?$/.test(c.sql));
  const countCall = calls.find((c) => /count\(\*\)/.test(c.sql));
  expect(pageCall, "the page query").toBeDefined();
  expect(countCall, "the total").toBeDefined();
  const page = await again(pageCall!);
  const count = await again(countCall!);
  return { result, page, count };
}

const byDue = () => [...seeded].sort((a, b) => (a.dueDate === b.dueDate ? (a.id < b.id ? -1 : 1) : a.dueDate < b.dueDate ? -1 : 1));
const cursorOf = (s: Seeded) => encodeCursor({ v: s.dueDate, id: s.id });

describe(`rows read by the receivables list's SQL with ${TITLES} titles`, () => {
  const cases = () => {
    const ordered = byDue();
    const deep = 4_000;
    return [
      { label: "first page", search: "", expected: ordered.slice(0, 25) },
      { label: "a deep page (after the 4,000th)", search: `after=${cursorOf(ordered[deep - 1]!)}`, expected: ordered.slice(deep, deep + 25) },
      { label: "backwards (before the 4,000th)", search: `before=${cursorOf(ordered[deep - 1]!)}`, expected: ordered.slice(deep - 26, deep - 1) },
      { label: "status=paid, deep", search: `status=paid&after=${cursorOf(ordered.filter((s) => s.status === "paid")[1_000]!)}`, expected: ordered.filter((s) => s.status === "paid").slice(1_001, 1_026) },
    ];
  };
  for (let i = 0; i < 4; i++) {
    it(`case ${i + 1}: the page query reads at most 2× the rows it returns (+1 boundary row)`, async () => {
      const c = cases()[i]!;
      const { result, page, count } = await measure(c.search);
      // The screen shows the right rows, in order.
      expect(result.rows.map((r) => r.id), c.label).toEqual(c.expected.map((s) => s.id));
      expect(page.results.length).toBeGreaterThanOrEqual(25);
      console.log(`[rows_read] ${c.label}: page query ${page.meta.rows_read} rows read for ${page.results.length} returned; total (count, capped) ${count.meta.rows_read} rows read`);
      // Per returned row: the title (keyset seek on an index in the list's order) and its
      // category (primary-key lookup), plus the one title at a cursor's boundary.
      expect(page.meta.rows_read, `${c.label}: rows read by the page query`).toBeLessThanOrEqual(2 * page.results.length + 1);
    });
  }

  it("the filtered totals: measured and printed", async () => {
    const { db, calls } = recordingDb();
    for (const search of ["", "status=overdue", `dueFrom=2025-03-01&dueTo=2025-03-31`]) {
      calls.length = 0;
      const { query, filter } = parseTitleQuery(new URLSearchParams(search));
      const totals = await titleTotals(scope(db), "receivable", filter, query.q);
      const inFilter = seeded.filter((s) => (!filter.dueFrom || s.dueDate >= filter.dueFrom) && (!filter.dueTo || s.dueDate <= filter.dueTo));
      const open = inFilter.filter((s) => s.status === "open");
      // The figures are right...
      expect(totals.overdueCents).toBe(open.filter((s) => s.dueDate < TODAY).reduce((n, s) => n + s.amountCents, 0));
      if (filter.status !== "overdue") expect(totals.openCents).toBe(open.reduce((n, s) => n + s.amountCents, 0));
      // ...and what they cost is printed.
      const reads: string[] = [];
      for (const call of calls) {
        const res = await again(call);
        reads.push(`${/from "finance_entry"/.test(call.sql) ? "paid in period" : "open/overdue"} ${res.meta.rows_read}`);
      }
      const matching = filter.status === "overdue" ? open.filter((s) => s.dueDate < TODAY).length : inFilter.length;
      console.log(`[rows_read] totals "${search || "no filter"}" (${matching} titles match): ${reads.join(", ")}`);
      expect(calls).toHaveLength(2);
    }
  });
});

