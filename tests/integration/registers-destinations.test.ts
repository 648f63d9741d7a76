/**
 * Destinations (Cadastros → Destinos) and product kinds (Cadastros → Produtos)
 * through the real route table, middleware, loaders and actions, on the real
 * local D1 and R2:
 *  - destinations: tenant isolation on every route and action, create / update /
 *    delete with audit entries and history, stale saves, references, lists
 *    (filter, sorts, keyset pages, accent-insensitive search), CSV, the cover
 *    image (upload checked by its bytes, size, replacement, removal, public
 *    serving at /arquivos/destino/:id, another agency refused) and a property
 *    test of the save actions;
 *  - product kinds: the nine rows per agency, first save creating a missing row,
 *    toggle and category with audit, stale versions, roles and tenant isolation,
 *    and a property test of the row action.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it } from "vitest";
import { PRODUCT_KINDS } from "~/db/schema/registers";
import { encodeCursor, type PageInfo } from "~/lib/kit/list";
import { registerReference } from "~/lib/kit/record.server";
import { createDb } from "~/lib/platform/db.server";
import { DESTINATION_CSV_COLUMNS } from "~/lib/registers/destination";
import { setCover, type DestinationListRow } from "~/lib/registers/destination.server";
import type { ProductKindRow } from "~/lib/registers/product-kind";
import { registerSearchText } from "~/lib/kit/search-text";
import { appRequest, json, type AppRequestInit } from "./harness";
import { createAgency, createUser, seedDemo, signIn, SOL } from "./fixtures";
import { FUZZ_RUNS } from "./fuzz";

const LIST = "/cadastros/destinos";
const NEW = `${LIST}/novo`;
const EXPORT = `${LIST}/exportar`;
const PRODUCTS = "/cadastros/produtos";
const editPath = (id: string) => `${LIST}/editar/${id}`;
const coverPath = (id: string) => `/arquivos/destino/${id}`;
const location = (res: Response) => res.headers.get("Location");

let serial = 0;
const uniq = () => `${Date.now().toString(36)}${(serial++).toString(36)}`;

/** A 1×1 PNG. */
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));
/** The start of a JPEG (the check reads the magic bytes only). */
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]);
/** A RIFF/WEBP header. */
const WEBP = Uint8Array.from([0x52, 0x49, 0x46, 0x46, 0x1a, 0x00, 0x00, 0x00, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x4c, 0x0d, 0x00, 0x00, 0x00, 0x2f, 0x00, 0x00, 0x00, 0x10]);
const file = (bytes: Uint8Array<ArrayBuffer> | (Uint8Array<ArrayBuffer> | string)[], name = "capa.png", type = "image/png") =>
  new File(Array.isArray(bytes) ? bytes : [bytes], name, { type });

type Session = { id: string; name: string; cookie: string; userId: string };

async function agencyWith(role = "Admin", name?: string): Promise<Session> {
  const agency = await createAgency(name);
  const user = await createUser({ role, agencyId: agency.id, name: `${role} da ${agency.name}` });
  return { ...agency, cookie: await signIn(user.email), userId: user.id };
}

async function memberOf(agencyId: string, role: string) {
  const user = await createUser({ role, agencyId, name: `${role} Membro` });
  return { cookie: await signIn(user.email), userId: user.id };
}

type DestinationDb = { id: string; agency_id: string; name: string; city: string | null; state: string | null; country: string; description: string | null; cover_key: string | null; search_text: string; version: number; deleted_at: string | null; created_by: string | null; created_at: string };
const rowOf = (id: string) => env.DB.prepare("select * from destination where id = ?").bind(id).first<DestinationDb>();
const rowsOf = async (agencyId: string) => (await env.DB.prepare("select * from destination where agency_id = ? order by id").bind(agencyId).all<DestinationDb>()).results;
const liveCount = async (agencyId: string) =>
  (await env.DB.prepare("select count(*) as n from destination where agency_id = ? and deleted_at is null").bind(agencyId).first<{ n: number }>())!.n;
const registerCount = async (agencyId: string) =>
  (await env.DB.prepare("select live from register_count where agency_id = ? and entity = 'destination'").bind(agencyId).first<{ live: number }>())?.live ?? 0;

type Audit = { agency_id: string; user_id: string | null; entity: string; entity_id: string; action: string; changes: Record<string, [unknown, unknown]> | null };
const auditOf = async (entityId: string) =>
  (
    await env.DB.prepare("select agency_id, user_id, entity, entity_id, action, changes from audit_entry where entity_id = ? order by created_at, id")
      .bind(entityId)
      .all<Omit<Audit, "changes"> & { changes: string | null }>()
  ).results.map((a) => ({ ...a, changes: a.changes ? (JSON.parse(a.changes) as Audit["changes"]) : null }));

/** R2 keys under a prefix. */
const objectKeys = async (prefix: string) => (await env.FILES.list({ prefix })).objects.map((o) => o.key);

function destinationForm(overrides: Record<string, string> = {}): Record<string, string> {
  return { name: `Gramado ${uniq()}`, city: "Gramado", state: "rs", country: "br", description: "Serra Gaúcha, fondue e chocolate.", ...overrides };
}

async function create(cookie: string, form: Record<string, string>) {
  const res = await appRequest(NEW, { cookie, form });
  if (res.status !== 302) throw new Error(`create answered ${res.status}: ${await res.text()}`);
  return location(res)!.split("/").pop()!;
}

type EditData = {
  mode: "edit";
  values: Record<string, string>;
  version: number;
  name: string;
  coverUrl: string | null;
  history: { entries: { action: string; changes: Record<string, [unknown, unknown]> | null; who: string | null }[]; more: boolean };
  canDelete: boolean;
};
async function loadEdit(cookie: string, id: string) {
  const res = await appRequest(editPath(id), { cookie });
  expect(res.status).toBe(200);
  return json<EditData>(res);
}

type ListData = { rows: DestinationListRow[]; page: PageInfo; countries: string[] };
async function list(cookie: string, search = "") {
  const res = await appRequest(`${LIST}${search}`, { cookie });
  expect(res.status, search).toBe(200);
  return json<ListData>(res);
}
async function exportCsv(cookie: string, search = "") {
  const res = await appRequest(`${EXPORT}${search}`, { cookie });
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  // Response.text() would drop the BOM; decode keeping it.
  return { res, bytes, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes) };
}
async function uploadCover(cookie: string, id: string, cover: File | string) {
  return appRequest(editPath(id), { cookie, form: { intent: "cover", cover } });
}

/** The status of a request, a thrown error counting as the 500 React Router would answer. */
async function attempt(path: string, init: AppRequestInit) {
  try {
    const res = await appRequest(path, init);
    return { status: res.status, res };
  } catch (error) {
    return { status: 500, res: null, error };
  }
}

let A: Session;
let B: Session;

beforeAll(async () => {
  await seedDemo();
  A = await agencyWith("Admin", "Agência Alfa Destinos");
  B = await agencyWith("Admin", "Agência Beta Destinos");
});

// ---------------------------------------------------------------------------
describe("destinations: tenant isolation (agency B never reaches agency A's destinations)", () => {
  let aId: string;
  let bMatch: string;

  beforeAll(async () => {
    aId = await create(A.cookie, destinationForm({ name: "Xique-Xique Isolada", city: "Xique-Xique", state: "BA", country: "BR" }));
    await create(A.cookie, destinationForm({ name: "Lisboa Alfa", city: "Lisboa", state: "", country: "PT" }));
    expect((await uploadCover(A.cookie, aId, file(PNG))).status).toBe(200);
    bMatch = await create(B.cookie, destinationForm({ name: "Xique-Xique Beta", city: "Xique-Xique", state: "BA", country: "BR" }));
    await create(B.cookie, destinationForm({ name: "Porto Beta", city: "Porto", state: "", country: "PT" }));
  });

  it("lists, searches, filters, sorts and cursors show only B's rows; totals count B's only", async () => {
    const aRow = (await rowOf(aId))!;
    const cursorA = encodeCursor({ v: aRow.search_text, id: aId });
    const bIds = new Set((await rowsOf(B.id)).map((r) => r.id));
    const searches = [
      "",
      "?q=xique",
      "?q=isolada",
      "?q=lisboa",
      "?country=PT",
      "?country=BR",
      "?sort=name&dir=desc",
      "?sort=createdAt&dir=asc",
      "?sort=createdAt&dir=desc",
      "?size=100",
      `?after=${cursorA}`,
      `?before=${cursorA}`,
    ];
    for (const search of searches) {
      const { rows, page, countries } = await list(B.cookie, search);
      for (const r of rows) expect(bIds.has(r.id), `${search}: ${r.name}`).toBe(true);
      expect(page.total, search).toBeLessThanOrEqual(bIds.size);
      expect(countries.sort()).toEqual(["BR", "PT"]);
    }
    expect((await list(B.cookie, "?q=xique")).rows.map((r) => r.id)).toEqual([bMatch]);
    expect((await list(B.cookie, "?q=isolada")).page.total).toBe(0);
    expect((await list(B.cookie, "?q=lisboa")).page.total).toBe(0);
    expect((await list(B.cookie)).page.total).toBe(bIds.size);
  });

  it("exports (CSV) only B's rows, whatever the filter", async () => {
    for (const search of ["", "?q=xique", "?country=PT", "?sort=createdAt&dir=desc"]) {
      const { text } = await exportCsv(B.cookie, search);
      expect(text, search).not.toContain("Isolada");
      expect(text, search).not.toContain("Lisboa Alfa");
    }
    expect((await exportCsv(B.cookie, "?q=xique")).text).toContain("Xique-Xique Beta");
  });

  it("answers 404 to GET and to every POST (save, delete, cover, remove cover) on A's destination, as for an unknown id, and changes nothing", async () => {
    const before = await rowOf(aId);
    const auditBefore = await auditOf(aId);
    const countA = await registerCount(A.id);
    const unknown = uuidv7();
    const get = await appRequest(editPath(aId), { cookie: B.cookie });
    expect(get.status).toBe(404);
    expect(await get.text()).toBe(await (await appRequest(editPath(unknown), { cookie: B.cookie })).text());
    const posts: Record<string, string | File>[] = [
      destinationForm({ name: "Tomada por B", version: "1" }),
      destinationForm({ name: "Tomada por B", version: "99" }),
      { name: "", version: "x" },
      { intent: "delete" },
      { intent: "cover", cover: file(PNG) },
      { intent: "cover", cover: file([new Uint8Array(10)]) },
      { intent: "removeCover" },
    ];
    for (const form of posts) {
      const res = await appRequest(editPath(aId), { cookie: B.cookie, form });
      expect(res.status, JSON.stringify(Object.keys(form))).toBe(404);
      expect((await appRequest(editPath(unknown), { cookie: B.cookie, form })).status).toBe(404);
    }
    expect(await rowOf(aId)).toEqual(before);
    expect(await auditOf(aId)).toEqual(auditBefore);
    expect(await registerCount(A.id)).toBe(countA);
    // B's attempts left no object in R2, under B's prefix or A's.
    expect(await objectKeys(`agencies/${B.id}/`)).toEqual([]);
    expect(await objectKeys(`agencies/${A.id}/covers/`)).toEqual([before!.cover_key]);
    // A's cover is still the one served.
    const served = await appRequest(coverPath(aId));
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    expect((await loadEdit(A.cookie, aId)).values).toMatchObject({ name: "Xique-Xique Isolada" });
  });
});

// ---------------------------------------------------------------------------
describe("destinations: create, update, stale, delete", () => {
  it("creates with normalised values and search_text, audits the fields, counts it, and redirects to the edit screen with a flash", async () => {
    const countBefore = await registerCount(B.id);
    const res = await appRequest(NEW, { cookie: B.cookie, form: destinationForm({ name: "  São Paulo Capital ", city: "São Paulo", state: "sp", country: "br", description: "" }) });
    expect(res.status).toBe(302);
    expect(location(res)).toMatch(/^\/cadastros\/destinos\/editar\/[0-9a-f-]{36}$/);
    expect(res.headers.getSetCookie().join()).toMatch(/^rota_flash=/);
    const id = location(res)!.split("/").pop()!;
    const row = (await rowOf(id))!;
    expect(row).toMatchObject({ agency_id: B.id, name: "São Paulo Capital", city: "São Paulo", state: "SP", country: "BR", description: null, cover_key: null, version: 1, deleted_at: null, created_by: B.userId });
    expect(row.search_text).toBe(registerSearchText.destination({ name: "São Paulo Capital", city: "São Paulo", state: "SP", country: "BR" }));
    expect(await registerCount(B.id)).toBe(countBefore + 1);
    const audit = await auditOf(id);
    expect(audit).toEqual([
      {
        agency_id: B.id,
        user_id: B.userId,
        entity: "destination",
        entity_id: id,
        action: "create",
        changes: { name: [null, "São Paulo Capital"], city: [null, "São Paulo"], state: [null, "SP"], country: [null, "BR"] },
      },
    ]);
    const edit = await loadEdit(B.cookie, id);
    expect(edit).toMatchObject({ mode: "edit", version: 1, name: "São Paulo Capital", coverUrl: null, canDelete: true });
    expect(edit.values).toEqual({ name: "São Paulo Capital", city: "São Paulo", state: "SP", country: "BR", description: "" });
    expect(edit.history.entries.map((e) => e.action)).toEqual(["create"]);
  });

  it("refuses invalid values with 400 and field errors, writing nothing", async () => {
    const count = await liveCount(B.id);
    const cases: [Record<string, string>, string][] = [
      [{ name: "" }, "name"],
      [{ name: "n".repeat(121) }, "name"],
      [{ country: "Brasil" }, "country"],
      [{ state: "XX", country: "BR" }, "state"],
      [{ description: "d".repeat(4001) }, "description"],
    ];
    for (const [change, field] of cases) {
      const res = await appRequest(NEW, { cookie: B.cookie, form: destinationForm(change) });
      expect(res.status, field).toBe(400);
      expect(Object.keys((await json<{ result: { error: Record<string, string[]> } }>(res)).result.error), field).toContain(field);
    }
    expect(await liveCount(B.id)).toBe(count);
  });

  it("updates with the right version: version + 1, an audit entry with exactly the changed fields, shown in the history", async () => {
    const id = await create(B.cookie, destinationForm({ name: "Bonito", city: "Bonito", state: "MS" }));
    const loaded = await loadEdit(B.cookie, id);
    const res = await appRequest(editPath(id), { cookie: B.cookie, form: { ...loaded.values, description: "Águas cristalinas", state: "ms", intent: "save", version: String(loaded.version) } });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ saved: true, toast: { title: "records.saved", values: { name: "Bonito" } } });
    const row = (await rowOf(id))!;
    expect(row).toMatchObject({ version: 2, description: "Águas cristalinas", state: "MS" });
    const audit = await auditOf(id);
    expect(audit.at(-1)).toMatchObject({ action: "update", user_id: B.userId, changes: { description: ["Serra Gaúcha, fondue e chocolate.", "Águas cristalinas"] } });
    const history = (await loadEdit(B.cookie, id)).history;
    expect(history.entries.map((e) => e.action)).toEqual(["update", "create"]);
    expect(history.entries[0]!.changes).toEqual({ description: ["Serra Gaúcha, fondue e chocolate.", "Águas cristalinas"] });
    // The same values again: 200, no new version, no audit entry.
    const again = await appRequest(editPath(id), { cookie: B.cookie, form: { ...loaded.values, description: "Águas cristalinas", version: "2" } });
    expect(again.status).toBe(200);
    expect((await rowOf(id))!.version).toBe(2);
    expect((await auditOf(id)).length).toBe(audit.length);
  });

  it("refuses a stale version with 409, the stored values in stale.differences, and writes nothing", async () => {
    const id = await create(B.cookie, destinationForm({ name: "Jericoacoara", city: "Jijoca", state: "CE" }));
    const loaded = await loadEdit(B.cookie, id);
    // Someone else saves first.
    expect((await appRequest(editPath(id), { cookie: B.cookie, form: { ...loaded.values, city: "Jijoca de Jericoacoara", version: "1" } })).status).toBe(200);
    const before = await rowOf(id);
    const auditBefore = await auditOf(id);
    const res = await appRequest(editPath(id), { cookie: B.cookie, form: { ...loaded.values, name: "Jeri", version: "1" } });
    expect(res.status).toBe(409);
    const body = await json<{ stale: { version: number; differences: { field: string; value: string }[] } }>(res);
    expect(body.stale.version).toBe(2);
    expect(body.stale.differences).toEqual(expect.arrayContaining([{ field: "name", value: "Jericoacoara" }, { field: "city", value: "Jijoca de Jericoacoara" }]));
    expect(await rowOf(id)).toEqual(before);
    expect(await auditOf(id)).toEqual(auditBefore);
  });

  it("refuses a delete to an Agente (403) and while referenced (409); an Admin soft-deletes: audited, counted, gone from lists, CSV and the cover route", async () => {
    const id = await create(B.cookie, destinationForm({ name: "Fernando de Noronha", city: "Fernando de Noronha", state: "PE" }));
    expect((await uploadCover(B.cookie, id, file(PNG))).status).toBe(200);
    expect((await appRequest(coverPath(id))).status).toBe(200);
    const agente = await memberOf(B.id, "Agente");
    expect((await loadEdit(agente.cookie, id)).canDelete).toBe(false);
    const before = await rowOf(id);
    const refused = await appRequest(editPath(id), { cookie: agente.cookie, form: { intent: "delete" } });
    expect(refused.status).toBe(403);
    expect(await rowOf(id)).toEqual(before);

    const unregister = registerReference("destination", async (_db, agencyId, target) => (agencyId === B.id && target === id ? { count: 2, label: "packages.count" } : null));
    try {
      const referenced = await appRequest(editPath(id), { cookie: B.cookie, form: { intent: "delete" } });
      expect(referenced.status).toBe(409);
      expect(await json(referenced)).toMatchObject({ deleteError: "records.delete.referenced", references: [{ count: 2, label: "packages.count" }] });
      expect(await rowOf(id)).toEqual(before);
    } finally {
      unregister();
    }

    const count = await registerCount(B.id);
    const res = await appRequest(editPath(id), { cookie: B.cookie, form: { intent: "delete" } });
    expect(res.status).toBe(302);
    expect(location(res)).toBe(LIST);
    const row = (await rowOf(id))!;
    expect(row.deleted_at).not.toBeNull();
    expect(await registerCount(B.id)).toBe(count - 1);
    expect((await auditOf(id)).at(-1)).toMatchObject({ action: "delete", user_id: B.userId });
    expect((await list(B.cookie, "?q=noronha")).rows).toEqual([]);
    expect((await exportCsv(B.cookie)).text).not.toContain("Fernando de Noronha");
    expect((await appRequest(editPath(id), { cookie: B.cookie })).status).toBe(404);
    // A deleted destination's cover is no longer served.
    expect((await appRequest(coverPath(id))).status).toBe(404);
  });
});

// ---------------------------------------------------------------------------
describe("destinations: cover image", () => {
  let id: string;
  beforeAll(async () => {
    id = await create(A.cookie, destinationForm({ name: "Canela" }));
  });

  it("404s while there is no cover, for unknown ids and unknown kinds", async () => {
    expect((await appRequest(coverPath(id))).status).toBe(404);
    expect((await appRequest(coverPath(uuidv7()))).status).toBe(404);
    expect((await appRequest(`/arquivos/capa/${id}`)).status).toBe(404);
  });

  it("refuses a disguised file, a file over 2 MB and a missing file with 400, writing nothing", async () => {
    const before = await rowOf(id);
    const cases: [File | string, string][] = [
      [file([new TextEncoder().encode("<svg onload=alert(1)>")], "capa.png", "image/png"), "validation.fileType"],
      [file([new TextEncoder().encode("GIF89a....")], "capa.gif", "image/gif"), "validation.fileType"],
      [file([PNG, new Uint8Array(2 * 1024 * 1024)]), "validation.fileTooLarge"],
      [file([new Uint8Array(0)]), "validation.fileRequired"],
      ["not a file", "validation.fileRequired"],
    ];
    for (const [cover, error] of cases) {
      const res = await uploadCover(A.cookie, id, cover);
      expect(res.status, error).toBe(400);
      expect(await json(res)).toMatchObject({ form: "cover", coverError: error });
    }
    expect(await rowOf(id)).toEqual(before);
    expect(await objectKeys(`agencies/${A.id}/covers/`)).not.toContain(expect.stringMatching(/gif|svg/));
  });

  it("stores a PNG under the agency's prefix (by its bytes, whatever its name), audits it and serves it publicly", async () => {
    const objectsBefore = await objectKeys(`agencies/${A.id}/covers/`);
    const res = await uploadCover(A.cookie, id, file(PNG, "capa.txt", "text/plain"));
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ form: "cover", toast: { title: "destinations.cover.saved", values: { name: "Canela" } } });
    const row = (await rowOf(id))!;
    expect(row.cover_key).toMatch(new RegExp(`^agencies/${A.id}/covers/[0-9a-f-]{36}\\.png$`));
    // The cover is not part of the form's version: an open edit form stays valid.
    expect(row.version).toBe(1);
    const object = await env.FILES.get(row.cover_key!);
    expect(object?.httpMetadata?.contentType).toBe("image/png");
    await object?.arrayBuffer();
    expect((await auditOf(id)).at(-1)).toMatchObject({ action: "update", user_id: A.userId, changes: { cover: [null, row.cover_key] } });

    // Public: no session needed.
    const served = await appRequest(coverPath(id));
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);

    const edit = await loadEdit(A.cookie, id);
    expect(edit.coverUrl).toMatch(new RegExp(`^/arquivos/destino/${id}\\?v=`));
    expect((await list(A.cookie, "?q=canela")).rows.find((r) => r.id === id)?.coverUrl).toBe(edit.coverUrl);
    expect(edit.history.entries[0]!.changes).toEqual({ cover: [null, row.cover_key] });
    expect((await objectKeys(`agencies/${A.id}/covers/`)).length).toBe(objectsBefore.length + 1);
  });

  it("replaces it with a JPEG and then a WebP, deleting the old object after the row is written", async () => {
    const first = (await rowOf(id))!.cover_key!;
    expect((await uploadCover(A.cookie, id, file(JPEG, "foto.jpeg", "image/jpeg"))).status).toBe(200);
    const second = (await rowOf(id))!.cover_key!;
    expect(second).toMatch(/\.jpg$/);
    expect(await env.FILES.head(first)).toBeNull();
    const served = await appRequest(coverPath(id));
    expect(served.headers.get("Content-Type")).toBe("image/jpeg");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(JPEG);

    expect((await uploadCover(A.cookie, id, file(WEBP, "x.webp", "image/webp"))).status).toBe(200);
    const third = (await rowOf(id))!.cover_key!;
    expect(third).toMatch(/\.webp$/);
    expect(await env.FILES.head(second)).toBeNull();
    expect(await objectKeys(`agencies/${A.id}/covers/`)).toContain(third);
    expect((await auditOf(id)).at(-1)!.changes).toEqual({ cover: [second, third] });
  });

  it("removes it: the row first, then the object; audited; 404 afterwards; removing again changes nothing", async () => {
    const key = (await rowOf(id))!.cover_key!;
    const res = await appRequest(editPath(id), { cookie: A.cookie, form: { intent: "removeCover" } });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ toast: { title: "destinations.cover.removed" } });
    expect((await rowOf(id))!.cover_key).toBeNull();
    expect(await env.FILES.head(key)).toBeNull();
    expect((await auditOf(id)).at(-1)).toMatchObject({ action: "update", changes: { cover: [key, null] } });
    expect((await appRequest(coverPath(id))).status).toBe(404);
    const audits = (await auditOf(id)).length;
    expect((await appRequest(editPath(id), { cookie: A.cookie, form: { intent: "removeCover" } })).status).toBe(200);
    expect((await auditOf(id)).length).toBe(audits);
  });

  it("refuses (conflict) an upload when the cover changed between reading and writing, removing the object it wrote", async () => {
    const stored = (await rowOf(id))!.cover_key;
    const racingKey = `agencies/${A.id}/covers/racing-upload.png`;
    let written: string | null = null;
    // Another upload lands while this one writes its object.
    const bucket = {
      put: async (key: string, value: Uint8Array, options: R2PutOptions) => {
        written = key;
        await env.DB.prepare("update destination set cover_key = ? where id = ?").bind(racingKey, id).run();
        return env.FILES.put(key, value, options);
      },
      delete: (key: string) => env.FILES.delete(key),
    } as unknown as R2Bucket;
    const result = await setCover({ db: createDb(env.DB), agencyId: A.id, userId: A.userId, ip: null }, bucket, id, file(PNG));
    expect(result).toEqual({ ok: false, reason: "conflict" });
    expect((await rowOf(id))!.cover_key).toBe(racingKey);
    expect(written).not.toBeNull();
    expect(await env.FILES.head(written!)).toBeNull();
    await env.DB.prepare("update destination set cover_key = ? where id = ?").bind(stored, id).run();
  });

  it("lets any member upload, and never lets another agency replace or remove it", async () => {
    const agente = await memberOf(A.id, "Agente");
    expect((await uploadCover(agente.cookie, id, file(PNG))).status).toBe(200);
    const before = await rowOf(id);
    const audit = await auditOf(id);
    expect((await uploadCover(B.cookie, id, file(JPEG, "j.jpg", "image/jpeg"))).status).toBe(404);
    expect((await appRequest(editPath(id), { cookie: B.cookie, form: { intent: "removeCover" } })).status).toBe(404);
    expect(await rowOf(id)).toEqual(before);
    expect(await auditOf(id)).toEqual(audit);
    expect(await objectKeys(`agencies/${B.id}/covers/`)).toEqual(expect.not.arrayContaining([expect.stringMatching(/\.jpg$/)]));
    expect(new Uint8Array(await (await appRequest(coverPath(id))).arrayBuffer())).toEqual(PNG);
  });
});

// ---------------------------------------------------------------------------
describe("destinations: list and CSV", () => {
  let L: Session;
  let rows: DestinationDb[];

  beforeAll(async () => {
    L = await agencyWith("Admin", "Agência Lista Destinos");
    const now = Date.now();
    const stmt = env.DB.prepare(
      "insert into destination (id, agency_id, name, city, state, country, description, search_text, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    const places: [string, string | null, string | null, string][] = [
      ["São Paulo", "São Paulo", "SP", "BR"],
      ["Águas de Lindóia", "Águas de Lindóia", "SP", "BR"],
      ["Buenos Aires", "Buenos Aires", null, "AR"],
      ["Bariloche", "San Carlos de Bariloche", "Río Negro", "AR"],
      ["Porto", "Porto", null, "PT"],
    ];
    const seeds = Array.from({ length: 60 }, (_, i) => {
      const [name, city, state, country] = places[i % places.length]!;
      const full = `${name} ${String(i).padStart(2, "0")}`;
      const createdAt = new Date(now - (i % 7) * 1000).toISOString();
      return [uuidv7(), L.id, full, city, state, country, null, registerSearchText.destination({ name: full, city, state, country }), createdAt, createdAt] as const;
    });
    await env.DB.batch(seeds.map((s) => stmt.bind(...s)));
    rows = await rowsOf(L.id);
  });

  it("pages forwards and backwards through every row, for both sorts and directions", async () => {
    for (const sort of ["name", "createdAt"] as const) {
      for (const dir of ["asc", "desc"] as const) {
        const seen: string[] = [];
        let search = `?sort=${sort}&dir=${dir}`;
        const pages: ListData[] = [];
        for (;;) {
          const page = await list(L.cookie, search);
          pages.push(page);
          seen.push(...page.rows.map((r) => r.id));
          expect(page.page.total).toBe(60);
          if (!page.page.next) break;
          search = `?sort=${sort}&dir=${dir}&after=${page.page.next}`;
        }
        expect(new Set(seen).size, `${sort} ${dir}`).toBe(60);
        expect(pages.length).toBe(3);
        // Back from the last page.
        const back = await list(L.cookie, `?sort=${sort}&dir=${dir}&before=${pages[2]!.page.prev}`);
        expect(back.rows.map((r) => r.id)).toEqual(pages[1]!.rows.map((r) => r.id));
        const values = seen.map((id) => rows.find((r) => r.id === id)!);
        const keys = values.map((r) => (sort === "name" ? r.search_text : r.created_at));
        const sorted = [...keys].sort();
        expect(keys).toEqual(dir === "asc" ? sorted : sorted.reverse());
      }
    }
  });

  it("filters by country, counting the filtered rows, and ignores a malformed filter", async () => {
    const ar = await list(L.cookie, "?country=AR&size=100");
    expect(ar.page.total).toBe(24);
    expect(ar.rows.every((r) => r.country === "AR")).toBe(true);
    expect((await list(L.cookie, "?country=US")).page.total).toBe(0);
    for (const bad of ["?country=Argentina", "?country=ar", "?country=A", "?country=%00%00"]) {
      expect((await list(L.cookie, bad)).page.total, bad).toBe(60);
    }
    expect((await list(L.cookie)).countries).toEqual(["AR", "BR", "PT"]);
  });

  it("searches accent- and case-insensitively (\"sao paulo\" finds \"São Paulo\")", async () => {
    expect((await list(L.cookie, "?q=sao%20paulo&size=100")).page.total).toBe(12);
    expect((await list(L.cookie, "?q=SÃO&size=100")).rows.every((r) => r.name.startsWith("São Paulo"))).toBe(true);
    expect((await list(L.cookie, "?q=aguas%20lindoia")).page.total).toBe(12);
    expect((await list(L.cookie, "?q=rio%20negro")).page.total).toBe(12);
    expect((await list(L.cookie, "?q=bariloche%2008")).rows.map((r) => r.name)).toEqual(["Bariloche 08"]);
  });

  it("exports the current filter in the list's order as ';' CSV with a BOM, without the image", async () => {
    const { res, bytes, text } = await exportCsv(L.cookie, "?country=PT&sort=name&dir=desc");
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/csv/);
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="destinos-.+\.csv"$/);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trim().split("\r\n");
    expect(lines[0]).toBe(DESTINATION_CSV_COLUMNS.join(";"));
    expect(lines[0]).not.toMatch(/cover/i);
    expect(lines.length).toBe(13);
    const names = lines.slice(1).map((l) => l.split(";")[0]);
    expect(names).toEqual([...names].sort().reverse());
    expect(lines.slice(1).every((l) => l.endsWith(";PT;"))).toBe(true);
  });
});

// ---------------------------------------------------------------------------
const HUGE = fc.constantFrom("x".repeat(5_000), "9".repeat(100_000), "ç".repeat(3_000), "\u{1F600}".repeat(2_000));
const anyText = fc.oneof(
  { weight: 3, arbitrary: fc.string() },
  { weight: 2, arbitrary: fc.string({ unit: "binary" }) },
  { weight: 1, arbitrary: fc.constant("") },
  { weight: 1, arbitrary: HUGE },
  { weight: 2, arbitrary: fc.constantFrom("on", "true", "BR", "AR", "sp", "XX", "1", "0", "-1", "1e309", "NaN", "null", "[]", "{}", "%", "_", "\\", "'; drop table destination; --", "\u0000") },
);
/** A value as FormData carries it: one text, several entries of the same name, or missing (fc.record's optional keys). */
const formValue = (good: fc.Arbitrary<string>, goodWeight = 4) =>
  fc.oneof({ weight: goodWeight, arbitrary: good }, { weight: 4, arbitrary: anyText }, { weight: 1, arbitrary: fc.array(fc.oneof(good, anyText), { minLength: 2, maxLength: 3 }) });

const destinationModel = {
  name: formValue(fc.constantFrom("Gramado", "Ângra dos Reis", "東京")),
  city: formValue(fc.constantFrom("Gramado", "São Paulo", "")),
  state: formValue(fc.constantFrom("RS", "sp", "ZZ", "Lisboa", "")),
  country: formValue(fc.constantFrom("BR", "pt", "", "Brasil")),
  description: formValue(fc.constantFrom("Serra", "")),
  intent: formValue(fc.constantFrom("save", "cover", "removeCover", "delete", "")),
};

describe("destinations: save actions under arbitrary input (property tests)", () => {
  let P: Session;
  beforeAll(async () => {
    P = await agencyWith("Admin", "Agência Propriedades Destinos");
  });

  it("novo: never a 5xx; anything but a 302 leaves the count unchanged; a 302 adds exactly one", async () => {
    let created = 0;
    await fc.assert(
      fc.asyncProperty(fc.record(destinationModel, { requiredKeys: [] }), async (form) => {
        const before = await liveCount(P.id);
        const { status, res, error } = await attempt(NEW, { cookie: P.cookie, form });
        expect(status, String(error ?? "")).toBeLessThan(500);
        const after = await liveCount(P.id);
        if (status === 302) {
          created++;
          expect(location(res!)).toMatch(/^\/cadastros\/destinos\/editar\//);
          expect(after).toBe(before + 1);
        } else {
          expect([200, 400, 409]).toContain(status);
          expect(after).toBe(before);
        }
      }),
      { numRuns: FUZZ_RUNS },
    );
    expect(await registerCount(P.id)).toBe(await liveCount(P.id));
    expect(created).toBeGreaterThan(Math.floor(FUZZ_RUNS / 200));
  }, 600_000);

  it("editar: never a 5xx; unless saved (200 + saved), the row is unchanged", async () => {
    const id = await create(P.cookie, destinationForm({ name: "Alvo das Propriedades" }));
    let saved = 0;
    const model = { ...destinationModel, intent: formValue(fc.constantFrom("save", "cover", "removeCover", "")), version: formValue(fc.constantFrom("CURRENT", "CURRENT", "0", "1", "-1", "1.5", "99999999999")) };
    await fc.assert(
      fc.asyncProperty(fc.record(model, { requiredKeys: [] }), async (form) => {
        const before = (await rowOf(id))!;
        const version = String(before.version);
        const withVersion = Object.fromEntries(
          Object.entries(form).map(([k, v]) => [k, Array.isArray(v) ? v.map((x) => (x === "CURRENT" ? version : x)) : v === "CURRENT" ? version : v]),
        ) as Record<string, string | string[]>;
        const { status, res, error } = await attempt(editPath(id), { cookie: P.cookie, form: withVersion });
        expect(status, String(error ?? "")).toBeLessThan(500);
        const after = (await rowOf(id))!;
        const body = status === 200 ? await json<{ saved?: boolean }>(res!) : null;
        if (body?.saved) {
          saved++;
          expect([before.version, before.version + 1]).toContain(after.version);
          expect(after.deleted_at).toBeNull();
        } else {
          expect([200, 400, 409]).toContain(status);
          expect(after).toEqual(before);
        }
      }),
      { numRuns: FUZZ_RUNS },
    );
    // The run did save (the valid share of random forms varies from run to run).
    expect(saved).toBeGreaterThan(0);
  }, 600_000);
});

// ---------------------------------------------------------------------------
type ProductsData = { rows: ProductKindRow[]; canEdit: boolean };
type ProductAnswer = { kind?: string; ok?: boolean; row?: ProductKindRow; current?: ProductKindRow; error?: string; toast?: { title: string; values?: Record<string, string> } };
type KindDb = { id: string; agency_id: string; kind: string; enabled: number; default_category: string | null; version: number; search_text: string; created_by: string | null };
const kindRow = (agencyId: string, kind: string) => env.DB.prepare("select * from product_kind where agency_id = ? and kind = ?").bind(agencyId, kind).first<KindDb>();
const kindRows = async (agencyId: string) => (await env.DB.prepare("select * from product_kind where agency_id = ? order by kind").bind(agencyId).all<KindDb>()).results;
const kindAudits = async (agencyId: string) =>
  (await env.DB.prepare("select count(*) as n from audit_entry where agency_id = ? and entity = 'product_kind'").bind(agencyId).first<{ n: number }>())!.n;

async function products(cookie: string) {
  const res = await appRequest(PRODUCTS, { cookie });
  expect(res.status).toBe(200);
  return json<ProductsData>(res);
}
async function postKind(cookie: string, form: Record<string, string>) {
  const res = await appRequest(PRODUCTS, { cookie, form });
  return { status: res.status, body: await json<ProductAnswer>(res) };
}

describe("products (product kinds)", () => {
  let P: Session;
  beforeAll(async () => {
    P = await agencyWith("Admin", "Agência Produtos");
  });

  it("lists the nine kinds from the DB per agency: the seeded agency's rows, a new agency's as disabled and not yet saved", async () => {
    const fresh = await products(P.cookie);
    expect(fresh.canEdit).toBe(true);
    expect(fresh.rows.map((r) => r.kind)).toEqual([...PRODUCT_KINDS]);
    expect(fresh.rows.every((r) => r.id === null && !r.enabled && r.version === 0 && r.defaultCategory === null)).toBe(true);

    const solAdmin = await createUser({ role: "Admin", agencyId: SOL.id, name: "Admin Sol Produtos" });
    const sol = await products(await signIn(solAdmin.email));
    const stored = await kindRows(SOL.id);
    expect(sol.rows.map((r) => r.kind)).toEqual([...PRODUCT_KINDS]);
    for (const r of sol.rows) {
      const db = stored.find((s) => s.kind === r.kind);
      if (db) expect(r).toEqual({ kind: r.kind, id: db.id, enabled: db.enabled === 1, defaultCategory: db.default_category, version: db.version });
      else expect(r.id).toBeNull();
    }
    expect(sol.rows.filter((r) => r.id !== null).length).toBe(stored.length);
  });

  it("creates a missing kind on its first save (version 0), with a create audit entry", async () => {
    const { status, body } = await postKind(P.cookie, { intent: "toggle", kind: "air", version: "0", enabled: "true" });
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, kind: "air", row: { kind: "air", enabled: true, version: 1, defaultCategory: null }, toast: { title: "products.enabledOn", values: { kind: "Aéreo" } } });
    const row = (await kindRow(P.id, "air"))!;
    expect(row).toMatchObject({ enabled: 1, version: 1, default_category: null, created_by: P.userId, search_text: registerSearchText.productKind({ kind: "air" }) });
    expect(await auditOf(row.id)).toEqual([
      { agency_id: P.id, user_id: P.userId, entity: "product_kind", entity_id: row.id, action: "create", changes: { kind: [null, "air"], enabled: [null, true] } },
    ]);
    expect((await products(P.cookie)).rows.find((r) => r.kind === "air")).toMatchObject({ id: row.id, enabled: true, version: 1 });
  });

  it("saves the category and the switch (no-JS form), then toggles: version + 1 and an audit entry of the changed field each time", async () => {
    const saved = await postKind(P.cookie, { intent: "save", kind: "air", version: "1", enabled: "on", defaultCategory: "  3.1.01 Receita de passagens " });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ok: true, row: { enabled: true, defaultCategory: "3.1.01 Receita de passagens", version: 2 }, toast: { title: "products.saved" } });
    let row = (await kindRow(P.id, "air"))!;
    expect(row).toMatchObject({ version: 2, default_category: "3.1.01 Receita de passagens", search_text: registerSearchText.productKind({ kind: "air", defaultCategory: "3.1.01 Receita de passagens" }) });
    expect((await auditOf(row.id)).at(-1)).toMatchObject({ action: "update", changes: { defaultCategory: [null, "3.1.01 Receita de passagens"] } });

    // A save without the checkbox switches it off (a checkbox posts nothing when unchecked).
    const off = await postKind(P.cookie, { intent: "save", kind: "air", version: "2", defaultCategory: "3.1.01 Receita de passagens" });
    expect(off.status).toBe(200);
    row = (await kindRow(P.id, "air"))!;
    expect(row).toMatchObject({ enabled: 0, version: 3 });
    expect((await auditOf(row.id)).at(-1)!.changes).toEqual({ enabled: [true, false] });

    // A toggle keeps the category.
    const on = await postKind(P.cookie, { intent: "toggle", kind: "air", version: "3", enabled: "true", defaultCategory: "ignored by a toggle" });
    expect(on.status).toBe(200);
    row = (await kindRow(P.id, "air"))!;
    expect(row).toMatchObject({ enabled: 1, version: 4, default_category: "3.1.01 Receita de passagens" });
    expect((await auditOf(row.id)).at(-1)!.changes).toEqual({ enabled: [false, true] });

    // Nothing changed: no new version, no audit entry.
    const audits = await kindAudits(P.id);
    expect((await postKind(P.cookie, { intent: "toggle", kind: "air", version: "4", enabled: "true" })).status).toBe(200);
    expect((await kindRow(P.id, "air"))!.version).toBe(4);
    expect(await kindAudits(P.id)).toBe(audits);
  });

  it("refuses a stale version with 409 and the current row, writing nothing", async () => {
    const before = await kindRow(P.id, "air");
    const audits = await kindAudits(P.id);
    for (const version of ["3", "0", "5"]) {
      const { status, body } = await postKind(P.cookie, { intent: "save", kind: "air", version, enabled: "on", defaultCategory: "Outra" });
      expect(status, version).toBe(409);
      expect(body).toMatchObject({ kind: "air", error: "products.stale", current: { kind: "air", version: 4, enabled: true, defaultCategory: "3.1.01 Receita de passagens" }, toast: { title: "products.stale" } });
    }
    // A kind the agency has no row for, posted with a version: stale, and no row created.
    const missing = await postKind(P.cookie, { intent: "toggle", kind: "cruise", version: "3", enabled: "true" });
    expect(missing.status).toBe(409);
    expect(missing.body.current).toMatchObject({ kind: "cruise", id: null, version: 0 });
    expect(await kindRow(P.id, "cruise")).toBeNull();
    expect(await kindRow(P.id, "air")).toEqual(before);
    expect(await kindAudits(P.id)).toBe(audits);
  });

  it("refuses invalid input with 400, writing nothing", async () => {
    const before = await kindRows(P.id);
    const audits = await kindAudits(P.id);
    const cases: Record<string, string>[] = [
      { intent: "save", kind: "air", version: "4", defaultCategory: "c".repeat(81) },
      { intent: "save", kind: "spaceship", version: "0" },
      { intent: "explode", kind: "air", version: "4" },
      { kind: "air", version: "4", enabled: "on" },
      { intent: "toggle", kind: "air", version: "" },
      { intent: "toggle", kind: "air", version: "-1" },
    ];
    for (const form of cases) {
      const { status, body } = await postKind(P.cookie, form);
      expect(status, JSON.stringify(form)).toBe(400);
      expect(body.error).toBe("products.invalid");
    }
    expect(await kindRows(P.id)).toEqual(before);
    expect(await kindAudits(P.id)).toBe(audits);
  });

  it("lets a Financeiro edit; an Agente and an Operacional see it read-only and get 403 on a post", async () => {
    const financeiro = await memberOf(P.id, "Financeiro");
    expect((await products(financeiro.cookie)).canEdit).toBe(true);
    const { status } = await postKind(financeiro.cookie, { intent: "save", kind: "hotel", version: "0", enabled: "on", defaultCategory: "3.1.02 Receita de hospedagem" });
    expect(status).toBe(200);
    expect(await kindRow(P.id, "hotel")).toMatchObject({ enabled: 1, default_category: "3.1.02 Receita de hospedagem", created_by: financeiro.userId });

    for (const role of ["Agente", "Operacional"]) {
      const member = await memberOf(P.id, role);
      const page = await products(member.cookie);
      expect(page.canEdit, role).toBe(false);
      expect(page.rows.find((r) => r.kind === "hotel")).toMatchObject({ enabled: true, defaultCategory: "3.1.02 Receita de hospedagem" });
      const before = await kindRows(P.id);
      const audits = await kindAudits(P.id);
      for (const form of [
        { intent: "toggle", kind: "hotel", version: "1", enabled: "false" },
        { intent: "save", kind: "tour", version: "0", enabled: "on" },
      ]) {
        const res = await postKind(member.cookie, form);
        expect(res.status, role).toBe(403);
        expect(res.body.error).toBe("products.forbidden");
      }
      expect(await kindRows(P.id)).toEqual(before);
      expect(await kindAudits(P.id)).toBe(audits);
    }
  });

  it("changes only the viewer's agency, whatever the form says", async () => {
    const solBefore = await kindRows(SOL.id);
    const solAudits = await kindAudits(SOL.id);
    const solAir = solBefore.find((r) => r.kind === "air");
    const otherBefore = await kindRows(B.id);
    // P posts with SOL's row id, agency and version in extra fields: only P's row changes.
    const res = await postKind(P.cookie, {
      intent: "save",
      kind: "air",
      version: "4",
      enabled: "on",
      defaultCategory: "3.1.09 Só da P",
      id: solAir?.id ?? "x",
      agencyId: SOL.id,
      agency_id: SOL.id,
    });
    expect(res.status).toBe(200);
    expect((await kindRow(P.id, "air"))!.default_category).toBe("3.1.09 Só da P");
    expect(await kindRows(SOL.id)).toEqual(solBefore);
    expect(await kindAudits(SOL.id)).toBe(solAudits);
    expect(await kindRows(B.id)).toEqual(otherBefore);
    // B's screen shows none of P's values; B's first save creates B's own row.
    const bPage = await products(B.cookie);
    expect(bPage.rows.find((r) => r.kind === "air")).toMatchObject({ id: null, enabled: false, defaultCategory: null });
    expect((await postKind(B.cookie, { intent: "toggle", kind: "air", version: "0", enabled: "true" })).status).toBe(200);
    expect((await kindRow(B.id, "air"))!.id).not.toBe((await kindRow(P.id, "air"))!.id);
    expect((await kindRow(P.id, "air"))!.version).toBe(5);
  });

  it("never answers a 5xx to arbitrary posts; anything but a 200 leaves the agency's rows unchanged (property)", async () => {
    const Q = await agencyWith("Admin", "Agência Propriedades Produtos");
    const model = {
      intent: formValue(fc.constantFrom("save", "toggle"), 16),
      kind: formValue(fc.constantFrom(...PRODUCT_KINDS), 16),
      version: formValue(fc.constantFrom("CURRENT", "CURRENT", "CURRENT", "0", "1", "-1", "1.5", "99999999999"), 16),
      enabled: formValue(fc.constantFrom("on", "true", "false", "")),
      defaultCategory: formValue(fc.constantFrom("3.1.01 Receita", "", "c".repeat(81))),
    };
    let saved = 0;
    await fc.assert(
      fc.asyncProperty(fc.record(model, { requiredKeys: [] }), async (form) => {
        const before = await kindRows(Q.id);
        const kind = typeof form.kind === "string" ? form.kind : "";
        const current = String(before.find((r) => r.kind === kind)?.version ?? 0);
        const withVersion = Object.fromEntries(
          Object.entries(form).map(([k, v]) => [k, Array.isArray(v) ? v.map((x) => (x === "CURRENT" ? current : x)) : v === "CURRENT" ? current : v]),
        ) as Record<string, string | string[]>;
        const { status, error } = await attempt(PRODUCTS, { cookie: Q.cookie, form: withVersion });
        expect(status, String(error ?? "")).toBeLessThan(500);
        if (status === 200) saved++;
        else {
          expect([400, 409]).toContain(status);
          expect(await kindRows(Q.id)).toEqual(before);
        }
      }),
      { numRuns: FUZZ_RUNS },
    );
    expect(saved).toBeGreaterThan(Math.floor(FUZZ_RUNS / 50));
    expect((await kindRows(Q.id)).length).toBeLessThanOrEqual(PRODUCT_KINDS.length);
  }, 600_000);
});
