/**
 * Emissivo sales (/vendas/emissivo) through the real route table, middleware,
 * loaders and actions on the local D1:
 *  - create and edit a draft with passengers and items; the number is per
 *    agency, sequential, and never reused after a draft is deleted;
 *  - confirm writes exactly the plan's titles (property test over random
 *    plans and items: Σ receivables = price − discount + fees, Σ payables =
 *    cost, per supplier Σ = its items' cost);
 *  - the edit of a confirmed sale: preview first, then the open titles
 *    adjusted; refused when settled money exceeds the new total;
 *  - cancel: open titles cancelled, the refund payable for what was paid,
 *    inventory released;
 *  - the Agente: another seller's sale is a 404, a discount above the limit is
 *    refused (an Admin may);
 *  - availability: more seats than free is refused and nothing is written; two
 *    concurrent confirmations of the last room give one sale;
 *  - tenant isolation on every route and intent; a fuzzed form never 5xx and
 *    writes nothing unless saved.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { v7 as uuidv7 } from "uuid";
import { describe, expect, it } from "vitest";
import { ensureFinanceDefaults } from "~/lib/finance/defaults.server";
import { settleTitles } from "~/lib/finance/ledger/entries.server";
import { createDb } from "~/lib/platform/db.server";
import type { Scope } from "~/lib/platform/scope.server";
import { appRequest, json } from "./harness";
import { createAgency, createUser, signIn } from "./fixtures";
import { FUZZ_RUNS } from "./fuzz";

const LIST = "/vendas/emissivo";
const NEW = `${LIST}/novo`;
const editPath = (id: string) => `${LIST}/editar/${id}`;
const now = () => new Date().toISOString();

async function world(name = `Ag ${uuidv7().slice(-5)}`) {
  const agency = await createAgency(name);
  const db = createDb(env.DB);
  await ensureFinanceDefaults(db, agency.id);
  const admin = await createUser({ role: "Admin", agencyId: agency.id, name: `Admin ${name}` });
  const agente = await createUser({ role: "Agente", agencyId: agency.id, name: `Agente ${name}` });
  const agente2 = await createUser({ role: "Agente", agencyId: agency.id, name: `Outro ${name}` });
  const ids = {
    client: uuidv7(),
    client2: uuidv7(),
    supplierA: uuidv7(),
    supplierB: uuidv7(),
    agent: uuidv7(),
    agentAgente: uuidv7(),
    agentAgente2: uuidv7(),
    term: uuidv7(),
    bank: uuidv7(),
    kindHotel: uuidv7(),
    kindAir: uuidv7(),
    kindPackage: uuidv7(),
    pkg: uuidv7(),
    departure: uuidv7(),
    block: uuidv7(),
    roomType: uuidv7(),
    air: uuidv7(),
  };
  const t = now();
  const type = await env.DB.prepare("select id from account_type where agency_id = ? limit 1").bind(agency.id).first<{ id: string }>();
  const P = (q: string, ...v: unknown[]) => env.DB.prepare(q).bind(...v);
  await env.DB.batch([
    P("insert into client (id, agency_id, name, search_text, created_at, updated_at) values (?, ?, 'Carla Cliente', 'carla cliente', ?, ?)", ids.client, agency.id, t, t),
    P("insert into client (id, agency_id, name, search_text, created_at, updated_at) values (?, ?, 'Davi Dois', 'davi dois', ?, ?)", ids.client2, agency.id, t, t),
    P("insert into payment_term (id, agency_id, name, down_payment_bp, installments, first_due_days, interval_kind, interval_days, created_at, updated_at) values (?, ?, '30/60', 0, 2, 30, 'days', 30, ?, ?)", ids.term, agency.id, t, t),
    P("insert into supplier (id, agency_id, name, category, payment_term_id, created_at, updated_at) values (?, ?, 'Hotel A', 'hotel', ?, ?, ?)", ids.supplierA, agency.id, ids.term, t, t),
    P("insert into supplier (id, agency_id, name, category, created_at, updated_at) values (?, ?, 'Aérea B', 'airline', ?, ?)", ids.supplierB, agency.id, t, t),
    P("insert into agent (id, agency_id, name, created_at, updated_at) values (?, ?, 'Bia Balcão', ?, ?)", ids.agent, agency.id, t, t),
    P("insert into agent (id, agency_id, name, user_id, created_at, updated_at) values (?, ?, 'Ana Agente', ?, ?, ?)", ids.agentAgente, agency.id, agente.id, t, t),
    P("insert into agent (id, agency_id, name, user_id, created_at, updated_at) values (?, ?, 'Otto Outro', ?, ?, ?)", ids.agentAgente2, agency.id, agente2.id, t, t),
    P("insert into bank_account (id, agency_id, name, account_type_id, opening_date, currency, created_at, updated_at) values (?, ?, 'Banco', ?, '2020-01-01', 'BRL', ?, ?)", ids.bank, agency.id, type!.id, t, t),
    P("insert into product_kind (id, agency_id, kind, enabled, created_at, updated_at) values (?, ?, 'hotel', 1, ?, ?)", ids.kindHotel, agency.id, t, t),
    P("insert into product_kind (id, agency_id, kind, enabled, created_at, updated_at) values (?, ?, 'air', 1, ?, ?)", ids.kindAir, agency.id, t, t),
    P("insert into product_kind (id, agency_id, kind, enabled, created_at, updated_at) values (?, ?, 'package', 1, ?, ?)", ids.kindPackage, agency.id, t, t),
    P("insert into third_party_package (id, agency_id, operator_id, title, slug, cost_cents, created_at, updated_at) values (?, ?, ?, 'Gramado', ?, 50000, ?, ?)", ids.pkg, agency.id, ids.supplierA, `p-${ids.pkg.slice(-10)}`, t, t),
    P("insert into third_party_package_departure (id, agency_id, package_id, departure_date, seats, created_at, updated_at) values (?, ?, ?, '2099-07-10', 2, ?, ?)", ids.departure, agency.id, ids.pkg, t, t),
    P("insert into accommodation_block (id, agency_id, title, hotel_id, check_in, check_out, created_at, updated_at) values (?, ?, 'Bloco Natal', ?, '2099-12-20', '2099-12-22', ?, ?)", ids.block, agency.id, ids.supplierA, t, t),
    P("insert into accommodation_room_type (id, agency_id, block_id, name, quantity, nightly_cost_cents, nightly_price_cents, created_at, updated_at) values (?, ?, ?, 'Duplo', 1, 10000, 15000, ?, ?)", ids.roomType, agency.id, ids.block, t, t),
    P("insert into accommodation_rooming (id, agency_id, block_id, room_type_id, room_index, created_at, updated_at) values (?, ?, ?, ?, 1, ?, ?)", uuidv7(), agency.id, ids.block, ids.roomType, t, t),
    P("insert into air_block (id, agency_id, title, airline_id, seats, fare_cost_cents, fare_price_cents, taxes_cents, created_at, updated_at) values (?, ?, 'GRU-LIS', ?, 2, 200000, 250000, 10000, ?, ?)", ids.air, agency.id, ids.supplierB, t, t),
  ]);
  const adminScope: Scope = { db, ip: null, userId: admin.id, role: "Admin", agencyId: agency.id, timeZone: "America/Sao_Paulo", currency: "BRL" };
  return {
    agency,
    ids,
    admin: await signIn(admin.email),
    agente: await signIn(agente.email),
    agente2: await signIn(agente2.email),
    adminScope,
  };
}
type World = Awaited<ReturnType<typeof world>>;

type Item = Partial<Record<"productKindId" | "supplierId" | "description" | "cost" | "price" | "fees" | "inventoryKind" | "packageDepartureId" | "roomTypeId" | "airBlockId" | "quantity" | "startDate" | "startTime", string>> & { passengers?: string[] };

function saleForm(w: World, opts: { items?: Item[]; passengers?: string[]; discount?: string; agentId?: string; term?: string; extra?: Record<string, string> } = {}) {
  const form: Record<string, string | string[]> = {
    clientId: w.ids.client,
    agentId: opts.agentId ?? w.ids.agent,
    saleDate: "2026-11-20",
    currency: "BRL",
    paymentMethod: "pix",
    paymentTermId: opts.term ?? "",
    firstDueDate: "2026-11-25",
    discount: opts.discount ?? "",
    notes: "",
  };
  (opts.passengers ?? [w.ids.client]).forEach((c, i) => {
    form[`passengers[${i}].clientId`] = c;
    form[`passengers[${i}].ageBand`] = "adult";
  });
  const items = opts.items ?? [{ productKindId: w.ids.kindHotel, supplierId: w.ids.supplierA, description: "Hotel em Lisboa", cost: "800,00", price: "1.000,00", fees: "10,00" }];
  items.forEach((it, i) => {
    for (const [k, v] of Object.entries(it)) {
      if (k === "passengers") form[`items[${i}].passengers`] = v as string[];
      else form[`items[${i}].${k}`] = v as string;
    }
  });
  return { ...form, ...opts.extra };
}

const location = (res: Response) => res.headers.get("Location") ?? "";
const idFrom = (res: Response) => location(res).split("/").pop()!;

async function createSale(w: World, cookie = w.admin, opts: Parameters<typeof saleForm>[1] = {}) {
  const res = await appRequest(NEW, { cookie, form: saleForm(w, opts) });
  if (res.status !== 302) throw new Error(`create: ${res.status} ${await res.text()}`);
  return idFrom(res);
}

const saleRow = (id: string) =>
  env.DB.prepare("select number, status, version, total_cents, cost_cents, price_cents, discount_cents, fees_cents, margin_cents, deleted_at, passenger_count from sale where id = ?").bind(id).first<{
    number: number;
    status: string;
    version: number;
    total_cents: number;
    cost_cents: number;
    price_cents: number;
    discount_cents: number;
    fees_cents: number;
    margin_cents: number;
    deleted_at: string | null;
    passenger_count: number;
  }>();
const titlesOf = async (id: string) =>
  (
    await env.DB.prepare("select id, direction, party_id, amount_cents, paid_cents, status, version from finance_title where origin_kind = 'sale' and origin_id = ? order by direction, installment_no")
      .bind(id)
      .all<{ id: string; direction: string; party_id: string; amount_cents: number; paid_cents: number; status: string; version: number }>()
  ).results;
const countRows = async (q: string, ...v: unknown[]) => (await env.DB.prepare(q).bind(...v).first<{ n: number }>())!.n;

async function confirmSale(w: World, id: string, cookie = w.admin) {
  const row = await saleRow(id);
  return appRequest(editPath(id), { cookie, form: { intent: "confirm", version: String(row!.version) } });
}

describe("emissivo sales", () => {
  it("creates a draft with passengers and items, lists it, edits it; numbers are per agency and never reused", async () => {
    const w = await world();
    const id = await createSale(w, w.admin, {
      passengers: [w.ids.client, w.ids.client2],
      items: [
        { productKindId: w.ids.kindHotel, supplierId: w.ids.supplierA, description: "Hotel", cost: "800,00", price: "1.000,00", fees: "10,00", passengers: [w.ids.client2] },
        { productKindId: w.ids.kindAir, supplierId: w.ids.supplierB, description: "Voo", cost: "300,00", price: "450,00", startDate: "2099-01-10", startTime: "22:30" },
      ],
      discount: "50,00",
    });
    const row = (await saleRow(id))!;
    expect(row).toMatchObject({ number: 1, status: "draft", cost_cents: 110_000, price_cents: 145_000, discount_cents: 5_000, fees_cents: 1_000, total_cents: 141_000, margin_cents: 30_000, passenger_count: 2 });
    const item = await env.DB.prepare("select passenger_ids, start_time from sale_item where sale_id = ? and position = 0").bind(id).first<{ passenger_ids: string; start_time: string | null }>();
    const p2 = await env.DB.prepare("select id from sale_passenger where sale_id = ? and client_id = ?").bind(id, w.ids.client2).first<{ id: string }>();
    expect(JSON.parse(item!.passenger_ids)).toEqual([p2!.id]);
    expect(await countRows("select count(*) n from audit_entry where entity = 'sale' and entity_id = ?", id)).toBe(1);

    // The list shows it; the search finds it by item.
    const list = await json<{ rows: { id: string; number: number }[] }>(await appRequest(`${LIST}?q=voo`, { cookie: w.admin }));
    expect(list.rows.map((r) => r.id)).toEqual([id]);
    const csv = await (await appRequest(`${LIST}/exportar`, { cookie: w.admin })).text();
    expect(csv).toContain("Carla Cliente");

    // Edit: one item, a new price; stale version refused with nothing written.
    const edit = saleForm(w, { items: [{ productKindId: w.ids.kindHotel, supplierId: w.ids.supplierA, description: "Hotel", cost: "800,00", price: "900,00" }] });
    const saved = await appRequest(editPath(id), { cookie: w.admin, form: { ...edit, version: String(row.version) } });
    expect(saved.status).toBe(200);
    expect((await saleRow(id))!).toMatchObject({ price_cents: 90_000, total_cents: 90_000, version: row.version + 1 });
    const stale = await appRequest(editPath(id), { cookie: w.admin, form: { ...edit, price: "1,00", version: String(row.version) } });
    expect(stale.status).toBe(409);
    expect(await countRows("select count(*) n from sale_item where sale_id = ?", id)).toBe(1);

    // Numbers: 2, then delete the draft, the next is 3; another agency starts at 1.
    const second = await createSale(w);
    expect((await saleRow(second))!.number).toBe(2);
    const del = await appRequest(editPath(second), { cookie: w.admin, form: { intent: "delete", version: String((await saleRow(second))!.version) } });
    expect(del.status).toBe(302);
    expect((await saleRow(second))!.deleted_at).not.toBeNull();
    expect((await appRequest(editPath(second), { cookie: w.admin })).status).toBe(404);
    expect((await saleRow(await createSale(w)))!.number).toBe(3);
    const other = await world();
    expect((await saleRow(await createSale(other)))!.number).toBe(1);
  });

  it("confirm writes exactly the plan's titles (property: random items, discounts and plans)", async () => {
    const w = await world();
    const kinds = [w.ids.kindHotel, w.ids.kindAir];
    const suppliers = [w.ids.supplierA, w.ids.supplierB];
    const cents = (c: number) => `${Math.floor(c / 100)},${String(c % 100).padStart(2, "0")}`;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ cost: fc.integer({ min: 0, max: 500_000 }), price: fc.integer({ min: 1, max: 900_000 }), fees: fc.integer({ min: 0, max: 20_000 }), s: fc.integer({ min: 0, max: 1 }), k: fc.integer({ min: 0, max: 1 }) }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 100 }),
        fc.boolean(),
        async (items, discountPct, useTerm) => {
          const price = items.reduce((s, i) => s + i.price, 0);
          const discount = Math.floor((price * discountPct) / 1000);
          const id = await createSale(w, w.admin, {
            discount: cents(discount),
            term: useTerm ? w.ids.term : "",
            items: items.map((i, n) => ({ productKindId: kinds[i.k]!, supplierId: suppliers[i.s]!, description: `Item ${n}`, cost: cents(i.cost), price: cents(i.price), fees: cents(i.fees) })),
          });
          const res = await confirmSale(w, id);
          expect(res.status).toBe(200);
          const titles = await titlesOf(id);
          const sum = (list: typeof titles) => list.reduce((s, t) => s + t.amount_cents, 0);
          const fees = items.reduce((s, i) => s + i.fees, 0);
          expect(sum(titles.filter((t) => t.direction === "receivable"))).toBe(price - discount + fees);
          expect(sum(titles.filter((t) => t.direction === "payable"))).toBe(items.reduce((s, i) => s + i.cost, 0));
          for (const [s, supplierId] of suppliers.entries()) {
            expect(sum(titles.filter((t) => t.direction === "payable" && t.party_id === supplierId))).toBe(items.filter((i) => i.s === s).reduce((a, i) => a + i.cost, 0));
          }
          expect((await saleRow(id))!.status).toBe("confirmed");
          // A second confirmation changes nothing.
          const again = await appRequest(editPath(id), { cookie: w.admin, form: { intent: "confirm", version: "1" } });
          expect(again.status).toBe(409);
          expect((await titlesOf(id)).length).toBe(titles.length);
        },
      ),
      { numRuns: Math.max(5, Math.min(25, Math.floor(FUZZ_RUNS / 40))) },
    );
    // The page shows the titles.
    const id = await createSale(w);
    await confirmSale(w, id);
    const screen = await json<{ titles: { direction: string }[]; timeline: unknown[] }>(await appRequest(editPath(id), { cookie: w.admin }));
    expect(screen.titles.some((t) => t.direction === "receivable")).toBe(true);
    expect(screen.timeline.length).toBeGreaterThan(1);
  });

  it("edits a confirmed sale: preview first, then adjusts open titles; refuses to go below settled money", async () => {
    const w = await world();
    const id = await createSale(w, w.admin, { items: [{ productKindId: w.ids.kindHotel, supplierId: w.ids.supplierA, description: "Hotel", cost: "800,00", price: "1.000,00" }] });
    await confirmSale(w, id);
    const receivable = (await titlesOf(id)).find((t) => t.direction === "receivable")!;
    const settled = await settleTitles(w.adminScope, { date: "2026-11-21", bankAccountId: w.ids.bank, description: null }, [
      { titleId: receivable.id, version: receivable.version, intermediaryId: null, principalCents: 60_000, interestCents: 0, fineCents: 0, discountCents: 0, feeCents: 0 } as never,
    ]);
    expect(settled.ok).toBe(true);
    const version = String((await saleRow(id))!.version);
    const lower = (price: string) => ({ ...saleForm(w, { items: [{ productKindId: w.ids.kindHotel, supplierId: w.ids.supplierA, description: "Hotel", cost: "800,00", price }] }), version });
    // Below what was paid: refused, nothing changed.
    const refused = await appRequest(editPath(id), { cookie: w.admin, form: lower("500,00") });
    expect(refused.status).toBe(409);
    expect((await saleRow(id))!.price_cents).toBe(100_000);
    // 900: first the preview, nothing written...
    const preview = await json<{ preview?: { rows: unknown[] }; digest?: string }>(await appRequest(editPath(id), { cookie: w.admin, form: lower("900,00") }));
    expect(preview.preview?.rows.length).toBeGreaterThan(0);
    expect((await saleRow(id))!.price_cents).toBe(100_000);
    // ...then the same values with the digest apply it.
    const applied = await appRequest(editPath(id), { cookie: w.admin, form: { ...lower("900,00"), confirmEdit: preview.digest! } });
    expect(applied.status).toBe(200);
    expect((await saleRow(id))!.price_cents).toBe(90_000);
    const live = (await titlesOf(id)).filter((t) => t.direction === "receivable" && t.status !== "cancelled");
    expect(live.reduce((s, t) => s + t.amount_cents, 0)).toBe(90_000);
    expect(live.every((t) => t.amount_cents >= t.paid_cents)).toBe(true);
  });

  it("cancelling a sale cancels the Asaas charges of its receivables (the charge follows its installment)", async () => {
    const w = await world();
    const id = await createSale(w);
    expect((await confirmSale(w, id)).status).toBe(200);
    await env.DB.prepare("update client set document = '52998224725', emails = ? where id = ?").bind(JSON.stringify(["carla@x.example"]), w.ids.client).run();
    const saved = await appRequest("/sistema/integracoes/asaas", { cookie: w.admin, form: { intent: "save", version: "0", environment: "sandbox", apiKey: `$aact_sale_${uuidv7()}`, enabled: "on" } });
    expect(saved.status).toBe(200);
    const receivable = (await titlesOf(id)).find((t) => t.direction === "receivable")!;
    const charged = await appRequest(`/financeiro/contas-a-receber/editar/${receivable.id}`, { cookie: w.admin, form: { intent: "charge", billingType: "PIX" } });
    expect(charged.status, await charged.clone().text()).toBe(302);
    const charge = () => env.DB.prepare("select external_id, status, deleted_at from payment_charge where title_id = ?").bind(receivable.id).first<{ external_id: string; status: string; deleted_at: string | null }>();
    expect(await charge()).toMatchObject({ status: "PENDING", deleted_at: null });
    const res = await appRequest(editPath(id), { cookie: w.admin, form: { intent: "cancel", version: String((await saleRow(id))!.version), reason: "cliente desistiu" } });
    expect(res.status).toBe(200);
    expect(await charge()).toMatchObject({ status: "DELETED", deleted_at: expect.any(String) });
    const sim = await env.DB.prepare("select body from asaas_sim_payment where id = ?").bind((await charge())!.external_id).first<{ body: string }>();
    expect(JSON.parse(sim!.body).deleted).toBe(true);
  });

  it("cancels: open titles cancelled, a refund payable for what was paid, inventory released", async () => {
    const w = await world();
    const id = await createSale(w, w.admin, { items: [{ productKindId: w.ids.kindHotel, supplierId: w.ids.supplierA, description: "Quarto", inventoryKind: "hotel_room", roomTypeId: w.ids.roomType, quantity: "1" }] });
    // Price and cost came from the block: 2 nights.
    expect((await saleRow(id))!).toMatchObject({ cost_cents: 20_000, price_cents: 30_000 });
    expect((await confirmSale(w, id)).status).toBe(200);
    expect(await countRows("select count(*) n from accommodation_rooming where sale_id = ?", id)).toBe(1);
    const receivable = (await titlesOf(id)).find((t) => t.direction === "receivable")!;
    await settleTitles(w.adminScope, { date: "2026-11-21", bankAccountId: w.ids.bank, description: null }, [
      { titleId: receivable.id, version: receivable.version, intermediaryId: null, principalCents: 10_000, interestCents: 0, fineCents: 0, discountCents: 0, feeCents: 0 } as never,
    ]);
    const version = String((await saleRow(id))!.version);
    expect((await appRequest(editPath(id), { cookie: w.admin, form: { intent: "cancel", version, reason: "x" } })).status).toBe(400);
    const res = await appRequest(editPath(id), { cookie: w.admin, form: { intent: "cancel", version, reason: "cliente desistiu" } });
    expect(res.status).toBe(200);
    expect((await saleRow(id))!.status).toBe("cancelled");
    const titles = await titlesOf(id);
    expect(titles.filter((t) => t.status !== "cancelled" && t.status !== "paid" && t.direction === "receivable" && t.amount_cents > t.paid_cents)).toEqual([]);
    const refund = titles.find((t) => t.direction === "payable" && t.party_id === w.ids.client);
    expect(refund?.amount_cents).toBe(10_000);
    expect(await countRows("select count(*) n from accommodation_rooming where sale_id = ?", id)).toBe(0);
    // A cancelled sale is not edited.
    expect((await appRequest(editPath(id), { cookie: w.admin, form: { ...saleForm(w), version: String((await saleRow(id))!.version) } })).status).toBe(409);
  });

  it("the Agente: sees and edits only their own sales, sells as themselves, and needs an Admin above the discount limit", async () => {
    const w = await world();
    await env.DB.prepare("update agency set max_discount_bp = 1000 where id = ?").bind(w.agency.id).run();
    const theirs = await createSale(w, w.agente, { agentId: w.ids.agentAgente });
    const others = await createSale(w, w.agente2, { agentId: w.ids.agentAgente2 });
    expect((await appRequest(editPath(others), { cookie: w.agente })).status).toBe(404);
    expect((await appRequest(editPath(others), { cookie: w.agente, form: { intent: "confirm", version: "1" } })).status).toBe(404);
    expect((await appRequest(editPath(theirs), { cookie: w.agente })).status).toBe(200);
    const list = await json<{ rows: { id: string }[] }>(await appRequest(LIST, { cookie: w.agente }));
    expect(list.rows.map((r) => r.id)).toEqual([theirs]);
    // Selling as another agent is refused.
    const asOther = await appRequest(NEW, { cookie: w.agente, form: saleForm(w, { agentId: w.ids.agent }) });
    expect(asOther.status).toBe(400);
    expect((await json<{ result: { error: Record<string, string[]> } }>(asOther)).result.error.agentId).toEqual(["sales.errors.ownAgent"]);
    // 20 % discount with a 10 % limit: refused for the Agente, fine for the Admin.
    const big = await appRequest(NEW, { cookie: w.agente, form: saleForm(w, { agentId: w.ids.agentAgente, discount: "200,00" }) });
    expect(big.status).toBe(400);
    expect((await json<{ result: { error: Record<string, string[]> } }>(big)).result.error.discount).toEqual(["sales.errors.discountNeedsAdmin"]);
    expect((await appRequest(NEW, { cookie: w.admin, form: saleForm(w, { discount: "200,00" }) })).status).toBe(302);
  });

  it("availability: more seats than free is refused with nothing written; two concurrent confirmations of the last room give one sale", async () => {
    const w = await world();
    const depItem = (quantity: string): Item => ({ productKindId: w.ids.kindPackage, supplierId: w.ids.supplierA, description: "Pacote", inventoryKind: "package_departure", packageDepartureId: w.ids.departure, quantity, price: "1.000,00" });
    const before = await countRows("select count(*) n from sale where agency_id = ?", w.agency.id);
    const tooMany = await appRequest(NEW, { cookie: w.admin, form: saleForm(w, { items: [depItem("3")] }) });
    expect(tooMany.status).toBe(400);
    expect(await countRows("select count(*) n from sale where agency_id = ?", w.agency.id)).toBe(before);
    // Two drafts of 2 seats each: the first confirms, the second is refused at confirmation and nothing is written.
    const a = await createSale(w, w.admin, { items: [depItem("2")] });
    const b = await createSale(w, w.admin, { items: [depItem("2")] });
    expect((await confirmSale(w, a)).status).toBe(200);
    const refused = await confirmSale(w, b);
    expect(refused.status).toBe(409);
    expect((await saleRow(b))!.status).toBe("draft");
    expect(await titlesOf(b)).toEqual([]);
    // Air block: 2 seats; a sale of 3 is refused, one of 2 takes 2 named passengers.
    const airItem = (q: string): Item => ({ productKindId: w.ids.kindAir, supplierId: w.ids.supplierB, description: "Voo", inventoryKind: "air_seat", airBlockId: w.ids.air, quantity: q, passengers: [w.ids.client, w.ids.client2] });
    expect((await appRequest(NEW, { cookie: w.admin, form: saleForm(w, { passengers: [w.ids.client, w.ids.client2], items: [airItem("3")] }) })).status).toBe(400);
    const air = await createSale(w, w.admin, { passengers: [w.ids.client, w.ids.client2], items: [airItem("2")] });
    expect((await confirmSale(w, air)).status).toBe(200);
    expect(await countRows("select count(*) n from air_block_passenger where sale_id = ?", air)).toBe(2);
    // The last room: two drafts confirmed at once → exactly one.
    const room: Item = { productKindId: w.ids.kindHotel, supplierId: w.ids.supplierA, description: "Quarto", inventoryKind: "hotel_room", roomTypeId: w.ids.roomType, quantity: "1" };
    const r1 = await createSale(w, w.admin, { items: [room] });
    const r2 = await createSale(w, w.admin, { items: [room] });
    const answers = await Promise.all([confirmSale(w, r1), confirmSale(w, r2)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const statuses = [(await saleRow(r1))!.status, (await saleRow(r2))!.status].sort();
    expect(statuses).toEqual(["confirmed", "draft"]);
    expect(await countRows("select count(*) n from accommodation_rooming where room_type_id = ? and sale_id is not null", w.ids.roomType)).toBe(1);
  });

  it("another agency's sale is a 404 on every route and intent, and nothing changes", async () => {
    const w = await world();
    const other = await world();
    const id = await createSale(w);
    const before = await saleRow(id);
    expect((await appRequest(editPath(id), { cookie: other.admin })).status).toBe(404);
    const forms: Record<string, string | string[]>[] = [{ intent: "confirm", version: "1" }, { intent: "cancel", version: "1", reason: "teste" }, { intent: "delete", version: "1" }, { ...saleForm(other), version: "1" }];
    for (const form of forms) {
      expect((await appRequest(editPath(id), { cookie: other.admin, form })).status).toBe(404);
    }
    expect(await saleRow(id)).toEqual(before);
    const list = await json<{ rows: unknown[] }>(await appRequest(LIST, { cookie: other.admin }));
    expect(list.rows).toEqual([]);
    // Another agency's client, agent or supplier in a form is refused.
    const foreign = await appRequest(NEW, { cookie: other.admin, form: saleForm(w) });
    expect(foreign.status).toBe(400);
    // No session: to the login.
    const anon = await appRequest(LIST);
    expect(location(anon)).toContain("/login");
  });

  it("registers an inline client with the client register's rules", async () => {
    const w = await world();
    const bad = await appRequest(NEW, { cookie: w.admin, form: { intent: "newClient", "newClient.name": "Eva", "newClient.document": "123" } });
    expect(bad.status).toBe(400);
    const good = await appRequest(NEW, { cookie: w.admin, form: { intent: "newClient", "newClient.name": "Eva Nova", "newClient.birthDate": "1990-02-03" } });
    expect(good.status).toBe(200);
    const created = (await json<{ newClient: { id: string } }>(good)).newClient.id;
    expect(await countRows("select count(*) n from client where id = ? and agency_id = ?", created, w.agency.id)).toBe(1);
  });

  it("a fuzzed form never answers 5xx and writes nothing unless saved", async () => {
    const w = await world();
    const keys = ["clientId", "agentId", "saleDate", "currency", "discount", "paymentTermId", "paymentMethod", "downPayment", "firstDueDate", "items[0].price", "items[0].cost", "items[0].quantity", "items[0].inventoryKind", "items[0].roomTypeId", "items[0].startTime", "passengers[0].clientId", "items[0].passengers", "version", "intent"];
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom(...keys), fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom("", "-1", "1.000,00", "99999999999999", "2026-02-30", "25:61", "hotel_room", w.ids.roomType, "confirm"))), async (patch) => {
        const before = await countRows("select count(*) n from sale where agency_id = ?", w.agency.id);
        const res = await appRequest(NEW, { cookie: w.admin, form: { ...saleForm(w), ...patch } });
        expect(res.status).toBeLessThan(500);
        const after = await countRows("select count(*) n from sale where agency_id = ?", w.agency.id);
        expect(after).toBe(res.status === 302 ? before + 1 : before);
      }),
      { numRuns: Math.max(20, Math.min(200, Math.floor(FUZZ_RUNS / 5))) },
    );
  });
});
