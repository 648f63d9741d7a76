/**
 * Reserving through the client portal (issue #21 item 2, last sentence; decision 0021 §7), through
 * the real route table on the local D1:
 *  - setting off: "quero reservar" offers no continuation and the reserve route is a 404;
 *  - setting on: the request registers the client (when the e-mail is new) and answers the portal
 *    sign-in with the e-mail, excursion and deal carried; the sign-in goes on to the reserve page;
 *    the reservation makes a draft excursion sale (no staff user) with its seats held, the boarding
 *    point and passengers, linked to the deal, the staff notified, and the trip on the dashboard;
 *  - two clients racing for one seat: exactly one gets it; a full departure is refused, nothing
 *    written; another agency's excursion is a 404; bad input gives field errors in the client's language.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { appRequest, json } from "./harness";
import { cookieFrom, freshIp, MAR, seedDemo, SOL } from "./fixtures";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const one = <T>(q: string, ...v: unknown[]) => env.DB.prepare(q).bind(...v).first<T>();
const all = async <T>(q: string, ...v: unknown[]) => (await env.DB.prepare(q).bind(...v).all<T>()).results;

type Trip = { id: string; slug: string; title: string };
let slug: string;
let seated: Trip;
let plain: Trip;
let marTrip: Trip;

const setPortalReservations = (agencyId: string, on: boolean) => env.DB.prepare("update agency set portal_reservations = ? where id = ?").bind(on ? 1 : 0, agencyId).run();

async function openTrip(agencyId: string, withSeats: boolean): Promise<Trip> {
  return (await one<Trip>(
    `select id, slug, title from excursion where agency_id = ? and published = 1 and status = 'open' and archived_at is null and charter_id is ${withSeats ? "not null" : "null"} order by departure_at limit 1`,
    agencyId,
  ))!;
}

const askToReserve = (trip: Trip, email: string, lang = "pt") =>
  appRequest(`/excursao/${trip.slug}`, {
    form: { name: `Cliente ${email.split("@")[0]}`, email, phone: "+55 11 98888-7777", departure: trip.id, passengers: "2" },
    headers: { "Accept-Language": lang, "cf-connecting-ip": freshIp() },
  });

type Answer = { sent: boolean; continueUrl: string | null };

async function mailedCode(email: string): Promise<string> {
  const mail = await one<{ subject: string }>("select subject from email_outbox where kind = 'portal-code' and to_address = ? order by id desc limit 1", email);
  return /\b(\d{6})\b/.exec(mail!.subject)![1]!;
}

/** Follows the continuation: asks the code with the carried fields, signs in, lands on the reserve page. */
async function continueToPortal(continueUrl: string): Promise<{ cookie: string; reservePath: string }> {
  const url = new URL(continueUrl, "http://localhost");
  const email = url.searchParams.get("email")!;
  const carry = { reservar: url.searchParams.get("reservar")!, negocio: url.searchParams.get("negocio")! };
  const page = await appRequest(`${url.pathname}${url.search}`);
  expect(page.status).toBe(200);
  expect(await json<{ email: string; reservar: string }>(page)).toMatchObject({ email, reservar: carry.reservar });
  expect((await appRequest(url.pathname, { form: { intent: "request", email, ...carry }, headers: { "cf-connecting-ip": freshIp() } })).status).toBe(200);
  const res = await appRequest(url.pathname, { form: { intent: "verify", email, code: await mailedCode(email), ...carry }, headers: { "cf-connecting-ip": freshIp() } });
  expect(res.status, await res.clone().text()).toBe(302);
  return { cookie: cookieFrom(res), reservePath: res.headers.get("Location")! };
}

/** A client of Sol signed in to the portal and on the reserve page of the trip (through the public continuation). */
async function clientOnReservePage(trip: Trip, email: string) {
  const answer = await json<Answer>(await askToReserve(trip, email));
  expect(answer.continueUrl).toBeTruthy();
  return continueToPortal(answer.continueUrl!);
}

type ReservePage = { trip: { free: number; maxPlaces: number; boardings: { id: string }[]; layout: unknown; taken: number[]; clientName: string } };

const freeSeats = async (path: string, cookie: string) => {
  const page = await json<ReservePage>(await appRequest(path, { cookie }));
  const layout = page.trip.layout as { decks: { rows: { kind: string; number: number; blocked?: boolean }[][] }[] };
  const seats = layout.decks.flatMap((d) => d.rows.flat()).filter((c) => c.kind === "seat" && !c.blocked).map((c) => c.number);
  return { page, free: seats.filter((s) => !page.trip.taken.includes(s)) };
};

beforeAll(async () => {
  await seedDemo();
  slug = (await one<{ slug: string }>("select slug from agency where id = ?", SOL.id))!.slug;
  seated = await openTrip(SOL.id, true);
  plain = await openTrip(SOL.id, false);
  marTrip = await openTrip(MAR.id, true);
});

describe("portal reservations off (the default)", () => {
  it("offers no continuation after quero reservar, and the reserve route is a 404 even for a signed-in client", async () => {
    await setPortalReservations(SOL.id, false);
    const res = await askToReserve(seated, "desligado@example.com");
    expect(res.status).toBe(200);
    const answer = await json<Answer>(res);
    expect(answer.sent).toBe(true);
    expect(answer.continueUrl).toBeNull();
    // No client is registered from the request while off.
    expect(await one("select id from client where agency_id = ? and emails like '%desligado@example.com%'", SOL.id)).toBeNull();
    // A client who signs in some other way still cannot reach the reserve page.
    await setPortalReservations(SOL.id, true);
    const { cookie, reservePath } = await clientOnReservePage(seated, "depois-desligado@example.com");
    await setPortalReservations(SOL.id, false);
    expect((await appRequest(reservePath, { cookie })).status).toBe(404);
    expect((await appRequest(reservePath, { cookie, headers: { "cf-connecting-ip": freshIp() }, form: { places: "1", "seats[0]": "1" } })).status).toBe(404);
  });
});

describe("portal reservations on", () => {
  beforeAll(async () => {
    await setPortalReservations(SOL.id, true);
  });

  it("registers the visitor as a client, carries the trip and deal through the sign-in, and reserves seats as a draft sale linked to the deal", async () => {
    const email = "reserva.portal@example.com";
    const res = await askToReserve(seated, email);
    expect(res.status).toBe(200);
    const answer = await json<Answer>(res);
    expect(answer.continueUrl).toMatch(new RegExp(`^/portal/${slug}/acesso\\?`));
    const client = await one<{ id: string; name: string }>("select id, name from client where agency_id = ? and emails like ?", SOL.id, `%${email}%`);
    expect(client).toBeTruthy();
    // The register's create: audited (no user), numbered.
    expect(await one("select id from audit_entry where entity = 'client' and entity_id = ? and action = 'create'", client!.id)).toBeTruthy();
    const dealId = new URL(answer.continueUrl!, "http://localhost").searchParams.get("negocio");
    const deal = await one<{ id: string; client_id: string; owner_user_id: string }>("select id, client_id, owner_user_id from deal where agency_id = ? and id = ?", SOL.id, dealId);
    expect(deal!.client_id).toBe(client!.id);
    expect(answer.continueUrl).toContain(`negocio=${deal!.id}`);

    const { cookie, reservePath } = await continueToPortal(answer.continueUrl!);
    expect(reservePath).toBe(`/portal/${slug}/reservar/${seated.id}?negocio=${deal!.id}`);
    const { page, free } = await freeSeats(reservePath, cookie);
    expect(page.trip.clientName).toBe(client!.name);
    const [a, b] = free;
    const boarding = page.trip.boardings[0]!.id;

    const made = await appRequest(reservePath, { cookie, headers: { "cf-connecting-ip": freshIp() }, form: { places: "2", boardingId: boarding, "seats[0]": String(a), "seats[1]": String(b), "names[0]": "Bruno Acompanhante", negocio: deal!.id } });
    expect(made.status, await made.clone().text()).toBe(302);
    expect(made.headers.get("Location")).toBe(`/portal/${slug}/dashboard?reservado=1`);

    const sale = await one<{ id: string; status: string; client_id: string; owner_user_id: string; created_by: string | null; passenger_count: number; total_cents: number }>(
      "select id, status, client_id, owner_user_id, created_by, passenger_count, total_cents from sale where agency_id = ? and client_id = ? and excursion_id = ?",
      SOL.id,
      client!.id,
      seated.id,
    );
    expect(sale).toMatchObject({ status: "draft", client_id: client!.id, created_by: null, passenger_count: 2 });
    // Sold by the deal's owner when they have an agent record, else by the first Admin who has one.
    const ownerAgent = await one("select id from agent where agency_id = ? and user_id = ? and deleted_at is null", SOL.id, deal!.owner_user_id);
    if (ownerAgent) expect(sale!.owner_user_id).toBe(deal!.owner_user_id);
    else expect(await one("select id from agent where agency_id = ? and user_id = ? and deleted_at is null", SOL.id, sale!.owner_user_id)).toBeTruthy();
    expect(sale!.total_cents).toBeGreaterThan(0);
    const places = await all<{ seat: string; status: string; name: string; client_id: string | null; boarding_id: string; hold_expires_at: string }>(
      "select seat, status, name, client_id, boarding_id, hold_expires_at from excursion_passenger where sale_id = ? order by seat + 0",
      sale!.id,
    );
    expect(places.map((p) => [p.seat, p.status, p.boarding_id])).toEqual([
      [String(Math.min(a!, b!)), "held", boarding],
      [String(Math.max(a!, b!)), "held", boarding],
    ]);
    expect(places.map((p) => p.name).sort()).toEqual(["Bruno Acompanhante", client!.name].sort());
    // Held for the agency to confirm (hours, not a seller's minutes).
    expect(Date.parse(places[0]!.hold_expires_at) - Date.now()).toBeGreaterThan(24 * 3_600_000);
    // The deal links the sale; the staff were told; the audit has the client's address and no user.
    expect((await one<{ sale_id: string }>("select sale_id from deal where id = ?", deal!.id))!.sale_id).toBe(sale!.id);
    const notice = await one<{ link: string }>("select link from notification where user_id = ? and link like ? limit 1", deal!.owner_user_id, `%${sale!.id}%`);
    expect(notice).toBeTruthy();
    const audit = await one<{ user_id: string | null; ip: string | null }>("select user_id, ip from audit_entry where entity = 'sale' and entity_id = ? and action = 'create'", sale!.id);
    expect(audit!.user_id).toBeNull();
    // The trip is on the client's dashboard, awaiting the agency.
    const dash = await json<{ reserved: boolean; trips: { rows: { id: string; status: string; passengers: { seat: string | null }[] }[] } }>(await appRequest(`/portal/${slug}/dashboard?reservado=1`, { cookie }));
    expect(dash.reserved).toBe(true);
    const trip = dash.trips.rows.find((r) => r.id === sale!.id);
    expect(trip).toMatchObject({ status: "draft" });
    expect(trip!.passengers.map((x) => x.seat).sort()).toEqual([String(a), String(b)].sort());
    // The deal is used once: a second reservation does not move its link.
    expect(await one("select count(*) n from deal where id = ? and sale_id = ?", deal!.id, sale!.id)).toEqual({ n: 1 });
  });

  it("answers bad input with field errors in the client's language and writes nothing", async () => {
    const { cookie, reservePath } = await clientOnReservePage(seated, "campos.invalidos@example.com");
    const before = (await one<{ n: number }>("select count(*) n from sale where agency_id = ?", SOL.id))!.n;
    const res = await appRequest(reservePath, { cookie, headers: { "cf-connecting-ip": freshIp(), "Accept-Language": "en" }, form: { places: "2", "seats[0]": "1" } });
    expect(res.status).toBe(400);
    const body = await json<{ result: { error: Record<string, string[]> } }>(res);
    expect(body.result.error["names[0]"]).toEqual(["portal.reserve.errors.name"]);
    expect(body.result.error.seats).toEqual(["portal.reserve.errors.seats"]);
    // A seat that is not on the map, a boarding point of no trip.
    const { page } = await freeSeats(reservePath, cookie);
    const wrongSeat = await appRequest(reservePath, { cookie, headers: { "cf-connecting-ip": freshIp() }, form: { places: "1", boardingId: page.trip.boardings[0]!.id, "seats[0]": "999" } });
    expect(wrongSeat.status).toBe(400);
    expect((await json<{ result: { error: Record<string, string[]> } }>(wrongSeat)).result.error.seats).toEqual(["portal.reserve.errors.seats"]);
    const wrongBoarding = await appRequest(reservePath, { cookie, headers: { "cf-connecting-ip": freshIp() }, form: { places: "1", boardingId: "nao-existe", "seats[0]": "1" } });
    expect((await json<{ result: { error: Record<string, string[]> } }>(wrongBoarding)).result.error.boardingId).toEqual(["portal.reserve.errors.boarding"]);
    expect((await one<{ n: number }>("select count(*) n from sale where agency_id = ?", SOL.id))!.n).toBe(before);
  });

  it("two clients racing for the same seat: exactly one gets it, the other is told and nothing of theirs is written", async () => {
    const first = await clientOnReservePage(seated, "corrida.um@example.com");
    const second = await clientOnReservePage(seated, "corrida.dois@example.com");
    const { page, free } = await freeSeats(first.reservePath, first.cookie);
    const seat = String(free[free.length - 1]);
    const boardingId = page.trip.boardings[0]!.id;
    const [r1, r2] = await Promise.all([
      appRequest(first.reservePath, { cookie: first.cookie, headers: { "cf-connecting-ip": freshIp() }, form: { places: "1", boardingId, "seats[0]": seat } }),
      appRequest(second.reservePath, { cookie: second.cookie, headers: { "cf-connecting-ip": freshIp() }, form: { places: "1", boardingId, "seats[0]": seat } }),
    ]);
    expect([r1.status, r2.status].sort()).toEqual([302, 409]);
    const loser = r1.status === 409 ? r1 : r2;
    expect((await json<{ result: { error: Record<string, string[]> } }>(loser)).result.error[""]).toEqual(["portal.reserve.errors.taken"]);
    const live = await all<{ sale_id: string }>("select sale_id from excursion_passenger where agency_id = ? and excursion_id = ? and seat = ? and status <> 'cancelled'", SOL.id, seated.id, seat);
    expect(live).toHaveLength(1);
    // The loser has no sale at all (one batch: the sale and its places, or nothing).
    const loserEmail = r1.status === 409 ? "corrida.um@example.com" : "corrida.dois@example.com";
    const loserClient = await one<{ id: string }>("select id from client where agency_id = ? and emails like ?", SOL.id, `%${loserEmail}%`);
    expect(await one("select id from sale where client_id = ? and excursion_id = ?", loserClient!.id, seated.id)).toBeNull();
  });

  it("refuses a full departure (no seat map: the capacity decides) and writes nothing", async () => {
    const { cookie, reservePath } = await clientOnReservePage(plain, "lotado@example.com");
    const page = await json<ReservePage>(await appRequest(reservePath, { cookie }));
    expect(page.trip.layout).toBeNull();
    const taken = (await one<{ n: number }>("select count(*) n from excursion_passenger where excursion_id = ? and (status = 'confirmed' or (status = 'held' and hold_expires_at > ?))", plain.id, new Date().toISOString()))!.n;
    await env.DB.prepare("update excursion set capacity = ? where id = ?").bind(Math.max(taken, 1), plain.id).run();
    if (taken === 0) {
      // Fill the only place with another client's reservation first.
      const other = await clientOnReservePage(plain, "ultimo.lugar@example.com");
      expect((await appRequest(other.reservePath, { cookie: other.cookie, headers: { "cf-connecting-ip": freshIp() }, form: { places: "1", boardingId: page.trip.boardings[0]?.id ?? "" } })).status).toBe(302);
    }
    const before = (await one<{ n: number }>("select count(*) n from sale where agency_id = ?", SOL.id))!.n;
    const res = await appRequest(reservePath, { cookie, headers: { "cf-connecting-ip": freshIp() }, form: { places: "1", boardingId: page.trip.boardings[0]?.id ?? "" } });
    expect(res.status).toBe(409);
    expect((await json<{ result: { error: Record<string, string[]> } }>(res)).result.error[""]).toEqual(["portal.reserve.errors.full"]);
    expect((await one<{ n: number }>("select count(*) n from sale where agency_id = ?", SOL.id))!.n).toBe(before);
  });

  it("another agency's excursion is a 404, page and post alike", async () => {
    const { cookie } = await clientOnReservePage(seated, "outra.agencia@example.com");
    const path = `/portal/${slug}/reservar/${marTrip.id}`;
    expect((await appRequest(path, { cookie })).status).toBe(404);
    expect((await appRequest(path, { cookie, headers: { "cf-connecting-ip": freshIp() }, form: { places: "1", "seats[0]": "1" } })).status).toBe(404);
    const me = await one<{ id: string }>("select id from client where agency_id = ? and emails like '%outra.agencia@example.com%'", SOL.id);
    expect(await one("select id from sale where client_id = ?", me!.id)).toBeNull();
  });
});
