/**
 * A client, supplier, agent or payment term that a sale uses can no longer be
 * deleted (issue #16): any sale counts — drafts and cancelled ones too, since
 * their history must keep naming the people and terms — except a draft the
 * user deleted. The refusal names each kind with its count; nothing changes.
 * Without sales, the same deletes work. Sales are inserted with SQL (the sales
 * screens are another module's); the deletes go through the real routes.
 */
import { env } from "cloudflare:test";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it } from "vitest";
import { appRequest, json } from "./harness";
import { createAgency, createUser, signIn } from "./fixtures";

const NOW = "2026-01-10T12:00:00.000Z";
const TERMS = "/financeiro/configuracoes/prazos-de-pagamento";
const PATHS = { client: "/cadastros/clientes", agent: "/cadastros/agentes", supplier: "/cadastros/fornecedores", provider: "/cadastros/prestadores" } as const;
type Register = keyof typeof PATHS;

type Refused = { deleteError?: string; references?: { count: number; label: string }[] };
type Row = Record<string, unknown> & { deleted_at: string | null; version: number };

const rowOf = (table: string, id: string) => env.DB.prepare(`select * from ${table} where id = ?`).bind(id).first<Row>();
const auditsOf = async (id: string) => (await env.DB.prepare("select count(*) as n from audit_entry where entity_id = ?").bind(id).first<{ n: number }>())!.n;

async function insertRegister(table: Register, agencyId: string, over: Record<string, string | null> = {}) {
  const id = uuidv7();
  const values: Record<string, string | null> = { id, agency_id: agencyId, name: `${table} ${id.slice(-6)}`, created_at: NOW, updated_at: NOW, ...over };
  const columns = Object.keys(values);
  await env.DB.prepare(`insert into ${table} (${columns.join(", ")}) values (${columns.map(() => "?").join(", ")})`)
    .bind(...columns.map((c) => values[c]))
    .run();
  return id;
}

async function insertTerm(agencyId: string) {
  const id = uuidv7();
  await env.DB.prepare("insert into payment_term (id, agency_id, name, installments, first_due_days, created_at, updated_at) values (?, ?, ?, 3, 30, ?, ?)")
    .bind(id, agencyId, `Prazo ${id.slice(-6)}`, NOW, NOW)
    .run();
  return id;
}

let saleNumber = 0;
/** A sale row (draft unless told), with optional passengers and items. */
async function insertSale(
  agencyId: string,
  s: { clientId: string; agentId: string; paymentTermId?: string | null; status?: "draft" | "confirmed" | "cancelled"; deleted?: boolean; passengers?: string[]; itemSuppliers?: string[]; productKindId?: string },
) {
  const id = uuidv7();
  saleNumber += 1;
  await env.DB.prepare(
    "insert into sale (id, agency_id, number, kind, status, client_id, agent_id, sale_date, currency, payment_term_id, cancelled_at, deleted_at, created_at, updated_at) values (?, ?, ?, 'emissivo', ?, ?, ?, '2026-01-10', 'BRL', ?, ?, ?, ?, ?)",
  )
    .bind(id, agencyId, saleNumber, s.status ?? "draft", s.clientId, s.agentId, s.paymentTermId ?? null, s.status === "cancelled" ? NOW : null, s.deleted ? NOW : null, NOW, NOW)
    .run();
  for (const [i, clientId] of (s.passengers ?? []).entries()) {
    await env.DB.prepare("insert into sale_passenger (id, agency_id, sale_id, client_id, position, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)").bind(uuidv7(), agencyId, id, clientId, i, NOW, NOW).run();
  }
  for (const [i, supplierId] of (s.itemSuppliers ?? []).entries()) {
    await env.DB.prepare("insert into sale_item (id, agency_id, sale_id, position, product_kind_id, supplier_id, description, created_at, updated_at) values (?, ?, ?, ?, ?, ?, 'Hotel 3 noites', ?, ?)")
      .bind(uuidv7(), agencyId, id, i, s.productKindId!, supplierId, NOW, NOW)
      .run();
  }
  return id;
}

async function deleteRegister(register: Register, id: string, cookie: string) {
  return appRequest(`${PATHS[register]}/editar/${id}`, { cookie, form: { intent: "delete" } });
}

/** A delete refused with exactly these references; the row and its audit trail unchanged. */
async function expectRefused(res: Response, table: string, id: string, before: Row, audits: number, references: { count: number; label: string }[], deleteError = "records.delete.referenced") {
  expect(res.status).toBe(409);
  const body = await json<Refused>(res);
  expect(body.deleteError).toBe(deleteError);
  expect(body.references).toEqual(references);
  expect(await rowOf(table, id)).toEqual(before);
  expect(await auditsOf(id)).toBe(audits);
}

describe("registers and payment terms a sale uses cannot be deleted", () => {
  let agencyId: string;
  let admin: string;
  let productKindId: string;
  const ids = {} as Record<"buyer" | "passenger" | "cancelledBuyer" | "deletedDraftBuyer" | "free" | "seller" | "freeSeller" | "supplier" | "freeSupplier" | "provider" | "saleTerm" | "providerTerm" | "freeTerm", string>;

  beforeAll(async () => {
    const agency = await createAgency();
    agencyId = agency.id;
    const user = await createUser({ role: "Admin", agencyId });
    admin = await signIn(user.email);
    productKindId = uuidv7();
    await env.DB.prepare("insert into product_kind (id, agency_id, kind, created_at, updated_at) values (?, ?, 'hotel', ?, ?)").bind(productKindId, agencyId, NOW, NOW).run();

    for (const k of ["buyer", "passenger", "cancelledBuyer", "deletedDraftBuyer", "free"] as const) ids[k] = await insertRegister("client", agencyId);
    for (const k of ["seller", "freeSeller"] as const) ids[k] = await insertRegister("agent", agencyId);
    for (const k of ["supplier", "freeSupplier"] as const) ids[k] = await insertRegister("supplier", agencyId);
    for (const k of ["saleTerm", "providerTerm", "freeTerm"] as const) ids[k] = await insertTerm(agencyId);
    ids.provider = await insertRegister("provider", agencyId, { payment_term_id: ids.providerTerm });

    // A draft with its passenger and an item of the supplier, under the sale term.
    await insertSale(agencyId, { clientId: ids.buyer, agentId: ids.seller, paymentTermId: ids.saleTerm, passengers: [ids.buyer, ids.passenger], itemSuppliers: [ids.supplier, ids.supplier], productKindId });
    // A cancelled sale counts too; a draft the user deleted does not.
    await insertSale(agencyId, { clientId: ids.cancelledBuyer, agentId: ids.seller, status: "cancelled" });
    await insertSale(agencyId, { clientId: ids.deletedDraftBuyer, agentId: ids.freeSeller, deleted: true, paymentTermId: ids.freeTerm, itemSuppliers: [ids.freeSupplier], productKindId });

    // Another agency's sale naming these ids (forged) never counts here.
    const other = await createAgency();
    const otherKind = uuidv7();
    await env.DB.prepare("insert into product_kind (id, agency_id, kind, created_at, updated_at) values (?, ?, 'hotel', ?, ?)").bind(otherKind, other.id, NOW, NOW).run();
    await insertSale(other.id, { clientId: ids.free, agentId: ids.freeSeller, paymentTermId: ids.freeTerm, passengers: [ids.free], itemSuppliers: [ids.freeSupplier], productKindId: otherKind });
  });

  it("refuses deleting a sale's client (as buyer and passenger), counting drafts and cancelled sales, and changes nothing", async () => {
    const before = (await rowOf("client", ids.buyer))!;
    const audits = await auditsOf(ids.buyer);
    await expectRefused(await deleteRegister("client", ids.buyer, admin), "client", ids.buyer, before, audits, [
      { count: 1, label: "registers.references.salesAsClient" },
      { count: 1, label: "registers.references.salePassengers" },
    ]);

    const passenger = (await rowOf("client", ids.passenger))!;
    await expectRefused(await deleteRegister("client", ids.passenger, admin), "client", ids.passenger, passenger, 0, [{ count: 1, label: "registers.references.salePassengers" }]);

    const cancelled = (await rowOf("client", ids.cancelledBuyer))!;
    await expectRefused(await deleteRegister("client", ids.cancelledBuyer, admin), "client", ids.cancelledBuyer, cancelled, 0, [{ count: 1, label: "registers.references.salesAsClient" }]);
  });

  it("refuses deleting a sale's seller and an item's supplier", async () => {
    const seller = (await rowOf("agent", ids.seller))!;
    await expectRefused(await deleteRegister("agent", ids.seller, admin), "agent", ids.seller, seller, 0, [{ count: 2, label: "registers.references.salesAsSeller" }]);

    const supplier = (await rowOf("supplier", ids.supplier))!;
    await expectRefused(await deleteRegister("supplier", ids.supplier, admin), "supplier", ids.supplier, supplier, 0, [{ count: 2, label: "registers.references.saleItems" }]);
  });

  it("refuses deleting a payment term a sale's plan or a partner's default uses", async () => {
    for (const [id, label] of [
      [ids.saleTerm, "financeSettings.refs.sales"],
      [ids.providerTerm, "financeSettings.refs.providers"],
    ] as const) {
      const before = (await rowOf("payment_term", id))!;
      const res = await appRequest(`${TERMS}?editar=${id}`, { cookie: admin, form: { intent: "delete" } });
      await expectRefused(res, "payment_term", id, before, 0, [{ count: 1, label }], "financeSettings.deleteRefused");
    }
    // A supplier defaulting to the sale's term adds its own line.
    await env.DB.prepare("update supplier set payment_term_id = ? where id = ?").bind(ids.saleTerm, ids.supplier).run();
    try {
      const res = await appRequest(`${TERMS}?editar=${ids.saleTerm}`, { cookie: admin, form: { intent: "delete" } });
      expect(res.status).toBe(409);
      expect((await json<Refused>(res)).references).toEqual([
        { count: 1, label: "financeSettings.refs.sales" },
        { count: 1, label: "financeSettings.refs.suppliers" },
      ]);
    } finally {
      await env.DB.prepare("update supplier set payment_term_id = null where id = ?").bind(ids.supplier).run();
    }
  });

  it("deletes what no sale (of this agency, not deleted) uses: soft delete with its audit entry", async () => {
    for (const [register, id] of [
      ["client", ids.free],
      ["client", ids.deletedDraftBuyer],
      ["agent", ids.freeSeller],
      ["supplier", ids.freeSupplier],
    ] as const) {
      const res = await deleteRegister(register, id, admin);
      expect(res.status, `${register} ${id}`).toBe(302);
      expect((await rowOf(register, id))!.deleted_at).not.toBeNull();
      expect(await auditsOf(id)).toBe(1);
    }
    const res = await appRequest(`${TERMS}?editar=${ids.freeTerm}`, { cookie: admin, form: { intent: "delete" } });
    expect(res.status).toBeLessThan(400);
    expect((await rowOf("payment_term", ids.freeTerm))!.deleted_at).not.toBeNull();
  });
});
