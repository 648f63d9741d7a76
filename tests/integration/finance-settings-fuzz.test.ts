/**
 * Financeiro → Configurações: every form's action under arbitrary input
 * (property tests, fast-check): never a 5xx; anything but a save leaves the
 * rows and the audit log as they were; a save writes exactly what it says.
 * FUZZ_RUNS (tests/integration/fuzz.ts) sets the runs per property (default 1000, the figure;
 * fewer under CI, always 1000 with `npm run test:full`). The full run takes
 * about 10 minutes on a loaded 2-core machine.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { appRequest, json, type AppRequestInit } from "./harness";
import { seedDemo } from "./fixtures";
import { agencyWith, createBank, createInline, P, rowOf, type Session } from "./finance-settings-helpers";
import { FUZZ_RUNS } from "./fuzz";

const RUNS = FUZZ_RUNS;

const HUGE = fc.constantFrom("x".repeat(5_000), "9".repeat(50_000), "\u{1F600}".repeat(2_000));
const anyText = fc.oneof(
  { weight: 3, arbitrary: fc.string() },
  { weight: 2, arbitrary: fc.string({ unit: "binary" }) },
  { weight: 1, arbitrary: fc.constant("") },
  { weight: 1, arbitrary: HUGE },
  { weight: 2, arbitrary: fc.constantFrom("on", "true", "-1", "1e309", "NaN", "null", "[]", "{}", "%", "\\", "'; drop table payment_term; --", "\u0000", "0", "100", "150", "121", "29", "31", "1,2,3", "-5,00", "2.5.1", "R$ 99,90", "99999999999999999999") },
);
/** A value as FormData carries it: one text, several entries of one name, or missing (fc.record's optional keys). */
const formValue = (good: fc.Arbitrary<string>, goodWeight = 5) =>
  fc.oneof({ weight: goodWeight, arbitrary: good }, { weight: 3, arbitrary: anyText }, { weight: 1, arbitrary: fc.array(fc.oneof(good, anyText), { minLength: 2, maxLength: 3 }) });

/** The status of a request, a thrown error counting as the 500 React Router would answer. */
async function attempt(path: string, init: AppRequestInit) {
  try {
    const res = await appRequest(path, init);
    return { status: res.status, res };
  } catch (error) {
    return { status: 500, res: null, error };
  }
}

/** Live rows of the table and audit entries of the agency, in one read. */
const counts = async (table: string, agencyId: string) =>
  (await env.DB.prepare(`select (select count(*) from ${table} where agency_id = ?1 and deleted_at is null) as live, (select count(*) from audit_entry where agency_id = ?1) as audits`)
    .bind(agencyId)
    .first<{ live: number; audits: number }>())!;
const audits = async (agencyId: string) => (await env.DB.prepare("select count(*) as n from audit_entry where agency_id = ?").bind(agencyId).first<{ n: number }>())!.n;
const withVersion = (form: Record<string, string | string[]>, version: number) =>
  Object.fromEntries(Object.entries(form).map(([k, v]) => [k, Array.isArray(v) ? v.map((x) => (x === "CURRENT" ? String(version) : x)) : v === "CURRENT" ? String(version) : v])) as Record<string, string | string[]>;
const versionValue = formValue(fc.constantFrom("CURRENT", "CURRENT", "CURRENT", "0", "1", "-1", "1.5", "99999999999"));

let S: Session;
beforeAll(async () => {
  await seedDemo();
  S = await agencyWith("Financeiro", "Agência Propriedades Finanças");
  await appRequest(P.terms, { cookie: S.cookie });
});

type Model = Record<string, fc.Arbitrary<string | string[]>>;

/**
 * A form: half the time every field with a plausible value (so saves happen and
 * the checks behind the schema run), half the time any field missing, repeated
 * or arbitrary.
 */
const formOf = (good: Model) =>
  fc.oneof(fc.record(good), fc.record(Object.fromEntries(Object.entries(good).map(([k, v]) => [k, formValue(v as fc.Arbitrary<string>)])) as Model, { requiredKeys: [] }));

/** Create: a 302 adds exactly one live row and one audit entry; anything else changes nothing. */
async function fuzzCreate(path: string, table: string, good: Model) {
  let created = 0;
  await fc.assert(
    fc.asyncProperty(formOf(good), async (form) => {
      const before = await counts(table, S.id);
      const { status, error } = await attempt(path, { cookie: S.cookie, form: form as Record<string, string | string[]> });
      expect(status, String(error ?? "")).toBeLessThan(500);
      const after = await counts(table, S.id);
      if (status === 302) {
        created++;
        expect(after).toEqual({ live: before.live + 1, audits: before.audits + 1 });
      } else {
        expect([400, 409]).toContain(status);
        expect(after).toEqual(before);
      }
    }),
    { numRuns: RUNS },
  );
  expect(created).toBeGreaterThan(0);
}

/** Edit: unless saved, the row is exactly as it was; a save moves the version by at most one. */
async function fuzzEdit(path: string, table: string, id: string, good: Model, saved: (status: number, res: Response | null) => Promise<boolean>) {
  let saves = 0;
  const form = fc.tuple(formOf(good), versionValue).map(([f, version]) => ({ ...f, version }));
  await fc.assert(
    fc.asyncProperty(form, async (form) => {
      const before = (await rowOf(table, id))!;
      const auditBefore = await audits(S.id);
      const { status, res, error } = await attempt(path, { cookie: S.cookie, form: withVersion(form as Record<string, string | string[]>, before.version) });
      expect(status, String(error ?? "")).toBeLessThan(500);
      const after = (await rowOf(table, id))!;
      if (await saved(status, res)) {
        saves++;
        expect([before.version, before.version + 1]).toContain(after.version);
        expect(after.deleted_at).toBeNull();
      } else {
        expect([200, 400, 409]).toContain(status);
        expect(after).toEqual(before);
        expect(await audits(S.id)).toBe(auditBefore);
      }
    }),
    { numRuns: RUNS },
  );
  expect(saves).toBeGreaterThan(0);
}
const redirected = async (status: number) => status === 302;

const name = () => fc.string({ minLength: 1, maxLength: 12 }).filter((v) => v.trim().length > 0).map((v) => `${v} ${crypto.randomUUID().slice(0, 6)}`);
const int = (min: number, max: number) => fc.integer({ min, max }).map(String);
const goodMoney = fc.integer({ min: 0, max: 10_000_000 }).map((n) => (n / 100).toFixed(2).replace(".", ","));

const termModel: Model = {
  name: name(),
  downPayment: fc.oneof(fc.constant(""), fc.integer({ min: 0, max: 9_999 }).map((n) => String(n / 100).replace(".", ","))),
  installments: int(1, 120),
  firstDueDays: int(0, 3650),
  intervalKind: fc.constantFrom("days", "day_of_month"),
  intervalDays: int(1, 3650),
  dayOfMonth: int(1, 31),
  active: fc.constantFrom("on", ""),
};
const typeModel: Model = { name: name(), kind: fc.constantFrom("checking", "savings", "cash", "card", "wallet"), active: fc.constantFrom("on", "") };
const intermediaryModel = (bankId: string): Model => ({
  name: name(),
  kind: fc.constantFrom("gateway", "acquirer", "other"),
  fee: fc.integer({ min: 0, max: 10_000 }).map((n) => String(n / 100).replace(".", ",")),
  fixedFee: goodMoney,
  settlementDays: int(0, 365),
  bankAccountId: fc.constantFrom("", bankId),
  active: fc.constantFrom("on", ""),
});
const chartModel = (parentId: string): Model => ({
  code: fc.integer({ min: 100, max: 999_999 }).map((n) => `4.2.${n}`),
  name: name(),
  nature: fc.constant("expense"),
  parentId: fc.constant(parentId),
  active: fc.constantFrom("on", ""),
});
const bankModel = (typeId: string): Model => ({
  name: name(),
  accountTypeId: fc.constant(typeId),
  bankCode: fc.constantFrom("", "341", "001", "999"),
  branch: fc.constantFrom("", "0001"),
  number: fc.constantFrom("", "12345-6"),
  openingBalance: fc.oneof(goodMoney, goodMoney.map((v) => `-${v}`)),
  openingDate: fc.constantFrom("2025-01-01", "2024-02-29", "1999-12-31"),
  currency: fc.constantFrom("", "BRL", "usd"),
  active: fc.constantFrom("on", ""),
});

const chartIds = async (keys: string[]) =>
  Promise.all(keys.map(async (k) => (await env.DB.prepare("select id from chart_account where agency_id = ? and system_key = ?").bind(S.id, k).first<{ id: string }>())!.id));
const checkingType = async () => (await env.DB.prepare("select id from account_type where agency_id = ? and kind = 'checking'").bind(S.id).first<{ id: string }>())!.id;

describe("finance settings forms under arbitrary input", () => {
  it("prazos de pagamento: novo and editar", async () => {
    await fuzzCreate(`${P.terms}?novo`, "payment_term", termModel);
    const id = await createInline(S.cookie, P.terms, "payment_term", S.id, { name: "Alvo dos prazos", installments: "2", intervalKind: "days", intervalDays: "30" });
    await fuzzEdit(`${P.terms}?editar=${id}`, "payment_term", id, termModel, redirected);
  }, 900_000);

  it("tipos de conta: novo and editar", async () => {
    await fuzzCreate(`${P.types}?novo`, "account_type", typeModel);
    const id = await createInline(S.cookie, P.types, "account_type", S.id, { name: "Alvo dos tipos", kind: "wallet" });
    await fuzzEdit(`${P.types}?editar=${id}`, "account_type", id, typeModel, redirected);
  }, 900_000);

  it("plano de contas: novo and editar", async () => {
    const [parent] = await chartIds(["expense.administrative"]);
    await fuzzCreate(`${P.chart}?novo`, "chart_account", chartModel(parent!));
    const id = await createInline(S.cookie, P.chart, "chart_account", S.id, { code: "4.2.99", name: "Alvo do plano", nature: "expense", parentId: parent! }, "code");
    await fuzzEdit(`${P.chart}?editar=${id}`, "chart_account", id, chartModel(parent!), redirected);
  }, 900_000);

  it("intermediadores: novo and editar", async () => {
    const bank = await createBank(S.cookie, S.id, { name: "Conta dos intermediadores" });
    await fuzzCreate(`${P.intermediaries}?novo`, "intermediary", intermediaryModel(bank));
    const id = await createInline(S.cookie, P.intermediaries, "intermediary", S.id, { name: "Alvo dos intermediadores", kind: "gateway" });
    await fuzzEdit(`${P.intermediaries}?editar=${id}`, "intermediary", id, intermediaryModel(bank), redirected);
  }, 900_000);

  it("bancos e caixas: novo and editar", async () => {
    const type = await checkingType();
    await fuzzCreate(`${P.banks}/novo`, "bank_account", bankModel(type));
    const id = await createBank(S.cookie, S.id, { name: "Alvo dos bancos" });
    await fuzzEdit(`${P.banks}/editar/${id}`, "bank_account", id, bankModel(type), async (status, res) => status === 200 && !!(await json<{ saved?: boolean }>(res!)).saved);
  }, 900_000);
});
