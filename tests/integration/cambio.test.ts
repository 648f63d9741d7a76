/**
 * Câmbio (Financeiro → cambio) through the real route table, middleware,
 * loaders and actions on the local D1: the licence entry (new agencies and the
 * migration for existing ones), enabled currencies, rates (create, duplicate
 * refused, replace through the edit with the version, delete), the keyset list
 * and its filters, the CSV import's preview and import (per-row errors,
 * duplicates refused or replaced explicitly), the converter (rate used and its
 * day; a missing rate is a field error, never 1:1); another agency's ids answer
 * 404 and change nothing; an Agente reads but changes nothing; each form fuzzed.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { defaultLicence } from "~/lib/system/licence";
import { todayIn } from "~/lib/platform/time-zone";
import { appRequest, json } from "./harness";
import { seedDemo } from "./fixtures";
import { agencyWith, memberOf, type Session } from "./finance-settings-helpers";
import { FUZZ_RUNS } from "./fuzz";

const P = { list: "/financeiro/cambio", novo: "/financeiro/cambio/novo", edit: (id: string) => `/financeiro/cambio/editar/${id}`, import: "/financeiro/cambio/importar" };
const location = (res: Response) => res.headers.get("Location");

let A: Session;
let B: Session;
const today = todayIn("America/Sao_Paulo");
const daysAgo = (n: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
};

const ratesOf = async (agencyId: string) =>
  (await env.DB.prepare("select * from fx_rate where agency_id = ? order by currency, date").bind(agencyId).all<{ id: string; currency: string; date: string; rate_e6: number; source: string; created_by: string | null; version: number }>()).results;
const audits = async (agencyId: string) => (await env.DB.prepare("select count(*) as n from audit_entry where agency_id = ?").bind(agencyId).first<{ n: number }>())!.n;

async function enable(s: Session, codes: string[]) {
  const res = await appRequest(P.list, { cookie: s.cookie, form: { intent: "currencies", code: codes } });
  expect(res.status).toBe(200);
}
async function createRate(s: Session, form: Record<string, string>) {
  const res = await appRequest(P.novo, { cookie: s.cookie, form });
  if (res.status !== 302) throw new Error(`rate create answered ${res.status}: ${await res.text()}`);
  return location(res)!.split("/").pop()!;
}

beforeAll(async () => {
  await seedDemo();
  A = await agencyWith("Financeiro", "Agência Câmbio Alfa");
  B = await agencyWith("Admin", "Agência Câmbio Beta");
});

describe("licence", () => {
  it("new agencies get Financeiro → Câmbio with its icon", () => {
    expect(defaultLicence().financeiro!.submodules!.cambio).toEqual({ enabled: true, order: 6, name: "Câmbio", icon: "cambio" });
  });

  it("the migration adds it to an existing licence once, leaving the rest as it was", async () => {
    const files = import.meta.glob("../../db/migrations/*_fx_rates.sql", { query: "?raw", import: "default", eager: true }) as Record<string, string>;
    const sqlText = Object.values(files)[0]!;
    const custom = sqlText.split("-- custom SQL (keep on renumber)")[1]!;
    const statement = custom
      .split("\n")
      .filter((l) => !l.startsWith("--"))
      .join("\n")
      .trim();
    const old = defaultLicence();
    delete old.financeiro!.submodules!.cambio;
    old.financeiro!.submodules!.contas_a_pagar!.enabled = false;
    const s = await agencyWith("Admin", "Agência Licença Antiga");
    await env.DB.prepare("update licence set modules = ? where agency_id = ?").bind(JSON.stringify(old), s.id).run();
    await env.DB.prepare(statement).run();
    await env.DB.prepare(statement).run();
    const modules = JSON.parse((await env.DB.prepare("select modules from licence where agency_id = ?").bind(s.id).first<{ modules: string }>())!.modules);
    expect(modules.financeiro.submodules.cambio).toEqual({ enabled: true, order: 6, name: "Câmbio", icon: "cambio" });
    expect(modules.financeiro.submodules.contas_a_pagar.enabled).toBe(false);
    expect(Object.keys(modules.financeiro.submodules)).toEqual([...Object.keys(old.financeiro!.submodules!), "cambio"]);
    // A licence with Câmbio switched off stays off.
    modules.financeiro.submodules.cambio.enabled = false;
    await env.DB.prepare("update licence set modules = ? where agency_id = ?").bind(JSON.stringify(modules), s.id).run();
    await env.DB.prepare(statement).run();
    const again = JSON.parse((await env.DB.prepare("select modules from licence where agency_id = ?").bind(s.id).first<{ modules: string }>())!.modules);
    expect(again.financeiro.submodules.cambio.enabled).toBe(false);
    expect((await appRequest(P.list, { cookie: s.cookie })).status).not.toBe(200);
  });
});

describe("currencies and rates", () => {
  it("enables currencies, creates a rate, refuses a second one for the day, replaces it with the version, deletes", async () => {
    // Nothing enabled yet: a rate's currency is a field error.
    const refused = await appRequest(P.novo, { cookie: A.cookie, form: { currency: "USD", date: daysAgo(1), rate: "5,40" } });
    expect(refused.status).toBe(400);
    expect(await ratesOf(A.id)).toEqual([]);

    await enable(A, ["USD", "EUR"]);
    const page = await json<{ currencies: string[] }>(await appRequest(P.list, { cookie: A.cookie }));
    expect(page.currencies).toEqual(["USD", "EUR"]);

    const before = await audits(A.id);
    const id = await createRate(A, { currency: "usd", date: daysAgo(1), rate: "5,4321" });
    const [row] = await ratesOf(A.id);
    expect(row).toMatchObject({ id, currency: "USD", date: daysAgo(1), rate_e6: 5_432_100, source: "manual", created_by: A.userId, version: 1 });
    expect(await audits(A.id)).toBe(before + 1);

    // The same currency and day again: 409 naming the stored one, nothing written.
    const dup = await appRequest(P.novo, { cookie: A.cookie, form: { currency: "USD", date: daysAgo(1), rate: "5,50" } });
    expect(dup.status).toBe(409);
    expect(JSON.stringify(await json(dup))).toContain(id);
    expect(await ratesOf(A.id)).toHaveLength(1);

    // Bad input: field errors, nothing written.
    for (const form of [
      { currency: "USD", date: daysAgo(2), rate: "0" },
      { currency: "USD", date: daysAgo(2), rate: "5,1234567" },
      { currency: "XYZ", date: daysAgo(2), rate: "5" },
      { currency: "BRL", date: daysAgo(2), rate: "1" },
      { currency: "USD", date: "31/02/2026", rate: "5" },
    ]) {
      expect((await appRequest(P.novo, { cookie: A.cookie, form })).status, JSON.stringify(form)).toBe(400);
    }
    expect(await ratesOf(A.id)).toHaveLength(1);

    // Replacing the day's rate is the edit, with the version.
    const edit = await json<{ values: Record<string, string>; version: number }>(await appRequest(P.edit(id), { cookie: A.cookie }));
    expect(edit.values).toEqual({ currency: "USD", date: daysAgo(1), rate: "5,4321" });
    expect((await appRequest(P.edit(id), { cookie: A.cookie, form: { currency: "USD", date: daysAgo(1), rate: "5,5", version: "1" } })).status).toBe(200);
    expect((await ratesOf(A.id))[0]).toMatchObject({ rate_e6: 5_500_000, version: 2 });
    expect((await appRequest(P.edit(id), { cookie: A.cookie, form: { currency: "USD", date: daysAgo(1), rate: "5,6", version: "1" } })).status).toBe(409);
    expect((await ratesOf(A.id))[0]).toMatchObject({ rate_e6: 5_500_000, version: 2 });

    // Delete.
    const other = await createRate(A, { currency: "EUR", date: daysAgo(1), rate: "6,1" });
    expect((await appRequest(P.edit(other), { cookie: A.cookie, form: { intent: "delete" } })).status).toBe(302);
    expect((await ratesOf(A.id)).map((r) => r.id)).toEqual([id]);
  });

  it("lists in keyset pages, newest day first, filtered by currency and period", async () => {
    const s = await agencyWith("Admin", "Agência Câmbio Lista");
    await enable(s, ["USD", "EUR"]);
    for (let i = 1; i <= 30; i++) {
      await createRate(s, { currency: "USD", date: daysAgo(i), rate: `5,${String(i).padStart(2, "0")}` });
      if (i <= 5) await createRate(s, { currency: "EUR", date: daysAgo(i), rate: `6,${String(i).padStart(2, "0")}` });
    }
    type Page = { rows: { id: string; currency: string; date: string; rateE6: number }[]; page: { next: string | null; prev: string | null; total: number } };
    const first = await json<Page>(await appRequest(`${P.list}?size=25`, { cookie: s.cookie }));
    expect(first.page.total).toBe(35);
    expect(first.rows).toHaveLength(25);
    const dates = first.rows.map((r) => r.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const second = await json<Page>(await appRequest(`${P.list}?size=25&after=${first.page.next}`, { cookie: s.cookie }));
    expect(second.rows).toHaveLength(10);
    expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).toBe(35);
    const eur = await json<Page>(await appRequest(`${P.list}?currency=EUR`, { cookie: s.cookie }));
    expect(eur.rows.map((r) => r.currency)).toEqual(Array(5).fill("EUR"));
    const period = await json<Page>(await appRequest(`${P.list}?currency=USD&from=${daysAgo(10)}&to=${daysAgo(6)}`, { cookie: s.cookie }));
    expect(period.rows.map((r) => r.date)).toEqual([6, 7, 8, 9, 10].map(daysAgo));
    // Bad filter values are dropped, never an error.
    expect((await appRequest(`${P.list}?currency=ZZZ&from=ontem&after=xyz`, { cookie: s.cookie })).status).toBe(200);
  });
});

describe("CSV import", () => {
  const file = (text: string) => new File([text], "cotacoes.csv", { type: "text/csv" });

  it("previews with per-row errors and writes nothing, imports a clean file, refuses or replaces existing days explicitly", async () => {
    const s = await agencyWith("Financeiro", "Agência Câmbio Importa");
    await enable(s, ["USD", "EUR"]);
    await createRate(s, { currency: "USD", date: daysAgo(3), rate: "5,30" });
    const auditsBefore = await audits(s.id);

    const bad = `currency;date;rate\nUSD;${daysAgo(1)};5,41\nEUR;${daysAgo(1)};abc\nGBP;${daysAgo(1)};7\nUSD;${daysAgo(1)};5,42\nUSD;${daysAgo(3)};5,35\n`;
    const preview = await appRequest(P.import, { cookie: s.cookie, form: { file: file(bad), mode: "import" } });
    expect(preview.status).toBe(422);
    const report = (await json<{ report: { rows: { line: number; status: string; errors: { field: string; message: string }[] }[]; counts: Record<string, number> } }>(preview)).report;
    expect(report.counts).toEqual({ new: 1, replace: 0, unchanged: 0, invalid: 4 });
    expect(report.rows.map((r) => [r.line, r.status, r.errors.map((e) => e.message)])).toEqual([
      [2, "new", []],
      [3, "invalid", ["fx.errors.rate"]],
      [4, "invalid", ["fx.errors.currency"]],
      [5, "invalid", ["fx.errors.duplicateInFile"]],
      [6, "invalid", ["fx.errors.taken"]],
    ]);
    expect(await ratesOf(s.id)).toHaveLength(1);
    expect(await audits(s.id)).toBe(auditsBefore);

    // A clean file: the check writes nothing; the import (the posted text) writes the new rows; an existing day is refused without "replace".
    const good = `currency,date,rate\nUSD,${daysAgo(1)},5.41\nEUR,${daysAgo(1)},"6,02"\nUSD,${daysAgo(2)},5.40\nUSD,${daysAgo(3)},5.30\n`;
    const check = await appRequest(P.import, { cookie: s.cookie, form: { file: file(good), mode: "check" } });
    expect(check.status).toBe(200);
    const checked = await json<{ report: { counts: Record<string, number> }; csv: string }>(check);
    expect(checked.report.counts).toEqual({ new: 3, replace: 0, unchanged: 1, invalid: 0 });
    expect(await ratesOf(s.id)).toHaveLength(1);
    const imported = await appRequest(P.import, { cookie: s.cookie, form: { csv: checked.csv, mode: "import" } });
    expect(imported.status).toBe(302);
    expect(location(imported)).toBe(P.list);
    const rows = await ratesOf(s.id);
    expect(rows.map((r) => [r.currency, r.date, r.rate_e6, r.source])).toEqual([
      ["EUR", daysAgo(1), 6_020_000, "csv"],
      ["USD", daysAgo(3), 5_300_000, "manual"],
      ["USD", daysAgo(2), 5_400_000, "csv"],
      ["USD", daysAgo(1), 5_410_000, "csv"],
    ]);
    expect(await audits(s.id)).toBe(auditsBefore + 3);

    // A changed day: refused without "replace", replaced with it (audited as an update).
    const changed = `currency;date;rate\nUSD;${daysAgo(3)};5,33\n`;
    expect((await appRequest(P.import, { cookie: s.cookie, form: { file: file(changed), mode: "import" } })).status).toBe(422);
    expect((await ratesOf(s.id)).find((r) => r.date === daysAgo(3))!.rate_e6).toBe(5_300_000);
    expect((await appRequest(P.import, { cookie: s.cookie, form: { file: file(changed), mode: "import", replace: "on" } })).status).toBe(302);
    expect((await ratesOf(s.id)).find((r) => r.date === daysAgo(3))).toMatchObject({ rate_e6: 5_330_000, source: "csv", version: 2 });
    expect(await audits(s.id)).toBe(auditsBefore + 4);
  });

  it("refuses a wrong header, an empty file, a future day, and a file that is not UTF-8", async () => {
    const s = await agencyWith("Admin", "Agência Câmbio Arquivos");
    await enable(s, ["USD"]);
    const answer = async (form: Record<string, string | File>) => {
      const res = await appRequest(P.import, { cookie: s.cookie, form });
      return { status: res.status, body: await json<{ error?: string; report?: { rows: { errors: { message: string }[] }[] } }>(res) };
    };
    expect((await answer({ file: file("moeda;data;valor\nUSD;2026-01-01;5\n") })).body.error).toBe("fx.import.errors.header");
    expect((await answer({ file: file("currency;date;rate\n") })).body.error).toBe("fx.import.errors.empty");
    expect((await answer({})).body.error).toBe("fx.import.errors.noFile");
    expect((await answer({ file: new File([new Uint8Array([0x63, 0xff, 0xfe])], "x.csv") })).body.error).toBe("fx.import.errors.encoding");
    const future = await answer({ file: file(`currency;date;rate\nUSD;2999-01-01;5\n`) });
    expect(future.body.report!.rows[0]!.errors.map((e) => e.message)).toEqual(["fx.errors.future"]);
    expect(await ratesOf(s.id)).toEqual([]);
  });
});

describe("converter", () => {
  it("converts with the day's rate (or the last one within 7 days), shows the rate used, and says when there is none", async () => {
    const s = await agencyWith("Financeiro", "Agência Câmbio Conversor");
    await enable(s, ["USD", "EUR", "JPY"]);
    await createRate(s, { currency: "USD", date: daysAgo(3), rate: "5,4321" });
    await createRate(s, { currency: "EUR", date: daysAgo(3), rate: "6,00" });
    await createRate(s, { currency: "JPY", date: daysAgo(3), rate: "0,035123" });
    type Answer = { conversion?: { amount: number; result: number; fromRate: { date: string; rateE6: number; source: string }; toRate: { date: string; rateE6: number } }; result?: { error?: Record<string, string[]> } };
    const convert = async (form: Record<string, string>) => {
      const res = await appRequest(P.list, { cookie: s.cookie, form: { intent: "convert", ...form } });
      return { status: res.status, body: await json<Answer>(res) };
    };
    const usd = await convert({ amount: "100,00", from: "USD", to: "BRL", date: daysAgo(3) });
    expect(usd.status).toBe(200);
    expect(usd.body.conversion).toMatchObject({ amount: 10_000, result: 54_321, fromRate: { date: daysAgo(3), rateE6: 5_432_100, source: "manual" } });
    // Two days later (no rate on those days): the last rate within 7 days.
    expect((await convert({ amount: "100", from: "USD", to: "BRL", date: daysAgo(1) })).body.conversion).toMatchObject({ result: 54_321, fromRate: { date: daysAgo(3) } });
    // A cross conversion through the exact BRL value, and a currency without cents.
    expect((await convert({ amount: "100", from: "USD", to: "EUR", date: daysAgo(3) })).body.conversion!.result).toBe(9_054); // 543,21 / 6 = 90,535 → 90,54
    expect((await convert({ amount: "1000", from: "JPY", to: "BRL", date: daysAgo(3) })).body.conversion).toMatchObject({ amount: 1000, result: 3_512 });
    expect((await convert({ amount: "10,50", from: "JPY", to: "BRL", date: daysAgo(3) })).body.result!.error).toEqual({ amount: ["fx.errors.amount"] });
    // No rate for the day (before the first one, or more than 7 days after): a field error, never 1:1.
    const none = await convert({ amount: "100", from: "USD", to: "BRL", date: daysAgo(30) });
    expect(none.status).toBe(400);
    expect(none.body.result!.error).toEqual({ from: ["fx.errors.noRate"] });
    expect((await convert({ amount: "100", from: "BRL", to: "EUR", date: daysAgo(4) })).body.result!.error).toEqual({ to: ["fx.errors.noRate"] });
    expect((await convert({ amount: "abc", from: "USD", to: "BRL", date: daysAgo(3) })).status).toBe(400);
  });
});

describe("tenancy and roles", () => {
  it("another agency's rate answers 404 on every route and action, and nothing changes", async () => {
    await enable(B, ["USD"]);
    const id = await createRate(B, { currency: "USD", date: daysAgo(5), rate: "5,25" });
    const before = await ratesOf(B.id);
    expect((await appRequest(P.edit(id), { cookie: A.cookie })).status).toBe(404);
    expect((await appRequest(P.edit(id), { cookie: A.cookie, form: { currency: "USD", date: daysAgo(5), rate: "9", version: "1" } })).status).toBe(404);
    expect((await appRequest(P.edit(id), { cookie: A.cookie, form: { intent: "delete" } })).status).toBe(404);
    // A's list and converter never see B's rates.
    const list = await json<{ rows: { id: string }[] }>(await appRequest(P.list, { cookie: A.cookie }));
    expect(list.rows.map((r) => r.id)).not.toContain(id);
    const conv = await appRequest(P.list, { cookie: A.cookie, form: { intent: "convert", amount: "1", from: "USD", to: "BRL", date: daysAgo(5) } });
    expect(((await json<{ result: { error: Record<string, string[]> } }>(conv)).result.error)).toEqual({ from: ["fx.errors.noRate"] });
    expect(await ratesOf(B.id)).toEqual(before);
  });

  it("an Agente reads and converts but changes nothing; no session goes to the login", async () => {
    const agent = await memberOf(B.id, "Agente");
    const [rate] = await ratesOf(B.id);
    expect((await appRequest(P.list, { cookie: agent.cookie })).status).toBe(200);
    expect((await appRequest(P.novo, { cookie: agent.cookie, form: { currency: "USD", date: daysAgo(6), rate: "5" } })).status).toBe(403);
    expect((await appRequest(P.edit(rate!.id), { cookie: agent.cookie, form: { intent: "delete" } })).status).toBe(403);
    expect((await appRequest(P.list, { cookie: agent.cookie, form: { intent: "currencies", code: ["EUR"] } })).status).toBe(403);
    const imp = await appRequest(P.import, { cookie: agent.cookie });
    expect([302, 403]).toContain(imp.status);
    expect((await appRequest(P.list, { cookie: agent.cookie, form: { intent: "convert", amount: "1", from: "USD", to: "BRL", date: daysAgo(5) } })).status).toBe(200);
    expect(await ratesOf(B.id)).toHaveLength(1);
    const anon = await appRequest(P.list);
    expect(anon.status).toBe(302);
    expect(location(anon)).toContain("/login?redirectTo=");
  });
});

describe("fuzz: every form under arbitrary input", () => {
  const anyText = fc.oneof(fc.string(), fc.string({ unit: "binary" }), fc.constantFrom("", "on", "-1", "1e309", "NaN", "0", "5,4321", "5.4321", "99999", "BRL", "USD", "31/02/2026", "x".repeat(5000)));
  const value = (good: fc.Arbitrary<string>) => fc.oneof({ weight: 4, arbitrary: good }, { weight: 2, arbitrary: anyText }, { weight: 1, arbitrary: fc.array(fc.oneof(good, anyText), { minLength: 2, maxLength: 3 }) });
  const day = fc.integer({ min: 0, max: 400 }).map(daysAgo);
  const rate = fc.integer({ min: 1, max: 99_999_999 }).map((n) => `${Math.floor(n / 1_000_000)},${String(n % 1_000_000).padStart(6, "0")}`);

  it("the rate form: never a 5xx; a 302 adds one rate and one audit entry, anything else nothing", async () => {
    const s = await agencyWith("Financeiro", "Agência Câmbio Fuzz");
    await enable(s, ["USD", "EUR"]);
    let created = 0;
    await fc.assert(
      fc.asyncProperty(fc.record({ currency: value(fc.constantFrom("USD", "EUR", "GBP")), date: value(day), rate: value(rate) }, { requiredKeys: [] }), async (form) => {
        const before = [(await ratesOf(s.id)).length, await audits(s.id)];
        const res = await appRequest(P.novo, { cookie: s.cookie, form: form as Record<string, string | string[]> });
        expect(res.status).toBeLessThan(500);
        const after = [(await ratesOf(s.id)).length, await audits(s.id)];
        if (res.status === 302) {
          created++;
          expect(after).toEqual([before[0]! + 1, before[1]! + 1]);
        } else {
          expect([400, 409]).toContain(res.status);
          expect(after).toEqual(before);
        }
      }),
      { numRuns: FUZZ_RUNS },
    );
    expect(created).toBeGreaterThan(0);
  });

  it("the converter, the currencies and the import: never a 5xx, the converter writes nothing", async () => {
    const s = await agencyWith("Financeiro", "Agência Câmbio Fuzz 2");
    await enable(s, ["USD"]);
    await createRate(s, { currency: "USD", date: daysAgo(1), rate: "5,4" });
    const rows = await ratesOf(s.id);
    await fc.assert(
      fc.asyncProperty(
        fc.record({ amount: value(fc.integer({ min: -1e9, max: 1e9 }).map((n) => (n / 100).toFixed(2).replace(".", ","))), from: value(fc.constantFrom("USD", "BRL", "EUR")), to: value(fc.constantFrom("USD", "BRL")), date: value(day) }, { requiredKeys: [] }),
        async (form) => {
          const res = await appRequest(P.list, { cookie: s.cookie, form: { intent: "convert", ...(form as Record<string, string | string[]>) } });
          expect(res.status).toBeLessThan(500);
          expect([200, 400]).toContain(res.status);
        },
      ),
      { numRuns: FUZZ_RUNS },
    );
    expect(await ratesOf(s.id)).toEqual(rows);
    await fc.assert(
      fc.asyncProperty(fc.array(value(fc.constantFrom("USD", "EUR", "BRL", "XYZ")), { maxLength: 20 }), async (codes) => {
        const res = await appRequest(P.list, { cookie: s.cookie, form: { intent: "currencies", code: codes.flat() } });
        expect([200, 400]).toContain(res.status);
        const stored = (await env.DB.prepare("select code from fx_currency where agency_id = ?").bind(s.id).all<{ code: string }>()).results.map((r) => r.code);
        expect(stored.every((c) => c !== "BRL" && /^[A-Z]{3}$/.test(c))).toBe(true);
      }),
      { numRuns: Math.max(20, Math.floor(FUZZ_RUNS / 5)) },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(value(fc.constantFrom("USD", "EUR")), value(day), value(rate)), { maxLength: 8 }), fc.constantFrom(";", ","), async (lines, sep) => {
        const text = ["currency;date;rate".replaceAll(";", sep), ...lines.map((l) => l.map((v) => String(v).replaceAll("\n", " ")).join(sep))].join("\n");
        const res = await appRequest(P.import, { cookie: s.cookie, form: { csv: text, mode: "check" } });
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: Math.max(20, Math.floor(FUZZ_RUNS / 5)) },
    );
    expect((await ratesOf(s.id)).length).toBe(1);
  });
});
