/**
 * Third-party packages (Serviços → Pacotes de terceiros) through the real route
 * table, middleware, loaders and actions, on the real local D1 and R2:
 *  - create with destinations, itinerary, departures and the price grid (child
 *    rows in the package's batch, one audit row), edit (stable departure ids,
 *    version check: a stale save writes no child either);
 *  - the slug: made from the agency and title, unique across agencies with a
 *    suffix on create, a taken one refused on edit, kept once published;
 *  - publishing needs a departure and a price;
 *  - the operator must be the agency's supplier of category operator;
 *  - images: upload (thumbnail kept), spoofed type, oversize bytes and pixels,
 *    the 11th image refused, reorder by order and by move, alt text, remove,
 *    served only to the agency;
 *  - list (availability per departure, filters, search), CSV, clone, archive
 *    (roles), references;
 *  - tenant isolation on every route and action (404, nothing changes);
 *  - a property test of ≥ FUZZ_RUNS posts: no 5xx, nothing written unless saved.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it } from "vitest";
import { PACKAGE_CSV_COLUMNS } from "~/lib/services/package";
import type { PackageListRow } from "~/lib/services/package.server";
import { appRequest, json } from "./harness";
import { createAgency, createUser, seedDemo, signIn } from "./fixtures";
import { FUZZ_RUNS } from "./fuzz";

const LIST = "/servicos/pacotes-de-terceiros";
const NEW = `${LIST}/novo`;
const EXPORT = `${LIST}/exportar`;
const editPath = (id: string) => `${LIST}/editar/${id}`;
const imagePath = (id: string, mini = false) => `${LIST}/imagem/${id}${mini ? "?mini=1" : ""}`;
const location = (res: Response) => res.headers.get("Location");

type Agency = { id: string; name: string; slug: string; cookie: string; agente: string; operacional: string; operator: string; otherOperator: string; hotel: string; places: string[] };

async function supplierOf(agencyId: string, name: string, category: string) {
  const id = uuidv7();
  const now = new Date().toISOString();
  await env.DB.prepare("insert into supplier (id, agency_id, name, category, search_text, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)")
    .bind(id, agencyId, name, category, name.toLowerCase(), now, now)
    .run();
  return id;
}
async function destinationOf(agencyId: string, name: string) {
  const id = uuidv7();
  const now = new Date().toISOString();
  await env.DB.prepare("insert into destination (id, agency_id, name, search_text, created_at, updated_at) values (?, ?, ?, ?, ?, ?)").bind(id, agencyId, name, name.toLowerCase(), now, now).run();
  return id;
}

async function agencyWithData(name: string): Promise<Agency> {
  const agency = await createAgency(name);
  const { slug } = (await env.DB.prepare("select slug from agency where id = ?").bind(agency.id).first<{ slug: string }>())!;
  const admin = await createUser({ role: "Admin", agencyId: agency.id, name: `Admin ${name}` });
  const agente = await createUser({ role: "Agente", agencyId: agency.id, name: `Agente ${name}` });
  const operacional = await createUser({ role: "Operacional", agencyId: agency.id, name: `Operacional ${name}` });
  return {
    ...agency,
    slug,
    cookie: await signIn(admin.email),
    agente: await signIn(agente.email),
    operacional: await signIn(operacional.email),
    operator: await supplierOf(agency.id, `CVC Operadora ${name}`, "operator"),
    otherOperator: await supplierOf(agency.id, `Schultz ${name}`, "operator"),
    hotel: await supplierOf(agency.id, `Hotel ${name}`, "hotel"),
    places: [await destinationOf(agency.id, "Gramado"), await destinationOf(agency.id, "Canela"), await destinationOf(agency.id, "Bento Gonçalves")],
  };
}

const packageForm = (a: Agency, overrides: Record<string, string> = {}): Record<string, string> => ({
  intent: "save",
  title: "Gramado e Canela — Natal Luz",
  operatorId: a.operator,
  slug: "",
  summary: "Cinco noites na Serra Gaúcha.",
  "destinations[0]": a.places[0]!,
  "destinations[1]": a.places[1]!,
  "itinerary[0].title": "Chegada",
  "itinerary[0].description": "Traslado ao hotel.",
  "itinerary[1].title": "Tour de uva e vinho",
  includes: "Hotel com café\nTraslados\n\n",
  excludes: "Passagem aérea",
  "departures[0].departureDate": "2027-12-01",
  "departures[0].returnDate": "2027-12-06",
  "departures[0].seats": "20",
  "departures[1].departureDate": "2027-12-15",
  "departures[1].seats": "12",
  "prices.double.adult": "2.890,00",
  "prices.single.adult": "3.990,00",
  "prices.child.child": "1.490,00",
  // A free place: stored, but no "from" price in the list.
  "prices.child.infant": "0,00",
  cost: "2.100,00",
  currency: "BRL",
  cancellationPolicy: "Até 30 dias antes: reembolso integral.",
  ...overrides,
});

type PackageDb = {
  id: string;
  agency_id: string;
  operator_id: string;
  title: string;
  slug: string;
  itinerary: string;
  includes: string;
  published: number;
  published_at: string | null;
  first_departure: string | null;
  last_departure: string | null;
  cost_cents: number;
  archived_at: string | null;
  version: number;
  search_text: string;
};
const rowOf = (id: string) => env.DB.prepare("select * from third_party_package where id = ?").bind(id).first<PackageDb>();
const rowsOf = async (agencyId: string) => (await env.DB.prepare("select * from third_party_package where agency_id = ? order by id").bind(agencyId).all<PackageDb>()).results;
const all = async <T,>(sql: string, ...params: unknown[]) => (await env.DB.prepare(sql).bind(...params).all<T>()).results;
const departuresOf = (id: string) =>
  all<{ id: string; departure_date: string; return_date: string | null; seats: number; archived_at: string | null }>(
    "select id, departure_date, return_date, seats, archived_at from third_party_package_departure where package_id = ? order by departure_date, id",
    id,
  );
const childrenOf = async (id: string) => ({
  destinations: await all("select destination_id, position from third_party_package_destination where package_id = ? order by position", id),
  departures: await departuresOf(id),
  prices: await all("select room_type, age_band, price_cents from third_party_package_price where package_id = ? order by room_type, age_band", id),
  images: await all("select id, position, alt, storage_key from service_image where owner_kind = 'package' and owner_id = ? order by position", id),
});
const auditCount = async (id: string) => (await env.DB.prepare("select count(*) as n from audit_entry where entity_id = ?").bind(id).first<{ n: number }>())!.n;

/** A post; a list of files is sent as repeated fields (the harness appends each item). */
async function post(cookie: string, path: string, form: Record<string, string | string[] | File | File[] | undefined>) {
  return appRequest(path, { cookie, form: Object.fromEntries(Object.entries(form).filter(([, v]) => v !== undefined)) as Record<string, string | string[] | File> });
}

async function create(a: Agency, overrides: Record<string, string> = {}): Promise<string> {
  const res = await post(a.cookie, NEW, packageForm(a, overrides));
  expect(res.status, await res.clone().text()).toBe(302);
  const id = location(res)!.split("/").pop()!;
  expect(location(res)).toBe(editPath(id));
  return id;
}

/** A PNG / JPEG / WebP header of the given size (what the server reads: content and header, not pixels). */
function png(w = 800, h = 600, pad = 64): Uint8Array<ArrayBuffer> {
  const b = new Uint8Array(33 + pad);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(b.buffer).setUint32(16, w);
  new DataView(b.buffer).setUint32(20, h);
  return b;
}
function webp(w = 400, h = 300): Uint8Array<ArrayBuffer> {
  const b = new Uint8Array(64);
  b.set([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x58]);
  const [a, c] = [w - 1, h - 1];
  b.set([a & 255, (a >> 8) & 255, a >> 16, c & 255, (c >> 8) & 255, c >> 16], 24);
  return b;
}
const file = (bytes: Uint8Array<ArrayBuffer>, name = "foto.png", type = "image/png") => new File([bytes], name, { type });

type Reply = { result?: { status: string; error?: Record<string, string[]> }; saved?: boolean; imageError?: string; imageSaved?: boolean };
type ListData = { rows: PackageListRow[]; page: { total: number; next: string | null } };
type Screen = {
  values: Record<string, unknown>;
  formValues: { departures: { id: string; departureDate: string; seats: string }[]; prices: Record<string, Record<string, string>>; destinations: string[] } | null;
  version: number;
  availability: Record<string, { total: number; held: number; sold: number; free: number }>;
  images: { id: string; alt: string; url: string; thumbUrl: string }[];
  publicPath: string | null;
  operators: { value: string }[];
  history: { entries: unknown[] };
};
const screenOf = async (a: Agency, id: string) => json<Screen>(await appRequest(editPath(id), { cookie: a.cookie }));

let sol: Agency;
let mar: Agency;

beforeAll(async () => {
  await seedDemo();
  sol = await agencyWithData("Sol Pacotes");
  mar = await agencyWithData("Mar Pacotes");
});

describe("package records", () => {
  it("creates a package with its child rows in one save, one audit row, and shows them back", async () => {
    const id = await create(sol);
    const row = (await rowOf(id))!;
    expect(row).toMatchObject({
      agency_id: sol.id,
      operator_id: sol.operator,
      title: "Gramado e Canela — Natal Luz",
      slug: `${sol.slug}-gramado-e-canela-natal-luz`,
      published: 0,
      published_at: null,
      first_departure: "2027-12-01",
      last_departure: "2027-12-15",
      cost_cents: 210_000,
      version: 1,
    });
    expect(JSON.parse(row.itinerary)).toEqual([
      { day: 1, title: "Chegada", description: "Traslado ao hotel." },
      { day: 2, title: "Tour de uva e vinho", description: null },
    ]);
    expect(JSON.parse(row.includes)).toEqual(["Hotel com café", "Traslados"]);
    expect(row.search_text).toContain("gramado");
    expect(row.search_text).toContain("cvc operadora");
    const children = await childrenOf(id);
    expect(children.destinations).toEqual([
      { destination_id: sol.places[0], position: 0 },
      { destination_id: sol.places[1], position: 1 },
    ]);
    expect(children.departures.map((d) => [d.departure_date, d.return_date, d.seats])).toEqual([
      ["2027-12-01", "2027-12-06", 20],
      ["2027-12-15", null, 12],
    ]);
    expect(children.prices).toEqual([
      { room_type: "child", age_band: "child", price_cents: 149_000 },
      { room_type: "child", age_band: "infant", price_cents: 0 },
      { room_type: "double", age_band: "adult", price_cents: 289_000 },
      { room_type: "single", age_band: "adult", price_cents: 399_000 },
    ]);
    expect(await auditCount(id)).toBe(1);

    const screen = await screenOf(sol, id);
    expect(screen.formValues!.departures.map((d) => [d.departureDate, d.seats])).toEqual([
      ["2027-12-01", "20"],
      ["2027-12-15", "12"],
    ]);
    expect(screen.formValues!.prices.double!.adult).toBe("2.890,00");
    expect(screen.availability[children.departures[0]!.id]).toEqual({ total: 20, held: 0, sold: 0, free: 20 });
    expect(screen.publicPath).toBeNull();
  });

  it("edits with stable departure ids; removed rows go; a stale save writes neither the package nor any child", async () => {
    const id = await create(sol, { title: "Para editar" });
    const [first] = await departuresOf(id);
    const edit = packageForm(sol, {
      title: "Editado",
      version: "1",
      slug: "",
      "departures[0].id": first!.id,
      "departures[0].seats": "25",
      "departures[1].departureDate": "2028-01-10",
      "departures[1].seats": "8",
      "destinations[0]": sol.places[2]!,
      "prices.double.adult": "",
      "prices.triple.senior": "2.500,00",
    });
    const res = await post(sol.cookie, editPath(id), edit);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await json<Reply>(res)).saved).toBe(true);
    const row = (await rowOf(id))!;
    expect(row).toMatchObject({ title: "Editado", version: 2, first_departure: "2027-12-01", last_departure: "2028-01-10" });
    const children = await childrenOf(id);
    expect(children.departures.map((d) => [d.id === first!.id, d.departure_date, d.seats])).toEqual([
      [true, "2027-12-01", 25],
      [false, "2028-01-10", 8],
    ]);
    expect(children.destinations.map((d) => (d as { destination_id: string }).destination_id)).toEqual([sol.places[2], sol.places[1]]);
    expect((children.prices as { room_type: string }[]).map((p) => p.room_type).sort()).toEqual(["child", "child", "single", "triple"]);
    expect(await auditCount(id)).toBe(2);

    const stale = await post(sol.cookie, editPath(id), packageForm(sol, { title: "Velho", version: "1", "departures[0].seats": "99" }));
    expect(stale.status).toBe(409);
    expect(await rowOf(id)).toEqual(row);
    expect(await childrenOf(id)).toEqual(children);
  });

  it("refuses field errors with the user's keys and writes nothing", async () => {
    const count = (await rowsOf(sol.id)).length;
    const cases: [Record<string, string>, string, string][] = [
      [{ operatorId: sol.hotel }, "operatorId", "services.packages.errors.operatorCategory"],
      [{ operatorId: mar.operator }, "operatorId", "services.packages.errors.operator"],
      [{ operatorId: "" }, "operatorId", "services.packages.errors.operator"],
      [{ "destinations[1]": mar.places[0]! }, "destinations[1]", "services.packages.errors.destination"],
      [{ "destinations[1]": sol.places[0]! }, "destinations[1]", "services.packages.errors.destinationTwice"],
      [{ "departures[0].departureDate": "2027-02-30" }, "departures[0].departureDate", "services.packages.errors.date"],
      [{ "departures[0].returnDate": "2027-11-01" }, "departures[0].returnDate", "services.packages.errors.returnBeforeDeparture"],
      [{ "departures[0].seats": "0" }, "departures[0].seats", "services.packages.errors.seats"],
      [{ "departures[0].seats": "abc" }, "departures[0].seats", "services.packages.errors.seats"],
      [{ "departures[1].departureDate": "" }, "departures[1].departureDate", "validation.required"],
      [{ "prices.double.adult": "12,345" }, "prices.double.adult", "services.errors.money"],
      [{ "prices.double.adult": "-5,00" }, "prices.double.adult", "services.errors.money"],
      [{ "itinerary[1].title": "", "itinerary[1].description": "Sem título" }, "itinerary[1].title", "services.packages.errors.dayTitle"],
      [{ slug: "###" }, "slug", "services.packages.errors.slug"],
      [{ currency: "XYZ" }, "currency", "services.errors.currency"],
      [{ title: "" }, "title", "validation.required"],
    ];
    for (const [overrides, field, error] of cases) {
      const res = await post(sol.cookie, NEW, packageForm(sol, overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect((await json<Reply>(res)).result?.error?.[field], JSON.stringify(overrides)).toEqual([error]);
    }
    expect((await rowsOf(sol.id)).length).toBe(count);
  });
});

describe("slug and publishing", () => {
  it("is unique across agencies: a taken slug gets a suffix on create", async () => {
    const first = await create(sol, { title: "Bariloche", slug: "bariloche-inverno" });
    const second = await create(mar, { title: "Bariloche", slug: "Bariloche Inverno" });
    const third = await create(sol, { title: "Bariloche", slug: "bariloche-inverno" });
    expect((await rowOf(first))!.slug).toBe("bariloche-inverno");
    expect((await rowOf(second))!.slug).toBe("bariloche-inverno-2");
    expect((await rowOf(third))!.slug).toBe("bariloche-inverno-3");
  });

  it("refuses on edit a slug another package (of any agency) has, and keeps it once published", async () => {
    const other = await create(mar, { title: "Porto Seguro", slug: "porto-seguro-verao" });
    const id = await create(sol, { title: "Porto Seguro", slug: "porto-seguro-sol" });
    const taken = await post(sol.cookie, editPath(id), packageForm(sol, { title: "Porto Seguro", version: "1", slug: "porto-seguro-verao" }));
    expect(taken.status).toBe(400);
    expect((await json<Reply>(taken)).result?.error?.slug).toEqual(["services.packages.errors.slugTaken"]);
    expect((await rowOf(other))!.slug).toBe("porto-seguro-verao");

    // Unpublished: the slug may change.
    const changed = await post(sol.cookie, editPath(id), packageForm(sol, { title: "Porto Seguro", version: "1", slug: "porto-seguro-2027" }));
    expect((await json<Reply>(changed)).saved).toBe(true);
    // Publishing sets published_at and shows the public address.
    const published = await post(sol.cookie, editPath(id), packageForm(sol, { title: "Porto Seguro", version: "2", slug: "porto-seguro-2027", published: "on" }));
    expect((await json<Reply>(published)).saved).toBe(true);
    const row = (await rowOf(id))!;
    expect(row.published).toBe(1);
    expect(row.published_at).not.toBeNull();
    expect((await screenOf(sol, id)).publicPath).toBe("/pacote/porto-seguro-2027");
    // Once published, a changed slug is refused — also after unpublishing.
    const kept = await post(sol.cookie, editPath(id), packageForm(sol, { title: "Porto Seguro", version: "3", slug: "outro-endereco", published: "on" }));
    expect(kept.status).toBe(400);
    expect((await json<Reply>(kept)).result?.error?.slug).toEqual(["services.packages.errors.slugKept"]);
    const unpublished = await post(sol.cookie, editPath(id), packageForm(sol, { title: "Porto Seguro", version: "3", slug: "porto-seguro-2027" }));
    expect((await json<Reply>(unpublished)).saved).toBe(true);
    const again = await post(sol.cookie, editPath(id), packageForm(sol, { title: "Porto Seguro", version: "4", slug: "outro-endereco" }));
    expect((await json<Reply>(again)).result?.error?.slug).toEqual(["services.packages.errors.slugKept"]);
    expect((await rowOf(id))!).toMatchObject({ slug: "porto-seguro-2027", published: 0, published_at: row.published_at });
  });

  it("publishing needs a departure and a price", async () => {
    const count = (await rowsOf(sol.id)).length;
    const noDepartures = Object.fromEntries(Object.entries(packageForm(sol, { published: "on" })).filter(([k]) => !k.startsWith("departures")));
    const noPrices = Object.fromEntries(Object.entries(packageForm(sol, { published: "on" })).filter(([k]) => !k.startsWith("prices")));
    for (const form of [noDepartures, noPrices]) {
      const res = await post(sol.cookie, NEW, form);
      expect(res.status).toBe(400);
      expect((await json<Reply>(res)).result?.error?.published).toEqual(["services.packages.errors.publishNeeds"]);
    }
    expect((await rowsOf(sol.id)).length).toBe(count);
    // Without publishing, neither is needed.
    expect(await create(sol, { ...noDepartures, published: "" })).toBeTruthy();
  });
});

describe("images", () => {
  let id: string;
  beforeAll(async () => {
    id = await create(sol, { title: "Com imagens" });
  });
  const upload = (cookie: string, files: File[], thumbs: File[] = []) => post(cookie, editPath(id), { intent: "image-upload", image: files, ...(thumbs.length ? { thumb: thumbs } : {}) });

  it("uploads images checked by content (thumbnail kept) and serves them only to the agency", async () => {
    const res = await upload(sol.cookie, [file(png(1600, 1200)), file(webp(1600, 900), "b.webp", "image/webp")], [file(png(400, 300)), file(webp(400, 225), "b.webp", "image/webp")]);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await json<Reply>(res)).imageSaved).toBe(true);
    const images = (await childrenOf(id)).images as { id: string; position: number; storage_key: string }[];
    expect(images.map((i) => i.position)).toEqual([0, 1]);
    expect(images[0]!.storage_key).toMatch(new RegExp(`^agencies/${sol.id}/packages/${id}/[0-9a-f-]{36}\\.png$`));
    expect(images[1]!.storage_key).toMatch(/\.webp$/);
    const row = await env.DB.prepare("select thumb_key, width, height, content_type from service_image where id = ?").bind(images[1]!.id).first();
    expect(row).toMatchObject({ width: 1600, height: 900, content_type: "image/webp" });
    expect(await env.FILES.head((row as { thumb_key: string }).thumb_key)).not.toBeNull();

    const served = await appRequest(imagePath(images[0]!.id), { cookie: sol.cookie });
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect((await appRequest(imagePath(images[1]!.id, true), { cookie: sol.cookie })).status).toBe(200);
    expect((await appRequest(imagePath(images[0]!.id), { cookie: mar.cookie })).status).toBe(404);
    expect((await screenOf(sol, id)).images.map((i) => i.id)).toEqual(images.map((i) => i.id));
  });

  it("refuses a spoofed type, too many bytes, too many pixels: clear error, nothing written", async () => {
    const before = await childrenOf(id);
    const objects = (await env.FILES.list({ prefix: `agencies/${sol.id}/packages/${id}/` })).objects.length;
    const cases: [File[], File[], string][] = [
      [[file(new TextEncoder().encode("<svg onload=alert(1)></svg>") as Uint8Array<ArrayBuffer>, "x.png")], [], "services.images.errors.type"],
      [[file(png(800, 600)), file(new TextEncoder().encode("GIF89a....") as Uint8Array<ArrayBuffer>, "y.png")], [], "services.images.errors.type"],
      [[file(png(800, 600, 3 * 1024 * 1024))], [], "services.images.errors.tooLarge"],
      [[file(png(5000, 600))], [], "services.images.errors.dimensions"],
      [[file(png(800, 600))], [file(new TextEncoder().encode("not an image") as Uint8Array<ArrayBuffer>)], "services.images.errors.type"],
      [[], [], "services.images.errors.required"],
    ];
    for (const [files, thumbs, error] of cases) {
      const res = await upload(sol.cookie, files, thumbs);
      expect(res.status, error).toBe(400);
      expect((await json<Reply>(res)).imageError).toBe(error);
    }
    expect(await childrenOf(id)).toEqual(before);
    expect((await env.FILES.list({ prefix: `agencies/${sol.id}/packages/${id}/` })).objects.length).toBe(objects);
  });

  it("reorders (by order and by move), sets alt text, removes; refuses the 11th image", async () => {
    const ids = () => childrenOf(id).then((c) => (c.images as { id: string }[]).map((i) => i.id));
    const [a, b] = await ids();
    expect((await post(sol.cookie, editPath(id), { intent: "image-order", order: `${b},${a}` })).status).toBe(200);
    expect(await ids()).toEqual([b, a]);
    expect((await post(sol.cookie, editPath(id), { intent: "image-move", imageId: b!, direction: "down" })).status).toBe(200);
    expect(await ids()).toEqual([a, b]);
    // An order that is not a permutation of the images is refused.
    expect((await post(sol.cookie, editPath(id), { intent: "image-order", order: `${a}` })).status).toBe(400);
    expect((await post(sol.cookie, editPath(id), { intent: "image-order", order: `${a},${a}` })).status).toBe(400);
    expect(await ids()).toEqual([a, b]);
    expect((await post(sol.cookie, editPath(id), { intent: "image-alt", imageId: a!, alt: "  Lago Negro   em Gramado " })).status).toBe(200);
    expect((await screenOf(sol, id)).images[0]!.alt).toBe("Lago Negro em Gramado");

    // Up to 10: eight more fit, the 11th is refused.
    expect((await upload(sol.cookie, Array.from({ length: 8 }, () => file(png(640, 480))))).status).toBe(200);
    expect(await ids()).toHaveLength(10);
    const eleventh = await upload(sol.cookie, [file(png(640, 480))]);
    expect(eleventh.status).toBe(409);
    expect((await json<Reply>(eleventh)).imageError).toBe("services.images.errors.tooMany");
    expect(await ids()).toHaveLength(10);

    const key = ((await childrenOf(id)).images as { id: string; storage_key: string }[]).find((i) => i.id === b)!.storage_key;
    expect((await post(sol.cookie, editPath(id), { intent: "image-remove", imageId: b! })).status).toBe(200);
    const left = await childrenOf(id);
    expect((left.images as { id: string }[]).some((i) => i.id === b)).toBe(false);
    expect((left.images as { position: number }[]).map((i) => i.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await env.FILES.head(key)).toBeNull();
  });

  it("another agency cannot upload to, reorder or remove a package's images", async () => {
    const before = await childrenOf(id);
    const [first] = before.images as { id: string }[];
    for (const form of [
      { intent: "image-upload", image: file(png()) },
      { intent: "image-remove", imageId: first!.id },
      { intent: "image-move", imageId: first!.id, direction: "down" },
      { intent: "image-alt", imageId: first!.id, alt: "x" },
      { intent: "image-order", order: first!.id },
    ]) {
      expect((await post(mar.cookie, editPath(id), form)).status, form.intent).toBe(404);
    }
    // An image id of another package of the same agency is not found either.
    const otherId = await create(sol, { title: "Outro pacote" });
    expect((await post(sol.cookie, editPath(otherId), { intent: "image-remove", imageId: first!.id })).status).toBe(404);
    expect(await childrenOf(id)).toEqual(before);
  });
});

describe("package list", () => {
  let a: Agency;
  let ids: Record<string, string>;
  beforeAll(async () => {
    a = await agencyWithData("Lista Pacotes");
    ids = {
      gramado: await create(a, { title: "Gramado Natal Luz" }),
      lisboa: await create(a, {
        title: "Lisboa e Porto",
        operatorId: a.otherOperator,
        "destinations[0]": a.places[2]!,
        "destinations[1]": "",
        "departures[0].departureDate": "2027-05-10",
        "departures[0].returnDate": "2027-05-20",
        "departures[0].seats": "30",
        "departures[1].departureDate": "",
        "departures[1].seats": "",
        published: "on",
      }),
      noronha: await create(a, {
        title: "Fernando de Noronha",
        "departures[0].departureDate": "2028-03-01",
        "departures[0].returnDate": "",
        "departures[1].departureDate": "",
        "departures[1].seats": "",
      }),
    };
  });
  const list = async (query = "") => json<ListData>(await appRequest(`${LIST}${query}`, { cookie: a.cookie }));

  it("shows availability over each package's departures, operator and destinations", async () => {
    const data = await list();
    expect(data.rows.map((r) => r.title)).toEqual(["Lisboa e Porto", "Gramado Natal Luz", "Fernando de Noronha"]);
    expect(data.page.total).toBe(3);
    expect(data.rows[1]!).toMatchObject({ departures: 2, availability: { total: 32, held: 0, sold: 0, free: 32 }, priceFrom: 149_000, destinations: ["Gramado", "Canela"] });
    expect(data.rows[0]!).toMatchObject({ published: true, operatorName: "Schultz Lista Pacotes", destinations: ["Bento Gonçalves"] });
  });

  it("filters by operator, destination, published and departure days; searches", async () => {
    expect((await list(`?operador=${a.otherOperator}`)).rows.map((r) => r.id)).toEqual([ids.lisboa]);
    expect((await list(`?destino=${a.places[1]}`)).rows.map((r) => r.id)).toEqual([ids.gramado, ids.noronha]);
    expect((await list("?publicado=sim")).rows.map((r) => r.id)).toEqual([ids.lisboa]);
    expect((await list("?publicado=nao")).rows.map((r) => r.id)).toEqual([ids.gramado, ids.noronha]);
    expect((await list("?de=2027-12-10&ate=2028-01-31")).rows.map((r) => r.id)).toEqual([ids.gramado]);
    expect((await list("?de=2028-01-01")).rows.map((r) => r.id)).toEqual([ids.noronha]);
    expect((await list("?q=noronha")).rows.map((r) => r.id)).toEqual([ids.noronha]);
    expect((await list("?q=schultz")).rows.map((r) => r.id)).toEqual([ids.lisboa]);
    expect((await list("?sort=title&dir=asc")).rows.map((r) => r.title)).toEqual(["Fernando de Noronha", "Gramado Natal Luz", "Lisboa e Porto"]);
    expect((await list("?de=2027-02-30&operador=x%20y&publicado=talvez")).rows).toHaveLength(3);
  });

  it("exports the current filter as CSV", async () => {
    const res = await appRequest(`${EXPORT}?publicado=sim`, { cookie: a.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/csv");
    const lines = (await res.text()).replace(/^\uFEFF/, "").trim().split(/\r\n/);
    expect(lines[0]).toBe(PACKAGE_CSV_COLUMNS.join(";"));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("Lisboa e Porto");
    expect(lines[1]).toContain("2027-05-10 → 2027-05-20 (30)");
    expect(lines[1]).toContain("/pacote/");
  });

  it("clones a package as a new unpublished one with its own slug and departures", async () => {
    const res = await post(a.cookie, editPath(ids.lisboa!), { intent: "clone" });
    expect(res.status).toBe(302);
    const copyId = location(res)!.split("/").pop()!;
    const [original, copy] = [(await rowOf(ids.lisboa!))!, (await rowOf(copyId))!];
    expect(copy).toMatchObject({ title: "Lisboa e Porto (cópia)", published: 0, published_at: null, version: 1, first_departure: original.first_departure });
    expect(copy.slug).not.toBe(original.slug);
    const [o, c] = [await childrenOf(ids.lisboa!), await childrenOf(copyId)];
    expect(c.departures.map((d) => [d.departure_date, d.seats])).toEqual(o.departures.map((d) => [d.departure_date, d.seats]));
    expect(c.departures[0]!.id).not.toBe(o.departures[0]!.id);
    expect(c.prices).toEqual(o.prices);
    expect(c.destinations).toEqual(o.destinations);
    expect(c.images).toEqual([]);
    expect(await auditCount(copyId)).toBe(1);
  });

  it("archives for administrators and operations only; delete is not an intent", async () => {
    const id = await create(a, { title: "Para arquivar" });
    const before = await rowOf(id);
    expect((await post(a.agente, editPath(id), { intent: "archive" })).status).toBe(403);
    expect(await rowOf(id)).toEqual(before);
    const res = await post(a.operacional, editPath(id), { intent: "archive" });
    expect(res.status).toBe(302);
    expect((await rowOf(id))!.archived_at).not.toBeNull();
    expect((await list("?q=arquivar")).rows).toEqual([]);
    expect((await appRequest(editPath(id), { cookie: a.cookie })).status).toBe(404);
    const other = await create(a, { title: "Não excluir" });
    expect((await post(a.cookie, editPath(other), { intent: "delete" })).status).toBe(403);
    expect((await rowOf(other))!.archived_at).toBeNull();
  });

  it("an Agente may create and edit packages", async () => {
    const res = await post(a.agente, NEW, packageForm(a, { title: "Do agente" }));
    expect(res.status).toBe(302);
  });
});

describe("references", () => {
  it("an operator or destination a live package uses cannot be deleted; once archived, it can", async () => {
    const a = await agencyWithData("Referências Pacotes");
    const id = await create(a, { title: "Usa a operadora" });
    const refused = await post(a.cookie, `/cadastros/fornecedores/editar/${a.operator}`, { intent: "delete" });
    expect(refused.status).toBe(409);
    expect((await json<{ references: { count: number; label: string }[] }>(refused)).references).toEqual([{ count: 1, label: "services.packages.references" }]);
    expect((await post(a.cookie, `/cadastros/destinos/editar/${a.places[0]}`, { intent: "delete" })).status).toBe(409);
    expect((await post(a.cookie, editPath(id), { intent: "archive" })).status).toBe(302);
    expect((await post(a.cookie, `/cadastros/fornecedores/editar/${a.operator}`, { intent: "delete" })).status).toBe(302);
    expect((await post(a.cookie, `/cadastros/destinos/editar/${a.places[0]}`, { intent: "delete" })).status).toBe(302);
  });
});

describe("tenant isolation", () => {
  it("another agency's package is a 404 on every route and action, and nothing changes", async () => {
    const id = await create(sol, { title: "Só da Sol" });
    const before = await rowOf(id);
    const children = await childrenOf(id);
    const marRows = (await rowsOf(mar.id)).length;
    expect((await appRequest(editPath(id), { cookie: mar.cookie })).status).toBe(404);
    for (const form of [packageForm(mar, { version: "1" }), { intent: "archive" }, { intent: "clone" }, { intent: "delete" }]) {
      const res = await post(mar.cookie, editPath(id), form);
      if (form.intent === "delete") expect([403, 404]).toContain(res.status);
      else expect(res.status, String(form.intent)).toBe(404);
    }
    expect(await rowOf(id)).toEqual(before);
    expect(await childrenOf(id)).toEqual(children);
    expect((await rowsOf(mar.id)).length).toBe(marRows);
    const marList = await json<ListData>(await appRequest(`${LIST}?size=100`, { cookie: mar.cookie }));
    expect(marList.rows.some((r) => r.id === id)).toBe(false);
    expect((await json<ListData>(await appRequest(`${LIST}?operador=${sol.operator}`, { cookie: mar.cookie }))).rows).toEqual([]);
    expect((await json<ListData>(await appRequest(`${LIST}?destino=${sol.places[0]}`, { cookie: mar.cookie }))).rows).toEqual([]);
    expect(await (await appRequest(`${EXPORT}?size=100`, { cookie: mar.cookie })).text()).not.toContain("Só da Sol");
    const screen = await json<Screen>(await appRequest(NEW, { cookie: mar.cookie }));
    expect(screen.operators.map((o) => o.value).sort()).toEqual([mar.operator, mar.otherOperator].sort());
    // Mar's save cannot take Sol's departure ids: they become new rows of Mar's package.
    const marId = await create(mar, { title: "Da Mar" });
    const res = await post(mar.cookie, editPath(marId), packageForm(mar, { title: "Da Mar", version: "1", "departures[0].id": children.departures[0]!.id, "departures[0].seats": "1" }));
    expect((await json<Reply>(res)).saved).toBe(true);
    expect(await childrenOf(id)).toEqual(children);
  });

  it("an unknown or malformed id is a 404; without a session, the login", async () => {
    for (const bad of ["42", uuidv7(), "a%20b", "x".repeat(80)]) {
      expect((await appRequest(editPath(bad), { cookie: sol.cookie })).status).toBe(404);
      expect((await post(sol.cookie, editPath(bad), packageForm(sol, { version: "1" }))).status).toBe(404);
      expect((await appRequest(imagePath(bad), { cookie: sol.cookie })).status).toBe(404);
    }
    const anonymous = await appRequest(LIST);
    expect(anonymous.status).toBe(302);
    expect(location(anonymous)).toContain("/login?redirectTo=");
  });
});

describe("arbitrary input", () => {
  it(`never answers 5xx, and a refused save writes nothing (${FUZZ_RUNS} runs)`, async () => {
    const a = await agencyWithData("Fuzz Pacotes");
    const id = await create(a, { title: "Alvo Fixo" });
    const [dep] = await departuresOf(id);
    const huge = "é".repeat(50_000);
    const text = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: "binary", maxLength: 60 }),
      fc.constantFrom("", " ", huge, "0", "1", "-1", "10001", "1e3", "NaN", "on", "2027-12-01", "2027-13-10", "2027-02-30", "1.234,56", "-1,00", "BRL", "XYZ", "a--b", "Gramado Inverno"),
      fc.constantFrom(a.operator, a.hotel, mar.operator, a.places[0]!, a.places[1]!, mar.places[0]!, id, dep!.id),
      fc.json({ maxDepth: 3 }),
    );
    const value = fc.oneof({ weight: 5, arbitrary: text }, { weight: 1, arbitrary: fc.array(text, { minLength: 2, maxLength: 3 }) });
    const keys = [
      "intent",
      "title",
      "operatorId",
      "slug",
      "summary",
      "destinations[0]",
      "destinations[3]",
      "destinations",
      "itinerary[0].title",
      "itinerary[2].description",
      "includes",
      "excludes",
      "departures[0].id",
      "departures[0].departureDate",
      "departures[0].returnDate",
      "departures[0].seats",
      "departures[5].seats",
      "departures",
      "prices.double.adult",
      "prices.single",
      "prices.nope.adult",
      "prices",
      "cost",
      "currency",
      "published",
      "version",
      "departures[99999].seats",
    ];
    const fields = fc.dictionary(fc.constantFrom(...keys), value);
    const form = fc.oneof(fields, fields.map((f) => ({ ...packageForm(a, { version: "1" }), ...f })));
    let saves = 0;
    let refusals = 0;
    await fc.assert(
      fc.asyncProperty(fc.boolean(), form, async (isNew, posted) => {
        const before = await rowOf(id);
        const children = await childrenOf(id);
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
          expect(await childrenOf(id)).toEqual(children);
        }
        if (wrote) {
          const savedId = isNew ? location(res)!.split("/").pop()! : id;
          const saved = (await rowOf(savedId))!;
          const deps = await departuresOf(savedId);
          expect(/^[a-z0-9]+(-[a-z0-9]+)*$/.test(saved.slug)).toBe(true);
          for (const d of deps) if (d.return_date) expect(d.return_date >= d.departure_date).toBe(true);
          if (saved.published) expect(deps.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: FUZZ_RUNS },
    );
    if (FUZZ_RUNS >= 200) expect(saves).toBeGreaterThan(0);
    expect(refusals).toBeGreaterThan(0);
  }, 900_000);
});
