/**
 * Demo sales for each demo agency (issue #16, item 7), dated from `today`: four
 * months of confirmed emissivo sales (hotel, flights, insurance, transfers to
 * the seeded clients, from the seeded suppliers, by the seeded agents), a few
 * with their trip today or tomorrow so the daily service report has something
 * to show; excursion sales holding confirmed seats on the seeded open
 * excursions (seats from 1 up, a boarding point and a price tier each — never
 * two on one seat); drafts this month and one cancelled sale.
 *
 * Consistent with the finance seed: a confirmed sale's receivables and
 * payables are what the app writes (lib/sales/titles.ts confirmSaleTitles:
 * the plan's installments, each supplier's à vista payable), origin_kind
 * 'sale' and origin_id the sale, in the categories of the chart by system key
 * (as sale-core's REVENUE_KEY / COST_KEY); those due before today are settled
 * (finance_entry settlements on the first bank account), bar a few left
 * overdue. The cancelled sale's titles are cancelled. record_counter 'sale'
 * holds the last number; search_text as the app writes it.
 *
 * Deterministic for a given day (a PRNG per agency; fixed ids in the seedId
 * shape with table codes 0180–0186). Runs under plain node (relative imports
 * with .ts).
 */
import { mulberry32, seedFromString, type Rng } from "../../app/lib/platform/br-documents.ts";
import { buildSearchText } from "../../app/lib/kit/search-text.ts";
import { A_VISTA, confirmSaleTitles, type SaleTitleRow } from "../../app/lib/sales/titles.ts";
import type { TermShape } from "../../app/lib/finance/schedule.ts";
import type { SeedAgency, SeedRow } from "./seed-registers.ts";

/** Tables in insertion order, with the code used in their ids. */
export const SALES_TABLES = {
  sale: 0x180,
  sale_passenger: 0x181,
  sale_item: 0x182,
  excursion_passenger: 0x183,
  finance_title: 0x184,
  finance_entry: 0x185,
  record_counter: 0x186,
} as const;
export type SalesTable = keyof typeof SALES_TABLES;

export function salesSeedId(table: SalesTable, agencyIndex: number, n: number): string {
  const hex = (v: number, width: number) => v.toString(16).padStart(width, "0");
  return `0190a000-${hex(SALES_TABLES[table], 4)}-7${hex(agencyIndex + 1, 3)}-8000-${hex(n, 12)}`;
}

/** The texts a sale's titles get in pt (the agency's language; keys sales.title.*, held equal by seed-sales.test.ts). */
export const SALE_TITLE_TEXTS_PT = {
  "sales.title.receivable": "Venda nº {{sale}} — parcela {{n}}/{{count}}",
  "sales.title.payable": "Venda nº {{sale}} — fornecedor, parcela {{n}}/{{count}}",
  "sales.title.refund": "Venda nº {{sale}} — reembolso ao cliente",
} as const;

const describe = (row: SaleTitleRow) =>
  SALE_TITLE_TEXTS_PT[row.description.key].replace(/\{\{(\w+)\}\}/g, (_, k: "sale" | "n" | "count") => String(row.description.values[k]));

/** Where a product kind's revenue and cost go (sale-core.server.ts REVENUE_KEY / COST_KEY). */
const REVENUE_KEY: Record<string, string> = { air: "revenue.air", hotel: "revenue.hotel", package: "revenue.packages", insurance: "revenue.insurance", transfer: "revenue.other_services" };
const COST_KEY: Record<string, string> = { air: "cost.air", hotel: "cost.hotel", package: "cost.packages", insurance: "cost.insurance", transfer: "cost.transport" };

/** Months of sales before today's month. */
export const SALES_MONTHS_BACK = 3;

/** What the rows seeded before give the sales (the row lists of those seeds, all agencies mixed). */
export type SalesSeedInput = {
  today: Date;
  now: Date;
  rows: {
    client: readonly SeedRow[];
    supplier: readonly SeedRow[];
    agent: readonly SeedRow[];
    product_kind: readonly SeedRow[];
    chart_account: readonly SeedRow[];
    payment_term: readonly SeedRow[];
    bank_account: readonly SeedRow[];
    excursion: readonly SeedRow[];
    excursion_boarding: readonly SeedRow[];
    excursion_price: readonly SeedRow[];
  };
  /** Per agency: the Admin who "typed" the sales (owner of sales by external agents). */
  userIds: Record<string, string | null>;
};

const DAY = 86_400_000;
const dayNo = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY;
const isoOf = (n: number) => new Date(n * DAY).toISOString().slice(0, 10);
const addDays = (iso: string, days: number) => isoOf(dayNo(iso) + days);
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
const between = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
const hhmm = (rng: Rng, from: number, to: number) => `${String(between(rng, from, to)).padStart(2, "0")}:${pick(rng, ["00", "15", "30", "45"])}`;
const LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ";
const locator = (rng: Rng) => Array.from({ length: 6 }, () => LETTERS[Math.floor(rng() * LETTERS.length)]).join("");

type ItemPlan = { kind: "hotel" | "air" | "insurance" | "transfer"; supplierCategory: string; min: number; max: number };
const TRIPS: { place: string; iata: string }[] = [
  { place: "Porto Seguro", iata: "BPS" },
  { place: "Foz do Iguaçu", iata: "IGU" },
  { place: "Salvador", iata: "SSA" },
  { place: "Recife", iata: "REC" },
  { place: "Florianópolis", iata: "FLN" },
  { place: "Buenos Aires", iata: "EZE" },
  { place: "Lisboa", iata: "LIS" },
  { place: "Santiago", iata: "SCL" },
];
const ITEMS: Record<ItemPlan["kind"], ItemPlan> = {
  hotel: { kind: "hotel", supplierCategory: "hotel", min: 900_00, max: 5_500_00 },
  air: { kind: "air", supplierCategory: "airline", min: 700_00, max: 4_800_00 },
  insurance: { kind: "insurance", supplierCategory: "insurer", min: 90_00, max: 600_00 },
  transfer: { kind: "transfer", supplierCategory: "operator", min: 120_00, max: 450_00 },
};

type Item = { kind: ItemPlan["kind"]; description: string; supplierId: string; start: string; end: string | null; startTime: string | null; endTime: string | null; locator: string | null; cost: number; price: number; fees: number };

export function buildSalesRows(agencies: readonly SeedAgency[], input: SalesSeedInput): Record<SalesTable, SeedRow[]> {
  const out: Record<SalesTable, SeedRow[]> = { sale: [], sale_passenger: [], sale_item: [], excursion_passenger: [], finance_title: [], finance_entry: [], record_counter: [] };
  const iso = input.now.toISOString();
  const today = input.today.toISOString().slice(0, 10);
  const of = (rows: readonly SeedRow[], agencyId: string) => rows.filter((r) => r.agency_id === agencyId);
  agencies.forEach((agency, a) => {
    const rng = mulberry32(seedFromString(`sales:${agency.id}:${today}`));
    const clients = of(input.rows.client, agency.id);
    const suppliers = of(input.rows.supplier, agency.id);
    const agents = of(input.rows.agent, agency.id);
    const kinds = new Map(of(input.rows.product_kind, agency.id).map((r) => [String(r.kind), String(r.id)]));
    const chart = new Map(of(input.rows.chart_account, agency.id).map((r) => [String(r.system_key), String(r.id)]));
    const terms = of(input.rows.payment_term, agency.id);
    const bank = of(input.rows.bank_account, agency.id)[0];
    const userId = input.userIds[agency.id] ?? null;
    if (clients.length < 4 || suppliers.length === 0 || agents.length === 0 || !bank || kinds.size === 0) return;
    const termShape = (id: string | null): TermShape | null => {
      const t = terms.find((x) => x.id === id);
      if (!t) return null;
      return {
        downPaymentBp: Number(t.down_payment_bp),
        installments: Number(t.installments),
        firstDueDays: Number(t.first_due_days),
        intervalKind: t.interval_kind as TermShape["intervalKind"],
        intervalDays: Number(t.interval_days),
        dayOfMonth: t.day_of_month === null || t.day_of_month === undefined ? null : Number(t.day_of_month),
      };
    };
    const supplierFor = (category: string) => {
      const list = suppliers.filter((s) => s.category === category);
      return list.length > 0 ? pick(rng, list) : pick(rng, suppliers);
    };
    const supplierName = (s: SeedRow) => String(s.trade_name ?? s.name);

    let number = 0;
    let passengerNo = 0;
    let itemNo = 0;
    let titleNo = 0;
    let entryNo = 0;
    let groupNo = 0;
    let overdueLeft = 3;

    /** The titles of a confirmed (or cancelled) sale, settled when due before today unless left overdue. */
    const titles = (saleId: string, rows: SaleTitleRow[], category: (row: SaleTitleRow) => string, cancelled: { at: string; reason: string } | null) => {
      const groups = new Map<string, string>();
      for (const row of rows) {
        const key = `${row.direction}|${row.partyId}`;
        if (!groups.has(key)) groups.set(key, salesSeedId("finance_title", a, 0x800000 + ++groupNo));
        const id = salesSeedId("finance_title", a, ++titleNo);
        let paid = 0;
        if (!cancelled && row.dueDate < today) {
          const leaveOpen = row.direction === "receivable" && overdueLeft > 0 && row.dueDate > addDays(today, -40) && rng() < 0.2;
          if (leaveOpen) overdueLeft--;
          else {
            paid = row.amountCents;
            const receivable = row.direction === "receivable";
            out.finance_entry.push({
              id: salesSeedId("finance_entry", a, ++entryNo),
              agency_id: agency.id,
              bank_account_id: String(bank.id),
              kind: "settlement",
              date: row.dueDate,
              title_id: id,
              principal_cents: row.amountCents,
              interest_cents: 0,
              fine_cents: 0,
              discount_cents: 0,
              fee_cents: 0,
              intermediary_id: null,
              net_cents: receivable ? row.amountCents : -row.amountCents,
              currency: "BRL",
              category_id: null,
              reverses_id: null,
              transfer_id: null,
              description: null,
              origin: "seed",
              origin_ref: null,
              created_by: userId,
              created_at: iso,
            });
          }
        }
        const description = describe(row);
        out.finance_title.push({
          id,
          agency_id: agency.id,
          direction: row.direction,
          party_kind: row.partyKind,
          party_id: row.partyId,
          description,
          document_number: null,
          category_id: chart.get(category(row)) ?? chart.get(row.direction === "receivable" ? "revenue.sales" : "cost.suppliers") ?? null,
          competence_date: out.sale.find((s) => s.id === saleId)!.sale_date,
          due_date: row.dueDate,
          amount_cents: row.amountCents,
          currency: "BRL",
          paid_cents: paid,
          status: cancelled ? "cancelled" : paid >= row.amountCents ? "paid" : "open",
          installment_no: row.installmentNo,
          installment_count: row.installmentCount,
          group_id: groups.get(`${row.direction}|${row.partyId}`)!,
          payment_term_id: null,
          origin_kind: "sale",
          origin_id: saleId,
          notes: null,
          cancelled_at: cancelled?.at ?? null,
          cancel_reason: cancelled?.reason ?? null,
          search_text: buildSearchText(description),
          created_by: userId,
          created_at: iso,
          updated_at: iso,
          version: paid > 0 || cancelled ? 2 : 1,
        });
      }
    };

    type SaleSpec = {
      kind: "emissivo" | "excursion";
      status: "draft" | "confirmed" | "cancelled";
      date: string;
      client: SeedRow;
      agent: SeedRow;
      excursion?: SeedRow;
      passengers: SeedRow[];
      money: { cost: number; price: number; fees: number };
      termId: string | null;
      method: string;
      search: (number: number) => string;
    };
    const sale = (s: SaleSpec) => {
      const id = salesSeedId("sale", a, ++number);
      const total = s.money.price + s.money.fees;
      const at = `${s.date}T${hhmm(rng, 9, 17)}:00.000Z`;
      out.sale.push({
        id,
        agency_id: agency.id,
        number,
        kind: s.kind,
        status: s.status,
        client_id: String(s.client.id),
        agent_id: String(s.agent.id),
        owner_user_id: s.agent.user_id ? String(s.agent.user_id) : userId,
        excursion_id: s.excursion ? String(s.excursion.id) : null,
        sale_date: s.date,
        currency: "BRL",
        cost_cents: s.money.cost,
        price_cents: s.money.price,
        discount_cents: 0,
        fees_cents: s.money.fees,
        total_cents: total,
        margin_cents: s.money.price - s.money.cost,
        payment_term_id: s.termId,
        payment_method: s.method,
        down_payment_cents: null,
        first_due_date: s.date,
        notes: null,
        passenger_count: s.passengers.length,
        confirmed_at: s.status === "draft" ? null : at,
        cancelled_at: s.status === "cancelled" ? at : null,
        cancel_reason: s.status === "cancelled" ? "Cliente desistiu da viagem antes do primeiro pagamento." : null,
        search_text: s.search(number),
        created_by: userId,
        deleted_at: null,
        created_at: at,
        updated_at: at,
        version: s.status === "draft" ? 1 : s.status === "confirmed" ? 2 : 3,
      });
      const passengerIds = s.passengers.map((c, i) => {
        const pid = salesSeedId("sale_passenger", a, ++passengerNo);
        out.sale_passenger.push({ id: pid, agency_id: agency.id, sale_id: id, client_id: String(c.id), position: i, age_band: "adult", created_at: at, updated_at: at });
        return pid;
      });
      return { id, number, passengerIds, at };
    };
    const pickPassengers = (client: SeedRow, count: number) => {
      const others = clients.filter((c) => c.id !== client.id && c.kind !== "company");
      const list = [client];
      while (list.length < count && others.length > 0) list.push(others.splice(Math.floor(rng() * others.length), 1)[0]!);
      return list;
    };
    const people = clients.filter((c) => c.kind !== "company");
    const avista = terms.find((t) => Number(t.installments) === 0) ?? null;
    const splitTerms = terms.filter((t) => Number(t.installments) > 1);

    /** An emissivo trip: hotel (and usually flights, insurance, a transfer) starting `start`. */
    const emissivo = (date: string, start: string, status: SaleSpec["status"], agent = pick(rng, agents)) => {
      const trip = pick(rng, TRIPS);
      const nights = between(rng, 3, 7);
      const end = addDays(start, nights);
      const money = (plan: ItemPlan) => {
        const price = Math.round(between(rng, plan.min, plan.max) / 100) * 100;
        return { price, cost: Math.round((price * between(rng, 75, 88)) / 100), fees: plan.kind === "air" ? between(rng, 40, 120) * 100 : 0 };
      };
      const hotel = supplierFor("hotel");
      const items: Item[] = [{ kind: "hotel", description: `${supplierName(hotel)} — ${trip.place}`, supplierId: String(hotel.id), start, end, startTime: "14:00", endTime: "12:00", locator: locator(rng), ...money(ITEMS.hotel) }];
      if (rng() < 0.8) {
        const air = supplierFor("airline");
        items.push({ kind: "air", description: `Aéreo GRU → ${trip.iata} → GRU (${supplierName(air)})`, supplierId: String(air.id), start, end, startTime: hhmm(rng, 6, 11), endTime: hhmm(rng, 15, 21), locator: locator(rng), ...money(ITEMS.air) });
      }
      if (rng() < 0.5) items.push({ kind: "transfer", description: `Traslado aeroporto → hotel em ${trip.place}`, supplierId: String(supplierFor("operator").id), start, end: null, startTime: hhmm(rng, 12, 16), endTime: null, locator: null, ...money(ITEMS.transfer) });
      if (rng() < 0.4) items.push({ kind: "insurance", description: `Seguro viagem ${trip.place}`, supplierId: String(supplierFor("insurer").id), start, end, startTime: null, endTime: null, locator: null, ...money(ITEMS.insurance) });
      const client = pick(rng, people);
      const passengers = pickPassengers(client, between(rng, 1, 3));
      const term = total(items) >= 3_000_00 && splitTerms.length > 0 && rng() < 0.5 ? pick(rng, splitTerms) : avista;
      const termId = term ? String(term.id) : null;
      const confirm = confirmSaleTitles({
        saleNumber: number + 1,
        clientId: String(client.id),
        currency: "BRL",
        saleDate: date,
        items: items.map((i) => ({ costCents: i.cost, priceCents: i.price, feesCents: i.fees, currency: "BRL", supplierId: i.supplierId })),
        discountCents: 0,
        plan: { term: termShape(termId) ?? A_VISTA, start: date, downPaymentCents: null },
        supplierTerms: new Map(items.map((i) => [i.supplierId, termShape((suppliers.find((s) => s.id === i.supplierId)?.payment_term_id as string | null) ?? null)])),
      });
      if (!confirm.ok) throw new Error(`seed-sales: a demo sale is refused (${confirm.reason})`);
      const sums = { cost: confirm.totals.costCents, price: confirm.totals.priceCents, fees: confirm.totals.feesCents };
      const made = sale({
        kind: "emissivo",
        status,
        date,
        client,
        agent,
        passengers,
        money: sums,
        termId,
        method: pick(rng, ["pix", "pix", "credit_card", "boleto", "bank_transfer"]),
        search: (n) => buildSearchText(String(n), String(client.name), ...items.map((i) => [i.description, i.locator])),
      });
      items.forEach((i, position) => {
        out.sale_item.push({
          id: salesSeedId("sale_item", a, ++itemNo),
          agency_id: agency.id,
          sale_id: made.id,
          position,
          product_kind_id: kinds.get(i.kind) ?? kinds.values().next().value!,
          supplier_id: i.supplierId,
          description: i.description,
          start_date: i.start,
          end_date: i.end,
          start_time: i.startTime,
          end_time: i.endTime,
          locator: i.locator,
          passenger_ids: JSON.stringify(made.passengerIds),
          cost_cents: i.cost,
          price_cents: i.price,
          fees_cents: i.fees,
          inventory_kind: "none",
          package_departure_id: null,
          room_type_id: null,
          air_block_id: null,
          quantity: 1,
          notes: null,
          created_at: made.at,
          updated_at: made.at,
        });
      });
      if (status === "draft") return;
      // Receivables by the item with the largest price; each supplier's payables by its largest cost (as sale-core).
      const top = [...items].sort((x, y) => y.price - x.price)[0]!;
      const bySupplier = new Map<string, Item>();
      for (const i of items) if (!bySupplier.has(i.supplierId) || bySupplier.get(i.supplierId)!.cost < i.cost) bySupplier.set(i.supplierId, i);
      titles(
        made.id,
        [...confirm.receivables, ...confirm.payables],
        (row) => (row.direction === "receivable" ? REVENUE_KEY[top.kind]! : COST_KEY[bySupplier.get(row.partyId)!.kind]!),
        status === "cancelled" ? { at: made.at, reason: "Cliente desistiu da viagem antes do primeiro pagamento." } : null,
      );
    };
    const total = (items: Item[]) => items.reduce((n, i) => n + i.price + i.fees, 0);

    // Four months of emissivo sales; this month's up to today.
    const [y, m] = today.split("-").map(Number) as [number, number];
    for (let back = SALES_MONTHS_BACK; back >= 0; back--) {
      const first = new Date(Date.UTC(y, m - 1 - back, 1)).toISOString().slice(0, 10);
      const lastDay = back === 0 ? Number(today.slice(8, 10)) : 28;
      const count = back === 0 ? Math.max(2, Math.min(6, lastDay)) : between(rng, 6, 9);
      for (let k = 0; k < count; k++) {
        const date = addDays(first, between(rng, 0, lastDay - 1));
        emissivo(date, addDays(date, between(rng, 10, 60)), "confirmed");
      }
    }
    // Trips happening now, for the daily service report: today, tomorrow and one ending today.
    emissivo(addDays(today, -20), today, "confirmed");
    emissivo(addDays(today, -12), addDays(today, 1), "confirmed");
    emissivo(addDays(today, -30), addDays(today, -4), "confirmed");
    // Drafts of this month and a cancelled sale.
    emissivo(today, addDays(today, 45), "draft");
    emissivo(addDays(today, -2), addDays(today, 30), "draft");
    emissivo(addDays(today, -25), addDays(today, 20), "cancelled");

    // Excursion sales: confirmed seats on the open excursions with a seat map, from seat 1 up.
    const open = of(input.rows.excursion, agency.id).filter((x) => x.status === "open" && x.charter_id);
    for (const trip of open) {
      const boardings = of(input.rows.excursion_boarding, agency.id).filter((b) => b.excursion_id === trip.id);
      const prices = of(input.rows.excursion_price, agency.id).filter((p) => p.excursion_id === trip.id && Number(p.price_cents) > 0 && p.age_band === "adult");
      if (boardings.length === 0 || prices.length === 0) continue;
      let seat = 0;
      const capacity = Number(trip.capacity);
      const sales = between(rng, 3, 5);
      for (let k = 0; k < sales && seat + 3 <= capacity; k++) {
        const client = pick(rng, people);
        const passengers = pickPassengers(client, between(rng, 1, 3));
        const tier = pick(rng, prices);
        const price = Number(tier.price_cents) * passengers.length;
        const date = addDays(today, -between(rng, 0, 25));
        const agent = pick(rng, agents);
        const confirm = confirmSaleTitles({
          saleNumber: number + 1,
          clientId: String(client.id),
          currency: "BRL",
          saleDate: date,
          items: passengers.map(() => ({ costCents: 0, priceCents: Number(tier.price_cents), feesCents: 0, currency: "BRL", supplierId: null })),
          discountCents: 0,
          plan: { term: termShape(avista ? String(avista.id) : null) ?? A_VISTA, start: date, downPaymentCents: null },
          supplierTerms: new Map(),
        });
        if (!confirm.ok) throw new Error(`seed-sales: a demo excursion sale is refused (${confirm.reason})`);
        const made = sale({
          kind: "excursion",
          status: "confirmed",
          date,
          client,
          agent,
          excursion: trip,
          passengers,
          money: { cost: 0, price, fees: 0 },
          termId: avista ? String(avista.id) : null,
          method: "pix",
          search: (n) => buildSearchText(String(n), String(client.name), String(trip.title), String(agent.name)),
        });
        const boarding = pick(rng, boardings);
        passengers.forEach((p) => {
          out.excursion_passenger.push({
            id: salesSeedId("excursion_passenger", a, out.excursion_passenger.length + 1),
            agency_id: agency.id,
            excursion_id: String(trip.id),
            sale_id: made.id,
            sold_by: agent.user_id ? String(agent.user_id) : userId,
            status: "confirmed",
            hold_expires_at: null,
            seat: String(++seat),
            client_id: String(p.id),
            name: String(p.name),
            document_type: p.document ? "cpf" : null,
            document_number: p.document ? String(p.document) : null,
            birth_date: p.birth_date ?? null,
            age_band: "adult",
            room_type: String(tier.room_type),
            room_label: null,
            boarding_id: String(boarding.id),
            price_cents: Number(tier.price_cents),
            phone: null,
            notes: null,
            created_at: made.at,
            updated_at: made.at,
            version: 1,
          });
        });
        titles(made.id, [...confirm.receivables, ...confirm.payables], () => "revenue.packages", null);
      }
    }
    out.record_counter.push({ agency_id: agency.id, kind: "sale", last: number });
  });
  return out;
}
