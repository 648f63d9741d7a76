/**
 * Bench data for the packages list: 10,000 third-party packages in the demo
 * agency Sol Viagens, each with one destination, two departures and three
 * prices, written straight into the bench's local D1 (app stopped) as a SQL file
 * of multi-row INSERTs run by `wrangler d1 execute DB --local --persist-to <state dir>`,
 * as tests/bench/seed-clients.ts does. The register_count triggers keep the
 * list's total; first/last departure and search_text are written as the app
 * writes them.
 *
 * Deterministic (one seeded PRNG). packageListTargets() gives the list's target
 * with a session cookie of admin@sol.example.
 */
import { mulberry32, type Rng } from "../../app/lib/platform/br-documents.ts";
import { buildSearchText } from "../../app/lib/kit/search-text.ts";
import { slugify } from "../../app/lib/services/slug.ts";
import { DEMO_AGENCIES, DEMO_USERS } from "../../scripts/seed/seed.ts";
import { buildRegisterRows } from "../../scripts/seed/seed-registers.ts";
import type { BenchTarget } from "./run.ts";
import { executeSql, querySql } from "./d1-sql.ts";

export const BENCH_PACKAGES = 10_000;
const ROWS_PER_STATEMENT = 100;
const AGENCY = DEMO_AGENCIES[0];
const DAY = 86_400_000;

const THEMES = ["Natal Luz", "Inverno", "Réveillon", "Carnaval", "Férias de julho", "Lua de mel", "Melhor idade", "Família", "Aventura", "Gastronomia"];
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
const sql = (v: string | number | null) => (v === null ? "NULL" : typeof v === "number" ? String(v) : `'${v.replaceAll("'", "''")}'`);
/** UUIDv7-shaped, fixed, apart from the demo seed's ids and the other bench data (0190b000-0001…). */
const benchId = (table: number, n: number) => `0190b000-${table.toString(16).padStart(4, "0")}-7001-8000-${n.toString(16).padStart(12, "0")}`;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function build(count: number): string[] {
  const registers = buildRegisterRows(DEMO_AGENCIES, { now: new Date("2026-01-05T12:00:00.000Z"), agentUserId: DEMO_USERS[2].id });
  const operator = registers.supplier.find((r) => r.agency_id === AGENCY.id && r.category === "operator")!;
  const places = registers.destination.filter((r) => r.agency_id === AGENCY.id).map((r) => ({ id: String(r.id), name: String(r.name) }));
  const rng = mulberry32(0x5eed_9ac0);
  const createdAt = "2026-01-01T12:00:00.000Z";
  const today = Date.parse(`${day(Date.now())}T12:00:00.000Z`);
  const packages: string[] = [];
  const links: string[] = [];
  const departures: string[] = [];
  const prices: string[] = [];
  for (let n = 1; n <= count; n++) {
    const place = pick(rng, places);
    const title = `${place.name} ${pick(rng, THEMES)} ${n}`;
    const slug = `bench-${slugify(title)}`;
    const id = benchId(0x21, n);
    const first = today + Math.floor(rng() * 300) * DAY;
    const second = first + (7 + Math.floor(rng() * 60)) * DAY;
    const published = rng() < 0.6 ? 1 : 0;
    const searchText = buildSearchText(title, slug, String(operator.trade_name ?? operator.name), [place.name]);
    packages.push(
      `(${[id, AGENCY.id, String(operator.id), title, slug, "[]", "[]", "[]", 150_000, "BRL", published, published ? createdAt : null, day(first), day(second), searchText, createdAt, createdAt, 1].map(sql).join(", ")})`,
    );
    links.push(`(${[AGENCY.id, id, place.id, 0].map(sql).join(", ")})`);
    for (const [k, d] of [first, second].entries()) {
      departures.push(`(${[benchId(0x22, n * 2 + k), AGENCY.id, id, day(d), day(d + 5 * DAY), 20 + Math.floor(rng() * 30), createdAt, createdAt].map(sql).join(", ")})`);
    }
    for (const [k, [room, cents]] of ([["single", 320_000], ["double", 240_000], ["triple", 210_000]] as const).entries()) {
      prices.push(`(${[benchId(0x23, n * 3 + k), AGENCY.id, id, room, "adult", cents + Math.floor(rng() * 50) * 1000, createdAt, createdAt].map(sql).join(", ")})`);
    }
  }
  const inserts = (table: string, columns: string, rows: string[]) => {
    const out: string[] = [];
    for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) out.push(`INSERT INTO ${table} (${columns}) VALUES\n${rows.slice(i, i + ROWS_PER_STATEMENT).join(",\n")}\nON CONFLICT DO NOTHING;`);
    return out;
  };
  return [
    ...inserts(
      "third_party_package",
      "id, agency_id, operator_id, title, slug, itinerary, includes, excludes, cost_cents, currency, published, published_at, first_departure, last_departure, search_text, created_at, updated_at, version",
      packages,
    ),
    ...inserts("third_party_package_destination", "agency_id, package_id, destination_id, position", links),
    ...inserts("third_party_package_departure", "id, agency_id, package_id, departure_date, return_date, seats, created_at, updated_at", departures),
    ...inserts("third_party_package_price", "id, agency_id, package_id, room_type, age_band, price_cents, created_at, updated_at", prices),
  ];
}

export type SeededPackages = { rows: number; liveTotal: number; ms: number; sqlBytes: number };

/** Inserts `count` packages (with destinations, departures, prices) into Sol Viagens in the local D1 under `stateDir`. */
export function seedPackages(root: string, stateDir: string, count = BENCH_PACKAGES): SeededPackages {
  const start = performance.now();
  const sqlBytes = executeSql(root, stateDir, build(count), "packages");
  const liveTotal = Number(querySql<{ live: number }>(root, stateDir, `SELECT live FROM register_count WHERE agency_id = '${AGENCY.id}' AND entity = 'third_party_package'`)[0]?.live ?? 0);
  return { rows: count, liveTotal, ms: performance.now() - start, sqlBytes };
}

/** The packages list's first page (default sort: next departure) with a session cookie. */
export async function packageListTargets(baseUrl: string, cookie: string): Promise<BenchTarget[]> {
  const headers = { Cookie: cookie };
  const list = "/servicos/pacotes-de-terceiros";
  const res = await fetch(`${baseUrl}${list}`, { headers, redirect: "manual" });
  await res.text();
  if (res.status !== 200) throw new Error(`GET ${list} answered ${res.status}`);
  return [{ name: "packages list (10k), first page", path: list, headers }];
}
