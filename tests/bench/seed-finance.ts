/**
 * Bench data for the finance screens: 100,000 receivables in Sol Viagens over
 * the year before the day it runs (and a month ahead), most of those due before
 * today settled (one
 * settlement entry each, into the seeded Itaú account), the rest open — some
 * overdue — written straight into the bench's local D1 (after scripts/setup.ts,
 * before the server starts) as multi-row INSERTs run by `wrangler d1 execute`,
 * the way tests/bench/seed-clients.ts does.
 *
 * Deterministic (one seeded PRNG), consistent (paid_cents, status and version
 * follow the entries), parties and categories from the demo seed.
 *
 * tests/bench/run.ts seeds it after the clients and measures financeTargets():
 * the list (first page, a later page, filters, a search), its totals request
 * (docs/decisions/0010-finance-totals.md) and the DRE of the current year, each
 * also through the query-log wrapper for its rows read.
 */
import { mulberry32, type Rng } from "../../app/lib/platform/br-documents.ts";
import { DEFAULT_CHART } from "../../app/lib/finance/defaults.ts";
import { normalizeSearchText } from "../../app/lib/kit/search-text.ts";
import { DEMO_AGENCIES } from "../../scripts/seed/seed.ts";
import { financeSeedId, seedToday } from "../../scripts/seed/seed-finance.ts";
import { seedId } from "../../scripts/seed/seed-registers.ts";
import { executeSql } from "./d1-sql.ts";
import type { BenchTarget } from "./run.ts";

export const BENCH_TITLES = 100_000;
const ROWS_PER_STATEMENT = 100;
const AGENCY = DEMO_AGENCIES[0];
const CLIENTS = 60;

const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
const sql = (v: string | number | null) => (v === null ? "NULL" : typeof v === "number" ? String(v) : `'${v.replaceAll("'", "''")}'`);
const benchId = (table: number, n: number) => `0190b000-00${table.toString(16).padStart(2, "0")}-7001-8000-${n.toString(16).padStart(12, "0")}`;
const DAY = 86_400_000;
/** The bench's calendar: day 0 is a year before the day it runs. */
const TODAY = seedToday();
const START = Date.parse(`${TODAY}T00:00:00Z`) - 365 * DAY;
const day = (n: number) => new Date(START + n * DAY).toISOString().slice(0, 10);
/** The year whose DRE is measured: the current one. */
export const BENCH_YEAR = Number(TODAY.slice(0, 4));

/** The SQL of `count` bench receivables (exported for a dry run: `node -e` on it needs no server). */
export function build(count: number) {
  const rng = mulberry32(0x5eed_f1a7);
  const categories = ["revenue.packages", "revenue.air", "revenue.hotel", "revenue.insurance"].map((key) => financeSeedId("chart_account", 0, DEFAULT_CHART.findIndex((c) => c.systemKey === key) + 1));
  const account = financeSeedId("bank_account", 0, 1);
  const titles: string[] = [];
  const entries: string[] = [];
  /** Every title's id and due date (the list's order by due date: the cursor of a later page). */
  const order: { id: string; due: string }[] = [];
  const createdAt = `${day(0)}T12:00:00.000Z`;
  const what = ["Pacote", "Passagens", "Hospedagem", "Seguro"];
  for (let n = 1; n <= count; n++) {
    const id = benchId(0x14, n);
    const competence = Math.floor(rng() * 360);
    const due = competence + Math.floor(rng() * 30);
    const amount = 100_00 + Math.floor(rng() * 9_900_00);
    const paid = day(due) < TODAY && rng() < 0.9;
    const description = `${pick(rng, what)} bench ${n}`;
    const client = seedId("client", 0, 1 + Math.floor(rng() * CLIENTS));
    order.push({ id, due: day(due) });
    titles.push(
      `(${[id, AGENCY.id, "receivable", "client", client, description, `B-${n}`, pick(rng, categories), day(competence), day(due), amount, "BRL", paid ? amount : 0, paid ? "paid" : "open", 1, 1, id, normalizeSearchText(`${description} B-${n}`), createdAt, createdAt, paid ? 2 : 1].map(sql).join(", ")})`,
    );
    if (paid) {
      entries.push(`(${[benchId(0x15, n), AGENCY.id, account, "settlement", day(due), id, amount, amount, "BRL", "seed", createdAt].map(sql).join(", ")})`);
    }
  }
  const statements: string[] = [];
  const titleColumns = "id, agency_id, direction, party_kind, party_id, description, document_number, category_id, competence_date, due_date, amount_cents, currency, paid_cents, status, installment_no, installment_count, group_id, search_text, created_at, updated_at, version";
  for (let i = 0; i < titles.length; i += ROWS_PER_STATEMENT) {
    statements.push(`INSERT INTO finance_title (${titleColumns}) VALUES\n${titles.slice(i, i + ROWS_PER_STATEMENT).join(",\n")}\nON CONFLICT DO NOTHING;`);
  }
  const entryColumns = "id, agency_id, bank_account_id, kind, date, title_id, principal_cents, net_cents, currency, origin, created_at";
  for (let i = 0; i < entries.length; i += ROWS_PER_STATEMENT) {
    statements.push(`INSERT INTO finance_entry (${entryColumns}) VALUES\n${entries.slice(i, i + ROWS_PER_STATEMENT).join(",\n")}\nON CONFLICT DO NOTHING;`);
  }
  order.sort((x, y) => (x.due === y.due ? (x.id < y.id ? -1 : 1) : x.due < y.due ? -1 : 1));
  return { statements, titles: titles.length, entries: entries.length, order };
}

export type SeededFinance = { titles: number; entries: number; ms: number; sqlBytes: number };

/** Inserts `count` receivables (and their settlements) into Sol Viagens in the local D1 under `stateDir`. */
export function seedFinance(root: string, stateDir: string, count = BENCH_TITLES): SeededFinance {
  const start = performance.now();
  const built = build(count);
  const sqlBytes = executeSql(root, stateDir, built.statements, "finance");
  return { titles: built.titles, entries: built.entries, ms: performance.now() - start, sqlBytes };
}

/**
 * The receivables list (first page, a later page, the overdue filter, a month of
 * due dates and its page 2, a search), the totals request of those filters (and of
 * a category), the DRE of the year on both bases (from finance_dre_total) and the
 * drill-down of one of its cells, signed in.
 */
export async function financeTargets(baseUrl: string, cookie: string): Promise<BenchTarget[]> {
  const headers = { Cookie: cookie };
  const list = "/financeiro/contas-a-receber";
  const res = await fetch(`${baseUrl}${list}`, { headers, redirect: "manual" });
  const html = await res.text();
  if (res.status !== 200) throw new Error(`GET ${list} answered ${res.status}`);
  const next = /href="(\/financeiro\/contas-a-receber\?after=[A-Za-z0-9_-]+)"/.exec(html)?.[1];
  if (!next) throw new Error("no next link on the first page of receivables");
  // A later page: the one after the 50,000th title by due date.
  const byDue = build(BENCH_TITLES).order;
  const deep = byDue[50_000 - 1]!;
  const later = `${list}?sort=dueDate&dir=asc&after=${Buffer.from(JSON.stringify([deep.due, deep.id])).toString("base64url")}`;
  const month = day(200).slice(0, 7);
  const period = `dueFrom=${month}-01&dueTo=${month}-28`;
  // Page 2 of that month (the whole queue within a due-date range pages by due date).
  const inMonth = byDue.filter((t) => t.due >= `${month}-01` && t.due <= `${month}-28`);
  const monthPage2 = `${list}?${period}&after=${Buffer.from(JSON.stringify([inMonth[24]!.due, inMonth[24]!.id])).toString("base64url")}`;
  const category = financeSeedId("chart_account", 0, DEFAULT_CHART.findIndex((c) => c.systemKey === "revenue.air") + 1);
  // The DRE drill-down of one cell (a category in a month: ~2,000 titles), its first page.
  const drillMonth = day(300).slice(0, 7);
  const drill = `/financeiro/relatorios/dre?year=${drillMonth.slice(0, 4)}&basis=competence&category=${category}&month=${drillMonth}`;
  return [
    { name: "receivables (100k), first page", path: list, headers },
    { name: "receivables (100k), page 2", path: next.replaceAll("&amp;", "&"), headers },
    { name: "receivables (100k), page after the 50,000th by due date", path: later, headers },
    { name: "receivables (100k), status=overdue", path: `${list}?status=overdue`, headers },
    { name: "receivables (100k), a month of due dates", path: `${list}?${period}`, headers },
    { name: "receivables (100k), a month of due dates, page 2", path: monthPage2, headers },
    { name: "receivables (100k), search", path: `${list}?q=pacote`, headers },
    { name: "receivables (100k) totals, no filter", path: `${list}/totais`, headers },
    { name: "receivables (100k) totals, status=overdue", path: `${list}/totais?status=overdue`, headers },
    { name: "receivables (100k) totals, a month of due dates", path: `${list}/totais?${period}`, headers },
    { name: "receivables (100k) totals, a category", path: `${list}/totais?category=${category}`, headers },
    { name: `DRE ${BENCH_YEAR} competence (100k titles)`, path: `/financeiro/relatorios/dre?year=${BENCH_YEAR}&basis=competence`, headers },
    { name: `DRE ${BENCH_YEAR} cash (100k titles)`, path: `/financeiro/relatorios/dre?year=${BENCH_YEAR}&basis=cash`, headers },
    { name: "DRE drill-down of one cell (competence, a category in a month), first page", path: drill, headers },
  ];
}
