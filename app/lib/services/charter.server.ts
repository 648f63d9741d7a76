/**
 * Ground charters on the server: the record store, the list (with the bus
 * company's name and the seats' availability), the checks a save needs from the
 * database (the bus company and destination are the agency's), the stored row
 * of a form input, clone, and the CSV export.
 */
import { and, asc, eq, gte, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import { destination, groundCharter, supplier } from "~/db/schema";
import { charterSeatCounts } from "~/lib/excursions/operational-seats.server";
import { formatCents } from "~/lib/finance/money";
import { exportList } from "~/lib/kit/export.server";
import type { ListQuery } from "~/lib/kit/list";
import { runList } from "~/lib/kit/list.server";
import { createRecord, deleteRecord, findRecord, listSourceOf, recordStore, type ReadScope, type WriteScope } from "~/lib/kit/record.server";
import type { ExtraIntents, RecordSpec } from "~/lib/kit/record-action.server";
import { redirectWithToast } from "~/lib/platform/flash.server";
import { conflict, forbidden, notFound } from "~/lib/platform/http";
import type { ToastMessage } from "~/lib/platform/toast";
import { CHARTER_REFERENCES } from "~/lib/registers/references.server";
import { buildSearchText } from "~/lib/kit/search-text";
import type { Scope } from "~/lib/platform/scope.server";
import { zonedDayRange } from "~/lib/platform/time-zone";
import { fail, ok, type Result } from "~/lib/platform/result";
import { CHARTER_CSV_COLUMNS, CHARTER_LIST_PATH, charterFormValues, type Availability, type CharterCsvColumn, type CharterFilter, type CharterInput, type CharterSort } from "~/lib/services/charter";
import { charterEditSchema, charterSchema } from "~/lib/services/charter.schema";
import { canArchiveServices, SERVICE_CURRENCIES, svcErr, utcToLocalInput } from "~/lib/services/fields";
import { blockedSeats, capacityOf, templateLayout } from "~/lib/services/seat-layout";

export const CHARTER_ENTITY = "ground_charter";
export { CHARTER_LIST_PATH };

export type CharterRow = typeof groundCharter.$inferSelect;
type CsvRow = { row: CharterRow; id: string; sortValue: string | number | null; supplierName: string | null; supplierTradeName: string | null; availability: Availability };

export const charterStore = recordStore({
  table: groundCharter,
  entity: CHARTER_ENTITY,
  label: (row) => row.title,
  softDelete: groundCharter.archivedAt,
  searchText: groundCharter.searchText,
  counter: CHARTER_ENTITY,
  createdBy: groundCharter.createdBy,
  // Archiving a charter is refused while a live excursion runs on it.
  references: CHARTER_REFERENCES,
});

/** The list's source; the date range is the agency's calendar days, so it is made for a time zone. */
export function charterSource(timeZone: string) {
  return listSourceOf<CharterSort, CharterFilter>(charterStore, {
    sortColumns: { departureAt: groundCharter.departureAt, title: groundCharter.searchText, createdAt: groundCharter.createdAt },
    filterWhere: (f) => {
      const out: SQL[] = [];
      if (f.fornecedor) out.push(eq(groundCharter.supplierId, f.fornecedor));
      const { start, end } = zonedDayRange(f.de ?? null, f.ate ?? null, timeZone);
      if (start) out.push(gte(groundCharter.departureAt, start));
      if (end) out.push(lt(groundCharter.departureAt, end));
      return out;
    },
  });
}

/** What search finds a charter by: title, route, bus company, plate and ANTT number. */
export const charterSearchText = (r: {
  title: string;
  origin: string;
  stops: readonly string[];
  destinationName: string;
  supplierName?: string | null;
  vehiclePlate?: string | null;
  anttAuthorization?: string | null;
}) => buildSearchText(r.title, r.origin, r.stops, r.destinationName, r.supplierName, r.vehiclePlate, r.anttAuthorization);

export type CharterListRow = {
  id: string;
  sortValue: string | number | null;
  title: string;
  supplierId: string;
  supplierName: string | null;
  vehicleType: CharterRow["vehicleType"];
  origin: string;
  destinationName: string;
  departureAt: string;
  returnAt: string | null;
  capacity: number;
  costCents: number;
  currency: string;
  anttValidUntil: string | null;
  availability: Availability;
};

/**
 * Availability of charters: the total is the layout's sellable seats; held and
 * sold are the passengers of the live excursions on the charter, counted where
 * every seat count is (charterSeatCounts in lib/excursions/operational-seats.server.ts).
 * Computed on every read, never stored.
 */
export async function charterAvailability(scope: ReadScope, charters: readonly { id: string; capacity: number }[]): Promise<Map<string, Availability>> {
  const counts = await charterSeatCounts(scope, charters.map((c) => c.id));
  const out = new Map<string, Availability>();
  for (const c of charters) {
    const { held, sold } = counts.get(c.id) ?? { held: 0, sold: 0 };
    out.set(c.id, { total: c.capacity, held, sold, free: Math.max(0, c.capacity - held - sold) });
  }
  return out;
}

export async function listCharters(scope: Scope, query: ListQuery<CharterSort, CharterFilter>) {
  const { db, agencyId } = scope;
  const source = charterSource(scope.timeZone);
  const sortColumn = source.sortColumns[query.sort];
  const { rows, page } = await runList({ db, agencyId }, source, query, (where, order, limit) =>
    db
      .select({
        id: groundCharter.id,
        sortValue: sql<string | number | null>`${sortColumn}`,
        title: groundCharter.title,
        supplierId: groundCharter.supplierId,
        supplierName: supplier.name,
        supplierTradeName: supplier.tradeName,
        vehicleType: groundCharter.vehicleType,
        origin: groundCharter.origin,
        destinationName: groundCharter.destinationName,
        departureAt: groundCharter.departureAt,
        returnAt: groundCharter.returnAt,
        capacity: groundCharter.capacity,
        costCents: groundCharter.costCents,
        currency: groundCharter.currency,
        anttValidUntil: groundCharter.anttValidUntil,
      })
      .from(groundCharter)
      .leftJoin(supplier, and(eq(supplier.id, groundCharter.supplierId), eq(supplier.agencyId, agencyId)))
      .where(where)
      .orderBy(...order)
      .limit(limit),
  );
  const availability = await charterAvailability(scope, rows);
  return {
    page,
    rows: rows.map(
      ({ supplierTradeName, ...r }): CharterListRow => ({
        ...r,
        supplierName: supplierTradeName || r.supplierName,
        availability: availability.get(r.id)!,
      }),
    ),
  };
}

export type Option = { value: string; label: string };

/** The agency's live bus companies (suppliers of category bus_company), and the current one even if it changed. */
export async function busCompanyOptions(scope: ReadScope, include?: string | null): Promise<Option[]> {
  const rows = await scope.db
    .select({ id: supplier.id, name: supplier.name, tradeName: supplier.tradeName })
    .from(supplier)
    .where(and(eq(supplier.agencyId, scope.agencyId), isNull(supplier.deletedAt), eq(supplier.category, "bus_company")))
    .orderBy(asc(supplier.searchText), asc(supplier.id))
    .limit(500);
  const options = rows.map((r) => ({ value: r.id, label: r.tradeName || r.name }));
  if (include && !options.some((o) => o.value === include)) {
    const [current] = await scope.db
      .select({ id: supplier.id, name: supplier.name, tradeName: supplier.tradeName })
      .from(supplier)
      .where(and(eq(supplier.agencyId, scope.agencyId), eq(supplier.id, include)))
      .limit(1);
    if (current) options.unshift({ value: current.id, label: current.tradeName || current.name });
  }
  return options;
}

/** The agency's live destinations, for the route's registered destination. */
export async function destinationOptions(scope: ReadScope, include?: string | null): Promise<Option[]> {
  const rows = await scope.db
    .select({ id: destination.id, name: destination.name, state: destination.state })
    .from(destination)
    .where(and(eq(destination.agencyId, scope.agencyId), isNull(destination.deletedAt)))
    .orderBy(asc(destination.searchText), asc(destination.id))
    .limit(500);
  const options = rows.map((r) => ({ value: r.id, label: r.state ? `${r.name} - ${r.state}` : r.name }));
  if (include && !options.some((o) => o.value === include)) {
    const [current] = await scope.db
      .select({ id: destination.id, name: destination.name })
      .from(destination)
      .where(and(eq(destination.agencyId, scope.agencyId), eq(destination.id, include)))
      .limit(1);
    if (current) options.unshift({ value: current.id, label: current.name });
  }
  return options;
}

/**
 * Field errors a save needs the database for: the bus company must be one of
 * the agency's live suppliers of category bus_company (the one already saved
 * stays acceptable), the destination one of its live destinations.
 */
export async function checkCharter(scope: ReadScope, input: CharterInput, current: CharterRow | null): Promise<Record<string, string[]> | null> {
  const errors: Record<string, string[]> = {};
  const [company] = await scope.db
    .select({ id: supplier.id, category: supplier.category, deletedAt: supplier.deletedAt })
    .from(supplier)
    .where(and(eq(supplier.agencyId, scope.agencyId), eq(supplier.id, input.supplierId)))
    .limit(1);
  const unchanged = current?.supplierId === input.supplierId;
  if (!company || (!unchanged && company.deletedAt)) errors.supplierId = [svcErr.supplier];
  else if (!unchanged && company.category !== "bus_company") errors.supplierId = [svcErr.supplierCategory];
  if (input.destinationId) {
    const [place] = await scope.db
      .select({ id: destination.id, deletedAt: destination.deletedAt })
      .from(destination)
      .where(and(eq(destination.agencyId, scope.agencyId), eq(destination.id, input.destinationId)))
      .limit(1);
    if (!place || (place.deletedAt && current?.destinationId !== input.destinationId)) errors.destinationId = [svcErr.destination];
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** The supplier's display name (for the search text). */
async function supplierName(scope: ReadScope, id: string): Promise<string | null> {
  const [row] = await scope.db
    .select({ name: supplier.name, tradeName: supplier.tradeName })
    .from(supplier)
    .where(and(eq(supplier.agencyId, scope.agencyId), eq(supplier.id, id)))
    .limit(1);
  return row ? [row.tradeName, row.name].filter(Boolean).join(" ") : null;
}

/** The stored columns of a validated input (capacity and search text derived). */
export function charterValues(input: CharterInput, companyName: string | null) {
  return {
    title: input.title,
    supplierId: input.supplierId,
    vehicleType: input.vehicleType,
    vehiclePlate: input.vehiclePlate,
    seatLayout: input.seatLayout,
    capacity: capacityOf(input.seatLayout).sellable,
    origin: input.origin,
    stops: input.stops,
    destinationName: input.destinationName,
    destinationId: input.destinationId,
    departureAt: input.departureAt,
    returnAt: input.returnAt,
    costCents: input.cost,
    currency: input.currency,
    anttAuthorization: input.anttAuthorization,
    anttValidUntil: input.anttValidUntil,
    notes: input.notes,
    searchText: charterSearchText({ ...input, supplierName: companyName }),
  };
}

/** A stored charter as the form shows it, in the agency's zone. */
export const charterForm = (row: CharterRow, timeZone: string) => charterFormValues(row, timeZone, utcToLocalInput);

/** The values of an empty form (novo): the executivo template, the agency's currency. */
export const charterEmpty = (currency: string) => ({
  vehicleType: "executivo",
  seatLayout: JSON.stringify(templateLayout("executivo")),
  currency: (SERVICE_CURRENCIES as readonly string[]).includes(currency) ? currency : "BRL",
  cost: "",
});

/**
 * The record kit's spec of the charter screen, for a request: the schemas are
 * in the agency's time zone, and the bus company's name found by `check`
 * goes into the search text.
 */
export function charterSpec(scope: Pick<Scope, "timeZone">): RecordSpec<typeof groundCharter, CharterInput> {
  let companyName: string | null = null;
  return {
    store: charterStore,
    listPath: CHARTER_LIST_PATH,
    // Charters are archived (intent "archive"), never deleted.
    canDelete: () => false,
    schemas: { create: charterSchema(scope.timeZone), edit: charterEditSchema(scope.timeZone) },
    values: (input) => charterValues(input, companyName),
    display: (row) => {
      // The layout reads as its seats and blocked seats ("46 · 12, 13"), not as JSON.
      const blocked = blockedSeats(row.seatLayout).map((b) => b.number);
      return { ...charterForm(row, scope.timeZone), seatLayout: [String(capacityOf(row.seatLayout).seats), blocked.join(", ")].filter(Boolean).join(" · ") };
    },
    check: async (s, input, current) => {
      const errors = await checkCharter(s, input, current);
      companyName = errors ? null : await supplierName(s, input.supplierId);
      return errors;
    },
  };
}

/**
 * The edit screen's own intents: archive (administrators and operations; it
 * leaves lists and sales, history kept) and clone (a copy to adjust). Another
 * agency's or an unknown id is a 404; anything else goes on to save.
 */
export function charterIntents(id: string, copySuffix: string): ExtraIntents {
  return async (intent, _formData, scope) => {
    if (intent === "archive") {
      if (!canArchiveServices(scope.role)) {
        return forbidden({ archiveError: "services.archive.forbidden", toast: { title: "services.archive.forbidden", variant: "destructive" } satisfies ToastMessage });
      }
      const result = await deleteRecord(scope, charterStore, id);
      if (!result.ok && result.reason === "referenced") {
        return conflict({
          archiveError: "services.archive.referenced",
          references: result.references ?? [],
          toast: { title: "services.archive.referencedToast", variant: "destructive" } satisfies ToastMessage,
        });
      }
      if (!result.ok) throw notFound();
      return redirectWithToast(CHARTER_LIST_PATH, { title: "services.archive.done", values: { name: result.label } });
    }
    if (intent === "clone") {
      const copy = await cloneCharter(scope, id, copySuffix);
      if (!copy.ok) throw notFound();
      return redirectWithToast(`${CHARTER_LIST_PATH}/editar/${copy.id}`, { title: "services.clone.done", values: { name: copy.title } });
    }
    return undefined;
  };
}

/** Copies a charter as a new one ("<title> (cópia)"): same vehicle, layout, route and dates, to be adjusted. */
export async function cloneCharter(scope: WriteScope, id: string, copySuffix: string): Promise<Result<{ id: string; title: string }, "notFound" | "unique">> {
  const row = await findRecord(scope, charterStore, id);
  if (!row) return fail("notFound");
  const title = `${row.title} ${copySuffix}`.slice(0, 120);
  const { id: _id, agencyId: _a, createdAt: _c, updatedAt: _u, version: _v, createdBy: _b, archivedAt: _d, ...copy } = row;
  const created = await createRecord(scope, charterStore, {
    ...copy,
    title,
    searchText: charterSearchText({ ...row, title, supplierName: await supplierName(scope, row.supplierId) }),
  });
  if (!created.ok) return created;
  return ok({ id: created.id, title });
}

/** Ids of the agency's live charters among `ids` (tests, availability). */
export async function liveCharterIds(scope: ReadScope, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await scope.db
    .select({ id: groundCharter.id })
    .from(groundCharter)
    .where(and(eq(groundCharter.agencyId, scope.agencyId), isNull(groundCharter.archivedAt), inArray(groundCharter.id, ids)));
  return rows.map((r) => r.id);
}

/** The current filter of the list as CSV (date-times in the agency's zone, money as "1.234,56"). */
export function chartersCsv(scope: Scope, query: ListQuery<CharterSort, CharterFilter>, filename: string, vehicleLabel: (type: string) => string): Response {
  const { db, agencyId, timeZone } = scope;
  const source = charterSource(timeZone);
  const sortColumn = source.sortColumns[query.sort];
  const select = async (where: SQL, order: SQL[], limit: number): Promise<CsvRow[]> => {
    const rows = (await db
      .select({ row: groundCharter, id: groundCharter.id, sortValue: sql<string | number | null>`${sortColumn}`, supplierName: supplier.name, supplierTradeName: supplier.tradeName })
      .from(groundCharter)
      .leftJoin(supplier, and(eq(supplier.id, groundCharter.supplierId), eq(supplier.agencyId, agencyId)))
      .where(where)
      .orderBy(...order)
      .limit(limit)) as Omit<CsvRow, "availability">[];
    // Each batch's availability in one grouped read (charterAvailability: the one place seats are counted).
    const availability = await charterAvailability(scope, rows.map((r) => ({ id: r.id, capacity: capacityOf(r.row.seatLayout).sellable })));
    return rows.map((r) => ({ ...r, availability: availability.get(r.id)! }));
  };
  const local = (iso: string | null) => (iso ? utcToLocalInput(iso, timeZone).replace("T", " ") : "");
  return exportList(scope, source, query, select, CHARTER_CSV_COLUMNS, (r): Record<CharterCsvColumn, string> => {
    const c = r.row;
    const capacity = capacityOf(c.seatLayout);
    return {
      title: c.title,
      busCompany: r.supplierTradeName || r.supplierName || "",
      vehicleType: vehicleLabel(c.vehicleType),
      vehiclePlate: c.vehiclePlate ?? "",
      origin: c.origin,
      stops: c.stops.join(" | "),
      destination: c.destinationName,
      departureAt: local(c.departureAt),
      returnAt: local(c.returnAt),
      seats: String(capacity.seats),
      blockedSeats: blockedSeats(c.seatLayout)
        .map((b) => b.number)
        .join(" | "),
      sellableSeats: String(capacity.sellable),
      held: String(r.availability.held),
      sold: String(r.availability.sold),
      free: String(r.availability.free),
      cost: formatCents(c.costCents),
      currency: c.currency,
      anttAuthorization: c.anttAuthorization ?? "",
      anttValidUntil: c.anttValidUntil ?? "",
      notes: c.notes ?? "",
    };
  }, filename);
}
