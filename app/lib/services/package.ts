/**
 * Third-party packages (Serviços → Pacotes de terceiros): an operator's
 * package the agency resells — destinations, day-by-day itinerary, includes /
 * excludes, departures with seats, prices per person by room type × age band,
 * cost, images and the public slug (/pacote/{slug}). The form schema shared by
 * browser and server (child rows posted as Conform lists: `departures[0].departureDate`,
 * `prices.double.adult`...), the publishing rule, the list's sorts and filters,
 * and the CSV columns. Pure.
 */
import { z } from "zod";
import { AGE_BANDS, PACKAGE_ROOM_TYPES, type AgeBand, type ItineraryDay, type PackageRoomType } from "~/db/schema/services";
import { formatCents } from "~/lib/finance/money";
import { msg, optionalText, requiredText } from "~/lib/kit/forms";
import { checkboxField, versionField } from "~/lib/kit/fields";
import type { ListSpec } from "~/lib/kit/list";
import { parseCalendarDate } from "~/lib/platform/time-zone";
import { optionalMoney, postedRows, priceCells, priceGridField, priceGridValues, SERVICE_CURRENCIES, svcErr, textLines } from "~/lib/services/fields";
import { isSlug, slugify, SLUG_MAX } from "~/lib/services/slug";

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

const idPattern = /^[A-Za-z0-9_-]{1,64}$/;

const calendarDay = (required: boolean) =>
  optionalText(10).transform((v, ctx) => {
    if (v === null) {
      if (required) ctx.addIssue({ code: "custom", message: msg.required });
      return required ? z.NEVER : null;
    }
    if (!parseCalendarDate(v)) {
      ctx.addIssue({ code: "custom", message: pkgErr.date });
      return z.NEVER;
    }
    return v;
  });

/** Lines of a textarea (includes, excludes): trimmed, empty lines dropped. */
const lines = () => textLines(MAX_LINES, pkgErr.tooMany);

/** A list of posted rows: at most MAX_POSTED_ROWS, rows left empty dropped by the caller. */
const rows = <S extends z.ZodType>(row: S) => postedRows(row, pkgErr.tooMany);

const departureRow = z.object({
  /** The stored departure's id (hidden field); absent on a new row. */
  id: optionalText(64).refine((v) => v === null || idPattern.test(v), msg.invalid),
  departureDate: calendarDay(false),
  returnDate: calendarDay(false),
  seats: optionalText(6),
});

const dayRow = z.object({
  title: optionalText(120),
  description: optionalText(2000),
});

const packageFields = {
  operatorId: z
    .string({ error: pkgErr.operator })
    .trim()
    .min(1, pkgErr.operator)
    .refine((v) => idPattern.test(v), pkgErr.operator),
  title: requiredText(120),
  /** Empty on novo: made from the agency and the title. */
  slug: optionalText(SLUG_MAX + 20),
  summary: optionalText(1000),
  destinations: rows(optionalText(64)),
  itinerary: rows(dayRow),
  includes: lines(),
  excludes: lines(),
  departures: rows(departureRow),
  prices: priceGridField(),
  cost: optionalMoney(),
  currency: z.enum(SERVICE_CURRENCIES, { error: svcErr.currency }),
  cancellationPolicy: optionalText(4000),
  published: checkboxField(),
};

type Parsed = z.output<z.ZodObject<typeof packageFields>>;

export type PackageDeparture = { id: string | null; departureDate: string; returnDate: string | null; seats: number };
export type PackagePrice = { roomType: PackageRoomType; ageBand: AgeBand; priceCents: number };

/** Cross-field rules and the rows as stored: empty rows dropped, each row checked, publishing needs a departure and a price. */
function finish(v: Parsed, ctx: z.RefinementCtx) {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });

  // Slug: normalised when typed; it must then be a valid slug.
  let slug: string | null = null;
  if (v.slug) {
    slug = slugify(v.slug);
    if (!isSlug(slug)) issue(["slug"], pkgErr.slug);
  }

  const destinations: string[] = [];
  (v.destinations ?? []).forEach((d, i) => {
    if (!d) return;
    if (!idPattern.test(d)) issue(["destinations", i], pkgErr.destination);
    else if (destinations.includes(d)) issue(["destinations", i], pkgErr.destinationTwice);
    else destinations.push(d);
  });
  if (destinations.length > MAX_DESTINATIONS) issue(["destinations"], pkgErr.destinations);

  const itinerary: ItineraryDay[] = [];
  (v.itinerary ?? []).forEach((d, i) => {
    if (!d || (!d.title && !d.description)) return;
    if (!d.title) issue(["itinerary", i, "title"], pkgErr.dayTitle);
    else itinerary.push({ day: itinerary.length + 1, title: d.title, description: d.description });
  });
  if (itinerary.length > MAX_DAYS) issue(["itinerary"], pkgErr.tooMany);

  const departures: PackageDeparture[] = [];
  const seen = new Set<string>();
  (v.departures ?? []).forEach((d, i) => {
    if (!d || (!d.departureDate && !d.returnDate && !d.seats)) return;
    if (!d.departureDate) return issue(["departures", i, "departureDate"], msg.required);
    const seats = d.seats && /^[0-9]{1,5}$/.test(d.seats) ? Number(d.seats) : null;
    if (seats === null || seats < 1 || seats > 10_000) return issue(["departures", i, "seats"], pkgErr.seats);
    if (d.returnDate && d.returnDate < d.departureDate) return issue(["departures", i, "returnDate"], pkgErr.returnBeforeDeparture);
    if (d.id && seen.has(d.id)) return issue(["departures", i, "departureDate"], pkgErr.departureTwice);
    if (d.id) seen.add(d.id);
    departures.push({ id: d.id, departureDate: d.departureDate, returnDate: d.returnDate, seats });
  });
  if (departures.length > MAX_DEPARTURES) issue(["departures"], pkgErr.tooMany);

  const prices: PackagePrice[] = priceCells(v.prices);

  const problems = publishProblems({ departures, prices });
  if (v.published && problems.length > 0) issue(["published"], pkgErr.publishNeeds);

  return { ...v, slug, destinations, itinerary, departures, prices, cost: v.cost ?? 0 };
}

/** Novo pacote. */
export const packageSchema = z.object(packageFields).transform(finish);
/** Editar pacote: the same plus the version the form was loaded with. */
export const packageEditSchema = z.object({ ...packageFields, version: versionField() }).transform((v, ctx) => ({ ...finish(v, ctx), version: v.version }));

export type PackageInput = z.output<typeof packageSchema>;

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
