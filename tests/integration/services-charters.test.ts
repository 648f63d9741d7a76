/**
 * Ground charters (Serviços → Fretamento Terrestre) through the real route
 * table, middleware, loaders and actions, on the real local D1:
 *  - create from a template with blocked seats (UTC departure from the agency's
 *    local time, capacity derived, audit entry, live counter), edit with the
 *    version check, history;
 *  - the seat layout posted as JSON is validated by its zod schema: a layout the
 *    schema refuses comes back as a field error and nothing is written;
 *  - the bus company must be the agency's supplier of category bus_company;
 *  - list (availability computed, filters by bus company and date range,
 *    search, sorts), CSV export, clone, archive (roles, counter);
 *  - tenant isolation on every route and action: another agency's id is a 404
 *    and nothing changes;
 *  - a property test: ≥ 1000 arbitrary posts (VITE_SERVICES_FUZZ_RUNS lowers it)
 *    never answer 5xx, and a refused one writes nothing.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it } from "vitest";
import { CHARTER_CSV_COLUMNS } from "~/lib/services/charter";
import type { CharterListRow } from "~/lib/services/charter.server";
import { setBlocked, templateLayout, type SeatLayout } from "~/lib/services/seat-layout";
import { appRequest, json } from "./harness";
import { createAgency, createUser, seedDemo, signIn } from "./fixtures";
import { FUZZ_RUNS } from "./fuzz";

const LIST = "/servicos/fretamento-terrestre";
const NEW = `${LIST}/novo`;
const EXPORT = `${LIST}/exportar`;
const editPath = (id: string) => `${LIST}/editar/${id}`;
const location = (res: Response) => res.headers.get("Location");


type Agency = { id: string; name: string; cookie: string; agente: string; busCompany: string; otherBus: string; hotel: string; destination: string };

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
  const destinationId = uuidv7();
  const now = new Date().toISOString();
  await env.DB.prepare("insert into destination (id, agency_id, name, state, search_text, created_at, updated_at) values (?, ?, 'Gramado', 'RS', 'gramado rs', ?, ?)")
    .bind(destinationId, agency.id, now, now)
    .run();
  return {
    ...agency,
    cookie: await signIn(admin.email),
    agente: await signIn(agente.email),
    busCompany: await supplierOf(agency.id, `Viação Serra ${name}`, "bus_company"),
    otherBus: await supplierOf(agency.id, `Expresso Sul ${name}`, "bus_company"),
    hotel: await supplierOf(agency.id, `Hotel ${name}`, "hotel"),
    destination: destinationId,
  };
}

/** The executivo template with seats 3 and 4 blocked (crew, broken). */
function layoutWithBlocks(): SeatLayout {
  let layout = templateLayout("executivo");
  layout = setBlocked(layout, { deck: 0, row: 1, column: 3 }, "crew");
  layout = setBlocked(layout, { deck: 0, row: 1, column: 4 }, "broken");
  return layout;
}

const charterForm = (a: Agency, overrides: Record<string, string> = {}) => ({
  intent: "save",
  title: "Gramado julho — ônibus 1",
  supplierId: a.busCompany,
  vehicleType: "executivo",
  vehiclePlate: "abc-1d23",
  seatLayout: JSON.stringify(layoutWithBlocks()),
  origin: "São Paulo - SP",
  stops: "Curitiba - PR\n  Florianópolis - SC  \n",
  destinationName: "Gramado - RS",
  destinationId: a.destination,
  departureAt: "2027-07-10T22:30",
  returnAt: "2027-07-17T08:00",
  cost: "18.500,00",
  currency: "BRL",
  anttAuthorization: "ANTT 123456/2027",
  anttValidUntil: "2027-07-31",
  notes: "Motoristas: João e Pedro",
  ...overrides,
});

type CharterDb = {
  id: string;
  agency_id: string;
  title: string;
  supplier_id: string;
  vehicle_type: string;
  vehicle_plate: string | null;
  seat_layout: string;
  capacity: number;
  stops: string;
  departure_at: string;
  return_at: string | null;
  cost_cents: number;
  archived_at: string | null;
  version: number;
  search_text: string;
  created_by: string | null;
};
const rowOf = (id: string) => env.DB.prepare("select * from ground_charter where id = ?").bind(id).first<CharterDb>();
const rowsOf = async (agencyId: string) => (await env.DB.prepare("select * from ground_charter where agency_id = ? order by id").bind(agencyId).all<CharterDb>()).results;
const counter = async (agencyId: string) =>
  (await env.DB.prepare("select live from register_count where agency_id = ? and entity = 'ground_charter'").bind(agencyId).first<{ live: number }>())?.live ?? 0;
const auditCount = async (id: string) => (await env.DB.prepare("select count(*) as n from audit_entry where entity_id = ?").bind(id).first<{ n: number }>())!.n;

async function post(cookie: string, path: string, form: Record<string, string | string[]>) {
  return appRequest(path, { cookie, form });
}

async function create(a: Agency, overrides: Record<string, string> = {}): Promise<string> {
  const res = await post(a.cookie, NEW, charterForm(a, overrides));
  expect(res.status, await res.clone().text()).toBe(302);
  const id = location(res)!.split("/").pop()!;
  expect(location(res)).toBe(editPath(id));
  return id;
}

type Reply = { result?: { status: string; error?: Record<string, string[]> }; saved?: boolean };
type ListData = { rows: CharterListRow[]; page: { total: number; next: string | null } };

let sol: Agency;
let mar: Agency;

beforeAll(async () => {
  await seedDemo();
  sol = await agencyWithData("Sol Fretamentos");
  mar = await agencyWithData("Mar Fretamentos");
});

describe("ground charter records", () => {
  it("creates a charter from a template with two blocked seats, in the agency's time zone", async () => {
    const before = await counter(sol.id);
    const id = await create(sol);
    const row = (await rowOf(id))!;
    expect(row).toMatchObject({
      agency_id: sol.id,
      title: "Gramado julho — ônibus 1",
      supplier_id: sol.busCompany,
      vehicle_type: "executivo",
      vehicle_plate: "ABC1D23",
      capacity: 44,
      // 22:30 in São Paulo (UTC−3) is 01:30 UTC the next day.
      departure_at: "2027-07-11T01:30:00.000Z",
      return_at: "2027-07-17T11:00:00.000Z",
      cost_cents: 1_850_000,
      archived_at: null,
      version: 1,
    });
    expect(JSON.parse(row.stops)).toEqual(["Curitiba - PR", "Florianópolis - SC"]);
    const layout = JSON.parse(row.seat_layout) as SeatLayout;
    expect(layout).toEqual(layoutWithBlocks());
    expect(row.search_text).toContain("gramado julho");
    expect(row.search_text).toContain("viacao serra");
    expect(row.created_by).not.toBeNull();
    expect(await counter(sol.id)).toBe(before + 1);
    expect(await auditCount(id)).toBe(1);

    // The edit screen shows the local time back, the layout as JSON, and the availability.
    const screen = await json<{ values: Record<string, string>; version: number; availability: unknown; history: { entries: unknown[] } }>(await appRequest(editPath(id), { cookie: sol.cookie }));
    expect(screen.values.departureAt).toBe("2027-07-10T22:30");
    expect(screen.values.returnAt).toBe("2027-07-17T08:00");
    expect(screen.values.cost).toBe("18.500,00");
    expect(JSON.parse(screen.values.seatLayout!)).toEqual(layoutWithBlocks());
    expect(screen.availability).toEqual({ total: 44, held: 0, sold: 0, free: 44 });
    expect(screen.history.entries).toHaveLength(1);
  });

  it("saves with the version and refuses a stale save without writing", async () => {
    const id = await create(sol, { title: "Para editar" });
    const layout = setBlocked(templateLayout("executivo"), { deck: 0, row: 2, column: 0 }, "crew");
    const res = await post(sol.cookie, editPath(id), charterForm(sol, { title: "Editado", version: "1", seatLayout: JSON.stringify(layout), supplierId: sol.otherBus }));
    expect(res.status).toBe(200);
    expect((await json<Reply>(res)).saved).toBe(true);
    const row = (await rowOf(id))!;
    expect(row).toMatchObject({ title: "Editado", version: 2, capacity: 45, supplier_id: sol.otherBus });
    expect(await auditCount(id)).toBe(2);
    const stale = await post(sol.cookie, editPath(id), charterForm(sol, { title: "Velho", version: "1" }));
    expect(stale.status).toBe(409);
    expect(await rowOf(id)).toEqual(row);
  });

  it("refuses a layout the schema refuses, with a field error, and writes nothing", async () => {
    const count = (await rowsOf(sol.id)).length;
    const duplicate = templateLayout("van");
    duplicate.decks[0]!.rows[2]![0] = { kind: "seat", number: 1 };
    const cases: [string, string][] = [
      [JSON.stringify(duplicate), "services.errors.layout.duplicate"],
      ["{not json", "services.errors.layout.invalid"],
      [JSON.stringify({ decks: [{ level: "lower", rows: [[{ kind: "aisle" }]] }] }), "services.errors.layout.noSeats"],
      [JSON.stringify({ decks: [{ level: "lower", rows: [[{ kind: "seat", number: 1 }], [{ kind: "seat", number: 2 }, { kind: "aisle" }]] }] }), "services.errors.layout.ragged"],
      [JSON.stringify({ decks: [{ level: "lower", rows: Array.from({ length: 31 }, (_, i) => [{ kind: "seat", number: i + 1 }]) }] }), "services.errors.layout.rows"],
      [JSON.stringify({ decks: [{ level: "lower", rows: [[{ kind: "seat", number: 1, blocked: "sold" }]] }] }), "services.errors.layout.invalid"],
      [JSON.stringify({ decks: [{ level: "lower", rows: [[{ kind: "seat", number: 1, blocked: "crew" }]] }] }), "services.errors.noSellableSeats"],
    ];
    for (const [seatLayout, error] of cases) {
      const res = await post(sol.cookie, NEW, charterForm(sol, { seatLayout }));
      expect(res.status, seatLayout.slice(0, 60)).toBe(400);
      expect((await json<Reply>(res)).result?.error?.seatLayout).toEqual([error]);
    }
    expect((await rowsOf(sol.id)).length).toBe(count);

    // On an edit too: the stored layout stays.
    const id = await create(sol, { title: "Layout guardado" });
    const before = await rowOf(id);
    const res = await post(sol.cookie, editPath(id), charterForm(sol, { version: "1", seatLayout: JSON.stringify(duplicate) }));
    expect(res.status).toBe(400);
    expect((await json<Reply>(res)).result?.error?.seatLayout).toEqual(["services.errors.layout.duplicate"]);
    expect(await rowOf(id)).toEqual(before);
  });

  it("without a posted layout (no JavaScript), starts from the vehicle type's template", async () => {
    const id = await create(sol, { seatLayout: "", vehicleType: "double_decker", title: "DD sem JS" });
    expect((await rowOf(id))!.capacity).toBe(60);
  });

  it("takes only the agency's bus companies, and refuses other field errors", async () => {
    const count = (await rowsOf(sol.id)).length;
    const cases: [Record<string, string>, string, string][] = [
      [{ supplierId: sol.hotel }, "supplierId", "services.errors.supplierCategory"],
      [{ supplierId: mar.busCompany }, "supplierId", "services.errors.supplier"],
      [{ supplierId: "" }, "supplierId", "services.errors.supplier"],
      [{ destinationId: mar.destination }, "destinationId", "services.errors.destination"],
      [{ departureAt: "2027-02-30T10:00" }, "departureAt", "services.errors.dateTime"],
      [{ returnAt: "2027-07-01T10:00" }, "returnAt", "services.errors.returnBeforeDeparture"],
      [{ cost: "12,345" }, "cost", "services.errors.money"],
      [{ currency: "XYZ" }, "currency", "services.errors.currency"],
      [{ vehiclePlate: "12345" }, "vehiclePlate", "services.errors.plate"],
      [{ anttValidUntil: "2027-13-01" }, "anttValidUntil", "registers.errors.date"],
      [{ title: "" }, "title", "validation.required"],
      [{ stops: Array.from({ length: 21 }, (_, i) => `Parada ${i}`).join("\n") }, "stops", "services.errors.stops"],
    ];
    for (const [overrides, field, error] of cases) {
      const res = await post(sol.cookie, NEW, charterForm(sol, overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect((await json<Reply>(res)).result?.error?.[field], JSON.stringify(overrides)).toEqual([error]);
    }
    expect((await rowsOf(sol.id)).length).toBe(count);
  });
});

describe("ground charter list", () => {
  let a: Agency;
  let ids: Record<string, string>;
  beforeAll(async () => {
    a = await agencyWithData("Lista Fretamentos");
    ids = {
      june: await create(a, { title: "Junho Serra", departureAt: "2027-06-05T07:00", returnAt: "", seatLayout: JSON.stringify(templateLayout("van")) }),
      july: await create(a, { title: "Julho Praia", departureAt: "2027-07-01T00:30", returnAt: "", supplierId: a.otherBus }),
      august: await create(a, { title: "Agosto Campos", departureAt: "2027-08-20T23:00", returnAt: "" }),
    };
  });
  const list = async (query = "", cookie = a.cookie) => json<ListData>(await appRequest(`${LIST}${query}`, { cookie }));

  it("shows availability computed from the layout (nothing sold or held before sales exist)", async () => {
    const data = await list();
    expect(data.rows.map((r) => r.title)).toEqual(["Junho Serra", "Julho Praia", "Agosto Campos"]);
    expect(data.page.total).toBe(3);
    expect(data.rows[0]!.availability).toEqual({ total: 15, held: 0, sold: 0, free: 15 });
    expect(data.rows[1]!.availability).toEqual({ total: 44, held: 0, sold: 0, free: 44 });
    expect(data.rows[1]!.supplierName).toBe("Expresso Sul Lista Fretamentos");
  });

  it("filters by bus company and by departure days in the agency's time zone", async () => {
    expect((await list(`?fornecedor=${a.otherBus}`)).rows.map((r) => r.id)).toEqual([ids.july]);
    // 2027-07-01 00:30 in São Paulo is 03:30 UTC on July 1st; 2027-08-20 23:00 is 02:00 UTC on the 21st.
    expect((await list("?de=2027-07-01&ate=2027-08-20")).rows.map((r) => r.id)).toEqual([ids.july, ids.august]);
    expect((await list("?ate=2027-06-30")).rows.map((r) => r.id)).toEqual([ids.june]);
    expect((await list("?de=2027-08-21")).rows).toEqual([]);
    // A malformed filter is dropped, never an error.
    expect((await list("?de=2027-02-30&fornecedor=x%20y&sort=nope&after=zzz")).rows).toHaveLength(3);
  });

  it("searches by title, city and bus company, and sorts", async () => {
    expect((await list("?q=praia")).rows.map((r) => r.id)).toEqual([ids.july]);
    expect((await list("?q=expresso")).rows.map((r) => r.id)).toEqual([ids.july]);
    expect((await list("?q=florianopolis")).rows).toHaveLength(3);
    expect((await list("?sort=title&dir=asc")).rows.map((r) => r.title)).toEqual(["Agosto Campos", "Julho Praia", "Junho Serra"]);
    expect((await list("?sort=departureAt&dir=desc")).rows.map((r) => r.id)).toEqual([ids.august, ids.july, ids.june]);
  });

  it("exports the current filter as CSV", async () => {
    const res = await appRequest(`${EXPORT}?fornecedor=${a.busCompany}`, { cookie: a.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/csv");
    const lines = (await res.text()).replace(/^\uFEFF/, "").trim().split(/\r\n/);
    expect(lines[0]).toBe(CHARTER_CSV_COLUMNS.join(";"));
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain("Junho Serra");
    expect(lines[1]).toContain("2027-06-05 07:00");
    expect(lines[2]).toContain("Agosto Campos");
    expect(lines[2]).toContain(";3 | 4;");
  });

  it("clones a charter as a new one to adjust", async () => {
    const res = await post(a.cookie, editPath(ids.june!), { intent: "clone" });
    expect(res.status).toBe(302);
    const copyId = location(res)!.split("/").pop()!;
    expect(copyId).not.toBe(ids.june);
    const [original, copy] = [(await rowOf(ids.june!))!, (await rowOf(copyId))!];
    expect(copy.title).toBe("Junho Serra (cópia)");
    expect(copy.seat_layout).toBe(original.seat_layout);
    expect(copy.departure_at).toBe(original.departure_at);
    expect(copy.version).toBe(1);
    expect(await auditCount(copyId)).toBe(1);
  });

  it("archives for administrators only: the charter leaves the list and the counter", async () => {
    const id = await create(a, { title: "Para arquivar" });
    const before = await rowOf(id);
    const count = await counter(a.id);
    const refused = await post(a.agente, editPath(id), { intent: "archive" });
    expect(refused.status).toBe(403);
    expect(await rowOf(id)).toEqual(before);
    const res = await post(a.cookie, editPath(id), { intent: "archive" });
    expect(res.status).toBe(302);
    expect(location(res)).toBe(LIST);
    expect((await rowOf(id))!.archived_at).not.toBeNull();
    expect(await counter(a.id)).toBe(count - 1);
    expect((await list("?q=arquivar")).rows).toEqual([]);
    expect((await appRequest(editPath(id), { cookie: a.cookie })).status).toBe(404);
    // Delete is not a charter intent.
    const id2 = await create(a, { title: "Não excluir" });
    expect((await post(a.cookie, editPath(id2), { intent: "delete" })).status).toBe(403);
    expect((await rowOf(id2))!.archived_at).toBeNull();
  });
});

describe("references", () => {
  it("a bus company or destination a live charter uses cannot be deleted; once archived, it can", async () => {
    const a = await agencyWithData("Referências Fretamentos");
    const id = await create(a, { title: "Usa a empresa" });
    const refused = await post(a.cookie, `/cadastros/fornecedores/editar/${a.busCompany}`, { intent: "delete" });
    expect(refused.status).toBe(409);
    expect((await json<{ references: { count: number; label: string }[] }>(refused)).references).toEqual([{ count: 1, label: "services.references.charters" }]);
    const place = await post(a.cookie, `/cadastros/destinos/editar/${a.destination}`, { intent: "delete" });
    expect(place.status).toBe(409);
    expect((await post(a.cookie, editPath(id), { intent: "archive" })).status).toBe(302);
    expect((await post(a.cookie, `/cadastros/fornecedores/editar/${a.busCompany}`, { intent: "delete" })).status).toBe(302);
    expect((await post(a.cookie, `/cadastros/destinos/editar/${a.destination}`, { intent: "delete" })).status).toBe(302);
  });
});

describe("tenant isolation", () => {
  it("another agency's charter is a 404 on every route and action, and nothing changes", async () => {
    const id = await create(sol, { title: "Só da Sol" });
    const before = await rowOf(id);
    const marRows = (await rowsOf(mar.id)).length;
    expect((await appRequest(editPath(id), { cookie: mar.cookie })).status).toBe(404);
    for (const form of [charterForm(mar, { version: "1" }), { intent: "archive" }, { intent: "clone" }, { intent: "delete" }]) {
      const res = await post(mar.cookie, editPath(id), form);
      expect([403, 404], JSON.stringify(form).slice(0, 40)).toContain(res.status);
      if (form.intent !== "delete") expect(res.status).toBe(404);
    }
    expect(await rowOf(id)).toEqual(before);
    expect((await rowsOf(mar.id)).length).toBe(marRows);
    const marList = await json<ListData>(await appRequest(`${LIST}?size=100`, { cookie: mar.cookie }));
    expect(marList.rows.some((r) => r.id === id)).toBe(false);
    // Sol's bus company as a filter of Mar's list shows nothing of Sol's.
    const filtered = await json<ListData>(await appRequest(`${LIST}?fornecedor=${sol.busCompany}`, { cookie: mar.cookie }));
    expect(filtered.rows).toEqual([]);
    const csv = await (await appRequest(`${EXPORT}?size=100`, { cookie: mar.cookie })).text();
    expect(csv).not.toContain("Só da Sol");
    // Mar's form offers only Mar's bus companies.
    const screen = await json<{ companies: { value: string }[] }>(await appRequest(NEW, { cookie: mar.cookie }));
    expect(screen.companies.map((c) => c.value).sort()).toEqual([mar.busCompany, mar.otherBus].sort());
  });

  it("an unknown or malformed id is a 404", async () => {
    for (const bad of ["42", uuidv7(), "a%20b", "x".repeat(80)]) {
      expect((await appRequest(editPath(bad), { cookie: sol.cookie })).status).toBe(404);
      expect((await post(sol.cookie, editPath(bad), charterForm(sol, { version: "1" }))).status).toBe(404);
    }
  });
});

describe("arbitrary input", () => {
  it(`never answers 5xx, and a refused save writes nothing (${FUZZ_RUNS} runs)`, async () => {
    const a = await agencyWithData("Fuzz Fretamentos");
    const id = await create(a, { title: "Alvo Fixo" });
    const huge = "é".repeat(50_000);
    const layouts = [
      JSON.stringify(templateLayout("leito")),
      JSON.stringify(layoutWithBlocks()),
      "",
      "[]",
      "null",
      '{"decks":[]}',
      '{"decks":[{"level":"lower","rows":[[{"kind":"seat","number":1}]]}]}',
      '{"decks":[{"level":"upper","rows":[[{"kind":"seat","number":1.5}]]}]}',
      huge,
    ];
    const text = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: "binary", maxLength: 60 }),
      fc.constantFrom("", " ", huge, "0", "1", "-1", "1e3", "NaN", "2027-07-10T22:30", "2027-13-10T22:30", "2027-07-10", "25:00", "1.234,56", "BRL", "USD", "executivo", "van", "other", "leito"),
      fc.constantFrom(a.busCompany, a.hotel, mar.busCompany, a.destination, mar.destination, id),
      fc.constantFrom(...layouts),
      fc.json({ maxDepth: 3 }),
    );
    const value = fc.oneof({ weight: 5, arbitrary: text }, { weight: 1, arbitrary: fc.array(text, { minLength: 2, maxLength: 3 }) });
    const keys = ["intent", "title", "supplierId", "vehicleType", "vehiclePlate", "seatLayout", "origin", "stops", "destinationName", "destinationId", "departureAt", "returnAt", "cost", "currency", "anttAuthorization", "anttValidUntil", "notes", "version", "seatLayout[0]", "title.x"];
    const fields = fc.dictionary(fc.constantFrom(...keys), value);
    // Half the runs start from a valid form, so the fuzz reaches the checks behind the schema.
    const form = fc.oneof(fields, fields.map((f) => ({ ...charterForm(a, { version: "1" }), ...f })));
    let saves = 0;
    let refusals = 0;
    await fc.assert(
      fc.asyncProperty(fc.boolean(), form, async (isNew, posted) => {
        const before = await rowOf(id);
        const rows = (await rowsOf(a.id)).length;
        const res = await post(a.cookie, isNew ? NEW : editPath(id), posted);
        expect(res.status).toBeLessThan(500);
        const wrote = isNew ? res.status === 302 : res.status === 200 && (await json<Reply>(res.clone())).saved === true;
        const cloned = !isNew && res.status === 302;
        if (wrote) saves++;
        else refusals++;
        if (!wrote && !cloned) {
          expect((await rowsOf(a.id)).length).toBe(rows);
          expect(await rowOf(id)).toEqual(before);
        }
        if (wrote) {
          // Whatever was accepted is a valid charter: a layout with a seat for sale, a return after departure.
          const saved = isNew ? (await rowOf(location(res)!.split("/").pop()!))! : (await rowOf(id))!;
          expect(saved.capacity).toBeGreaterThan(0);
          if (saved.return_at) expect(saved.return_at >= saved.departure_at).toBe(true);
        }
      }),
      { numRuns: FUZZ_RUNS },
    );
    // The runs reached both sides: saves behind every check, and refusals.
    if (FUZZ_RUNS >= 200) expect(saves).toBeGreaterThan(0);
    expect(refusals).toBeGreaterThan(0);
  }, 600_000);
});
