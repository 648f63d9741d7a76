/**
 * The receptive registers (Receptivo → Serviços, Motoristas, Guias, Frota)
 * through the real route table, middleware, loaders and actions on local D1,
 * one table of cases for the four:
 *  - create, list (search, filters), edit with the version check (stale saves
 *    refused with the current values), soft delete by Admin/Operacional only,
 *    history, CSV export of the current filter;
 *  - duplicates named (a CPF, a CNH, a plate: one live record per agency);
 *  - another agency's id answers 404 on every route and action, its row unchanged;
 *  - no session → sign-in; a licence without the module → refused;
 *  - a property test of each novo / editar action: never a 5xx, nothing written
 *    unless it answered "saved".
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { generateCpf, mulberry32 } from "~/lib/platform/br-documents";
import { renavamCheckDigit } from "~/lib/receptive/fields";
import { appRequest, json, type AppRequestInit } from "./harness";
import { createAgency, createUser, signIn } from "./fixtures";
import { FUZZ_RUNS } from "./fuzz";

const location = (res: Response) => res.headers.get("Location");
let serial = 0;
const uniq = () => `${Date.now().toString(36)}${(serial++).toString(36)}`;
const rng = mulberry32(20261125);
const cpf = () => generateCpf(rng);
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(rng() * 10)).join("");
const cnh = () => `${1 + Math.floor(rng() * 9)}${digits(10)}`;
const renavam = () => {
  const base = `0${digits(9)}`;
  return `${base}${renavamCheckDigit(base)}`;
};
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const letter = () => LETTERS[Math.floor(rng() * 26)]!;
const plate = () => `${letter()}${letter()}${letter()}${digits(1)}${letter()}${digits(2)}`;

type Session = { id: string; cookie: string; userId: string };
async function agencyWith(role = "Admin", name?: string): Promise<Session> {
  const agency = await createAgency(name);
  const user = await createUser({ role, agencyId: agency.id, name: `${role} da ${agency.name}` });
  return { id: agency.id, cookie: await signIn(user.email), userId: user.id };
}
async function memberOf(agencyId: string, role: string) {
  const user = await createUser({ role, agencyId, name: `${role} Membro` });
  return signIn(user.email);
}

async function attempt(path: string, init: AppRequestInit) {
  try {
    const res = await appRequest(path, init);
    return { status: res.status, res };
  } catch (error) {
    return { status: 500, res: null, error };
  }
}

type Case = {
  table: string;
  path: string;
  csvName: string;
  /** A valid form (unique values fresh on each call). */
  form: () => Record<string, string | string[]>;
  /** A field to change on edit and its new value. */
  change: [string, string];
  /** The unique field whose duplicate the kit names (none for services). */
  unique?: string;
  /** A filter of the list that keeps the form's row, and one that drops it. */
  filters: [string, string];
  /** The fuzz model: field → good values. */
  model: Record<string, string[]>;
};

const CASES: Case[] = [
  {
    table: "driver",
    path: "/receptivo/motoristas",
    csvName: "motoristas",
    form: () => ({ name: `Motorista ${uniq()}`, cpf: cpf(), phone: "(54) 99999-1234", cnhNumber: cnh(), cnhCategory: "D", cnhExpiry: "2027-06-30", ear: "on", active: "on" }),
    change: ["cnhCategory", "E"],
    unique: "cnhNumber",
    filters: ["?category=D", "?category=B"],
    model: { name: ["Carlos Souza", "Zé"], cnhNumber: ["01234567890", "98765432100"], cnhCategory: ["D", "E", "AB", "Z"], cnhExpiry: ["2027-01-31", "2027-02-30", ""], cpf: ["", "529.982.247-25", "111.111.111-11"], ear: ["on"], active: ["on", ""] },
  },
  {
    table: "guide",
    path: "/receptivo/guias",
    csvName: "guias",
    form: () => ({ name: `Guia ${uniq()}`, cpf: cpf(), cadasturNumber: `21.${digits(6)}.10.0001-${digits(1)}`, cadasturExpiry: "2027-03-31", languages: ["pt", "es"], active: "on" }),
    change: ["cadasturExpiry", "2028-03-31"],
    unique: "cpf",
    filters: ["?language=es", "?language=ja"],
    model: { name: ["Ana Guia", ""], cadasturNumber: ["21.123456.10.0001-5", "x"], cadasturExpiry: ["2027-12-31", "31/12/2027", ""], languages: ["pt", "en", "xx"], active: ["on"] },
  },
  {
    table: "fleet_vehicle",
    path: "/receptivo/frota",
    csvName: "frota",
    form: () => ({ plate: plate(), model: "Mercedes-Benz Sprinter 416", type: "van", seats: "15", year: "2022", renavam: renavam(), insuranceExpiry: "2027-05-31", inspectionExpiry: "2026-12-31", active: "on" }),
    change: ["seats", "19"],
    unique: "plate",
    filters: ["?type=van", "?type=bus"],
    model: { plate: ["ABC-1234", "ABC1D23", "AB1234"], model: ["Marcopolo Paradiso", ""], type: ["bus", "van", "jet"], seats: ["46", "0", "101", "x"], year: ["2020", "1900", ""], renavam: ["", "00639883010", "12345678901"], active: ["on"] },
  },
  {
    table: "receptive_service",
    path: "/receptivo/servicos",
    csvName: "servicos-receptivos",
    form: () => ({ name: `Transfer aeroporto ${uniq()}`, kind: "transfer_in", duration: "1:30", capacity: "15", cost: "80,00", price: "150,00", currency: "BRL", active: "on" }),
    change: ["price", "175,50"],
    filters: ["?kind=transfer_in", "?kind=city_tour"],
    model: { name: ["City tour Gramado", ""], kind: ["city_tour", "transfer_out", "boat"], duration: ["2h", "1:75", "0", "90"], capacity: ["", "10", "-1"], cost: ["10,00", "-5", "abc"], price: ["1.234,56", ""], currency: ["BRL", "USD", "XXX"], providerId: ["", "nope"], active: ["on"] },
  },
];

const rowOf = (table: string, id: string) => env.DB.prepare(`select * from ${table} where id = ?`).bind(id).first<Record<string, unknown>>();
const liveCount = async (table: string, agencyId: string) =>
  (await env.DB.prepare(`select count(*) as n from ${table} where agency_id = ? and deleted_at is null`).bind(agencyId).first<{ n: number }>())!.n;

async function create(c: Case, cookie: string, form = c.form()) {
  const res = await appRequest(`${c.path}/novo`, { cookie, form });
  if (res.status !== 302) throw new Error(`create on ${c.path} answered ${res.status}: ${await res.text()}`);
  expect(location(res)).toMatch(new RegExp(`^${c.path}/editar/`));
  return location(res)!.split("/").pop()!;
}

let A: Session;
let B: Session;
beforeAll(async () => {
  A = await agencyWith("Admin", "Agência Receptivo Alfa");
  B = await agencyWith("Admin", "Agência Receptivo Beta");
});

describe.each(CASES)("$path", (c) => {
  it("creates, lists, filters, edits with the version check, and keeps history", async () => {
    const form = c.form();
    const id = await create(c, A.cookie, form);
    const row = (await rowOf(c.table, id))!;
    expect(row.agency_id).toBe(A.id);
    expect(row.created_by).toBe(A.userId);
    expect(row.version).toBe(1);

    const list = await json<{ rows: { id: string }[] }>(await appRequest(c.path, { cookie: A.cookie }));
    expect(list.rows.map((r) => r.id)).toContain(id);
    const kept = await json<{ rows: { id: string }[] }>(await appRequest(`${c.path}${c.filters[0]}`, { cookie: A.cookie }));
    expect(kept.rows.map((r) => r.id)).toContain(id);
    const dropped = await json<{ rows: { id: string }[] }>(await appRequest(`${c.path}${c.filters[1]}`, { cookie: A.cookie }));
    expect(dropped.rows.map((r) => r.id)).not.toContain(id);

    const [field, value] = c.change;
    const saved = await appRequest(`${c.path}/editar/${id}`, { cookie: A.cookie, form: { ...form, [field]: value, version: "1" } });
    expect(saved.status).toBe(200);
    expect((await json<{ saved?: boolean }>(saved)).saved).toBe(true);
    expect((await rowOf(c.table, id))!.version).toBe(2);

    // A second save from the same (now stale) form is refused with the current values, nothing written.
    const stale = await appRequest(`${c.path}/editar/${id}`, { cookie: A.cookie, form: { ...form, version: "1" } });
    expect(stale.status).toBe(409);
    expect((await rowOf(c.table, id))!.version).toBe(2);

    const edit = await json<{ values: Record<string, unknown>; history: { entries: { action: string }[] } }>(await appRequest(`${c.path}/editar/${id}`, { cookie: A.cookie }));
    expect(edit.history.entries.map((e) => e.action)).toEqual(["update", "create"]);
  });

  if (c.unique) {
    it(`names the live record with the same ${c.unique}, and a deleted one frees it`, async () => {
      const form = c.form();
      const first = await create(c, A.cookie, form);
      const again = await appRequest(`${c.path}/novo`, { cookie: A.cookie, form: { ...c.form(), [c.unique!]: form[c.unique!]! } });
      expect(again.status).toBe(409);
      const body = JSON.stringify(await again.json());
      expect(body).toContain(first);
      // Another agency may have the same value.
      await create(c, B.cookie, { ...c.form(), [c.unique!]: form[c.unique!]! });
      const del = await appRequest(`${c.path}/editar/${first}`, { cookie: A.cookie, form: { intent: "delete" } });
      expect(del.status).toBe(302);
      await create(c, A.cookie, { ...c.form(), [c.unique!]: form[c.unique!]! });
    });
  }

  it("deletes softly for Admin and Operacional; an Agente is refused (403), nothing changed", async () => {
    const id = await create(c, A.cookie);
    const agente = await memberOf(A.id, "Agente");
    const refused = await appRequest(`${c.path}/editar/${id}`, { cookie: agente, form: { intent: "delete" } });
    expect(refused.status).toBe(403);
    expect((await rowOf(c.table, id))!.deleted_at).toBeNull();
    const ops = await memberOf(A.id, "Operacional");
    const done = await appRequest(`${c.path}/editar/${id}`, { cookie: ops, form: { intent: "delete" } });
    expect(done.status).toBe(302);
    expect(location(done)).toBe(c.path);
    expect((await rowOf(c.table, id))!.deleted_at).not.toBeNull();
    expect((await appRequest(`${c.path}/editar/${id}`, { cookie: A.cookie })).status).toBe(404);
  });

  it("answers 404 to another agency on every route and action, its row unchanged", async () => {
    const id = await create(c, A.cookie);
    const before = await rowOf(c.table, id);
    expect((await appRequest(`${c.path}/editar/${id}`, { cookie: B.cookie })).status).toBe(404);
    expect((await appRequest(`${c.path}/editar/${id}`, { cookie: B.cookie, form: { ...c.form(), version: "1" } })).status).toBe(404);
    expect((await appRequest(`${c.path}/editar/${id}`, { cookie: B.cookie, form: { intent: "delete" } })).status).toBe(404);
    const list = await json<{ rows: { id: string }[] }>(await appRequest(c.path, { cookie: B.cookie }));
    expect(list.rows.map((r) => r.id)).not.toContain(id);
    const csv = await (await appRequest(`${c.path}/exportar`, { cookie: B.cookie })).text();
    expect(csv).not.toContain(String(before!.name ?? before!.plate));
    expect(await rowOf(c.table, id)).toEqual(before);
  });

  it("sends a visitor without a session to sign in, and refuses an agency whose licence lacks Receptivo", async () => {
    const anon = await appRequest(c.path);
    expect(anon.status).toBe(302);
    expect(location(anon)).toMatch(/^\/login\?redirectTo=/);
    const C = await agencyWith("Admin", "Agência Sem Receptivo");
    await env.DB.prepare("update licence set modules = json_set(modules, '$.servicos.submodules.receptivo.enabled', json('false')) where agency_id = ?").bind(C.id).run();
    const refused = await appRequest(c.path, { cookie: C.cookie });
    expect(refused.status).not.toBe(200);
    expect((await appRequest(`${c.path}/novo`, { cookie: C.cookie, form: c.form() })).status).not.toBe(302);
    expect(await liveCount(c.table, C.id)).toBe(0);
  });

  it("exports the current filter as CSV", async () => {
    const form = c.form();
    await create(c, A.cookie, form);
    const res = await appRequest(`${c.path}/exportar${c.filters[0]}`, { cookie: A.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toMatch(new RegExp(`filename="${c.csvName}-.+\\.csv"`));
    const text = await res.text();
    const first = (form.name ?? form.plate) as string;
    expect(text).toContain(c.table === "fleet_vehicle" ? first.slice(0, 3) : first);
    const none = await (await appRequest(`${c.path}/exportar${c.filters[1]}`, { cookie: A.cookie })).text();
    expect(none).not.toContain(first);
  });

  it("novo and editar under arbitrary input: never a 5xx; nothing written unless saved", async () => {
    const P = await agencyWith("Admin", `Agência Propriedades ${c.table}`);
    const target = await create(c, P.cookie);
    const anyText = fc.oneof(fc.string(), fc.constantFrom("", "on", "-1", "1e309", "'; drop table driver; --", "\u0000", "x".repeat(3000)));
    const value = (good: string[]) =>
      fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...good) }, { weight: 3, arbitrary: anyText }, { weight: 1, arbitrary: fc.array(fc.constantFrom(...good), { minLength: 2, maxLength: 3 }) });
    const model = Object.fromEntries(Object.entries(c.model).map(([k, good]) => [k, value(good)]));
    await fc.assert(
      fc.asyncProperty(fc.record(model, { requiredKeys: [] }), fc.boolean(), async (fuzzed, onEdit) => {
        const form = fuzzed as Record<string, string | string[]>;
        if (onEdit) {
          const before = (await rowOf(c.table, target))!;
          const { status, res, error } = await attempt(`${c.path}/editar/${target}`, { cookie: P.cookie, form: { ...form, version: String(before.version) } });
          expect(status, String(error ?? "")).toBeLessThan(500);
          const body = status === 200 ? await json<{ saved?: boolean }>(res!) : null;
          if (!body?.saved) expect(await rowOf(c.table, target)).toEqual(before);
        } else {
          const before = await liveCount(c.table, P.id);
          const { status, error } = await attempt(`${c.path}/novo`, { cookie: P.cookie, form });
          expect(status, String(error ?? "")).toBeLessThan(500);
          expect(await liveCount(c.table, P.id)).toBe(before + (status === 302 ? 1 : 0));
        }
      }),
      { numRuns: FUZZ_RUNS },
    );
  }, 600_000);
});

describe("receptive services and providers", () => {
  it("takes only the agency's own live provider, and a provider in use cannot be deleted", async () => {
    const prov = await appRequest("/cadastros/prestadores/novo", { cookie: A.cookie, form: { kind: "company", name: `Receptivo Serra ${uniq()}`, country: "BR", category: "receptive" } });
    expect(prov.status).toBe(302);
    const providerId = location(prov)!.split("/").pop()!;
    const otherProv = await appRequest("/cadastros/prestadores/novo", { cookie: B.cookie, form: { kind: "company", name: `Outro ${uniq()}`, country: "BR", category: "receptive" } });
    const otherId = location(otherProv)!.split("/").pop()!;
    const services = CASES.find((x) => x.table === "receptive_service")!;

    const refused = await appRequest(`${services.path}/novo`, { cookie: A.cookie, form: { ...services.form(), providerId: otherId } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain("receptive.errors.provider");

    const id = await create(services, A.cookie, { ...services.form(), providerId });
    expect((await rowOf("receptive_service", id))!.provider_id).toBe(providerId);
    const list = await json<{ rows: { id: string; providerName: string | null }[] }>(await appRequest(services.path, { cookie: A.cookie }));
    expect(list.rows.find((r) => r.id === id)!.providerName).toMatch(/^Receptivo Serra/);

    const del = await appRequest(`/cadastros/prestadores/editar/${providerId}`, { cookie: A.cookie, form: { intent: "delete" } });
    expect(del.status).toBe(409);
    expect(JSON.stringify(await del.json())).toContain("receptive.references.services");
  });
});
