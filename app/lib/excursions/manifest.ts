/**
 * The excursion's passenger manifest as ANTT passenger lists ("Relação de
 * Passageiros") lay it out: numbered lines in seat order with the passenger's
 * name, document type and number, seat and boarding point (and its time).
 * Missing values are shown as "—" so a blank is never mistaken for a value
 * left out by the printer. Pure: the rows and columns only; the CSV and PDF
 * are written by manifest.server.ts.
 */
import type { TravelDocumentType } from "~/db/schema/excursions";
import { inSeatOrder, type OperationalBoarding, type OperationalPassenger } from "~/lib/excursions/operational";

/** What an empty cell shows. */
export const MISSING = "—";

export const MANIFEST_COLUMNS = ["number", "name", "documentType", "documentNumber", "seat", "boardingPoint", "boardingTime"] as const;
export type ManifestColumn = (typeof MANIFEST_COLUMNS)[number];

export type ManifestRow = {
  number: number;
  name: string;
  /** The document's kind (translated by the writer), null when unknown. */
  documentType: TravelDocumentType | null;
  documentNumber: string;
  seat: string;
  boardingPoint: string;
  /** The boarding time (UTC ISO), null when the passenger has no boarding point of the trip. */
  boardingAt: string | null;
};

/**
 * The manifest's lines: the passengers in seat order (numbered seats by
 * number, then other seat names, then passengers with no seat — a trip without
 * seat choice is in name order), numbered from 1.
 */
export function manifestRows(
  passengers: readonly Pick<OperationalPassenger, "name" | "seat" | "documentType" | "documentNumber" | "boardingId">[],
  boardings: readonly Pick<OperationalBoarding, "id" | "name" | "departureAt">[],
): ManifestRow[] {
  const byId = new Map(boardings.map((b) => [b.id, b]));
  return inSeatOrder(passengers).map((p, i) => {
    const boarding = p.boardingId ? byId.get(p.boardingId) : undefined;
    const seat = p.seat?.trim();
    const document = p.documentNumber?.trim();
    return {
      number: i + 1,
      name: p.name.trim(),
      documentType: p.documentType,
      documentNumber: document || MISSING,
      seat: seat || MISSING,
      boardingPoint: boarding?.name ?? MISSING,
      boardingAt: boarding?.departureAt ?? null,
    };
  });
}

/** A manifest row as the cells of a file, with the writer's labels and time format. */
export function manifestCells(
  row: ManifestRow,
  text: { documentType: (type: TravelDocumentType) => string; time: (iso: string) => string },
): Record<ManifestColumn, string> {
  return {
    number: String(row.number),
    name: row.name,
    documentType: row.documentType ? text.documentType(row.documentType) : MISSING,
    documentNumber: row.documentNumber,
    seat: row.seat,
    boardingPoint: row.boardingPoint,
    boardingTime: row.boardingAt ? text.time(row.boardingAt) : MISSING,
  };
}
