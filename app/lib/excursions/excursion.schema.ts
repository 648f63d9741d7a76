/**
 * The excursion's schemas (one definition each: the server's actions and the
 * browser, which loads them on demand): the form's, for the agency's time
 * zone, the status move's and the clone's.
 */
import { z } from "zod";
import { checkboxField, versionField } from "~/lib/kit/fields";
import { msg, optionalText, requiredText } from "~/lib/kit/forms";
import {
  excErr,
  MAX_BOARDINGS,
  MAX_CAPACITY,
  MAX_COMPONENTS,
  MAX_LINES,
  MAX_OFFSET_DAYS,
  MOVE_TARGETS,
  parseComponentRef,
  type ExcursionBoarding,
  type ExcursionComponent,
} from "~/lib/excursions/excursion";
import { priceCells, SERVICE_CURRENCIES, SERVICE_ID, svcErr, type PriceCell } from "~/lib/services/fields";
import { localDateTime, postedRows, priceGridField, textLines } from "~/lib/services/fields.schema";
import { isSlug, slugify, SLUG_MAX } from "~/lib/services/slug";

const id = () => optionalText(64).refine((v) => v === null || SERVICE_ID.test(v), msg.invalid);

const boardingRow = (timeZone: string) =>
  z.object({
    /** The stored boarding's id (hidden field); absent on a new row. */
    id: id(),
    boardingPointId: optionalText(64),
    /** Empty: the point's usual offset after the departure. */
    departureAt: localDateTime(timeZone, false),
  });

const componentRow = z.object({
  id: id(),
  /** "<kind>:<id>" — one select with a group per kind. */
  ref: optionalText(100),
  notes: optionalText(500),
});

const excursionFields = (timeZone: string) => ({
  title: requiredText(120),
  /** Empty on novo: made from the agency and the title. */
  slug: optionalText(SLUG_MAX + 20),
  summary: optionalText(1000),
  destinationId: z
    .string({ error: excErr.destination })
    .trim()
    .min(1, excErr.destination)
    .refine((v) => SERVICE_ID.test(v), excErr.destination),
  // Required: an empty value is refused above, so what comes out is an instant.
  departureAt: localDateTime(timeZone, true).transform((v) => v!),
  returnAt: localDateTime(timeZone, true).transform((v) => v!),
  charterId: id(),
  /** Typed in only when there is no charter (the charter's seats otherwise). */
  capacity: optionalText(6),
  vehicleId: id(),
  minPassengers: optionalText(6),
  includes: textLines(MAX_LINES, excErr.tooMany),
  excludes: textLines(MAX_LINES, excErr.tooMany),
  cancellationPolicy: optionalText(4000),
  currency: z.enum(SERVICE_CURRENCIES, { error: svcErr.currency }),
  published: checkboxField(),
  boardings: postedRows(boardingRow(timeZone), excErr.tooMany),
  prices: priceGridField(),
  components: postedRows(componentRow, excErr.tooMany),
});

type Parsed = z.output<z.ZodObject<ReturnType<typeof excursionFields>>>;

const wholeNumber = (v: string | null, min: number, max: number) => (v !== null && /^[0-9]{1,6}$/.test(v) && Number(v) >= min && Number(v) <= max ? Number(v) : null);

/** Cross-field rules and the rows as stored: empty rows dropped, each row checked. */
function finish(v: Parsed, ctx: z.RefinementCtx) {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });

  let slug: string | null = null;
  if (v.slug) {
    slug = slugify(v.slug);
    if (!isSlug(slug)) issue(["slug"], excErr.slug);
  }
  if (v.returnAt && v.departureAt && v.returnAt < v.departureAt) issue(["returnAt"], svcErr.returnBeforeDeparture);

  let capacity: number | null = null;
  if (!v.charterId) {
    capacity = wholeNumber(v.capacity, 1, MAX_CAPACITY);
    if (capacity === null) issue(["capacity"], excErr.capacity);
  }
  const minPassengers = v.minPassengers === null ? 1 : wholeNumber(v.minPassengers, 0, MAX_CAPACITY);
  if (minPassengers === null) issue(["minPassengers"], excErr.minPassengers);

  const boardings: ExcursionBoarding[] = [];
  const seenPoints = new Set<string>();
  const seenIds = new Set<string>();
  (v.boardings ?? []).forEach((b, i) => {
    if (!b || (!b.boardingPointId && !b.departureAt)) return;
    if (!b.boardingPointId || !SERVICE_ID.test(b.boardingPointId)) return issue(["boardings", i, "boardingPointId"], excErr.boardingPoint);
    if (seenPoints.has(b.boardingPointId)) return issue(["boardings", i, "boardingPointId"], excErr.boardingTwice);
    seenPoints.add(b.boardingPointId);
    const rowId = b.id && !seenIds.has(b.id) ? b.id : null;
    if (rowId) seenIds.add(rowId);
    boardings.push({ id: rowId, boardingPointId: b.boardingPointId, departureAt: b.departureAt });
  });
  if (boardings.length > MAX_BOARDINGS) issue(["boardings"], excErr.tooMany);

  const components: ExcursionComponent[] = [];
  const seenRefs = new Set<string>();
  const seenComponentIds = new Set<string>();
  (v.components ?? []).forEach((c, i) => {
    if (!c || (!c.ref && !c.notes)) return;
    const parsed = parseComponentRef(c.ref);
    if (!parsed) return issue(["components", i, "ref"], excErr.component);
    if (seenRefs.has(c.ref!)) return issue(["components", i, "ref"], excErr.componentTwice);
    seenRefs.add(c.ref!);
    const rowId = c.id && !seenComponentIds.has(c.id) ? c.id : null;
    if (rowId) seenComponentIds.add(rowId);
    components.push({ id: rowId, kind: parsed.kind, refId: parsed.id, notes: c.notes });
  });
  if (components.length > MAX_COMPONENTS) issue(["components"], excErr.tooMany);

  const prices: PriceCell[] = priceCells(v.prices);
  return { ...v, slug, capacity, minPassengers: minPassengers ?? 1, boardings, components, prices };
}

/** Novo excursão, for the agency's time zone. */
export const excursionSchema = (timeZone: string) => z.object(excursionFields(timeZone)).transform(finish);
/** Editar excursão: the same plus the version the form was loaded with. */
export const excursionEditSchema = (timeZone: string) =>
  z.object({ ...excursionFields(timeZone), version: versionField() }).transform((v, ctx) => ({ ...finish(v, ctx), version: v.version }));

export type ExcursionInput = z.output<ReturnType<typeof excursionSchema>>;

export const moveSchema = z.object({
  to: z.enum(MOVE_TARGETS, { error: msg.invalid }),
  reason: optionalText(500),
});

/** Clone: the days every date moves by, and the new title. */
export const cloneSchema = z.object({
  offsetDays: z
    .string({ error: excErr.offset })
    .trim()
    .regex(/^[+-]?[0-9]{1,3}$/, excErr.offset)
    .transform((v) => Number(v))
    .refine((v) => Math.abs(v) <= MAX_OFFSET_DAYS, excErr.offset),
  title: requiredText(120),
});
