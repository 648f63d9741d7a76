/**
 * Bench data for an excursion's operational view (issue #15: "the operational
 * view of a 60-seat excursion"): in the demo agency Sol Viagens, one ground
 * charter with the 60-seat double-decker layout, a fleet bus, a driver and a
 * guide, an open excursion on the charter with three boarding points, and 60
 * passengers (every seat: 54 confirmed, 6 held) with documents, rooms of two or
 * three and a boarding point each — written straight into the bench's local D1
 * (app stopped) by `wrangler d1 execute DB --local --persist-to <state dir>`,
 * as tests/bench/seed-packages.ts does.
 *
 * Deterministic (fixed ids and names). excursionTargets() gives the view's
 * targets (document and .data) with a session cookie of admin@sol.example.
 */
import { DEMO_AGENCIES } from "../../scripts/seed/seed.ts";
import { buildRegisterRows } from "../../scripts/seed/seed-registers.ts";
import type { BenchTarget } from "./run.ts";
import { executeSql, querySql } from "./d1-sql.ts";

export const BENCH_EXCURSION_PASSENGERS = 60;
const AGENCY = DEMO_AGENCIES[0];
const DAY = 86_400_000;
/** UUIDv7-shaped, fixed, apart from the demo seed's ids and the other bench data (0x31–0x38 here). */
const benchId = (table: number, n: number) => `0190b000-${table.toString(16).padStart(4, "0")}-7001-8000-${n.toString(16).padStart(12, "0")}`;
export const BENCH_EXCURSION_ID = benchId(0x32, 1);
const sql = (v: string | number | null) => (v === null ? "NULL" : typeof v === "number" ? String(v) : `'${v.replaceAll("'", "''")}'`);
const row = (values: (string | number | null)[]) => `(${values.map(sql).join(", ")})`;

const FIRST = ["Ana", "Bruno", "Carla", "Diego", "Elisa", "Fábio", "Gabriela", "Heitor", "Isabela", "João", "Karina", "Lucas"];
const LAST = ["Souza", "Oliveira", "Santos", "Pereira", "Lima", "Costa"];

type LayoutModule = { templateLayout: (key: "double_decker") => unknown; capacityOf: (layout: never) => { sellable: number } };

/** seat-layout.ts with `~/…` resolved to app/ under plain Node (as scripts/seed/seed-services.ts loads it). */
async function seatLayouts(): Promise<LayoutModule> {
  const { registerHooks } = await import("node:module");
  const app = new URL("../../app/", import.meta.url);
  registerHooks({
    resolve(specifier, context, next) {
      if (!specifier.startsWith("~/")) return next(specifier, context);
      const target = new URL(specifier.slice(2), app).href;
      return next(/\.[cm]?[jt]sx?$/.test(target) ? target : `${target}.ts`, context);
    },
  });
  return (await import("../../app/lib/services/seat-layout.ts")) as unknown as LayoutModule;
}

/** The seed's SQL statements. */
export async function excursionSeedSql(): Promise<string[]> {
  const { templateLayout, capacityOf } = await seatLayouts();
  const layout = templateLayout("double_decker");
  const seats = capacityOf(layout as never).sellable;
  if (seats !== BENCH_EXCURSION_PASSENGERS) throw new Error(`the double-decker template has ${seats} sellable seats, not ${BENCH_EXCURSION_PASSENGERS}`);
  const registers = buildRegisterRows(DEMO_AGENCIES, { now: new Date("2026-01-05T12:00:00.000Z"), agentUserId: null });
  const company = registers.supplier.find((r) => r.agency_id === AGENCY.id && r.category === "bus_company") ?? registers.supplier.find((r) => r.agency_id === AGENCY.id)!;
  const place = registers.destination.find((r) => r.agency_id === AGENCY.id)!;
  const points = registers.boarding_point.filter((r) => r.agency_id === AGENCY.id).slice(0, 3);
  const createdAt = "2026-01-01T12:00:00.000Z";
  const departure = Date.parse(`${new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10)}T23:00:00.000Z`);
  const back = departure + 4 * DAY;
  const valid = new Date(back + 365 * DAY).toISOString().slice(0, 10);
  const charterId = benchId(0x31, 1);
  const vehicleId = benchId(0x33, 1);
  const driverId = benchId(0x34, 1);
  const guideId = benchId(0x35, 1);
  const iso = (ms: number) => new Date(ms).toISOString();
  const statements = [
    `INSERT INTO ground_charter (id, agency_id, title, supplier_id, vehicle_type, vehicle_plate, seat_layout, capacity, origin, destination_name, destination_id, departure_at, return_at, antt_authorization, antt_valid_until, search_text, created_at, updated_at, version) VALUES ${row([
      charterId, AGENCY.id, "Bench — double-decker 60", String(company.id), "double_decker", "BEN6D00", JSON.stringify(layout), seats, "São Paulo - SP", String(place.name), String(place.id), iso(departure), iso(back), "BENCH-60/2026", valid, "bench double decker 60", createdAt, createdAt, 1,
    ])} ON CONFLICT DO NOTHING;`,
    `INSERT INTO fleet_vehicle (id, agency_id, plate, model, type, seats, insurance_expiry, inspection_expiry, search_text, created_at, updated_at, version) VALUES ${row([vehicleId, AGENCY.id, "BEN6D00", "Marcopolo Paradiso G7 1800 DD", "double_decker", 60, valid, valid, "ben6d00", createdAt, createdAt, 1])} ON CONFLICT DO NOTHING;`,
    `INSERT INTO driver (id, agency_id, name, phone, cnh_number, cnh_category, cnh_expiry, search_text, created_at, updated_at, version) VALUES ${row([driverId, AGENCY.id, "Motorista Bench", "11999990060", "99999990060", "D", valid, "motorista bench", createdAt, createdAt, 1])} ON CONFLICT DO NOTHING;`,
    `INSERT INTO guide (id, agency_id, name, cadastur_number, cadastur_expiry, search_text, created_at, updated_at, version) VALUES ${row([guideId, AGENCY.id, "Guia Bench", "21.000000.10.0060-0", valid, "guia bench", createdAt, createdAt, 1])} ON CONFLICT DO NOTHING;`,
    `INSERT INTO excursion (id, agency_id, title, slug, destination_id, departure_at, return_at, charter_id, capacity, vehicle_id, min_passengers, status, search_text, created_at, updated_at, version) VALUES ${row([
      BENCH_EXCURSION_ID, AGENCY.id, "Bench — excursão 60 lugares", "bench-excursao-60-lugares", String(place.id), iso(departure), iso(back), charterId, seats, vehicleId, 30, "open", "bench excursao 60 lugares", createdAt, createdAt, 1,
    ])} ON CONFLICT DO NOTHING;`,
    `INSERT INTO excursion_component (id, agency_id, excursion_id, kind, driver_id, guide_id, position, created_at, updated_at) VALUES ${[
      row([benchId(0x36, 1), AGENCY.id, BENCH_EXCURSION_ID, "driver", driverId, null, 0, createdAt, createdAt]),
      row([benchId(0x36, 2), AGENCY.id, BENCH_EXCURSION_ID, "guide", null, guideId, 1, createdAt, createdAt]),
    ].join(", ")} ON CONFLICT DO NOTHING;`,
    `INSERT INTO excursion_boarding (id, agency_id, excursion_id, boarding_point_id, departure_at, position, created_at, updated_at) VALUES ${points
      .map((p, i) => row([benchId(0x37, i + 1), AGENCY.id, BENCH_EXCURSION_ID, String(p.id), iso(departure + i * 45 * 60_000), i, createdAt, createdAt]))
      .join(", ")} ON CONFLICT DO NOTHING;`,
  ];
  const passengers: string[] = [];
  for (let n = 1; n <= seats; n++) {
    const name = `${FIRST[n % FIRST.length]} ${LAST[n % LAST.length]} ${n}`;
    const held = n % 10 === 0;
    passengers.push(
      row([
        benchId(0x38, n), AGENCY.id, BENCH_EXCURSION_ID, held ? "held" : "confirmed", null, String(n), name, n % 7 === 0 ? "passport" : "rg", n % 13 === 0 ? null : `${10_000_000 + n * 7919}`,
        "adult", n % 3 === 0 ? "triple" : "double", n % 3 === 0 ? `T${Math.ceil(n / 9)}` : `D${Math.ceil(n / 2)}`, benchId(0x37, (n % Math.max(1, points.length)) + 1), `1198888${String(n).padStart(4, "0")}`, createdAt, createdAt, 1,
      ]),
    );
  }
  statements.push(
    `INSERT INTO excursion_passenger (id, agency_id, excursion_id, status, hold_expires_at, seat, name, document_type, document_number, age_band, room_type, room_label, boarding_id, phone, created_at, updated_at, version) VALUES\n${passengers.join(",\n")}\nON CONFLICT DO NOTHING;`,
  );
  return statements;
}

export type SeededExcursion = { passengers: number; ms: number };

/** Inserts the 60-seat excursion and its passengers into Sol Viagens in the local D1 under `stateDir`. */
export async function seedExcursion(root: string, stateDir: string): Promise<SeededExcursion> {
  const start = performance.now();
  executeSql(root, stateDir, await excursionSeedSql(), "excursion");
  const passengers = Number(querySql<{ n: number }>(root, stateDir, `SELECT count(*) AS n FROM excursion_passenger WHERE agency_id = '${AGENCY.id}' AND excursion_id = '${BENCH_EXCURSION_ID}'`)[0]?.n ?? 0);
  return { passengers, ms: performance.now() - start };
}

/** The operational view of the 60-seat excursion, as a document and as .data, with a session cookie. */
export async function excursionTargets(baseUrl: string, cookie: string): Promise<BenchTarget[]> {
  const headers = { Cookie: cookie };
  const path = `/servicos/excursoes/operacional/${BENCH_EXCURSION_ID}`;
  const res = await fetch(`${baseUrl}${path}`, { headers, redirect: "manual" });
  await res.text();
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
  return [
    { name: "excursion operational view (60 seats, 60 passengers)", path, headers },
    { name: "excursion operational view (60 seats) .data", path: `${path}.data`, headers },
  ];
}
