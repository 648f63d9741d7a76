/**
 * The public pages (issue #21) through the real route table, middleware and loaders on the
 * local D1 and the Workers Cache:
 *  - /pacote/{slug}, /excursao/{slug}, /agencia/{id|slug}/pacotes answer without a session (and
 *    with a staff session, which is not sent away), in the visitor's language;
 *  - unknown slug, unpublished or archived item, draft excursion, unknown agency → 404 in the
 *    visitor's language, never a redirect to /login;
 *  - no staff-only field (cost, operator, notes) in what the page sends;
 *  - the agency list: filters (destination, month, price) and keyset pages;
 *  - the edge cache: a second request is a hit; a price changed by staff is seen at once
 *    (the agency's version is part of the key); the places JSON is never cached;
 *  - "quero reservar": field errors in the visitor's language and nothing written; a valid
 *    request makes a site lead in the CRM with the departure and passengers and notifies staff;
 *    the rate limit per address;
 *  - the sitemap, images of published items only.
 */
import { env } from "cloudflare:test";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it } from "vitest";
import { appRequest, json } from "./harness";
import { createAgency, createUser, freshIp, seedDemo, signIn, SOL } from "./fixtures";

const STAFF_LIST = "/servicos/pacotes-de-terceiros";

type Agency = { id: string; slug: string; cookie: string; adminId: string; operator: string; places: string[] };

async function insert(table: string, values: Record<string, unknown>) {
  const keys = Object.keys(values);
  await env.DB.prepare(`insert into ${table} (${keys.join(", ")}) values (${keys.map(() => "?").join(", ")})`)
    .bind(...Object.values(values))
    .run();
}

async function agencyWithData(name: string): Promise<Agency> {
  const agency = await createAgency(name);
  const { slug } = (await env.DB.prepare("select slug from agency where id = ?").bind(agency.id).first<{ slug: string }>())!;
  const admin = await createUser({ role: "Admin", agencyId: agency.id, name: `Admin ${name}` });
  const now = new Date().toISOString();
  const operator = uuidv7();
  await insert("supplier", { id: operator, agency_id: agency.id, name: `Operadora Secreta ${name}`, category: "operator", search_text: "op", created_at: now, updated_at: now });
  const places: string[] = [];
  for (const p of ["Gramado", "Bonito"]) {
    const id = uuidv7();
    await insert("destination", { id, agency_id: agency.id, name: `${p} ${name}`, search_text: p.toLowerCase(), created_at: now, updated_at: now });
    places.push(id);
  }
  return { id: agency.id, slug, cookie: await signIn(admin.email), adminId: admin.id, operator, places };
}

const packageForm = (a: Agency, overrides: Record<string, string> = {}): Record<string, string> => ({
  intent: "save",
  title: "Serra Gaúcha",
  operatorId: a.operator,
  slug: "",
  summary: "Cinco noites na serra.",
  "destinations[0]": a.places[0]!,
  "itinerary[0].title": "Chegada",
  "itinerary[0].description": "Traslado ao hotel.",
  includes: "Hotel com café",
  excludes: "Passagem aérea",
  "departures[0].departureDate": "2027-12-01",
  "departures[0].returnDate": "2027-12-06",
  "departures[0].seats": "20",
  "prices.double.adult": "2.890,00",
  "prices.child.child": "1.490,00",
  cost: "2.111,11",
  currency: "BRL",
  cancellationPolicy: "Até 30 dias antes: reembolso integral.",
  published: "on",
  ...overrides,
});

async function createPackage(a: Agency, overrides: Record<string, string> = {}) {
  const res = await appRequest(`${STAFF_LIST}/novo`, { cookie: a.cookie, form: packageForm(a, overrides) });
  expect(res.status, await res.clone().text()).toBe(302);
  const id = res.headers.get("Location")!.split("/").pop()!;
  const row = (await env.DB.prepare("select slug from third_party_package where id = ?").bind(id).first<{ slug: string }>())!;
  return { id, slug: row.slug };
}

type ItemData = {
  lang: string;
  t: { notFound: { title: string } };
  agency: { name: string } | null;
  view: null | {
    title: string;
    prices: { columns: { label: string }[]; rows: { label: string; cells: string[] }[] };
    choices: { value: string; label: string }[];
    itinerary: { title: string }[];
    includes: string[];
    excursion: null | { boardings: { name: string; time: string }[] };
    meta: { canonical: string; alternates: { lng: string; href: string }[]; jsonLd: { "@type": string; offers: { price: string; priceCurrency: string }[] } };
  };
};
type ListData = { page: null | { rows: { key: string; title: string; href: string; from: string | null }[]; next: string | null }; notFound: { title: string } | null };

const get = (path: string, init: { lang?: string; cookie?: string } = {}) =>
  appRequest(path, { headers: { "Accept-Language": init.lang ?? "pt-BR" }, cookie: init.cookie });

let sol: Agency;
let mar: Agency;
let pkg: { id: string; slug: string };

beforeAll(async () => {
  await seedDemo();
  sol = await agencyWithData("Sol Público");
  mar = await agencyWithData("Mar Público");
  pkg = await createPackage(sol, { title: "Serra Gaúcha pública" });
});

describe("public package and excursion pages", () => {
  it("shows a published package without a session, in the visitor's language, and to signed-in staff too", async () => {
    const res = await get(`/pacote/${pkg.slug}`, { lang: "en-US,en;q=0.9" });
    expect(res.status).toBe(200);
    const body = await json<ItemData>(res);
    expect(body.lang).toBe("en");
    expect(body.view!.title).toBe("Serra Gaúcha pública");
    expect(body.view!.prices.columns.map((c) => c.label)).toEqual(["Adult", "Child"]);
    expect(body.view!.prices.rows.map((r) => [r.label, ...r.cells])).toEqual([
      ["Double", "R$2,890.00", "—"],
      ["Child", "—", "R$1,490.00"],
    ]);
    expect(body.view!.itinerary.map((d) => d.title)).toEqual(["Chegada"]);
    expect(body.view!.choices).toHaveLength(1);
    // SEO: canonical, alternates per language, JSON-LD with offers.
    expect(body.view!.meta.canonical).toBe(`http://localhost:8787/pacote/${pkg.slug}`);
    expect(body.view!.meta.alternates.map((a) => a.lng)).toEqual(["pt", "en", "es"]);
    expect(body.view!.meta.jsonLd["@type"]).toBe("TouristTrip");
    expect(body.view!.meta.jsonLd.offers).toContainEqual(expect.objectContaining({ price: "2890.00", priceCurrency: "BRL" }));
    // ?lng= wins over the browser's language (the hreflang alternates).
    expect((await json<ItemData>(await get(`/pacote/${pkg.slug}?lng=es`, { lang: "en" }))).view!.prices.columns[0]!.label).toBe("Adulto");
    // A staff session is not sent away (spec §2.4: visitor pages anyone may see).
    const staff = await get(`/pacote/${pkg.slug}`, { cookie: mar.cookie });
    expect(staff.status).toBe(200);
  });

  it("sends no staff-only field: no cost, no operator, no internal id of the supplier", async () => {
    const text = await (await get(`/pacote/${pkg.slug}`)).text();
    expect(text).not.toContain("2111");
    expect(text).not.toContain("2.111");
    expect(text).not.toContain("Operadora Secreta");
    expect(text).not.toContain(sol.operator);
    expect(text).not.toMatch(/cost/i);
  });

  it("answers 404 in the visitor's language for an unknown slug, an unpublished or archived package, never a redirect", async () => {
    const draft = await createPackage(sol, { title: "Rascunho", published: "" });
    const archived = await createPackage(sol, { title: "Arquivado" });
    await env.DB.prepare("update third_party_package set archived_at = ? where id = ?").bind(new Date().toISOString(), archived.id).run();
    for (const path of ["/pacote/nao-existe-mesmo", `/pacote/${draft.slug}`, `/pacote/${archived.slug}`, "/excursao/nao-existe", "/agencia/nao-existe/pacotes"]) {
      const res = await get(path, { lang: "es" });
      expect(res.status, path).toBe(404);
      expect(res.headers.get("Location")).toBeNull();
      const body = await json<ItemData & ListData>(res);
      expect(body.t?.notFound.title ?? body.notFound?.title).toBe("Página no encontrada");
    }
  });

  it("shows a seeded open excursion with its boarding points and times; a draft is a 404", async () => {
    const open = await env.DB.prepare("select slug from excursion where agency_id = ? and published = 1 and status = 'open' and archived_at is null limit 1").bind(SOL.id).first<{ slug: string }>();
    const res = await get(`/excursao/${open!.slug}`);
    expect(res.status).toBe(200);
    const body = await json<ItemData>(res);
    expect(body.view!.excursion!.boardings.length).toBeGreaterThan(0);
    expect(body.view!.excursion!.boardings[0]!.time).toMatch(/^\d{2}:\d{2}$/);
    const places = await get(`/excursao/${open!.slug}/lugares`);
    expect(places.status).toBe(200);
    expect(places.headers.get("Cache-Control")).toBe("no-store");
    const p = await json<{ total: number; held: number; sold: number; free: number }>(places);
    expect(p.total).toBe(p.held + p.sold + p.free);
    const draft = await env.DB.prepare("select slug from excursion where agency_id = ? and status = 'draft' limit 1").bind(SOL.id).first<{ slug: string }>();
    expect((await get(`/excursao/${draft!.slug}`)).status).toBe(404);
    expect((await get(`/excursao/${draft!.slug}/lugares`)).status).toBe(404);
  });
});

describe("the agency's list", () => {
  beforeAll(async () => {
    // 13 more published packages: two pages of 12.
    for (let i = 0; i < 13; i++) {
      await createPackage(sol, {
        title: `Pacote ${String(i).padStart(2, "0")}`,
        "departures[0].departureDate": `2028-0${(i % 3) + 1}-1${i % 10}`,
        "departures[0].returnDate": "",
        "destinations[0]": sol.places[i % 2]!,
        "prices.double.adult": `${1000 + i * 100},00`,
      });
    }
  });

  it("lists by id or slug in keyset pages, without repeats", async () => {
    const first = await json<ListData>(await get(`/agencia/${sol.id}/pacotes`));
    expect(first.page!.rows).toHaveLength(12);
    expect(first.page!.next).toBeTruthy();
    const second = await json<ListData>(await get(`/agencia/${sol.slug}/pacotes${first.page!.next}`));
    const keys = [...first.page!.rows, ...second.page!.rows].map((r) => r.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toHaveLength(14);
    expect(second.page!.next).toBeNull();
    // Another agency's list does not show Sol's.
    const other = await json<ListData>(await get(`/agencia/${mar.slug}/pacotes`));
    expect(other.page!.rows).toHaveLength(0);
  });

  it("filters by destination, month and price", async () => {
    const byPlace = await json<ListData>(await get(`/agencia/${sol.slug}/pacotes?destino=${sol.places[1]}`));
    expect(byPlace.page!.rows.map((r) => r.title).sort()).toEqual(["Pacote 01", "Pacote 03", "Pacote 05", "Pacote 07", "Pacote 09", "Pacote 11"]);
    const byMonth = await json<ListData>(await get(`/agencia/${sol.slug}/pacotes?mes=2028-02`));
    expect(byMonth.page!.rows.map((r) => r.title).sort()).toEqual(["Pacote 01", "Pacote 04", "Pacote 07", "Pacote 10"]);
    // The lowest per-person price ≤ 1.250 (the child price 1.490 is above).
    const byPrice = await json<ListData>(await get(`/agencia/${sol.slug}/pacotes?ate=1250`));
    expect(byPrice.page!.rows.map((r) => r.title).sort()).toEqual(["Pacote 00", "Pacote 01", "Pacote 02"]);
    // Bad filter values are ignored, never an error.
    expect((await get(`/agencia/${sol.slug}/pacotes?mes=2028-13&ate=abc&apos=%00`)).status).toBe(200);
  });

  it("publishes a sitemap with every published page and its alternates", async () => {
    const res = await get(`/agencia/${sol.slug}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("application/xml");
    const xml = await res.text();
    expect(xml).toContain(`/pacote/${pkg.slug}</loc>`);
    expect(xml).toContain(`hreflang="en"`);
    expect((await get("/agencia/nao-existe/sitemap.xml")).status).toBe(404);
  });
});

describe("edge cache", () => {
  it("serves the second request from the cache and a staff change at once (the agency's version is in the key)", async () => {
    const item = await createPackage(mar, { title: "Bonito em cache" });
    const path = `/pacote/${item.slug}`;
    // A HEAD (no body) is answered but never stored in the page's place.
    expect((await appRequest(path, { method: "HEAD", headers: { "Accept-Language": "pt" } })).status).toBe(200);
    const first = await get(path, { lang: "pt" });
    expect(first.headers.get("X-Public-Cache")).toBe("miss");
    expect(first.headers.get("Cache-Control")).toContain("s-maxage");
    expect((await json<ItemData>(first)).view!.prices.rows[0]!.cells[0]).toMatch(/^R\$\s2\.890,00$/);
    const second = await get(path, { lang: "pt" });
    expect(second.headers.get("X-Public-Cache")).toBe("hit");
    expect((await json<ItemData>(second)).view!.title).toBe("Bonito em cache");
    // Another language is another key.
    expect((await get(path, { lang: "en" })).headers.get("X-Public-Cache")).toBe("miss");
    // Staff change the price: the very next request shows it.
    const edit = await appRequest(`${STAFF_LIST}/editar/${item.id}`, { cookie: mar.cookie, form: packageForm(mar, { title: "Bonito em cache", version: "1", "prices.double.adult": "3.150,00" }) });
    expect(edit.status, await edit.clone().text()).toBe(200);
    const after = await get(path, { lang: "pt" });
    expect(after.headers.get("X-Public-Cache")).toBe("miss");
    expect((await json<ItemData>(after)).view!.prices.rows[0]!.cells[0]).toMatch(/^R\$\s3\.150,00$/);
    // Unpublished: a 404 at once, never the cached page.
    const unpublish = await appRequest(`${STAFF_LIST}/editar/${item.id}`, { cookie: mar.cookie, form: packageForm(mar, { title: "Bonito em cache", version: "2", "prices.double.adult": "3.150,00", published: "" }) });
    expect(unpublish.status, await unpublish.clone().text()).toBe(200);
    // Once published the slug is kept; unpublishing hides the page.
    expect((await get(path, { lang: "pt" })).status).toBe(404);
  });

  it("a branding change in Minha agência is a new version, and the page shows the colour; a bad colour changes nothing", async () => {
    const versionOf = async () => (await env.DB.prepare("select version from public_cache_version where agency_id = ?").bind(mar.id).first<{ version: number }>())!.version;
    const agencyRow = () => env.DB.prepare("select version, brand_color from agency where id = ?").bind(mar.id).first<{ version: number; brand_color: string }>();
    const form = (version: number, brandColor: string) => ({
      intent: "profile",
      version: String(version),
      name: "Mar Público",
      country: "BR",
      timeZone: "America/Sao_Paulo",
      currency: "BRL",
      slug: mar.slug,
      brandColor,
    });
    const before = await versionOf();
    const row = (await agencyRow())!;
    expect(row.brand_color).toBe("teal");
    const bad = await appRequest("/sistema/minha-agencia", { cookie: mar.cookie, form: form(row.version, "url(x)") });
    expect(bad.status).toBe(400);
    expect((await agencyRow())!.brand_color).toBe("teal");
    const res = await appRequest("/sistema/minha-agencia", { cookie: mar.cookie, form: form(row.version, "violet") });
    expect(res.status, await res.clone().text()).toBeLessThan(400);
    expect((await agencyRow())!.brand_color).toBe("violet");
    expect(await versionOf()).toBeGreaterThan(before);
    const list = await json<{ page: { agency: { color: string } } }>(await get(`/agencia/${mar.slug}/pacotes`));
    expect(list.page.agency.color).toBe("violet");
  });
});

describe("quero reservar", () => {
  type Answer = { sent: boolean; error: string | null; fields: Record<string, string> };
  const reserve = (slug: string, form: Record<string, string>, lang = "en", ip = freshIp()) =>
    appRequest(`/pacote/${slug}`, { form, headers: { "Accept-Language": lang, "cf-connecting-ip": ip } });
  const dealsOf = async (agencyId: string) =>
    (await env.DB.prepare("select * from deal where agency_id = ? and source = 'site' order by created_at").bind(agencyId).all<{ id: string; lead_name: string; lead_email: string; passengers: number; travel_start: string; owner_user_id: string; created_by: string | null }>()).results;

  it("refuses bad input with each field's error in the visitor's language, and writes nothing", async () => {
    const before = (await dealsOf(sol.id)).length;
    const res = await reserve(pkg.slug, { name: "", email: "not-an-email", phone: "12", departure: "x", passengers: "0" });
    expect(res.status).toBe(400);
    const body = await json<Answer>(res);
    expect(body.fields).toMatchObject({ name: "This field is required.", email: "Enter a valid e-mail address.", phone: "Enter a phone number with its area code.", passengers: "Enter 1 to 60 passengers." });
    // A departure that is not the page's.
    const wrong = await reserve(pkg.slug, { name: "Ana", email: "ana@example.com", phone: "+55 11 99999-0000", departure: "not-a-departure", passengers: "2" }, "pt");
    expect(wrong.status).toBe(400);
    expect((await json<Answer>(wrong)).fields.departure).toBe("Escolha uma das datas de saída.");
    expect((await dealsOf(sol.id)).length).toBe(before);
  });

  it("makes a site lead in the CRM with the departure and passengers, and notifies the staff", async () => {
    const departure = (await env.DB.prepare("select id from third_party_package_departure where package_id = ?").bind(pkg.id).first<{ id: string }>())!.id;
    const res = await reserve(pkg.slug, { name: "Ana Visitante", email: "Ana@Example.com", phone: "+55 11 99999-0000", departure, passengers: "3" });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await json<Answer>(res)).sent).toBe(true);
    const [deal] = (await dealsOf(sol.id)).filter((d) => d.lead_name === "Ana Visitante");
    expect(deal).toMatchObject({ lead_email: "ana@example.com", passengers: 3, travel_start: "2027-12-01", owner_user_id: sol.adminId, created_by: null });
    const notes = await env.DB.prepare("select title, message, link from notification where user_id = ? order by created_at desc limit 1").bind(sol.adminId).first<{ title: string; message: string; link: string }>();
    expect(notes!.message).toContain("Ana Visitante");
    expect(notes!.link).toContain(deal!.id);
  });

  it("limits requests per address", async () => {
    const ip = freshIp();
    let last = 0;
    for (let i = 0; i < 6; i++) last = (await reserve(pkg.slug, { name: "", email: "", phone: "", departure: "", passengers: "" }, "pt", ip)).status;
    expect(last).toBe(429);
  });

  it("a post to an unknown page is a 404", async () => {
    expect((await reserve("nao-existe-mesmo", { name: "Ana" })).status).toBe(404);
  });
});
