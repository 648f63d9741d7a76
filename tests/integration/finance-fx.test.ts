/**
 * Foreign-currency money keeps its rate (decision 0018, migration 0032): a title
 * in USD stores the rate of its competence day (or the latest of the 7 days
 * before), its source and its amount in BRL converted by fx.ts; a day without a
 * rate is a field error naming the currency and the day in the user's language,
 * and nothing is written; changing the amount or the day takes the rate again.
 * Settlements and their reversals convert at the title's rate; manual entries on
 * a USD account at the rate of their day. The DRE sums BRL (a USD title written
 * without a rate is left out and counted apart); a USD account's statement shows
 * both currencies. Another agency's rates are never used.
 */
import { env } from "cloudflare:test";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it } from "vitest";
import { manualEntry, reverseEntry, settleTitles } from "~/lib/finance/ledger/entries.server";
import { dreCells, dreUnconverted } from "~/lib/finance/ledger/reports.server";
import { createTitles, findTitle, updateTitle, type TitleInput } from "~/lib/finance/ledger/titles.server";
import { RATE_SCALE, toBrl } from "~/lib/finance/fx";
import { createUser, financeAgency, signIn } from "./fixtures";
import { appRequest, json } from "./harness";

const R = "/financeiro/contas-a-receber";
const ST = "/financeiro/relatorios/extrato-de-contas";
const DRE = "/financeiro/relatorios/dre";
/** USD 5,123457 on 2026-03-10 (a Tuesday); nothing from 2026-03-11 to 2026-03-19; 5,4321 on 2026-03-20. */
const RATE_0310 = 5_123_457;
const RATE_0320 = 5_432_100;

async function world() {
  const { agency, db, scope } = await financeAgency();
  const now = new Date().toISOString();
  const ids = { client: uuidv7(), brlBank: uuidv7(), usdBank: uuidv7() };
  const type = await env.DB.prepare("select id from account_type where agency_id = ? limit 1").bind(agency.id).first<{ id: string }>();
  const bank = (id: string, name: string, currency: string) =>
    env.DB.prepare("insert into bank_account (id, agency_id, name, account_type_id, opening_date, currency, created_at, updated_at) values (?, ?, ?, ?, '2020-01-01', ?, ?, ?)").bind(id, agency.id, name, type!.id, currency, now, now);
  const rate = (day: string, rateE6: number) =>
    env.DB.prepare("insert into fx_rate (id, agency_id, currency, date, rate_e6, source, created_at, updated_at) values (?, ?, 'USD', ?, ?, 'csv', ?, ?)").bind(uuidv7(), agency.id, day, rateE6, now, now);
  await env.DB.batch([
    env.DB.prepare("insert into client (id, agency_id, name, created_at, updated_at) values (?, ?, 'Cliente', ?, ?)").bind(ids.client, agency.id, now, now),
    bank(ids.brlBank, "Banco BRL", "BRL"),
    bank(ids.usdBank, "Conta USD", "USD"),
    env.DB.prepare("insert into fx_currency (agency_id, code, created_at) values (?, 'USD', ?)").bind(agency.id, now),
    rate("2026-03-10", RATE_0310),
    rate("2026-03-20", RATE_0320),
  ]);
  const revenue = (await env.DB.prepare("select id from chart_account where agency_id = ? and system_key = 'revenue.packages'").bind(agency.id).first<{ id: string }>())!.id;
  const fees = (await env.DB.prepare("select id from chart_account where agency_id = ? and system_key = 'expense.bank_fees'").bind(agency.id).first<{ id: string }>())!.id;
  const input = (over: Partial<TitleInput> = {}): TitleInput => ({
    direction: "receivable",
    partyKind: "client",
    partyId: ids.client,
    description: "Pacote Orlando",
    documentNumber: null,
    categoryId: revenue,
    competenceDate: "2026-03-10",
    dueDate: "2026-04-10",
    amountCents: 1_000_01,
    currency: "USD",
    paymentTermId: null,
    notes: null,
    ...over,
  });
  return { agency, db, scope, ids, revenue, fees, input };
}

type W = Awaited<ReturnType<typeof world>>;
const one = <T>(sql: string, ...binds: unknown[]) => env.DB.prepare(sql).bind(...binds).first<T>();
const count = async (table: string, agencyId: string) => (await one<{ n: number }>(`select count(*) n from ${table} where agency_id = ?`, agencyId))!.n;
const title = (id: string) => one<{ fx_rate_e6: number | null; fx_rate_date: string | null; fx_rate_source: string | null; amount_brl_cents: number | null; amount_cents: number }>("select * from finance_title where id = ?", id);

let w: W;
let cookie: string;
beforeAll(async () => {
  w = await world();
  cookie = await signIn((await createUser({ role: "Admin", agencyId: w.agency.id })).email);
});

describe("a foreign-currency title keeps its rate", () => {
  it("a USD receivable through the form stores the rate of the competence day (or the 7 before), its source and the BRL amount; the screen shows them", async () => {
    const res = await appRequest(`${R}/novo`, {
      cookie,
      form: { party: `client:${w.ids.client}`, description: "Disney", categoryId: w.revenue, competenceDate: "2026-03-14", dueDate: "2026-04-14", amount: "1.234,57", currency: "USD" },
    });
    expect(res.status, await res.clone().text()).toBe(302);
    const id = res.headers.get("Location")!.split("/").pop()!;
    // 2026-03-14 is a Saturday without a rate: Tuesday's (4 days before) applies.
    expect(await title(id)).toMatchObject({ fx_rate_e6: RATE_0310, fx_rate_date: "2026-03-10", fx_rate_source: "csv", amount_brl_cents: toBrl(1_234_57, "USD", RATE_0310) });
    // 1234.57 × 5.123457 = 6325.266... → R$ 6.325,27.
    expect((await title(id))!.amount_brl_cents).toBe(6_325_27);
    const screen = await json<{ edit: { title: { fxRateE6: number; fxRateDate: string; amountBrlCents: number } } }>(await appRequest(`${R}/editar/${id}`, { cookie }));
    expect(screen.edit.title).toMatchObject({ fxRateE6: RATE_0310, fxRateDate: "2026-03-10", amountBrlCents: 6_325_27 });
  });

  it("no rate for the day: the currency field says so in the user's language, and nothing is written", async () => {
    const before = await count("finance_title", w.agency.id);
    const post = (lng: string, currency = "USD") =>
      appRequest(`${R}/novo`, {
        cookie: `${cookie}; lng=${lng}`,
        form: { party: `client:${w.ids.client}`, description: "Sem cotação", categoryId: w.revenue, competenceDate: "2026-03-19", dueDate: "2026-04-19", amount: "10,00", currency },
      });
    for (const [lng, text] of [
      ["pt", "Não há cotação de USD em 19 de mar. de 2026"],
      ["en", "There is no rate for USD on Mar 19, 2026"],
      ["es", "No hay cotización de USD el 19 mar 2026"],
    ] as const) {
      const res = await post(lng);
      expect(res.status).toBe(400);
      const body = await json<{ result: { error: Record<string, string[]> } }>(res);
      expect(body.result.error.currency?.[0]).toContain(text);
    }
    // A code without any rate is refused the same way — never converted 1:1.
    expect((await post("en", "XYZ")).status).toBe(400);
    expect(await count("finance_title", w.agency.id)).toBe(before);
    // So is the domain call, with its reason.
    const refused = await createTitles(w.scope, w.input({ competenceDate: "2026-03-19" }));
    expect(refused).toMatchObject({ ok: false, reason: "rate" });
    expect(await count("finance_title", w.agency.id)).toBe(before);
  });

  it("before saving, the form asks …/cotacao for the rate its save would take: the same day rule; none; 400 for a bad query; another agency's rates never", async () => {
    const rate = async (path: string, q: string, c = cookie) => appRequest(`${path}/cotacao?${q}`, { cookie: c });
    // Saturday 2026-03-14: Tuesday's rate, as the save above took.
    expect(await json(await rate(R, "moeda=usd&dia=2026-03-14"))).toEqual({ currency: "USD", day: "2026-03-14", rate: { currency: "USD", date: "2026-03-10", rateE6: RATE_0310, source: "csv" } });
    expect(await json(await rate("/financeiro/contas-a-pagar", "moeda=USD&dia=20/03/2026"))).toMatchObject({ day: "2026-03-20", rate: { rateE6: RATE_0320 } });
    // 2026-03-19: more than 7 days after the 10th, before the 20th — the save is refused, and the form says so first.
    expect(await json(await rate(R, "moeda=USD&dia=2026-03-19"))).toEqual({ currency: "USD", day: "2026-03-19", rate: null });
    expect(await json(await rate(R, "moeda=BRL&dia=2026-03-19"))).toMatchObject({ rate: { rateE6: RATE_SCALE, source: "base" } });
    for (const q of ["moeda=XYZ&dia=2026-03-14", "moeda=USD&dia=2026-02-30", "moeda=USD", "", "moeda=%00&dia=x"]) {
      expect((await rate(R, q)).status, q).toBe(400);
    }
    // Another agency (no USD rates of its own) does not see this one's.
    const other = await financeAgency();
    const otherCookie = await signIn((await createUser({ role: "Admin", agencyId: other.agency.id })).email);
    expect(await json(await rate(R, "moeda=USD&dia=2026-03-14", otherCookie))).toMatchObject({ rate: null });
    // Signed out: to the sign-in, no rate.
    expect((await appRequest(`${R}/cotacao?moeda=USD&dia=2026-03-14`)).status).toBe(302);
  });

  it("BRL needs no rate: 1,000000 and its own amount; installments convert each their own cents", async () => {
    const brl = await createTitles(w.scope, w.input({ currency: "BRL", competenceDate: "2026-03-15" }));
    if (!brl.ok) throw new Error(brl.reason);
    expect(await title(brl.ids[0]!)).toMatchObject({ fx_rate_e6: RATE_SCALE, fx_rate_source: "base", amount_brl_cents: 1_000_01 });
    const term = (await one<{ id: string }>("select id from payment_term where agency_id = ? and name = '30/60/90'", w.agency.id))!.id;
    const split = await createTitles(w.scope, w.input({ paymentTermId: term, amountCents: 1_000_00 }));
    if (!split.ok) throw new Error(split.reason);
    for (const id of split.ids) {
      const t = (await title(id))!;
      expect(t.amount_brl_cents).toBe(toBrl(t.amount_cents, "USD", RATE_0310));
    }
  });

  it("changing the amount or the competence day takes the rate again; a day without one is refused and changes nothing", async () => {
    const created = await createTitles(w.scope, w.input());
    if (!created.ok) throw new Error(created.reason);
    const id = created.ids[0]!;
    let t = (await findTitle(w.db, w.agency.id, id))!;
    const edit = (over: Partial<TitleInput>) => ({ ...t, notes: t.notes, ...over });
    expect((await updateTitle(w.scope, id, t.version, edit({ amountCents: 2_000_00 }))).ok).toBe(true);
    expect(await title(id)).toMatchObject({ fx_rate_e6: RATE_0310, amount_brl_cents: toBrl(2_000_00, "USD", RATE_0310) });
    t = (await findTitle(w.db, w.agency.id, id))!;
    expect((await updateTitle(w.scope, id, t.version, edit({ competenceDate: "2026-03-21" }))).ok).toBe(true);
    expect(await title(id)).toMatchObject({ fx_rate_e6: RATE_0320, fx_rate_date: "2026-03-20", amount_brl_cents: toBrl(2_000_00, "USD", RATE_0320) });
    t = (await findTitle(w.db, w.agency.id, id))!;
    const refused = await updateTitle(w.scope, id, t.version, edit({ competenceDate: "2026-03-18", amountCents: 3_000_00 }));
    expect(refused).toMatchObject({ ok: false, reason: "rate" });
    expect(await title(id)).toMatchObject({ amount_cents: 2_000_00, fx_rate_e6: RATE_0320, amount_brl_cents: toBrl(2_000_00, "USD", RATE_0320) });
    // Another agency's rates are not this agency's: the same title there is refused.
    const other = await world();
    await env.DB.prepare("delete from fx_rate where agency_id = ?").bind(other.agency.id).run();
    expect(await createTitles(other.scope, other.input())).toMatchObject({ ok: false, reason: "rate" });
  });
});

describe("reports in BRL at each one's rate", () => {
  it("the DRE adds BRL and USD titles in reais; a USD title without a rate is left out and counted apart", async () => {
    const x = await world();
    const brl = await createTitles(x.scope, x.input({ currency: "BRL", amountCents: 100_00, competenceDate: "2026-05-02" }));
    const usd = await createTitles(x.scope, x.input({ currency: "USD", amountCents: 100_00, competenceDate: "2026-05-02" }));
    // May has no USD rate within 7 days of the 2nd: the USD one is refused until a rate of 2026-05-01 is added.
    expect(brl.ok).toBe(true);
    expect(usd).toMatchObject({ ok: false, reason: "rate" });
    await env.DB.prepare("insert into fx_rate (id, agency_id, currency, date, rate_e6, source, created_at, updated_at) values (?, ?, 'USD', '2026-05-01', 5000001, 'manual', ?, ?)")
      .bind(uuidv7(), x.agency.id, new Date().toISOString(), new Date().toISOString())
      .run();
    const usd2 = await createTitles(x.scope, x.input({ currency: "USD", amountCents: 100_00, competenceDate: "2026-05-02" }));
    if (!usd2.ok) throw new Error(usd2.reason);
    // A USD title written before rates were kept (SQL, no rate): not in reais.
    const now = new Date().toISOString();
    const legacy = uuidv7();
    await env.DB.prepare(
      "insert into finance_title (id, agency_id, direction, party_kind, party_id, description, category_id, competence_date, due_date, amount_cents, currency, paid_cents, status, group_id, created_at, updated_at, version) values (?, ?, 'receivable', 'client', ?, 'antigo', ?, '2026-05-03', '2026-05-03', 777, 'USD', 0, 'open', ?, ?, ?, 1)",
    )
      .bind(legacy, x.agency.id, x.ids.client, x.revenue, legacy, now, now)
      .run();
    const cells = await dreCells(x.scope, "competence", "2026-01", "2026-12");
    // R$ 100,00 + US$ 100,00 × 5,000001 = R$ 600,00 (0.0001 cents rounds away).
    expect(cells).toEqual([{ categoryId: x.revenue, month: "2026-05", signedCents: 100_00 + toBrl(100_00, "USD", 5_000_001) }]);
    expect(cells[0]!.signedCents).toBe(600_00);
    expect(await dreUnconverted(x.scope, "competence", "2026-01", "2026-12")).toEqual([{ currency: "USD", items: 1 }]);
    // The DRE screen: the same figure in BRL, and the notice of what is left out.
    const user = await createUser({ role: "Admin", agencyId: x.agency.id });
    const c = await signIn(user.email);
    const screen = await json<{ currency: string; unconverted: { currency: string; items: number }[]; dre: { lines: { key: string; totalCents: number }[] } }>(
      await appRequest(`${DRE}?year=2026&basis=competence`, { cookie: c }),
    );
    expect(screen.currency).toBe("BRL");
    expect(screen.dre.lines.find((l) => l.key === "grossRevenue")!.totalCents).toBe(600_00);
    expect(screen.unconverted).toEqual([{ currency: "USD", items: 1 }]);
    // Saving the old title gives it the rate of its day: it joins the reais.
    const old = (await findTitle(x.db, x.agency.id, legacy))!;
    expect((await updateTitle(x.scope, legacy, old.version, { ...old, description: "antigo, com cotação" })).ok).toBe(true);
    expect(await title(legacy)).toMatchObject({ fx_rate_e6: 5_000_001, amount_brl_cents: toBrl(777, "USD", 5_000_001) });
    expect(await dreUnconverted(x.scope, "competence", "2026-01", "2026-12")).toEqual([]);
    expect((await dreCells(x.scope, "competence", "2026-01", "2026-12"))[0]!.signedCents).toBe(600_00 + toBrl(777, "USD", 5_000_001));
  });

  it("settlements convert at the title's rate (pro rata), reversals cancel exactly; a USD account's statement shows both currencies", async () => {
    const x = await world();
    const created = await createTitles(x.scope, x.input({ amountCents: 1_000_01 }));
    if (!created.ok) throw new Error(created.reason);
    const id = created.ids[0]!;
    const t = (await findTitle(x.db, x.agency.id, id))!;
    // Paid on a later day, at whatever rate that day has: the title's rate is the one used.
    const settled = await settleTitles(x.scope, { date: "2026-03-20", bankAccountId: x.ids.usdBank, description: null }, [
      { titleId: id, version: t.version, principalCents: 333_33, interestCents: 1_11, fineCents: 0, discountCents: 0, feeCents: 0, intermediaryId: null },
    ]);
    if (!settled.ok) throw new Error(settled.reason);
    const entry = (await one<{ net_cents: number; fx_rate_e6: number; amount_brl_cents: number }>("select * from finance_entry where id = ?", settled.entryIds[0]!))!;
    expect(entry).toMatchObject({ net_cents: 334_44, fx_rate_e6: RATE_0310, amount_brl_cents: toBrl(334_44, "USD", RATE_0310) });
    // A bank fee on the USD account converts at its day's rate; a day without one is refused.
    expect(await manualEntry(x.scope, { bankAccountId: x.ids.usdBank, date: "2026-03-18", netCents: -5_00, categoryId: x.fees, description: "Tarifa" })).toMatchObject({ ok: false, reason: "rate" });
    const fee = await manualEntry(x.scope, { bankAccountId: x.ids.usdBank, date: "2026-03-21", netCents: -5_00, categoryId: x.fees, description: "Tarifa" });
    if (!fee.ok) throw new Error(fee.reason);
    expect(await one("select fx_rate_e6, amount_brl_cents from finance_entry where id = ?", fee.id)).toEqual({ fx_rate_e6: RATE_0320, amount_brl_cents: toBrl(-5_00, "USD", RATE_0320) });
    // Cash DRE: the BRL of each entry.
    const cash = async () => Object.fromEntries((await dreCells(x.scope, "cash", "2026-01", "2026-12")).map((c) => [c.categoryId, c.signedCents]));
    expect(await cash()).toEqual({ [x.revenue]: toBrl(334_44, "USD", RATE_0310), [x.fees]: toBrl(-5_00, "USD", RATE_0320) });
    // The statement of the USD account: dollars and, beside each, reais at the entry's rate.
    const user = await createUser({ role: "Admin", agencyId: x.agency.id });
    const c = await signIn(user.email);
    type St = { statement: { account: { currency: string }; closingCents: number; rows: { kind: string; netCents: number; amountBrlCents: number | null; fxRateE6: number | null }[] } };
    const st = await json<St>(await appRequest(`${ST}?account=${x.ids.usdBank}&from=2026-01-01&to=2026-12-31`, { cookie: c }));
    expect(st.statement.account.currency).toBe("USD");
    expect(st.statement.closingCents).toBe(334_44 - 5_00);
    expect(st.statement.rows.map((r) => [r.kind, r.netCents, r.amountBrlCents, r.fxRateE6])).toEqual([
      ["settlement", 334_44, toBrl(334_44, "USD", RATE_0310), RATE_0310],
      ["manual", -5_00, toBrl(-5_00, "USD", RATE_0320), RATE_0320],
    ]);
    // The reversal undoes the reais exactly.
    const reversed = await reverseEntry(x.scope, settled.entryIds[0]!, "2026-03-25", "engano");
    expect(reversed.ok).toBe(true);
    expect(await cash()).toEqual({ [x.revenue]: 0, [x.fees]: toBrl(-5_00, "USD", RATE_0320) });
  });
});
