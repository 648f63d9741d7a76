/**
 * The signed-in client's own register (issue #21 item 5): their contact fields to edit,
 * the consent to change (LGPD), and everything the agency holds of them as JSON (LGPD:
 * access). Every read and write is the PortalScope's client in its agency.
 */
import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import { client, contract, financeTitle, invoice, sale } from "~/db/schema";
import { registerSearchText } from "~/lib/kit/search-text";
import { auditInsert, changedFields } from "~/lib/platform/audit.server";
import type { PortalScope } from "~/lib/platform/scope.server";
import type { PortalDetailsInput } from "~/lib/portal/details.schema";

async function myRow(p: PortalScope) {
  const [row] = await p.db
    .select()
    .from(client)
    .where(and(eq(client.agencyId, p.agencyId), eq(client.id, p.clientId), isNull(client.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** The form's values. */
export async function myDetails(p: PortalScope) {
  const row = await myRow(p);
  if (!row) return null;
  return {
    name: row.name,
    emails: row.emails,
    phones: row.phones,
    postalCode: row.postalCode,
    street: row.street,
    number: row.number,
    complement: row.complement,
    district: row.district,
    city: row.city,
    state: row.state,
    country: row.country,
    emergencyContactName: row.emergencyContactName,
    emergencyContactPhone: row.emergencyContactPhone,
    marketingConsent: row.marketingConsent,
    consentAt: row.consentAt,
  };
}

/** Saves the client's contact fields and consent (consent_at set when given, cleared when withdrawn); audited with no user. */
export async function saveMyDetails(p: PortalScope, input: PortalDetailsInput): Promise<boolean> {
  const row = await myRow(p);
  if (!row) return false;
  const now = new Date().toISOString();
  const values = {
    phones: input.phones,
    postalCode: input.postalCode,
    street: input.street,
    number: input.number,
    complement: input.complement,
    district: input.district,
    city: input.city,
    state: input.state,
    country: input.country,
    emergencyContactName: input.emergencyContactName,
    emergencyContactPhone: input.emergencyContactPhone,
    marketingConsent: input.marketingConsent,
    consentAt: input.marketingConsent ? (row.marketingConsent ? row.consentAt : now) : null,
  };
  const changes = changedFields(row as Record<string, unknown>, values);
  if (Object.keys(changes).length === 0) return true;
  await p.db.batch([
    p.db
      .update(client)
      .set({ ...values, searchText: registerSearchText.client({ ...row, phones: input.phones }), updatedAt: now, version: sql`${client.version} + 1` })
      .where(and(eq(client.agencyId, p.agencyId), eq(client.id, p.clientId))),
    auditInsert(p.db, { agencyId: p.agencyId, userId: null, ip: p.ip, entity: "client", entityId: p.clientId, action: "update", changes: { ...changes, via: ["staff", "portal"] } }),
  ]);
  return true;
}

/** LGPD: what the agency holds of the client — the register, their sales, installments, contracts and invoices. */
export async function myDataExport(p: PortalScope) {
  const row = await myRow(p);
  if (!row) return null;
  const { searchText: _s, createdBy: _c, version: _v, deletedAt: _d, agencyId: _a, ...register } = row;
  const { db, agencyId, clientId } = p;
  const [sales, titles, contracts, invoices] = await Promise.all([
    db
      .select({ id: sale.id, number: sale.number, kind: sale.kind, status: sale.status, saleDate: sale.saleDate, currency: sale.currency, totalCents: sale.totalCents })
      .from(sale)
      .where(
        and(
          eq(sale.agencyId, agencyId),
          isNull(sale.deletedAt),
          or(
            eq(sale.clientId, clientId),
            sql`exists (select 1 from "sale_passenger" where "sale_passenger"."agency_id" = ${agencyId} and "sale_passenger"."sale_id" = ${sale.id} and "sale_passenger"."client_id" = ${clientId})`,
            sql`exists (select 1 from "excursion_passenger" where "excursion_passenger"."agency_id" = ${agencyId} and "excursion_passenger"."sale_id" = ${sale.id} and "excursion_passenger"."client_id" = ${clientId})`,
          ),
        ),
      )
      .orderBy(desc(sale.saleDate))
      .limit(1000),
    db
      .select({ id: financeTitle.id, description: financeTitle.description, dueDate: financeTitle.dueDate, amountCents: financeTitle.amountCents, paidCents: financeTitle.paidCents, currency: financeTitle.currency, status: financeTitle.status })
      .from(financeTitle)
      .where(and(eq(financeTitle.agencyId, agencyId), eq(financeTitle.direction, "receivable"), eq(financeTitle.partyKind, "client"), eq(financeTitle.partyId, clientId)))
      .orderBy(desc(financeTitle.dueDate))
      .limit(2000),
    db
      .select({ id: contract.id, number: contract.number, title: contract.title, status: contract.status, signedAt: contract.signedAt, signerName: contract.signerName, signerIp: contract.signerIp })
      .from(contract)
      .innerJoin(sale, and(eq(sale.agencyId, agencyId), eq(sale.id, contract.saleId)))
      .where(and(eq(contract.agencyId, agencyId), eq(sale.clientId, clientId)))
      .limit(1000),
    db
      .select({ id: invoice.id, number: invoice.number, issueDate: invoice.issueDate, dueDate: invoice.dueDate, totalCents: invoice.totalCents, currency: invoice.currency, status: invoice.status })
      .from(invoice)
      .where(and(eq(invoice.agencyId, agencyId), eq(invoice.partyKind, "client"), eq(invoice.partyId, clientId)))
      .limit(1000),
  ]);
  return { exportedAt: new Date().toISOString(), agency: p.agencyName, client: register, sales, installments: titles, contracts, invoices };
}
