/**
 * The excursion's passenger manifest as files: CSV (one line per passenger,
 * the columns of manifest.ts) and an A4 PDF in the layout of the ANTT
 * passenger list ("Relação de Passageiros"): a header block with the carrier
 * (the charter's bus company, with its CNPJ when registered), the vehicle's
 * plate, the ANTT authorisation, origin → destination, departure date and time
 * and the driver(s); numbered lines in seat order; a signature line for the
 * carrier's responsible. Texts in the user's language, times in the agency's zone.
 */
import type { TravelDocumentType } from "~/db/schema/excursions";
import { manifestCells, manifestRows, MANIFEST_COLUMNS, MISSING } from "~/lib/excursions/manifest";
import type { OperationalData } from "~/lib/excursions/operational.server";
import { csvResponse } from "~/lib/kit/csv.server";
import { pdfResponse, tablePdf } from "~/lib/kit/table-pdf.server";
import { formatCnpj } from "~/lib/platform/br-documents";
import { formatCalendarDate, formatDateTime } from "~/lib/platform/format";
import { formatPlate } from "~/lib/receptive/fields";
import { utcToLocalInput } from "~/lib/services/fields";

type Label = (key: string, values?: Record<string, string | number>) => string;

const K = "services.operational.manifest";

/** The file's name: "manifesto-<last 6 of the id>". */
const fileBase = (data: OperationalData) => `manifesto-${data.excursion.id.slice(-6)}`;

const documentTypeLabel = (label: Label) => (type: TravelDocumentType) => label(`services.operational.documentTypes.${type}`);

/** The CSV: one line per passenger, boarding time as "YYYY-MM-DD HH:mm" in the agency's zone. */
export function manifestCsv(data: OperationalData, options: { label: Label; timeZone: string }): Response {
  const rows = manifestRows(data.passengers, data.boardings).map((r) =>
    manifestCells(r, { documentType: documentTypeLabel(options.label), time: (iso) => utcToLocalInput(iso, options.timeZone).replace("T", " ") }),
  );
  async function* batches() {
    yield rows;
  }
  return csvResponse(`${fileBase(data)}.csv`, MANIFEST_COLUMNS, batches());
}

/** The header block's lines (carrier, vehicle and ANTT, route, departure, drivers, the manifest's state). */
export function manifestHeader(data: OperationalData, options: { label: Label; language: string; timeZone: string }): string[] {
  const { label, language, timeZone } = options;
  const { charter, vehicle, excursion } = data;
  const carrier = charter?.carrierName
    ? [charter.carrierName, charter.carrierDocument ? label(`${K}.cnpj`, { cnpj: formatCnpj(charter.carrierDocument) }) : null].filter(Boolean).join(" · ")
    : MISSING;
  const plate = vehicle ? formatPlate(vehicle.plate) : charter?.vehiclePlate ? formatPlate(charter.vehiclePlate) : MISSING;
  const antt = charter?.anttAuthorization
    ? charter.anttValidUntil
      ? label(`${K}.anttUntil`, { number: charter.anttAuthorization, date: formatCalendarDate(charter.anttValidUntil, language, "short") })
      : charter.anttAuthorization
    : MISSING;
  const origin = charter?.origin ?? MISSING;
  const destination = excursion.destinationName ?? charter?.destinationName ?? MISSING;
  return [
    label(`${K}.carrier`, { value: carrier }),
    `${label(`${K}.plate`, { value: plate })} · ${label(`${K}.antt`, { value: antt })}`,
    label(`${K}.route`, { origin, destination }),
    label(`${K}.departure`, { departure: formatDateTime(excursion.departureAt, language, timeZone), return: formatDateTime(excursion.returnAt, language, timeZone) }),
    label(`${K}.drivers`, { value: data.drivers.map((d) => d.name).join(", ") || MISSING }),
    excursion.manifestFinalAt
      ? label(`${K}.final`, { date: formatDateTime(excursion.manifestFinalAt, language, timeZone), name: excursion.manifestFinalByName ?? MISSING })
      : label(`${K}.notFinal`),
  ];
}

export async function manifestPdf(data: OperationalData, options: { agencyName: string; language: string; label: Label; issuedAt: string; timeZone: string }): Promise<Response> {
  const { label, language, timeZone } = options;
  const docType = documentTypeLabel(label);
  const bytes = await tablePdf({
    heading: options.agencyName,
    author: options.agencyName,
    title: `${label(`${K}.title`)} · ${data.excursion.title}`,
    lines: manifestHeader(data, options),
    columns: [
      { key: "number", label: label(`${K}.columns.number`), weight: 1, right: true },
      { key: "name", label: label(`${K}.columns.name`), weight: 7 },
      { key: "document", label: label(`${K}.columns.document`), weight: 5 },
      { key: "seat", label: label(`${K}.columns.seat`), weight: 2, right: true },
      { key: "boarding", label: label(`${K}.columns.boarding`), weight: 6 },
    ],
    rows: manifestRows(data.passengers, data.boardings).map((r) => ({
      cells: {
        number: String(r.number),
        name: r.name,
        document: r.documentType ? `${docType(r.documentType)} ${r.documentNumber}` : r.documentNumber,
        seat: r.seat,
        boarding: r.boardingAt ? `${r.boardingPoint} · ${formatDateTime(r.boardingAt, language, timeZone)}` : r.boardingPoint,
      },
    })),
    emptyText: label(`${K}.none`),
    issued: label("services.blocks.pdfFooter.issued", { date: formatDateTime(options.issuedAt, language, timeZone) }),
    pageLabel: (page, pages) => label("services.blocks.pdfFooter.page", { page, pages }),
    language,
    signature: [label(`${K}.signature`), label(`${K}.signatureName`)],
  });
  return pdfResponse(bytes, `${fileBase(data)}.pdf`);
}
