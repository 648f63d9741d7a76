/**
 * Bench data for the sales screens (issue #16): 100,000 sales in Sol Viagens —
 * emissivo and excursion (on a seeded excursion), each with a seeded client and
 * seller (agent), mostly confirmed, some drafts and cancellations — over the two
 * years before the day it runs, written straight into the bench's local D1
 * (after scripts/setup.ts, before the server starts) as multi-row INSERTs run by
 * `wrangler d1 execute`, the way tests/bench/seed-finance.ts does. Numbers go on
 * after the demo seed's (from 1001) and record_counter follows them.
 *
 * tests/bench/run.ts seeds it with the other 100k data and measures
 * salesTargets(): the emissivo and excursion sales lists (first page, filters, a
 * search) and the /vendas overview (this month, a past month) and its .data.
 */
import { mulberry32, type Rng } from "../../app/lib/platform/br-documents.ts";
import { buildSearchText } from "../../app/lib/kit/search-text.ts";
import { DEMO_AGENCIES, DEMO_USERS } from "../../scripts/seed/seed.ts";
import { excursionSeedId } from "../../scripts/seed/seed-excursions.ts";
import { seedToday } from "../../scripts/seed/seed-finance.ts";
import { seedId } from "../../scripts/seed/seed-registers.ts";
import { executeSql } from "./d1-sql.ts";
import type { BenchTarget } from "./run.ts";

export const BENCH_SALES = 100_000;
const ROWS_PER_STATEMENT = 100;
const AGENCY = DEMO_AGENCIES[0];
/** The demo seed's clients and agents of Sol Viagens used (seed-registers: 60+ clients, 4 agents). */
const CLIENTS = 60;
const AGENTS = 4;
const FIRST_NUMBER = 1001;
const ADMIN = DEMO_USERS.find((u) => u.email === "admin@sol.example")!.id;
const AGENTE = DEMO_USERS.find((u) => u.email === "agente@sol.example")!.id;

const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
const sql = (v: string | number | null) => (v === null ? "NULL" : typeof v === "number" ? String(v) : `'${v.replaceAll("'", "''")}'`);
const benchId = (n: number) => `0190b000-0180-7001-8000-${n.toString(16).padStart(12, "0")}`;
const DAY = 86_400_000;
const TODAY = seedToday();
const START = Date.parse(`${TODAY}T00:00:00Z`) - 730 * DAY;
const day = (n: number) => new Date(START + n * DAY).toISOString().slice(0, 10);
const PLACES = ["Porto Seguro", "Foz do Iguaçu", "Salvador", "Recife", "Gramado", "Lisboa", "Buenos Aires", "Santiago", "Bonito", "Natal"];
const WHAT = ["Hospedagem", "Aéreo", "Pacote", "Seguro", "Traslado"];

/** The SQL of `count` bench sales (exported for a dry run). */
export function build(count: number) {
  const rng = mulberry32(0x5eed_5a1e);
  const excursion = excursionSeedId("excursion", 0, 1);
  const rows: string[] = [];
  const createdAt = `${day(0)}T12:00:00.000Z`;
  for (let n = 1; n <= count; n++) {
    const number = FIRST_NUMBER + n - 1;
    const kind = rng() < 0.7 ? "emissivo" : "excursion";
    const r = rng();
    const status = r < 0.85 ? "confirmed" : r < 0.95 ? "draft" : "cancelled";
    const agentNo = 1 + Math.floor(rng() * AGENTS);
    const clientNo = 1 + Math.floor(rng() * CLIENTS);
    const price = 200_00 + Math.floor(rng() * 9_800_00);
    const cost = kind === "excursion" ? 0 : Math.round(price * (0.7 + rng() * 0.18));
    const fees = kind === "emissivo" && rng() < 0.4 ? 50_00 : 0;
    const saleDay = day(Math.floor(rng() * 731));
    const at = `${saleDay}T13:00:00.000Z`;
    const what = kind === "excursion" ? "Excursão bench" : `${pick(rng, WHAT)} ${pick(rng, PLACES)}`;
    rows.push(
      `(${[
        benchId(n),
        AGENCY.id,
        number,
        kind,
        status,
        seedId("client", 0, clientNo),
        seedId("agent", 0, agentNo),
        // Agent 1 is the Agente's own record (seed-registers); the others are the Admin's sales.
        agentNo === 1 ? AGENTE : ADMIN,
        kind === "excursion" ? excursion : null,
        saleDay,
        "BRL",
        cost,
        price,
        0,
        fees,
        price + fees,
        price - cost,
        "pix",
        1 + Math.floor(rng() * 3),
        status === "draft" ? null : at,
        status === "cancelled" ? at : null,
        buildSearchText(String(number), `cliente ${clientNo}`, what),
        ADMIN,
        createdAt,
        createdAt,
        status === "draft" ? 1 : 2,
      ]
        .map(sql)
        .join(", ")})`,
    );
  }
  const columns =
    "id, agency_id, number, kind, status, client_id, agent_id, owner_user_id, excursion_id, sale_date, currency, cost_cents, price_cents, discount_cents, fees_cents, total_cents, margin_cents, payment_method, passenger_count, confirmed_at, cancelled_at, search_text, created_by, created_at, updated_at, version";
  const statements: string[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    statements.push(`INSERT INTO sale (${columns}) VALUES\n${rows.slice(i, i + ROWS_PER_STATEMENT).join(",\n")}\nON CONFLICT DO NOTHING;`);
  }
  const last = FIRST_NUMBER + count - 1;
  statements.push(
    `INSERT INTO record_counter (agency_id, kind, last) VALUES (${sql(AGENCY.id)}, 'sale', ${last}) ON CONFLICT (agency_id, kind) DO UPDATE SET last = max(record_counter.last, excluded.last);`,
  );
  return { statements, sales: rows.length };
}

export type SeededSales = { sales: number; ms: number; sqlBytes: number };

/** Inserts `count` sales into Sol Viagens in the local D1 under `stateDir`. */
export function seedSales(root: string, stateDir: string, count = BENCH_SALES): SeededSales {
  const start = performance.now();
  const built = build(count);
  const sqlBytes = executeSql(root, stateDir, built.statements, "sales");
  return { sales: built.sales, ms: performance.now() - start, sqlBytes };
}

/** The sales lists and the overview with 100k sales, signed in (an Admin sees every sale). */
export function salesTargets(cookie: string): BenchTarget[] {
  const headers = { Cookie: cookie };
  const month = TODAY.slice(0, 7);
  const past = day(200).slice(0, 7);
  const seller = seedId("agent", 0, 2);
  return [
    { name: "emissivo sales (100k), first page", path: "/vendas/emissivo", headers },
    { name: "emissivo sales (100k), status=confirmed", path: "/vendas/emissivo?situacao=confirmed", headers },
    { name: "emissivo sales (100k), a seller in a month", path: `/vendas/emissivo?situacao=confirmed&vendedor=${seller}&de=${past}-01&ate=${past}-28`, headers },
    { name: "emissivo sales (100k), search", path: "/vendas/emissivo?q=lisboa", headers },
    { name: "excursion sales (100k), first page", path: "/vendas/excursoes", headers },
    { name: "sales overview (100k), this month", path: `/vendas?mes=${month}`, headers },
    { name: "sales overview (100k), a past month", path: `/vendas?mes=${past}`, headers },
    { name: "sales overview (100k) .data", path: `/vendas.data?mes=${month}`, headers },
    { name: "daily service report (100k sales)", path: "/vendas/emissivo/relatorios", headers },
  ];
}
