/**
 * The client portal (issue #21 items 4 and 5), through the real route table on the local D1:
 * the one-time code (mailed, hashed, 10 minutes, 5 tries, rate limits per e-mail and per
 * address, no enumeration), the portal session apart from staff sessions both ways, an
 * agency choice for a client of several agencies, sign-out, and the dashboard's data and
 * downloads scoped to the client: another client's or another agency's id answers 404.
 */
import { env } from "cloudflare:test";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ensureFinanceDefaults } from "~/lib/finance/defaults.server";
import { CODE_TTL_MS } from "~/lib/portal/access";
import { findPortalAgency, verifyCode } from "~/lib/portal/access.server";
import { createDb } from "~/lib/platform/db.server";
import { appRequest, json } from "./harness";
import { cookieFrom, freshIp, seedDemo } from "./fixtures";
import { createSale, sentContract, world, type World } from "./contracts-world";

// Worlds sign staff in (scrypt): slow on a shared 2-core machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const R = "/financeiro/contas-a-receber";
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const one = <T>(q: string, ...v: unknown[]) => env.DB.prepare(q).bind(...v).first<T>();

const acesso = (slug: string) => `/portal/${slug}/acesso`;
const dashboard = (slug: string) => `/portal/${slug}/dashboard`;

async function slugOf(w: World) {
  return (await one<{ slug: string }>("select slug from agency where id = ?", w.agency.id))!.slug;
}

function askCode(slug: string, email: string, ip = freshIp()) {
  return appRequest(acesso(slug), { form: { intent: "request", email }, headers: { "cf-connecting-ip": ip } });
}
function tryCode(slug: string, email: string, code: string, ip = freshIp()) {
  return appRequest(acesso(slug), { form: { intent: "verify", email, code }, headers: { "cf-connecting-ip": ip } });
}
async function mailedCode(agencyId: string, to: string): Promise<string | null> {
  const mail = await one<{ text: string; subject: string }>(
    "select text, subject from email_outbox where agency_id = ? and kind = 'portal-code' and to_address = ? order by id desc limit 1",
    agencyId,
    to,
  );
  return mail ? /\b(\d{6})\b/.exec(mail.subject)![1]! : null;
}
const mailsTo = async (to: string) => (await one<{ n: number }>("select count(*) n from email_outbox where kind = 'portal-code' and to_address = ?", to))!.n;

/** Signs the world's client in: the portal cookie. */
async function portalSignIn(slug: string, agencyId: string, email: string): Promise<string> {
  expect((await askCode(slug, email)).status).toBe(200);
  const code = (await mailedCode(agencyId, email))!;
  const res = await tryCode(slug, email, code);
  expect(res.status, await res.clone().text()).toBe(302);
  expect(res.headers.get("Location")).toBe(dashboard(slug));
  const setCookie = res.headers.get("Set-Cookie")!;
  expect(setCookie).toMatch(/^rota_portal=[A-Za-z0-9_-]{43};/);
  expect(setCookie).toContain("HttpOnly");
  expect(setCookie).toContain("SameSite=Lax");
  expect(setCookie).toContain("Path=/portal");
  return cookieFrom(res);
}

async function receivable(w: World, clientId: string, amount = "1.500,75") {
  const category = await one<{ id: string }>("select id from chart_account where agency_id = ? and system_key = 'revenue.packages'", w.agency.id);
  const res = await appRequest(`${R}/novo`, {
    cookie: w.admin,
    form: { party: `client:${clientId}`, description: `Parcela ${uuidv7().slice(-6)}`, categoryId: category!.id, competenceDate: inDays(0), dueDate: inDays(10), amount, currency: "BRL" },
  });
  expect(res.status, await res.clone().text()).toBe(302);
  return res.headers.get("Location")!.split("/").pop()!;
}

async function otherClient(w: World, email: string | null) {
  const id = uuidv7();
  const t = new Date().toISOString();
  await env.DB.prepare("insert into client (id, agency_id, name, emails, search_text, created_at, updated_at) values (?, ?, ?, ?, 'x', ?, ?)")
    .bind(id, w.agency.id, `Outro ${id.slice(-4)}`, JSON.stringify(email ? [email] : []), t, t)
    .run();
  return id;
}

let A: World;
let B: World;
let slugA: string;
let slugB: string;
beforeAll(async () => {
  await seedDemo();
  A = await world();
  B = await world();
  slugA = await slugOf(A);
  slugB = await slugOf(B);
  await ensureFinanceDefaults(createDb(env.DB), A.agency.id);
  await ensureFinanceDefaults(createDb(env.DB), B.agency.id);
});

describe("portal access: one-time code", () => {
  it("the agency by id or slug; an unknown one is a 404 page, never the staff login", async () => {
    expect((await appRequest(acesso(slugA))).status).toBe(200);
    expect((await appRequest(acesso(A.agency.id))).status).toBe(200);
    const missing = await appRequest(acesso("no-such-agency"));
    expect(missing.status).toBe(404);
    expect((await appRequest(acesso("no-such-agency"), { form: { intent: "request", email: A.email } })).status).toBe(404);
  });

  it("mails a 6-digit code to a client's e-mail and stores only its hash; the answer is the same for an unknown e-mail", async () => {
    const known = await askCode(slugA, A.email.toUpperCase());
    expect(known.status).toBe(200);
    const code = await mailedCode(A.agency.id, A.email);
    expect(code).toMatch(/^\d{6}$/);
    const row = await one<Record<string, unknown>>("select * from portal_code where agency_id = ? and email = ?", A.agency.id, A.email);
    expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code!);
    expect(Date.parse(row!.expires_at as string) - Date.now()).toBeGreaterThan(CODE_TTL_MS - 60_000);

    const stranger = `ninguem-${uuidv7().slice(-8)}@x.test`;
    const unknown = await askCode(slugA, stranger);
    expect(unknown.status).toBe(200);
    expect(await mailsTo(stranger)).toBe(0);
    const a = await json<{ step: string; email: string; result: unknown }>(known);
    const b = await json<{ step: string; email: string; result: unknown }>(unknown);
    expect({ ...a, email: "" }).toEqual({ ...b, email: "" });
    // Tries on the unknown e-mail answer like a known one's: wrong code, then locked after 5.
    for (let i = 0; i < 4; i++) expect((await json<{ triesLeft: number }>(await tryCode(slugA, stranger, "000000"))).triesLeft).toBe(4 - i);
    const locked = await tryCode(slugA, stranger, "000000");
    expect(JSON.stringify(await json(locked))).toContain("portal.errors.locked");
    // Another agency's client e-mail is nobody at this agency: no mail.
    await askCode(slugA, B.email);
    expect(await mailsTo(B.email)).toBe(0);
  });

  it("mails the code in the visitor's language (Accept-Language); /portal/:agency leads to the sign-in", async () => {
    const w = await world();
    const slug = await slugOf(w);
    const res = await appRequest(acesso(slug), { form: { intent: "request", email: w.email }, headers: { "cf-connecting-ip": freshIp(), "Accept-Language": "es-AR,es;q=0.9" } });
    expect(res.status).toBe(200);
    const mail = await one<{ subject: string; locale: string }>("select subject, locale from email_outbox where kind = 'portal-code' and to_address = ? order by id desc limit 1", w.email);
    expect(mail).toMatchObject({ locale: "es" });
    expect(mail!.subject).toMatch(/^\d{6} es su código de acceso/);
    const index = await appRequest(`/portal/${slug}`);
    expect(index.headers.get("Location")).toBe(dashboard(slug));
    const dash = await appRequest(dashboard(slug));
    expect(dash.headers.get("Location")).toBe(acesso(slug));
  });

  it("refuses a bad e-mail or code shape with a field error and changes nothing", async () => {
    const bad = await askCode(slugA, "not-an-email");
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await json(bad))).toContain("portal.errors.email");
    const shape = await tryCode(slugA, A.email, "12ab");
    expect(shape.status).toBe(400);
    expect(JSON.stringify(await json(shape))).toContain("portal.errors.code");
  });

  it("5 tries: wrong codes count, then even the right code is refused until a new one is asked", async () => {
    const w = await world();
    const slug = await slugOf(w);
    await askCode(slug, w.email);
    const code = (await mailedCode(w.agency.id, w.email))!;
    const wrong = code === "999999" ? "999998" : "999999";
    for (let i = 1; i <= 4; i++) {
      const res = await tryCode(slug, w.email, wrong);
      expect(res.status).toBe(400);
      expect((await json<{ triesLeft: number }>(res)).triesLeft).toBe(5 - i);
    }
    expect(JSON.stringify(await json(await tryCode(slug, w.email, wrong)))).toContain("portal.errors.locked");
    const right = await tryCode(slug, w.email, code);
    expect(right.status).toBe(400);
    expect(right.headers.get("Set-Cookie")).toBeNull();
    expect(JSON.stringify(await json(right))).toContain("portal.errors.locked");
    // A new code works (and spends itself: a second use fails).
    await askCode(slug, w.email);
    const fresh = (await mailedCode(w.agency.id, w.email))!;
    expect((await tryCode(slug, w.email, fresh)).status).toBe(302);
    expect((await tryCode(slug, w.email, fresh)).status).toBe(400);
  });

  it("a code expires after 10 minutes", async () => {
    const w = await world();
    const slug = await slugOf(w);
    await askCode(slug, w.email);
    const code = (await mailedCode(w.agency.id, w.email))!;
    const db = createDb(env.DB);
    const agency = (await findPortalAgency(db, slug))!;
    const later = await verifyCode(db, agency.id, w.email, code, freshIp(), Date.now() + CODE_TTL_MS + 1000);
    expect(later).toMatchObject({ ok: false, reason: "expired" });
    const inTime = await verifyCode(db, agency.id, w.email, code, freshIp(), Date.now() + CODE_TTL_MS - 5000);
    expect(inTime.ok).toBe(true);
  });

  it("rate-limits codes per e-mail and per address (429, no mail)", async () => {
    const w = await world();
    const slug = await slugOf(w);
    for (let i = 0; i < 5; i++) expect((await askCode(slug, w.email)).status).toBe(200);
    const limited = await askCode(slug, w.email);
    expect(limited.status).toBe(429);
    expect(JSON.stringify(await json(limited))).toContain("portal.errors.tooMany");
    expect(await mailsTo(w.email)).toBe(5);

    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await askCode(slug, `x${i}-${uuidv7().slice(-6)}@y.test`, ip)).status).toBe(200);
    expect((await askCode(slug, `z-${uuidv7().slice(-6)}@y.test`, ip)).status).toBe(429);
  });
});

describe("portal sessions apart from staff sessions", () => {
  it("a portal cookie opens no staff route or API; a staff cookie is no portal session", async () => {
    const portal = await portalSignIn(slugA, A.agency.id, A.email);
    expect((await appRequest(dashboard(slugA), { cookie: portal })).status).toBe(200);
    for (const path of ["/dashboard", "/cadastros/clientes", "/financeiro/contas-a-receber", "/busca?q=carla"]) {
      const res = await appRequest(path, { cookie: portal });
      expect(res.status, path).toBe(302);
      expect(res.headers.get("Location"), path).toMatch(/^\/login/);
    }
    const staff = await appRequest(dashboard(slugA), { cookie: A.admin });
    expect(staff.status).toBe(302);
    expect(staff.headers.get("Location")).toBe(acesso(slugA));
    expect((await appRequest(`/portal/${slugA}/fatura/${uuidv7()}`, { cookie: A.admin })).status).toBe(302);
    // Both cookies together: the portal sees the client, the staff side the user (each reads its own).
    expect((await appRequest(dashboard(slugA), { cookie: `${portal}; ${A.admin}` })).status).toBe(200);
  });

  it("sign-out deletes the session: the cookie opens nothing afterwards", async () => {
    const portal = await portalSignIn(slugA, A.agency.id, A.email);
    const out = await appRequest(`/portal/${slugA}/sair`, { cookie: portal, form: {} });
    expect(out.status).toBe(302);
    expect(out.headers.get("Set-Cookie")).toContain("Max-Age=0");
    const after = await appRequest(dashboard(slugA), { cookie: portal });
    expect(after.status).toBe(302);
    expect(after.headers.get("Location")).toBe(acesso(slugA));
  });

  it("a client of several agencies picks one; an agency where the e-mail is nobody's answers 404", async () => {
    const shared = `multi-${uuidv7().slice(-8)}@x.test`;
    await otherClient(A, shared);
    await otherClient(B, shared);
    const portal = await portalSignIn(slugA, A.agency.id, shared);
    const page = await json<{ agencies: { id: string }[]; current: string }>(await appRequest("/portal/selecionar-agencia", { cookie: portal }));
    expect(page.agencies.map((a) => a.id).sort()).toEqual([A.agency.id, B.agency.id].sort());
    expect(page.current).toBe(A.agency.id);
    // Not yet in B: its dashboard sends to B's sign-in.
    expect((await appRequest(dashboard(slugB), { cookie: portal })).headers.get("Location")).toBe(acesso(slugB));
    const pick = await appRequest("/portal/selecionar-agencia", { cookie: portal, form: { agencyId: B.agency.id } });
    expect(pick.status).toBe(302);
    expect(pick.headers.get("Location")).toBe(dashboard(slugB));
    expect((await appRequest(dashboard(slugB), { cookie: portal })).status).toBe(200);
    expect((await appRequest(dashboard(slugA), { cookie: portal })).status).toBe(302);
    const C = await world();
    expect((await appRequest("/portal/selecionar-agencia", { cookie: portal, form: { agencyId: C.agency.id } })).status).toBe(404);
    expect((await appRequest("/portal/selecionar-agencia")).status).toBe(401);
  });
});

describe("portal dashboard", () => {
  it("shows the client's trips and open installments; another client's title, contract or invoice is a 404", async () => {
    const sale = await createSale(A);
    const titleId = await receivable(A, A.ids.client);
    const otherId = await otherClient(A, `outro-${uuidv7().slice(-6)}@x.test`);
    const foreignTitle = await receivable(A, otherId, "99,00");
    const { id: contractId } = await sentContract(A);
    const portal = await portalSignIn(slugA, A.agency.id, A.email);

    const data = await json<{
      trips: { rows: { id: string; number: number; passengers: unknown[]; mine: boolean }[] };
      open: { id: string; amountCents: number; charge: unknown }[];
      documents: { contracts: { id: string; canSign: boolean }[] };
    }>(await appRequest(dashboard(slugA), { cookie: portal }));
    expect(data.trips.rows.map((t) => t.id)).toContain(sale.id);
    expect(data.trips.rows.find((t) => t.id === sale.id)!.mine).toBe(true);
    expect(data.open.map((t) => t.id)).toContain(titleId);
    expect(data.open.map((t) => t.id)).not.toContain(foreignTitle);
    expect(data.open.find((t) => t.id === titleId)!.amountCents).toBe(150075);
    expect(data.documents.contracts.find((c) => c.id === contractId)!.canSign).toBe(true);

    // Charging another client's installment: 404, no charge.
    const charge = await appRequest(dashboard(slugA), { cookie: portal, form: { intent: "charge", titleId: foreignTitle, billingType: "PIX" } });
    expect(charge.status).toBe(404);
    expect((await one<{ n: number }>("select count(*) n from payment_charge where title_id = ?", foreignTitle))!.n).toBe(0);

    // The contract: its PDF to this client, 404 to the client of another agency; signing goes on to /assinar-contrato.
    expect((await appRequest(`/portal/${slugA}/contrato/${contractId}/original`, { cookie: portal })).status).toBe(200);
    expect((await appRequest(`/portal/${slugA}/contrato/${contractId}/assinado`, { cookie: portal })).status).toBe(404);
    const sign = await appRequest(dashboard(slugA), { cookie: portal, form: { intent: "sign", contractId } });
    expect(sign.status).toBe(302);
    const token = /^\/assinar-contrato\/([A-Za-z0-9_-]{43})$/.exec(sign.headers.get("Location")!)![1]!;
    expect((await appRequest(`/assinar-contrato/${token}`)).status).toBe(200);

    const portalB = await portalSignIn(slugB, B.agency.id, B.email);
    expect((await appRequest(`/portal/${slugB}/contrato/${contractId}/original`, { cookie: portalB })).status).toBe(404);
    expect((await appRequest(dashboard(slugB), { cookie: portalB, form: { intent: "charge", titleId, billingType: "PIX" } })).status).toBe(404);
    expect((await appRequest(dashboard(slugB), { cookie: portalB, form: { intent: "sign", contractId } })).status).toBe(404);
    const dataB = await json<{ trips: { rows: { id: string }[] }; open: { id: string }[] }>(await appRequest(dashboard(slugB), { cookie: portalB }));
    expect(dataB.trips.rows.map((t) => t.id)).not.toContain(sale.id);
    expect(dataB.open.map((t) => t.id)).not.toContain(titleId);
    // A's session on B's URLs: to B's sign-in, nothing of B shown.
    expect((await appRequest(`/portal/${slugB}/contrato/${contractId}/original`, { cookie: portal })).status).toBe(302);

    // Invoices: the client's own PDF; another client's, or an unknown id, is a 404.
    const invoiceOf = async (clientId: string, number: number) => {
      const id = uuidv7();
      const t = new Date().toISOString();
      await env.DB.prepare(
        "insert into invoice (id, agency_id, number, party_kind, party_id, party_name, language, currency, issue_date, due_date, total_cents, status, search_text, created_at, updated_at) values (?, ?, ?, 'client', ?, 'Cliente', 'pt', 'BRL', ?, ?, 12345, 'issued', '', ?, ?)",
      )
        .bind(id, A.agency.id, number, clientId, inDays(0), inDays(10), t, t)
        .run();
      return id;
    };
    const mine = await invoiceOf(A.ids.client, 9001);
    const theirs = await invoiceOf(otherId, 9002);
    const pdf = await appRequest(`/portal/${slugA}/fatura/${mine}`, { cookie: portal });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect((await appRequest(`/portal/${slugA}/fatura/${theirs}`, { cookie: portal })).status).toBe(404);
    expect((await appRequest(`/portal/${slugA}/fatura/${uuidv7()}`, { cookie: portal })).status).toBe(404);
    expect((await appRequest(`/portal/${slugB}/fatura/${mine}`, { cookie: portalB })).status).toBe(404);
    const docs = await json<{ documents: { invoices: { id: string }[] } }>(await appRequest(dashboard(slugA), { cookie: portal }));
    expect(docs.documents.invoices.map((i) => i.id)).toEqual([mine]);

    // Another client of the same agency sees none of it.
    const otherEmail = (await one<{ emails: string }>("select emails from client where id = ?", otherId))!.emails;
    const portalOther = await portalSignIn(slugA, A.agency.id, JSON.parse(otherEmail)[0]);
    const dataOther = await json<{ trips: { rows: { id: string }[] }; open: { id: string }[]; documents: { contracts: unknown[] } }>(await appRequest(dashboard(slugA), { cookie: portalOther }));
    expect(dataOther.trips.rows.map((t) => t.id)).not.toContain(sale.id);
    expect(dataOther.open.map((t) => t.id)).toEqual([foreignTitle]);
    expect(dataOther.documents.contracts).toEqual([]);
    expect((await appRequest(`/portal/${slugA}/contrato/${contractId}/original`, { cookie: portalOther })).status).toBe(404);
  });
});

describe("portal trips: an excursion's seats and boarding", () => {
  it("the buyer and a passenger see the trip with seat and boarding point and time; the passenger not the total; others nothing", async () => {
    const w = await world();
    const slug = await slugOf(w);
    const t = new Date().toISOString();
    const P = (q: string, ...v: unknown[]) => env.DB.prepare(q).bind(...v);
    const ids = { destination: uuidv7(), excursion: uuidv7(), point: uuidv7(), boarding: uuidv7(), sale: uuidv7() };
    const departure = "2027-07-10T10:30:00.000Z";
    const passengerEmail = `pax-${uuidv7().slice(-6)}@x.test`;
    const passengerId = await otherClient(w, passengerEmail);
    const bystanderEmail = `by-${uuidv7().slice(-6)}@x.test`;
    await otherClient(w, bystanderEmail);
    await env.DB.batch([
      P("insert into destination (id, agency_id, name, state, search_text, created_at, updated_at) values (?, ?, 'Gramado', 'RS', 'gramado', ?, ?)", ids.destination, w.agency.id, t, t),
      P(
        "insert into excursion (id, agency_id, title, slug, destination_id, departure_at, return_at, capacity, currency, status, includes, created_at, updated_at) values (?, ?, 'Gramado de inverno', ?, ?, ?, '2027-07-14T20:00:00.000Z', 40, 'BRL', 'open', ?, ?, ?)",
        ids.excursion, w.agency.id, `gramado-${ids.excursion.slice(-12)}`, ids.destination, departure, JSON.stringify(["Hotel com café da manhã"]), t, t,
      ),
      P("insert into boarding_point (id, agency_id, name, city, state, created_at, updated_at) values (?, ?, 'Terminal Tietê', 'São Paulo', 'SP', ?, ?)", ids.point, w.agency.id, t, t),
      P("insert into excursion_boarding (id, agency_id, excursion_id, boarding_point_id, departure_at, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)", ids.boarding, w.agency.id, ids.excursion, ids.point, departure, t, t),
      P(
        "insert into sale (id, agency_id, number, kind, status, client_id, agent_id, excursion_id, sale_date, currency, price_cents, total_cents, margin_cents, passenger_count, confirmed_at, created_at, updated_at) values (?, ?, 777, 'excursion', 'confirmed', ?, ?, ?, '2026-11-20', 'BRL', 250000, 250000, 250000, 2, ?, ?, ?)",
        ids.sale, w.agency.id, w.ids.client, w.ids.agentAgente, ids.excursion, t, t, t,
      ),
      P("insert into excursion_passenger (id, agency_id, excursion_id, sale_id, status, seat, client_id, name, boarding_id, price_cents, created_at, updated_at) values (?, ?, ?, ?, 'confirmed', '11', ?, 'Carla Cliente Souza', ?, 125000, ?, ?)", uuidv7(), w.agency.id, ids.excursion, ids.sale, w.ids.client, ids.boarding, t, t),
      P("insert into excursion_passenger (id, agency_id, excursion_id, sale_id, status, seat, client_id, name, boarding_id, price_cents, created_at, updated_at) values (?, ?, ?, ?, 'confirmed', '12', ?, 'Pedro Passageiro', ?, 125000, ?, ?)", uuidv7(), w.agency.id, ids.excursion, ids.sale, passengerId, ids.boarding, t, t),
    ]);
    type Trips = { trips: { rows: { id: string; mine: boolean; totalCents: number | null; excursion: { title: string; includes: string[] } | null; passengers: { name: string; seat: string; boarding: string; boardingAt: string }[] }[] } };
    const buyer = await json<Trips>(await appRequest(dashboard(slug), { cookie: await portalSignIn(slug, w.agency.id, w.email) }));
    const trip = buyer.trips.rows.find((r) => r.id === ids.sale)!;
    expect(trip).toMatchObject({ mine: true, totalCents: 250000, excursion: { title: "Gramado de inverno", includes: ["Hotel com café da manhã"] } });
    expect(trip.passengers).toEqual([
      expect.objectContaining({ name: "Carla Cliente Souza", seat: "11", boarding: "Terminal Tietê", boardingAt: "07:30" }),
      expect.objectContaining({ name: "Pedro Passageiro", seat: "12", boarding: "Terminal Tietê", boardingAt: "07:30" }),
    ]);
    const pax = await json<Trips>(await appRequest(dashboard(slug), { cookie: await portalSignIn(slug, w.agency.id, passengerEmail) }));
    expect(pax.trips.rows.find((r) => r.id === ids.sale)).toMatchObject({ mine: false, totalCents: null });
    const by = await json<Trips>(await appRequest(dashboard(slug), { cookie: await portalSignIn(slug, w.agency.id, bystanderEmail) }));
    expect(by.trips.rows).toEqual([]);
  });
});

describe("portal: my details and LGPD", () => {
  it("saves the contact fields and consent (field errors, nothing changed on bad input); the JSON export holds the client's data only", async () => {
    const w = await world();
    const slug = await slugOf(w);
    const portal = await portalSignIn(slug, w.agency.id, w.email);
    const page = `/portal/${slug}/meus-dados`;
    expect((await appRequest(page, { cookie: portal })).status).toBe(200);
    const before = await one<Record<string, unknown>>("select * from client where id = ?", w.ids.client);

    const bad = await appRequest(page, { cookie: portal, form: { "phones[0].number": "12", country: "BR", postalCode: "123", marketingConsent: "on" } });
    expect(bad.status).toBe(400);
    const errors = JSON.stringify(await json(bad));
    expect(errors).toContain("postalCode");
    expect(await one<Record<string, unknown>>("select * from client where id = ?", w.ids.client)).toEqual(before);

    const ok = await appRequest(page, {
      cookie: portal,
      form: { "phones[0].number": "(11) 98765-4321", "phones[0].whatsapp": "on", country: "BR", postalCode: "01310-100", street: "Av. Paulista", number: "1000", city: "São Paulo", state: "sp", emergencyContactName: "Rita", emergencyContactPhone: "(11) 91234-5678", marketingConsent: "on" },
    });
    expect(ok.status, await ok.clone().text()).toBe(200);
    const after = (await one<Record<string, unknown>>("select * from client where id = ?", w.ids.client))!;
    expect(after).toMatchObject({ postal_code: "01310100", state: "SP", street: "Av. Paulista", emergency_contact_name: "Rita", marketing_consent: 1, name: before!.name, document: before!.document });
    expect(JSON.parse(after.phones as string)[0]).toMatchObject({ whatsapp: true });
    expect(after.consent_at).toBeTruthy();
    const audit = await one<{ user_id: string | null; changes: string }>("select user_id, changes from audit_entry where entity = 'client' and entity_id = ? order by id desc limit 1", w.ids.client);
    expect(audit!.user_id).toBeNull();
    // Consent withdrawn: cleared with its date.
    await appRequest(page, { cookie: portal, form: { country: "BR" } });
    expect(await one("select marketing_consent, consent_at from client where id = ?", w.ids.client)).toEqual({ marketing_consent: 0, consent_at: null });

    const exported = await appRequest(`${page}/exportar`, { cookie: portal });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("Content-Disposition")).toContain("attachment");
    const body = await json<{ client: { id: string; name: string }; sales: unknown[] }>(exported);
    expect(body.client.id).toBe(w.ids.client);
    expect(JSON.stringify(body)).not.toContain("searchText");
    // No session, or a staff one: no data.
    expect((await appRequest(`${page}/exportar`, { cookie: w.admin })).status).toBe(302);
    expect((await appRequest(page, { cookie: w.admin, form: { country: "BR" } })).status).toBe(302);
  });
});
