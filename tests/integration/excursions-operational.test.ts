/**
 * An excursion's operational view (/servicos/excursoes/operacional/:id) and
 * manifest (/servicos/excursoes/manifesto/:id/csv|pdf) through the real route
 * table, on the real local D1, with excursions and passengers written by SQL
 * (sales, #16, will write them):
 *  - no passengers: the empty state; with passengers: seat occupancy (confirmed
 *    sold, holds until they lapse, cancelled free), rooming, boarding points in
 *    order of time;
 *  - the checklist from the data, dates around the expiry day in the agency's
 *    zone (valid through the expiry day; the trip's last day in São Paulo is a
 *    day before UTC's for a late-evening return);
 *  - the manifest's CSV columns and its PDF read back;
 *  - the final lock: refused while an item fails (nothing written), allowed
 *    to Admin and Operacional when all pass, refused to Agente; reopen is
 *    Admin-only; both audited;
 *  - the charter's availability counts held / confirmed / cancelled / lapsed;
 *  - tenant isolation and a property test of the intents.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it } from "vitest";
import { MANIFEST_COLUMNS } from "~/lib/excursions/manifest";
import type { ChecklistItem } from "~/lib/excursions/checklist";
import { templateLayout } from "~/lib/services/seat-layout";
import operationalEn from "~/locales/services/operational/en";
import { appRequest, json } from "./harness";
import { createAgency, createUser, signIn } from "./fixtures";
import { FUZZ_RUNS } from "./fuzz";
import { pdfText } from "./pdf-text";

const VIEW = "/servicos/excursoes/operacional";
const MANIFEST = "/servicos/excursoes/manifesto";
const now = () => new Date().toISOString();

// The trip: leaves 10 July 2027 at 20:00 in São Paulo (23:00 UTC), returns 17 July at 22:30 (18 July 01:30 UTC).
const DEPARTURE = "2027-07-10T23:00:00.000Z";
const RETURN = "2027-07-18T01:30:00.000Z";
const LAST_DAY_SP = "2027-07-17";
const FUTURE = "2099-01-01T00:00:00.000Z";
const PAST = "2020-01-01T00:00:00.000Z";

type World = {
  agencyId: string;
  admin: string;
  adminId: string;
  operacional: string;
  operacionalId: string;
  agente: string;
  supplierId: string;
  destinationId: string;
  charterId: string;
  vehicleId: string;
  boardings: { tiete: string; campinas: string; jundiai: string };
};

const run = (sql: string, ...values: unknown[]) => env.DB.prepare(sql).bind(...values).run();

async function world(name: string, timeZone = "America/Sao_Paulo", expiry = LAST_DAY_SP): Promise<World> {
  const agency = await createAgency(name);
  await run("update agency set time_zone = ? where id = ?", timeZone, agency.id);
  const admin = await createUser({ role: "Admin", agencyId: agency.id, name: `Admin ${name}` });
  const operacional = await createUser({ role: "Operacional", agencyId: agency.id, name: `Operações ${name}` });
  const agente = await createUser({ role: "Agente", agencyId: agency.id, name: `Agente ${name}` });
  const t = now();
  const supplierId = uuidv7();
  await run(
    "insert into supplier (id, agency_id, kind, name, trade_name, document, category, search_text, created_at, updated_at) values (?, ?, 'company', ?, ?, '11222333000181', 'bus_company', '', ?, ?)",
    supplierId,
    agency.id,
    `Viação Serra Gaúcha ${name} Ltda`,
    `Viação Serra ${name}`,
    t,
    t,
  );
  const destinationId = uuidv7();
  await run("insert into destination (id, agency_id, name, state, search_text, created_at, updated_at) values (?, ?, 'Gramado', 'RS', 'gramado', ?, ?)", destinationId, agency.id, t, t);
  const charterId = uuidv7();
  await run(
    `insert into ground_charter (id, agency_id, title, supplier_id, vehicle_type, vehicle_plate, seat_layout, capacity, origin, destination_name, departure_at, return_at, antt_authorization, antt_valid_until, created_at, updated_at)
     values (?, ?, 'Gramado julho — ônibus 1', ?, 'executivo', 'ABC1D23', ?, 46, 'São Paulo - SP', 'Gramado - RS', ?, ?, '123456/2027', ?, ?, ?)`,
    charterId,
    agency.id,
    supplierId,
    JSON.stringify(templateLayout("executivo")),
    DEPARTURE,
    RETURN,
    expiry,
    t,
    t,
  );
  const vehicleId = uuidv7();
  await run(
    "insert into fleet_vehicle (id, agency_id, plate, model, type, seats, insurance_expiry, inspection_expiry, created_at, updated_at) values (?, ?, 'BUS1A23', 'Marcopolo Paradiso 1200', 'bus', 46, ?, ?, ?, ?)",
    vehicleId,
    agency.id,
    expiry,
    expiry,
    t,
    t,
  );
  const point = async (label: string) => {
    const id = uuidv7();
    await run("insert into boarding_point (id, agency_id, name, address, city, state, created_at, updated_at) values (?, ?, ?, 'Av. Brasil, 100', 'São Paulo', 'SP', ?, ?)", id, agency.id, label, t, t);
    return id;
  };
  return {
    agencyId: agency.id,
    admin: await signIn(admin.email),
    adminId: admin.id,
    operacional: await signIn(operacional.email),
    operacionalId: operacional.id,
    agente: await signIn(agente.email),
    supplierId,
    destinationId,
    charterId,
    vehicleId,
    boardings: { tiete: await point("Terminal Tietê"), campinas: await point("Campinas - Rodoviária"), jundiai: await point("Jundiaí - Posto Castelo") },
  };
}

async function driverOf(w: World, name: string, category: string, expiry: string) {
  const id = uuidv7();
  const cnh = String(Math.floor(Math.random() * 9e10) + 1e10);
  await run(
    "insert into driver (id, agency_id, name, phone, cnh_number, cnh_category, cnh_expiry, created_at, updated_at) values (?, ?, ?, '11988887777', ?, ?, ?, ?, ?)",
    id,
    w.agencyId,
    name,
    cnh,
    category,
    expiry,
    now(),
    now(),
  );
  return id;
}

async function guideOf(w: World, name: string, expiry: string | null) {
  const id = uuidv7();
  await run("insert into guide (id, agency_id, name, cadastur_number, cadastur_expiry, created_at, updated_at) values (?, ?, ?, '21.123456.10.0001-5', ?, ?, ?)", id, w.agencyId, name, expiry, now(), now());
  return id;
}

type TripOptions = { charter?: boolean; vehicle?: boolean; minPassengers?: number; capacity?: number; status?: string; drivers?: string[]; guides?: string[] };

/** An excursion of the world: its boarding points (Campinas listed first but later in time) and crew. */
async function excursionOf(w: World, title: string, o: TripOptions = {}) {
  const id = uuidv7();
  const t = now();
  await run(
    `insert into excursion (id, agency_id, title, slug, destination_id, departure_at, return_at, charter_id, capacity, vehicle_id, min_passengers, status, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    id,
    w.agencyId,
    title,
    `ex-${id.slice(-12)}`,
    w.destinationId,
    DEPARTURE,
    RETURN,
    o.charter === false ? null : w.charterId,
    o.capacity ?? 46,
    o.vehicle === false ? null : w.vehicleId,
    o.minPassengers ?? 1,
    o.status ?? "open",
    t,
    t,
  );
  const boarding = async (pointId: string, at: string, position: number) => {
    const bid = uuidv7();
    await run("insert into excursion_boarding (id, agency_id, excursion_id, boarding_point_id, departure_at, position, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)", bid, w.agencyId, id, pointId, at, position, t, t);
    return bid;
  };
  const campinas = await boarding(w.boardings.campinas, "2027-07-11T00:30:00.000Z", 0);
  const tiete = await boarding(w.boardings.tiete, "2027-07-10T23:00:00.000Z", 1);
  const jundiai = await boarding(w.boardings.jundiai, "2027-07-11T00:00:00.000Z", 2);
  let position = 0;
  for (const driverId of o.drivers ?? []) {
    await run("insert into excursion_component (id, agency_id, excursion_id, kind, driver_id, position, created_at, updated_at) values (?, ?, ?, 'driver', ?, ?, ?, ?)", uuidv7(), w.agencyId, id, driverId, position++, t, t);
  }
  for (const guideId of o.guides ?? []) {
    await run("insert into excursion_component (id, agency_id, excursion_id, kind, guide_id, position, created_at, updated_at) values (?, ?, ?, 'guide', ?, ?, ?, ?)", uuidv7(), w.agencyId, id, guideId, position++, t, t);
  }
  return { id, boardings: { campinas, tiete, jundiai } };
}

type Pax = {
  name: string;
  status?: "held" | "confirmed" | "cancelled";
  holdExpiresAt?: string | null;
  seat?: string | null;
  documentType?: string | null;
  documentNumber?: string | null;
  roomType?: string | null;
  roomLabel?: string | null;
  boardingId?: string | null;
  phone?: string | null;
};

async function passengerOf(w: World, excursionId: string, p: Pax) {
  const id = uuidv7();
  await run(
    `insert into excursion_passenger (id, agency_id, excursion_id, status, hold_expires_at, seat, name, document_type, document_number, room_type, room_label, boarding_id, phone, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    id,
    w.agencyId,
    excursionId,
    p.status ?? "confirmed",
    p.holdExpiresAt ?? null,
    p.seat ?? null,
    p.name,
    p.documentType === undefined ? "rg" : p.documentType,
    p.documentNumber === undefined ? "12.345.678-9" : p.documentNumber,
    p.roomType ?? null,
    p.roomLabel ?? null,
    p.boardingId ?? null,
    p.phone ?? null,
    now(),
    now(),
  );
  return id;
}

type View = {
  excursion: { id: string; title: string; version: number; manifestFinalAt: string | null; manifestFinalByName: string | null };
  days: { first: string; last: string };
  passengers: { name: string; seat: string | null; status: string }[];
  boardings: { id: string; name: string; departureAt: string }[];
  seatStates: Record<string, string>;
  checklist: { items: ChecklistItem[]; ready: boolean };
  canFinalize: boolean;
  canReopen: boolean;
};

const view = async (cookie: string, id: string) => {
  const res = await appRequest(`${VIEW}/${id}`, { cookie });
  expect(res.status).toBe(200);
  return json<View>(res);
};
const post = (cookie: string, id: string, form: Record<string, string | string[]>) => appRequest(`${VIEW}/${id}`, { cookie, form });
const excursionRow = (id: string) =>
  env.DB.prepare("select manifest_final_at, manifest_final_by, version, updated_at from excursion where id = ?").bind(id).first<{ manifest_final_at: string | null; manifest_final_by: string | null; version: number; updated_at: string }>();
const auditRows = async (id: string) =>
  (await env.DB.prepare("select user_id, action, changes from audit_entry where entity = 'excursion' and entity_id = ? order by created_at, id").bind(id).all<{ user_id: string; action: string; changes: string }>()).results;
const item = (v: View, key: string, subject?: string) => v.checklist.items.find((i) => i.key === key && (subject === undefined || i.subject === subject));

let sp: World;
let utc: World;
let other: World;
let goodDriver: string;
let goodGuide: string;

beforeAll(async () => {
  sp = await world("Sol Operações");
  utc = await world("UTC Turismo", "UTC");
  other = await world("Outra Agência");
  goodDriver = await driverOf(sp, "João Motorista", "D", LAST_DAY_SP);
  goodGuide = await guideOf(sp, "Gabi Guia", LAST_DAY_SP);
});

describe("the view", () => {
  it("no passengers: the empty state, every boarding point in order of time, the minimum not reached", async () => {
    const trip = await excursionOf(sp, "Gramado sem vendas", { drivers: [goodDriver] });
    const v = await view(sp.admin, trip.id);
    expect(v.excursion.title).toBe("Gramado sem vendas");
    expect(v.passengers).toEqual([]);
    expect(v.seatStates).toEqual({});
    // The empty state's words (en): what the brief asks the screen to say.
    expect(`${operationalEn.operational.empty.title} — ${operationalEn.operational.empty.body}`).toBe("No passengers yet — They appear here when sales are made.");
    expect(v.boardings.map((b) => b.name)).toEqual(["Terminal Tietê", "Jundiaí - Posto Castelo", "Campinas - Rodoviária"]);
    expect(item(v, "minimum")).toMatchObject({ ok: false, subject: "0/1" });
    expect(v.checklist.ready).toBe(false);
  });

  it("with passengers: occupancy (confirmed sold, holds until they lapse, cancelled free), seat order, rooming and boarding data", async () => {
    const trip = await excursionOf(sp, "Gramado com vendas", { drivers: [goodDriver] });
    const b = trip.boardings;
    await passengerOf(sp, trip.id, { name: "Carla Dias", seat: "12", roomLabel: "Q2", roomType: "double", boardingId: b.campinas, phone: "11977776666" });
    await passengerOf(sp, trip.id, { name: "Bruno Alves", seat: "3", roomLabel: "Q2", roomType: "double", boardingId: b.tiete });
    await passengerOf(sp, trip.id, { name: "Ana Costa", seat: "4", status: "held", holdExpiresAt: FUTURE, boardingId: b.tiete });
    await passengerOf(sp, trip.id, { name: "Hold sem prazo", seat: "5", status: "held", holdExpiresAt: null, boardingId: b.jundiai });
    await passengerOf(sp, trip.id, { name: "Hold vencido", seat: "6", status: "held", holdExpiresAt: PAST });
    await passengerOf(sp, trip.id, { name: "Cancelado", seat: "7", status: "cancelled" });
    const v = await view(sp.admin, trip.id);
    expect(v.passengers.map((p) => [p.seat, p.name, p.status])).toEqual([
      ["3", "Bruno Alves", "confirmed"],
      ["4", "Ana Costa", "held"],
      ["5", "Hold sem prazo", "held"],
      ["12", "Carla Dias", "confirmed"],
    ]);
    expect(v.seatStates).toEqual({ 3: "sold", 4: "held", 5: "held", 12: "sold" });
    // Two confirmed reach a minimum of 1.
    expect(item(v, "minimum")).toMatchObject({ ok: true, subject: "2/1" });
  });

  it("an unknown id, another agency's excursion and an archived one are 404; signed out goes to login", async () => {
    const trip = await excursionOf(sp, "Gramado privado");
    expect((await appRequest(`${VIEW}/${trip.id}`, { cookie: other.admin })).status).toBe(404);
    expect((await appRequest(`${VIEW}/${uuidv7()}`, { cookie: sp.admin })).status).toBe(404);
    const archived = await excursionOf(sp, "Gramado arquivada");
    await run("update excursion set archived_at = ? where id = ?", now(), archived.id);
    expect((await appRequest(`${VIEW}/${archived.id}`, { cookie: sp.admin })).status).toBe(404);
    const anonymous = await appRequest(`${VIEW}/${trip.id}`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login/);
  });
});

describe("the checklist", () => {
  it("documents valid through the expiry day (the trip's last day in São Paulo) pass; a day earlier fails", async () => {
    const lateDriver = await driverOf(sp, "Pedro Vencido", "D", "2027-07-16");
    const carDriver = await driverOf(sp, "Caio Categoria B", "B", "2030-01-01");
    const lateGuide = await guideOf(sp, "Gui Sem Cadastur", null);
    const trip = await excursionOf(sp, "Gramado checklist", { drivers: [goodDriver, lateDriver, carDriver], guides: [goodGuide, lateGuide] });
    await passengerOf(sp, trip.id, { name: "Única", seat: "1" });
    const v = await view(sp.admin, trip.id);
    expect(v.days).toEqual({ first: "2027-07-10", last: LAST_DAY_SP });
    expect(item(v, "insurance")).toMatchObject({ ok: true, until: LAST_DAY_SP });
    expect(item(v, "inspection")).toMatchObject({ ok: true });
    expect(item(v, "antt")).toMatchObject({ ok: true, subject: "123456/2027" });
    expect(item(v, "driver", "João Motorista")).toMatchObject({ ok: true, until: LAST_DAY_SP });
    expect(item(v, "driver", "Pedro Vencido")).toMatchObject({ ok: false, until: "2027-07-16" });
    // A bus needs category D: B is refused even with a valid CNH.
    expect(item(v, "cnhCategory", "Caio Categoria B")).toMatchObject({ ok: false });
    expect(item(v, "cnhCategory", "João Motorista")).toMatchObject({ ok: true });
    expect(item(v, "guide", "Gabi Guia")).toMatchObject({ ok: true });
    expect(item(v, "guide", "Gui Sem Cadastur")).toMatchObject({ ok: false, until: null });
    expect(v.checklist.ready).toBe(false);
  });

  it("the same documents in a UTC agency: the trip's last day is 18 July, so what expires on the 17th fails", async () => {
    const driver = await driverOf(utc, "João UTC", "D", LAST_DAY_SP);
    const trip = await excursionOf(utc, "Gramado UTC", { drivers: [driver] });
    await passengerOf(utc, trip.id, { name: "Única", seat: "1" });
    const v = await view(utc.admin, trip.id);
    expect(v.days).toEqual({ first: "2027-07-10", last: "2027-07-18" });
    for (const key of ["insurance", "inspection", "antt", "driver"]) expect(item(v, key), key).toMatchObject({ ok: false, until: LAST_DAY_SP });
    // The minimum and the category do not depend on the zone.
    expect(item(v, "minimum")).toMatchObject({ ok: true });
    expect(item(v, "cnhCategory")).toMatchObject({ ok: true });
  });

  it("no vehicle, no driver, no charter: the vehicle and driver items fail and there is no ANTT item", async () => {
    const trip = await excursionOf(sp, "Bate-volta sem nada", { vehicle: false, charter: false, capacity: 20, minPassengers: 0 });
    const v = await view(sp.admin, trip.id);
    expect(v.checklist.items.map((i) => [i.key, i.ok])).toEqual([
      ["vehicle", false],
      ["driver", false],
      ["minimum", true],
    ]);
  });
});

describe("the manifest", () => {
  let tripId: string;
  beforeAll(async () => {
    const trip = await excursionOf(sp, "Gramado — manifesto", { drivers: [goodDriver] });
    tripId = trip.id;
    const b = trip.boardings;
    await passengerOf(sp, trip.id, { name: "Zélia Ramos", seat: "10", documentType: "passport", documentNumber: "FX998877", boardingId: b.campinas });
    await passengerOf(sp, trip.id, { name: "Bruno Alves", seat: "2", documentType: null, documentNumber: null, boardingId: b.tiete });
    await passengerOf(sp, trip.id, { name: "Hold vivo", seat: "7", status: "held", holdExpiresAt: FUTURE, documentType: "cpf", documentNumber: "123.456.789-09", boardingId: null });
    await passengerOf(sp, trip.id, { name: "Cancelada", seat: "8", status: "cancelled" });
  });

  it("CSV: the columns, one numbered line per passenger in seat order, boarding time in the agency's zone, missing values as —", async () => {
    const res = await appRequest(`${MANIFEST}/${tripId}/csv`, { cookie: sp.admin });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/csv/);
    expect(res.headers.get("Content-Disposition")).toContain(`manifesto-${tripId.slice(-6)}.csv`);
    const lines = (await res.text()).replace(/^\uFEFF/, "").trim().split(/\r\n/);
    expect(lines[0]).toBe(MANIFEST_COLUMNS.join(";"));
    expect(lines.slice(1)).toEqual([
      "1;Bruno Alves;—;—;2;Terminal Tietê;2027-07-10 20:00",
      "2;Hold vivo;CPF;123.456.789-09;7;—;—",
      "3;Zélia Ramos;Passaporte;FX998877;10;Campinas - Rodoviária;2027-07-10 21:30",
    ]);
    // In the user's language.
    const es = await (await appRequest(`${MANIFEST}/${tripId}/csv`, { cookie: `${sp.admin}; lng=es` })).text();
    expect(es).toContain("3;Zélia Ramos;Pasaporte;FX998877");
  });

  it("PDF: the ANTT header (carrier with CNPJ, plate, authorisation, route, departure, driver), numbered lines, the signature line", async () => {
    const res = await appRequest(`${MANIFEST}/${tripId}/pdf`, { cookie: sp.admin });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder("latin1").decode(bytes.slice(0, 5))).toBe("%PDF-");
    const text = await pdfText(bytes);
    const all = text.join("\n");
    expect(text).toContain("Relação de Passageiros · Gramado — manifesto");
    expect(text).toContain("Transportadora: Viação Serra Sol Operações · CNPJ 11.222.333/0001-81");
    expect(text).toContain("Placa: BUS1A23 · Autorização ANTT: 123456/2027 (válida até 17/07/2027)");
    expect(text).toContain("Origem: São Paulo - SP · Destino: Gramado");
    expect(all).toMatch(/Saída: 10\/07\/2027,? 20:00 · Retorno: 17\/07\/2027,? 22:30/);
    expect(text).toContain("Motorista(s): João Motorista");
    expect(text).toContain("Manifesto ainda não final (rascunho)");
    // Header row, then the lines in seat order, numbered.
    for (const h of ["Nº", "Nome", "Documento", "Poltrona", "Embarque"]) expect(text).toContain(h);
    const names = text.filter((t) => ["Bruno Alves", "Hold vivo", "Zélia Ramos"].includes(t));
    expect(names).toEqual(["Bruno Alves", "Hold vivo", "Zélia Ramos"]);
    expect(text).toContain("Passaporte FX998877");
    expect(text).toContain("CPF 123.456.789-09");
    expect(text.some((t) => /^Terminal Tietê · 10\/07\/2027,? 20:00$/.test(t))).toBe(true);
    expect(all).not.toContain("Cancelada");
    expect(text).toContain("Responsável pela transportadora");
    expect(text).toContain("Nome, documento e assinatura");
    expect(text).toContain("Página 1 de 1");
    // English.
    const en = await pdfText(new Uint8Array(await (await appRequest(`${MANIFEST}/${tripId}/pdf`, { cookie: `${sp.admin}; lng=en` })).arrayBuffer()));
    expect(en).toContain("Passenger list · Gramado — manifesto");
    expect(en).toContain("Carrier's responsible");
  });

  it("a trip with no passengers still has its header and says so", async () => {
    const trip = await excursionOf(sp, "Vazia", { charter: false, vehicle: false });
    const text = await pdfText(new Uint8Array(await (await appRequest(`${MANIFEST}/${trip.id}/pdf`, { cookie: sp.admin })).arrayBuffer()));
    expect(text).toContain("Nenhum passageiro.");
    expect(text).toContain("Transportadora: —");
    const csv = await (await appRequest(`${MANIFEST}/${trip.id}/csv`, { cookie: sp.admin })).text();
    expect(csv.replace(/^\uFEFF/, "").trim()).toBe(MANIFEST_COLUMNS.join(";"));
  });

  it("another agency's excursion, an unknown id or format is 404", async () => {
    for (const format of ["csv", "pdf"]) {
      expect((await appRequest(`${MANIFEST}/${tripId}/${format}`, { cookie: other.admin })).status).toBe(404);
      expect((await appRequest(`${MANIFEST}/${uuidv7()}/${format}`, { cookie: sp.admin })).status).toBe(404);
    }
    expect((await appRequest(`${MANIFEST}/${tripId}/xlsx`, { cookie: sp.admin })).status).toBe(404);
  });
});

describe("the final lock", () => {
  async function readyTrip(title: string) {
    const trip = await excursionOf(sp, title, { drivers: [goodDriver], guides: [goodGuide], minPassengers: 1 });
    await passengerOf(sp, trip.id, { name: "Confirmada", seat: "1" });
    return trip.id;
  }

  it("refused while an item fails: 409 with the failing items, nothing written", async () => {
    const trip = await excursionOf(sp, "Não pronta", { drivers: [goodDriver], minPassengers: 2 });
    await passengerOf(sp, trip.id, { name: "Só uma", seat: "1" });
    const before = await excursionRow(trip.id);
    const res = await post(sp.admin, trip.id, { intent: "finalize" });
    expect(res.status).toBe(409);
    const body = await json<{ reason: string; items: ChecklistItem[] }>(res);
    expect(body.reason).toBe("notReady");
    expect(body.items).toEqual([{ key: "minimum", ok: false, subject: "1/2" }]);
    expect(await excursionRow(trip.id)).toEqual(before);
    expect(await auditRows(trip.id)).toEqual([]);
  });

  it("Agente is refused (403), nothing written; Operacional makes it final, audited; the page says since when and by whom", async () => {
    const id = await readyTrip("Pronta");
    expect((await view(sp.agente, id)).canFinalize).toBe(false);
    const before = await excursionRow(id);
    expect((await post(sp.agente, id, { intent: "finalize" })).status).toBe(403);
    expect(await excursionRow(id)).toEqual(before);

    const v0 = await view(sp.operacional, id);
    expect(v0.checklist.ready).toBe(true);
    expect([v0.canFinalize, v0.canReopen]).toEqual([true, false]);
    const res = await post(sp.operacional, id, { intent: "finalize" });
    expect(res.status).toBe(200);
    expect((await json<{ toast: { title: string } }>(res)).toast.title).toBe("services.operational.final.done");
    const row = (await excursionRow(id))!;
    expect(row.manifest_final_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(row.manifest_final_by).toBe(sp.operacionalId);
    expect(row.version).toBe(before!.version + 1);
    const audit = await auditRows(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.user_id).toBe(sp.operacionalId);
    expect(JSON.parse(audit[0]!.changes)).toEqual({ manifestFinalAt: [null, row.manifest_final_at], manifestFinalBy: [null, sp.operacionalId] });
    const v = await view(sp.admin, id);
    expect(v.excursion.manifestFinalAt).toBe(row.manifest_final_at);
    expect(v.excursion.manifestFinalByName).toBe("Operações Sol Operações");
    // The PDF says it is final.
    const text = await pdfText(new Uint8Array(await (await appRequest(`${MANIFEST}/${id}/pdf`, { cookie: sp.admin })).arrayBuffer()));
    expect(text.some((t) => t.startsWith("Manifesto final desde ") && t.endsWith(" por Operações Sol Operações"))).toBe(true);

    // Final already: 409, nothing more written.
    const again = await post(sp.admin, id, { intent: "finalize" });
    expect(again.status).toBe(409);
    expect((await json<{ reason: string }>(again)).reason).toBe("alreadyFinal");
    expect(await auditRows(id)).toHaveLength(1);
  });

  it("reopen is Admin-only (Operacional and Agente 403, nothing written), audited; a manifest not final cannot be reopened", async () => {
    const id = await readyTrip("Reabrir");
    expect((await post(sp.admin, id, { intent: "reopen" })).status).toBe(409);
    expect((await post(sp.admin, id, { intent: "finalize" })).status).toBe(200);
    const final = await excursionRow(id);
    for (const cookie of [sp.operacional, sp.agente]) {
      const res = await post(cookie, id, { intent: "reopen" });
      expect(res.status).toBe(403);
      expect(await excursionRow(id)).toEqual(final);
    }
    const res = await post(sp.admin, id, { intent: "reopen" });
    expect(res.status).toBe(200);
    const row = (await excursionRow(id))!;
    expect([row.manifest_final_at, row.manifest_final_by]).toEqual([null, null]);
    const audit = await auditRows(id);
    expect(audit.map((a) => [a.user_id, a.action])).toEqual([
      [sp.adminId, "update"],
      [sp.adminId, "update"],
    ]);
    expect(JSON.parse(audit[1]!.changes)).toEqual({ manifestFinalAt: [final!.manifest_final_at, null], manifestFinalBy: [sp.adminId, null] });
  });

  it("another agency's id: 404 for every intent, nothing changed", async () => {
    const id = await readyTrip("Alheia");
    const before = await excursionRow(id);
    for (const intent of ["finalize", "reopen", "bogus"]) expect((await post(other.admin, id, { intent })).status).toBe(404);
    expect((await post(sp.admin, uuidv7(), { intent: "finalize" })).status).toBe(404);
    expect(await excursionRow(id)).toEqual(before);
    expect(await auditRows(id)).toEqual([]);
  });

  it(`property: ${FUZZ_RUNS} arbitrary posts never answer 5xx and never write on a trip that is not ready`, async () => {
    const trip = await excursionOf(sp, "Fuzz", { minPassengers: 5 });
    const before = await excursionRow(trip.id);
    const seen = new Set<number>();
    // (A form field's name may not end with a backslash: the test's own FormData refuses it.)
    const field = fc.oneof(fc.constantFrom("finalize", "reopen", "FINALIZE", "", " finalize"), fc.string({ maxLength: 30 }), fc.string({ unit: "binary", maxLength: 10 }));
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.oneof(fc.constantFrom("intent", "version", "intent[0]", "id", "agencyId"), fc.string({ maxLength: 12 }).filter((k) => !k.endsWith("\\"))), fc.oneof(field, fc.array(field, { maxLength: 3 })), { maxKeys: 4 }),
        fc.constantFrom(sp.admin, sp.operacional, sp.agente),
        async (form, cookie) => {
          const res = await post(cookie, trip.id, form as Record<string, string | string[]>);
          expect(res.status).toBeLessThan(500);
          expect([400, 403, 409]).toContain(res.status);
          seen.add(res.status);
        },
      ),
      { numRuns: FUZZ_RUNS, examples: [[{ intent: "finalize" }, sp.admin], [{ intent: "reopen" }, sp.agente], [{ intent: "x" }, sp.admin]] },
    );
    // The runs reached every refusal: malformed, by role, by the checklist.
    expect([...seen].sort()).toEqual([400, 403, 409]);
    expect(await excursionRow(trip.id)).toEqual(before);
    expect(await auditRows(trip.id)).toEqual([]);
  }, 600_000);
});

describe("charter availability", () => {
  it("counts confirmed as sold and live holds as held over the charter's live excursions; cancelled, lapsed holds, cancelled and archived trips take nothing", async () => {
    const w = await world("Disponibilidade");
    const a = await excursionOf(w, "Ida A");
    const b = await excursionOf(w, "Ida B");
    const cancelledTrip = await excursionOf(w, "Cancelada", { status: "cancelled" });
    const archivedTrip = await excursionOf(w, "Arquivada");
    await run("update excursion set archived_at = ? where id = ?", now(), archivedTrip.id);
    await passengerOf(w, a.id, { name: "S1", seat: "1" });
    await passengerOf(w, a.id, { name: "S2", seat: "2" });
    await passengerOf(w, a.id, { name: "H1", seat: "3", status: "held", holdExpiresAt: FUTURE });
    await passengerOf(w, a.id, { name: "H2", seat: "4", status: "held", holdExpiresAt: null });
    await passengerOf(w, a.id, { name: "Lapsed", seat: "5", status: "held", holdExpiresAt: PAST });
    await passengerOf(w, a.id, { name: "Cancelled", seat: "6", status: "cancelled" });
    await passengerOf(w, b.id, { name: "S3", seat: "1" });
    await passengerOf(w, cancelledTrip.id, { name: "Not counted", seat: "9" });
    await passengerOf(w, archivedTrip.id, { name: "Not counted either", seat: "9" });
    // Another agency's passengers never count (its own charter, its own trip).
    await passengerOf(other, (await excursionOf(other, "Outra")).id, { name: "Outra", seat: "1" });

    const res = await appRequest("/servicos/fretamento-terrestre", { cookie: w.admin });
    expect(res.status).toBe(200);
    const { rows } = await json<{ rows: { id: string; availability: { total: number; held: number; sold: number; free: number } }[] }>(res);
    expect(rows.find((r) => r.id === w.charterId)!.availability).toEqual({ total: 46, held: 2, sold: 3, free: 41 });

    // The CSV export says the same.
    const csv = (await (await appRequest("/servicos/fretamento-terrestre/exportar", { cookie: w.admin })).text()).replace(/^\uFEFF/, "").trim().split(/\r\n/);
    const header = csv[0]!.split(";");
    const line = csv[1]!.split(";");
    expect([line[header.indexOf("held")], line[header.indexOf("sold")], line[header.indexOf("free")]]).toEqual(["2", "3", "41"]);

    // The operational view's seat map shows the same rows seat by seat.
    expect((await view(w.admin, a.id)).seatStates).toEqual({ 1: "sold", 2: "sold", 3: "held", 4: "held" });
  });
});
