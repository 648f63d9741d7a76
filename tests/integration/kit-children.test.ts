/**
 * The record kit's child rows (record-children.server.ts), on a package and
 * its departures, prices and destinations: created and updated with the parent
 * in one batch and one audit row; ids of kept rows stable; removed rows deleted,
 * or archived when something points at them; a stale save writes neither the
 * parent nor any child; a failing child statement leaves nothing (create and
 * update); another agency's rows are never touched; ids posted by a form that
 * are not the record's become new rows.
 */
import { env } from "cloudflare:test";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it } from "vitest";
import { thirdPartyPackage, thirdPartyPackageDeparture, thirdPartyPackageDestination, thirdPartyPackagePrice } from "~/db/schema";
import { createDb } from "~/lib/platform/db.server";
import { createRecord, recordStore, updateRecord, type ChildRows } from "~/lib/kit/record.server";
import { createAgency, createUser } from "./fixtures";

const db = () => createDb(env.DB);
const all = async <T,>(sql: string, ...params: unknown[]) => (await env.DB.prepare(sql).bind(...params).all<T>()).results;
const one = <T,>(sql: string, ...params: unknown[]) => env.DB.prepare(sql).bind(...params).first<T>();

const store = recordStore({ table: thirdPartyPackage, entity: "kit_children_test", label: (r) => r.title, softDelete: thirdPartyPackage.archivedAt });

type Dep = { id?: string; departureDate: string; seats: number; returnDate?: string | null };
let referencedIds = new Set<string>();
const departures = (rows: Dep[]): ChildRows => ({
  name: "departures",
  table: thirdPartyPackageDeparture,
  parentColumn: thirdPartyPackageDeparture.packageId,
  rows,
  archive: { column: thirdPartyPackageDeparture.archivedAt, referenced: async (_s, ids) => new Set(ids.filter((i) => referencedIds.has(i))) },
});
const prices = (cells: [string, string, number][]): ChildRows => ({
  name: "prices",
  table: thirdPartyPackagePrice,
  parentColumn: thirdPartyPackagePrice.packageId,
  match: [thirdPartyPackagePrice.roomType, thirdPartyPackagePrice.ageBand],
  rows: cells.map(([roomType, ageBand, priceCents]) => ({ roomType, ageBand, priceCents })),
});
const destinations = (ids: string[]): ChildRows => ({
  name: "destinations",
  table: thirdPartyPackageDestination,
  parentColumn: thirdPartyPackageDestination.packageId,
  match: [thirdPartyPackageDestination.destinationId],
  rows: ids.map((destinationId, position) => ({ destinationId, position })),
});

async function supplierOf(agencyId: string) {
  const id = uuidv7();
  const now = new Date().toISOString();
  await env.DB.prepare("insert into supplier (id, agency_id, name, category, search_text, created_at, updated_at) values (?, ?, 'Operadora', 'operator', 'operadora', ?, ?)").bind(id, agencyId, now, now).run();
  return id;
}
async function destinationOf(agencyId: string, name: string) {
  const id = uuidv7();
  const now = new Date().toISOString();
  await env.DB.prepare("insert into destination (id, agency_id, name, search_text, created_at, updated_at) values (?, ?, ?, ?, ?, ?)").bind(id, agencyId, name, name.toLowerCase(), now, now).run();
  return id;
}

describe("child rows saved with their record", () => {
  let A: { id: string; userId: string; operator: string; places: string[] };
  let B: { id: string; userId: string; operator: string };
  beforeAll(async () => {
    const [a, b] = [await createAgency(), await createAgency()];
    A = {
      id: a.id,
      userId: (await createUser({ role: "Admin", agencyId: a.id })).id,
      operator: await supplierOf(a.id),
      places: [await destinationOf(a.id, "Gramado"), await destinationOf(a.id, "Canela"), await destinationOf(a.id, "Bento")],
    };
    B = { id: b.id, userId: (await createUser({ role: "Admin", agencyId: b.id })).id, operator: await supplierOf(b.id) };
  });
  const scopeOf = (x: { id: string; userId: string }) => ({ db: db(), agencyId: x.id, userId: x.userId, ip: "203.0.113.7" });
  const pkg = (operatorId: string, title = "Serra Gaúcha") => ({ operatorId, title, slug: `kit-${uuidv7().slice(-12)}`, searchText: title.toLowerCase() });
  const deps = (packageId: string) =>
    all<{ id: string; departure_date: string; seats: number; archived_at: string | null }>(
      "select id, departure_date, seats, archived_at from third_party_package_departure where package_id = ? order by departure_date",
      packageId,
    );
  const audit = (id: string) => all<{ action: string; changes: string }>("select action, changes from audit_entry where entity_id = ? order by created_at, id", id);

  it("creates the record and its children in one batch with one audit row", async () => {
    const scope = scopeOf(A);
    const created = await createRecord(scope, store, pkg(A.operator), undefined, [
      departures([{ departureDate: "2027-07-01", seats: 20 }, { departureDate: "2027-08-01", seats: 30 }]),
      prices([["double", "adult", 250000], ["single", "adult", 320000]]),
      destinations([A.places[0]!, A.places[1]!]),
    ]);
    expect(created.ok).toBe(true);
    const id = created.ok ? created.id : "";
    const rows = await deps(id);
    expect(rows.map((r) => [r.departure_date, r.seats])).toEqual([["2027-07-01", 20], ["2027-08-01", 30]]);
    expect(await one("select count(*) n from third_party_package_departure where package_id = ? and agency_id = ?", id, A.id)).toEqual({ n: 2 });
    expect(await all("select destination_id, position from third_party_package_destination where package_id = ? order by position", id)).toEqual([
      { destination_id: A.places[0], position: 0 },
      { destination_id: A.places[1], position: 1 },
    ]);
    const entries = await audit(id);
    expect(entries.map((e) => e.action)).toEqual(["create"]);
    const changes = JSON.parse(entries[0]!.changes);
    expect(changes.departures[0]).toBeNull();
    expect(changes.departures[1]).toHaveLength(2);
    expect(changes.prices[1]).toHaveLength(2);
  });

  it("updates in place (stable ids), inserts new rows, deletes removed ones, archives referenced ones; one audit row", async () => {
    const scope = scopeOf(A);
    const created = await createRecord(scope, store, pkg(A.operator), undefined, [
      departures([{ departureDate: "2027-07-01", seats: 20 }, { departureDate: "2027-08-01", seats: 30 }, { departureDate: "2027-09-01", seats: 40 }]),
      prices([["double", "adult", 250000], ["single", "adult", 320000]]),
      destinations([A.places[0]!, A.places[1]!]),
    ]);
    const id = created.ok ? created.id : "";
    const [july, august, september] = await deps(id);
    referencedIds = new Set([september!.id]);
    const priceIds = await all<{ id: string; room_type: string }>("select id, room_type from third_party_package_price where package_id = ? order by room_type", id);

    const saved = await updateRecord(scope, store, id, 1, { title: "Serra Gaúcha" }, [
      // July kept with more seats; August removed (deleted); September removed but referenced (archived); October new.
      departures([{ id: july!.id, departureDate: "2027-07-01", seats: 25 }, { departureDate: "2027-10-01", seats: 10 }]),
      // double kept with a new price (same id), single removed, triple new.
      prices([["double", "adult", 260000], ["triple", "adult", 200000]]),
      // reordered: Canela first, Bento added, Gramado removed.
      destinations([A.places[1]!, A.places[2]!]),
    ]);
    expect(saved).toEqual({ ok: true, changed: ["departures", "prices", "destinations"] });
    const after = await deps(id);
    expect(after.map((r) => [r.departure_date, r.seats, r.archived_at === null])).toEqual([
      ["2027-07-01", 25, true],
      ["2027-09-01", 40, false],
      ["2027-10-01", 10, true],
    ]);
    expect(after[0]!.id).toBe(july!.id);
    expect(after[1]!.id).toBe(september!.id);
    expect(await one("select id from third_party_package_departure where id = ?", august!.id)).toBeNull();
    const pricesNow = await all<{ id: string; room_type: string; price_cents: number }>("select id, room_type, price_cents from third_party_package_price where package_id = ? order by room_type", id);
    expect(pricesNow.map((p) => [p.room_type, p.price_cents])).toEqual([["double", 260000], ["triple", 200000]]);
    expect(pricesNow[0]!.id).toBe(priceIds.find((p) => p.room_type === "double")!.id);
    expect(await all("select destination_id, position from third_party_package_destination where package_id = ? order by position", id)).toEqual([
      { destination_id: A.places[1], position: 0 },
      { destination_id: A.places[2], position: 1 },
    ]);
    expect(await one("select version from third_party_package where id = ?", id)).toEqual({ version: 2 });
    const entries = await audit(id);
    expect(entries.map((e) => e.action)).toEqual(["create", "update"]);
    expect(Object.keys(JSON.parse(entries[1]!.changes)).sort()).toEqual(["departures", "destinations", "prices"]);

    // Nothing changed: nothing written, no audit row.
    const fresh = await deps(id);
    const same = await updateRecord(scope, store, id, 2, { title: "Serra Gaúcha" }, [
      departures(fresh.filter((d) => !d.archived_at).map((d) => ({ id: d.id, departureDate: d.departure_date, seats: d.seats }))),
      prices([["double", "adult", 260000], ["triple", "adult", 200000]]),
      destinations([A.places[1]!, A.places[2]!]),
    ]);
    expect(same).toEqual({ ok: true, changed: [] });
    expect((await audit(id)).length).toBe(2);
    referencedIds = new Set();
  });

  it("a stale save writes neither the record nor any child", async () => {
    const scope = scopeOf(A);
    const created = await createRecord(scope, store, pkg(A.operator), undefined, [departures([{ departureDate: "2027-07-01", seats: 20 }])]);
    const id = created.ok ? created.id : "";
    const [first] = await deps(id);
    expect((await updateRecord(scope, store, id, 1, { title: "Dois" }, [departures([{ id: first!.id, departureDate: "2027-07-01", seats: 21 }])])).ok).toBe(true);
    const stale = await updateRecord(scope, store, id, 1, { title: "Atrasado" }, [departures([{ departureDate: "2028-01-01", seats: 99 }])]);
    expect(stale).toMatchObject({ ok: false, reason: "stale", current: { title: "Dois", version: 2 } });
    expect((await deps(id)).map((d) => [d.id, d.seats])).toEqual([[first!.id, 21]]);
  });

  it("the version guard holds inside the batch: a parent changed after the children were planned leaves every child untouched", async () => {
    const scope = scopeOf(A);
    const created = await createRecord(scope, store, pkg(A.operator), undefined, [departures([{ departureDate: "2027-07-01", seats: 20 }])]);
    const id = created.ok ? created.id : "";
    // Someone else saves between our read and our batch: simulate by bumping the version under the kit.
    let bumped = false;
    const racing = {
      ...scope,
      db: new Proxy(scope.db, {
        get(target, prop, receiver) {
          if (prop === "batch" && !bumped) {
            bumped = true;
            return async (statements: unknown[]) => {
              await env.DB.prepare("update third_party_package set version = version + 1, title = 'Outro' where id = ?").bind(id).run();
              return (target.batch as (s: unknown) => Promise<unknown>).call(target, statements);
            };
          }
          return Reflect.get(target, prop, receiver);
        },
      }),
    };
    const result = await updateRecord(racing, store, id, 1, { title: "Meu" }, [departures([{ departureDate: "2029-01-01", seats: 5 }])]);
    expect(result).toMatchObject({ ok: false, reason: "stale" });
    expect((await deps(id)).map((d) => [d.departure_date, d.seats])).toEqual([["2027-07-01", 20]]);
    expect(await one("select title, version from third_party_package where id = ?", id)).toEqual({ title: "Outro", version: 2 });
    expect((await audit(id)).map((a) => a.action)).toEqual(["create"]);
  });

  it("a failing child statement leaves nothing: no record on create, the old record and children on update", async () => {
    const scope = scopeOf(A);
    const slugged = pkg(A.operator, "Falha");
    // seats out of the check's range (0..10000): the child insert fails.
    await expect(createRecord(scope, store, slugged, undefined, [departures([{ departureDate: "2027-07-01", seats: 5 }, { departureDate: "2027-07-02", seats: 20000 }])])).rejects.toThrow();
    expect(await one("select id from third_party_package where slug = ?", slugged.slug)).toBeNull();
    expect(await one("select count(*) n from audit_entry where entity = 'kit_children_test' and changes like ?", `%${slugged.slug}%`)).toEqual({ n: 0 });

    const created = await createRecord(scope, store, pkg(A.operator, "Boa"), undefined, [departures([{ departureDate: "2027-07-01", seats: 20 }])]);
    const id = created.ok ? created.id : "";
    const [first] = await deps(id);
    await expect(
      updateRecord(scope, store, id, 1, { title: "Mudou" }, [departures([{ id: first!.id, departureDate: "2027-07-01", seats: 30 }, { departureDate: "2027-08-01", seats: -1 }])]),
    ).rejects.toThrow();
    expect(await one("select title, version from third_party_package where id = ?", id)).toEqual({ title: "Boa", version: 1 });
    expect((await deps(id)).map((d) => [d.id, d.seats])).toEqual([[first!.id, 20]]);
    expect((await audit(id)).map((a) => a.action)).toEqual(["create"]);
  });

  it("an id posted that is not one of the record's rows becomes a new row; another agency's rows are untouched", async () => {
    const other = await createRecord(scopeOf(B), store, pkg(B.operator), undefined, [departures([{ departureDate: "2027-07-01", seats: 20 }])]);
    const otherId = other.ok ? other.id : "";
    const [foreign] = await deps(otherId);
    const scope = scopeOf(A);
    const created = await createRecord(scope, store, pkg(A.operator), undefined, [departures([{ departureDate: "2027-07-01", seats: 20 }])]);
    const id = created.ok ? created.id : "";
    const saved = await updateRecord(scope, store, id, 1, {}, [departures([{ id: foreign!.id, departureDate: "2030-01-01", seats: 1 }])]);
    expect(saved.ok).toBe(true);
    const mine = await deps(id);
    expect(mine.map((d) => [d.departure_date, d.seats])).toEqual([["2030-01-01", 1]]);
    expect(mine[0]!.id).not.toBe(foreign!.id);
    expect(await one("select agency_id, package_id, seats from third_party_package_departure where id = ?", foreign!.id)).toEqual({ agency_id: B.id, package_id: otherId, seats: 20 });
  });
});
