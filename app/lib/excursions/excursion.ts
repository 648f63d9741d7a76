/**
 * Excursions (Serviços → Excursões; DOMAIN.md "excursion", spec §2.3/§2.6): the
 * agency's own trips, mostly by bus. What browser and server share: the form
 * schema (date-times typed in the agency's time zone leave it as UTC ISO
 * strings, so it is built for a zone; child rows posted as Conform lists:
 * `boardings[0].boardingPointId`, `prices.double.adult`, `components[0].ref`
 * = "guide:<id>"), the manifest-lock rule, the status moves' form, the clone
 * form, the list's sorts and filters, the form values and the CSV columns. Pure.
 */
import { z } from "zod";
import { EXCURSION_COMPONENT_KINDS, type ExcursionComponentKind } from "~/db/schema/excursions";
import type { Role } from "~/db/schema/platform";
import { checkboxField, versionField } from "~/lib/kit/fields";
import { msg, optionalText, requiredText } from "~/lib/kit/forms";
import type { ListSpec } from "~/lib/kit/list";
import { parseCalendarDate } from "~/lib/platform/time-zone";
import { EXCURSION_STATUSES, type ExcursionStatus } from "~/lib/excursions/status";
import {
  localDateTime,
  localInputToUtc,
  postedRows,
  priceCells,
  priceGridField,
  priceGridValues,
  SERVICE_CURRENCIES,
  SERVICE_ID,
  svcErr,
  textLines,
  utcToLocalInput,
  type PriceCell,
} from "~/lib/services/fields";
import { isSlug, slugify, SLUG_MAX } from "~/lib/services/slug";

export { EXCURSION_COMPONENT_KINDS, EXCURSION_STATUSES };
export type { ExcursionComponentKind, ExcursionStatus };

export const EXCURSION_LIST_PATH = "/servicos/excursoes";
export const excursionEditPath = (id: string) => `${EXCURSION_LIST_PATH}/editar/${id}`;
export const excursionClonePath = (id: string) => `${EXCURSION_LIST_PATH}/clonar/${id}`;
/** The operational view (passengers, manifest, checklist): another screen. */
export const excursionOperationalPath = (id: string) => `${EXCURSION_LIST_PATH}/operacional/${id}`;
/** The public page's path (it comes with the public pages: here it is shown, not linked). */
export const publicExcursionPath = (slug: string) => `/excursao/${slug}`;

export const MAX_LINES = 40;
export const MAX_BOARDINGS = 20;
export const MAX_COMPONENTS = 30;
export const MAX_CAPACITY = 1000;

/** The excursion's error keys (app/locales/services/excursions). */
export const excErr = {
  destination: "services.excursions.errors.destination",
  slug: "services.excursions.errors.slug",
  slugTaken: "services.excursions.errors.slugTaken",
  slugKept: "services.excursions.errors.slugKept",
  capacity: "services.excursions.errors.capacity",
  capacityTaken: "services.excursions.errors.capacityTaken",
  minPassengers: "services.excursions.errors.minPassengers",
  charter: "services.excursions.errors.charter",
  vehicle: "services.excursions.errors.vehicle",
  boardingPoint: "services.excursions.errors.boardingPoint",
  boardingTwice: "services.excursions.errors.boardingTwice",
  boardingBeforeDeparture: "services.excursions.errors.boardingBeforeDeparture",
  component: "services.excursions.errors.component",
  componentTwice: "services.excursions.errors.componentTwice",
  tooMany: "services.excursions.errors.tooMany",
  publishStatus: "services.excursions.errors.publishStatus",
  readOnly: "services.excursions.errors.readOnly",
  offset: "services.excursions.errors.offset",
} as const;

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

export type ExcursionBoarding = { id: string | null; boardingPointId: string; departureAt: string | null };
export type ExcursionComponent = { id: string | null; kind: ExcursionComponentKind; refId: string; notes: string | null };

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

/** "guide:<id>" → the kind and id, or null. */
export function parseComponentRef(ref: string | null): { kind: ExcursionComponentKind; id: string } | null {
  if (!ref) return null;
  const at = ref.indexOf(":");
  if (at < 0) return null;
  const kind = ref.slice(0, at);
  const refId = ref.slice(at + 1);
  if (!(EXCURSION_COMPONENT_KINDS as readonly string[]).includes(kind) || !SERVICE_ID.test(refId)) return null;
  return { kind: kind as ExcursionComponentKind, id: refId };
}
export const componentRef = (kind: ExcursionComponentKind, refId: string) => `${kind}:${refId}`;

/** Novo excursão, for the agency's time zone. */
export const excursionSchema = (timeZone: string) => z.object(excursionFields(timeZone)).transform(finish);
/** Editar excursão: the same plus the version the form was loaded with. */
export const excursionEditSchema = (timeZone: string) =>
  z.object({ ...excursionFields(timeZone), version: versionField() }).transform((v, ctx) => ({ ...finish(v, ctx), version: v.version }));

export type ExcursionInput = z.output<ReturnType<typeof excursionSchema>>;

// ---------------------------------------------------------------------------
// Publishing and the manifest lock

/** Publishing (the public page, online sales) is for trips on sale or closed; drafts and finished trips are not shown. */
export const canPublish = (status: ExcursionStatus) => status === "open" || status === "closed";

/** The crew: the components the manifest names (guides and drivers). */
export const CREW_KINDS: readonly ExcursionComponentKind[] = ["guide", "driver"];

/** What a final manifest locks: the trip's dates, its vehicle, where it boards and its crew. */
export type LockedFacts = {
  departureAt: string;
  returnAt: string;
  charterId: string | null;
  vehicleId: string | null;
  boardings: readonly { boardingPointId: string; departureAt: string }[];
  crew: readonly { kind: ExcursionComponentKind; refId: string }[];
};
export type LockedField = "departureAt" | "returnAt" | "charterId" | "vehicleId" | "boardings" | "crew";

/** The locked facts that differ between the stored trip and a save (order of boardings and crew ignored). */
export function lockedChanges(before: LockedFacts, after: LockedFacts): LockedField[] {
  const set = (items: readonly string[]) => JSON.stringify([...items].sort());
  const out: LockedField[] = [];
  if (before.departureAt !== after.departureAt) out.push("departureAt");
  if (before.returnAt !== after.returnAt) out.push("returnAt");
  if ((before.charterId ?? null) !== (after.charterId ?? null)) out.push("charterId");
  if ((before.vehicleId ?? null) !== (after.vehicleId ?? null)) out.push("vehicleId");
  if (set(before.boardings.map((b) => `${b.boardingPointId}@${b.departureAt}`)) !== set(after.boardings.map((b) => `${b.boardingPointId}@${b.departureAt}`))) out.push("boardings");
  const crew = (c: LockedFacts["crew"]) => set(c.filter((x) => CREW_KINDS.includes(x.kind)).map((x) => `${x.kind}:${x.refId}`));
  if (crew(before.crew) !== crew(after.crew)) out.push("crew");
  return out;
}

/**
 * Whether a save may go through once the manifest is final: an Admin's always
 * (audited as every save); anyone else's only when it leaves the locked facts
 * as they are. Returns the locked fields the save would change (empty: allowed).
 */
export function refusedByManifestLock(role: Role, manifestFinalAt: string | null, before: LockedFacts, after: LockedFacts): LockedField[] {
  if (!manifestFinalAt || role === "Admin" || role === "SuperAdmin") return [];
  return lockedChanges(before, after);
}

// ---------------------------------------------------------------------------
// Status moves and clone

/** The status buttons post intent=move with the target status (and a reason to cancel). */
export const MOVE_TARGETS = ["open", "closed", "done", "cancelled"] as const satisfies readonly ExcursionStatus[];
export const moveSchema = z.object({
  to: z.enum(MOVE_TARGETS, { error: msg.invalid }),
  reason: optionalText(500),
});

export const MAX_OFFSET_DAYS = 365;
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

/** An instant moved by whole days on the agency's calendar (the local time of day kept, even across a daylight-saving change). */
export function shiftDays(iso: string, days: number, timeZone: string): string {
  const local = utcToLocalInput(iso, timeZone);
  const [date, time] = local.split("T") as [string, string];
  const shifted = new Date(Date.parse(`${date}T00:00:00.000Z`) + days * 86_400_000).toISOString().slice(0, 10);
  return localInputToUtc(`${shifted}T${time}`, timeZone) ?? new Date(Date.parse(iso) + days * 86_400_000).toISOString();
}

/** A boarding point's usual time: the departure plus the point's offset in minutes. */
export const boardingTime = (departureAt: string, offsetMinutes: number) => new Date(Date.parse(departureAt) + offsetMinutes * 60_000).toISOString();

// ---------------------------------------------------------------------------
// List

export const EXCURSION_SORTS = ["departureAt", "title", "createdAt"] as const;
export type ExcursionSort = (typeof EXCURSION_SORTS)[number];
export type ExcursionFilter = "status" | "destino" | "publicado" | "de" | "ate";

/** Filters: status, destination (id), published (sim / nao) and a range of departure days (the agency's calendar). */
export const excursionListSpec = {
  sorts: EXCURSION_SORTS,
  defaultSort: "departureAt",
  defaultDir: "asc",
  filters: {
    status: EXCURSION_STATUSES,
    destino: (v: string) => SERVICE_ID.test(v),
    publicado: ["sim", "nao"],
    de: (v: string) => parseCalendarDate(v) !== null,
    ate: (v: string) => parseCalendarDate(v) !== null,
  },
} as const satisfies ListSpec<ExcursionSort, ExcursionFilter>;

/** Seats of an excursion: its capacity, what sales hold and confirmed, what is left. */
export type ExcursionAvailability = { capacity: number; held: number; confirmed: number; free: number };
export const availabilityOf = (capacity: number, held: number, confirmed: number): ExcursionAvailability => ({ capacity, held, confirmed, free: Math.max(0, capacity - held - confirmed) });

// ---------------------------------------------------------------------------
// Form values and CSV

export type ExcursionFormValues = {
  title: string;
  slug: string;
  summary: string;
  destinationId: string;
  departureAt: string;
  returnAt: string;
  charterId: string;
  capacity: string;
  vehicleId: string;
  minPassengers: string;
  includes: string;
  excludes: string;
  cancellationPolicy: string;
  currency: string;
  published: string;
  boardings: { id: string; boardingPointId: string; departureAt: string }[];
  prices: Record<string, Record<string, string>>;
  components: { id: string; ref: string; notes: string }[];
};

export const EMPTY_BOARDING = { id: "", boardingPointId: "", departureAt: "" };
export const EMPTY_COMPONENT = { id: "", ref: "", notes: "" };

export type ExcursionChildren = {
  boardings: readonly { id: string; boardingPointId: string; departureAt: string }[];
  prices: readonly { roomType: string; ageBand: string; priceCents: number }[];
  components: readonly { id: string; kind: ExcursionComponentKind; refId: string; notes: string | null }[];
};

/** A stored excursion and its children as the form shows them (date-times in the agency's zone). */
export function excursionFormValues(
  row: {
    title: string;
    slug: string;
    summary: string | null;
    destinationId: string;
    departureAt: string;
    returnAt: string;
    charterId: string | null;
    capacity: number;
    vehicleId: string | null;
    minPassengers: number;
    includes: string[];
    excludes: string[];
    cancellationPolicy: string | null;
    currency: string;
    published: boolean;
  },
  children: ExcursionChildren,
  timeZone: string,
): ExcursionFormValues {
  const local = (iso: string) => (iso ? utcToLocalInput(iso, timeZone) : "");
  return {
    title: row.title,
    slug: row.slug,
    summary: row.summary ?? "",
    destinationId: row.destinationId,
    departureAt: local(row.departureAt),
    returnAt: local(row.returnAt),
    charterId: row.charterId ?? "",
    capacity: row.charterId || !row.capacity ? "" : String(row.capacity),
    vehicleId: row.vehicleId ?? "",
    minPassengers: String(row.minPassengers),
    includes: row.includes.join("\n"),
    excludes: row.excludes.join("\n"),
    cancellationPolicy: row.cancellationPolicy ?? "",
    currency: row.currency,
    published: row.published ? "on" : "",
    boardings: children.boardings.length > 0 ? children.boardings.map((b) => ({ id: b.id, boardingPointId: b.boardingPointId, departureAt: local(b.departureAt) })) : [EMPTY_BOARDING],
    prices: priceGridValues(children.prices),
    components: children.components.length > 0 ? children.components.map((c) => ({ id: c.id, ref: componentRef(c.kind, c.refId), notes: c.notes ?? "" })) : [EMPTY_COMPONENT],
  };
}

export const EXCURSION_CSV_COLUMNS = [
  "title",
  "slug",
  "status",
  "destination",
  "departureAt",
  "returnAt",
  "charter",
  "capacity",
  "held",
  "confirmed",
  "free",
  "minPassengers",
  "boardingPoints",
  "priceFrom",
  "currency",
  "published",
  "publicPath",
] as const;
export type ExcursionCsvColumn = (typeof EXCURSION_CSV_COLUMNS)[number];
