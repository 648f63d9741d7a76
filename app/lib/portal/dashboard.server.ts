/**
 * What a signed-in client sees of their agency (issue #21 item 5): their trips, their
 * installments with the Asaas charge to pay them, their documents. Every query filters on
 * the PortalScope's agency (the tenant guard checks) and on the client: a sale is theirs
 * when they are its client or one of its passengers; a title, an invoice, when they are its
 * party; a contract, when its sale is theirs as the client. Anything else is not found.
 */
import { and, asc, desc, eq, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import {
  agency,
  boardingPoint,
  client,
  contract,
  excursion,
  excursionBoarding,
  excursionPassenger,
  financeTitle,
  invoice,
  paymentCharge,
  sale,
  saleItem,
  salePassenger,
} from "~/db/schema";
import { titleCharges, type ChargeView } from "~/lib/payments/charges.server";
import { agencyActing, type PortalScope, type Scope } from "~/lib/platform/scope.server";
import type { VoucherEntry } from "~/lib/vouchers/voucher";
import { voucherEntriesOf, voucherFile } from "~/lib/vouchers/voucher.server";

/** Trips and paid installments come in keyset pages of this size. */
export const PORTAL_PAGE = 10;

const isId = (v: unknown): v is string => typeof v === "string" && v.length > 0 && v.length <= 64;

/**
 * The agency's own modules (charges, the invoice PDF) take a staff Scope. The portal acts
 * through them on the client's behalf only after checking the record is the client's; the
 * audit records no user and the client's address.
 */
export function actingScope(p: PortalScope): Scope {
  return agencyActing({ db: p.db, ip: p.ip, agencyId: p.agencyId, timeZone: p.timeZone, currency: p.currency });
}

/** The signed-in client's name and the agency's (the header). */
export async function portalHeader(p: PortalScope) {
  const [row] = await p.db
    .select({ name: client.name, tradeName: client.tradeName, logoKey: agency.logoKey })
    .from(client)
    .innerJoin(agency, eq(agency.id, client.agencyId))
    .where(and(eq(client.agencyId, p.agencyId), eq(client.id, p.clientId)))
    .limit(1);
  return { clientName: row?.tradeName || row?.name || p.email, agencyName: p.agencyName, hasLogo: !!row?.logoKey };
}

/** A sale is the client's: they are its client or one of its passengers (emissivo or excursion). */
function mySale(p: PortalScope) {
  return and(
    eq(sale.agencyId, p.agencyId),
    isNull(sale.deletedAt),
    or(
      eq(sale.clientId, p.clientId),
      sql`exists (select 1 from "sale_passenger" where "sale_passenger"."agency_id" = ${p.agencyId} and "sale_passenger"."sale_id" = ${sale.id} and "sale_passenger"."client_id" = ${p.clientId})`,
      sql`exists (select 1 from "excursion_passenger" where "excursion_passenger"."agency_id" = ${p.agencyId} and "excursion_passenger"."sale_id" = ${sale.id} and "excursion_passenger"."client_id" = ${p.clientId} and "excursion_passenger"."status" <> 'cancelled')`,
    ),
  )!;
}

export type Cursor = { at: string; id: string } | null;

export function parseCursor(value: string | null): Cursor {
  if (!value || value.length > 120) return null;
  const [at, id] = value.split("|");
  return at && id && /^[\dT:.Z-]+$/.test(at) && isId(id) ? { at, id } : null;
}

const cursorOf = (at: string, id: string) => `${at}|${id}`;

export type TripPassenger = { name: string; seat: string | null; boarding: string | null; boardingAt: string | null };
export type TripItem = { description: string; startDate: string | null; endDate: string | null; startTime: string | null; endTime: string | null; locator: string | null };
export type Trip = {
  id: string;
  number: number;
  kind: "emissivo" | "excursion";
  status: string;
  saleDate: string;
  currency: string;
  /** The buyer's only (null for a passenger: they see the trip, not what someone else paid). */
  totalCents: number | null;
  /** The client is the sale's buyer (not only a passenger). */
  mine: boolean;
  excursion: { title: string; departureAt: string; returnAt: string; includes: string[] } | null;
  passengers: TripPassenger[];
  items: TripItem[];
};

/** The client's confirmed trips and their reservations awaiting the agency, newest sale day first, a keyset page at a time. */
export async function portalTrips(p: PortalScope, after: Cursor): Promise<{ rows: Trip[]; next: string | null }> {
  const { db, agencyId } = p;
  const sales = await db
    .select({
      id: sale.id,
      number: sale.number,
      kind: sale.kind,
      status: sale.status,
      saleDate: sale.saleDate,
      currency: sale.currency,
      totalCents: sale.totalCents,
      clientId: sale.clientId,
      excursionTitle: excursion.title,
      departureAt: excursion.departureAt,
      returnAt: excursion.returnAt,
      includes: excursion.includes,
    })
    .from(sale)
    .leftJoin(excursion, and(eq(excursion.agencyId, agencyId), eq(excursion.id, sale.excursionId)))
    .where(
      and(
        mySale(p),
        // Confirmed trips, and the client's own reservations made through the portal (drafts made by no staff user) waiting for the agency.
        or(eq(sale.status, "confirmed"), and(eq(sale.status, "draft"), eq(sale.clientId, p.clientId), isNull(sale.createdBy))),
        after ? or(lt(sale.saleDate, after.at), and(eq(sale.saleDate, after.at), lt(sale.id, after.id))) : undefined,
      ),
    )
    .orderBy(desc(sale.saleDate), desc(sale.id))
    .limit(PORTAL_PAGE + 1);
  const page = sales.slice(0, PORTAL_PAGE);
  const ids = page.map((s) => s.id);
  if (ids.length === 0) return { rows: [], next: null };
  const [excursionPax, emissivoPax, items] = await Promise.all([
    db
      .select({ saleId: excursionPassenger.saleId, name: excursionPassenger.name, seat: excursionPassenger.seat, boarding: boardingPoint.name, boardingAt: excursionBoarding.departureAt })
      .from(excursionPassenger)
      .leftJoin(excursionBoarding, and(eq(excursionBoarding.agencyId, agencyId), eq(excursionBoarding.id, excursionPassenger.boardingId)))
      .leftJoin(boardingPoint, and(eq(boardingPoint.agencyId, agencyId), eq(boardingPoint.id, excursionBoarding.boardingPointId)))
      .where(and(eq(excursionPassenger.agencyId, agencyId), inArray(excursionPassenger.saleId, ids), ne(excursionPassenger.status, "cancelled")))
      .orderBy(asc(excursionPassenger.seat), asc(excursionPassenger.name)),
    db
      .select({ saleId: salePassenger.saleId, name: client.name })
      .from(salePassenger)
      .innerJoin(client, and(eq(client.agencyId, agencyId), eq(client.id, salePassenger.clientId)))
      .where(and(eq(salePassenger.agencyId, agencyId), inArray(salePassenger.saleId, ids)))
      .orderBy(asc(salePassenger.position)),
    db
      .select({
        saleId: saleItem.saleId,
        description: saleItem.description,
        startDate: saleItem.startDate,
        endDate: saleItem.endDate,
        startTime: saleItem.startTime,
        endTime: saleItem.endTime,
        locator: saleItem.locator,
      })
      .from(saleItem)
      .where(and(eq(saleItem.agencyId, agencyId), inArray(saleItem.saleId, ids)))
      .orderBy(asc(saleItem.position)),
  ]);
  const rows: Trip[] = page.map((s) => ({
    id: s.id,
    number: s.number,
    kind: s.kind,
    status: s.status,
    saleDate: s.saleDate,
    currency: s.currency,
    totalCents: s.clientId === p.clientId ? s.totalCents : null,
    mine: s.clientId === p.clientId,
    excursion: s.excursionTitle ? { title: s.excursionTitle, departureAt: s.departureAt!, returnAt: s.returnAt!, includes: s.includes ?? [] } : null,
    passengers:
      s.kind === "excursion"
        ? excursionPax.filter((x) => x.saleId === s.id).map((x) => ({ name: x.name, seat: x.seat, boarding: x.boarding, boardingAt: x.boardingAt }))
        : emissivoPax.filter((x) => x.saleId === s.id).map((x) => ({ name: x.name, seat: null, boarding: null, boardingAt: null })),
    items: items.filter((i) => i.saleId === s.id).map(({ saleId: _s, ...i }) => i),
  }));
  const last = page[page.length - 1]!;
  return { rows, next: sales.length > PORTAL_PAGE ? cursorOf(last.saleDate, last.id) : null };
}

export type PortalCharge = Pick<ChargeView, "id" | "billingType" | "status" | "valueCents" | "dueDate" | "invoiceUrl" | "bankSlipUrl" | "identificationField" | "pixPayload" | "pixQrImage">;
export type Installment = {
  id: string;
  description: string;
  installmentNo: number;
  installmentCount: number;
  dueDate: string;
  amountCents: number;
  paidCents: number;
  currency: string;
  status: string;
  charge: PortalCharge | null;
};

const TITLE_COLUMNS = {
  id: financeTitle.id,
  description: financeTitle.description,
  installmentNo: financeTitle.installmentNo,
  installmentCount: financeTitle.installmentCount,
  dueDate: financeTitle.dueDate,
  amountCents: financeTitle.amountCents,
  paidCents: financeTitle.paidCents,
  currency: financeTitle.currency,
  status: financeTitle.status,
};

const myTitle = (p: PortalScope) =>
  and(eq(financeTitle.agencyId, p.agencyId), eq(financeTitle.direction, "receivable"), eq(financeTitle.partyKind, "client"), eq(financeTitle.partyId, p.clientId));

const chargeOf = (c: ChargeView): PortalCharge => ({
  id: c.id,
  billingType: c.billingType,
  status: c.status,
  valueCents: c.valueCents,
  dueDate: c.dueDate,
  invoiceUrl: c.invoiceUrl,
  bankSlipUrl: c.bankSlipUrl,
  identificationField: c.identificationField,
  pixPayload: c.pixPayload,
  pixQrImage: c.pixQrImage,
});

/** The client's open installments (open or partly paid), soonest due first, each with its live charge. At most 60. */
export async function openInstallments(p: PortalScope): Promise<Installment[]> {
  const rows = await p.db
    .select(TITLE_COLUMNS)
    .from(financeTitle)
    .where(and(myTitle(p), inArray(financeTitle.status, ["open", "partial"])))
    .orderBy(asc(financeTitle.dueDate), asc(financeTitle.id))
    .limit(60);
  if (rows.length === 0) return [];
  const charges = await p.db
    .select({ titleId: paymentCharge.titleId, id: paymentCharge.id })
    .from(paymentCharge)
    .where(and(eq(paymentCharge.agencyId, p.agencyId), inArray(paymentCharge.titleId, rows.map((r) => r.id)), isNull(paymentCharge.deletedAt)));
  const withCharge = new Set(charges.map((c) => c.titleId));
  return Promise.all(
    rows.map(async (r) => {
      if (!withCharge.has(r.id)) return { ...r, charge: null };
      const { live } = await titleCharges(p, r.id);
      return { ...r, charge: live ? chargeOf(live) : null };
    }),
  );
}

/** The client's paid installments, latest due first, a keyset page at a time. */
export async function paidInstallments(p: PortalScope, after: Cursor): Promise<{ rows: Omit<Installment, "charge">[]; next: string | null }> {
  const rows = await p.db
    .select(TITLE_COLUMNS)
    .from(financeTitle)
    .where(
      and(
        myTitle(p),
        eq(financeTitle.status, "paid"),
        after ? or(lt(financeTitle.dueDate, after.at), and(eq(financeTitle.dueDate, after.at), lt(financeTitle.id, after.id))) : undefined,
      ),
    )
    .orderBy(desc(financeTitle.dueDate), desc(financeTitle.id))
    .limit(PORTAL_PAGE + 1);
  const page = rows.slice(0, PORTAL_PAGE);
  const last = page[page.length - 1];
  return { rows: page, next: rows.length > PORTAL_PAGE && last ? cursorOf(last.dueDate, last.id) : null };
}

/** One of the client's open installments (the charge path checks it again), or null. */
export async function myOpenTitle(p: PortalScope, titleId: unknown): Promise<string | null> {
  if (!isId(titleId)) return null;
  const [row] = await p.db
    .select({ id: financeTitle.id })
    .from(financeTitle)
    .where(and(myTitle(p), eq(financeTitle.id, titleId), inArray(financeTitle.status, ["open", "partial"])))
    .limit(1);
  return row?.id ?? null;
}

export type PortalContract = { id: string; number: number; title: string; status: string; signedAt: string | null; hasSigned: boolean; canSign: boolean };
export type PortalInvoice = { id: string; number: number; issueDate: string; dueDate: string; totalCents: number; currency: string };

/** Contracts of the client's own sales (as the buyer: the one who signs), not cancelled; at most 50, newest first. */
async function myContracts(p: PortalScope) {
  return p.db
    .select()
    .from(contract)
    .innerJoin(sale, and(eq(sale.agencyId, p.agencyId), eq(sale.id, contract.saleId)))
    .where(and(eq(contract.agencyId, p.agencyId), eq(sale.clientId, p.clientId), isNull(sale.deletedAt), ne(contract.status, "cancelled"), ne(contract.status, "generated")))
    .orderBy(desc(contract.createdAt), desc(contract.id))
    .limit(50);
}

const signable = (c: typeof contract.$inferSelect, now: number) =>
  (c.status === "sent" || c.status === "viewed") && !!c.tokenExpiresAt && Date.parse(c.tokenExpiresAt) > now && c.failedAttempts < 10;

/** The client's documents: contracts (to sign, signed) and invoices issued to them. */
export async function portalDocuments(p: PortalScope, now = Date.now()): Promise<{ contracts: PortalContract[]; invoices: PortalInvoice[] }> {
  const [contracts, invoices] = await Promise.all([
    myContracts(p),
    p.db
      .select({ id: invoice.id, number: invoice.number, issueDate: invoice.issueDate, dueDate: invoice.dueDate, totalCents: invoice.totalCents, currency: invoice.currency })
      .from(invoice)
      .where(and(eq(invoice.agencyId, p.agencyId), eq(invoice.partyKind, "client"), eq(invoice.partyId, p.clientId), eq(invoice.status, "issued")))
      .orderBy(desc(invoice.issueDate), desc(invoice.id))
      .limit(50),
  ]);
  return {
    contracts: contracts.map(({ contract: c }) => ({
      id: c.id,
      number: c.number,
      title: c.title,
      status: c.status,
      signedAt: c.signedAt,
      hasSigned: !!c.signedPdfKey,
      canSign: signable(c, now),
    })),
    invoices,
  };
}

/** A contract of the client's own sale, or null (another client's, another agency's, unknown, cancelled). */
export async function myContract(p: PortalScope, id: unknown) {
  if (!isId(id)) return null;
  const [row] = await p.db
    .select({ contract })
    .from(contract)
    .innerJoin(sale, and(eq(sale.agencyId, p.agencyId), eq(sale.id, contract.saleId)))
    .where(and(eq(contract.agencyId, p.agencyId), eq(contract.id, id), eq(sale.clientId, p.clientId), isNull(sale.deletedAt), ne(contract.status, "cancelled"), ne(contract.status, "generated")))
    .limit(1);
  return row?.contract ?? null;
}

/** The R2 key of a contract's PDF for the client (the original, or the signed copy), or null. */
export async function myContractFile(p: PortalScope, id: string, which: "original" | "assinado"): Promise<{ key: string; filename: string } | null> {
  const c = await myContract(p, id);
  if (!c) return null;
  if (which === "original") return { key: c.pdfKey, filename: `contrato-${c.number}.pdf` };
  return c.signedPdfKey ? { key: c.signedPdfKey, filename: `contrato-${c.number}-assinado.pdf` } : null;
}

/** An issued invoice of the client's, or null. */
export async function myInvoice(p: PortalScope, id: unknown): Promise<string | null> {
  if (!isId(id)) return null;
  const [row] = await p.db
    .select({ id: invoice.id })
    .from(invoice)
    .where(and(eq(invoice.agencyId, p.agencyId), eq(invoice.id, id), eq(invoice.partyKind, "client"), eq(invoice.partyId, p.clientId), eq(invoice.status, "issued")))
    .limit(1);
  return row?.id ?? null;
}

/** The vouchers of the client's confirmed trips (mySale: as the buyer or a passenger), newest first; the trips of at most 50 sales. */
export async function portalVouchers(p: PortalScope): Promise<VoucherEntry[]> {
  const rows = await p.db
    .select({ id: sale.id })
    .from(sale)
    .where(and(mySale(p), eq(sale.status, "confirmed")))
    .orderBy(desc(sale.saleDate), desc(sale.id))
    .limit(50);
  return voucherEntriesOf(p, rows.map((r) => r.id));
}

/** A voucher of one of the client's confirmed trips as a PDF in `language`, or null (anyone else's, a draft or cancelled sale, no such voucher). */
export async function myVoucherFile(p: PortalScope, bucket: R2Bucket, saleId: unknown, key: unknown, language: string) {
  if (!isId(saleId) || !isId(key)) return null;
  const [row] = await p.db
    .select({ id: sale.id })
    .from(sale)
    .where(and(mySale(p), eq(sale.id, saleId), eq(sale.status, "confirmed")))
    .limit(1);
  if (!row) return null;
  return voucherFile(actingScope(p), bucket, row.id, key, language);
}

export { signable };
