/**
 * The daily service report's reads (pure rules in daily-report.ts): the day's
 * excursion departures and returns with their boarding points and confirmed
 * passengers, the items of confirmed emissivo sales starting (or, hotels and
 * flights, ending) that day, and the live receptive orders starting that day.
 * A handful of indexed reads for the whole day, never one per row; and the
 * files (CSV, A4 PDF).
 */
import { and, asc, eq, gte, inArray, isNull, lt, ne, notInArray, or } from "drizzle-orm";
import {
  boardingPoint,
  client,
  driver,
  excursion,
  excursionBoarding,
  excursionPassenger,
  fleetVehicle,
  guide,
  productKind,
  receptiveOrder,
  receptiveService,
  sale,
  saleItem,
  salePassenger,
  supplier,
} from "~/db/schema";
import { csvResponse } from "~/lib/kit/csv.server";
import { pdfResponse, tablePdf } from "~/lib/kit/table-pdf.server";
import type { Scope } from "~/lib/platform/scope.server";
import { zonedDayRange } from "~/lib/platform/time-zone";
import {
  buildDailyReport,
  entryLines,
  REPORT_CSV_COLUMNS,
  reportCsvRows,
  type DailyReport,
  type DepartureInput,
  type ItemInput,
  type OrderInput,
  type ReportLabels,
  wrapWords,
} from "~/lib/sales/daily-report";
import { saleScopeWhere } from "~/lib/sales/sale-core.server";

/** At most this many rows of each kind in a day (far above a real agency's day). */
const DAY_LIMIT = 2000;

/** The report of `day` ("YYYY-MM-DD", in the agency's zone). An Agente sees only the items of their own sales. */
export async function dailyReport(scope: Pick<Scope, "db" | "agencyId" | "userId" | "role" | "timeZone">, day: string): Promise<DailyReport> {
  const { db, agencyId } = scope;
  const { start, end } = zonedDayRange(day, day, scope.timeZone) as { start: string; end: string };

  // Excursions leaving or coming back that day (live, not draft or cancelled).
  const live = and(eq(excursion.agencyId, agencyId), isNull(excursion.archivedAt), notInArray(excursion.status, ["draft", "cancelled"]));
  const trips = await db
    .select({ id: excursion.id, title: excursion.title, departureAt: excursion.departureAt, returnAt: excursion.returnAt })
    .from(excursion)
    .where(and(live, or(and(gte(excursion.departureAt, start), lt(excursion.departureAt, end)), and(gte(excursion.returnAt, start), lt(excursion.returnAt, end)))))
    .orderBy(asc(excursion.departureAt))
    .limit(DAY_LIMIT);
  const tripIds = trips.map((x) => x.id);
  const [stops, riders] =
    tripIds.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select({ id: excursionBoarding.id, excursionId: excursionBoarding.excursionId, name: boardingPoint.name, departureAt: excursionBoarding.departureAt })
            .from(excursionBoarding)
            .innerJoin(boardingPoint, and(eq(boardingPoint.agencyId, agencyId), eq(boardingPoint.id, excursionBoarding.boardingPointId)))
            .where(and(eq(excursionBoarding.agencyId, agencyId), inArray(excursionBoarding.excursionId, tripIds)))
            .orderBy(asc(excursionBoarding.departureAt)),
          db
            .select({ excursionId: excursionPassenger.excursionId, name: excursionPassenger.name, seat: excursionPassenger.seat, boardingId: excursionPassenger.boardingId })
            .from(excursionPassenger)
            .where(and(eq(excursionPassenger.agencyId, agencyId), inArray(excursionPassenger.excursionId, tripIds), eq(excursionPassenger.status, "confirmed")))
            .orderBy(asc(excursionPassenger.name))
            .limit(DAY_LIMIT * 10),
        ]);
  const departures: DepartureInput[] = trips.map((x) => ({
    ...x,
    stops: stops.filter((s) => s.excursionId === x.id),
    passengers: riders.filter((p) => p.excursionId === x.id),
  }));

  // Items of confirmed emissivo sales starting or ending that day.
  // An Agente sees the items of their own sales only (sale-core's rule); departures and orders are the whole agency's.
  const saleWhere = and(saleScopeWhere(scope, "emissivo"), eq(sale.id, saleItem.saleId), eq(sale.status, "confirmed"));
  const itemRows = await db
    .select({
      id: saleItem.id,
      saleId: saleItem.saleId,
      saleNumber: sale.number,
      productKind: productKind.kind,
      description: saleItem.description,
      startDate: saleItem.startDate,
      endDate: saleItem.endDate,
      startTime: saleItem.startTime,
      endTime: saleItem.endTime,
      locator: saleItem.locator,
      supplierName: supplier.name,
      passengerIds: saleItem.passengerIds,
    })
    .from(saleItem)
    .innerJoin(sale, saleWhere)
    .innerJoin(productKind, and(eq(productKind.agencyId, agencyId), eq(productKind.id, saleItem.productKindId)))
    .leftJoin(supplier, and(eq(supplier.agencyId, agencyId), eq(supplier.id, saleItem.supplierId)))
    .where(and(eq(saleItem.agencyId, agencyId), or(eq(saleItem.startDate, day), eq(saleItem.endDate, day))))
    .limit(DAY_LIMIT);
  const saleIds = [...new Set(itemRows.map((i) => i.saleId))];
  const people =
    saleIds.length === 0
      ? []
      : await db
          .select({ id: salePassenger.id, saleId: salePassenger.saleId, name: client.name })
          .from(salePassenger)
          .innerJoin(client, and(eq(client.agencyId, agencyId), eq(client.id, salePassenger.clientId)))
          .where(and(eq(salePassenger.agencyId, agencyId), inArray(salePassenger.saleId, saleIds)))
          .orderBy(asc(salePassenger.saleId), asc(salePassenger.position));
  const items: ItemInput[] = itemRows.map(({ passengerIds, ...i }) => {
    const ofSale = people.filter((p) => p.saleId === i.saleId);
    const named = Array.isArray(passengerIds) && passengerIds.length > 0 ? ofSale.filter((p) => passengerIds.includes(p.id)) : ofSale;
    return { ...i, passengers: named.map((p) => p.name) };
  });

  // Receptive orders starting that day (live, not cancelled).
  const orders: OrderInput[] = await db
    .select({
      id: receptiveOrder.id,
      serviceName: receptiveService.name,
      serviceKind: receptiveService.kind,
      startsAt: receptiveOrder.startsAt,
      endsAt: receptiveOrder.endsAt,
      passengers: receptiveOrder.passengers,
      reference: receptiveOrder.reference,
      pickup: receptiveOrder.pickup,
      dropoff: receptiveOrder.dropoff,
      driverName: driver.name,
      vehiclePlate: fleetVehicle.plate,
      guideName: guide.name,
    })
    .from(receptiveOrder)
    .innerJoin(receptiveService, and(eq(receptiveService.agencyId, agencyId), eq(receptiveService.id, receptiveOrder.serviceId)))
    .leftJoin(driver, and(eq(driver.agencyId, agencyId), eq(driver.id, receptiveOrder.driverId)))
    .leftJoin(fleetVehicle, and(eq(fleetVehicle.agencyId, agencyId), eq(fleetVehicle.id, receptiveOrder.vehicleId)))
    .leftJoin(guide, and(eq(guide.agencyId, agencyId), eq(guide.id, receptiveOrder.guideId)))
    .where(and(eq(receptiveOrder.agencyId, agencyId), isNull(receptiveOrder.deletedAt), gte(receptiveOrder.startsAt, start), lt(receptiveOrder.startsAt, end), ne(receptiveOrder.status, "cancelled")))
    .orderBy(asc(receptiveOrder.startsAt))
    .limit(DAY_LIMIT);

  return buildDailyReport(day, scope.timeZone, { departures, items, orders });
}

/** The report as CSV (one line per entry; a departure one per boarding point). */
export function dailyReportCsv(report: DailyReport, labels: ReportLabels): Response {
  const rows = reportCsvRows(report, labels);
  async function* batches() {
    yield rows;
  }
  return csvResponse(`servicos-${report.day}.csv`, REPORT_CSV_COLUMNS, batches());
}

export type ReportPdfTexts = ReportLabels & {
  heading: string;
  title: string;
  columns: { time: string; service: string; details: string; reference: string };
  empty: string;
  issued: string;
  page: (page: number, pages: number) => string;
  passengersCount: (n: number) => string;
  sale: (number: number) => string;
  language: string;
};

/** The report as an A4 PDF: the agency, the day, each section's title then its entries by time. */
export async function dailyReportPdf(report: DailyReport, texts: ReportPdfTexts): Promise<Response> {
  const rows = report.sections.flatMap(({ section, entries }) => [
    { cells: { time: "", service: wrapWords(`${texts.section(section).toUpperCase()} (${entries.length})`, 20) } },
    ...entries.map((e) => ({
      cells: {
        time: e.until ? `${e.time}–${e.until}` : (e.time ?? "—"),
        service: [e.title, e.productKind ? texts.productKind(e.productKind) : e.serviceKind ? texts.serviceKind(e.serviceKind) : ""].filter(Boolean),
        details: entryLines(e, texts),
        reference: [e.saleNumber !== null ? texts.sale(e.saleNumber) : "", e.locator ?? e.reference ?? "", e.supplier ?? ""].filter(Boolean),
      },
    })),
  ]);
  const bytes = await tablePdf({
    heading: texts.heading,
    title: texts.title,
    lines: [],
    columns: [
      { key: "time", label: texts.columns.time, weight: 0.9 },
      { key: "service", label: texts.columns.service, weight: 2.2 },
      { key: "details", label: texts.columns.details, weight: 4.2 },
      { key: "reference", label: texts.columns.reference, weight: 1.7 },
    ],
    rows,
    emptyText: texts.empty,
    issued: texts.issued,
    pageLabel: texts.page,
    language: texts.language,
    author: texts.heading,
  });
  return pdfResponse(bytes, `servicos-${report.day}.pdf`);
}
