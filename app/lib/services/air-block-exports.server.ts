/**
 * The passenger list for the airline: CSV (one line per passenger, names
 * upper-case as on the passport) and a printable A4 PDF (the agency, the
 * airline, locator and flights; each passenger; page n of N). Dates in the
 * user's language, flight times in the agency's zone.
 */
import { csvResponse } from "~/lib/kit/csv.server";
import { pdfResponse, tablePdf } from "~/lib/kit/table-pdf.server";
import { formatCalendarDate, formatDateTime } from "~/lib/platform/format";
import { PASSENGER_CSV_COLUMNS, type PassengerCsvColumn } from "~/lib/services/air-block";
import type { PassengerSheet } from "~/lib/services/air-block.server";
import { utcToLocalInput } from "~/lib/services/fields";

type Label = (key: string, values?: Record<string, string | number>) => string;

const fileBase = (sheet: PassengerSheet) => `passageiros-${sheet.block.locator ?? sheet.block.id.slice(-6)}`;
const upper = (s: string) => s.toLocaleUpperCase("pt-BR");

/** The flights as one line: "G3 1234 GRU-LIS 2027-05-10 22:30". */
const flights = (sheet: PassengerSheet, timeZone: string) =>
  sheet.segments.map((s) => `${s.flightNumber} ${s.fromIata}-${s.toIata} ${utcToLocalInput(s.departureAt, timeZone).replace("T", " ")}`);

export function passengersCsv(sheet: PassengerSheet, timeZone: string): Response {
  const flightText = flights(sheet, timeZone).join(" | ");
  const rows = sheet.passengers.map(
    (p, i): Record<PassengerCsvColumn, string> => ({
      number: String(i + 1),
      lastName: upper(p.lastName),
      firstName: upper(p.firstName),
      document: p.document ?? "",
      birthDate: p.birthDate ?? "",
      ticketNumber: p.ticketNumber ?? "",
      locator: sheet.block.locator ?? "",
      flights: flightText,
    }),
  );
  async function* batches() {
    yield rows;
  }
  return csvResponse(`${fileBase(sheet)}.csv`, PASSENGER_CSV_COLUMNS, batches());
}

export async function passengersPdf(sheet: PassengerSheet, options: { agencyName: string; language: string; label: Label; issuedAt: string; timeZone: string }): Promise<Response> {
  const { label, language, timeZone } = options;
  const { block } = sheet;
  const bytes = await tablePdf({
    heading: options.agencyName,
    author: options.agencyName,
    title: `${label("services.airBlocks.pdf.title")} · ${block.title}`,
    lines: [
      [sheet.airlineName, block.locator ? label("services.airBlocks.pdf.locator", { locator: block.locator }) : null].filter(Boolean).join(" · "),
      ...sheet.segments.map((s) => `${s.flightNumber} · ${s.fromIata} → ${s.toIata} · ${formatDateTime(s.departureAt, language, timeZone)} → ${formatDateTime(s.arrivalAt, language, timeZone)}`),
    ],
    columns: [
      { key: "number", label: label("services.airBlocks.pdf.number"), weight: 1, right: true },
      { key: "name", label: label("services.airBlocks.pdf.name"), weight: 6 },
      { key: "document", label: label("services.airBlocks.pdf.document"), weight: 3 },
      { key: "birthDate", label: label("services.airBlocks.pdf.birthDate"), weight: 2 },
      { key: "ticket", label: label("services.airBlocks.pdf.ticket"), weight: 3 },
    ],
    rows: sheet.passengers.map((p, i) => ({
      cells: {
        number: String(i + 1),
        name: `${upper(p.lastName)} / ${upper(p.firstName)}`,
        document: p.document ?? "",
        birthDate: p.birthDate ? formatCalendarDate(p.birthDate, language, "short") : "",
        ticket: p.ticketNumber ?? "",
      },
    })),
    emptyText: label("services.airBlocks.pdf.none"),
    issued: label("services.blocks.pdfFooter.issued", { date: formatDateTime(options.issuedAt, language, timeZone) }),
    pageLabel: (page, pages) => label("services.blocks.pdfFooter.page", { page, pages }),
    language,
  });
  return pdfResponse(bytes, `${fileBase(sheet)}.pdf`);
}
