/**
 * The package form's schema (one definition: the server's action and the
 * browser, which loads it on demand).
 */
import { z } from "zod";
import type { ItineraryDay } from "~/db/schema/services";
import { checkboxField, versionField } from "~/lib/kit/fields";
import { msg, optionalText, requiredText } from "~/lib/kit/forms";
import { parseCalendarDate } from "~/lib/platform/time-zone";
import { PACKAGE_ID, MAX_DAYS, MAX_DEPARTURES, MAX_DESTINATIONS, MAX_LINES, pkgErr, publishProblems, type PackageDeparture, type PackagePrice } from "~/lib/services/package";
import { priceCells, SERVICE_CURRENCIES, svcErr } from "~/lib/services/fields";
import { optionalMoney, postedRows, priceGridField, textLines } from "~/lib/services/fields.schema";
import { isSlug, slugify, SLUG_MAX } from "~/lib/services/slug";

const idPattern = PACKAGE_ID;

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
