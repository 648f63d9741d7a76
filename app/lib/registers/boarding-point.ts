/**
 * Boarding points (Cadastros → Locais de Embarque): where an excursion's bus
 * picks passengers up, with the address, coordinates for the map, how to find
 * it, and how many minutes after the departure the bus usually gets there. The
 * form schema shared by browser and server, the list's sorts and filters, and
 * the CSV columns.
 */
import { BR_STATES } from "~/lib/kit/field-keys";
import type { ListSpec } from "~/lib/kit/list";

export type { BoardingPointInput } from "~/lib/registers/boarding-point.schema";

/** Boarding-point-specific error keys (app/locales/agents). */
/** The boarding points list; records live at `${BOARDING_POINTS_PATH}/editar/:id`. */
export const BOARDING_POINTS_PATH = "/cadastros/embarques";

export const boardingPointErr = {
  coordinatesPair: "boardingPoints.errors.coordinatesPair",
} as const;

export const MAX_OFFSET_MINUTES = 1440;

export const BOARDING_POINT_SORTS = ["name", "createdAt"] as const;
export type BoardingPointSort = (typeof BOARDING_POINT_SORTS)[number];
export type BoardingPointFilter = "state";

export const boardingPointListSpec = {
  sorts: BOARDING_POINT_SORTS,
  defaultSort: "name",
  filters: { state: BR_STATES },
} as const satisfies ListSpec<BoardingPointSort, BoardingPointFilter>;

/**
 * The OpenStreetMap page with a marker on the point, or null without
 * coordinates (both must be finite numbers within range).
 */
export function mapHref(latitude: number | null | undefined, longitude: number | null | undefined): string | null {
  if (typeof latitude !== "number" || typeof longitude !== "number" || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  const lat = String(latitude);
  const lon = String(longitude);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
}

/** A coordinate as the form shows it (decimal point; a comma is accepted back). */
export const coordinateText = (v: number | null) => (v === null ? "" : String(v));

/** "1 h 30 min" style text of an offset in minutes, from the translated units. */
export function formatOffset(minutes: number, units: { h: string; min: string }): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} ${units.min}`;
  return m === 0 ? `${h} ${units.h}` : `${h} ${units.h} ${m} ${units.min}`;
}

/** The CSV columns of the export, in order. */
export const BOARDING_POINT_CSV_COLUMNS = [
  "name",
  "address",
  "district",
  "city",
  "state",
  "postalCode",
  "latitude",
  "longitude",
  "reference",
  "defaultOffsetMinutes",
] as const;
export type BoardingPointCsvColumn = (typeof BOARDING_POINT_CSV_COLUMNS)[number];

/** A stored boarding point → its CSV record. */
export function boardingPointToCsvRow(p: {
  name: string;
  address: string | null;
  district: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  latitude: number | null;
  longitude: number | null;
  reference: string | null;
  defaultOffsetMinutes: number;
}): Record<BoardingPointCsvColumn, string> {
  return {
    name: p.name,
    address: p.address ?? "",
    district: p.district ?? "",
    city: p.city ?? "",
    state: p.state ?? "",
    postalCode: p.postalCode ?? "",
    latitude: coordinateText(p.latitude),
    longitude: coordinateText(p.longitude),
    reference: p.reference ?? "",
    defaultOffsetMinutes: String(p.defaultOffsetMinutes),
  };
}
