/**
 * The daily service report (issue #16, item 5): every service of one day in the
 * agency's zone, across sales and receptive orders, grouped by what it is and
 * ordered by time — excursion departures (each boarding point with the
 * confirmed passengers boarding there) and returns, hotel check-ins and
 * check-outs, flights and other services of confirmed emissivo sales, and the
 * receptive orders. Pure: the server (daily-report.server.ts) reads the rows,
 * this module decides where and when each appears, and the CSV cells.
 */
import type { ProductKind } from "~/db/schema/registers";
import { zoneOffsetMinutes } from "~/lib/platform/time-zone";

export const REPORT_PATH = "/vendas/emissivo/relatorios";

/** The sections, in the order the report shows them. */
export const REPORT_SECTIONS = ["departures", "returns", "checkins", "flights", "services", "checkouts", "receptive"] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];

/** Fixed column names of the CSV (as the other exports: stable identifiers, values in the user's language). */
export const REPORT_CSV_COLUMNS = ["date", "section", "time", "service", "details", "passengers", "passengerCount", "reference", "sale", "supplier"] as const;
export type ReportCsvColumn = (typeof REPORT_CSV_COLUMNS)[number];

// ---- what the server reads -------------------------------------------------

export type DepartureInput = {
  id: string;
  title: string;
  departureAt: string;
  returnAt: string;
  /** The excursion's boarding points, with their times (UTC ISO). */
  stops: { id: string; name: string; departureAt: string }[];
  /** Confirmed passengers. */
  passengers: { name: string; seat: string | null; boardingId: string | null }[];
};

export type ItemInput = {
  id: string;
  saleId: string;
  saleNumber: number;
  productKind: ProductKind;
  description: string;
  startDate: string | null;
  endDate: string | null;
  startTime: string | null;
  endTime: string | null;
  locator: string | null;
  supplierName: string | null;
  /** The item's passengers' names (all the sale's passengers when the item names none). */
  passengers: string[];
};

export type OrderInput = {
  id: string;
  serviceName: string;
  serviceKind: string;
  startsAt: string;
  endsAt: string;
  passengers: number;
  reference: string | null;
  pickup: string | null;
  dropoff: string | null;
  driverName: string | null;
  vehiclePlate: string | null;
  guideName: string | null;
};

export type ReportInput = { departures: DepartureInput[]; items: ItemInput[]; orders: OrderInput[] };

// ---- what the report shows -------------------------------------------------

export type ReportStop = { time: string; place: string; passengers: { name: string; seat: string | null }[] };

export type ReportEntry = {
  key: string;
  section: ReportSection;
  /** "HH:MM" in the agency's zone (an item's own local time), or null when unknown. */
  time: string | null;
  /** Until when ("HH:MM"), for receptive orders. */
  until: string | null;
  title: string;
  /** The product kind of an emissivo item, the service kind of a receptive order. */
  productKind: ProductKind | null;
  serviceKind: string | null;
  /** Where it links (the excursion's operational view, the sale, the order). */
  href: string;
  saleNumber: number | null;
  locator: string | null;
  supplier: string | null;
  passengers: string[];
  passengerCount: number;
  /** Departures: each boarding point with its passengers. */
  stops: ReportStop[];
  /** Receptive orders. */
  pickup: string | null;
  dropoff: string | null;
  driver: string | null;
  vehicle: string | null;
  guide: string | null;
  reference: string | null;
};

export type DailyReport = { day: string; sections: { section: ReportSection; entries: ReportEntry[] }[]; count: number };

const pad = (n: number) => String(n).padStart(2, "0");

/** The calendar day ("YYYY-MM-DD") and clock ("HH:MM") of a UTC instant in a zone. */
export function localParts(iso: string, timeZone: string): { day: string; time: string } {
  const instant = Date.parse(iso);
  const local = new Date(instant + zoneOffsetMinutes(instant, timeZone) * 60_000);
  return { day: local.toISOString().slice(0, 10), time: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}` };
}

/** The day `delta` days from `day`. */
export function shiftDay(day: string, delta: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + delta)).toISOString().slice(0, 10);
}

const blank = (): Omit<ReportEntry, "key" | "section" | "time" | "title" | "href"> => ({
  until: null,
  productKind: null,
  serviceKind: null,
  saleNumber: null,
  locator: null,
  supplier: null,
  passengers: [],
  passengerCount: 0,
  stops: [],
  pickup: null,
  dropoff: null,
  driver: null,
  vehicle: null,
  guide: null,
  reference: null,
});

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const clock = (value: string | null) => (value && HHMM.test(value) ? value : null);

/** Where an emissivo item appears on `day`: hotels on their check-in and check-out days, flights on their departure (and return) day, the rest on their first day. */
export function itemSections(item: Pick<ItemInput, "productKind" | "startDate" | "endDate" | "startTime" | "endTime">, day: string): { section: ReportSection; time: string | null }[] {
  const out: { section: ReportSection; time: string | null }[] = [];
  const starts = item.startDate === day;
  const ends = item.endDate === day;
  if (item.productKind === "hotel") {
    if (starts) out.push({ section: "checkins", time: clock(item.startTime) });
    if (ends) out.push({ section: "checkouts", time: clock(item.endTime) });
  } else if (item.productKind === "air") {
    if (starts) out.push({ section: "flights", time: clock(item.startTime) });
    else if (ends) out.push({ section: "flights", time: clock(item.endTime) });
  } else if (starts) {
    out.push({ section: "services", time: clock(item.startTime) });
  }
  return out;
}

const byTime = (a: ReportEntry, b: ReportEntry) =>
  a.time === b.time ? a.title.localeCompare(b.title) || a.key.localeCompare(b.key) : a.time === null ? 1 : b.time === null ? -1 : a.time < b.time ? -1 : 1;

/** The report of `day` in `timeZone` from the rows read for it (rows of another day are left out). */
export function buildDailyReport(day: string, timeZone: string, input: ReportInput): DailyReport {
  const entries: ReportEntry[] = [];
  for (const x of input.departures) {
    const departure = localParts(x.departureAt, timeZone);
    const back = localParts(x.returnAt, timeZone);
    const href = `/servicos/excursoes/operacional/${x.id}`;
    if (departure.day === day) {
      const known = new Set(x.stops.map((s) => s.id));
      const stops: ReportStop[] = [...x.stops]
        .sort((a, b) => (a.departureAt < b.departureAt ? -1 : a.departureAt > b.departureAt ? 1 : 0))
        .map((s) => ({
          time: localParts(s.departureAt, timeZone).time,
          place: s.name,
          passengers: x.passengers.filter((p) => p.boardingId === s.id).map((p) => ({ name: p.name, seat: p.seat })),
        }));
      const loose = x.passengers.filter((p) => !p.boardingId || !known.has(p.boardingId));
      if (loose.length > 0) stops.push({ time: departure.time, place: "", passengers: loose.map((p) => ({ name: p.name, seat: p.seat })) });
      entries.push({
        ...blank(),
        key: `departure-${x.id}`,
        section: "departures",
        time: departure.time,
        title: x.title,
        href,
        passengers: x.passengers.map((p) => p.name),
        passengerCount: x.passengers.length,
        stops,
      });
    }
    if (back.day === day) {
      entries.push({
        ...blank(),
        key: `return-${x.id}`,
        section: "returns",
        time: back.time,
        title: x.title,
        href,
        passengers: x.passengers.map((p) => p.name),
        passengerCount: x.passengers.length,
      });
    }
  }
  for (const item of input.items) {
    for (const { section, time } of itemSections(item, day)) {
      entries.push({
        ...blank(),
        key: `${section}-${item.id}`,
        section,
        time,
        title: item.description,
        href: `/vendas/emissivo/editar/${item.saleId}`,
        productKind: item.productKind,
        saleNumber: item.saleNumber,
        locator: item.locator,
        supplier: item.supplierName,
        passengers: item.passengers,
        passengerCount: item.passengers.length,
      });
    }
  }
  for (const o of input.orders) {
    const starts = localParts(o.startsAt, timeZone);
    if (starts.day !== day) continue;
    entries.push({
      ...blank(),
      key: `receptive-${o.id}`,
      section: "receptive",
      time: starts.time,
      until: localParts(o.endsAt, timeZone).time,
      title: o.serviceName,
      href: `/servicos/receptivo/ordens/editar/${o.id}`,
      serviceKind: o.serviceKind,
      passengerCount: o.passengers,
      pickup: o.pickup,
      dropoff: o.dropoff,
      driver: o.driverName,
      vehicle: o.vehiclePlate,
      guide: o.guideName,
      reference: o.reference,
    });
  }
  const sections = REPORT_SECTIONS.map((section) => ({ section, entries: entries.filter((e) => e.section === section).sort(byTime) })).filter((s) => s.entries.length > 0);
  return { day, sections, count: entries.length };
}

export type ReportLabels = {
  section: (section: ReportSection) => string;
  productKind: (kind: ProductKind) => string;
  serviceKind: (kind: string) => string;
  /** "Sem ponto de embarque". */
  noBoarding: string;
  /** The plate as shown (AAA-0A00). */
  plate: (plate: string) => string;
};

const seatName = (p: { name: string; seat: string | null }) => (p.seat ? `${p.name} (${p.seat})` : p.name);

/** A receptive order's details: pickup → dropoff, driver, vehicle, guide (`arrow` "->" where the font has no "→"). */
export function orderDetails(e: ReportEntry, labels: Pick<ReportLabels, "plate">, arrow = " → "): string[] {
  return [[e.pickup, e.dropoff].filter(Boolean).join(arrow), [e.driver, e.vehicle ? labels.plate(e.vehicle) : null, e.guide].filter(Boolean).join(" · ")].filter(Boolean);
}

/** The CSV records: one per entry, a departure one per boarding point. */
export function reportCsvRows(report: DailyReport, labels: ReportLabels): Record<ReportCsvColumn, string>[] {
  const rows: Record<ReportCsvColumn, string>[] = [];
  for (const { section, entries } of report.sections) {
    for (const e of entries) {
      const base = {
        date: report.day,
        section: labels.section(section),
        time: e.time ?? "",
        service: e.title,
        details: "",
        passengers: e.passengers.join(", "),
        passengerCount: String(e.passengerCount),
        reference: e.locator ?? e.reference ?? "",
        sale: e.saleNumber === null ? "" : String(e.saleNumber),
        supplier: e.supplier ?? "",
      };
      if (section === "departures" && e.stops.length > 0) {
        for (const s of e.stops) {
          rows.push({ ...base, time: s.time, details: s.place || labels.noBoarding, passengers: s.passengers.map(seatName).join(", "), passengerCount: String(s.passengers.length) });
        }
      } else if (section === "receptive") {
        rows.push({ ...base, time: e.until ? `${e.time}–${e.until}` : (e.time ?? ""), details: [e.serviceKind ? labels.serviceKind(e.serviceKind) : "", ...orderDetails(e, labels)].filter(Boolean).join(" · ") });
      } else {
        rows.push({ ...base, details: e.productKind ? labels.productKind(e.productKind) : "" });
      }
    }
  }
  return rows;
}

/** Words in lines of at most `width` characters (a section's title in a narrow printed column). */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.length - 1;
    if (last >= 0 && `${lines[last]} ${word}`.length <= width) lines[last] = `${lines[last]} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** Names joined with ", " in lines of at most `width` characters (a printed cell). */
export function wrapNames(names: readonly string[], width = 70, indent = ""): string[] {
  const lines: string[] = [];
  let line = "";
  for (const name of names) {
    const next = line ? `${line}, ${name}` : name;
    if (line && next.length > width) {
      lines.push(`${indent}${line},`);
      line = name;
    } else line = next;
  }
  if (line) lines.push(`${indent}${line}`);
  return lines;
}

/** The lines under an entry in the PDF (boarding points with their passengers; passengers; receptive details). */
export function entryLines(e: ReportEntry, labels: ReportLabels & { passengersCount: (n: number) => string }): string[] {
  if (e.section === "departures") {
    return e.stops.flatMap((s) => [`${s.time} ${s.place || labels.noBoarding} — ${labels.passengersCount(s.passengers.length)}`, ...wrapNames(s.passengers.map(seatName), 70, "   ")]);
  }
  if (e.section === "receptive") return [labels.passengersCount(e.passengerCount), ...orderDetails(e, labels, " -> ")];
  return e.passengers.length > 0 ? wrapNames(e.passengers) : [labels.passengersCount(e.passengerCount)];
}
