/**
 * Bench data for the CRM pipeline (issue #18): 5,000 open deals in Sol Viagens spread over
 * the four open stages (Lead, Contato, Proposta, Negociação), four in five the Admin's and
 * one in five the Agente's, half for a seeded client and half for a lead — written straight
 * into the bench's local D1 (after scripts/setup.ts, before the server starts) as multi-row
 * INSERTs run by `wrangler d1 execute`, the way tests/bench/seed-sales.ts does. The stages
 * are named by slug (a subquery, as scripts/seed/seed-crm.ts does); numbers go on after the
 * demo seed's (from 1001) and record_counter follows them; the stage counters (deal_count,
 * value_cents) are kept by the triggers as for any insert. Positions go after the demo's
 * cards, so the board's first cards per column mix both.
 *
 * tests/bench/run.ts seeds it with the other 100k data and measures crmTargets(): the kanban
 * (/crm, bounded: 20 cards a column, the totals from the stage counters — or, for the Agente,
 * one grouped read of their own deals), its .data, and a stage's list.
 *
 *   node tests/bench/seed-crm.ts --dry-run   (prints the statement count and SQL size)
 */
import { mulberry32, type Rng } from "../../app/lib/platform/br-documents.ts";
import { buildSearchText } from "../../app/lib/kit/search-text.ts";
import { POSITION_STEP } from "../../app/lib/kit/board-position.ts";
import { DEMO_AGENCIES, DEMO_USERS } from "../../scripts/seed/seed.ts";
import { seedToday } from "../../scripts/seed/seed-finance.ts";
import { seedId } from "../../scripts/seed/seed-registers.ts";
import { executeSql } from "./d1-sql.ts";
import type { BenchTarget } from "./run.ts";

export const BENCH_DEALS = 5_000;
const ROWS_PER_STATEMENT = 100;
const AGENCY = DEMO_AGENCIES[0];
const CLIENTS = 60;
const FIRST_NUMBER = 1001;
const OPEN_STAGES = ["lead", "contato", "proposta", "negociacao"] as const;
const ADMIN = DEMO_USERS.find((u) => u.email === "admin@sol.example")!.id;
const AGENTE = DEMO_USERS.find((u) => u.email === "agente@sol.example")!.id;
/** Above the demo seed's positions (a few cards per stage at STEP, 2·STEP, …). */
const FIRST_POSITION = 1_000 * POSITION_STEP;

const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
const sql = (v: string | number | null) => (v === null ? "NULL" : typeof v === "number" ? String(v) : `'${v.replaceAll("'", "''")}'`);
const benchId = (n: number) => `0190b000-0180-7002-8000-${n.toString(16).padStart(12, "0")}`;
const DAY = 86_400_000;
const TODAY = seedToday();
const NOON = Date.parse(`${TODAY}T12:00:00Z`);
const day = (offset: number) => new Date(NOON + offset * DAY).toISOString().slice(0, 10);
const instant = (offset: number) => new Date(NOON + offset * DAY).toISOString();
const PLACES = ["Porto Seguro", "Foz do Iguaçu", "Salvador", "Recife", "Gramado", "Lisboa", "Buenos Aires", "Santiago", "Bonito", "Natal"];
const WHAT = ["Férias", "Lua de mel", "Viagem em família", "Feriado", "Congresso"];
const NAMES = ["Ana", "Bruno", "Carla", "Diego", "Elisa", "Fábio", "Gabriela", "Heitor", "Isabela", "João"];
const SOURCES = ["site", "whatsapp", "referral", "instagram", "phone", "walk_in", "other"] as const;

/** The SQL of `count` bench deals (exported for a dry run). */
export function build(count: number) {
  const rng = mulberry32(0x5eed_c12a);
  const stageOf = (slug: string) => `(select id from crm_stage where agency_id = ${sql(AGENCY.id)} and slug = ${sql(slug)})`;
  const rows: string[] = [];
  const perStage = new Map<string, number>();
  for (let n = 1; n <= count; n++) {
    const number = FIRST_NUMBER + n - 1;
    const stage = OPEN_STAGES[(n - 1) % OPEN_STAGES.length]!;
    const k = (perStage.get(stage) ?? 0) + 1;
    perStage.set(stage, k);
    const owner = rng() < 0.8 ? ADMIN : AGENTE;
    const clientNo = rng() < 0.5 ? 1 + Math.floor(rng() * CLIENTS) : null;
    const lead = clientNo === null ? `${pick(rng, NAMES)} Bench ${n}` : null;
    const destination = pick(rng, PLACES);
    const title = `${pick(rng, WHAT)} em ${destination}`;
    const start = 20 + Math.floor(rng() * 200);
    const created = -Math.floor(rng() * 90);
    rows.push(
      `(${[benchId(n), AGENCY.id, number, title, clientNo === null ? null : seedId("client", 0, clientNo), lead, lead ? `(11) 9${String(80_000_000 + n).slice(0, 8)}` : null, lead ? `bench.${n}@example.com` : null]
        .map(sql)
        .join(", ")}, ${stageOf(stage)}, ${[
        FIRST_POSITION + k * POSITION_STEP,
        destination,
        day(start),
        day(start + 4 + (n % 10)),
        1 + (n % 4),
        "BRL",
        100_000 + Math.floor(rng() * 2_000_000),
        day(3 + (n % 60)),
        owner,
        SOURCES[n % SOURCES.length]!,
        null,
        instant(created + 1),
        null,
        buildSearchText(String(number), title, clientNo === null ? null : `cliente ${clientNo}`, lead, destination),
        owner,
        instant(created),
        instant(created + 1),
      ]
        .map(sql)
        .join(", ")})`,
    );
  }
  const columns =
    "id, agency_id, number, title, client_id, lead_name, lead_phone, lead_email, stage_id, position, destination, travel_start, travel_end, passengers, currency, value_cents, expected_close_date, owner_user_id, source, lost_reason, stage_entered_at, closed_at, search_text, created_by, created_at, updated_at";
  const statements: string[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    statements.push(`INSERT INTO deal (${columns}) VALUES\n${rows.slice(i, i + ROWS_PER_STATEMENT).join(",\n")}\nON CONFLICT DO NOTHING;`);
  }
  const last = FIRST_NUMBER + count - 1;
  statements.push(
    `INSERT INTO record_counter (agency_id, kind, last) VALUES (${sql(AGENCY.id)}, 'deal', ${last}) ON CONFLICT (agency_id, kind) DO UPDATE SET last = max(record_counter.last, excluded.last);`,
  );
  return { statements, deals: rows.length };
}

export type SeededCrm = { deals: number; ms: number; sqlBytes: number };

/** Inserts `count` open deals into Sol Viagens in the local D1 under `stateDir`. */
export function seedCrm(root: string, stateDir: string, count = BENCH_DEALS): SeededCrm {
  const start = performance.now();
  const built = build(count);
  const sqlBytes = executeSql(root, stateDir, built.statements, "crm");
  return { deals: built.deals, ms: performance.now() - start, sqlBytes };
}

/** The kanban and a stage's list with 5,000 open deals: the Admin (every deal) and the Agente (their own). */
export function crmTargets(cookie: string, agenteCookie: string): BenchTarget[] {
  const headers = { Cookie: cookie };
  return [
    { name: "CRM kanban (5k open deals)", path: "/crm", headers },
    { name: "CRM kanban (5k open deals) .data", path: "/crm.data", headers },
    { name: "CRM kanban (5k open deals), Agente", path: "/crm", headers: { Cookie: agenteCookie } },
    { name: "CRM stage list (lead, 1.25k)", path: "/crm/lead", headers },
    { name: "CRM stage list (lead), search", path: "/crm/lead?q=lisboa", headers },
  ];
}

if (process.argv[1]?.endsWith("seed-crm.ts") && process.argv.includes("--dry-run")) {
  const built = build(BENCH_DEALS);
  const text = built.statements.join("\n");
  console.log(`${built.deals} deals, ${built.statements.length} statements, ${(Buffer.byteLength(text) / 1024).toFixed(0)} kB SQL`);
}
