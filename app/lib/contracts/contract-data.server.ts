/**
 * The merge values of a sale (issue #17): every field of the catalogue
 * (merge-fields.ts) as text in the contract's language, dates in the agency's
 * time zone, money in the sale's currency. Read with the user's scope, so a sale
 * the user may not see (another agency's, or another seller's for an Agente)
 * gives null. The preview of a template and the generation of a contract both
 * read through here.
 */
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import { agency, agent, boardingPoint, client, destination, excursion, excursionBoarding, excursionPassenger, financeTitle, paymentTerm, productKind, salePassenger, saleItem } from "~/db/schema";
import type { ContractLanguage } from "~/db/schema/contracts";
import type { MergeValues } from "~/lib/contracts/document";
import { formatCpf, formatDocument, formatPhone } from "~/lib/platform/br-documents";
import { formatCalendarDate, formatDateTime, formatMoney } from "~/lib/platform/format";
import type { Scope } from "~/lib/platform/scope.server";
import { textIn } from "~/lib/platform/text-in";
import { todayIn } from "~/lib/platform/time-zone";
import { findSale, type SaleRow } from "~/lib/sales/sale-core.server";

const joinLines = (lines: (string | null | undefined | false)[], separator = " — ") => lines.filter(Boolean).join(separator);

/** The merge values of the sale `saleId`, or null when the user may not see it. */
export async function mergeValuesForSale(scope: Scope, saleId: string, language: ContractLanguage, extra: { contractNumber?: number } = {}): Promise<MergeValues | null> {
  const row = await findSale(scope, saleId);
  if (!row) return null;
  return mergeValuesOf(scope, row, language, extra);
}

export async function mergeValuesOf(scope: Scope, row: SaleRow, language: ContractLanguage, extra: { contractNumber?: number } = {}): Promise<MergeValues> {
  const { db, agencyId, timeZone } = scope;
  const money = (cents: number) => formatMoney(cents, row.currency, language);
  const day = (iso: string | null | undefined) => (iso ? formatCalendarDate(iso.slice(0, 10), language) : "");
  const t = (key: string, values?: Record<string, string | number>) => textIn(language, key, values);

  const [agencyRows, clientRows, agentRows, termRows, receivables, passengers, items, places] = await Promise.all([
    db.select().from(agency).where(eq(agency.id, agencyId)).limit(1),
    db.select().from(client).where(and(eq(client.agencyId, agencyId), eq(client.id, row.clientId))).limit(1),
    db.select({ name: agent.name }).from(agent).where(and(eq(agent.agencyId, agencyId), eq(agent.id, row.agentId))).limit(1),
    row.paymentTermId
      ? db.select({ name: paymentTerm.name }).from(paymentTerm).where(and(eq(paymentTerm.agencyId, agencyId), eq(paymentTerm.id, row.paymentTermId))).limit(1)
      : Promise.resolve([]),
    db
      .select({ dueDate: financeTitle.dueDate, amountCents: financeTitle.amountCents, installmentNo: financeTitle.installmentNo, installmentCount: financeTitle.installmentCount })
      .from(financeTitle)
      .where(
        and(
          eq(financeTitle.agencyId, agencyId),
          eq(financeTitle.originKind, "sale"),
          eq(financeTitle.originId, row.id),
          eq(financeTitle.direction, "receivable"),
          ne(financeTitle.status, "cancelled"),
        ),
      )
      .orderBy(asc(financeTitle.dueDate), asc(financeTitle.installmentNo))
      .limit(200),
    row.kind === "emissivo"
      ? db
          .select({ id: salePassenger.id, ageBand: salePassenger.ageBand, name: client.name, document: client.document, passport: client.passportNumber })
          .from(salePassenger)
          .innerJoin(client, and(eq(client.agencyId, agencyId), eq(client.id, salePassenger.clientId)))
          .where(and(eq(salePassenger.agencyId, agencyId), eq(salePassenger.saleId, row.id)))
          .orderBy(asc(salePassenger.position))
          .limit(500)
      : Promise.resolve([]),
    row.kind === "emissivo"
      ? db
          .select({
            description: saleItem.description,
            kind: productKind.kind,
            startDate: saleItem.startDate,
            endDate: saleItem.endDate,
            locator: saleItem.locator,
            priceCents: saleItem.priceCents,
            feesCents: saleItem.feesCents,
          })
          .from(saleItem)
          .innerJoin(productKind, and(eq(productKind.agencyId, agencyId), eq(productKind.id, saleItem.productKindId)))
          .where(and(eq(saleItem.agencyId, agencyId), eq(saleItem.saleId, row.id)))
          .orderBy(asc(saleItem.position))
          .limit(500)
      : Promise.resolve([]),
    row.kind === "excursion"
      ? db
          .select({
            name: excursionPassenger.name,
            documentNumber: excursionPassenger.documentNumber,
            ageBand: excursionPassenger.ageBand,
            seat: excursionPassenger.seat,
            boardingId: excursionPassenger.boardingId,
            priceCents: excursionPassenger.priceCents,
          })
          .from(excursionPassenger)
          .where(and(eq(excursionPassenger.agencyId, agencyId), eq(excursionPassenger.saleId, row.id), ne(excursionPassenger.status, "cancelled")))
          .orderBy(asc(excursionPassenger.seat), asc(excursionPassenger.name))
          .limit(500)
      : Promise.resolve([]),
  ]);

  const ag = agencyRows[0];
  const cl = clientRows[0];
  const ageBand = (band: string) => t(`sales.emissivo.ageBands.${band}`);

  const values: MergeValues = {
    "agency.name": ag?.name ?? "",
    "agency.legalName": ag?.legalName ?? ag?.name ?? "",
    "agency.cnpj": ag?.cnpj ? formatDocument(ag.cnpj) : "",
    "agency.cadastur": ag?.cadastur ?? "",
    "agency.address": ag ? joinLines([ag.addressLine, joinLines([ag.city, ag.state], "/"), ag.postalCode], ", ") : "",
    "agency.phone": ag?.phone ? formatPhone(ag.phone) : "",
    "agency.email": ag?.email ?? "",
    "agency.website": ag?.website ?? "",
    "client.name": cl?.name ?? "",
    "client.document": cl?.document ? formatDocument(cl.document) : "",
    "client.birthDate": day(cl?.birthDate),
    "client.email": cl?.emails?.[0] ?? "",
    "client.phone": cl?.phones?.[0]?.number ? formatPhone(cl.phones[0].number) : "",
    "client.address": cl
      ? joinLines([joinLines([cl.street, cl.number, cl.complement], ", "), cl.district, joinLines([cl.city, cl.state], "/"), cl.postalCode], ", ")
      : "",
    "sale.number": String(row.number),
    "sale.date": day(row.saleDate),
    "sale.kind": t(`sales.kind.${row.kind}`),
    "sale.seller": agentRows[0]?.name ?? "",
    "sale.notes": row.notes ?? "",
    "payment.method": t(`sales.method.${row.paymentMethod}`),
    "payment.term": termRows[0]?.name ?? t("sales.common.aVista"),
    "payment.downPayment": row.downPaymentCents != null ? money(row.downPaymentCents) : "",
    "payment.plan": receivables.map((r) => joinLines([`${r.installmentNo}/${r.installmentCount}`, day(r.dueDate), money(r.amountCents)])).join("\n"),
    "totals.price": money(row.priceCents),
    "totals.discount": money(row.discountCents),
    "totals.fees": money(row.feesCents),
    "totals.total": money(row.totalCents),
    "contract.number": extra.contractNumber != null ? String(extra.contractNumber) : "",
    "contract.today": formatCalendarDate(todayIn(timeZone), language, "long"),
    "contract.city": ag?.city ?? "",
  };

  if (row.kind === "emissivo") {
    values["passengers.count"] = String(passengers.length);
    values["passengers.list"] = passengers
      .map((p, i) => joinLines([`${i + 1}. ${p.name}`, p.document ? `CPF ${formatCpf(p.document)}` : p.passport, ageBand(p.ageBand)]))
      .join("\n");
    values["items.list"] = items
      .map((item, i) =>
        joinLines([
          `${i + 1}. ${item.description} (${t(`products.kinds.${item.kind}`)})`,
          item.startDate ? (item.endDate && item.endDate !== item.startDate ? `${day(item.startDate)} – ${day(item.endDate)}` : day(item.startDate)) : null,
          item.locator ? `${t("contracts.values.locator")} ${item.locator}` : null,
          money(item.priceCents + item.feesCents),
        ]),
      )
      .join("\n");
  } else if (row.excursionId) {
    const [trip] = await db
      .select({ title: excursion.title, departureAt: excursion.departureAt, returnAt: excursion.returnAt, destination: destination.name })
      .from(excursion)
      .leftJoin(destination, and(eq(destination.agencyId, agencyId), eq(destination.id, excursion.destinationId)))
      .where(and(eq(excursion.agencyId, agencyId), eq(excursion.id, row.excursionId)))
      .limit(1);
    const boardingIds = [...new Set(places.map((p) => p.boardingId).filter((id): id is string => !!id))];
    const boardings = boardingIds.length
      ? await db
          .select({ id: excursionBoarding.id, departureAt: excursionBoarding.departureAt, name: boardingPoint.name, address: boardingPoint.address, city: boardingPoint.city, reference: boardingPoint.reference })
          .from(excursionBoarding)
          .innerJoin(boardingPoint, and(eq(boardingPoint.agencyId, agencyId), eq(boardingPoint.id, excursionBoarding.boardingPointId)))
          .where(and(eq(excursionBoarding.agencyId, agencyId), inArray(excursionBoarding.id, boardingIds)))
          .orderBy(asc(excursionBoarding.departureAt))
      : [];
    const boardingName = new Map(boardings.map((b) => [b.id, b.name]));
    values["excursion.title"] = trip?.title ?? "";
    values["excursion.destination"] = trip?.destination ?? "";
    values["excursion.departure"] = trip ? formatDateTime(trip.departureAt, language, timeZone, "medium") : "";
    values["excursion.return"] = trip ? formatDateTime(trip.returnAt, language, timeZone, "medium") : "";
    values["excursion.seats"] = places
      .filter((p) => p.seat)
      .map((p) => `${p.name}: ${t("contracts.values.seat")} ${p.seat}`)
      .join("\n");
    values["boarding.points"] = boardings.map((b) => joinLines([b.name, joinLines([b.address, b.city], ", "), formatDateTime(b.departureAt, language, timeZone, "medium"), b.reference])).join("\n");
    values["passengers.count"] = String(places.length);
    values["passengers.list"] = places
      .map((p, i) =>
        joinLines([
          `${i + 1}. ${p.name}`,
          p.documentNumber,
          ageBand(p.ageBand),
          p.seat ? `${t("contracts.values.seat")} ${p.seat}` : null,
          p.boardingId ? boardingName.get(p.boardingId) : null,
        ]),
      )
      .join("\n");
    values["items.list"] = trip
      ? joinLines([`1. ${trip.title}`, `${day(todayIn(timeZone, Date.parse(trip.departureAt)))} – ${day(todayIn(timeZone, Date.parse(trip.returnAt)))}`, t("contracts.values.passengers", { count: places.length }), money(row.priceCents)])
      : "";
  }
  return values;
}
