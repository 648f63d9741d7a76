/**
 * Demo invoices (issue #20, item 5) for each demo agency, from the seeded sales:
 * the client with the most confirmed emissivo sales gets an invoice of their two
 * latest ones, and another client one of their latest sale. Consistent with
 * the app (decision 0016): the lines are what lib/finance/invoices saleLines
 * gives (each item less its share of the discount: Σ lines = the sale's total),
 * the seeded sales already have their receivables (origin 'sale'), so the
 * invoices link them (invoice_title 'linked') and create none. Numbered 1, 2
 * with record_counter 'invoice' at 2. Fixed ids (table codes 0x1a0–0x1a3):
 * idempotent with ON CONFLICT DO NOTHING. Plain node (relative imports with .ts).
 */
import { buildSearchText } from "../../app/lib/kit/search-text.ts";
import { invoiceTotal, saleLines } from "../../app/lib/finance/invoices/invoice.ts";
import type { SeedAgency, SeedRow } from "./seed-registers.ts";

export const INVOICE_TABLES = { invoice: 0x1a0, invoice_line: 0x1a1, invoice_title: 0x1a2, record_counter: 0x1a3 } as const;
export type InvoiceTable = keyof typeof INVOICE_TABLES;

export function invoiceSeedId(table: InvoiceTable, agencyIndex: number, n: number): string {
  const hex = (v: number, width: number) => v.toString(16).padStart(width, "0");
  return `0190a000-${hex(INVOICE_TABLES[table], 4)}-7${hex(agencyIndex + 1, 3)}-8000-${hex(n, 12)}`;
}

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export type InvoiceSeedInput = {
  now: Date;
  today: string;
  rows: { sale: readonly SeedRow[]; sale_item: readonly SeedRow[]; finance_title: readonly SeedRow[]; client: readonly SeedRow[] };
  userIds: Record<string, string | null>;
};

export function buildInvoiceRows(agencies: readonly SeedAgency[], input: InvoiceSeedInput): Record<InvoiceTable, SeedRow[]> {
  const out: Record<InvoiceTable, SeedRow[]> = { invoice: [], invoice_line: [], invoice_title: [], record_counter: [] };
  const iso = input.now.toISOString();
  agencies.forEach((agency, a) => {
    const sales = input.rows.sale
      .filter((s) => s.agency_id === agency.id && s.kind === "emissivo" && s.status === "confirmed" && String(s.sale_date) <= input.today)
      .sort((x, y) => String(y.sale_date).localeCompare(String(x.sale_date)) || Number(y.number) - Number(x.number));
    const byClient = new Map<string, SeedRow[]>();
    for (const s of sales) byClient.set(String(s.client_id), [...(byClient.get(String(s.client_id)) ?? []), s]);
    const ranked = [...byClient.entries()].sort((x, y) => y[1].length - x[1].length || x[0].localeCompare(y[0]));
    const picks = [ranked[0]?.[1].slice(0, 2), ranked[1]?.[1].slice(0, 1)].filter((p): p is SeedRow[] => !!p && p.length > 0);
    let lineNo = 0;
    let linkNo = 0;
    picks.forEach((group, i) => {
      const number = i + 1;
      const id = invoiceSeedId("invoice", a, number);
      const client = input.rows.client.find((c) => c.id === group[0]!.client_id)!;
      const lines = group.flatMap((s) =>
        saleLines(
          { id: String(s.id), number: Number(s.number), kind: "emissivo", discountCents: Number(s.discount_cents), totalCents: Number(s.total_cents), label: String(client.name) },
          input.rows.sale_item
            .filter((it) => it.sale_id === s.id)
            .sort((x, y) => Number(x.position) - Number(y.position))
            .map((it) => ({ id: String(it.id), description: String(it.description), priceCents: Number(it.price_cents), feesCents: Number(it.fees_cents) })),
        ),
      );
      const issueDate = String(group[0]!.sale_date);
      out.invoice.push({
        id,
        agency_id: agency.id,
        number,
        party_kind: "client",
        party_id: client.id,
        party_name: client.name,
        party_document: client.document ?? null,
        language: "pt",
        currency: "BRL",
        issue_date: issueDate,
        due_date: addDays(issueDate, 10),
        period_from: group.map((s) => String(s.sale_date)).sort()[0],
        period_to: issueDate,
        total_cents: invoiceTotal(lines),
        notes: null,
        status: "issued",
        cancelled_at: null,
        cancel_reason: null,
        sent_at: null,
        sent_to: null,
        search_text: `${buildSearchText(String(client.name), (client.document as string | null) ?? null)} ${number}`,
        created_by: input.userIds[agency.id] ?? null,
        created_at: iso,
        updated_at: iso,
        version: 1,
      });
      lines.forEach((l, position) => {
        out.invoice_line.push({
          id: invoiceSeedId("invoice_line", a, ++lineNo),
          agency_id: agency.id,
          invoice_id: id,
          sale_id: l.saleId,
          sale_item_id: l.saleItemId,
          billing_key: l.key,
          sale_number: l.saleNumber,
          description: l.description,
          amount_cents: l.amountCents,
          position,
          live: 1,
          created_at: iso,
        });
      });
      const saleIds = new Set(group.map((s) => s.id));
      for (const t of input.rows.finance_title) {
        if (t.agency_id !== agency.id || t.origin_kind !== "sale" || t.direction !== "receivable" || t.status === "cancelled" || !saleIds.has(t.origin_id)) continue;
        out.invoice_title.push({ id: invoiceSeedId("invoice_title", a, ++linkNo), agency_id: agency.id, invoice_id: id, title_id: t.id, link: "linked", live: 1, created_at: iso });
      }
    });
    if (picks.length) out.record_counter.push({ agency_id: agency.id, kind: "invoice", last: picks.length });
  });
  return out;
}
