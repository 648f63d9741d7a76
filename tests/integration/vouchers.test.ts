/**
 * Service vouchers (issue #21 item 5; decision 0023) through the real route table on the
 * local D1, with sales written by SQL:
 *  - a confirmed emissivo sale: one voucher per item, the PDF with the agency, the provider
 *    and its phone, the dates and times, the room, the locator, the item's passengers and
 *    their documents, in the agency's language or the one asked for (pt, en, es);
 *  - a confirmed excursion sale: one voucher with the confirmed places' seats and boarding
 *    points and times (held and cancelled places left out);
 *  - a draft or cancelled sale, an unknown item, another agency's sale, another seller's
 *    sale for an Agente: 404; no session: the login;
 *  - the portal: the client's documents list the vouchers of their confirmed trips, the PDF
 *    is theirs only (another client's or agency's: 404), in the portal's language.
 */
import { env } from "cloudflare:test";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { formatCalendarDate, formatTime } from "~/lib/platform/format";
import { appRequest, json } from "./harness";
import { cookieFrom, createAgency, createUser, freshIp, seedDemo, signIn } from "./fixtures";
import { pdfText } from "./pdf-text";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const run = (sql: string, ...values: unknown[]) => env.DB.prepare(sql).bind(...values).run();
const one = <T>(q: string, ...v: unknown[]) => env.DB.prepare(q).bind(...v).first<T>();
const now = () => new Date().toISOString();
const textOf = async (res: Response) => (await pdfText(new Uint8Array(await res.arrayBuffer()))).join(" ").replace(/[\s\u00a0\u202f]+/g, " ");
const TZ = "America/Sao_Paulo";

type World = Awaited<ReturnType<typeof world>>;

async function world(tag: string) {
  const agency = await createAgency(`Agência ${tag}`);
  const agencyId = agency.id;
  await run("update agency set phone = '(11) 4002-8922', email = ?, cnpj = '11222333000181' where id = ?", `contato-${tag}@agencia.test`, agencyId);
  const admin = await createUser({ role: "Admin", agencyId, name: `Admin ${tag}` });
  const agente = await createUser({ role: "Agente", agencyId, name: `Agente ${tag}` });
  const t = now();
  const ids = { agent: uuidv7(), client: uuidv7(), other: uuidv7(), hotelKind: uuidv7(), transferKind: uuidv7(), supplier: uuidv7() };
  const email = `ana-${agencyId.slice(-8)}@cliente.test`;
  await env.DB.batch([
    env.DB.prepare("insert into agent (id, agency_id, name, user_id, created_at, updated_at) values (?, ?, ?, ?, ?, ?)").bind(ids.agent, agencyId, `Vendedora ${tag}`, admin.id, t, t),
    env.DB.prepare("insert into client (id, agency_id, name, document, emails, search_text, created_at, updated_at) values (?, ?, ?, '52998224725', ?, 'ana', ?, ?)").bind(ids.client, agencyId, `Ana Viajante ${tag}`, JSON.stringify([email]), t, t),
    env.DB.prepare("insert into client (id, agency_id, name, passport_number, emails, search_text, created_at, updated_at) values (?, ?, ?, 'FX998877', ?, 'bruno', ?, ?)").bind(ids.other, agencyId, `Bruno Outro ${tag}`, JSON.stringify([`bruno-${agencyId.slice(-8)}@cliente.test`]), t, t),
    env.DB.prepare("insert into product_kind (id, agency_id, kind, created_at, updated_at) values (?, ?, 'hotel', ?, ?)").bind(ids.hotelKind, agencyId, t, t),
    env.DB.prepare("insert into product_kind (id, agency_id, kind, created_at, updated_at) values (?, ?, 'transfer', ?, ?)").bind(ids.transferKind, agencyId, t, t),
    env.DB.prepare("insert into supplier (id, agency_id, name, phone, created_at, updated_at) values (?, ?, ?, '(71) 3333-4444', ?, ?)").bind(ids.supplier, agencyId, `Hotel Farol ${tag}`, t, t),
  ]);
  const slug = (await one<{ slug: string }>("select slug from agency where id = ?", agencyId))!.slug;
  return { agencyId, slug, tag, ids, email, adminId: admin.id, admin: await signIn(admin.email), agente: await signIn(agente.email), number: 0 };
}

async function saleOf(w: World, o: { status?: string; kind?: "emissivo" | "excursion"; excursionId?: string; clientId?: string } = {}) {
  const id = uuidv7();
  const t = now();
  w.number += 1;
  await run(
    `insert into sale (id, agency_id, number, kind, status, client_id, agent_id, owner_user_id, excursion_id, sale_date, currency, cost_cents, price_cents, discount_cents, fees_cents, total_cents, margin_cents, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, '2027-02-01', 'BRL', 70000, 100000, 0, 0, 100000, 30000, ?, ?)`,
    id,
    w.agencyId,
    w.number,
    o.kind ?? "emissivo",
    o.status ?? "confirmed",
    o.clientId ?? w.ids.client,
    w.ids.agent,
    w.adminId,
    o.excursionId ?? null,
    t,
    t,
  );
  return { id, number: w.number };
}

/** A confirmed (or not) emissivo sale: two passengers, a hotel item for both, a transfer for the second only. */
async function emissivoSale(w: World, status = "confirmed", clientId = w.ids.client) {
  const sale = await saleOf(w, { status, clientId });
  const t = now();
  const p1 = uuidv7();
  const p2 = uuidv7();
  const hotel = uuidv7();
  const transfer = uuidv7();
  await env.DB.batch([
    env.DB.prepare("insert into sale_passenger (id, agency_id, sale_id, client_id, position, created_at, updated_at) values (?, ?, ?, ?, 0, ?, ?)").bind(p1, w.agencyId, sale.id, w.ids.client, t, t),
    env.DB.prepare("insert into sale_passenger (id, agency_id, sale_id, client_id, position, created_at, updated_at) values (?, ?, ?, ?, 1, ?, ?)").bind(p2, w.agencyId, sale.id, w.ids.other, t, t),
    env.DB.prepare(
      `insert into sale_item (id, agency_id, sale_id, position, product_kind_id, supplier_id, description, start_date, end_date, start_time, locator, passenger_ids, notes, created_at, updated_at)
       values (?, ?, ?, 0, ?, ?, ?, '2027-03-10', '2027-03-15', '14:00', 'HTL-7788', '[]', 'Quarto com vista para o mar; check-out até 12h.', ?, ?)`,
    ).bind(hotel, w.agencyId, sale.id, w.ids.hotelKind, w.ids.supplier, `Hotel Farol da Barra ${w.tag}`, t, t),
    env.DB.prepare(
      `insert into sale_item (id, agency_id, sale_id, position, product_kind_id, description, start_date, start_time, locator, passenger_ids, created_at, updated_at)
       values (?, ?, ?, 1, ?, ?, '2027-03-10', '09:40', 'TRF-1', ?, ?, ?)`,
    ).bind(transfer, w.agencyId, sale.id, w.ids.transferKind, `Traslado aeroporto ${w.tag}`, JSON.stringify([p2]), t, t),
  ]);
  return { ...sale, hotel, transfer };
}

const DEPARTURE = "2027-04-02T23:00:00.000Z";
const BOARDING = "2027-04-02T22:30:00.000Z";

/** A confirmed (or not) excursion sale: seats 12 and 3 confirmed at a boarding point, a held and a cancelled place. */
async function excursionSale(w: World, status = "confirmed") {
  const t = now();
  const destinationId = uuidv7();
  const excursionId = uuidv7();
  const pointId = uuidv7();
  const boardingId = uuidv7();
  await run("insert into destination (id, agency_id, name, search_text, created_at, updated_at) values (?, ?, 'Gramado', 'gramado', ?, ?)", destinationId, w.agencyId, t, t);
  await run(
    `insert into excursion (id, agency_id, title, slug, destination_id, departure_at, return_at, capacity, status, includes, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, '2027-04-06T23:00:00.000Z', 46, 'open', ?, ?, ?)`,
    excursionId,
    w.agencyId,
    `Serra Gaúcha ${w.tag}`,
    `ex-${excursionId.slice(-12)}`,
    destinationId,
    DEPARTURE,
    JSON.stringify(["Ônibus leito", "Hotel com café da manhã"]),
    t,
    t,
  );
  await run("insert into boarding_point (id, agency_id, name, address, city, created_at, updated_at) values (?, ?, ?, 'Av. Cruzeiro do Sul, 1800', 'São Paulo', ?, ?)", pointId, w.agencyId, `Terminal Tietê ${w.tag}`, t, t);
  await run("insert into excursion_boarding (id, agency_id, excursion_id, boarding_point_id, departure_at, position, created_at, updated_at) values (?, ?, ?, ?, ?, 0, ?, ?)", boardingId, w.agencyId, excursionId, pointId, BOARDING, t, t);
  const sale = await saleOf(w, { kind: "excursion", excursionId, status });
  const place = (name: string, seat: string, st: string) =>
    run(
      "insert into excursion_passenger (id, agency_id, excursion_id, sale_id, status, seat, name, document_type, document_number, room_type, boarding_id, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, 'rg', '12.345.678-9', 'double', ?, ?, ?)",
      uuidv7(),
      w.agencyId,
      excursionId,
      sale.id,
      st,
      seat,
      name,
      boardingId,
      t,
      t,
    );
  await place(`Carla Poltrona ${w.tag}`, "12", status === "cancelled" ? "cancelled" : "confirmed");
  await place(`Davi Poltrona ${w.tag}`, "3", status === "cancelled" ? "cancelled" : "confirmed");
  await place(`Held ${w.tag}`, "8", "held");
  await place(`Gone ${w.tag}`, "9", "cancelled");
  return sale;
}

const emissivoVoucher = (saleId: string, itemId: string, lang?: string) => `/vendas/emissivo/editar/${saleId}/voucher/${itemId}${lang ? `?idioma=${lang}` : ""}`;
const excursionVoucher = (saleId: string, lang?: string) => `/vendas/excursoes/gerenciar/${saleId}/voucher${lang ? `?idioma=${lang}` : ""}`;

let A: World;
let B: World;
beforeAll(async () => {
  await seedDemo();
  A = await world("Sol");
  B = await world("Mar");
});

describe("staff: a confirmed sale's vouchers", () => {
  it("an emissivo item's voucher: agency, provider and phone, dates, time, room notes, locator, its passengers and documents, in pt", async () => {
    const sale = await emissivoSale(A);
    const res = await appRequest(emissivoVoucher(sale.id, sale.hotel), { cookie: A.admin });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.headers.get("Content-Disposition")).toContain(`voucher-${sale.number}-1.pdf`);
    const text = await textOf(res);
    for (const s of [
      "Agência Sol",
      "CNPJ 11.222.333/0001-81",
      `Nº ${sale.number}-1`,
      "Hotel Farol da Barra Sol",
      "Hotel Farol Sol · (71) 3333-4444",
      `${formatCalendarDate("2027-03-10", "pt")} – ${formatCalendarDate("2027-03-15", "pt")}`,
      "14:00",
      "HTL-7788",
      "Ana Viajante Sol",
      "CPF 529.982.247-25",
      "Bruno Outro Sol",
      "Passaporte FX998877",
      "Quarto com vista para o mar; check-out até 12h.",
      "Contato de emergência",
      "(11) 4002-8922",
      "Apresente este voucher",
    ]) {
      expect(text, s).toContain(s);
    }
    // The transfer's voucher names only its own passenger.
    const transfer = await textOf(await appRequest(emissivoVoucher(sale.id, sale.transfer), { cookie: A.admin }));
    expect(transfer).toContain(`Nº ${sale.number}-2`);
    expect(transfer).toContain("Bruno Outro Sol");
    const passengers = transfer.slice(transfer.indexOf("Passageiros"));
    expect(passengers).not.toContain("Ana Viajante Sol");
    expect(transfer).toContain("09:40");
  });

  it("in the language asked for: en and es texts; a bad language falls back to the agency's", async () => {
    const sale = await emissivoSale(A);
    const en = await textOf(await appRequest(emissivoVoucher(sale.id, sale.hotel, "en"), { cookie: A.admin }));
    expect(en).toContain("Present this voucher");
    expect(en).toContain("Passport FX998877");
    expect(en).toContain(`${formatCalendarDate("2027-03-10", "en")} – ${formatCalendarDate("2027-03-15", "en")}`);
    expect(en).not.toContain("Apresente");
    const es = await textOf(await appRequest(emissivoVoucher(sale.id, sale.hotel, "es"), { cookie: A.admin }));
    expect(es).toContain("Presente este voucher");
    expect(es).toContain("Pasaporte FX998877");
    const fallback = await textOf(await appRequest(emissivoVoucher(sale.id, sale.hotel, "fr"), { cookie: A.admin }));
    expect(fallback).toContain("Apresente este voucher");
  });

  it("an excursion sale's voucher: the confirmed places' seats, boarding point and time; held and cancelled places left out", async () => {
    const sale = await excursionSale(A);
    const res = await appRequest(excursionVoucher(sale.id), { cookie: A.admin });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    const text = await textOf(res);
    expect(text).toContain("Serra Gaúcha Sol");
    expect(text).toContain("Carla Poltrona Sol");
    expect(text).toContain("Davi Poltrona Sol");
    expect(text).toContain(`${formatTime(BOARDING, "pt", TZ)} · Terminal Tietê Sol`);
    expect(text).toContain("Av. Cruzeiro do Sul, 1800,");
    expect(text).not.toContain("…");
    expect(text).toContain("Ônibus leito");
    expect(text).toContain("RG 12.345.678-9");
    expect(text).toMatch(/ 3 .*Duplo.* 12 /);
    expect(text).not.toContain("Held Sol");
    expect(text).not.toContain("Gone Sol");
    // Seats in order: 3 before 12.
    expect(text.indexOf("Davi Poltrona Sol")).toBeLessThan(text.indexOf("Carla Poltrona Sol"));
  });

  it("the sale pages list the vouchers of a confirmed sale only", async () => {
    const sale = await emissivoSale(A);
    const page = await json<{ vouchers: { key: string; number: string; href: string }[] }>(await appRequest(`/vendas/emissivo/editar/${sale.id}`, { cookie: A.admin }));
    expect(page.vouchers.map((v) => v.number)).toEqual([`${sale.number}-1`, `${sale.number}-2`]);
    expect(page.vouchers[0]!.href).toBe(emissivoVoucher(sale.id, sale.hotel));
    const draft = await emissivoSale(A, "draft");
    expect((await json<{ vouchers: unknown[] }>(await appRequest(`/vendas/emissivo/editar/${draft.id}`, { cookie: A.admin }))).vouchers).toEqual([]);
    const trip = await excursionSale(A);
    const excursionPage = await json<{ vouchers: { href: string }[] }>(await appRequest(`/vendas/excursoes/gerenciar/${trip.id}`, { cookie: A.admin }));
    expect(excursionPage.vouchers.map((v) => v.href)).toEqual([excursionVoucher(trip.id)]);
  });

  it("a draft or cancelled sale, an unknown item or another sale's item: 404", async () => {
    const draft = await emissivoSale(A, "draft");
    const cancelled = await emissivoSale(A, "cancelled");
    const confirmed = await emissivoSale(A);
    expect((await appRequest(emissivoVoucher(draft.id, draft.hotel), { cookie: A.admin })).status).toBe(404);
    expect((await appRequest(emissivoVoucher(cancelled.id, cancelled.hotel), { cookie: A.admin })).status).toBe(404);
    expect((await appRequest(emissivoVoucher(confirmed.id, uuidv7()), { cookie: A.admin })).status).toBe(404);
    expect((await appRequest(emissivoVoucher(confirmed.id, draft.hotel), { cookie: A.admin })).status).toBe(404);
    expect((await appRequest(excursionVoucher(confirmed.id), { cookie: A.admin })).status).toBe(404);
    expect((await appRequest(excursionVoucher((await excursionSale(A, "draft")).id), { cookie: A.admin })).status).toBe(404);
    expect((await appRequest(excursionVoucher((await excursionSale(A, "cancelled")).id), { cookie: A.admin })).status).toBe(404);
  });

  it("another agency's admin, an Agente on someone else's sale: 404; no session: the login", async () => {
    const sale = await emissivoSale(A);
    const trip = await excursionSale(A);
    expect((await appRequest(emissivoVoucher(sale.id, sale.hotel), { cookie: B.admin })).status).toBe(404);
    expect((await appRequest(excursionVoucher(trip.id), { cookie: B.admin })).status).toBe(404);
    expect((await appRequest(emissivoVoucher(sale.id, sale.hotel), { cookie: A.agente })).status).toBe(404);
    const anonymous = await appRequest(emissivoVoucher(sale.id, sale.hotel));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login/);
  });
});

describe("staff: a voucher by e-mail to the client", () => {
  it("goes through the outbox in the language chosen, with the PDF stored in R2 and attached", async () => {
    const sale = await emissivoSale(A);
    const res = await appRequest(emissivoVoucher(sale.id, sale.hotel), { cookie: A.admin, form: { idioma: "en" } });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/vendas/emissivo/editar/${sale.id}`);
    expect(res.headers.get("Set-Cookie")).toContain("rota_flash=");
    const mail = await one<{ to_address: string; locale: string; subject: string; text: string; attachments: string; agency_id: string }>(
      "select to_address, locale, subject, text, attachments, agency_id from email_outbox where agency_id = ? and kind = 'voucher' order by id desc limit 1",
      A.agencyId,
    );
    expect(mail).toMatchObject({ to_address: A.email, locale: "en", agency_id: A.agencyId });
    expect(mail!.subject).toContain(`Voucher ${sale.number}-1`);
    expect(mail!.text).toContain("Please find attached voucher");
    const [attachment] = JSON.parse(mail!.attachments) as { filename: string; key: string; mimeType: string }[];
    expect(attachment).toMatchObject({ filename: `voucher-${sale.number}-1.pdf`, mimeType: "application/pdf" });
    expect(attachment!.key.startsWith(`agencies/${A.agencyId}/vouchers/${sale.id}/`)).toBe(true);
    const stored = await env.FILES.get(attachment!.key);
    expect(await textOf(new Response(await stored!.arrayBuffer()))).toContain("Present this voucher");
  });

  it("a client without e-mail: a toast, no mail; another agency's sale or a draft: 404, no mail", async () => {
    const count = async () => (await one<{ n: number }>("select count(*) n from email_outbox where kind = 'voucher' and agency_id = ?", A.agencyId))!.n;
    const noEmail = uuidv7();
    await run("insert into client (id, agency_id, name, search_text, created_at, updated_at) values (?, ?, 'Sem Email', 'sem', ?, ?)", noEmail, A.agencyId, now(), now());
    const sale = await emissivoSale(A, "confirmed", noEmail);
    const before = await count();
    const res = await appRequest(emissivoVoucher(sale.id, sale.hotel), { cookie: A.admin, form: { idioma: "" } });
    expect(res.status).toBe(302);
    expect(res.headers.get("Set-Cookie")).toContain("rota_flash=");
    const other = await emissivoSale(A);
    expect((await appRequest(emissivoVoucher(other.id, other.hotel), { cookie: B.admin, form: { idioma: "" } })).status).toBe(404);
    const draft = await emissivoSale(A, "draft");
    expect((await appRequest(emissivoVoucher(draft.id, draft.hotel), { cookie: A.admin, form: { idioma: "" } })).status).toBe(404);
    const trip = await excursionSale(A);
    expect((await appRequest(excursionVoucher(trip.id), { cookie: B.admin, form: { idioma: "pt" } })).status).toBe(404);
    expect(await count()).toBe(before);
    const sent = await appRequest(excursionVoucher(trip.id), { cookie: A.admin, form: { idioma: "es" } });
    expect(sent.headers.get("Location")).toBe(`/vendas/excursoes/gerenciar/${trip.id}`);
    expect(await count()).toBe(before + 1);
  });
});

async function portalSignIn(w: World, email: string, headers: Record<string, string> = {}): Promise<string> {
  const ask = await appRequest(`/portal/${w.slug}/acesso`, { form: { intent: "request", email }, headers: { "cf-connecting-ip": freshIp(), ...headers } });
  expect(ask.status).toBe(200);
  const mail = await one<{ subject: string }>("select subject from email_outbox where agency_id = ? and kind = 'portal-code' and to_address = ? order by id desc limit 1", w.agencyId, email);
  const code = /\b(\d{6})\b/.exec(mail!.subject)![1]!;
  const res = await appRequest(`/portal/${w.slug}/acesso`, { form: { intent: "verify", email, code }, headers: { "cf-connecting-ip": freshIp(), ...headers } });
  expect(res.status).toBe(302);
  return cookieFrom(res);
}

describe("portal: the client's vouchers", () => {
  it("lists the vouchers of the client's confirmed trips and serves only theirs", async () => {
    const w = await world("Portal");
    const mine = await emissivoSale(w);
    const draft = await emissivoSale(w, "draft");
    const trip = await excursionSale(w);
    // Another client's sale (Bruno is no passenger of it).
    const theirs = await saleOf(w, { clientId: w.ids.other });
    const theirItem = uuidv7();
    await run(
      "insert into sale_item (id, agency_id, sale_id, product_kind_id, description, passenger_ids, created_at, updated_at) values (?, ?, ?, ?, 'Passeio alheio', '[]', ?, ?)",
      theirItem,
      w.agencyId,
      theirs.id,
      w.ids.hotelKind,
      now(),
      now(),
    );
    const portal = await portalSignIn(w, w.email);
    const page = await json<{ documents: { vouchers: { saleId: string; key: string; number: string }[] } }>(await appRequest(`/portal/${w.slug}/dashboard`, { cookie: portal }));
    const listed = page.documents.vouchers;
    expect(listed.map((v) => v.number).sort()).toEqual([`${mine.number}-1`, `${mine.number}-2`, `${trip.number}`].sort());
    expect(listed.some((v) => v.saleId === draft.id || v.saleId === theirs.id)).toBe(false);

    const pdf = await appRequest(`/portal/${w.slug}/voucher/${mine.id}/${mine.hotel}`, { cookie: portal });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(await textOf(pdf)).toContain("Ana Viajante Portal");
    const seats = await textOf(await appRequest(`/portal/${w.slug}/voucher/${trip.id}/${trip.id}`, { cookie: portal }));
    expect(seats).toContain("Carla Poltrona Portal");

    expect((await appRequest(`/portal/${w.slug}/voucher/${theirs.id}/${theirItem}`, { cookie: portal })).status).toBe(404);
    expect((await appRequest(`/portal/${w.slug}/voucher/${draft.id}/${draft.hotel}`, { cookie: portal })).status).toBe(404);
    expect((await appRequest(`/portal/${w.slug}/voucher/${mine.id}/${uuidv7()}`, { cookie: portal })).status).toBe(404);
    // Another agency's sale through this portal session: 404; a staff cookie is no portal session.
    const foreign = await emissivoSale(A);
    expect((await appRequest(`/portal/${w.slug}/voucher/${foreign.id}/${foreign.hotel}`, { cookie: portal })).status).toBe(404);
    expect((await appRequest(`/portal/${w.slug}/voucher/${mine.id}/${mine.hotel}`, { cookie: w.admin })).status).toBe(302);
  });

  it("a passenger of someone else's sale gets its vouchers; the PDF follows the portal's language", async () => {
    const w = await world("Passageiro");
    // Bruno bought nothing but travels on Ana's sale.
    const sale = await emissivoSale(w);
    const portal = await portalSignIn(w, `bruno-${w.agencyId.slice(-8)}@cliente.test`);
    const res = await appRequest(`/portal/${w.slug}/voucher/${sale.id}/${sale.transfer}`, { cookie: portal, headers: { "Accept-Language": "en-US,en;q=0.9" } });
    expect(res.status).toBe(200);
    const text = await textOf(res);
    expect(text).toContain("Present this voucher");
    expect(text).toContain("Bruno Outro Passageiro");
  });
});

describe("a voucher longer than a page", () => {
  it("goes on over pages: each new page repeats the agency and the voucher's number, every page says 'page n of N'", async () => {
    const { voucherPdf } = await import("~/lib/vouchers/voucher-pdf.server");
    const passengers = Array.from({ length: 90 }, (_, i) => ({
      name: `Passageiro ${String(i + 1).padStart(2, "0")}`,
      document: null,
      seat: String(i + 1),
      roomType: null,
      roomLabel: null,
      boarding: { place: "Rodoviária", address: null, at: "2027-03-01T09:00:00.000Z" },
    }));
    const bytes = await voucherPdf(
      {
        key: "k",
        number: "77",
        saleId: "s",
        kind: "excursion",
        title: "Serra Gaúcha",
        client: "Ana Viajante",
        provider: null,
        startDate: null,
        endDate: null,
        startTime: null,
        endTime: null,
        departureAt: "2027-03-01T10:00:00.000Z",
        returnAt: "2027-03-05T22:00:00.000Z",
        destination: "Gramado",
        room: null,
        mealPlan: null,
        locator: null,
        segments: [],
        passengers,
        includes: [],
        notes: null,
      },
      {
        agency: { name: "Agência Longa", legalName: null, cnpj: null, addressLine: null, city: null, state: null, postalCode: null, phone: null, email: null, website: null },
        logo: null,
        language: "en",
        timeZone: TZ,
        issuedAt: "2027-02-01T12:00:00.000Z",
      },
    );
    const texts = await pdfText(bytes);
    const pages = texts.filter((t) => /^Page \d+ of \d+$/.test(t));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages).toEqual(pages.map((_, i) => `Page ${i + 1} of ${pages.length}`));
    // The running head of every page after the first.
    expect(texts.filter((t) => t === "Agência Longa · Voucher 77")).toHaveLength(pages.length - 1);
    // Every passenger is drawn once, in order.
    const drawn = texts.filter((t) => /^Passageiro \d\d$/.test(t));
    expect(drawn).toEqual(passengers.map((p) => p.name));
  });
});
