/**
 * Air blocks (Serviços → Bloqueio Aéreo) through the real route table,
 * middleware, loaders and actions, on the real local D1:
 *  - create with flight segments as child rows (date-times typed in the
 *    agency's zone, stored UTC; IATA codes, arrival after departure), edit with
 *    the version check (segment ids kept);
 *  - the passenger list: at most `seats` names, each row with its version
 *    (stale → 409, nothing written); seats never below the names;
 *  - list (availability, filters, search, the deadline marks), CSV export,
 *    passenger CSV and PDF, clone, archive;
 *  - tenant isolation on every route and action (404, nothing changed);
 *  - a property test: FUZZ_RUNS arbitrary posts never answer 5xx, and a refused
 *    one writes nothing.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it } from "vitest";
import { AIR_BLOCK_CSV_COLUMNS, PASSENGER_CSV_COLUMNS } from "~/lib/services/air-block";
import type { AirBlockListRow } from "~/lib/services/air-block.server";
import { appRequest, json } from "./harness";
import { createAgency, createUser, seedDemo, signIn } from "./fixtures";
import { FUZZ_RUNS } from "./fuzz";

const LIST = "/servicos/bloqueio-aereo";
const NEW = `${LIST}/novo`;
const EXPORT = `${LIST}/exportar`;
const editPath = (id: string) => `${LIST}/editar/${id}`;
const passengersPath = (id: string, format: string) => `${LIST}/passageiros/${id}/${format}`;
const location = (res: Response) => res.headers.get("Location");

type Agency = { id: string; cookie: string; agente: string; airline: string; otherAirline: string; hotel: string; destination: string };

async function supplierOf(agencyId: string, name: string, category: string) {
  const id = uuidv7();
  const now = new Date().toISOString();
  await env.DB.prepare("insert into supplier (id, agency_id, name, category, search_text, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)")
    .bind(id, agencyId, name, category, name.toLowerCase(), now, now)
    .run();
  return id;
}

async function agencyWithData(name: string): Promise<Agency> {
  const agency = await createAgency(name);
  const admin = await createUser({ role: "Admin", agencyId: agency.id, name: `Admin ${name}` });
  const agente = await createUser({ role: "Agente", agencyId: agency.id, name: `Agente ${name}` });
  const destination = uuidv7();
  const now = new Date().toISOString();
  await env.DB.prepare("insert into destination (id, agency_id, name, search_text, created_at, updated_at) values (?, ?, 'Lisboa', 'lisboa', ?, ?)").bind(destination, agency.id, now, now).run();
  return {
    id: agency.id,
    cookie: await signIn(admin.email),
    agente: await signIn(agente.email),
    airline: await supplierOf(agency.id, `Aérea Azul ${name}`, "airline"),
    otherAirline: await supplierOf(agency.id, `TAP ${name}`, "airline"),
    hotel: await supplierOf(agency.id, `Hotel ${name}`, "hotel"),
    destination,
  };
}

type SegmentForm = { id?: string; flightNumber: string; fromIata: string; toIata: string; departureAt: string; arrivalAt: string };
const SEGMENTS: SegmentForm[] = [
  { flightNumber: "tp 88", fromIata: "gru", toIata: "LIS", departureAt: "2027-05-10T22:30", arrivalAt: "2027-05-11T12:10" },
  { flightNumber: "TP89", fromIata: "LIS", toIata: "GRU", departureAt: "2027-05-20T10:00", arrivalAt: "2027-05-20T17:50" },
];

function blockForm(a: Agency, overrides: Record<string, string> = {}, segments: SegmentForm[] = SEGMENTS) {
  const form: Record<string, string> = {
    intent: "save",
    title: "Lisboa maio",
    airlineId: a.airline,
    destinationId: a.destination,
    locator: "abc 123",
    seats: "20",
    fareCost: "3.200,00",
    farePrice: "3.990,00",
    taxes: "450,00",
    currency: "BRL",
    nameDeadline: "2027-04-20T18:00",
    ticketingDeadline: "2027-04-25T18:00",
    notes: "Bagagem incluída",
  };
  segments.forEach((s, i) => {
    for (const [k, v] of Object.entries(s)) form[`segments[${i}].${k}`] = v ?? "";
  });
  return { ...form, ...overrides };
}

type PassengerForm = { id?: string; version?: string; lastName: string; firstName: string; document?: string; birthDate?: string; ticketNumber?: string };
function passengerForm(rows: PassengerForm[], loaded: string[] = []) {
  const form: Record<string, string> = { intent: "passengers", loaded: loaded.join(",") };
  rows.forEach((p, i) => {
    for (const [k, v] of Object.entries(p)) form[`passengers[${i}].${k}`] = v ?? "";
  });
  return form;
}

type BlockDb = { id: string; agency_id: string; title: string; airline_id: string; locator: string | null; seats: number; departure_at: string | null; name_deadline: string | null; archived_at: string | null; version: number; search_text: string };
type SegmentDb = { id: string; flight_number: string; from_iata: string; to_iata: string; departure_at: string; arrival_at: string; position: number };
type PassengerDb = { id: string; last_name: string; first_name: string; ticket_number: string | null; version: number; position: number; sale_id: string | null };

const blockOf = (id: string) => env.DB.prepare("select * from air_block where id = ?").bind(id).first<BlockDb>();
const blocksOf = async (agencyId: string) => (await env.DB.prepare("select * from air_block where agency_id = ? order by id").bind(agencyId).all<BlockDb>()).results;
const segmentsOf = async (id: string) => (await env.DB.prepare("select * from air_block_segment where block_id = ? order by position").bind(id).all<SegmentDb>()).results;
const passengersOf = async (id: string) => (await env.DB.prepare("select * from air_block_passenger where block_id = ? order by position, id").bind(id).all<PassengerDb>()).results;
const auditCount = async (id: string) => (await env.DB.prepare("select count(*) as n from audit_entry where entity_id = ?").bind(id).first<{ n: number }>())!.n;
const snapshot = async (id: string) => ({ block: await blockOf(id), segments: await segmentsOf(id), passengers: await passengersOf(id), audit: await auditCount(id) });

const post = (cookie: string, path: string, form: Record<string, string | string[]>) => appRequest(path, { cookie, form });

async function create(a: Agency, overrides: Record<string, string> = {}, segments: SegmentForm[] = SEGMENTS): Promise<string> {
  const res = await post(a.cookie, NEW, blockForm(a, overrides, segments));
  expect(res.status, await res.clone().text()).toBe(302);
  return location(res)!.split("/").pop()!;
}

const storedPassengers = async (id: string): Promise<PassengerForm[]> =>
  (await passengersOf(id)).map((p) => ({ id: p.id, version: String(p.version), lastName: p.last_name, firstName: p.first_name, ticketNumber: p.ticket_number ?? "" }));

type Reply = { result?: { status: string; error?: Record<string, string[]> }; saved?: boolean; passengers?: { saved?: boolean; result?: { error?: Record<string, string[]> } } };
type ListData = { rows: AirBlockListRow[]; page: { total: number } };

let sol: Agency;
let mar: Agency;

beforeAll(async () => {
  await seedDemo();
  sol = await agencyWithData("Sol Aéreo");
  mar = await agencyWithData("Mar Aéreo");
});

describe("air block records", () => {
  it("creates a block with its segments in the agency's time zone, in one audit entry", async () => {
    const id = await create(sol);
    expect(await blockOf(id)).toMatchObject({
      agency_id: sol.id,
      locator: "ABC123",
      seats: 20,
      // 22:30 in São Paulo is 01:30 UTC the next day; the block's departure is its first flight's.
      departure_at: "2027-05-11T01:30:00.000Z",
      name_deadline: "2027-04-20T21:00:00.000Z",
      version: 1,
    });
    expect(await segmentsOf(id)).toEqual([
      expect.objectContaining({ flight_number: "TP 88", from_iata: "GRU", to_iata: "LIS", departure_at: "2027-05-11T01:30:00.000Z", arrival_at: "2027-05-11T15:10:00.000Z", position: 0 }),
      expect.objectContaining({ flight_number: "TP 89", from_iata: "LIS", to_iata: "GRU", position: 1 }),
    ]);
    expect((await blockOf(id))!.search_text).toContain("tp 88");
    expect(await auditCount(id)).toBe(1);
    const screen = await json<{ values: { segments: SegmentForm[]; farePrice: string }; availability: unknown }>(await appRequest(editPath(id), { cookie: sol.cookie }));
    expect(screen.values.segments[0]!.departureAt).toBe("2027-05-10T22:30");
    expect(screen.values.farePrice).toBe("3.990,00");
    expect(screen.availability).toEqual({ total: 20, held: 0, sold: 0, free: 20, names: 0 });
  });

  it("keeps segment ids on edit and refuses a stale save", async () => {
    const id = await create(sol, { title: "Editar voo" });
    const before = await segmentsOf(id);
    const segments = before.map((s, i) => ({ ...SEGMENTS[i]!, id: s.id, flightNumber: i === 0 ? "TP 86" : SEGMENTS[i]!.flightNumber }));
    const res = await post(sol.cookie, editPath(id), blockForm(sol, { version: "1", title: "Editar voo" }, segments));
    expect(res.status).toBe(200);
    const after = await segmentsOf(id);
    expect(after.map((s) => s.id)).toEqual(before.map((s) => s.id));
    expect(after[0]!.flight_number).toBe("TP 86");
    expect((await post(sol.cookie, editPath(id), blockForm(sol, { version: "1", title: "Velho" }, segments))).status).toBe(409);
    expect((await blockOf(id))!.title).toBe("Editar voo");
  });

  it("refuses invalid segments, seats and deadlines with field errors, writing nothing", async () => {
    const count = (await blocksOf(sol.id)).length;
    const cases: [Record<string, string>, SegmentForm[], string, string][] = [
      [{ airlineId: sol.hotel }, SEGMENTS, "airlineId", "services.blocks.errors.airlineCategory"],
      [{ airlineId: mar.airline }, SEGMENTS, "airlineId", "services.errors.supplier"],
      [{ seats: "0" }, SEGMENTS, "seats", "services.blocks.errors.seats"],
      [{ seats: "101" }, SEGMENTS, "seats", "services.blocks.errors.seats"],
      [{ seats: "2,5" }, SEGMENTS, "seats", "services.blocks.errors.whole"],
      [{ ticketingDeadline: "2027-04-19T18:00" }, SEGMENTS, "ticketingDeadline", "services.blocks.errors.ticketing"],
      [{}, [], "segments", "services.blocks.errors.segments"],
      [{}, [{ ...SEGMENTS[0]!, fromIata: "GR1" }], "segments[0].fromIata", "services.blocks.errors.iata"],
      [{}, [{ ...SEGMENTS[0]!, toIata: "GRU" }], "segments[0].toIata", "services.blocks.errors.sameAirport"],
      [{}, [{ ...SEGMENTS[0]!, arrivalAt: "2027-05-10T22:00" }], "segments[0].arrivalAt", "services.blocks.errors.arrival"],
      [{}, [{ ...SEGMENTS[0]!, flightNumber: "1234567" }], "segments[0].flightNumber", "services.blocks.errors.flightNumber"],
      [{}, [SEGMENTS[0]!, { ...SEGMENTS[1]!, departureAt: "2027-05-11T08:00" }], "segments[1].departureAt", "services.blocks.errors.segmentOrder"],
      [{}, [{ ...SEGMENTS[0]!, departureAt: "2027-02-30T10:00" }], "segments[0].departureAt", "services.errors.dateTime"],
    ];
    for (const [overrides, segments, field, error] of cases) {
      const res = await post(sol.cookie, NEW, blockForm(sol, overrides, segments));
      expect(res.status, field).toBe(400);
      expect((await json<Reply>(res)).result?.error?.[field], field).toEqual([error]);
    }
    expect((await blocksOf(sol.id)).length).toBe(count);
  });
});

describe("passenger list", () => {
  it("adds, edits, reorders and removes passengers, each row with its version, at most one per seat", async () => {
    const id = await create(sol, { title: "Passageiros", seats: "3" });
    const first = await post(sol.cookie, editPath(id), passengerForm([
      { lastName: "Silva", firstName: "Maria", document: "FZ123456", birthDate: "1980-02-10", ticketNumber: "047-2100000001" },
      { lastName: "Souza", firstName: "João" },
    ]));
    expect(first.status).toBe(200);
    expect((await json<Reply>(first)).passengers?.saved).toBe(true);
    let stored = await passengersOf(id);
    expect(stored.map((p) => [p.last_name, p.ticket_number])).toEqual([
      ["Silva", "0472100000001"],
      ["Souza", null],
    ]);
    expect(await auditCount(id)).toBe(2);

    // Three more than the seats: refused, nothing written.
    const before = await snapshot(id);
    const over = await post(sol.cookie, editPath(id), passengerForm([...(await storedPassengers(id)), { lastName: "A", firstName: "A" }, { lastName: "B", firstName: "B" }], stored.map((p) => p.id)));
    expect(over.status).toBe(400);
    expect(await snapshot(id)).toEqual(before);
    // Seats cannot go below the names already in.
    const seats = await post(sol.cookie, editPath(id), blockForm(sol, { version: "1", title: "Passageiros", seats: "1" }, (await segmentsOf(id)).map((s, i) => ({ ...SEGMENTS[i]!, id: s.id }))));
    expect(seats.status).toBe(400);
    expect((await json<Reply>(seats)).result?.error?.seats).toEqual(["services.blocks.errors.seatsBelowPassengers"]);

    // Swap, edit one, remove none: positions follow the form, versions move on the changed rows.
    const rows = await storedPassengers(id);
    const swapped = await post(sol.cookie, editPath(id), passengerForm([{ ...rows[1]!, firstName: "João Pedro" }, rows[0]!], stored.map((p) => p.id)));
    expect(swapped.status).toBe(200);
    stored = await passengersOf(id);
    expect(stored.map((p) => p.first_name)).toEqual(["João Pedro", "Maria"]);
    // A stale row (loaded before the last save) is refused whole.
    const stale = await post(sol.cookie, editPath(id), passengerForm([{ ...rows[1]!, firstName: "Outro" }], rows.map((p) => p.id!)));
    expect(stale.status).toBe(409);
    // Removing one the form was loaded with; a row someone else added meanwhile stays.
    const fresh = await storedPassengers(id);
    await env.DB.prepare("insert into air_block_passenger (id, agency_id, block_id, position, last_name, first_name, created_at, updated_at) values (?, ?, ?, 9, 'Vendido', 'Cliente', ?, ?)")
      .bind(uuidv7(), sol.id, id, new Date().toISOString(), new Date().toISOString())
      .run();
    const removed = await post(sol.cookie, editPath(id), passengerForm([fresh[1]!], fresh.map((p) => p.id!)));
    expect(removed.status).toBe(200);
    expect((await passengersOf(id)).map((p) => p.last_name)).toEqual(["Silva", "Vendido"]);
  });

  it("never removes a passenger a sale put in, and exports the list for the airline", async () => {
    const id = await create(sol, { title: "Exportar nomes", seats: "4" });
    await post(sol.cookie, editPath(id), passengerForm([{ lastName: "da Silva", firstName: "Ana Lúcia", document: "CD998877", birthDate: "1990-12-01" }, { lastName: "Souza", firstName: "Bia" }]));
    const stored = await passengersOf(id);
    await env.DB.prepare("update air_block_passenger set sale_id = 'sale-9' where id = ?").bind(stored[1]!.id).run();
    const refused = await post(sol.cookie, editPath(id), passengerForm([(await storedPassengers(id))[0]!], stored.map((p) => p.id)));
    expect(refused.status).toBe(400);
    expect((await passengersOf(id)).length).toBe(2);
    const screen = await json<{ availability: unknown }>(await appRequest(editPath(id), { cookie: sol.cookie }));
    expect(screen.availability).toEqual({ total: 4, held: 0, sold: 1, free: 3, names: 2 });

    const csv = await appRequest(passengersPath(id, "csv"), { cookie: sol.cookie });
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).replace(/^\uFEFF/, "").trim().split(/\r\n/);
    expect(lines[0]).toBe(PASSENGER_CSV_COLUMNS.join(";"));
    expect(lines[1]).toBe("1;DA SILVA;ANA LÚCIA;CD998877;1990-12-01;;ABC123;TP 88 GRU-LIS 2027-05-10 22:30 | TP 89 LIS-GRU 2027-05-20 10:00");
    expect(lines).toHaveLength(3);
    const pdf = await appRequest(passengersPath(id, "pdf"), { cookie: sol.cookie });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(new TextDecoder("latin1").decode(new Uint8Array(await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
  });
});

describe("air block list and exports", () => {
  let a: Agency;
  let ids: Record<string, string>;
  const at = (offsetDays: number) => {
    // A date-time typed in São Paulo, offsetDays from now.
    const d = new Date(Date.now() + offsetDays * 86_400_000 - 3 * 3_600_000);
    return d.toISOString().slice(0, 16);
  };
  beforeAll(async () => {
    a = await agencyWithData("Lista Aéreo");
    const seg = (days: number): SegmentForm[] => [{ flightNumber: "G3 1234", fromIata: "GRU", toIata: "SSA", departureAt: at(days), arrivalAt: at(days + 0.1) }];
    ids = {
      close: await create(a, { title: "Salvador nomes logo", nameDeadline: at(3), ticketingDeadline: at(10) }, seg(30)),
      passed: await create(a, { title: "Recife prazo passou", nameDeadline: at(-1), ticketingDeadline: at(5), airlineId: a.otherAirline, destinationId: "" }, seg(20)),
      far: await create(a, { title: "Natal tranquilo", nameDeadline: at(40), ticketingDeadline: at(45) }, seg(60)),
    };
  });
  const list = async (query = "") => json<ListData>(await appRequest(`${LIST}${query}`, { cookie: a.cookie }));

  it("lists by departure with availability and the deadline marks", async () => {
    const data = await list();
    expect(data.rows.map((r) => r.title)).toEqual(["Recife prazo passou", "Salvador nomes logo", "Natal tranquilo"]);
    expect(data.rows.map((r) => r.mark)).toEqual(["passed", "close", null]);
    expect(data.rows[0]!.route).toBe("GRU → SSA");
    expect(data.rows[1]!.availability).toEqual({ total: 20, held: 0, sold: 0, free: 20 });
  });

  it("filters by airline, destination and departure days, searches", async () => {
    expect((await list(`?fornecedor=${a.otherAirline}`)).rows.map((r) => r.id)).toEqual([ids.passed]);
    expect((await list(`?destino=${a.destination}`)).rows.map((r) => r.id)).toEqual([ids.close, ids.far]);
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    expect((await list(`?de=${day(25)}&ate=${day(35)}`)).rows.map((r) => r.id)).toEqual([ids.close]);
    expect((await list("?q=natal")).rows.map((r) => r.id)).toEqual([ids.far]);
    expect((await list("?q=g3%201234")).rows).toHaveLength(3);
  });

  it("exports the list as CSV, clones and archives", async () => {
    const res = await appRequest(`${EXPORT}?fornecedor=${a.airline}`, { cookie: a.cookie });
    const lines = (await res.text()).replace(/^\uFEFF/, "").trim().split(/\r\n/);
    expect(lines[0]).toBe(AIR_BLOCK_CSV_COLUMNS.join(";"));
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain("Salvador nomes logo");
    expect(lines[1]).toContain("GRU → SSA");

    const clone = await post(a.cookie, editPath(ids.far!), { intent: "clone" });
    expect(clone.status).toBe(302);
    const copy = location(clone)!.split("/").pop()!;
    expect((await blockOf(copy))!.title).toBe("Natal tranquilo (cópia)");
    expect((await segmentsOf(copy)).map((s) => s.flight_number)).toEqual(["G3 1234"]);
    expect(await passengersOf(copy)).toEqual([]);

    expect((await post(a.agente, editPath(copy), { intent: "archive" })).status).toBe(403);
    expect((await post(a.cookie, editPath(copy), { intent: "archive" })).status).toBe(302);
    expect((await blockOf(copy))!.archived_at).not.toBeNull();
    expect((await appRequest(editPath(copy), { cookie: a.cookie })).status).toBe(404);
  });
});

describe("references", () => {
  it("an airline a live block uses cannot be deleted; once archived, it can", async () => {
    const a = await agencyWithData("Referências Aéreo");
    const id = await create(a, { title: "Usa a companhia" });
    const refused = await post(a.cookie, `/cadastros/fornecedores/editar/${a.airline}`, { intent: "delete" });
    expect(refused.status).toBe(409);
    expect((await json<{ references: { count: number; label: string }[] }>(refused)).references).toEqual([{ count: 1, label: "services.blocks.references.airBlocks" }]);
    expect((await post(a.cookie, editPath(id), { intent: "archive" })).status).toBe(302);
    expect((await post(a.cookie, `/cadastros/fornecedores/editar/${a.airline}`, { intent: "delete" })).status).toBe(302);
  });
});

describe("tenant isolation", () => {
  it("another agency's block is a 404 on every route and action, and nothing changes", async () => {
    const id = await create(sol, { title: "Só da Sol aéreo" });
    await post(sol.cookie, editPath(id), passengerForm([{ lastName: "Silva", firstName: "Maria" }]));
    const before = await snapshot(id);
    const marCount = (await blocksOf(mar.id)).length;
    expect((await appRequest(editPath(id), { cookie: mar.cookie })).status).toBe(404);
    for (const format of ["csv", "pdf"]) expect((await appRequest(passengersPath(id, format), { cookie: mar.cookie })).status).toBe(404);
    const forms = [blockForm(mar, { version: "1" }), { intent: "archive" }, { intent: "clone" }, passengerForm(await storedPassengers(id), before.passengers.map((p) => p.id))];
    for (const form of forms) expect((await post(mar.cookie, editPath(id), form)).status, JSON.stringify(form).slice(0, 40)).toBe(404);
    expect(await snapshot(id)).toEqual(before);
    expect((await blocksOf(mar.id)).length).toBe(marCount);
    expect((await json<ListData>(await appRequest(`${LIST}?size=100`, { cookie: mar.cookie }))).rows.some((r) => r.id === id)).toBe(false);
    expect(await (await appRequest(EXPORT, { cookie: mar.cookie })).text()).not.toContain("Só da Sol");
    const screen = await json<{ airlines: { value: string }[] }>(await appRequest(NEW, { cookie: mar.cookie }));
    expect(screen.airlines.map((o) => o.value).sort()).toEqual([mar.airline, mar.otherAirline].sort());
  });
});

describe("arbitrary input", () => {
  it(`never answers 5xx, and a refused save writes nothing (${FUZZ_RUNS} runs)`, async () => {
    const a = await agencyWithData("Fuzz Aéreo");
    const id = await create(a, { title: "Alvo Fixo", seats: "5" });
    const text = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom("", " ", "0", "1", "5", "101", "GRU", "LIS", "gr", "TP 88", "2027-05-10T22:30", "2027-05-11T12:10", "2027-13-01T10:00", "3.990,00", "12,345", "BRL", "save", "passengers", "1990-01-01"),
      fc.constantFrom(a.airline, a.hotel, mar.airline, a.destination, id),
      fc.constantFrom("é".repeat(3000)),
    );
    const value = fc.oneof({ weight: 6, arbitrary: text }, { weight: 1, arbitrary: fc.array(text, { minLength: 2, maxLength: 3 }) });
    const keys = [
      "intent",
      "title",
      "airlineId",
      "seats",
      "locator",
      "fareCost",
      "nameDeadline",
      "ticketingDeadline",
      "currency",
      "version",
      "segments[0].flightNumber",
      "segments[0].fromIata",
      "segments[0].departureAt",
      "segments[1].toIata",
      "segments",
      "passengers[0].lastName",
      "passengers[0].firstName",
      "passengers[0].birthDate",
      "passengers[6].lastName",
      "loaded",
    ];
    const fields = fc.dictionary(fc.constantFrom(...keys), value);
    const form = fc.oneof(
      fields,
      fields.map((f) => ({ ...blockForm(a, { version: "1", seats: "5", title: "Alvo Fixo" }), ...f })),
      fields.map((f) => ({ ...passengerForm([{ lastName: "Silva", firstName: "Ana" }]), ...f })),
    );
    let saves = 0;
    let refusals = 0;
    await fc.assert(
      fc.asyncProperty(fc.boolean(), form, async (isNew, posted) => {
        const before = await snapshot(id);
        const count = (await blocksOf(a.id)).length;
        const res = await post(a.cookie, isNew ? NEW : editPath(id), posted);
        expect(res.status).toBeLessThan(500);
        const body = res.status === 200 ? await json<Reply>(res.clone()) : null;
        const wrote = isNew ? res.status === 302 : body?.saved === true || body?.passengers?.saved === true;
        const cloned = !isNew && res.status === 302;
        if (wrote) saves++;
        else refusals++;
        if (!wrote && !cloned) {
          expect((await blocksOf(a.id)).length).toBe(count);
          expect(await snapshot(id)).toEqual(before);
        }
        const block = await blockOf(id);
        if (block) expect((await passengersOf(id)).length).toBeLessThanOrEqual(block.seats);
      }),
      { numRuns: FUZZ_RUNS },
    );
    if (FUZZ_RUNS >= 200) expect(saves).toBeGreaterThan(0);
    expect(refusals).toBeGreaterThan(0);
  }, 600_000);
});
