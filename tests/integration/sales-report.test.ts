/**
 * The daily service report (/vendas/emissivo/relatorios, its CSV and PDF) and
 * the /vendas overview through the real route table, on the real local D1,
 * with sales, excursions and receptive orders written by SQL:
 *  - one day in São Paulo with an excursion departure (boarding point and
 *    confirmed passengers), a hotel check-in and a check-out, a flight and a
 *    receptive order: each appears once in the page data, the CSV and the PDF;
 *  - draft and cancelled sales, a held place, a cancelled order and another
 *    agency's rows never appear; a bad ?data= shows today, never a 500;
 *  - the overview's sums by seller and by kind equal the month's confirmed
 *    sales; an Agente sees only their own.
 */
import { env } from "cloudflare:test";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it } from "vitest";
import { REPORT_CSV_COLUMNS, type DailyReport } from "~/lib/sales/daily-report";
import type { Overview } from "~/lib/sales/overview";
import { todayIn } from "~/lib/platform/time-zone";
import { appRequest, json } from "./harness";
import { createAgency, createUser, seedDemo, signIn, SOL } from "./fixtures";
import { pdfText } from "./pdf-text";

const REPORT = "/vendas/emissivo/relatorios";
const DAY = "2027-03-10";
const MONTH = "2027-03";
const run = (sql: string, ...values: unknown[]) => env.DB.prepare(sql).bind(...values).run();
const now = () => new Date().toISOString();

type World = Awaited<ReturnType<typeof world>>;

async function world(tag: string) {
  const agency = await createAgency(`Agência ${tag}`);
  const agencyId = agency.id;
  await run("update agency set time_zone = 'America/Sao_Paulo' where id = ?", agencyId);
  const admin = await createUser({ role: "Admin", agencyId, name: `Admin ${tag}` });
  const agente = await createUser({ role: "Agente", agencyId, name: `Agente ${tag}` });
  const t = now();
  const id = () => uuidv7();
  const ids = { agentAdmin: id(), agentOwn: id(), client1: id(), client2: id(), client3: id(), hotelKind: id(), airKind: id(), tourKind: id(), supplier: id() };
  await env.DB.batch([
    env.DB.prepare("insert into agent (id, agency_id, name, user_id, created_at, updated_at) values (?, ?, ?, ?, ?, ?)").bind(ids.agentAdmin, agencyId, `Vendedora ${tag}`, admin.id, t, t),
    env.DB.prepare("insert into agent (id, agency_id, name, user_id, created_at, updated_at) values (?, ?, ?, ?, ?, ?)").bind(ids.agentOwn, agencyId, `Agente ${tag}`, agente.id, t, t),
    env.DB.prepare("insert into client (id, agency_id, name, created_at, updated_at) values (?, ?, ?, ?, ?)").bind(ids.client1, agencyId, `Ana ${tag}`, t, t),
    env.DB.prepare("insert into client (id, agency_id, name, created_at, updated_at) values (?, ?, ?, ?, ?)").bind(ids.client2, agencyId, `Bruno ${tag}`, t, t),
    env.DB.prepare("insert into client (id, agency_id, name, created_at, updated_at) values (?, ?, ?, ?, ?)").bind(ids.client3, agencyId, `Carla ${tag}`, t, t),
    env.DB.prepare("insert into product_kind (id, agency_id, kind, created_at, updated_at) values (?, ?, 'hotel', ?, ?)").bind(ids.hotelKind, agencyId, t, t),
    env.DB.prepare("insert into product_kind (id, agency_id, kind, created_at, updated_at) values (?, ?, 'air', ?, ?)").bind(ids.airKind, agencyId, t, t),
    env.DB.prepare("insert into product_kind (id, agency_id, kind, created_at, updated_at) values (?, ?, 'tour', ?, ?)").bind(ids.tourKind, agencyId, t, t),
    env.DB.prepare("insert into supplier (id, agency_id, name, created_at, updated_at) values (?, ?, ?, ?, ?)").bind(ids.supplier, agencyId, `Fornecedor ${tag}`, t, t),
  ]);
  return { agencyId, tag, ids, adminId: admin.id, agenteId: agente.id, admin: await signIn(admin.email), agente: await signIn(agente.email), number: 0 };
}

type SaleOptions = { status?: "draft" | "confirmed" | "cancelled"; kind?: "emissivo" | "excursion"; agentId?: string; owner?: string; date?: string; price?: number; cost?: number; excursionId?: string; deleted?: boolean };

async function saleOf(w: World, o: SaleOptions = {}) {
  const saleId = uuidv7();
  const t = now();
  const price = o.price ?? 100_000;
  const cost = o.cost ?? 70_000;
  w.number += 1;
  await run(
    `insert into sale (id, agency_id, number, kind, status, client_id, agent_id, owner_user_id, excursion_id, sale_date, currency, cost_cents, price_cents, discount_cents, fees_cents, total_cents, margin_cents, deleted_at, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'BRL', ?, ?, 0, 0, ?, ?, ?, ?, ?)`,
    saleId,
    w.agencyId,
    w.number,
    o.kind ?? "emissivo",
    o.status ?? "confirmed",
    w.ids.client1,
    o.agentId ?? w.ids.agentAdmin,
    o.owner ?? w.adminId,
    o.excursionId ?? null,
    o.date ?? `${MONTH}-05`,
    cost,
    price,
    price,
    price - cost,
    o.deleted ? t : null,
    t,
    t,
  );
  return { id: saleId, number: w.number };
}

async function passengerOf(w: World, saleId: string, clientId: string, position: number) {
  const pid = uuidv7();
  await run("insert into sale_passenger (id, agency_id, sale_id, client_id, position, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)", pid, w.agencyId, saleId, clientId, position, now(), now());
  return pid;
}

type ItemOptions = { kindId: string; description: string; start: string; end?: string | null; startTime?: string | null; endTime?: string | null; locator?: string | null; passengers?: string[] };

async function itemOf(w: World, saleId: string, o: ItemOptions) {
  await run(
    `insert into sale_item (id, agency_id, sale_id, product_kind_id, supplier_id, description, start_date, end_date, start_time, end_time, locator, passenger_ids, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    uuidv7(),
    w.agencyId,
    saleId,
    o.kindId,
    w.ids.supplier,
    o.description,
    o.start,
    o.end ?? null,
    o.startTime ?? null,
    o.endTime ?? null,
    o.locator ?? null,
    JSON.stringify(o.passengers ?? []),
    now(),
    now(),
  );
}

/** An open excursion leaving DAY at 21:00 in São Paulo (00:00 UTC the next day), one boarding point, passengers confirmed, held and cancelled. */
async function excursionOf(w: World, title: string, departureAt = "2027-03-11T00:00:00.000Z") {
  const t = now();
  const destinationId = uuidv7();
  await run("insert into destination (id, agency_id, name, search_text, created_at, updated_at) values (?, ?, 'Gramado', 'gramado', ?, ?)", destinationId, w.agencyId, t, t);
  const excursionId = uuidv7();
  await run(
    `insert into excursion (id, agency_id, title, slug, destination_id, departure_at, return_at, capacity, status, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, '2027-03-15T23:00:00.000Z', 46, 'open', ?, ?)`,
    excursionId,
    w.agencyId,
    title,
    `ex-${excursionId.slice(-12)}`,
    destinationId,
    departureAt,
    t,
    t,
  );
  const pointId = uuidv7();
  await run("insert into boarding_point (id, agency_id, name, created_at, updated_at) values (?, ?, ?, ?, ?)", pointId, w.agencyId, `Terminal ${w.tag}`, t, t);
  const boardingId = uuidv7();
  await run("insert into excursion_boarding (id, agency_id, excursion_id, boarding_point_id, departure_at, position, created_at, updated_at) values (?, ?, ?, ?, ?, 0, ?, ?)", boardingId, w.agencyId, excursionId, pointId, departureAt, t, t);
  const sale = await saleOf(w, { kind: "excursion", excursionId, price: 50_000, cost: 30_000 });
  const place = (name: string, seat: string, status: string) =>
    run(
      "insert into excursion_passenger (id, agency_id, excursion_id, sale_id, status, seat, name, boarding_id, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      uuidv7(),
      w.agencyId,
      excursionId,
      sale.id,
      status,
      seat,
      name,
      boardingId,
      t,
      t,
    );
  await place(`Duda ${w.tag}`, "7", "confirmed");
  await place(`Held ${w.tag}`, "8", "held");
  await place(`Gone ${w.tag}`, "9", "cancelled");
  return { excursionId, sale };
}

async function orderOf(w: World, serviceName: string, startsAt: string, status = "scheduled") {
  const t = now();
  const serviceId = uuidv7();
  await run("insert into receptive_service (id, agency_id, name, kind, duration_minutes, created_at, updated_at) values (?, ?, ?, 'transfer_in', 60, ?, ?)", serviceId, w.agencyId, serviceName, t, t);
  const endsAt = new Date(Date.parse(startsAt) + 3_600_000).toISOString();
  await run(
    "insert into receptive_order (id, agency_id, service_id, starts_at, ends_at, passengers, reference, pickup, dropoff, status, created_at, updated_at) values (?, ?, ?, ?, ?, 3, ?, 'Aeroporto GRU', 'Hotel Centro', ?, ?, ?)",
    uuidv7(),
    w.agencyId,
    serviceId,
    startsAt,
    endsAt,
    `Grupo ${w.tag}`,
    status,
    t,
    t,
  );
}

/** The day's fixture: everything that should appear, and what should not. */
async function fillDay(w: World) {
  const hotel = await saleOf(w);
  const ana = await passengerOf(w, hotel.id, w.ids.client1, 0);
  await passengerOf(w, hotel.id, w.ids.client2, 1);
  await itemOf(w, hotel.id, { kindId: w.ids.hotelKind, description: `Hotel Check-in ${w.tag}`, start: DAY, end: "2027-03-13", startTime: "14:00", locator: `LOC${w.tag}`, passengers: [ana] });
  await itemOf(w, hotel.id, { kindId: w.ids.hotelKind, description: `Hotel Check-out ${w.tag}`, start: "2027-03-07", end: DAY, endTime: "12:00" });
  await itemOf(w, hotel.id, { kindId: w.ids.airKind, description: `Voo GRU-SSA ${w.tag}`, start: DAY, startTime: "07:05", locator: `AIR${w.tag}` });
  // Another day: not on DAY.
  await itemOf(w, hotel.id, { kindId: w.ids.tourKind, description: `Passeio outro dia ${w.tag}`, start: "2027-03-11" });
  // A draft, a cancelled and a deleted sale's items never appear.
  for (const o of [{ status: "draft" as const }, { status: "cancelled" as const }, { status: "draft" as const, deleted: true }]) {
    const s = await saleOf(w, o);
    await itemOf(w, s.id, { kindId: w.ids.tourKind, description: `Não aparece ${o.status} ${w.tag}`, start: DAY });
  }
  // The Agente's own confirmed sale with a tour that day.
  const own = await saleOf(w, { agentId: w.ids.agentOwn, owner: w.agenteId, price: 20_000, cost: 5_000 });
  await passengerOf(w, own.id, w.ids.client3, 0);
  await itemOf(w, own.id, { kindId: w.ids.tourKind, description: `Passeio do agente ${w.tag}`, start: DAY, startTime: "09:00" });
  const trip = await excursionOf(w, `Excursão Serra ${w.tag}`);
  await orderOf(w, `Transfer chegada ${w.tag}`, "2027-03-10T13:00:00.000Z");
  await orderOf(w, `Transfer cancelado ${w.tag}`, "2027-03-10T15:00:00.000Z", "cancelled");
  return { hotel, own, trip };
}

const reportOf = async (cookie: string, query = `?data=${DAY}`) => {
  const res = await appRequest(`${REPORT}${query}`, { cookie });
  expect(res.status).toBe(200);
  return json<{ report: DailyReport; today: string }>(res);
};

const titles = (r: DailyReport) => r.sections.flatMap((s) => s.entries.map((e) => `${s.section}:${e.title}`));

let sol: World;
let mar: World;
beforeAll(async () => {
  sol = await world("Sol");
  mar = await world("Mar");
  await fillDay(sol);
  await fillDay(mar);
}, 120_000);

describe("the daily service report", () => {
  it("lists the day's departure, check-in, check-out, flight, services and receptive order once each, by section and time", async () => {
    const { report } = await reportOf(sol.admin);
    expect(report.day).toBe(DAY);
    expect(titles(report)).toEqual([
      "departures:Excursão Serra Sol",
      "checkins:Hotel Check-in Sol",
      "flights:Voo GRU-SSA Sol",
      "services:Passeio do agente Sol",
      "checkouts:Hotel Check-out Sol",
      "receptive:Transfer chegada Sol",
    ]);
    const entry = (section: string) => report.sections.find((s) => s.section === section)!.entries[0]!;
    expect(entry("departures")).toMatchObject({ time: "21:00", passengerCount: 1, stops: [{ time: "21:00", place: "Terminal Sol", passengers: [{ name: "Duda Sol", seat: "7" }] }] });
    expect(entry("checkins")).toMatchObject({ time: "14:00", locator: "LOCSol", supplier: "Fornecedor Sol", passengers: ["Ana Sol"], saleNumber: 1 });
    // An item that names no passengers carries all the sale's.
    expect(entry("flights")).toMatchObject({ time: "07:05", passengers: ["Ana Sol", "Bruno Sol"] });
    expect(entry("receptive")).toMatchObject({ time: "10:00", until: "11:00", passengerCount: 3, pickup: "Aeroporto GRU", reference: "Grupo Sol" });
    expect(JSON.stringify(report)).not.toMatch(/Mar|Não aparece|Held Sol|Gone Sol|cancelado|outro dia/);
  });

  it("gives the same entries in the CSV, a departure per boarding point", async () => {
    const res = await appRequest(`${REPORT}/csv?data=${DAY}`, { cookie: sol.admin });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/csv/);
    const text = (await res.text()).replace(/^\uFEFF/, "");
    const [header, ...lines] = text.trim().split(/\r\n/);
    expect(header).toBe(REPORT_CSV_COLUMNS.join(";"));
    expect(lines).toHaveLength(6);
    for (const title of ["Excursão Serra Sol", "Hotel Check-in Sol", "Hotel Check-out Sol", "Voo GRU-SSA Sol", "Passeio do agente Sol", "Transfer chegada Sol"]) {
      expect(lines.filter((l) => l.includes(title)), title).toHaveLength(1);
    }
    expect(lines.find((l) => l.includes("Excursão Serra Sol"))).toContain("Duda Sol (7)");
    expect(text).not.toMatch(/Mar|Não aparece|Held Sol|cancelado/);
  });

  it("prints the same entries in the PDF, in the user's language", async () => {
    const res = await appRequest(`${REPORT}/pdf?data=${DAY}`, { cookie: `${sol.admin}; lng=es` });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const text = (await pdfText(new Uint8Array(await res.arrayBuffer()))).join("\n");
    expect(text).toContain("Agência Sol");
    expect(text).toContain("SALIDAS DE\nEXCURSIONES (1)");
    expect(text).toContain("Aeroporto GRU -> Hotel Centro");
    for (const title of ["Excursão Serra Sol", "Hotel Check-in Sol", "Hotel Check-out Sol", "Voo GRU-SSA Sol", "Passeio do agente Sol", "Transfer chegada Sol"]) {
      expect(text.split(title).length - 1, title).toBe(1);
    }
    expect(text).toContain("Duda Sol (7)");
    expect(text).not.toMatch(/Mar|Não aparece|Held Sol|cancelado/);
  });

  it("shows an empty day clearly, in the page and the PDF", async () => {
    const { report } = await reportOf(sol.admin, "?data=2027-04-01");
    expect(report).toEqual({ day: "2027-04-01", sections: [], count: 0 });
    const res = await appRequest(`${REPORT}/pdf?data=2027-04-01`, { cookie: sol.admin });
    expect((await pdfText(new Uint8Array(await res.arrayBuffer()))).join("\n")).toContain("Nenhum serviço neste dia.");
  });

  it("answers a bad date with today's report, never an error; an unknown format is 404", async () => {
    for (const bad of ["2027-02-30", "amanhã", "", "2027-3-1", "'; drop table sale; --"]) {
      const { report, today } = await reportOf(sol.admin, `?data=${encodeURIComponent(bad)}`);
      expect(report.day).toBe(today);
      expect(today).toBe(todayIn("America/Sao_Paulo"));
      const csv = await appRequest(`${REPORT}/csv?data=${encodeURIComponent(bad)}`, { cookie: sol.admin });
      expect(csv.status).toBe(200);
    }
    expect((await appRequest(`${REPORT}/xlsx?data=${DAY}`, { cookie: sol.admin })).status).toBe(404);
  });

  it("shows an Agente only their own sales' items (departures and orders stay)", async () => {
    const { report } = await reportOf(sol.agente);
    expect(titles(report)).toEqual(["departures:Excursão Serra Sol", "services:Passeio do agente Sol", "receptive:Transfer chegada Sol"]);
  });

  it("sends the anonymous to the login", async () => {
    const res = await appRequest(`${REPORT}?data=${DAY}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/login/);
  });
});

describe("the /vendas overview", () => {
  const overviewOf = async (cookie: string, query = `?mes=${MONTH}`) => {
    const res = await appRequest(`/vendas${query}`, { cookie });
    expect(res.status).toBe(200);
    return json<{ overview: Overview; thisMonth: string; own: boolean }>(res);
  };

  it("sums the month's confirmed sales by seller and by kind, drafts and cancellations apart", async () => {
    // Outside the month: not counted.
    await saleOf(sol, { date: "2027-04-01", price: 999_900 });
    await saleOf(sol, { date: "2027-02-28", price: 999_900 });
    const { overview, own } = await overviewOf(sol.admin);
    expect(own).toBe(false);
    const confirmed = await env.DB.prepare("select kind, agent_id, count(*) n, sum(total_cents) total, sum(margin_cents) margin from sale where agency_id = ? and status = 'confirmed' and deleted_at is null and sale_date between ? and ? group by kind, agent_id")
      .bind(sol.agencyId, `${MONTH}-01`, `${MONTH}-31`)
      .all<{ kind: string; agent_id: string; n: number; total: number; margin: number }>();
    const sum = (rows: { total: number }[]) => rows.reduce((n, r) => n + r.total, 0);
    expect(overview.totals).toEqual([{ currency: "BRL", count: confirmed.results.reduce((n, r) => n + r.n, 0), totalCents: sum(confirmed.results), marginCents: confirmed.results.reduce((n, r) => n + r.margin, 0) }]);
    // hotel sale 100 000 + excursion sale 50 000 (seller: the admin's agent); the agente's 20 000.
    expect(overview.sellers.map((s) => [s.name, s.count, s.totalCents, s.marginCents])).toEqual([
      ["Vendedora Sol", 2, 150_000, 50_000],
      ["Agente Sol", 1, 20_000, 15_000],
    ]);
    expect(overview.kinds.map((k) => [k.kind, k.count, k.totalCents])).toEqual([
      ["emissivo", 2, 120_000],
      ["excursion", 1, 50_000],
    ]);
    expect(sum(overview.sellers.map((s) => ({ total: s.totalCents })))).toBe(sum(overview.kinds.map((k) => ({ total: k.totalCents }))));
    expect(overview.drafts).toBe(1);
    expect(overview.cancelled).toBe(1);
  });

  it("shows an Agente only their own figures", async () => {
    const { overview, own } = await overviewOf(sol.agente);
    expect(own).toBe(true);
    expect(overview.sellers.map((s) => [s.name, s.count, s.totalCents])).toEqual([["Agente Sol", 1, 20_000]]);
    expect(overview.totals[0]!.totalCents).toBe(20_000);
    expect([overview.drafts, overview.cancelled]).toEqual([0, 0]);
  });

  it("never counts another agency's sales, and a bad month shows this month", async () => {
    const { overview } = await overviewOf(mar.admin);
    expect(overview.sellers.map((s) => s.name)).toEqual(["Vendedora Mar", "Agente Mar"]);
    for (const bad of ["2027-13", "março", "2027-03-01", ""]) {
      const r = await overviewOf(sol.admin, `?mes=${encodeURIComponent(bad)}`);
      expect(r.overview.month).toBe(r.thisMonth);
    }
  });
});

describe("the demo seed's sales (scripts/seed/seed-sales.ts)", () => {
  it("load into the database and show in the overview and today's report", async () => {
    await seedDemo();
    const cookie = await signIn("admin@sol.example");
    const today = new Date().toISOString().slice(0, 10);
    const counter = await env.DB.prepare("select last from record_counter where agency_id = ? and kind = 'sale'").bind(SOL.id).first<{ last: number }>();
    const count = await env.DB.prepare("select count(*) n, max(number) top from sale where agency_id = ?").bind(SOL.id).first<{ n: number; top: number }>();
    expect(counter!.last).toBe(count!.n);
    expect(count!.top).toBe(count!.n);
    const { overview } = await json<{ overview: Overview }>(await appRequest(`/vendas?mes=${today.slice(0, 7)}`, { cookie }));
    expect(overview.totals[0]!.count).toBeGreaterThan(0);
    expect(overview.kinds.map((k) => k.kind)).toEqual(["emissivo", "excursion"]);
    expect(overview.drafts).toBeGreaterThan(0);
    const { report } = await json<{ report: DailyReport }>(await appRequest(`${REPORT}?data=${today}`, { cookie }));
    expect(report.count).toBeGreaterThan(0);
    // The seeded titles are the sale's: receivables sum to the confirmed sales' totals.
    const sums = await env.DB.prepare(
      "select (select sum(total_cents) from sale where agency_id = ?1 and status = 'confirmed') sales, (select sum(amount_cents) from finance_title where agency_id = ?1 and origin_kind = 'sale' and direction = 'receivable' and status <> 'cancelled') titles",
    )
      .bind(SOL.id)
      .first<{ sales: number; titles: number }>();
    expect(sums!.titles).toBe(sums!.sales);
  });
});
