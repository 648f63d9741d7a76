/**
 * Air blocks (Serviços → Bloqueio Aéreo), pure: the block's form schema (its
 * flight segments as Conform list rows; date-times typed in the agency's zone,
 * stored UTC), the passenger list's schema (at most `seats` names, each with
 * its own version), the list spec and the CSV columns.
 */
import { formatCents } from "~/lib/finance/money";
import type { ListSpec } from "~/lib/kit/list";
import { BLOCK_FILTERS, type BlockFilter } from "~/lib/services/blocks";
import { utcToLocalInput } from "~/lib/services/fields";

export type { AirBlockInput, PassengerInput, PassengersInput, SegmentInput } from "~/lib/services/air-block.schema";

export const AIR_BLOCK_LIST_PATH = "/servicos/bloqueio-aereo";
export const MAX_SEGMENTS = 8;
/** Seats of a block: the passenger list is one form of at most this many rows (the kit's MAX_POSTED_ROWS). */
export const MAX_SEATS = 100;

// ---------------------------------------------------------------------------
// List

export const AIR_BLOCK_SORTS = ["departureAt", "title", "createdAt"] as const;
export type AirBlockSort = (typeof AIR_BLOCK_SORTS)[number];

/** Filters: the airline, the destination and a range of first-departure days. */
export const airBlockListSpec = {
  sorts: AIR_BLOCK_SORTS,
  defaultSort: "departureAt",
  defaultDir: "asc",
  filters: BLOCK_FILTERS,
} as const satisfies ListSpec<AirBlockSort, BlockFilter>;

// ---------------------------------------------------------------------------
// Form values and CSV

type StoredSegment = { id: string; flightNumber: string; fromIata: string; toIata: string; departureAt: string; arrivalAt: string };

/** A stored block and its segments as the form shows them (date-times in the agency's zone). */
export function airBlockFormValues(
  row: {
    title: string;
    airlineId: string;
    destinationId: string | null;
    locator: string | null;
    seats: number;
    fareCostCents: number;
    farePriceCents: number;
    taxesCents: number;
    currency: string;
    nameDeadline: string | null;
    ticketingDeadline: string | null;
    notes: string | null;
  },
  segments: readonly StoredSegment[],
  timeZone: string,
) {
  const local = (iso: string | null) => (iso ? utcToLocalInput(iso, timeZone) : "");
  return {
    title: row.title,
    airlineId: row.airlineId,
    destinationId: row.destinationId ?? "",
    locator: row.locator ?? "",
    seats: String(row.seats),
    fareCost: formatCents(row.fareCostCents),
    farePrice: formatCents(row.farePriceCents),
    taxes: formatCents(row.taxesCents),
    currency: row.currency,
    nameDeadline: local(row.nameDeadline),
    ticketingDeadline: local(row.ticketingDeadline),
    notes: row.notes ?? "",
    segments: segments.map((s) => ({ id: s.id, flightNumber: s.flightNumber, fromIata: s.fromIata, toIata: s.toIata, departureAt: local(s.departureAt), arrivalAt: local(s.arrivalAt) })),
  };
}
export type AirBlockFormValues = ReturnType<typeof airBlockFormValues>;

export const EMPTY_SEGMENT = { id: "", flightNumber: "", fromIata: "", toIata: "", departureAt: "", arrivalAt: "" };
export const EMPTY_PASSENGER = { id: "", version: "", lastName: "", firstName: "", document: "", birthDate: "", ticketNumber: "" };

export const AIR_BLOCK_CSV_COLUMNS = [
  "title",
  "airline",
  "destination",
  "locator",
  "route",
  "departureAt",
  "returnAt",
  "seats",
  "passengers",
  "sold",
  "held",
  "free",
  "fareCost",
  "farePrice",
  "taxes",
  "currency",
  "nameDeadline",
  "ticketingDeadline",
  "notes",
] as const;
export type AirBlockCsvColumn = (typeof AIR_BLOCK_CSV_COLUMNS)[number];

/** The passenger list file for the airline: one line per passenger, names upper-case as on the passport. */
export const PASSENGER_CSV_COLUMNS = ["number", "lastName", "firstName", "document", "birthDate", "ticketNumber", "locator", "flights"] as const;
export type PassengerCsvColumn = (typeof PASSENGER_CSV_COLUMNS)[number];
