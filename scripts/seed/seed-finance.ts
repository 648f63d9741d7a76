/**
 * Demo finance for each demo agency: the finance defaults (account types, chart
 * of accounts, payment terms — the same as a new agency gets), two bank accounts
 * and a cash desk, and a year of believable money: package, air, hotel and
 * insurance sales to the seeded clients (some in 3 installments, some paid by
 * card with the acquirer's fee), supplier costs for them, rent, software and
 * payroll, monthly bank fees and taxes, transfers to the cash desk — settled when
 * due, a few left overdue and the next months still open. The DRE and the
 * statements show real figures on first start.
 *
 * Deterministic (a PRNG seeded per agency; fixed ids in the seedId shape with
 * table codes 0010–0015) and consistent: each title's paid_cents, status and
 * version follow its settlements, as the app would have written them. Runs under
 * plain node (relative imports with .ts).
 *
 * The months are relative to the day the seed runs (`today`, UTC; a given day
 * always gives the same rows): sales from 12 months before today's month to 2
 * months after it, settled when due before today (financeWindow), a few of the
 * last weeks' left overdue, the coming ones open.
 */
import { mulberry32, seedFromString, type Rng } from "../../app/lib/platform/br-documents.ts";
import { DEFAULT_ACCOUNT_TYPES, DEFAULT_CHART, DEFAULT_PAYMENT_TERMS } from "../../app/lib/finance/defaults.ts";
import { splitCents } from "../../app/lib/finance/money.ts";
import { normalizeSearchText } from "../../app/lib/kit/search-text.ts";
import type { SeedRow } from "./seed-registers.ts";

/** Months of sales before and after today's month. */
export const MONTHS_BACK = 12;
export const MONTHS_AHEAD = 2;

/** The day the seed runs (UTC), "YYYY-MM-DD". */
export const seedToday = (now = new Date()) => now.toISOString().slice(0, 10);

/**
 * The seed's calendar for `today`: accounts open on the first day of the first
 * month; titles due up to `settledUntil` (yesterday) are settled — bar a few due
 * after `overdueFrom`, left overdue —, later ones stay open.
 */
export function financeWindow(today: string) {
  const [y, m] = today.split("-").map(Number) as [number, number];
  const month = (offset: number) => {
    const index = y * 12 + (m - 1) + offset;
    return { year: Math.floor(index / 12), month0: index - Math.floor(index / 12) * 12 };
  };
  const first = month(-MONTHS_BACK);
  const start = `${first.year}-${String(first.month0 + 1).padStart(2, "0")}-01`;
  return { today, start, month, settledUntil: addDays(today, -1), overdueFrom: addDays(today, -75) };
}

export const FINANCE_TABLES = {
  account_type: 0x10,
  chart_account: 0x11,
  payment_term: 0x12,
  bank_account: 0x13,
  finance_title: 0x14,
  finance_entry: 0x15,
} as const;
export type FinanceTable = keyof typeof FINANCE_TABLES;

export function financeSeedId(table: FinanceTable, agencyIndex: number, n: number): string {
  const hex = (v: number, width: number) => v.toString(16).padStart(width, "0");
  return `0190a000-${hex(FINANCE_TABLES[table], 4)}-7${hex(agencyIndex + 1, 3)}-8000-${hex(n, 12)}`;
}

export type FinanceSeedInput = {
  now: Date;
  /** The seed's day ("YYYY-MM-DD"); default: the day it runs (seedToday()). */
  today?: string;
  /** Per agency id: the seeded clients, suppliers (with their category) and the admin who "typed" it all. */
  parties: Record<string, { clients: { id: string; name: string }[]; suppliers: { id: string; name: string; category: string }[]; userId: string | null }>;
};

const DAY = 86_400_000;
const dayNo = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY;
const isoOf = (n: number) => new Date(n * DAY).toISOString().slice(0, 10);
function addDays(iso: string, days: number) {
  return isoOf(dayNo(iso) + days);
}
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
const between = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));

type Sale = { key: string; what: string; cost: string; min: number; max: number; supplierCategory: string };
const SALES: readonly Sale[] = [
  { key: "revenue.packages", what: "Pacote", cost: "cost.packages", min: 3_500_00, max: 18_000_00, supplierCategory: "operator" },
  { key: "revenue.air", what: "Passagens", cost: "cost.air", min: 900_00, max: 7_500_00, supplierCategory: "airline" },
  { key: "revenue.hotel", what: "Hospedagem", cost: "cost.hotel", min: 800_00, max: 6_000_00, supplierCategory: "hotel" },
  { key: "revenue.insurance", what: "Seguro viagem", cost: "cost.insurance", min: 150_00, max: 900_00, supplierCategory: "insurer" },
];
const PLACES = ["Gramado", "Porto de Galinhas", "Foz do Iguaçu", "Lisboa", "Buenos Aires", "Bonito", "Fernando de Noronha", "Orlando", "Santiago", "Jericoacoara", "Paris", "Cancún"];

export function buildFinanceRows(agencies: readonly { id: string }[], input: FinanceSeedInput): Record<FinanceTable, SeedRow[]> {
  const out: Record<FinanceTable, SeedRow[]> = { account_type: [], chart_account: [], payment_term: [], bank_account: [], finance_title: [], finance_entry: [] };
  const iso = input.now.toISOString();
  const calendar = financeWindow(input.today ?? seedToday());
  const SETTLED_UNTIL = calendar.settledUntil;
  agencies.forEach((agency, a) => {
    const rng = mulberry32(seedFromString(`finance:${agency.id}`));
    const parties = input.parties[agency.id];
    if (!parties || parties.clients.length === 0 || parties.suppliers.length === 0) return;
    const bookkeeping = { active: 1, created_by: parties.userId, deleted_at: null, created_at: iso, updated_at: iso, version: 1 };

    // Defaults, as ensureFinanceDefaults would write them.
    const typeIds = new Map<string, string>();
    DEFAULT_ACCOUNT_TYPES.forEach((t, i) => {
      const id = financeSeedId("account_type", a, i + 1);
      typeIds.set(t.kind, id);
      out.account_type.push({ id, agency_id: agency.id, name: t.name, kind: t.kind, ...bookkeeping });
    });
    const chartIds = new Map<string, string>();
    DEFAULT_CHART.forEach((c, i) => chartIds.set(c.code, financeSeedId("chart_account", a, i + 1)));
    const byKey = new Map<string, string>();
    DEFAULT_CHART.forEach((c) => {
      const id = chartIds.get(c.code)!;
      byKey.set(c.systemKey, id);
      out.chart_account.push({ id, agency_id: agency.id, code: c.code, name: c.name, nature: c.nature, parent_id: c.parentCode ? chartIds.get(c.parentCode)! : null, system_key: c.systemKey, ...bookkeeping });
    });
    DEFAULT_PAYMENT_TERMS.forEach((t, i) => {
      out.payment_term.push({
        id: financeSeedId("payment_term", a, i + 1),
        agency_id: agency.id,
        name: t.name,
        down_payment_bp: t.downPaymentBp,
        installments: t.installments,
        first_due_days: t.firstDueDays,
        interval_kind: t.intervalKind,
        interval_days: t.intervalDays,
        day_of_month: t.dayOfMonth,
        ...bookkeeping,
      });
    });
    const term3 = financeSeedId("payment_term", a, DEFAULT_PAYMENT_TERMS.findIndex((t) => t.systemKey === "30_60_90") + 1);

    // Two banks and a cash desk.
    const opening = calendar.start;
    const accounts = [
      { name: "Itaú — conta corrente", type: "checking", bank: "341", branch: "0912", number: `4${a}871-2`, balance: 25_000_00 },
      { name: "Banco do Brasil — conta corrente", type: "checking", bank: "001", branch: "3346-1", number: `10${a}552-7`, balance: 8_000_00 },
      { name: "Caixa da loja", type: "cash", bank: null, branch: null, number: null, balance: 500_00 },
    ].map((x, i) => {
      const id = financeSeedId("bank_account", a, i + 1);
      out.bank_account.push({
        id,
        agency_id: agency.id,
        name: x.name,
        account_type_id: typeIds.get(x.type)!,
        bank_code: x.bank,
        branch: x.branch,
        number: x.number,
        opening_balance_cents: x.balance,
        opening_date: opening,
        currency: "BRL",
        search_text: normalizeSearchText(x.name),
        ...bookkeeping,
      });
      return id;
    });
    const [bank1, bank2, cash] = accounts as [string, string, string];

    let titleNo = 0;
    let entryNo = 0;
    const entry = (row: Partial<SeedRow> & { bank_account_id: string; kind: string; date: string; net_cents: number }) => {
      const id = financeSeedId("finance_entry", a, ++entryNo);
      out.finance_entry.push({
        id,
        agency_id: agency.id,
        bank_account_id: row.bank_account_id,
        kind: row.kind,
        date: row.date,
        title_id: row.title_id ?? null,
        principal_cents: row.principal_cents ?? 0,
        interest_cents: row.interest_cents ?? 0,
        fine_cents: row.fine_cents ?? 0,
        discount_cents: row.discount_cents ?? 0,
        fee_cents: row.fee_cents ?? 0,
        intermediary_id: null,
        net_cents: row.net_cents,
        currency: "BRL",
        category_id: row.category_id ?? null,
        reverses_id: null,
        transfer_id: row.transfer_id ?? null,
        description: row.description ?? null,
        origin: "seed",
        origin_ref: null,
        created_by: parties.userId,
        created_at: iso,
      });
      return id;
    };
    /** A title (one installment) and, when due by SETTLED_UNTIL and not left overdue, its settlement. */
    const title = (t: {
      direction: "receivable" | "payable";
      partyKind: string;
      partyId: string;
      partyName: string;
      description: string;
      document: string | null;
      category: string;
      competence: string;
      due: string;
      amount: number;
      no: number;
      count: number;
      group: string;
      term: string | null;
      leaveOpen: boolean;
      card?: boolean;
    }) => {
      const id = financeSeedId("finance_title", a, ++titleNo);
      let paid = 0;
      let version = 1;
      if (t.due <= SETTLED_UNTIL && !t.leaveOpen) {
        const shifted = addDays(t.due, between(rng, -3, 2));
        const date = shifted > SETTLED_UNTIL ? t.due : shifted < opening ? opening : shifted;
        const receivable = t.direction === "receivable";
        const fee = receivable && t.card ? Math.round(t.amount * 0.029) : 0;
        const account = receivable ? (t.card ? bank2 : t.amount < 400_00 ? cash : bank1) : t.amount < 300_00 ? cash : bank1;
        entry({ bank_account_id: account, kind: "settlement", date, title_id: id, principal_cents: t.amount, fee_cents: fee, net_cents: receivable ? t.amount - fee : -t.amount });
        paid = t.amount;
        version = 2;
      }
      out.finance_title.push({
        id,
        agency_id: agency.id,
        direction: t.direction,
        party_kind: t.partyKind,
        party_id: t.partyId,
        description: t.description,
        document_number: t.document,
        category_id: byKey.get(t.category)!,
        competence_date: t.competence,
        due_date: t.due,
        amount_cents: t.amount,
        currency: "BRL",
        paid_cents: paid,
        status: paid >= t.amount ? "paid" : paid > 0 ? "partial" : "open",
        installment_no: t.no,
        installment_count: t.count,
        group_id: t.group,
        payment_term_id: t.term,
        origin_kind: "manual",
        origin_id: null,
        notes: null,
        cancelled_at: null,
        cancel_reason: null,
        search_text: normalizeSearchText(`${t.description} ${t.document ?? ""} ${t.partyName}`),
        created_by: parties.userId,
        created_at: iso,
        updated_at: iso,
        version,
      });
      return id;
    };

    // Sales: 8–12 a month from MONTHS_BACK months before today's month to MONTHS_AHEAD after it.
    let overdueLeft = 5;
    let doc = 1000 * (a + 1);
    for (let m = -MONTHS_BACK; m <= MONTHS_AHEAD; m++) {
      const { year, month0 } = calendar.month(m);
      const slot = m + MONTHS_BACK + 1;
      const sales = between(rng, 8, 12);
      for (let s = 0; s < sales; s++) {
        const kind = pick(rng, SALES);
        const day = between(rng, 1, 28);
        const competence = `${year}-${String(month0 + 1).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
        const total = Math.round(between(rng, kind.min, kind.max) / 100) * 100;
        const clientIndex = between(rng, 0, parties.clients.length - 1);
        const client = parties.clients[clientIndex]!;
        const description = `${kind.what} ${pick(rng, PLACES)}`;
        const document = `VD-${++doc}`;
        const split = total >= 3_000_00 && rng() < 0.45;
        const card = !split && rng() < 0.35;
        const group = financeSeedId("finance_title", a, 0x800000 + doc);
        const parts = split ? splitCents(total, 3) : [total];
        parts.forEach((amount, i) => {
          const due = split ? addDays(competence, 30 * (i + 1)) : addDays(competence, card ? 30 : between(rng, 0, 10));
          // A few installments due before SETTLED_UNTIL stay unpaid: overdue in the lists.
          const leaveOpen = due <= SETTLED_UNTIL && due > calendar.overdueFrom && overdueLeft > 0 && rng() < 0.12;
          if (leaveOpen) overdueLeft--;
          title({
            direction: "receivable",
            partyKind: "client",
            partyId: client.id,
            partyName: client.name,
            description,
            document,
            category: kind.key,
            competence,
            due,
            amount,
            no: i + 1,
            count: parts.length,
            group,
            term: split ? term3 : null,
            leaveOpen,
            card,
          });
        });
        // What the agency pays the supplier for it: 72–85 % of the sale, 15 days after.
        const suppliers = parties.suppliers.filter((x) => x.category === kind.supplierCategory);
        const supplier = suppliers.length > 0 ? pick(rng, suppliers) : pick(rng, parties.suppliers);
        const cost = Math.round((total * between(rng, 72, 85)) / 100);
        const costGroup = financeSeedId("finance_title", a, 0x900000 + doc);
        title({
          direction: "payable",
          partyKind: "supplier",
          partyId: supplier.id,
          partyName: supplier.name,
          description: `${description} — fornecedor`,
          document: `NF ${between(rng, 10000, 99999)}`,
          category: kind.cost,
          competence,
          due: addDays(competence, 15),
          amount: cost,
          no: 1,
          count: 1,
          group: costGroup,
          term: null,
          leaveOpen: false,
        });
      }
      // Monthly overheads.
      const first = `${year}-${String(month0 + 1).padStart(2, "0")}-01`;
      const overheads: [string, string, number, number][] = [
        ["Aluguel da loja", "expense.rent", 5, 4_800_00],
        ["Sistema de reservas", "expense.software", 10, 690_00],
        ["Internet e telefone", "expense.telecom", 15, 289_90],
        ["Honorários contábeis", "expense.accounting", 20, 1_100_00],
      ];
      for (const [what, key, dueDay, amount] of overheads) {
        const supplier = parties.suppliers[(month0 + dueDay) % parties.suppliers.length]!;
        title({
          direction: "payable",
          partyKind: "supplier",
          partyId: supplier.id,
          partyName: supplier.name,
          description: `${what} ${String(month0 + 1).padStart(2, "0")}/${year}`,
          document: null,
          category: key,
          competence: first,
          due: addDays(first, dueDay - 1),
          amount,
          no: 1,
          count: 1,
          group: financeSeedId("finance_title", a, 0xa00000 + slot * 32 + dueDay),
          term: null,
          leaveOpen: false,
        });
      }
      // Payroll, bank fees and taxes go straight through the banks (manual entries), and the
      // transfers: each only once its day has passed.
      const past = (date: string) => date <= SETTLED_UNTIL;
      const iss = -between(rng, 1_800_00, 2_600_00);
      const pis = -between(rng, 900_00, 1_400_00);
      const manual = (date: string, account: string, net: number, key: string, description: string) => {
        if (past(date)) entry({ bank_account_id: account, kind: "manual", date, net_cents: net, category_id: byKey.get(key)!, description });
      };
      manual(addDays(first, 4), bank1, -(14_500_00 + a * 2_000_00), "expense.payroll", "Folha de pagamento");
      manual(addDays(first, 19), bank1, iss, "deduction.iss", "ISS do mês anterior");
      manual(addDays(first, 24), bank1, pis, "deduction.pis", "PIS/COFINS");
      manual(addDays(first, 2), bank1, -39_90, "expense.bank_fees", "Tarifa de manutenção");
      manual(addDays(first, 2), bank2, -29_50, "expense.bank_fees", "Tarifa de manutenção");
      // Change for the cash desk, and the card receipts swept to the main account.
      const transfer = (date: string, id: string, from: string, to: string, cents: number, description: string) => {
        if (!past(date)) return;
        entry({ bank_account_id: from, kind: "transfer_out", date, net_cents: -cents, transfer_id: id, description });
        entry({ bank_account_id: to, kind: "transfer_in", date, net_cents: cents, transfer_id: id, description });
      };
      transfer(addDays(first, 1), financeSeedId("finance_entry", a, 0x700000 + slot), bank1, cash, 1_000_00, "Troco do caixa");
      if (month0 % 3 === 2) transfer(addDays(first, 27), financeSeedId("finance_entry", a, 0x710000 + slot), bank2, bank1, 15_000_00, "Transferência para a conta principal");
    }
  });
  return out;
}
