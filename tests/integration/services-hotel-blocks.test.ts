/**
 * Hotel blocks (Serviços → Bloqueio de Hospedagem) through the real route
 * table, middleware, loaders and actions, on the real local D1:
 *  - create with room types as child rows (one batch, one audit row), the
 *    rooming list with one room per unit; edit with the version check;
 *  - the rooming list follows the quantities, and a room with guests (or a
 *    sale) is never dropped: the reduction or removal is refused, nothing written;
 *  - guests per room with their own version (stale → 409), at most the occupancy;
 *  - list (availability, filters by hotel, destination and check-in days,
 *    search, the release mark), CSV export, rooming CSV and PDF, clone, archive;
 *  - tenant isolation on every route and action (404, nothing changed);
 *  - a property test: FUZZ_RUNS arbitrary posts never answer 5xx, and a refused
 *    one writes nothing.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it } from "vitest";
import { HOTEL_BLOCK_CSV_COLUMNS, ROOMING_CSV_COLUMNS } from "~/lib/services/hotel-block";
import type { HotelBlockListRow } from "~/lib/services/hotel-block.server";
import { appRequest, json } from "./harness";
import { createAgency, createUser, seedDemo, signIn } from "./fixtures";
import { FUZZ_RUNS } from "./fuzz";

const LIST = "/servicos/bloqueio-hospedagem";
const NEW = `${LIST}/novo`;
const EXPORT = `${LIST}/exportar`;
const editPath = (id: string) => `${LIST}/editar/${id}`;
const roomingPath = (id: string, format: string) => `${LIST}/rooming/${id}/${format}`;
const location = (res: Response) => res.headers.get("Location");

type Agency = { id: string; cookie: string; agente: string; hotel: string; otherHotel: string; airline: string; destination: string; otherDestination: string };

async function supplierOf(agencyId: string, name: string, category: string) {
  const id = uuidv7();
  const now = new Date().toISOString();
  await env.DB.prepare("insert into supplier (id, agency_id, name, category, search_text, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)")
    .bind(id, agencyId, name, category, name.toLowerCase(), now, now)
    .run();
  return id;
}

async function destinationOf(agencyId: string, name: string) {
  const id = uuidv7();
  const now = new Date().toISOString();
  await env.DB.prepare("insert into destination (id, agency_id, name, state, search_text, created_at, updated_at) values (?, ?, ?, 'RS', ?, ?, ?)")
    .bind(id, agencyId, name, name.toLowerCase(), now, now)
    .run();
  return id;
}

async function agencyWithData(name: string): Promise<Agency> {
  const agency = await createAgency(name);
  const admin = await createUser({ role: "Admin", agencyId: agency.id, name: `Admin ${name}` });
  const agente = await createUser({ role: "Agente", agencyId: agency.id, name: `Agente ${name}` });
  return {
    id: agency.id,
    cookie: await signIn(admin.email),
    agente: await signIn(agente.email),
    hotel: await supplierOf(agency.id, `Hotel Serra ${name}`, "hotel"),
    otherHotel: await supplierOf(agency.id, `Pousada Mar ${name}`, "hotel"),
    airline: await supplierOf(agency.id, `Aérea ${name}`, "airline"),
    destination: await destinationOf(agency.id, "Gramado"),
    otherDestination: await destinationOf(agency.id, "Porto Seguro"),
  };
}

type RoomTypeForm = { id?: string; name: string; occupancy: string; quantity: string; nightlyCost: string; nightlyPrice: string };

function blockForm(a: Agency, overrides: Record<string, string> = {}, types: RoomTypeForm[] = TYPES) {
  const form: Record<string, string> = {
    intent: "save",
    title: "Gramado Natal Luz",
    hotelId: a.hotel,
    destinationId: a.destination,
    checkIn: "2027-12-20",
    checkOut: "2027-12-24",
    mealPlan: "breakfast",
    releaseDate: "2027-11-20",
    currency: "BRL",
    notes: "Bloqueio garantido",
  };
  types.forEach((t, i) => {
    for (const [k, v] of Object.entries(t)) form[`roomTypes[${i}].${k}`] = v ?? "";
  });
  return { ...form, ...overrides };
}

const TYPES: RoomTypeForm[] = [
  { name: "Standard duplo", occupancy: "2", quantity: "3", nightlyCost: "400,00", nightlyPrice: "520,00" },
  { name: "Luxo triplo", occupancy: "3", quantity: "2", nightlyCost: "600,00", nightlyPrice: "780,00" },
];

type BlockDb = { id: string; agency_id: string; title: string; hotel_id: string; check_in: string; release_date: string | null; archived_at: string | null; version: number; search_text: string };
type TypeDb = { id: string; name: string; quantity: number; occupancy: number; nightly_cost_cents: number; nightly_price_cents: number; position: number };
type RoomDb = { id: string; room_type_id: string; room_index: number; guests: string; version: number; sale_id: string | null };

const blockOf = (id: string) => env.DB.prepare("select * from accommodation_block where id = ?").bind(id).first<BlockDb>();
const blocksOf = async (agencyId: string) => (await env.DB.prepare("select * from accommodation_block where agency_id = ? order by id").bind(agencyId).all<BlockDb>()).results;
const typesOf = async (blockId: string) =>
  (await env.DB.prepare("select * from accommodation_room_type where block_id = ? and archived_at is null order by position").bind(blockId).all<TypeDb>()).results;
const roomsOf = async (blockId: string) =>
  (await env.DB.prepare("select r.* from accommodation_rooming r join accommodation_room_type t on t.id = r.room_type_id where r.block_id = ? order by t.position, r.room_index").bind(blockId).all<RoomDb>()).results;
const auditCount = async (id: string) => (await env.DB.prepare("select count(*) as n from audit_entry where entity_id = ?").bind(id).first<{ n: number }>())!.n;
const snapshot = async (id: string) => ({ block: await blockOf(id), types: await typesOf(id), rooms: await roomsOf(id), audit: await auditCount(id) });

async function post(cookie: string, path: string, form: Record<string, string | string[]>) {
  return appRequest(path, { cookie, form });
}

async function create(a: Agency, overrides: Record<string, string> = {}, types: RoomTypeForm[] = TYPES): Promise<string> {
  const res = await post(a.cookie, NEW, blockForm(a, overrides, types));
  expect(res.status, await res.clone().text()).toBe(302);
  return location(res)!.split("/").pop()!;
}

/** The stored room types as form rows (with their ids), with changes. */
async function storedTypes(id: string, change: (t: RoomTypeForm, i: number) => RoomTypeForm = (t) => t): Promise<RoomTypeForm[]> {
  return (await typesOf(id)).map((t, i) =>
    change({ id: t.id, name: t.name, occupancy: String(t.occupancy), quantity: String(t.quantity), nightlyCost: String(t.nightly_cost_cents / 100), nightlyPrice: String(t.nightly_price_cents / 100) }, i),
  );
}

function roomingForm(rooms: RoomDb[], guests: Record<number, string>) {
  const form: Record<string, string> = { intent: "rooming" };
  rooms.forEach((r, i) => {
    if (guests[i] === undefined) return;
    form[`guests.${r.id}`] = guests[i]!;
    form[`version.${r.id}`] = String(r.version);
  });
  return form;
}

type Reply = { result?: { status: string; error?: Record<string, string[]> }; saved?: boolean };
type ListData = { rows: HotelBlockListRow[]; page: { total: number } };

let sol: Agency;
let mar: Agency;

beforeAll(async () => {
  await seedDemo();
  sol = await agencyWithData("Sol Hotéis");
  mar = await agencyWithData("Mar Hotéis");
});

describe("hotel block records", () => {
  it("creates a block with its room types and one rooming row per room, in one audit entry", async () => {
    const id = await create(sol);
    expect(await blockOf(id)).toMatchObject({ agency_id: sol.id, title: "Gramado Natal Luz", hotel_id: sol.hotel, check_in: "2027-12-20", release_date: "2027-11-20", version: 1 });
    expect((await blockOf(id))!.search_text).toContain("hotel serra");
    const types = await typesOf(id);
    expect(types.map((t) => [t.name, t.quantity, t.nightly_cost_cents, t.nightly_price_cents, t.position])).toEqual([
      ["Standard duplo", 3, 40_000, 52_000, 0],
      ["Luxo triplo", 2, 60_000, 78_000, 1],
    ]);
    const rooms = await roomsOf(id);
    expect(rooms.map((r) => [r.room_type_id, r.room_index])).toEqual([
      [types[0]!.id, 1],
      [types[0]!.id, 2],
      [types[0]!.id, 3],
      [types[1]!.id, 1],
      [types[1]!.id, 2],
    ]);
    expect(await auditCount(id)).toBe(1);

    const screen = await json<{ values: { roomTypes: RoomTypeForm[] }; totals: { rooms: number; nights: number; roomNights: number; costCents: number; priceCents: number }; availability: { total: unknown }; rooms: unknown[] }>(
      await appRequest(editPath(id), { cookie: sol.cookie }),
    );
    expect(screen.values.roomTypes.map((t) => t.name)).toEqual(["Standard duplo", "Luxo triplo"]);
    expect(screen.values.roomTypes[0]!.nightlyPrice).toBe("520,00");
    // 5 rooms × 4 nights; cost (3×400 + 2×600) × 4; price (3×520 + 2×780) × 4.
    expect(screen.totals).toMatchObject({ rooms: 5, nights: 4, roomNights: 20, costCents: 960_000, priceCents: 1_248_000 });
    expect(screen.availability.total).toEqual({ total: 5, held: 0, sold: 0, free: 5 });
    expect(screen.rooms).toHaveLength(5);
  });

  it("keeps room type ids on edit, follows quantities in the rooming list, and refuses a stale save", async () => {
    const id = await create(sol, { title: "Para editar" });
    const before = await typesOf(id);
    const types = await storedTypes(id, (t, i) => (i === 0 ? { ...t, quantity: "5", name: "Standard casal" } : { ...t, quantity: "1" }));
    const res = await post(sol.cookie, editPath(id), blockForm(sol, { version: "1", title: "Para editar" }, types));
    expect(res.status).toBe(200);
    expect((await json<Reply>(res)).saved).toBe(true);
    const after = await typesOf(id);
    expect(after.map((t) => t.id)).toEqual(before.map((t) => t.id));
    expect(after.map((t) => [t.name, t.quantity])).toEqual([
      ["Standard casal", 5],
      ["Luxo triplo", 1],
    ]);
    expect((await roomsOf(id)).map((r) => r.room_index)).toEqual([1, 2, 3, 4, 5, 1]);
    expect(await auditCount(id)).toBe(2);
    const stale = await post(sol.cookie, editPath(id), blockForm(sol, { version: "1", title: "Velho" }, types));
    expect(stale.status).toBe(409);
    expect((await blockOf(id))!.title).toBe("Para editar");
  });

  it("never drops a room with guests: the reduction or removal is refused and nothing is written", async () => {
    const id = await create(sol, { title: "Rooming protegida" });
    const rooms = await roomsOf(id);
    // Guests in Standard duplo 3 and Luxo triplo 2.
    const saved = await post(sol.cookie, editPath(id), roomingForm(rooms, { 2: "Ana Souza\nBruno Lima", 4: "Carla Dias" }));
    expect(saved.status).toBe(200);
    const before = await snapshot(id);

    const reduce = await post(sol.cookie, editPath(id), blockForm(sol, { version: "1" }, await storedTypes(id, (t, i) => (i === 0 ? { ...t, quantity: "2" } : t))));
    expect(reduce.status).toBe(400);
    expect((await json<Reply>(reduce)).result?.error?.["roomTypes[0].quantity"]).toEqual(["services.blocks.errors.roomsInUse"]);
    const remove = await post(sol.cookie, editPath(id), blockForm(sol, { version: "1" }, (await storedTypes(id)).slice(0, 1)));
    expect(remove.status).toBe(400);
    expect((await json<Reply>(remove)).result?.error?.roomTypes).toEqual(["services.blocks.errors.roomTypeInUse"]);
    expect(await snapshot(id)).toEqual(before);

    // Reducing over empty rooms only is fine: Luxo triplo 2 has a guest, so keep 2; Standard duplo keeps 3.
    const ok = await post(sol.cookie, editPath(id), blockForm(sol, { version: "1" }, await storedTypes(id, (t, i) => (i === 0 ? { ...t, quantity: "3" } : { ...t, quantity: "2" }))));
    expect(ok.status).toBe(200);
    // A sold room is in use too.
    await env.DB.prepare("update accommodation_rooming set sale_id = 'sale-1' where id = ?").bind(rooms[1]!.id).run();
    const sold = await post(sol.cookie, editPath(id), blockForm(sol, { version: "1" }, await storedTypes(id, (t, i) => (i === 0 ? { ...t, quantity: "1" } : t))));
    expect(sold.status).toBe(400);
    const screen = await json<{ availability: { total: unknown } }>(await appRequest(editPath(id), { cookie: sol.cookie }));
    expect(screen.availability.total).toEqual({ total: 5, held: 0, sold: 1, free: 4 });
  });

  it("saves guests per room with their version, at most the room's occupancy", async () => {
    const id = await create(sol, { title: "Hóspedes" });
    const rooms = await roomsOf(id);
    const res = await post(sol.cookie, editPath(id), roomingForm(rooms, { 0: "  Maria  Silva \n\nJoão Silva", 3: "Ana\nBia\nCau" }));
    expect(res.status).toBe(200);
    const after = await roomsOf(id);
    expect(JSON.parse(after[0]!.guests)).toEqual([
      { name: "Maria Silva", clientId: null },
      { name: "João Silva", clientId: null },
    ]);
    expect(after[0]!.version).toBe(rooms[0]!.version + 1);
    expect(after[1]!.version).toBe(rooms[1]!.version);
    expect(await auditCount(id)).toBe(2);

    const before = await snapshot(id);
    // Three guests in a double room; an unknown room; a stale version.
    const tooMany = await post(sol.cookie, editPath(id), roomingForm(after, { 1: "A\nB\nC" }));
    expect(tooMany.status).toBe(400);
    expect((await json<{ rooming: { errors: Record<string, string> } }>(tooMany)).rooming.errors[after[1]!.id]).toBe("services.blocks.errors.guests");
    const unknown = await post(sol.cookie, editPath(id), { intent: "rooming", [`guests.${uuidv7()}`]: "X", [`guests.${after[1]!.id}`]: "Y" });
    expect(unknown.status).toBe(400);
    const stale = await post(sol.cookie, editPath(id), roomingForm(rooms, { 0: "Outra Pessoa" }));
    expect(stale.status).toBe(409);
    expect(await snapshot(id)).toEqual(before);
  });

  it("refuses what the schema and the checks refuse, with field errors, writing nothing", async () => {
    const count = (await blocksOf(sol.id)).length;
    const cases: [Record<string, string>, RoomTypeForm[], string, string][] = [
      [{ hotelId: sol.airline }, TYPES, "hotelId", "services.blocks.errors.hotelCategory"],
      [{ hotelId: mar.hotel }, TYPES, "hotelId", "services.errors.supplier"],
      [{ destinationId: mar.destination }, TYPES, "destinationId", "services.errors.destination"],
      [{ checkOut: "2027-12-20" }, TYPES, "checkOut", "services.blocks.errors.checkOut"],
      [{ releaseDate: "2027-12-21" }, TYPES, "releaseDate", "services.blocks.errors.release"],
      [{ checkIn: "2027-02-30" }, TYPES, "checkIn", "registers.errors.date"],
      [{ currency: "XYZ" }, TYPES, "currency", "services.errors.currency"],
      [{}, [], "roomTypes", "services.blocks.errors.roomTypes"],
      [{}, [TYPES[0]!, { ...TYPES[1]!, name: "standard DUPLO" }], "roomTypes[1].name", "services.blocks.errors.roomTypeName"],
      [{}, [{ ...TYPES[0]!, quantity: "1001" }], "roomTypes[0].quantity", "services.blocks.errors.whole"],
      [{}, [{ ...TYPES[0]!, occupancy: "0" }], "roomTypes[0].occupancy", "services.blocks.errors.whole"],
      [{}, [{ ...TYPES[0]!, nightlyPrice: "12,345" }], "roomTypes[0].nightlyPrice", "services.errors.money"],
    ];
    for (const [overrides, types, field, error] of cases) {
      const res = await post(sol.cookie, NEW, blockForm(sol, overrides, types));
      expect(res.status, JSON.stringify(overrides) + field).toBe(400);
      expect((await json<Reply>(res)).result?.error?.[field], field).toEqual([error]);
    }
    expect((await blocksOf(sol.id)).length).toBe(count);
  });
});

describe("hotel block list and exports", () => {
  let a: Agency;
  let ids: Record<string, string>;
  const today = new Date();
  const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  beforeAll(async () => {
    a = await agencyWithData("Lista Hotéis");
    ids = {
      soon: await create(a, { title: "Release logo", checkIn: day(20), checkOut: day(23), releaseDate: day(3) }),
      passed: await create(a, { title: "Release passou", checkIn: day(10), checkOut: day(12), releaseDate: day(-2), hotelId: a.otherHotel, destinationId: a.otherDestination }),
      far: await create(a, { title: "Reveillon praia", checkIn: day(60), checkOut: day(65), releaseDate: day(30) }, [TYPES[0]!]),
    };
  });
  const list = async (query = "") => json<ListData>(await appRequest(`${LIST}${query}`, { cookie: a.cookie }));

  it("lists with availability and marks releases within 7 days or passed", async () => {
    const data = await list();
    expect(data.rows.map((r) => r.title)).toEqual(["Release passou", "Release logo", "Reveillon praia"]);
    expect(data.page.total).toBe(3);
    expect(data.rows.map((r) => r.mark)).toEqual(["passed", "close", null]);
    expect(data.rows[2]!.availability).toEqual({ total: 3, held: 0, sold: 0, free: 3 });
    expect(data.rows[0]!.hotelName).toBe("Pousada Mar Lista Hotéis");
  });

  it("filters by hotel, destination and check-in days, searches and sorts", async () => {
    expect((await list(`?fornecedor=${a.otherHotel}`)).rows.map((r) => r.id)).toEqual([ids.passed]);
    expect((await list(`?destino=${a.destination}`)).rows.map((r) => r.id)).toEqual([ids.soon, ids.far]);
    expect((await list(`?de=${day(15)}&ate=${day(60)}`)).rows.map((r) => r.id)).toEqual([ids.soon, ids.far]);
    expect((await list("?q=reveillon")).rows.map((r) => r.id)).toEqual([ids.far]);
    expect((await list("?q=luxo")).rows.map((r) => r.id)).toEqual([ids.passed, ids.soon]);
    expect((await list("?sort=title&dir=asc")).rows.map((r) => r.title)).toEqual(["Release logo", "Release passou", "Reveillon praia"]);
    expect((await list("?de=2027-02-30&fornecedor=a%20b&sort=x")).rows).toHaveLength(3);
  });

  it("exports the list's filter as CSV", async () => {
    const res = await appRequest(`${EXPORT}?destino=${a.destination}`, { cookie: a.cookie });
    expect(res.status).toBe(200);
    const lines = (await res.text()).replace(/^\uFEFF/, "").trim().split(/\r\n/);
    expect(lines[0]).toBe(HOTEL_BLOCK_CSV_COLUMNS.join(";"));
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain("Release logo");
    expect(lines[1]).toContain("Standard duplo x3 | Luxo triplo x2");
    expect(lines[1]).toContain("Café da manhã");
  });

  it("exports the rooming list for the hotel as CSV and PDF", async () => {
    const rooms = await roomsOf(ids.soon!);
    await post(a.cookie, editPath(ids.soon!), roomingForm(rooms, { 0: "Maria Silva\nJoão Silva", 4: "Carla Dias" }));
    const csv = await appRequest(roomingPath(ids.soon!, "csv"), { cookie: a.cookie });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    const lines = (await csv.text()).replace(/^\uFEFF/, "").trim().split(/\r\n/);
    expect(lines[0]).toBe(ROOMING_CSV_COLUMNS.join(";"));
    expect(lines).toHaveLength(6);
    expect(lines[1]).toBe(`Standard duplo;1;2;Maria Silva | João Silva;${day(20)};${day(23)};Café da manhã;`);
    expect(lines[5]).toBe(`Luxo triplo;2;3;Carla Dias;${day(20)};${day(23)};Café da manhã;`);
    const pdf = await appRequest(roomingPath(ids.soon!, "pdf"), { cookie: a.cookie });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(new TextDecoder("latin1").decode(bytes.slice(0, 5))).toBe("%PDF-");
    expect(bytes.length).toBeGreaterThan(1000);
    expect((await appRequest(roomingPath(ids.soon!, "xls"), { cookie: a.cookie })).status).toBe(404);
  });

  it("clones a block with its room types and an empty rooming list", async () => {
    const res = await post(a.cookie, editPath(ids.soon!), { intent: "clone" });
    expect(res.status).toBe(302);
    const copy = location(res)!.split("/").pop()!;
    expect((await blockOf(copy))!.title).toBe("Release logo (cópia)");
    const [types, original] = [await typesOf(copy), await typesOf(ids.soon!)];
    expect(types.map((t) => [t.name, t.quantity])).toEqual(original.map((t) => [t.name, t.quantity]));
    expect(types.map((t) => t.id)).not.toEqual(original.map((t) => t.id));
    const rooms = await roomsOf(copy);
    expect(rooms).toHaveLength(5);
    expect(rooms.every((r) => r.guests === "[]")).toBe(true);
  });

  it("archives for administrators and operations only", async () => {
    const id = await create(a, { title: "Para arquivar" });
    const before = await blockOf(id);
    expect((await post(a.agente, editPath(id), { intent: "archive" })).status).toBe(403);
    expect(await blockOf(id)).toEqual(before);
    const res = await post(a.cookie, editPath(id), { intent: "archive" });
    expect(res.status).toBe(302);
    expect(location(res)).toBe(LIST);
    expect((await blockOf(id))!.archived_at).not.toBeNull();
    expect((await list("?q=arquivar")).rows).toEqual([]);
    expect((await appRequest(editPath(id), { cookie: a.cookie })).status).toBe(404);
    expect((await appRequest(roomingPath(id, "csv"), { cookie: a.cookie })).status).toBe(404);
  });
});

describe("references", () => {
  it("a hotel or destination a live block uses cannot be deleted; once archived, it can", async () => {
    const a = await agencyWithData("Referências Hotéis");
    const id = await create(a, { title: "Usa o hotel" });
    const refused = await post(a.cookie, `/cadastros/fornecedores/editar/${a.hotel}`, { intent: "delete" });
    expect(refused.status).toBe(409);
    expect((await json<{ references: { count: number; label: string }[] }>(refused)).references).toEqual([{ count: 1, label: "services.blocks.references.hotelBlocks" }]);
    expect((await post(a.cookie, `/cadastros/destinos/editar/${a.destination}`, { intent: "delete" })).status).toBe(409);
    expect((await post(a.cookie, editPath(id), { intent: "archive" })).status).toBe(302);
    expect((await post(a.cookie, `/cadastros/fornecedores/editar/${a.hotel}`, { intent: "delete" })).status).toBe(302);
    expect((await post(a.cookie, `/cadastros/destinos/editar/${a.destination}`, { intent: "delete" })).status).toBe(302);
  });
});

describe("tenant isolation", () => {
  it("another agency's block is a 404 on every route and action, and nothing changes", async () => {
    const id = await create(sol, { title: "Só da Sol" });
    const rooms = await roomsOf(id);
    const before = await snapshot(id);
    const marCount = (await blocksOf(mar.id)).length;
    expect((await appRequest(editPath(id), { cookie: mar.cookie })).status).toBe(404);
    for (const format of ["csv", "pdf"]) expect((await appRequest(roomingPath(id, format), { cookie: mar.cookie })).status).toBe(404);
    const forms = [blockForm(mar, { version: "1" }, await storedTypes(id)), { intent: "archive" }, { intent: "clone" }, roomingForm(rooms, { 0: "Intruso" })];
    for (const form of forms) {
      const res = await post(mar.cookie, editPath(id), form);
      expect(res.status, JSON.stringify(form).slice(0, 40)).toBe(404);
    }
    expect(await snapshot(id)).toEqual(before);
    expect((await blocksOf(mar.id)).length).toBe(marCount);
    const marList = await json<ListData>(await appRequest(`${LIST}?size=100`, { cookie: mar.cookie }));
    expect(marList.rows.some((r) => r.id === id)).toBe(false);
    expect((await json<ListData>(await appRequest(`${LIST}?fornecedor=${sol.hotel}`, { cookie: mar.cookie }))).rows).toEqual([]);
    expect(await (await appRequest(EXPORT, { cookie: mar.cookie })).text()).not.toContain("Só da Sol");
    // Mar's form offers only Mar's hotels.
    const screen = await json<{ hotels: { value: string }[] }>(await appRequest(NEW, { cookie: mar.cookie }));
    expect(screen.hotels.map((h) => h.value).sort()).toEqual([mar.hotel, mar.otherHotel].sort());
    // Sol's room type ids posted in Mar's new block become Mar's own new rows.
    const created = await create(mar, { title: "Ids alheios" }, await storedTypes(id));
    expect((await typesOf(created)).some((t) => before.types.some((b) => b.id === t.id))).toBe(false);
    expect(await snapshot(id)).toEqual(before);
  });

  it("without a session goes to the login; an unknown id is a 404", async () => {
    const res = await appRequest(LIST);
    expect(res.status).toBe(302);
    expect(location(res)).toContain("/login?redirectTo=");
    for (const bad of ["42", uuidv7(), "a%20b"]) {
      expect((await appRequest(editPath(bad), { cookie: sol.cookie })).status).toBe(404);
      expect((await post(sol.cookie, editPath(bad), blockForm(sol, { version: "1" }))).status).toBe(404);
    }
  });
});

describe("arbitrary input", () => {
  it(`never answers 5xx, and a refused save writes nothing (${FUZZ_RUNS} runs)`, async () => {
    const a = await agencyWithData("Fuzz Hotéis");
    const id = await create(a, { title: "Alvo Fixo" });
    const rooms = await roomsOf(id);
    const text = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom("", " ", "0", "1", "-1", "3", "1001", "2027-12-20", "2027-12-24", "2027-02-30", "400,00", "12,345", "BRL", "XYZ", "breakfast", "all_inclusive", "save", "rooming"),
      fc.constantFrom(a.hotel, a.airline, mar.hotel, a.destination, mar.destination, id, rooms[0]!.id),
      fc.constantFrom("é".repeat(3000), "A\nB\nC\nD"),
    );
    const value = fc.oneof({ weight: 6, arbitrary: text }, { weight: 1, arbitrary: fc.array(text, { minLength: 2, maxLength: 3 }) });
    const keys = [
      "intent",
      "title",
      "hotelId",
      "destinationId",
      "checkIn",
      "checkOut",
      "mealPlan",
      "releaseDate",
      "currency",
      "notes",
      "version",
      "roomTypes[0].name",
      "roomTypes[0].quantity",
      "roomTypes[0].occupancy",
      "roomTypes[1].id",
      "roomTypes[1].quantity",
      "roomTypes[5].name",
      "roomTypes",
      `guests.${rooms[0]!.id}`,
      `version.${rooms[0]!.id}`,
    ];
    const fields = fc.dictionary(fc.constantFrom(...keys), value);
    const form = fc.oneof(fields, fields.map((f) => ({ ...blockForm(a, { version: "1" }), ...f })));
    let saves = 0;
    let refusals = 0;
    await fc.assert(
      fc.asyncProperty(fc.boolean(), form, async (isNew, posted) => {
        const before = await snapshot(id);
        const count = (await blocksOf(a.id)).length;
        const res = await post(a.cookie, isNew ? NEW : editPath(id), posted);
        expect(res.status).toBeLessThan(500);
        const body = res.status === 200 ? await json<Reply & { rooming?: { saved?: boolean } }>(res.clone()) : null;
        const wrote = isNew ? res.status === 302 : body?.saved === true || body?.rooming?.saved === true;
        const cloned = !isNew && res.status === 302;
        if (wrote) saves++;
        else refusals++;
        if (!wrote && !cloned) {
          expect((await blocksOf(a.id)).length).toBe(count);
          expect(await snapshot(id)).toEqual(before);
        }
        if (wrote && !isNew) {
          // Whatever was saved keeps the rooming list in step: one room per unit of each room type.
          const types = await typesOf(id);
          const stored = await roomsOf(id);
          for (const t of types) expect(stored.filter((r) => r.room_type_id === t.id && r.room_index <= t.quantity)).toHaveLength(t.quantity);
        }
      }),
      { numRuns: FUZZ_RUNS },
    );
    if (FUZZ_RUNS >= 200) expect(saves).toBeGreaterThan(0);
    expect(refusals).toBeGreaterThan(0);
  }, 600_000);
});
