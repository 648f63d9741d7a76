/**
 * The receptive schedule (/servicos/receptivo) through the real routes on local
 * D1: scheduling a service with vehicle, driver and guide; every assignment
 * rule refused on the server with nothing written (the same driver at an
 * overlapping time, an expired CNH / insurance / CADASTUR on that date, more
 * passengers than seats); a cancelled order frees its people; two concurrent
 * saves of a clash book once (the database's trigger); the agenda's day and
 * week; the driver's daily sheet as a PDF; another agency's ids answer 404;
 * fuzzed forms never answer a 5xx nor write unless saved.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { renavamCheckDigit } from "~/lib/receptive/fields";
import { appRequest, json, type AppRequestInit } from "./harness";
import { createAgency, createUser, signIn } from "./fixtures";
import { FUZZ_RUNS } from "./fuzz";

const AGENDA = "/servicos/receptivo";
const NEW = `${AGENDA}/ordens/novo`;
const edit = (id: string) => `${AGENDA}/ordens/editar/${id}`;
const location = (res: Response) => res.headers.get("Location");
let serial = 0;

type Session = { id: string; cookie: string };
async function agencyWith(name: string): Promise<Session> {
  const agency = await createAgency(name);
  const user = await createUser({ role: "Admin", agencyId: agency.id, name: `Admin da ${name}` });
  return { id: agency.id, cookie: await signIn(user.email) };
}

async function createOn(path: string, cookie: string, form: Record<string, string>) {
  const res = await appRequest(`${path}/novo`, { cookie, form });
  if (res.status !== 302) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  expect(location(res)).toMatch(new RegExp(`^${path}/editar/[0-9a-f-]+$`));
  return location(res)!.split("/").pop()!;
}

const cnh = () => `5${String(1_000_000_000 + serial++).padStart(10, "0")}`;
const plate = () => `QRS${serial % 10}A${String(10 + (serial++ % 89)).padStart(2, "0")}`;
const renavam = () => {
  const base = String(1_000_000_000 + serial++).slice(-10);
  return `${base}${renavamCheckDigit(base)}`;
};

/** A small receptive operation: a 2 h transfer (capacity 0), a van of 15, a D driver, a guide, all valid through 2027. */
async function operation(s: Session) {
  const service = await createOn("/receptivo/servicos", s.cookie, { name: `Transfer GRU ${serial++}`, kind: "transfer_in", duration: "2:00", currency: "BRL", active: "on" });
  const tour = await createOn("/receptivo/servicos", s.cookie, { name: `City tour ${serial++}`, kind: "city_tour", duration: "4:00", capacity: "10", currency: "BRL", active: "on" });
  const van = await createOn("/receptivo/frota", s.cookie, { plate: plate(), model: "Sprinter", type: "van", seats: "15", renavam: renavam(), insuranceExpiry: "2027-12-31", inspectionExpiry: "2027-12-31", active: "on" });
  const oldVan = await createOn("/receptivo/frota", s.cookie, { plate: plate(), model: "Ducato", type: "van", seats: "15", insuranceExpiry: "2027-01-15", inspectionExpiry: "2027-12-31", active: "on" });
  const driver = await createOn("/receptivo/motoristas", s.cookie, { name: `Carlos ${serial++}`, cnhNumber: cnh(), cnhCategory: "D", cnhExpiry: "2027-12-31", active: "on" });
  const expiring = await createOn("/receptivo/motoristas", s.cookie, { name: `Pedro ${serial++}`, cnhNumber: cnh(), cnhCategory: "D", cnhExpiry: "2027-01-15", active: "on" });
  const carDriver = await createOn("/receptivo/motoristas", s.cookie, { name: `Bia ${serial++}`, cnhNumber: cnh(), cnhCategory: "B", cnhExpiry: "2027-12-31", active: "on" });
  const guide = await createOn("/receptivo/guias", s.cookie, { name: `Ana ${serial++}`, cadasturNumber: "21.123456.10.0001-5", cadasturExpiry: "2027-12-31", languages: "pt", active: "on" });
  return { service, tour, van, oldVan, driver, expiring, carDriver, guide };
}

type Op = Awaited<ReturnType<typeof operation>>;
const orderForm = (op: Op, overrides: Record<string, string> = {}) => ({
  serviceId: op.service,
  startsAt: "2027-01-20T09:00",
  passengers: "8",
  reference: "Família Souza · LA3040",
  pickup: "Aeroporto de Guarulhos, T3",
  dropoff: "Hotel Unique",
  vehicleId: op.van,
  driverId: op.driver,
  guideId: op.guide,
  status: "scheduled",
  ...overrides,
});

const orderCount = async (agencyId: string) =>
  (await env.DB.prepare("select count(*) as n from receptive_order where agency_id = ? and deleted_at is null").bind(agencyId).first<{ n: number }>())!.n;
const orderRow = (id: string) => env.DB.prepare("select * from receptive_order where id = ?").bind(id).first<Record<string, unknown>>();

async function errorsOf(res: Response) {
  const body = await json<{ result?: { error?: Record<string, string[]> } }>(res);
  return body.result?.error ?? {};
}

let A: Session;
let B: Session;
let op: Op;
beforeAll(async () => {
  A = await agencyWith("Agência Agenda Alfa");
  B = await agencyWith("Agência Agenda Beta");
  op = await operation(A);
});

describe("scheduling", () => {
  it("schedules a service: the end from its duration, stored in UTC, shown in the agenda's day and week", async () => {
    const id = await createOn(`${AGENDA}/ordens`, A.cookie, orderForm(op, { startsAt: "2027-01-18T20:00" }));
    expect((await appRequest(edit(id), { cookie: A.cookie })).status).toBe(200);
    const row = (await orderRow(id))!;
    // São Paulo is UTC−3 in January.
    expect(row.starts_at).toBe("2027-01-18T23:00:00.000Z");
    expect(row.ends_at).toBe("2027-01-19T01:00:00.000Z");
    const day = await json<{ rows: { id: string }[]; days: string[] }>(await appRequest(`${AGENDA}?data=2027-01-18`, { cookie: A.cookie }));
    expect(day.days).toEqual(["2027-01-18"]);
    expect(day.rows.map((r) => r.id)).toContain(id);
    const nextDay = await json<{ rows: { id: string }[] }>(await appRequest(`${AGENDA}?data=2027-01-19`, { cookie: A.cookie }));
    expect(nextDay.rows.map((r) => r.id)).not.toContain(id);
    const week = await json<{ rows: { id: string }[]; days: string[] }>(await appRequest(`${AGENDA}?visao=week&data=2027-01-21`, { cookie: A.cookie }));
    expect(week.days[0]).toBe("2027-01-18");
    expect(week.rows.map((r) => r.id)).toContain(id);
    const other = await json<{ rows: { id: string }[] }>(await appRequest(`${AGENDA}?data=2027-01-18&motorista=${op.expiring}`, { cookie: A.cookie }));
    expect(other.rows).toEqual([]);
  });

  it("refuses the same driver, guide and vehicle at an overlapping time; back to back is fine; cancelling frees them", async () => {
    const first = await createOn(`${AGENDA}/ordens`, A.cookie, orderForm(op, { startsAt: "2027-02-01T09:00" }));
    const before = await orderCount(A.id);
    const clash = await appRequest(NEW, { cookie: A.cookie, form: orderForm(op, { startsAt: "2027-02-01T10:59" }) });
    expect(clash.status).toBe(400);
    const errors = await errorsOf(clash);
    expect(errors.driverId).toContain("receptive.orders.errors.busy");
    expect(errors.guideId).toContain("receptive.orders.errors.busy");
    expect(errors.vehicleId).toContain("receptive.orders.errors.busy");
    expect(await orderCount(A.id)).toBe(before);

    await createOn(`${AGENDA}/ordens`, A.cookie, orderForm(op, { startsAt: "2027-02-01T11:00" }));
    const cancel = await appRequest(edit(first), { cookie: A.cookie, form: { ...orderForm(op, { startsAt: "2027-02-01T09:00", status: "cancelled" }), version: "1" } });
    expect((await json<{ saved?: boolean }>(cancel)).saved).toBe(true);
    await createOn(`${AGENDA}/ordens`, A.cookie, orderForm(op, { startsAt: "2027-02-01T09:00", passengers: "2" }));
  });

  it("refuses expired documents on the service's date, a category that cannot drive the van, and too many passengers", async () => {
    const before = await orderCount(A.id);
    const expired = await appRequest(NEW, { cookie: A.cookie, form: orderForm(op, { startsAt: "2027-01-16T09:00", driverId: op.expiring, vehicleId: op.oldVan }) });
    expect(expired.status).toBe(400);
    const e1 = await errorsOf(expired);
    expect(e1.driverId).toContain("receptive.orders.errors.cnhExpired");
    expect(e1.vehicleId).toContain("receptive.orders.errors.insuranceExpired");
    // Through the expiry day it is still valid.
    await createOn(`${AGENDA}/ordens`, A.cookie, orderForm(op, { startsAt: "2027-01-15T09:00", driverId: op.expiring, vehicleId: op.oldVan, guideId: "" }));

    const category = await appRequest(NEW, { cookie: A.cookie, form: orderForm(op, { startsAt: "2027-03-01T09:00", driverId: op.carDriver }) });
    expect((await errorsOf(category)).driverId).toContain("receptive.orders.errors.cnhCategory");
    const seats = await appRequest(NEW, { cookie: A.cookie, form: orderForm(op, { startsAt: "2027-03-02T09:00", passengers: "16" }) });
    expect((await errorsOf(seats)).passengers).toContain("receptive.orders.errors.seats");
    const capacity = await appRequest(NEW, { cookie: A.cookie, form: orderForm(op, { serviceId: op.tour, startsAt: "2027-03-03T09:00", passengers: "11" }) });
    expect((await errorsOf(capacity)).passengers).toContain("receptive.orders.errors.capacity");
    expect(await orderCount(A.id)).toBe(before + 1);
  });

  it("books once when two saves of the same driver at the same time race (the database refuses the second)", async () => {
    const before = await orderCount(A.id);
    const form = orderForm(op, { startsAt: "2027-04-10T09:00" });
    const answers = await Promise.all([appRequest(NEW, { cookie: A.cookie, form }), appRequest(NEW, { cookie: A.cookie, form }), appRequest(NEW, { cookie: A.cookie, form })]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 302)).toHaveLength(1);
    expect(statuses.every((s) => s === 302 || s === 400 || s === 409)).toBe(true);
    expect(await orderCount(A.id)).toBe(before + 1);
    // And a write that skips the app entirely is refused by the trigger.
    const row = (await env.DB.prepare("select * from receptive_order where agency_id = ? and starts_at = '2027-04-10T12:00:00.000Z'").bind(A.id).first<Record<string, string>>())!;
    await expect(
      env.DB.prepare("insert into receptive_order (id, agency_id, service_id, starts_at, ends_at, passengers, driver_id, status, created_at, updated_at) values (?, ?, ?, ?, ?, 1, ?, 'scheduled', ?, ?)")
        .bind(`manual-${serial++}`, A.id, op.service, "2027-04-10T13:00:00.000Z", "2027-04-10T13:30:00.000Z", row.driver_id, "2027-01-01", "2027-01-01")
        .run(),
    ).rejects.toThrow(/receptive_order_conflict/);
  });

  it("gives the driver's daily sheet as a PDF of that day's scheduled orders", async () => {
    await createOn(`${AGENDA}/ordens`, A.cookie, orderForm(op, { startsAt: "2027-05-05T07:00" }));
    const res = await appRequest(`${AGENDA}/folha/${op.driver}?data=2027-05-05`, { cookie: A.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    expect((await appRequest(`${AGENDA}/folha/${op.driver}?data=2027-05-05`, { cookie: B.cookie })).status).toBe(404);
  });
});

describe("deleting", () => {
  it("a deleted order leaves the agenda, and the answer leads back to it", async () => {
    const id = await createOn(`${AGENDA}/ordens`, A.cookie, orderForm(op, { startsAt: "2027-08-01T09:00" }));
    const del = await appRequest(edit(id), { cookie: A.cookie, form: { intent: "delete" } });
    expect(del.status).toBe(302);
    const back = await appRequest(location(del)!, { cookie: A.cookie });
    expect(back.status).toBe(302);
    expect(location(back)).toBe(AGENDA);
    const agenda = await json<{ rows: { id: string }[] }>(await appRequest(`${AGENDA}?data=2027-08-01`, { cookie: A.cookie }));
    expect(agenda.rows.map((r) => r.id)).not.toContain(id);
  });
});

describe("tenant isolation", () => {
  it("answers 404 to another agency on the order's routes and actions; its resources cannot be assigned", async () => {
    const id = await createOn(`${AGENDA}/ordens`, A.cookie, orderForm(op, { startsAt: "2027-06-01T09:00" }));
    const before = await orderRow(id);
    expect((await appRequest(edit(id), { cookie: B.cookie })).status).toBe(404);
    expect((await appRequest(edit(id), { cookie: B.cookie, form: { ...orderForm(op), version: "1" } })).status).toBe(404);
    expect((await appRequest(edit(id), { cookie: B.cookie, form: { intent: "delete" } })).status).toBe(404);
    expect(await orderRow(id)).toEqual(before);
    const agendaB = await json<{ rows: { id: string }[] }>(await appRequest(`${AGENDA}?data=2027-06-01`, { cookie: B.cookie }));
    expect(agendaB.rows).toEqual([]);
    // B scheduling with A's service / driver: refused with field errors, nothing written.
    const theirs = await appRequest(NEW, { cookie: B.cookie, form: orderForm(op, { startsAt: "2027-06-02T09:00" }) });
    expect(theirs.status).toBe(400);
    const errors = await errorsOf(theirs);
    expect(errors.serviceId).toContain("receptive.orders.errors.service");
    expect(await orderCount(B.id)).toBe(0);
  });
});

describe("the order form under arbitrary input", () => {
  it("never answers a 5xx; nothing written unless saved", async () => {
    const P = await agencyWith("Agência Agenda Propriedades");
    const p = await operation(P);
    const target = await createOn(`${AGENDA}/ordens`, P.cookie, orderForm(p, { startsAt: "2027-07-01T09:00" }));
    const anyText = fc.oneof(fc.string(), fc.constantFrom("", "on", "-1", "1e309", "2027-02-30T10:00", "\u0000", "x".repeat(3000)));
    const value = (good: string[]) => fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...good) }, { weight: 3, arbitrary: anyText }, { weight: 1, arbitrary: fc.array(fc.constantFrom(...good), { minLength: 2, maxLength: 3 }) });
    const model = {
      serviceId: value([p.service, p.tour]),
      startsAt: value(["2027-07-02T09:00", "2027-07-01T09:30", "2027-07-03T23:59", "2027-13-01T09:00"]),
      passengers: value(["1", "8", "16", "0"]),
      vehicleId: value([p.van, p.oldVan, ""]),
      driverId: value([p.driver, p.expiring, p.carDriver, ""]),
      guideId: value([p.guide, ""]),
      status: value(["scheduled", "done", "cancelled", "lost"]),
      reference: value(["Grupo", ""]),
      intent: value(["save", ""]),
    };
    await fc.assert(
      fc.asyncProperty(fc.record(model, { requiredKeys: [] }), fc.boolean(), async (fuzzed, onEdit) => {
        const form = fuzzed as Record<string, string | string[]>;
        const attempt = async (path: string, init: AppRequestInit) => {
          try {
            return await appRequest(path, init);
          } catch (error) {
            throw new Error(`threw: ${String(error)}`, { cause: error });
          }
        };
        if (onEdit) {
          const before = (await orderRow(target))!;
          const res = await attempt(edit(target), { cookie: P.cookie, form: { ...form, version: String(before.version) } });
          expect(res.status).toBeLessThan(500);
          const body = res.status === 200 ? await json<{ saved?: boolean }>(res) : null;
          if (!body?.saved) expect(await orderRow(target)).toEqual(before);
        } else {
          const before = await orderCount(P.id);
          const res = await attempt(NEW, { cookie: P.cookie, form });
          expect(res.status).toBeLessThan(500);
          expect(await orderCount(P.id)).toBe(before + (res.status === 302 ? 1 : 0));
        }
      }),
      { numRuns: FUZZ_RUNS },
    );
  }, 600_000);
});
