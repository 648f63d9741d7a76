/**
 * A sale's vouchers read under the Scope (decision 0023): the sale through the
 * sales core's findSale (another agency's, a deleted one or, for an Agente,
 * someone else's is not found), its items with their supplier and the services
 * they take (a hotel block's room and meal plan, a package's includes, an air
 * block's flights), its passengers with their documents; an excursion sale's
 * confirmed places with their seats, rooms and boarding points. A handful of
 * indexed reads per sale; the pure rules are in voucher.ts, the PDF in
 * voucher-pdf.server.ts.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  accommodationBlock,
  accommodationRoomType,
  airBlock,
  airBlockSegment,
  boardingPoint,
  client,
  destination,
  excursion,
  excursionBoarding,
  excursionPassenger,
  groundCharter,
  productKind,
  sale,
  saleItem,
  salePassenger,
  supplier,
  thirdPartyPackage,
  thirdPartyPackageDeparture,
} from "~/db/schema";
import type { ProductKind } from "~/db/schema/registers";
import { agencyLetterhead } from "~/lib/kit/letterhead-pdf.server";
import type { Db } from "~/lib/platform/db.server";
import type { Scope } from "~/lib/platform/scope.server";
import type { Language } from "~/locales";
import { languageForCountry } from "~/lib/platform/text-in";
import { findSale, type SaleRow } from "~/lib/sales/sale-core.server";
import { voucherPdf } from "~/lib/vouchers/voucher-pdf.server";
import {
  clientDocument,
  emissivoVouchers,
  entryOf,
  excursionVoucher,
  voucherFilename,
  voucherNumber,
  voucherLanguage,
  type SaleInput,
  type Voucher,
  type VoucherEntry,
} from "~/lib/vouchers/voucher";

type Reader = { db: Db; agencyId: string };

const partnerName = (p: { name: string | null; tradeName: string | null } | null) => (p?.name ? p.tradeName || p.name : null);

async function clientNameOf(r: Reader, clientId: string): Promise<string> {
  const [row] = await r.db
    .select({ name: client.name })
    .from(client)
    .where(and(eq(client.agencyId, r.agencyId), eq(client.id, clientId)))
    .limit(1);
  return row?.name ?? "";
}

async function emissivoOf(r: Reader, s: SaleInput): Promise<Voucher[]> {
  const { db, agencyId } = r;
  const [items, people] = await Promise.all([
    db
      .select({
        id: saleItem.id,
        kind: productKind.kind,
        description: saleItem.description,
        startDate: saleItem.startDate,
        endDate: saleItem.endDate,
        startTime: saleItem.startTime,
        endTime: saleItem.endTime,
        locator: saleItem.locator,
        notes: saleItem.notes,
        passengerIds: saleItem.passengerIds,
        supplierName: supplier.name,
        supplierTrade: supplier.tradeName,
        supplierPhone: supplier.phone,
        room: accommodationRoomType.name,
        mealPlan: accommodationBlock.mealPlan,
        packageIncludes: thirdPartyPackage.includes,
        airBlockId: saleItem.airBlockId,
        airLocator: airBlock.locator,
      })
      .from(saleItem)
      .innerJoin(productKind, and(eq(productKind.agencyId, agencyId), eq(productKind.id, saleItem.productKindId)))
      .leftJoin(supplier, and(eq(supplier.agencyId, agencyId), eq(supplier.id, saleItem.supplierId)))
      .leftJoin(accommodationRoomType, and(eq(accommodationRoomType.agencyId, agencyId), eq(accommodationRoomType.id, saleItem.roomTypeId)))
      .leftJoin(accommodationBlock, and(eq(accommodationBlock.agencyId, agencyId), eq(accommodationBlock.id, accommodationRoomType.blockId)))
      .leftJoin(thirdPartyPackageDeparture, and(eq(thirdPartyPackageDeparture.agencyId, agencyId), eq(thirdPartyPackageDeparture.id, saleItem.packageDepartureId)))
      .leftJoin(thirdPartyPackage, and(eq(thirdPartyPackage.agencyId, agencyId), eq(thirdPartyPackage.id, thirdPartyPackageDeparture.packageId)))
      .leftJoin(airBlock, and(eq(airBlock.agencyId, agencyId), eq(airBlock.id, saleItem.airBlockId)))
      .where(and(eq(saleItem.agencyId, agencyId), eq(saleItem.saleId, s.id)))
      .orderBy(asc(saleItem.position), asc(saleItem.id)),
    db
      .select({ id: salePassenger.id, name: client.name, kind: client.kind, document: client.document, passportNumber: client.passportNumber, rg: client.rg })
      .from(salePassenger)
      .innerJoin(client, and(eq(client.agencyId, agencyId), eq(client.id, salePassenger.clientId)))
      .where(and(eq(salePassenger.agencyId, agencyId), eq(salePassenger.saleId, s.id)))
      .orderBy(asc(salePassenger.position)),
  ]);
  const blockIds = [...new Set(items.map((i) => i.airBlockId).filter((v): v is string => !!v))];
  const segments = blockIds.length
    ? await db
        .select({ blockId: airBlockSegment.blockId, flight: airBlockSegment.flightNumber, from: airBlockSegment.fromIata, to: airBlockSegment.toIata, departureAt: airBlockSegment.departureAt, arrivalAt: airBlockSegment.arrivalAt })
        .from(airBlockSegment)
        .where(and(eq(airBlockSegment.agencyId, agencyId), inArray(airBlockSegment.blockId, blockIds)))
        .orderBy(asc(airBlockSegment.position))
    : [];
  return emissivoVouchers(
    s,
    items.map((i) => ({
      id: i.id,
      kind: i.kind as ProductKind,
      title: i.description,
      provider: i.supplierName ? { name: partnerName({ name: i.supplierName, tradeName: i.supplierTrade })!, phone: i.supplierPhone } : null,
      startDate: i.startDate,
      endDate: i.endDate,
      startTime: i.startTime,
      endTime: i.endTime,
      room: i.room,
      mealPlan: i.room ? i.mealPlan : null,
      locator: i.locator || i.airLocator || null,
      segments: segments.filter((g) => g.blockId === i.airBlockId).map(({ blockId: _b, ...g }) => g),
      includes: i.packageIncludes ?? [],
      notes: i.notes,
      passengerIds: Array.isArray(i.passengerIds) ? i.passengerIds : [],
    })),
    people.map((p) => ({ id: p.id, name: p.name, document: clientDocument(p) })),
  );
}

async function excursionOf(r: Reader, s: SaleInput, excursionId: string): Promise<Voucher[]> {
  const { db, agencyId } = r;
  const [[trip], places] = await Promise.all([
    db
      .select({
        title: excursion.title,
        departureAt: excursion.departureAt,
        returnAt: excursion.returnAt,
        includes: excursion.includes,
        destination: destination.name,
        carrier: supplier.name,
        carrierTrade: supplier.tradeName,
        carrierPhone: supplier.phone,
      })
      .from(excursion)
      .leftJoin(destination, and(eq(destination.agencyId, agencyId), eq(destination.id, excursion.destinationId)))
      .leftJoin(groundCharter, and(eq(groundCharter.agencyId, agencyId), eq(groundCharter.id, excursion.charterId)))
      .leftJoin(supplier, and(eq(supplier.agencyId, agencyId), eq(supplier.id, groundCharter.supplierId)))
      .where(and(eq(excursion.agencyId, agencyId), eq(excursion.id, excursionId)))
      .limit(1),
    db
      .select({
        status: excursionPassenger.status,
        name: excursionPassenger.name,
        documentType: excursionPassenger.documentType,
        documentNumber: excursionPassenger.documentNumber,
        seat: excursionPassenger.seat,
        roomType: excursionPassenger.roomType,
        roomLabel: excursionPassenger.roomLabel,
        place: boardingPoint.name,
        address: boardingPoint.address,
        city: boardingPoint.city,
        at: excursionBoarding.departureAt,
      })
      .from(excursionPassenger)
      .leftJoin(excursionBoarding, and(eq(excursionBoarding.agencyId, agencyId), eq(excursionBoarding.id, excursionPassenger.boardingId)))
      .leftJoin(boardingPoint, and(eq(boardingPoint.agencyId, agencyId), eq(boardingPoint.id, excursionBoarding.boardingPointId)))
      .where(and(eq(excursionPassenger.agencyId, agencyId), eq(excursionPassenger.saleId, s.id), eq(excursionPassenger.excursionId, excursionId)))
      .limit(1000),
  ]);
  if (!trip) return [];
  const voucher = excursionVoucher(
    s,
    {
      title: trip.title,
      destination: trip.destination,
      departureAt: trip.departureAt,
      returnAt: trip.returnAt,
      includes: trip.includes ?? [],
      provider: trip.carrier ? { name: partnerName({ name: trip.carrier, tradeName: trip.carrierTrade })!, phone: trip.carrierPhone } : null,
    },
    places.map((p) => ({
      ...p,
      boarding: p.place ? { place: p.place, address: [p.address, p.city].filter(Boolean).join(", ") || null, at: p.at } : null,
    })),
  );
  return voucher ? [voucher] : [];
}

/** The vouchers of a sale row already found under its scope (none unless confirmed). */
async function vouchersOfRow(r: Reader, row: Pick<SaleRow, "id" | "number" | "kind" | "status" | "clientId" | "excursionId">): Promise<Voucher[]> {
  if (row.status !== "confirmed") return [];
  const s: SaleInput = { id: row.id, number: row.number, kind: row.kind, status: row.status, clientName: await clientNameOf(r, row.clientId) };
  if (row.kind === "excursion") return row.excursionId ? excursionOf(r, s, row.excursionId) : [];
  return emissivoOf(r, s);
}

/** The sale pages' list of vouchers (empty for a draft or cancelled sale, or one the user may not see). */
export async function saleVoucherEntries(scope: Scope, saleId: string, kind: SaleRow["kind"]): Promise<VoucherEntry[]> {
  const row = await findSale(scope, saleId, kind);
  return row ? (await vouchersOfRow(scope, row)).map(entryOf) : [];
}

/**
 * The vouchers of sales the caller has already established the reader may see
 * (the portal's own confirmed trips): at most `limit` sales.
 */
export async function voucherEntriesOf(r: Reader, saleIds: readonly string[]): Promise<VoucherEntry[]> {
  if (saleIds.length === 0) return [];
  const { db, agencyId } = r;
  const ids = [...saleIds];
  // Two reads for the whole list (not a voucher's full data per sale): the confirmed emissivo sales' items in
  // their order, and the confirmed excursion sales that have a confirmed place, with the trip's title.
  const [items, trips] = await Promise.all([
    db
      .select({ key: saleItem.id, saleId: saleItem.saleId, title: saleItem.description, number: sale.number, kind: productKind.kind })
      .from(saleItem)
      .innerJoin(productKind, and(eq(productKind.agencyId, agencyId), eq(productKind.id, saleItem.productKindId)))
      .innerJoin(sale, and(eq(sale.agencyId, agencyId), eq(sale.id, saleItem.saleId)))
      .where(and(eq(saleItem.agencyId, agencyId), inArray(saleItem.saleId, ids), eq(sale.kind, "emissivo"), eq(sale.status, "confirmed")))
      .orderBy(asc(saleItem.saleId), asc(saleItem.position), asc(saleItem.id)),
    db
      .select({ saleId: sale.id, number: sale.number, title: excursion.title })
      .from(sale)
      .innerJoin(excursion, and(eq(excursion.agencyId, agencyId), eq(excursion.id, sale.excursionId)))
      .where(
        and(
          eq(sale.agencyId, agencyId),
          inArray(sale.id, ids),
          eq(sale.kind, "excursion"),
          eq(sale.status, "confirmed"),
          sql`exists (select 1 from "excursion_passenger" where "excursion_passenger"."agency_id" = ${agencyId} and "excursion_passenger"."sale_id" = ${sale.id} and "excursion_passenger"."status" = 'confirmed')`,
        ),
      ),
  ]);
  const bySale = new Map<string, VoucherEntry[]>();
  for (const i of items) {
    const list = bySale.get(i.saleId) ?? [];
    list.push({ saleId: i.saleId, key: i.key, number: voucherNumber(i.number, list.length), title: i.title, kind: i.kind });
    bySale.set(i.saleId, list);
  }
  for (const t of trips) bySale.set(t.saleId, [{ saleId: t.saleId, key: t.saleId, number: voucherNumber(t.number, null), title: t.title, kind: "excursion" }]);
  return ids.flatMap((id) => bySale.get(id) ?? []);
}

/**
 * One voucher's PDF: the sale found under the scope (of `kind` when given), the
 * voucher by its key (an emissivo item's id, an excursion sale's own id), in the
 * language asked for, else the agency's (from its country). Null: not found —
 * another agency's or someone else's sale, a draft or cancelled one, no such item.
 */
export async function voucherFile(
  scope: Scope,
  bucket: R2Bucket,
  saleId: string,
  key: string,
  asked: string | null,
  kind?: SaleRow["kind"],
): Promise<{ bytes: Uint8Array<ArrayBuffer>; filename: string; language: Language; voucher: Voucher; sale: SaleRow; agencyName: string } | null> {
  const row = await findSale(scope, saleId, kind);
  if (!row) return null;
  const voucher = (await vouchersOfRow(scope, row)).find((v) => v.key === key);
  if (!voucher) return null;
  const { agency, logo } = await agencyLetterhead(scope.db, scope.agencyId, bucket);
  const language = voucherLanguage(asked, languageForCountry(agency.country));
  const bytes = await voucherPdf(voucher, { agency, logo, language, timeZone: scope.timeZone });
  return { bytes, filename: voucherFilename(voucher), language, voucher, sale: row, agencyName: agency.name };
}

/** The first e-mail of the sale's client (the buyer), or null. */
export async function saleClientEmail(scope: Scope, clientId: string): Promise<string | null> {
  const [row] = await scope.db
    .select({ emails: client.emails })
    .from(client)
    .where(and(eq(client.agencyId, scope.agencyId), eq(client.id, clientId)))
    .limit(1);
  return row?.emails?.[0] ?? null;
}
