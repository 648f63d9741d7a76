/**
 * Excursion sales (issue #16 item 3) through the real route table on the real
 * local D1, with the seat room (ExcursionSeats Durable Object):
 *  - hold / release / lapse: a hold past its expiry frees the seat for the next;
 *  - 10 sellers racing to hold and confirm the same seat: exactly one sale;
 *  - confirmation writes the plan's receivables (Σ = total) and turns the holds
 *    confirmed; after a lapse it is refused and writes nothing;
 *  - a confirmed sale's removal / addition / seat change, the titles as previewed;
 *  - cancellation frees the seats and refunds what was paid;
 *  - the room's handshake and its broadcast after a hold;
 *  - an Agente sees only their sales; another agency's sale is not found;
 *  - fuzzed intents: never a 500, nothing written on a refusal.
 */
import { env, runDurableObjectAlarm } from "cloudflare:test";
import fc from "fast-check";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureFinanceDefaults } from "~/lib/finance/defaults.server";
import { createDb } from "~/lib/platform/db.server";
import { templateLayout } from "~/lib/services/seat-layout";
import { appRequest, BASE_URL, json } from "./harness";
import { createAgency, createUser, seedDemo, signIn } from "./fixtures";
import { FUZZ_RUNS } from "./fuzz";
import worker from "./worker";

beforeAll(seedDemo);

const run = (sql: string, ...values: unknown[]) => env.DB.prepare(sql).bind(...values).run();
const first = <T>(sql: string, ...values: unknown[]) => env.DB.prepare(sql).bind(...values).first<T>();
const all = async <T>(sql: string, ...values: unknown[]) => (await env.DB.prepare(sql).bind(...values).all<T>()).results;

const DEPARTURE = "2099-07-10T23:00:00.000Z";
const RETURN = "2099-07-18T01:30:00.000Z";
const ADULT_DOUBLE = 150_000;
const CHILD_DOUBLE = 90_000;

type Seller = { id: string; cookie: string; agentId: string };
type World = {
  agencyId: string;
  admin: Seller;
  agente: Seller;
  excursionId: string;
  boardingId: string;
  clients: string[];
  newSeller: (role?: string) => Promise<Seller>;
};

async function world(name: string, { seats = true }: { seats?: boolean } = {}): Promise<World> {
  const agency = await createAgency(name);
  await run("update agency set time_zone = 'America/Sao_Paulo' where id = ?", agency.id);
  await ensureFinanceDefaults(createDb(env.DB), agency.id);
  const t = new Date().toISOString();
  const newSeller = async (role = "Agente"): Promise<Seller> => {
    const u = await createUser({ role, agencyId: agency.id, name: `${role} ${uuidv7().slice(-4)}` });
    const agentId = uuidv7();
    await run("insert into agent (id, agency_id, name, user_id, created_at, updated_at) values (?, ?, ?, ?, ?, ?)", agentId, agency.id, `Vendedor ${u.id.slice(-4)}`, u.id, t, t);
    return { id: u.id, cookie: await signIn(u.email), agentId };
  };
  const admin = await newSeller("Admin");
  const agente = await newSeller("Agente");
  const clients: string[] = [];
  for (const n of ["Maria Souza", "João Lima", "Ana Costa"]) {
    const id = uuidv7();
    await run("insert into client (id, agency_id, name, search_text, created_at, updated_at) values (?, ?, ?, ?, ?, ?)", id, agency.id, n, n.toLowerCase(), t, t);
    clients.push(id);
  }
  const supplierId = uuidv7();
  await run("insert into supplier (id, agency_id, kind, name, category, search_text, created_at, updated_at) values (?, ?, 'company', 'Viação', 'bus_company', '', ?, ?)", supplierId, agency.id, t, t);
  const destinationId = uuidv7();
  await run("insert into destination (id, agency_id, name, state, search_text, created_at, updated_at) values (?, ?, 'Gramado', 'RS', 'gramado', ?, ?)", destinationId, agency.id, t, t);
  let charterId: string | null = null;
  if (seats) {
    charterId = uuidv7();
    await run(
      `insert into ground_charter (id, agency_id, title, supplier_id, vehicle_type, vehicle_plate, seat_layout, capacity, origin, destination_name, departure_at, return_at, created_at, updated_at)
       values (?, ?, 'Ônibus 1', ?, 'executivo', 'ABC1D23', ?, 46, 'São Paulo - SP', 'Gramado - RS', ?, ?, ?, ?)`,
      charterId,
      agency.id,
      supplierId,
      JSON.stringify(templateLayout("executivo")),
      DEPARTURE,
      RETURN,
      t,
      t,
    );
  }
  const excursionId = uuidv7();
  await run(
    `insert into excursion (id, agency_id, title, slug, destination_id, departure_at, return_at, charter_id, capacity, currency, status, created_at, updated_at)
     values (?, ?, 'Gramado julho', ?, ?, ?, ?, ?, ?, 'BRL', 'open', ?, ?)`,
    excursionId,
    agency.id,
    `gramado-${excursionId.slice(-12)}`,
    destinationId,
    DEPARTURE,
    RETURN,
    charterId,
    seats ? 46 : 2,
    t,
    t,
  );
  const pointId = uuidv7();
  await run("insert into boarding_point (id, agency_id, name, address, city, state, created_at, updated_at) values (?, ?, 'Terminal Tietê', 'Av. Cruzeiro do Sul', 'São Paulo', 'SP', ?, ?)", pointId, agency.id, t, t);
  const boardingId = uuidv7();
  await run("insert into excursion_boarding (id, agency_id, excursion_id, boarding_point_id, departure_at, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)", boardingId, agency.id, excursionId, pointId, DEPARTURE, t, t);
  for (const [room, age, cents] of [
    ["double", "adult", ADULT_DOUBLE],
    ["double", "child", CHILD_DOUBLE],
    ["single", "adult", 200_000],
  ] as const) {
    await run("insert into excursion_price (id, agency_id, excursion_id, room_type, age_band, price_cents, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)", uuidv7(), agency.id, excursionId, room, age, cents, t, t);
  }
  return { agencyId: agency.id, admin, agente, excursionId, boardingId, clients, newSeller };
}

const MANAGE = (id: string) => `/vendas/excursoes/gerenciar/${id}`;

async function newSale(w: World, seller: Seller, clientId = w.clients[0]!): Promise<string> {
  const res = await appRequest("/vendas/excursoes/novo", { cookie: seller.cookie, form: { excursionId: w.excursionId, clientId, agentId: seller.agentId } });
  expect(res.status, await res.clone().text()).toBe(302);
  return res.headers.get("Location")!.split("/").pop()!;
}

const act = (id: string, seller: Seller, form: Record<string, string>) => appRequest(MANAGE(id), { cookie: seller.cookie, form });
const saleRow = (id: string) => first<{ status: string; version: number; price_cents: number; total_cents: number; discount_cents: number; passenger_count: number }>("select * from sale where id = ?", id);
const placesOf = (id: string) => all<{ id: string; seat: string | null; status: string; hold_expires_at: string | null; price_cents: number; sold_by: string }>("select * from excursion_passenger where sale_id = ? order by created_at, id", id);
const titlesOf = (id: string) => all<{ id: string; direction: string; party_kind: string; amount_cents: number; paid_cents: number; status: string }>("select * from finance_title where origin_kind = 'sale' and origin_id = ? order by direction, installment_no", id);
const version = async (id: string) => String((await saleRow(id))!.version);

/** Holds `seat`, then names the place and picks the boarding point. */
async function holdReady(w: World, seller: Seller, id: string, seat: string, { ageBand = "adult" } = {}) {
  const res = await act(id, seller, { intent: "hold", seat });
  if (res.status !== 200) return res;
  const place = (await placesOf(id)).find((p) => p.seat === seat && p.status === "held")!;
  return act(id, seller, { intent: "place", place: place.id, version: await version(id), name: `Passageiro ${seat}`, ageBand, roomType: "double", boardingId: w.boardingId });
}

describe("seat holds", () => {
  it("hold, taken, release, hold again; the draft's totals follow its places", async () => {
    const w = await world("Holds");
    const a = await newSale(w, w.admin);
    const b = await newSale(w, w.agente, w.clients[1]);
    const res = await act(a, w.admin, { intent: "hold", seat: "5" });
    expect(res.status).toBe(200);
    const [place] = await placesOf(a);
    expect(place).toMatchObject({ seat: "5", status: "held", sold_by: w.admin.id, price_cents: ADULT_DOUBLE });
    const left = Date.parse(place!.hold_expires_at!) - Date.now();
    expect(left).toBeGreaterThan(9 * 60_000);
    expect(left).toBeLessThanOrEqual(10 * 60_000);
    expect(await saleRow(a)).toMatchObject({ price_cents: ADULT_DOUBLE, total_cents: ADULT_DOUBLE, passenger_count: 1 });

    const taken = await act(b, w.agente, { intent: "hold", seat: "5" });
    expect(taken.status).toBe(409);
    expect(await json(taken)).toMatchObject({ ok: false, error: "sales.excursions.errors.taken" });
    expect(await placesOf(b)).toHaveLength(0);

    // Someone else cannot release another's hold (the Agente does not even see the sale).
    expect((await act(a, w.agente, { intent: "release", place: place!.id })).status).toBe(404);
    expect((await act(a, w.admin, { intent: "release", place: place!.id })).status).toBe(200);
    expect((await placesOf(a))[0]!.status).toBe("cancelled");
    expect(await saleRow(a)).toMatchObject({ price_cents: 0, total_cents: 0, passenger_count: 0 });
    expect((await act(b, w.agente, { intent: "hold", seat: "5" })).status).toBe(200);
  });

  it("refuses seats not on the map, blocked seats, and a trip that is not selling", async () => {
    const w = await world("Mapa");
    const a = await newSale(w, w.admin);
    expect((await act(a, w.admin, { intent: "hold", seat: "999" })).status).toBe(400);
    expect((await act(a, w.admin, { intent: "hold" })).status).toBe(400);
    await run("update excursion set status = 'closed' where id = ?", w.excursionId);
    const closed = await act(a, w.admin, { intent: "hold", seat: "3" });
    expect(closed.status).toBe(400);
    expect(await json(closed)).toMatchObject({ error: "sales.excursions.errors.notSelling" });
    expect(await placesOf(a)).toHaveLength(0);
  });

  it("a lapsed hold frees its seat for the next hold", async () => {
    const w = await world("Lapso");
    const a = await newSale(w, w.admin);
    const b = await newSale(w, w.agente, w.clients[1]);
    expect((await act(a, w.admin, { intent: "hold", seat: "9" })).status).toBe(200);
    await run("update excursion_passenger set hold_expires_at = ? where sale_id = ?", "2020-01-01T00:00:00.000Z", a);
    expect((await act(b, w.agente, { intent: "hold", seat: "9" })).status).toBe(200);
    expect((await placesOf(a))[0]!.status).toBe("cancelled");
    expect((await placesOf(b))[0]).toMatchObject({ seat: "9", status: "held" });
  });

  it("without a seat map: places without seat, up to the capacity", async () => {
    const w = await world("Sem mapa", { seats: false });
    const a = await newSale(w, w.admin);
    expect((await act(a, w.admin, { intent: "hold" })).status).toBe(200);
    expect((await act(a, w.admin, { intent: "hold", seat: "4" })).status).toBe(400);
    expect((await act(a, w.admin, { intent: "hold" })).status).toBe(200);
    const full = await act(a, w.admin, { intent: "hold" });
    expect(full.status).toBe(409);
    expect(await json(full)).toMatchObject({ error: "sales.excursions.errors.full" });
    expect((await placesOf(a)).map((p) => p.seat)).toEqual([null, null]);
  });
});

describe("a passenger who is not a client yet", () => {
  it("is registered with the client register's rules and set on the place; a duplicate CPF is refused", async () => {
    const w = await world("Novo cliente");
    const id = await newSale(w, w.admin);
    expect((await act(id, w.admin, { intent: "hold", seat: "8" })).status).toBe(200);
    const [place] = await placesOf(id);
    const bad = await act(id, w.admin, { intent: "newClient", place: place!.id, "newClient.name": "", "newClient.document": "123" });
    expect(bad.status).toBe(400);
    const ok = await act(id, w.admin, { intent: "newClient", place: place!.id, "newClient.name": "Pedro Álvares", "newClient.document": "529.982.247-25", "newClient.birthDate": "1990-05-01" });
    expect(ok.status, await ok.clone().text()).toBe(200);
    const created = await first<{ id: string; name: string }>("select id, name from client where agency_id = ? and name = 'Pedro Álvares'", w.agencyId);
    expect(created).not.toBeNull();
    expect(await first("select client_id, name, birth_date, document_type, document_number from excursion_passenger where id = ?", place!.id)).toEqual({
      client_id: created!.id,
      name: "Pedro Álvares",
      birth_date: "1990-05-01",
      document_type: "cpf",
      document_number: "52998224725",
    });
    const again = await act(id, w.admin, { intent: "newClient", place: place!.id, "newClient.name": "Outro Pedro", "newClient.document": "52998224725" });
    expect(again.status).toBe(409);
    expect(await first<{ n: number }>("select count(*) as n from client where agency_id = ? and name = 'Outro Pedro'", w.agencyId)).toEqual({ n: 0 });
  });
});

describe("10 sellers confirming the same seat at once", () => {
  it("gives exactly one sale, clear refusals to the others, never a 500", async () => {
    const w = await world("Corrida");
    const sellers = await Promise.all(Array.from({ length: 10 }, () => w.newSeller()));
    const sales = await Promise.all(sellers.map((s, i) => newSale(w, s, w.clients[i % 3])));
    const results = await Promise.all(
      sellers.map(async (s, i) => {
        const held = await holdReady(w, s, sales[i]!, "7");
        const confirm = await act(sales[i]!, s, { intent: "confirm", version: await version(sales[i]!) });
        return { held: held.status, confirm: confirm.status, body: await confirm.json() };
      }),
    );
    for (const r of results) {
      expect(r.held).toBeLessThan(500);
      expect(r.confirm).toBeLessThan(500);
    }
    expect(results.filter((r) => r.confirm === 200)).toHaveLength(1);
    expect(results.filter((r) => r.held === 409)).toHaveLength(9);
    for (const r of results.filter((r) => r.confirm !== 200)) expect(r.body).toMatchObject({ ok: false, error: "sales.errors.noItems" });
    const onSeat = await all<{ n: number }>("select count(*) as n from excursion_passenger where excursion_id = ? and seat = '7' and status = 'confirmed'", w.excursionId);
    expect(onSeat[0]!.n).toBe(1);
    const confirmed = await all<{ n: number }>("select count(*) as n from sale where excursion_id = ? and status = 'confirmed'", w.excursionId);
    expect(confirmed[0]!.n).toBe(1);
  });
});

describe("confirmation", () => {
  it("writes the plan's receivables (Σ = total) and turns the holds confirmed", async () => {
    const w = await world("Confirma");
    const id = await newSale(w, w.admin);
    expect((await holdReady(w, w.admin, id, "1")).status).toBe(200);
    expect((await holdReady(w, w.admin, id, "2", { ageBand: "child" })).status).toBe(200);
    const terms = await all<{ id: string; name: string }>("select id, name from payment_term where agency_id = ? and deleted_at is null", w.agencyId);
    const term = terms.find((x) => /3x|30\/60\/90|parc/i.test(x.name)) ?? terms[0]!;
    expect((await act(id, w.admin, { intent: "plan", version: await version(id), discount: "100,00", paymentTermId: term.id, paymentMethod: "boleto", firstDueDate: "2099-01-10" })).status).toBe(200);
    const before = (await saleRow(id))!;
    expect(before).toMatchObject({ price_cents: ADULT_DOUBLE + CHILD_DOUBLE, discount_cents: 10_000, total_cents: ADULT_DOUBLE + CHILD_DOUBLE - 10_000 });
    const res = await act(id, w.admin, { intent: "confirm", version: String(before.version) });
    expect(res.status, await res.clone().text()).toBe(200);
    const after = (await saleRow(id))!;
    expect(after.status).toBe("confirmed");
    expect((await placesOf(id)).every((p) => p.status === "confirmed" && p.hold_expires_at === null)).toBe(true);
    const receivables = (await titlesOf(id)).filter((x) => x.direction === "receivable");
    expect(receivables.length).toBeGreaterThanOrEqual(1);
    expect(receivables.reduce((s, x) => s + x.amount_cents, 0)).toBe(after.total_cents);
    // A second confirmation of the same version writes nothing more.
    const again = await act(id, w.admin, { intent: "confirm", version: String(before.version) });
    expect(again.status).toBe(409);
    expect(await titlesOf(id)).toHaveLength((await titlesOf(id)).length);
  });

  it("after a hold lapsed: refused with 'pick the seat again', nothing written", async () => {
    const w = await world("Lapsou");
    const id = await newSale(w, w.admin);
    expect((await holdReady(w, w.admin, id, "3")).status).toBe(200);
    await run("update excursion_passenger set hold_expires_at = ? where sale_id = ?", new Date(Date.now() - 1000).toISOString(), id);
    const before = (await saleRow(id))!;
    const audits = await first<{ n: number }>("select count(*) as n from audit_entry where agency_id = ?", w.agencyId);
    const res = await act(id, w.admin, { intent: "confirm", version: String(before.version) });
    expect(res.status).toBe(409);
    expect(await json(res)).toMatchObject({ error: "sales.errors.holdsLapsed" });
    expect(await saleRow(id)).toMatchObject({ status: "draft", version: before.version });
    expect(await titlesOf(id)).toHaveLength(0);
    expect((await placesOf(id))[0]!.status).toBe("held");
    expect(await first<{ n: number }>("select count(*) as n from audit_entry where agency_id = ?", w.agencyId)).toEqual(audits);
  });
});

async function confirmedSale(w: World, seats: string[]) {
  const id = await newSale(w, w.admin);
  for (const s of seats) expect((await holdReady(w, w.admin, id, s)).status).toBe(200);
  expect((await act(id, w.admin, { intent: "confirm", version: await version(id) })).status).toBe(200);
  return id;
}

const receivableSum = async (id: string) => (await titlesOf(id)).filter((x) => x.direction === "receivable" && x.status !== "cancelled").reduce((s, x) => s + x.amount_cents, 0);

describe("a confirmed sale's changes", () => {
  it("removal: previewed first (nothing written), then applied as previewed; the seat is free", async () => {
    const w = await world("Remove");
    const id = await confirmedSale(w, ["11", "12"]);
    const place = (await placesOf(id)).find((p) => p.seat === "12")!;
    const titles = await titlesOf(id);
    const preview = await act(id, w.admin, { intent: "remove", place: place.id, version: await version(id), preview: "1" });
    expect(preview.status).toBe(200);
    const body = await json<{ preview: { totalCents: number; receivableAfterCents: number; rows: unknown[] } }>(preview);
    expect(body.preview.totalCents).toBe(ADULT_DOUBLE);
    expect(body.preview.receivableAfterCents).toBe(ADULT_DOUBLE);
    expect(body.preview.rows.length).toBeGreaterThan(0);
    expect(await titlesOf(id)).toEqual(titles);
    expect((await act(id, w.admin, { intent: "remove", place: place.id, version: await version(id) })).status).toBe(200);
    expect(await receivableSum(id)).toBe(body.preview.receivableAfterCents);
    expect(await saleRow(id)).toMatchObject({ total_cents: ADULT_DOUBLE, passenger_count: 1 });
    expect((await placesOf(id)).find((p) => p.id === place.id)!.status).toBe("cancelled");
    const other = await newSale(w, w.admin, w.clients[1]);
    expect((await act(other, w.admin, { intent: "hold", seat: "12" })).status).toBe(200);
    // The last place cannot be removed: the sale is cancelled instead.
    const last = (await placesOf(id)).find((p) => p.status === "confirmed")!;
    expect((await act(id, w.admin, { intent: "remove", place: last.id, version: await version(id) })).status).toBe(400);
  });

  it("addition: a new hold applies with the previewed titles; a seat change moves the place", async () => {
    const w = await world("Adiciona");
    const id = await confirmedSale(w, ["20"]);
    expect((await holdReady(w, w.admin, id, "21")).status).toBe(200);
    expect((await saleRow(id))!.total_cents).toBe(ADULT_DOUBLE);
    const preview = await json<{ preview: { totalCents: number; receivableAfterCents: number } }>(await act(id, w.admin, { intent: "apply", version: await version(id), preview: "1" }));
    expect(preview.preview.totalCents).toBe(2 * ADULT_DOUBLE);
    expect((await act(id, w.admin, { intent: "apply", version: await version(id) })).status).toBe(200);
    expect(await receivableSum(id)).toBe(preview.preview.receivableAfterCents);
    expect((await placesOf(id)).filter((p) => p.status === "confirmed").map((p) => p.seat)).toEqual(["20", "21"]);

    const place = (await placesOf(id)).find((p) => p.seat === "20")!;
    expect((await act(id, w.admin, { intent: "move", place: place.id, seat: "21" })).status).toBe(409);
    expect((await act(id, w.admin, { intent: "move", place: place.id, seat: "30" })).status).toBe(200);
    expect((await placesOf(id)).find((p) => p.id === place.id)).toMatchObject({ seat: "30", status: "confirmed" });
    const other = await newSale(w, w.admin, w.clients[1]);
    expect((await act(other, w.admin, { intent: "hold", seat: "20" })).status).toBe(200);
  });

  it("cancellation frees the seats and refunds what the client paid", async () => {
    const w = await world("Cancela");
    const id = await confirmedSale(w, ["40", "41"]);
    const [firstTitle] = (await titlesOf(id)).filter((x) => x.direction === "receivable");
    await run("update finance_title set paid_cents = ?, status = 'partial', version = version + 1 where id = ?", 50_000, firstTitle!.id);
    expect((await act(id, w.admin, { intent: "cancel", version: await version(id), reason: "x" })).status).toBe(400);
    const res = await act(id, w.admin, { intent: "cancel", version: await version(id), reason: "Cliente desistiu" });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await saleRow(id))!.status).toBe("cancelled");
    expect((await placesOf(id)).every((p) => p.status === "cancelled")).toBe(true);
    const refund = (await titlesOf(id)).filter((x) => x.direction === "payable" && x.party_kind === "client");
    expect(refund.map((x) => x.amount_cents)).toEqual([50_000]);
    const other = await newSale(w, w.admin, w.clients[1]);
    expect((await act(other, w.admin, { intent: "hold", seat: "40" })).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------
// The room

async function connect(room: string, { cookie, origin = BASE_URL }: { cookie?: string; origin?: string | null }) {
  const headers = new Headers({ Upgrade: "websocket" });
  if (cookie) headers.set("Cookie", cookie);
  if (origin) headers.set("Origin", origin);
  return worker.fetch(new Request(`${BASE_URL}/parties/excursion-seats/${room}`, { headers }) as unknown as Request<unknown, IncomingRequestCfProperties>, env);
}

function open(res: Response) {
  const ws = res.webSocket!;
  const messages: { type: string; [k: string]: unknown }[] = [];
  ws.addEventListener("message", (e) => {
    messages.push(JSON.parse(e.data as string));
  });
  ws.accept();
  const until = async (test: () => boolean) => {
    const deadline = Date.now() + 5000;
    while (!test() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return messages;
  };
  return { ws, messages, until };
}

describe("the seat room", () => {
  it("refuses no session, another origin, another agency's room, an unknown excursion", async () => {
    const w = await world("Sala");
    const other = await world("Outra sala");
    const room = `${w.agencyId}:${w.excursionId}`;
    expect((await connect(room, {})).status).toBe(401);
    expect((await connect(room, { cookie: w.admin.cookie, origin: "https://evil.example" })).status).toBe(403);
    expect((await connect(room, { cookie: w.admin.cookie, origin: null })).status).toBe(403);
    expect((await connect(room, { cookie: other.admin.cookie })).status).toBe(403);
    expect((await connect(`${w.agencyId}:${other.excursionId}`, { cookie: w.admin.cookie })).status).toBe(404);
    const plain = await worker.fetch(new Request(`${BASE_URL}/parties/excursion-seats/${room}`, { method: "POST", body: "{}" }) as unknown as Request<unknown, IncomingRequestCfProperties>, env);
    expect(plain.status).toBe(404);
  });

  it("sends the seats on connect and broadcasts a hold and its release to every seller", async () => {
    const w = await world("Ao vivo");
    const room = `${w.agencyId}:${w.excursionId}`;
    const id = await newSale(w, w.admin);
    expect((await act(id, w.admin, { intent: "hold", seat: "2" })).status).toBe(200);
    const res = await connect(room, { cookie: w.agente.cookie });
    expect(res.status).toBe(101);
    const watcher = open(res);
    await watcher.until(() => watcher.messages.length >= 1);
    expect(watcher.messages[0]).toMatchObject({ type: "seats", seats: [{ seat: 2, state: "held", by: w.admin.id }] });
    expect((await act(id, w.admin, { intent: "hold", seat: "3" })).status).toBe(200);
    await watcher.until(() => watcher.messages.some((m) => m.type === "seat" && m.seat === 3));
    expect(watcher.messages.find((m) => m.type === "seat" && m.seat === 3)).toMatchObject({ state: "held", by: w.admin.id });
    const place = (await placesOf(id)).find((p) => p.seat === "3")!;
    expect((await act(id, w.admin, { intent: "release", place: place.id })).status).toBe(200);
    await watcher.until(() => watcher.messages.some((m) => m.type === "seat" && m.seat === 3 && m.state === "free"));
    expect(watcher.messages.some((m) => m.type === "seat" && m.seat === 3 && m.state === "free")).toBe(true);
    watcher.ws.close();
  });

  it("announces a lapsed hold as free when its alarm rings (D1 decides: a live hold stays held)", async () => {
    const w = await world("Alarme");
    const room = `${w.agencyId}:${w.excursionId}`;
    const id = await newSale(w, w.admin);
    expect((await act(id, w.admin, { intent: "hold", seat: "5" })).status).toBe(200);
    expect((await act(id, w.admin, { intent: "hold", seat: "6" })).status).toBe(200);
    const watcher = open(await connect(room, { cookie: w.agente.cookie }));
    await watcher.until(() => watcher.messages.length >= 1);
    await run("update excursion_passenger set hold_expires_at = ? where sale_id = ? and seat = '5'", new Date(Date.now() - 1000).toISOString(), id);
    const stub = env.ExcursionSeats.get(env.ExcursionSeats.idFromName(room));
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    await watcher.until(() => watcher.messages.some((m) => m.type === "seat" && m.seat === 5));
    const news = watcher.messages.filter((m) => m.type === "seat");
    expect(news).toEqual([{ type: "seat", seat: 5, state: "free", by: null, expiresAt: null }]);
    watcher.ws.close();
  });
});

describe("the seat room for the public excursion page", () => {
  /** Publishes the world's excursion (the public page's rule: published, on sale or with sales over). */
  async function publish(w: World): Promise<string> {
    await run("update excursion set published = 1 where id = ?", w.excursionId);
    return (await first<{ slug: string }>("select slug from excursion where id = ?", w.excursionId))!.slug;
  }
  const identities = (w: World, ...more: string[]) => [w.admin.id, w.agente.id, ...more];

  it("sends a visitor's socket the counts on connect and again when a seller holds a seat, never who holds it", async () => {
    const w = await world("Vitrine ao vivo");
    const slug = await publish(w);
    const id = await newSale(w, w.admin);
    expect((await act(id, w.admin, { intent: "hold", seat: "2" })).status).toBe(200);
    const seller = open(await connect(`${w.agencyId}:${w.excursionId}`, { cookie: w.agente.cookie }));
    const res = await connect(slug, {});
    expect(res.status).toBe(101);
    const visitor = open(res);
    await visitor.until(() => visitor.messages.length >= 1);
    expect(visitor.messages[0]).toEqual({ type: "places", places: { total: 46, held: 1, sold: 0, free: 45 } });
    // A message from a visitor changes nothing and is not answered (a ping is).
    visitor.ws.send(JSON.stringify({ type: "seat", seat: 9, state: "held", by: "x", expiresAt: null }));
    visitor.ws.send("ping");
    await visitor.until(() => visitor.messages.some((m) => m.type === "pong"));
    expect(visitor.messages.filter((m) => m.type !== "places")).toEqual([{ type: "pong" }]);

    expect((await act(id, w.admin, { intent: "hold", seat: "3" })).status).toBe(200);
    await visitor.until(() => visitor.messages.some((m) => m.type === "places" && (m.places as { held: number }).held === 2));
    expect(visitor.messages.at(-1)).toEqual({ type: "places", places: { total: 46, held: 2, sold: 0, free: 44 } });
    // The seller still gets the seat with its holder; the visitor got nothing but counts.
    await seller.until(() => seller.messages.some((m) => m.type === "seat" && m.seat === 3));
    expect(seller.messages.find((m) => m.type === "seat" && m.seat === 3)).toMatchObject({ state: "held", by: w.admin.id });
    const place = (await placesOf(id)).find((p) => p.seat === "3")!;
    expect((await act(id, w.admin, { intent: "release", place: place.id })).status).toBe(200);
    await visitor.until(() => visitor.messages.filter((m) => m.type === "places").length >= 3);
    expect(visitor.messages.at(-1)).toEqual({ type: "places", places: { total: 46, held: 1, sold: 0, free: 45 } });
    const everything = JSON.stringify(visitor.messages);
    for (const secret of identities(w, id, place.id, w.agencyId, w.excursionId)) expect(everything).not.toContain(secret);
    expect(visitor.messages.every((m) => m.type === "places" || m.type === "pong")).toBe(true);
    visitor.ws.close();
    seller.ws.close();
  });

  it("updates the counts of an excursion without a seat map", async () => {
    const w = await world("Vitrine sem mapa", { seats: false });
    const slug = await publish(w);
    const visitor = open(await connect(slug, {}));
    await visitor.until(() => visitor.messages.length >= 1);
    expect(visitor.messages[0]).toEqual({ type: "places", places: { total: 2, held: 0, sold: 0, free: 2 } });
    const id = await newSale(w, w.admin);
    expect((await act(id, w.admin, { intent: "hold" })).status).toBe(200);
    await visitor.until(() => visitor.messages.length >= 2);
    expect(visitor.messages[1]).toEqual({ type: "places", places: { total: 2, held: 1, sold: 0, free: 1 } });
    visitor.ws.close();
  });

  it("refuses the anonymous handshake for an unpublished, draft or unknown excursion, another origin, and an agency/excursion pair", async () => {
    const w = await world("Vitrine fechada");
    const slug = (await first<{ slug: string }>("select slug from excursion where id = ?", w.excursionId))!.slug;
    expect((await connect(slug, {})).status).toBe(404); // not published
    await publish(w);
    expect((await connect(slug, { origin: "https://evil.example" })).status).toBe(403);
    expect((await connect(slug, { origin: null })).status).toBe(403);
    expect((await connect("nao-existe-mesmo", {})).status).toBe(404);
    // The room's own name asks for a seller's session, even for a published excursion; a forged audience mark changes nothing.
    const forged = new Headers({ Upgrade: "websocket", Origin: BASE_URL, "x-rota-seat-audience": "public" });
    const pair = await worker.fetch(new Request(`${BASE_URL}/parties/excursion-seats/${w.agencyId}:${w.excursionId}`, { headers: forged }) as unknown as Request<unknown, IncomingRequestCfProperties>, env);
    expect(pair.status).toBe(401);
    await run("update excursion set status = 'draft' where id = ?", w.excursionId);
    expect((await connect(slug, {})).status).toBe(404);
    await run("update excursion set status = 'open', archived_at = ? where id = ?", new Date().toISOString(), w.excursionId);
    expect((await connect(slug, {})).status).toBe(404);
  });

  it("closes a visitor's socket once the excursion is unpublished (at the next change)", async () => {
    const w = await world("Vitrine despublicada");
    const slug = await publish(w);
    const visitor = open(await connect(slug, {}));
    await visitor.until(() => visitor.messages.length >= 1);
    let closed = 0;
    visitor.ws.addEventListener("close", (e) => {
      closed = e.code;
    });
    await run("update excursion set published = 0 where id = ?", w.excursionId);
    const id = await newSale(w, w.admin);
    expect((await act(id, w.admin, { intent: "hold", seat: "7" })).status).toBe(200);
    await visitor.until(() => closed !== 0);
    expect(closed).toBe(4404);
    expect(visitor.messages).toHaveLength(1);
  });
});

describe("who sees what", () => {
  it("an Agente sees only their own sales; another agency's sale is not found on any route", async () => {
    const w = await world("Papéis");
    const mine = await newSale(w, w.agente);
    const adminSale = await newSale(w, w.admin, w.clients[1]);
    const list = await json<{ rows: { id: string }[] }>(await appRequest("/vendas/excursoes", { cookie: w.agente.cookie }));
    expect(list.rows.map((r) => r.id)).toEqual([mine]);
    expect((await appRequest(MANAGE(adminSale), { cookie: w.agente.cookie })).status).toBe(404);
    expect((await act(adminSale, w.agente, { intent: "hold", seat: "1" })).status).toBe(404);
    const adminList = await json<{ rows: { id: string }[] }>(await appRequest("/vendas/excursoes", { cookie: w.admin.cookie }));
    expect(adminList.rows.map((r) => r.id).sort()).toEqual([mine, adminSale].sort());
    // An Agente sells only as themselves.
    const asOther = await appRequest("/vendas/excursoes/novo", { cookie: w.agente.cookie, form: { excursionId: w.excursionId, clientId: w.clients[0]!, agentId: w.admin.agentId } });
    expect(asOther.status).toBe(400);

    const other = await world("Alheia");
    for (const path of [MANAGE(mine)]) expect((await appRequest(path, { cookie: other.admin.cookie })).status).toBe(404);
    const before = await saleRow(mine);
    expect((await act(mine, other.admin, { intent: "hold", seat: "1" })).status).toBe(404);
    expect((await act(mine, other.admin, { intent: "cancel", version: "1", reason: "alheia" })).status).toBe(404);
    expect(await saleRow(mine)).toEqual(before);
    const foreign = await appRequest("/vendas/excursoes/novo", { cookie: other.admin.cookie, form: { excursionId: w.excursionId, clientId: other.clients[0]!, agentId: other.admin.agentId } });
    expect(foreign.status).toBe(400);
    const csv = await appRequest("/vendas/excursoes/exportar", { cookie: w.agente.cookie });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text.split("\n").filter(Boolean)).toHaveLength(2);
  });

  it("needs a session", async () => {
    const res = await appRequest("/vendas/excursoes");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toContain("/login");
  });
});

describe("fuzzed intents", () => {
  it("never answer 5xx and write nothing when refused", async () => {
    const w = await world("Fuzz");
    const id = await newSale(w, w.admin);
    const place = uuidv7();
    const value = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("1", "0", "999", "-1", "1,00", "abc", place, "2099-02-30", "adult", "double", "pix", ""));
    const form = fc.record(
      {
        intent: fc.constantFrom("hold", "release", "move", "place", "plan", "confirm", "apply", "remove", "cancel", "explode", ""),
        seat: value,
        place: value,
        version: value,
        preview: value,
        name: value,
        ageBand: value,
        roomType: value,
        paymentMethod: value,
        discount: value,
        downPayment: value,
        reason: fc.constantFrom("", "x"),
      },
      { requiredKeys: ["intent"] },
    );
    await fc.assert(
      fc.asyncProperty(form, async (f) => {
        const before = await saleRow(id);
        const places = (await placesOf(id)).length;
        const res = await act(id, w.admin, f as Record<string, string>);
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400) {
          expect(await saleRow(id)).toEqual(before);
          expect((await placesOf(id)).length).toBe(places);
        }
        // Keep the sale a draft with no place: release whatever a valid hold took.
        for (const p of await placesOf(id)) if (p.status === "held") await run("update excursion_passenger set status = 'cancelled' where id = ?", p.id);
        await run("update sale set status = 'draft', price_cents = 0, discount_cents = 0, total_cents = 0, margin_cents = 0, passenger_count = 0, cancelled_at = null, cancel_reason = null where id = ?", id);
      }),
      { numRuns: Math.min(FUZZ_RUNS, 300) },
    );
  });
});
