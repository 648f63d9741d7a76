/**
 * Third-party packages (Serviços → Pacotes de terceiros): an operator's
 * package the agency resells — destinations, day-by-day itinerary, includes /
 * excludes, departures with seats, prices per person by room type × age band,
 * cost, images and the public slug (/pacote/{slug}). Pure, without zod: the
 * publishing rule, the list's sorts and filters, the form's values and the CSV
 * columns. The form's schema (child rows posted as Conform lists:
 * `departures[0].departureDate`, `prices.double.adult`...) is in package.schema.ts.
 */
import { AGE_BANDS, PACKAGE_ROOM_TYPES, type AgeBand, type ItineraryDay, type PackageRoomType } from "~/db/schema/services";
import { formatCents } from "~/lib/finance/money";
import type { ListSpec } from "~/lib/kit/list";
import { parseCalendarDate } from "~/lib/platform/time-zone";
import { priceGridValues } from "~/lib/services/fields";

export type { PackageInput } from "~/lib/services/package.schema";

export { AGE_BANDS, PACKAGE_ROOM_TYPES };
export type { AgeBand, PackageRoomType };

export const PACKAGE_LIST_PATH = "/servicos/pacotes-de-terceiros";
/** The public page's path (it comes with the public pages: here it is shown, not linked). */
export const publicPackagePath = (slug: string) => `/pacote/${slug}`;

export const MAX_DESTINATIONS = 10;
export const MAX_DAYS = 60;
export const MAX_LINES = 40;
export const MAX_DEPARTURES = 60;
export const MAX_IMAGES = 10;
/** Images: what the browser resizes to, what the server accepts. */
export const IMAGE_MAX_SIDE = 1600;
export const THUMB_MAX_SIDE = 400;
export const IMAGE_MAX_PIXELS = 4096;
export const IMAGE_MAX_BYTES = 3 * 1024 * 1024;
export const THUMB_MAX_BYTES = 512 * 1024;

/** The package's error keys (app/locales/services/packages). */
export const pkgErr = {
  operator: "services.packages.errors.operator",
  operatorCategory: "services.packages.errors.operatorCategory",
  destination: "services.packages.errors.destination",
  destinationTwice: "services.packages.errors.destinationTwice",
  destinations: "services.packages.errors.destinations",
  slug: "services.packages.errors.slug",
  slugTaken: "services.packages.errors.slugTaken",
  slugKept: "services.packages.errors.slugKept",
  date: "services.packages.errors.date",
  returnBeforeDeparture: "services.packages.errors.returnBeforeDeparture",
  seats: "services.packages.errors.seats",
  tooMany: "services.packages.errors.tooMany",
  dayTitle: "services.packages.errors.dayTitle",
  publishNeeds: "services.packages.errors.publishNeeds",
  price: "services.packages.errors.price",
  departureTwice: "services.packages.errors.departureTwice",
} as const;

/** A stored id (uuid v7 or the seed's), as forms post it. */
export const PACKAGE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const idPattern = PACKAGE_ID;

export type PackageDeparture = { id: string | null; departureDate: string; returnDate: string | null; seats: number };
export type PackagePrice = { roomType: PackageRoomType; ageBand: AgeBand; priceCents: number };

/** What publishing still needs: at least one live departure and one price. */
export function publishProblems(p: { departures: readonly unknown[]; prices: readonly unknown[] }): ("departure" | "price")[] {
  return [...(p.departures.length === 0 ? (["departure"] as const) : []), ...(p.prices.length === 0 ? (["price"] as const) : [])];
}

/** First and last live departure days (stored on the package for the list's sort and date filter). */
export function departureSpan(departures: readonly { departureDate: string; returnDate?: string | null }[]): { firstDeparture: string | null; lastDeparture: string | null } {
  if (departures.length === 0) return { firstDeparture: null, lastDeparture: null };
  const days = departures.map((d) => d.departureDate).sort();
  return { firstDeparture: days[0]!, lastDeparture: days[days.length - 1]! };
}

// ---------------------------------------------------------------------------
// List

export const PACKAGE_SORTS = ["firstDeparture", "title", "createdAt"] as const;
export type PackageSort = (typeof PACKAGE_SORTS)[number];
export type PackageFilter = "operador" | "destino" | "publicado" | "de" | "ate";

/** Filters: operator, destination (ids), published (sim / nao) and a range of departure days. */
export const packageListSpec = {
  sorts: PACKAGE_SORTS,
  defaultSort: "firstDeparture",
  defaultDir: "asc",
  filters: {
    operador: (v: string) => idPattern.test(v),
    destino: (v: string) => idPattern.test(v),
    publicado: ["sim", "nao"],
    de: (v: string) => parseCalendarDate(v) !== null,
    ate: (v: string) => parseCalendarDate(v) !== null,
  },
} as const satisfies ListSpec<PackageSort, PackageFilter>;

// ---------------------------------------------------------------------------
// Form values and CSV

export type PackageFormValues = {
  operatorId: string;
  title: string;
  slug: string;
  summary: string;
  destinations: string[];
  itinerary: { title: string; description: string }[];
  includes: string;
  excludes: string;
  departures: { id: string; departureDate: string; returnDate: string; seats: string }[];
  prices: Record<string, Record<string, string>>;
  cost: string;
  currency: string;
  cancellationPolicy: string;
  published: string;
};

export const EMPTY_DEPARTURE = { id: "", departureDate: "", returnDate: "", seats: "" };
export const EMPTY_DAY = { title: "", description: "" };

/** A stored package and its children as the form shows them. */
export function packageFormValues(
  row: {
    operatorId: string;
    title: string;
    slug: string;
    summary: string | null;
    itinerary: ItineraryDay[];
    includes: string[];
    excludes: string[];
    costCents: number;
    currency: string;
    cancellationPolicy: string | null;
    published: boolean;
  },
  children: {
    destinations: string[];
    departures: { id: string; departureDate: string; returnDate: string | null; seats: number }[];
    prices: { roomType: string; ageBand: string; priceCents: number }[];
  },
): PackageFormValues {
  const prices = priceGridValues(children.prices);
  return {
    operatorId: row.operatorId,
    title: row.title,
    slug: row.slug,
    summary: row.summary ?? "",
    destinations: children.destinations.length > 0 ? children.destinations : [""],
    itinerary: row.itinerary.length > 0 ? row.itinerary.map((d) => ({ title: d.title, description: d.description ?? "" })) : [EMPTY_DAY],
    includes: row.includes.join("\n"),
    excludes: row.excludes.join("\n"),
    departures:
      children.departures.length > 0
        ? children.departures.map((d) => ({ id: d.id, departureDate: d.departureDate, returnDate: d.returnDate ?? "", seats: String(d.seats) }))
        : [EMPTY_DEPARTURE],
    prices,
    cost: row.costCents ? formatCents(row.costCents) : "",
    currency: row.currency,
    cancellationPolicy: row.cancellationPolicy ?? "",
    published: row.published ? "on" : "",
  };
}

export const PACKAGE_CSV_COLUMNS = [
  "title",
  "slug",
  "operator",
  "destinations",
  "firstDeparture",
  "lastDeparture",
  "departures",
  "seats",
  "held",
  "sold",
  "free",
  "priceFrom",
  "cost",
  "currency",
  "published",
  "publicPath",
] as const;
export type PackageCsvColumn = (typeof PACKAGE_CSV_COLUMNS)[number];
