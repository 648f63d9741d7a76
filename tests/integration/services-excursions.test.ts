/**
 * Excursions (Serviços → Excursões) through the real route table, middleware,
 * loaders and actions, on the real local D1:
 *  - create and edit with boarding points (times from the points' offsets when
 *    left empty, in time order, stable ids), price tiers and components; the
 *    charter's capacity and vehicle (by plate); a plain capacity without one;
 *  - the slug: agency + title, a suffix when taken, a taken one refused on
 *    edit, kept once published; publishing only while open or closed;
 *  - status moves through the route: every refusal reachable (no price tier,
 *    no boarding point, unconfirmed holds, not departed, reason required) and
 *    cancelling notifies each seller with passengers once, nobody else; done
 *    and cancelled trips are read-only;
 *  - clone: every date shifted by the offset, children copied, passengers not;
 *  - the manifest lock: a non-Admin's change of the locked facts refused (403,
 *    nothing changed), an Admin's allowed;
 *  - list, CSV, prefill from a charter;
 *  - tenant isolation on every route and intent (404, nothing changes);
 *  - a property test of ≥ FUZZ_RUNS posts: no 5xx, nothing written unless saved.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it } from "vitest";
import { EXCURSION_CSV_COLUMNS } from "~/lib/excursions/excursion";
import type { ExcursionListRow } from "~/lib/excursions/excursion.server";
import { capacityOf, templateLayout } from "~/lib/services/seat-layout";
import { appRequest, json } from "./harness";
import { createAgency, createUser, signIn } from "./fixtures";
import { FUZZ_RUNS } from "./fuzz";

const LIST = "/servicos/excursoes";
const NEW = `${LIST}/novo`;
const EXPORT = `${LIST}/exportar`;
const editPath = (id: string) => `${LIST}/editar/${id}`;
const clonePath = (id: string) => `${LIST}/clonar/${id}`;
const location = (res: Response) => res.headers.get("Location");
const DAY = 86_400_000;
const now = () => new Date().toISOString();

type User = { id: string; cookie: string };
type Agency = {
  id: string;
  slug: string;
  admin: User;
  agente: User;
  operacional: User;
  places: string[];
  points: string[];
  charter: string;
  charterCapacity: number;
  vehicle: string;
  guide: string;
  driver: string;
};

const run = (sql: string, ...params: unknown[]) => env.DB.prepare(sql).bind(...params).run();
const all = async <T,>(sql: string, ...params: unknown[]) => (await env.DB.prepare(sql).bind(...params).all<T>()).results;
const first = <T,>(sql: string, ...params: unknown[]) => env.DB.prepare(sql).bind(...params).first<T>();

async function user(agencyId: string, role: string, name: string): Promise<User> {
  const u = await createUser({ role, agencyId, name });
  return { id: u.id, cookie: await signIn(u.email) };
}

async function agencyWithData(name: string): Promise<Agency> {
  const agency = await createAgency(name);
  const { slug } = (await first<{ slug: string }>("select slug from agency where id = ?", agency.id))!;
  const t = now();
  const company = uuidv7();
  await run("insert into supplier (id, agency_id, name, category, search_text, created_at, updated_at) values (?, ?, ?, 'bus_company', ?, ?, ?)", company, agency.id, `Viação ${name}`, "viacao", t, t);
  const places = [uuidv7(), uuidv7()];
  for (const [i, p] of places.entries()) {
    await run("insert into destination (id, agency_id, name, search_text, created_at, updated_at) values (?, ?, ?, ?, ?, ?)", p, agency.id, ["Gramado", "Canela"][i], "x", t, t);
  }
  const points = [uuidv7(), uuidv7(), uuidv7()];
  for (const [i, p] of points.entries()) {
    await run(
      "insert into boarding_point (id, agency_id, name, city, default_offset_minutes, search_text, created_at, updated_at) values (?, ?, ?, 'São Paulo', ?, ?, ?, ?)",
      p,
      agency.id,
      ["Metrô Tatuapé", "Rodoviária Tietê", "Metrô Barra Funda"][i],
      [0, 30, 50][i],
      `p${i}`,
      t,
      t,
    );
  }
  const layout = templateLayout("micro_onibus");
  const charter = uuidv7();
  await run(
    "insert into ground_charter (id, agency_id, title, supplier_id, vehicle_type, vehicle_plate, seat_layout, capacity, origin, destination_name, destination_id, departure_at, return_at, currency, created_at, updated_at) values (?, ?, ?, ?, 'micro_onibus', 'OUV1A93', ?, ?, 'São Paulo - SP', 'Gramado - RS', ?, '2027-12-11T00:00:00.000Z', '2027-12-15T21:00:00.000Z', 'BRL', ?, ?)",
    charter,
    agency.id,
    `Gramado micro ${name}`,
    company,
    JSON.stringify(layout),
    capacityOf(layout).sellable,
    places[0],
    t,
    t,
  );
  const vehicle = uuidv7();
  await run("insert into fleet_vehicle (id, agency_id, plate, model, type, seats, search_text, created_at, updated_at) values (?, ?, 'OUV1A93', 'Marcopolo Volare', 'minibus', 28, 'ouv', ?, ?)", vehicle, agency.id, t, t);
  const guide = uuidv7();
  await run("insert into guide (id, agency_id, name, search_text, created_at, updated_at) values (?, ?, 'Lúcia Guia', 'lucia', ?, ?)", guide, agency.id, t, t);
  const driver = uuidv7();
  await run(
    "insert into driver (id, agency_id, name, cnh_number, cnh_category, cnh_expiry, search_text, created_at, updated_at) values (?, ?, 'José Motorista', '12345678900', 'D', '2030-01-01', 'jose', ?, ?)",
    driver,
    agency.id,
    t,
    t,
  );
  return {
    id: agency.id,
    slug,
    admin: await user(agency.id, "Admin", `Admin ${name}`),
    agente: await user(agency.id, "Agente", `Agente ${name}`),
    operacional: await user(agency.id, "Operacional", `Operacional ${name}`),
    places,
    points,
    charter,
    charterCapacity: capacityOf(layout).sellable,
    vehicle,
    guide,
    driver,
  };
}

const excursionForm = (a: Agency, overrides: Record<string, string> = {}): Record<string, string> => ({
  intent: "save",
  title: "Gramado Natal Luz",
  slug: "",
  summary: "Cinco dias na Serra Gaúcha.",
  destinationId: a.places[0]!,
  departureAt: "2027-12-10T21:00",
  returnAt: "2027-12-15T18:00",
  charterId: a.charter,
  capacity: "",
  vehicleId: "",
  minPassengers: "15",
  "boardings[0].boardingPointId": a.points[0]!,
  "boardings[0].departureAt": "2027-12-10T21:00",
  // Empty: the departure plus the point's 30 minutes.
  "boardings[1].boardingPointId": a.points[1]!,
  "boardings[1].departureAt": "",
  "prices.double.adult": "1.890,00",
  "prices.child.child": "990,00",
  "components[0].ref": `guide:${a.guide}`,
  "components[1].ref": `driver:${a.driver}`,
  "components[1].notes": "Primeiro motorista",
  includes: "Ônibus executivo\nGuia acompanhante",
  excludes: "Refeições",
  cancellationPolicy: "Até 30 dias antes: reembolso integral.",
  currency: "BRL",
  ...overrides,
});

/** A form without price tiers and boarding points (a bare draft). */
const bareForm = (a: Agency, overrides: Record<string, string> = {}) => {
  const f = excursionForm(a, overrides);
  for (const k of Object.keys(f)) if (k.startsWith("boardings") || k.startsWith("prices")) delete f[k];
  return f;
};

async function post(cookie: string, path: string, form: Record<string, string>) {
  return appRequest(path, { cookie, form });
}

async function create(a: Agency, form: Record<string, string> = excursionForm(a)): Promise<string> {
  const res = await post(a.admin.cookie, NEW, form);
  expect(res.status, await res.clone().text()).toBe(302);
  const id = location(res)!.split("/").pop()!;
  expect(location(res)).toBe(editPath(id));
  return id;
}

type ExcursionDb = {
  id: string;
  title: string;
  slug: string;
  status: string;
  status_reason: string | null;
  departure_at: string;
  return_at: string;
  charter_id: string | null;
  capacity: number;
  vehicle_id: string | null;
  published: number;
  published_at: string | null;
  cloned_from: string | null;
  version: number;
};
const rowOf = (id: string) => first<ExcursionDb>("select * from excursion where id = ?", id);
const rowsOf = (agencyId: string) => all<ExcursionDb>("select * from excursion where agency_id = ? order by id", agencyId);
const boardingsOf = (id: string) => all<{ id: string; boarding_point_id: string; departure_at: string; position: number; archived_at: string | null }>("select * from excursion_boarding where excursion_id = ? order by departure_at, id", id);
const pricesOf = (id: string) => all<{ room_type: string; age_band: string; price_cents: number }>("select room_type, age_band, price_cents from excursion_price where excursion_id = ? order by room_type, age_band", id);
const componentsOf = (id: string) =>
  all<{ id: string; kind: string; guide_id: string | null; driver_id: string | null; notes: string | null }>("select id, kind, guide_id, driver_id, notes from excursion_component where excursion_id = ? order by position", id);
const childrenOf = async (id: string) => ({ boardings: await boardingsOf(id), prices: await pricesOf(id), components: await componentsOf(id) });
const auditsOf = (id: string) => all<{ action: string; changes: string }>("select action, changes from audit_entry where entity = 'excursion' and entity_id = ? order by created_at, id", id);

async function passenger(a: Agency, excursionId: string, p: { status: string; soldBy?: string | null; holdExpiresAt?: string | null; seat?: string | null }) {
  const id = uuidv7();
  const t = now();
  await run(
    "insert into excursion_passenger (id, agency_id, excursion_id, sold_by, status, hold_expires_at, seat, name, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    id,
    a.id,
    excursionId,
    p.soldBy ?? null,
    p.status,
    p.holdExpiresAt ?? null,
    p.seat ?? null,
    `Passageiro ${id.slice(-4)}`,
    t,
    t,
  );
  return id;
}

type Reply = { result?: { status: string; error?: Record<string, string[]> }; saved?: boolean; moveError?: string; moved?: string; lockError?: string; readOnly?: boolean };
const errorsOf = async (res: Response) => (await json<Reply>(res)).result?.error ?? {};
const move = (cookie: string, id: string, to: string, reason?: string) => post(cookie, editPath(id), { intent: "move", to, ...(reason !== undefined ? { reason } : {}) });

let sol: Agency;
let mar: Agency;
beforeAll(async () => {
  sol = await agencyWithData("Sol Excursões");
  mar = await agencyWithData("Mar Excursões");
});

describe("create and edit", () => {
  it("saves the excursion with its boarding points, price tiers and components, the charter's capacity and vehicle", async () => {
    const id = await create(sol);
    const row = (await rowOf(id))!;
    expect(row.status).toBe("draft");
    expect(row.departure_at).toBe("2027-12-11T00:00:00.000Z");
    expect(row.return_at).toBe("2027-12-15T21:00:00.000Z");
    expect(row.capacity).toBe(sol.charterCapacity);
    // No vehicle chosen: the fleet's vehicle with the charter's plate.
    expect(row.vehicle_id).toBe(sol.vehicle);
    expect(row.slug).toBe(`${sol.slug}-gramado-natal-luz`);
    const boardings = await boardingsOf(id);
    expect(boardings.map((b) => [b.boarding_point_id, b.departure_at, b.position])).toEqual([
      [sol.points[0], "2027-12-11T00:00:00.000Z", 0],
      [sol.points[1], "2027-12-11T00:30:00.000Z", 1],
    ]);
    expect(await pricesOf(id)).toEqual([
      { room_type: "child", age_band: "child", price_cents: 99_000 },
      { room_type: "double", age_band: "adult", price_cents: 189_000 },
    ]);
    const components = await componentsOf(id);
    expect(components.map((c) => [c.kind, c.guide_id, c.driver_id, c.notes])).toEqual([
      ["guide", sol.guide, null, null],
      ["driver", null, sol.driver, "Primeiro motorista"],
    ]);
    expect((await auditsOf(id)).map((a) => a.action)).toEqual(["create"]);

    const screen = await json<{ formValues: { boardings: { id: string; departureAt: string }[] }; availability: { capacity: number; free: number }; layout: unknown }>(
      await appRequest(editPath(id), { cookie: sol.admin.cookie }),
    );
    expect(screen.formValues.boardings.map((b) => b.departureAt)).toEqual(["2027-12-10T21:00", "2027-12-10T21:30"]);
    expect(screen.availability).toMatchObject({ capacity: sol.charterCapacity, free: sol.charterCapacity });
    expect(screen.layout).not.toBeNull();
  });

  it("edits in place: boarding ids stay, a removed one goes, times reorder, a stale save writes nothing", async () => {
    const id = await create(sol, excursionForm(sol, { title: "Edição in place" }));
    const [b0, b1] = await boardingsOf(id);
    const res = await post(
      sol.admin.cookie,
      editPath(id),
      excursionForm(sol, {
        title: "Edição in place",
        version: "1",
        "boardings[0].id": b0!.id,
        "boardings[0].departureAt": "2027-12-10T22:00",
        "boardings[1].id": b1!.id,
        "boardings[1].departureAt": "2027-12-10T21:15",
        "prices.child.child": "",
        "components[1].ref": "",
        "components[1].notes": "",
      }),
    );
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await json<Reply>(res)).saved).toBe(true);
    const boardings = await boardingsOf(id);
    expect(boardings.map((b) => [b.id, b.departure_at, b.position])).toEqual([
      [b1!.id, "2027-12-11T00:15:00.000Z", 0],
      [b0!.id, "2027-12-11T01:00:00.000Z", 1],
    ]);
    expect(await pricesOf(id)).toHaveLength(1);
    expect((await componentsOf(id)).map((c) => c.kind)).toEqual(["guide"]);
    const before = await rowOf(id);
    const children = await childrenOf(id);
    const stale = await post(sol.admin.cookie, editPath(id), excursionForm(sol, { title: "Outra coisa", version: "1" }));
    expect(stale.status).toBe(409);
    expect(await rowOf(id)).toEqual(before);
    expect(await childrenOf(id)).toEqual(children);
  });

  it("without a charter the capacity is typed in (and required); bad references are field errors, nothing written", async () => {
    const count = (await rowsOf(sol.id)).length;
    let res = await post(sol.admin.cookie, NEW, excursionForm(sol, { charterId: "", capacity: "" }));
    expect(res.status).toBe(400);
    expect((await errorsOf(res)).capacity).toEqual(["services.excursions.errors.capacity"]);
    res = await post(sol.admin.cookie, NEW, excursionForm(sol, { charterId: mar.charter, "boardings[0].boardingPointId": mar.points[0]!, "components[0].ref": `guide:${mar.guide}`, destinationId: mar.places[0]!, vehicleId: mar.vehicle }));
    expect(res.status).toBe(400);
    const errors = await errorsOf(res);
    expect(errors.charterId).toEqual(["services.excursions.errors.charter"]);
    expect(errors.destinationId).toEqual(["services.excursions.errors.destination"]);
    expect(errors.vehicleId).toEqual(["services.excursions.errors.vehicle"]);
    expect(errors["boardings[0].boardingPointId"]).toEqual(["services.excursions.errors.boardingPoint"]);
    expect(errors["components[0].ref"]).toEqual(["services.excursions.errors.component"]);
    res = await post(sol.admin.cookie, NEW, excursionForm(sol, { returnAt: "2027-12-01T10:00", "boardings[0].departureAt": "2027-12-10T20:00" }));
    expect(res.status).toBe(400);
    expect((await errorsOf(res)).returnAt).toEqual(["services.errors.returnBeforeDeparture"]);
    expect((await rowsOf(sol.id)).length).toBe(count);

    const id = await create(sol, excursionForm(sol, { title: "Sem fretamento", charterId: "", capacity: "40" }));
    expect(await rowOf(id)).toMatchObject({ charter_id: null, capacity: 40, vehicle_id: null });
  });

  it("makes the slug unique across agencies, refuses a taken one on edit, keeps it once published, and publishes only an open or closed trip", async () => {
    const a = await create(sol, excursionForm(sol, { title: "Slug comum", slug: "slug-comum-excursao" }));
    const b = await create(mar, excursionForm(mar, { title: "Slug comum", slug: "slug-comum-excursao" }));
    expect((await rowOf(a))!.slug).toBe("slug-comum-excursao");
    expect((await rowOf(b))!.slug).toBe("slug-comum-excursao-2");
    let res = await post(mar.admin.cookie, editPath(b), excursionForm(mar, { title: "Slug comum", slug: "slug-comum-excursao", version: "1" }));
    expect(res.status).toBe(400);
    expect((await errorsOf(res)).slug).toEqual(["services.excursions.errors.slugTaken"]);
    // A draft is not published.
    res = await post(sol.admin.cookie, editPath(a), excursionForm(sol, { title: "Slug comum", slug: "slug-comum-excursao", version: "1", published: "on" }));
    expect(res.status).toBe(400);
    expect((await errorsOf(res)).published).toEqual(["services.excursions.errors.publishStatus"]);
    expect((await move(sol.admin.cookie, a, "open")).status).toBe(200);
    res = await post(sol.admin.cookie, editPath(a), excursionForm(sol, { title: "Slug comum", slug: "slug-comum-excursao", version: "2", published: "on" }));
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await rowOf(a))!.published_at).not.toBeNull();
    res = await post(sol.admin.cookie, editPath(a), excursionForm(sol, { title: "Slug comum", slug: "outro-endereco", version: "3", published: "on" }));
    expect(res.status).toBe(400);
    expect((await errorsOf(res)).slug).toEqual(["services.excursions.errors.slugKept"]);
  });

  it("prefills novo from a ground charter of the agency (?fretamento=), not from another agency's", async () => {
    const screen = await json<{ values: Record<string, string>; fromCharter: string | null }>(await appRequest(`${NEW}?fretamento=${sol.charter}`, { cookie: sol.admin.cookie }));
    expect(screen.values).toMatchObject({ title: "Gramado micro Sol Excursões", destinationId: sol.places[0], departureAt: "2027-12-10T21:00", returnAt: "2027-12-15T18:00", charterId: sol.charter, vehicleId: sol.vehicle, currency: "BRL" });
    expect(screen.fromCharter).toContain("Gramado micro");
    const other = await json<{ values: Record<string, string>; fromCharter: string | null }>(await appRequest(`${NEW}?fretamento=${mar.charter}`, { cookie: sol.admin.cookie }));
    expect(other.values.charterId).toBe("");
    expect(other.fromCharter).toBeNull();
  });
});

describe("status moves", () => {
  it("refuses to open without a price tier or a boarding point, and a move that is not allowed", async () => {
    const id = await create(sol, bareForm(sol, { title: "Sem preço" }));
    let res = await move(sol.admin.cookie, id, "open");
    expect(res.status).toBe(409);
    expect((await json<Reply>(res)).moveError).toBe("services.excursions.moves.refused.noPriceTier");
    await post(sol.admin.cookie, editPath(id), { ...bareForm(sol, { title: "Sem preço" }), "prices.double.adult": "100,00", version: "1" });
    res = await move(sol.admin.cookie, id, "open");
    expect(res.status).toBe(409);
    expect((await json<Reply>(res)).moveError).toBe("services.excursions.moves.refused.noBoardingPoint");
    res = await move(sol.admin.cookie, id, "done");
    expect((await json<Reply>(res)).moveError).toBe("services.excursions.moves.refused.notAllowed");
    res = await move(sol.admin.cookie, id, "nonsense");
    expect(res.status).toBe(400);
    expect((await rowOf(id))!.status).toBe("draft");
  });

  it("opens, refuses to close with unconfirmed holds (an expired hold does not count), closes, refuses done before departure", async () => {
    const id = await create(sol, excursionForm(sol, { title: "Ciclo de vida" }));
    let res = await move(sol.admin.cookie, id, "open");
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await json<Reply>(res)).moved).toBe("open");
    expect((await rowOf(id))!.status).toBe("open");
    const audits = await auditsOf(id);
    expect(JSON.parse(audits[audits.length - 1]!.changes)).toEqual({ status: ["draft", "open"] });

    const hold = await passenger(sol, id, { status: "held", holdExpiresAt: null, seat: "5" });
    res = await move(sol.admin.cookie, id, "closed");
    expect(res.status).toBe(409);
    expect((await json<Reply>(res)).moveError).toBe("services.excursions.moves.refused.unconfirmedHolds");
    await run("update excursion_passenger set hold_expires_at = ? where id = ?", new Date(Date.now() + DAY).toISOString(), hold);
    expect((await json<Reply>(await move(sol.admin.cookie, id, "closed"))).moveError).toBe("services.excursions.moves.refused.unconfirmedHolds");
    await run("update excursion_passenger set hold_expires_at = ? where id = ?", new Date(Date.now() - 60_000).toISOString(), hold);
    res = await move(sol.admin.cookie, id, "closed");
    expect(res.status).toBe(200);
    expect((await rowOf(id))!.status).toBe("closed");

    res = await move(sol.admin.cookie, id, "done");
    expect(res.status).toBe(409);
    expect((await json<Reply>(res)).moveError).toBe("services.excursions.moves.refused.notDeparted");
    // Departed (in the past): done.
    await run("update excursion set departure_at = '2020-01-01T10:00:00.000Z' where id = ?", id);
    expect((await move(sol.admin.cookie, id, "done")).status).toBe(200);
    expect((await rowOf(id))!.status).toBe("done");
  });

  it("cancels only with a reason, notifies each seller with passengers once and nobody else, then the trip is read-only", async () => {
    const id = await create(sol, excursionForm(sol, { title: "Vai cancelar" }));
    expect((await move(sol.admin.cookie, id, "open")).status).toBe(200);
    const other = await user(sol.id, "Agente", "Outro vendedor");
    const gone = await user(sol.id, "Agente", "Vendedor que desistiu");
    await passenger(sol, id, { status: "held", soldBy: sol.agente.id, seat: "1" });
    await passenger(sol, id, { status: "confirmed", soldBy: sol.agente.id, seat: "2" });
    await passenger(sol, id, { status: "confirmed", soldBy: other.id, seat: "3" });
    await passenger(sol, id, { status: "cancelled", soldBy: gone.id, seat: "4" });
    await passenger(sol, id, { status: "confirmed", soldBy: null, seat: "6" });
    const users = [sol.agente.id, other.id, gone.id, sol.admin.id];
    const notices = async () => all<{ user_id: string; title: string; link: string }>(`select user_id, title, link from notification where user_id in (${users.map(() => "?").join(",")})`, ...users);
    const before = await notices();

    let res = await move(sol.admin.cookie, id, "cancelled", "  ");
    expect(res.status).toBe(409);
    expect((await json<Reply>(res)).moveError).toBe("services.excursions.moves.refused.reasonRequired");
    expect((await rowOf(id))!.status).toBe("open");

    res = await move(sol.admin.cookie, id, "cancelled", "Estrada interditada");
    expect(res.status, await res.clone().text()).toBe(200);
    const row = (await rowOf(id))!;
    expect(row).toMatchObject({ status: "cancelled", status_reason: "Estrada interditada", published: 0 });
    const added = (await notices()).slice(before.length);
    expect(added.map((n) => n.user_id).sort()).toEqual([sol.agente.id, other.id].sort());
    for (const n of added) {
      expect(n.title).toContain("Vai cancelar");
      expect(n.link).toBe(editPath(id));
    }

    // Read-only: a save is refused, nothing changes; no more moves.
    const children = await childrenOf(id);
    res = await post(sol.admin.cookie, editPath(id), excursionForm(sol, { title: "Mudou", version: String(row.version) }));
    expect(res.status).toBe(409);
    expect((await json<Reply>(res)).readOnly).toBe(true);
    expect(await rowOf(id)).toEqual(row);
    expect(await childrenOf(id)).toEqual(children);
    expect((await move(sol.admin.cookie, id, "open")).status).toBe(409);
  });
});

describe("clone", () => {
  it("asks for the offset and title, then copies everything but passengers with every date shifted", async () => {
    const id = await create(sol, excursionForm(sol, { title: "Original" }));
    await passenger(sol, id, { status: "confirmed", seat: "7" });
    const screen = await json<{ defaults: { offsetDays: string; title: string } }>(await appRequest(clonePath(id), { cookie: sol.admin.cookie }));
    expect(screen.defaults).toEqual({ offsetDays: "7", title: "Original (cópia)" });

    const count = (await rowsOf(sol.id)).length;
    for (const offsetDays of ["366", "-400", "1.5", "", "sete"]) {
      const bad = await post(sol.admin.cookie, clonePath(id), { offsetDays, title: "Cópia" });
      expect(bad.status, offsetDays).toBe(400);
    }
    expect((await post(sol.admin.cookie, clonePath(id), { offsetDays: "7", title: "" })).status).toBe(400);
    expect((await rowsOf(sol.id)).length).toBe(count);

    const res = await post(sol.admin.cookie, clonePath(id), { offsetDays: "7", title: "Original — semana seguinte" });
    expect(res.status).toBe(302);
    const copyId = location(res)!.split("/").pop()!;
    expect(location(res)).toBe(editPath(copyId));
    const [src, copy] = [(await rowOf(id))!, (await rowOf(copyId))!];
    const shifted = (iso: string) => new Date(Date.parse(iso) + 7 * DAY).toISOString();
    expect(copy).toMatchObject({ title: "Original — semana seguinte", status: "draft", published: 0, cloned_from: id, charter_id: src.charter_id, capacity: src.capacity, vehicle_id: src.vehicle_id });
    expect(copy.departure_at).toBe(shifted(src.departure_at));
    expect(copy.return_at).toBe(shifted(src.return_at));
    expect(copy.slug).not.toBe(src.slug);
    const [from, to] = [await childrenOf(id), await childrenOf(copyId)];
    expect(to.boardings.map((b) => [b.boarding_point_id, b.departure_at])).toEqual(from.boardings.map((b) => [b.boarding_point_id, shifted(b.departure_at)]));
    expect(to.boardings.every((b, i) => b.id !== from.boardings[i]!.id)).toBe(true);
    expect(to.prices).toEqual(from.prices);
    expect(to.components.map((c) => [c.kind, c.guide_id, c.driver_id, c.notes])).toEqual(from.components.map((c) => [c.kind, c.guide_id, c.driver_id, c.notes]));
    expect(await all("select id from excursion_passenger where excursion_id = ?", copyId)).toEqual([]);

    const back = await post(sol.admin.cookie, clonePath(id), { offsetDays: "-3", title: "Três dias antes" });
    const backRow = (await rowOf(location(back)!.split("/").pop()!))!;
    expect(backRow.departure_at).toBe(new Date(Date.parse(src.departure_at) - 3 * DAY).toISOString());
  });
});

describe("the manifest lock", () => {
  it("refuses a non-Admin's change of dates, boarding, vehicle or crew once final (nothing changes); other fields and an Admin's save go through", async () => {
    const id = await create(sol, excursionForm(sol, { title: "Manifesto final" }));
    await run("update excursion set manifest_final_at = ? where id = ?", now(), id);
    const [b0, b1] = await boardingsOf(id);
    const [c0, c1] = await componentsOf(id);
    const same = { title: "Manifesto final", "boardings[0].id": b0!.id, "boardings[1].id": b1!.id, "components[0].id": c0!.id, "components[1].id": c1!.id };
    const before = await rowOf(id);
    const children = await childrenOf(id);
    const changes: Record<string, string>[] = [
      { departureAt: "2027-12-10T22:00", "boardings[0].departureAt": "2027-12-10T22:00" },
      { returnAt: "2027-12-16T18:00" },
      { "boardings[1].boardingPointId": sol.points[2]! },
      { "components[1].ref": "", "components[1].notes": "", "components[1].id": "" },
      { charterId: "", capacity: "20" },
    ];
    for (const change of changes) {
      const res = await post(sol.operacional.cookie, editPath(id), excursionForm(sol, { ...same, ...change, version: "1" }));
      expect(res.status, JSON.stringify(change)).toBe(403);
      expect((await json<Reply>(res)).lockError).toBe("services.excursions.errors.manifestLocked");
    }
    expect(await rowOf(id)).toEqual(before);
    expect(await childrenOf(id)).toEqual(children);

    let res = await post(sol.operacional.cookie, editPath(id), excursionForm(sol, { ...same, summary: "Resumo novo", version: "1" }));
    expect(res.status, await res.clone().text()).toBe(200);
    res = await post(sol.admin.cookie, editPath(id), excursionForm(sol, { ...same, returnAt: "2027-12-16T18:00", version: "2" }));
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await rowOf(id))!.return_at).toBe("2027-12-16T21:00:00.000Z");
    expect((await auditsOf(id)).length).toBe(3);
  });
});

describe("list and CSV", () => {
  it("lists the agency's excursions with seats held and confirmed, filters by status, and exports the filter", async () => {
    const a = await agencyWithData("Lista Excursões");
    const open = await create(a, excursionForm(a, { title: "Aberta" }));
    await create(a, excursionForm(a, { title: "Rascunho" }));
    await move(a.admin.cookie, open, "open");
    await passenger(a, open, { status: "held", seat: "1" });
    await passenger(a, open, { status: "confirmed", seat: "2" });
    await passenger(a, open, { status: "confirmed", seat: "3" });
    await passenger(a, open, { status: "held", seat: "4", holdExpiresAt: "2020-01-01T00:00:00.000Z" });
    const list = await json<{ rows: ExcursionListRow[] }>(await appRequest(LIST, { cookie: a.admin.cookie }));
    expect(list.rows.map((r) => r.title).sort()).toEqual(["Aberta", "Rascunho"]);
    expect(list.rows.find((r) => r.id === open)!.availability).toEqual({ capacity: a.charterCapacity, held: 1, confirmed: 2, free: a.charterCapacity - 3 });
    const filtered = await json<{ rows: ExcursionListRow[] }>(await appRequest(`${LIST}?status=open`, { cookie: a.admin.cookie }));
    expect(filtered.rows.map((r) => r.title)).toEqual(["Aberta"]);
    const csv = await appRequest(`${EXPORT}?status=open`, { cookie: a.admin.cookie });
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).replace(/^\uFEFF/, "").trim().split(/\r?\n/);
    expect(lines[0]!.split(";").length + lines[0]!.split(",").length - 1).toBeGreaterThanOrEqual(EXCURSION_CSV_COLUMNS.length);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("Aberta");
    expect(lines[1]).toContain("Metrô Tatuapé");
    const seatMap = await json<{ seats: Record<string, string> }>(await appRequest(editPath(open), { cookie: a.admin.cookie }));
    expect(seatMap.seats).toEqual({ 1: "held", 2: "sold", 3: "sold" });
  });

  it("sends a visitor to the login", async () => {
    const res = await appRequest(LIST);
    expect(res.status).toBe(302);
    expect(location(res)).toContain("/login?redirectTo=");
  });
});

describe("tenant isolation", () => {
  it("answers 404 to another agency on every route and intent, and changes nothing", async () => {
    const id = await create(sol, excursionForm(sol, { title: "Só da Sol" }));
    const before = await rowOf(id);
    const children = await childrenOf(id);
    for (const path of [editPath(id), clonePath(id)]) expect((await appRequest(path, { cookie: mar.admin.cookie })).status, path).toBe(404);
    for (const form of [
      excursionForm(mar, { version: "1" }),
      { intent: "move", to: "open" },
      { intent: "move", to: "cancelled", reason: "Não é minha" },
      { intent: "archive" },
      { intent: "image-remove", imageId: "x" },
    ]) {
      expect((await post(mar.admin.cookie, editPath(id), form)).status, form.intent).toBe(404);
    }
    expect((await post(mar.admin.cookie, clonePath(id), { offsetDays: "7", title: "Roubada" })).status).toBe(404);
    expect((await appRequest(`${LIST}/imagem/${uuidv7()}`, { cookie: mar.admin.cookie })).status).toBe(404);
    const list = await json<{ rows: ExcursionListRow[] }>(await appRequest(LIST, { cookie: mar.admin.cookie }));
    expect(list.rows.some((r) => r.id === id)).toBe(false);
    expect(await rowOf(id)).toEqual(before);
    expect(await childrenOf(id)).toEqual(children);
    expect((await rowsOf(mar.id)).some((r) => r.title === "Roubada")).toBe(false);
  });

  it("lets only administrators and operations archive, and not while passengers hold seats", async () => {
    const id = await create(sol, excursionForm(sol, { title: "Arquivar" }));
    expect((await post(sol.agente.cookie, editPath(id), { intent: "archive" })).status).toBe(403);
    const p = await passenger(sol, id, { status: "confirmed", seat: "9" });
    expect((await post(sol.admin.cookie, editPath(id), { intent: "archive" })).status).toBe(409);
    await run("update excursion_passenger set status = 'cancelled' where id = ?", p);
    const res = await post(sol.operacional.cookie, editPath(id), { intent: "archive" });
    expect(res.status).toBe(302);
    expect((await appRequest(editPath(id), { cookie: sol.admin.cookie })).status).toBe(404);
  });
});

describe("arbitrary input", () => {
  it(`never answers 5xx, and a refused save writes nothing (${FUZZ_RUNS} runs)`, async () => {
    const a = await agencyWithData("Fuzz Excursões");
    const id = await create(a, excursionForm(a, { title: "Alvo Fixo" }));
    const [b0] = await boardingsOf(id);
    const huge = "é".repeat(50_000);
    const text = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: "binary", maxLength: 60 }),
      fc.constantFrom("", " ", huge, "0", "1", "-1", "1001", "40", "on", "2027-12-10T21:00", "2027-13-10T21:00", "2027-02-30T10:00", "2020-01-01T00:00", "1.234,56", "-1,00", "BRL", "XYZ", "a--b", "open", "cancelled", "guide:x", "save", "move"),
      fc.constantFrom(a.charter, a.places[0]!, a.points[0]!, a.points[2]!, mar.points[0]!, mar.charter, `guide:${a.guide}`, `driver:${mar.driver}`, `hotel_block:${a.guide}`, id, b0!.id),
      fc.json({ maxDepth: 3 }),
    );
    const value = fc.oneof({ weight: 5, arbitrary: text }, { weight: 1, arbitrary: fc.array(text, { minLength: 2, maxLength: 3 }) });
    const keys = [
      "intent",
      "to",
      "reason",
      "title",
      "slug",
      "summary",
      "destinationId",
      "departureAt",
      "returnAt",
      "charterId",
      "capacity",
      "vehicleId",
      "minPassengers",
      "boardings[0].id",
      "boardings[0].boardingPointId",
      "boardings[0].departureAt",
      "boardings[3].boardingPointId",
      "boardings",
      "prices.double.adult",
      "prices.single",
      "prices.nope.adult",
      "prices",
      "components[0].ref",
      "components[2].notes",
      "components",
      "includes",
      "excludes",
      "currency",
      "published",
      "version",
      "boardings[99999].boardingPointId",
    ];
    const fields = fc.dictionary(fc.constantFrom(...keys), value);
    const form = fc.oneof(fields, fields.map((f) => ({ ...excursionForm(a, { version: "1" }), ...f })));
    let saves = 0;
    let refusals = 0;
    await fc.assert(
      fc.asyncProperty(fc.boolean(), form, async (isNew, posted) => {
        const before = await rowOf(id);
        const children = await childrenOf(id);
        const rows = (await rowsOf(a.id)).length;
        const res = await appRequest(isNew ? NEW : editPath(id), { cookie: a.admin.cookie, form: posted as Record<string, string | string[]> });
        expect(res.status).toBeLessThan(500);
        const body = res.status === 200 ? await json<Reply>(res.clone()) : null;
        const wrote = isNew ? res.status === 302 : body?.saved === true || body?.moved !== undefined || res.status === 302;
        if (wrote) saves++;
        else refusals++;
        if (!wrote) {
          expect((await rowsOf(a.id)).length).toBe(rows);
          expect(await rowOf(id)).toEqual(before);
          expect(await childrenOf(id)).toEqual(children);
        }
        if (wrote && !isNew && res.status === 200) {
          const saved = (await rowOf(id))!;
          expect(saved.return_at >= saved.departure_at).toBe(true);
        }
      }),
      { numRuns: FUZZ_RUNS },
    );
    if (FUZZ_RUNS >= 200) expect(saves).toBeGreaterThan(0);
    expect(refusals).toBeGreaterThan(0);
  }, 900_000);
});

describe("excursions as references", () => {
  /** A boarding point, guide, driver, fleet vehicle and ground charter of their own (the other tests' excursions use sol's). */
  async function freshRegisters(a: Agency) {
    const t = now();
    const point = uuidv7();
    await run(
      "insert into boarding_point (id, agency_id, name, city, default_offset_minutes, search_text, created_at, updated_at) values (?, ?, 'Metrô Santana', 'São Paulo', 10, 'santana', ?, ?)",
      point,
      a.id,
      t,
      t,
    );
    const guide = uuidv7();
    await run("insert into guide (id, agency_id, name, search_text, created_at, updated_at) values (?, ?, 'Rita Guia', 'rita', ?, ?)", guide, a.id, t, t);
    const driver = uuidv7();
    await run(
      "insert into driver (id, agency_id, name, cnh_number, cnh_category, cnh_expiry, search_text, created_at, updated_at) values (?, ?, 'Caio Motorista', '98765432100', 'D', '2030-01-01', 'caio', ?, ?)",
      driver,
      a.id,
      t,
      t,
    );
    const vehicle = uuidv7();
    await run("insert into fleet_vehicle (id, agency_id, plate, model, type, seats, search_text, created_at, updated_at) values (?, ?, 'REF2B34', 'Busscar', 'bus', 46, 'ref', ?, ?)", vehicle, a.id, t, t);
    const charter = uuidv7();
    const layout = templateLayout("micro_onibus");
    await run(
      "insert into ground_charter (id, agency_id, title, supplier_id, vehicle_type, vehicle_plate, seat_layout, capacity, origin, destination_name, destination_id, departure_at, return_at, currency, created_at, updated_at) values (?, ?, 'Fretamento referência', (select supplier_id from ground_charter where id = ?), 'micro_onibus', null, ?, ?, 'São Paulo - SP', 'Gramado - RS', ?, '2027-12-11T00:00:00.000Z', '2027-12-15T21:00:00.000Z', 'BRL', ?, ?)",
      charter,
      a.id,
      a.charter,
      JSON.stringify(layout),
      capacityOf(layout).sellable,
      a.places[0],
      t,
      t,
    );
    return { point, guide, driver, vehicle, charter };
  }

  const deleted = async (table: string, column: string, id: string) => (await first<{ at: string | null }>(`select ${column} as at from ${table} where id = ?`, id))!.at;

  it("refuses to delete a boarding point, guide, driver or vehicle, or to archive a charter, that a live excursion uses; allows it once the excursion is archived", async () => {
    const r = await freshRegisters(sol);
    const id = await create(
      sol,
      excursionForm(sol, {
        title: "Referências",
        charterId: r.charter,
        vehicleId: r.vehicle,
        "boardings[0].boardingPointId": r.point,
        "boardings[1].boardingPointId": sol.points[1]!,
        "components[0].ref": `guide:${r.guide}`,
        "components[1].ref": `driver:${r.driver}`,
      }),
    );
    expect(await rowOf(id)).toMatchObject({ charter_id: r.charter, vehicle_id: r.vehicle });

    const registers = [
      { path: `/cadastros/embarques/editar/${r.point}`, table: "boarding_point", id: r.point },
      { path: `/receptivo/guias/editar/${r.guide}`, table: "guide", id: r.guide },
      { path: `/receptivo/motoristas/editar/${r.driver}`, table: "driver", id: r.driver },
      { path: `/receptivo/frota/editar/${r.vehicle}`, table: "fleet_vehicle", id: r.vehicle },
    ];
    for (const reg of registers) {
      const res = await post(sol.admin.cookie, reg.path, { intent: "delete" });
      expect(res.status, reg.table).toBe(409);
      const body = await json<{ deleteError?: string; references?: { count: number; label: string }[] }>(res);
      expect(body.deleteError).toBe("records.delete.referenced");
      expect(body.references, reg.table).toEqual([{ count: 1, label: "services.references.excursions" }]);
      expect(await deleted(reg.table, "deleted_at", reg.id), reg.table).toBeNull();
    }
    const charterPath = `/servicos/fretamento-terrestre/editar/${r.charter}`;
    const refused = await post(sol.admin.cookie, charterPath, { intent: "archive" });
    expect(refused.status).toBe(409);
    const refusal = await json<{ archiveError?: string; references?: { count: number; label: string }[] }>(refused);
    expect(refusal.archiveError).toBe("services.archive.referenced");
    expect(refusal.references).toEqual([{ count: 1, label: "services.references.excursions" }]);
    expect(await deleted("ground_charter", "archived_at", r.charter)).toBeNull();

    // An archived excursion no longer holds them.
    expect((await post(sol.admin.cookie, editPath(id), { intent: "archive" })).status).toBe(302);
    for (const reg of registers) {
      expect((await post(sol.admin.cookie, reg.path, { intent: "delete" })).status, reg.table).toBe(302);
      expect(await deleted(reg.table, "deleted_at", reg.id), reg.table).not.toBeNull();
    }
    expect((await post(sol.admin.cookie, charterPath, { intent: "archive" })).status).toBe(302);
    expect(await deleted("ground_charter", "archived_at", r.charter)).not.toBeNull();
  });

  it("a boarding point removed from a live excursion no longer holds it", async () => {
    const r = await freshRegisters(sol);
    const form = excursionForm(sol, { title: "Embarque removido", "boardings[0].boardingPointId": r.point });
    const id = await create(sol, form);
    expect((await post(sol.admin.cookie, `/cadastros/embarques/editar/${r.point}`, { intent: "delete" })).status).toBe(409);
    // Passengers pointing at the boarding keep it (archived) on the excursion: one is held there.
    const [boarding] = (await boardingsOf(id)).filter((b) => b.boarding_point_id === r.point);
    const p = await passenger(sol, id, { status: "held" });
    await run("update excursion_passenger set boarding_id = ? where id = ?", boarding!.id, p);
    const version = (await rowOf(id))!.version;
    const saved = await post(sol.admin.cookie, editPath(id), { ...form, "boardings[0].boardingPointId": sol.points[0]!, version: String(version) });
    expect(saved.status, await saved.clone().text()).toBeLessThan(400);
    const kept = (await boardingsOf(id)).find((b) => b.boarding_point_id === r.point);
    expect(kept?.archived_at).not.toBeNull();
    expect((await post(sol.admin.cookie, `/cadastros/embarques/editar/${r.point}`, { intent: "delete" })).status).toBe(302);
  });
});
