/**
 * Excursions (Serviços → Excursões; DOMAIN.md "excursion", spec §2.3/§2.6): the
 * agency's own trips, mostly by bus. Pure, without zod (components import it):
 * paths, limits, error keys, the component references ("guide:<id>"), the
 * manifest-lock rule, the status moves, the list's sorts and filters, the form
 * values and the CSV columns. The schemas — the form's (date-times typed in the
 * agency's time zone leave it as UTC ISO strings, so it is built for a zone;
 * child rows posted as Conform lists: `boardings[0].boardingPointId`,
 * `prices.double.adult`, `components[0].ref`), the status move's and the
 * clone's — are in excursion.schema.ts.
 */
import { EXCURSION_COMPONENT_KINDS, type ExcursionComponentKind } from "~/db/schema/excursions";
import type { Role } from "~/db/schema/platform";
import type { ListSpec } from "~/lib/kit/list";
import { parseCalendarDate } from "~/lib/platform/time-zone";
import { EXCURSION_STATUSES, type ExcursionStatus } from "~/lib/excursions/status";
import { localInputToUtc, priceGridValues, SERVICE_ID, utcToLocalInput } from "~/lib/services/fields";

export type { ExcursionInput } from "~/lib/excursions/excursion.schema";

export { EXCURSION_COMPONENT_KINDS, EXCURSION_STATUSES };
export type { ExcursionComponentKind, ExcursionStatus };

export const EXCURSION_LIST_PATH = "/servicos/excursoes";
/** The audit entity of an excursion (its record store's, the operational view's). */
export const EXCURSION_ENTITY = "excursion";
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

export type ExcursionBoarding = { id: string | null; boardingPointId: string; departureAt: string | null };
export type ExcursionComponent = { id: string | null; kind: ExcursionComponentKind; refId: string; notes: string | null };

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
export const MAX_OFFSET_DAYS = 365;
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
