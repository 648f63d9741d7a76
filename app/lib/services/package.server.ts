/**
 * Third-party packages on the server: the record store, the list (operator,
 * destinations, departures' availability), the checks a save needs from the
 * database (operator and destinations are the agency's; the public slug unique
 * across agencies, made unique on create, kept once published), the stored row
 * and its child rows (destinations, departures, prices: saved with the package
 * in one batch by the record kit), archive, clone and the CSV export.
 * Images: service-images.server.ts.
 */
import { and, asc, eq, gt, gte, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { destination, sale, saleItem, supplier, thirdPartyPackage, thirdPartyPackageDeparture, thirdPartyPackageDestination, thirdPartyPackagePrice } from "~/db/schema";
import { nowIso } from "~/db/schema/columns";
import { formatCents } from "~/lib/finance/money";
import { csvResponse } from "~/lib/kit/csv.server";
import type { ListQuery } from "~/lib/kit/list";
import { allRows, runList } from "~/lib/kit/list.server";
import { createRecord, deleteRecord, findRecord, listSourceOf, recordStore, type ChildRows, type ReadScope, type WriteScope } from "~/lib/kit/record.server";
import type { ExtraIntents, RecordSpec } from "~/lib/kit/record-action.server";
import { buildSearchText } from "~/lib/kit/search-text";
import { redirectWithToast } from "~/lib/platform/flash.server";
import { forbidden, notFound } from "~/lib/platform/http";
import { fail, ok, type Result } from "~/lib/platform/result";
import type { Scope } from "~/lib/platform/scope.server";
import type { ToastMessage } from "~/lib/platform/toast";
import type { Availability } from "~/lib/services/charter";
import { canArchiveServices, SERVICE_CURRENCIES } from "~/lib/services/fields";
import { departureSpan, PACKAGE_CSV_COLUMNS, PACKAGE_LIST_PATH, packageFormValues, pkgErr, publicPackagePath, type PackageCsvColumn, type PackageFilter, type PackageFormValues, type PackageInput, type PackageSort } from "~/lib/services/package";
import { packageEditSchema, packageSchema } from "~/lib/services/package.schema";
import { imageIntents } from "~/lib/services/service-images.server";
import { packageSlug, slugify, withSuffix } from "~/lib/services/slug";
import { agencyPrefix, freeSlug as freeServiceSlug, slugTaken } from "~/lib/services/slug.server";

export const PACKAGE_ENTITY = "third_party_package";
export { PACKAGE_LIST_PATH };

export type PackageRow = typeof thirdPartyPackage.$inferSelect;
type Option = { value: string; label: string };

export const packageStore = recordStore({
  table: thirdPartyPackage,
  entity: PACKAGE_ENTITY,
  label: (row) => row.title,
  softDelete: thirdPartyPackage.archivedAt,
  searchText: thirdPartyPackage.searchText,
  counter: PACKAGE_ENTITY,
  createdBy: thirdPartyPackage.createdBy,
});

const P = thirdPartyPackage;
const D = thirdPartyPackageDeparture;

/** The list's source: filters by operator, destination, published and a range of departure days. */
export const packageSource = listSourceOf<PackageSort, PackageFilter>(packageStore, {
  sortColumns: { firstDeparture: P.firstDeparture, title: P.searchText, createdAt: P.createdAt },
  filterWhere: (f) => {
    const out: SQL[] = [];
    if (f.operador) out.push(eq(P.operatorId, f.operador));
    if (f.publicado) out.push(eq(P.published, f.publicado === "sim"));
    // A package is in the range when some of its departures may be: its span overlaps the range.
    if (f.de) out.push(gte(P.lastDeparture, f.de));
    if (f.ate) out.push(lte(P.firstDeparture, f.ate));
    if (f.destino) {
      out.push(
        sql`exists (select 1 from ${thirdPartyPackageDestination} where ${thirdPartyPackageDestination.agencyId} = ${P.agencyId} and ${thirdPartyPackageDestination.packageId} = ${P.id} and ${thirdPartyPackageDestination.destinationId} = ${f.destino})`,
      );
    }
    return out;
  },
});

/** What search finds a package by: title, slug, operator and destinations. */
export const packageSearchText = (r: { title: string; slug: string; operatorName?: string | null; destinationNames?: readonly string[] }) =>
  buildSearchText(r.title, r.slug, r.operatorName, r.destinationNames ?? []);

// ---------------------------------------------------------------------------
// Availability

/**
 * Availability of package departures: the total is the departure's seats;
 * sold the quantity of the items of confirmed emissivo sales that point at a
 * departure (sale_item.package_departure_id; a cancelled or deleted sale
 * gives its seats back), held none. THE one place that computes it; never stored.
 */
export async function departureAvailability(scope: ReadScope, departures: readonly { id: string; seats: number }[]): Promise<Map<string, Availability>> {
  const out = new Map<string, Availability>();
  if (departures.length === 0) return out;
  const soldRows = await scope.db
    .select({ departureId: saleItem.packageDepartureId, n: sql<number>`coalesce(sum(${saleItem.quantity}), 0)` })
    .from(saleItem)
    .innerJoin(sale, and(eq(sale.id, saleItem.saleId), eq(sale.agencyId, scope.agencyId)))
    .where(and(eq(saleItem.agencyId, scope.agencyId), inArray(saleItem.packageDepartureId, departures.map((d) => d.id)), eq(sale.status, "confirmed"), isNull(sale.deletedAt)))
    .groupBy(saleItem.packageDepartureId);
  const soldBy = new Map(soldRows.map((r) => [r.departureId, Number(r.n)]));
  for (const d of departures) {
    const held = 0;
    const sold = Math.min(soldBy.get(d.id) ?? 0, d.seats);
    out.set(d.id, { total: d.seats, held, sold, free: Math.max(0, d.seats - held - sold) });
  }
  return out;
}

/** Which of the departures sale items point at, in any sale (they are archived, not deleted, when removed). */
export async function departuresInUse(scope: ReadScope, ids: readonly string[]): Promise<ReadonlySet<string>> {
  if (ids.length === 0) return new Set();
  const rows = await scope.db
    .selectDistinct({ id: saleItem.packageDepartureId })
    .from(saleItem)
    .where(and(eq(saleItem.agencyId, scope.agencyId), inArray(saleItem.packageDepartureId, [...ids])));
  return new Set(rows.map((r) => r.id).filter((v): v is string => !!v));
}

export type DepartureView = { id: string; departureDate: string; returnDate: string | null; seats: number; availability: Availability };

/** The live departures of packages, in date order, each with its availability; by package id. */
export async function liveDepartures(scope: ReadScope, packageIds: readonly string[]): Promise<Map<string, DepartureView[]>> {
  const out = new Map<string, DepartureView[]>();
  if (packageIds.length === 0) return out;
  const rows = await scope.db
    .select({ id: D.id, packageId: D.packageId, departureDate: D.departureDate, returnDate: D.returnDate, seats: D.seats })
    .from(D)
    .where(and(eq(D.agencyId, scope.agencyId), inArray(D.packageId, [...packageIds]), isNull(D.archivedAt)))
    .orderBy(asc(D.packageId), asc(D.departureDate), asc(D.id));
  const availability = await departureAvailability(scope, rows);
  for (const { packageId, ...d } of rows) {
    const list = out.get(packageId) ?? [];
    list.push({ ...d, availability: availability.get(d.id)! });
    out.set(packageId, list);
  }
  return out;
}

/** A package's availability over its departures (the list's column): sums of each departure's. */
export const totalAvailability = (departures: readonly { availability: Availability }[]): Availability =>
  departures.reduce((a, d) => ({ total: a.total + d.availability.total, held: a.held + d.availability.held, sold: a.sold + d.availability.sold, free: a.free + d.availability.free }), {
    total: 0,
    held: 0,
    sold: 0,
    free: 0,
  });

/** Destination names of packages, in each package's order; by package id. */
async function destinationNames(scope: ReadScope, packageIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (packageIds.length === 0) return out;
  const rows = await scope.db
    .select({ packageId: thirdPartyPackageDestination.packageId, name: destination.name })
    .from(thirdPartyPackageDestination)
    .innerJoin(destination, and(eq(destination.id, thirdPartyPackageDestination.destinationId), eq(destination.agencyId, scope.agencyId)))
    .where(and(eq(thirdPartyPackageDestination.agencyId, scope.agencyId), inArray(thirdPartyPackageDestination.packageId, [...packageIds])))
    .orderBy(asc(thirdPartyPackageDestination.packageId), asc(thirdPartyPackageDestination.position));
  for (const r of rows) out.set(r.packageId, [...(out.get(r.packageId) ?? []), r.name]);
  return out;
}

/** The lowest price per person of packages (the list's "from"; a free place, such as an infant's, is no "from"); by package id. */
async function lowestPrices(scope: ReadScope, packageIds: readonly string[]): Promise<Map<string, number>> {
  if (packageIds.length === 0) return new Map();
  const rows = await scope.db
    .select({ packageId: thirdPartyPackagePrice.packageId, cents: sql<number>`min(${thirdPartyPackagePrice.priceCents})` })
    .from(thirdPartyPackagePrice)
    .where(and(eq(thirdPartyPackagePrice.agencyId, scope.agencyId), inArray(thirdPartyPackagePrice.packageId, [...packageIds]), gt(thirdPartyPackagePrice.priceCents, 0)))
    .groupBy(thirdPartyPackagePrice.packageId);
  return new Map(rows.map((r) => [r.packageId, Number(r.cents)]));
}

// ---------------------------------------------------------------------------
// List

export type PackageListRow = {
  id: string;
  sortValue: string | number | null;
  title: string;
  slug: string;
  operatorName: string | null;
  destinations: string[];
  firstDeparture: string | null;
  lastDeparture: string | null;
  departures: number;
  availability: Availability;
  priceFrom: number | null;
  currency: string;
  published: boolean;
};

const listColumns = (sortColumn: unknown) => ({
  id: P.id,
  sortValue: sql<string | number | null>`${sortColumn}`,
  title: P.title,
  slug: P.slug,
  firstDeparture: P.firstDeparture,
  lastDeparture: P.lastDeparture,
  currency: P.currency,
  published: P.published,
  costCents: P.costCents,
  operatorName: supplier.name,
  operatorTradeName: supplier.tradeName,
});

/** Decorates a page of packages with destinations, departures' availability and the lowest price (three queries). */
async function decorate(scope: ReadScope, rows: readonly { id: string }[]) {
  const ids = rows.map((r) => r.id);
  const [departures, names, prices] = await Promise.all([liveDepartures(scope, ids), destinationNames(scope, ids), lowestPrices(scope, ids)]);
  return { departures, names, prices };
}

export async function listPackages(scope: Scope, query: ListQuery<PackageSort, PackageFilter>) {
  const { db, agencyId } = scope;
  const sortColumn = packageSource.sortColumns[query.sort];
  const { rows, page } = await runList({ db, agencyId }, packageSource, query, (where, order, limit) =>
    db
      .select(listColumns(sortColumn))
      .from(P)
      .leftJoin(supplier, and(eq(supplier.id, P.operatorId), eq(supplier.agencyId, agencyId)))
      .where(where)
      .orderBy(...order)
      .limit(limit),
  );
  const { departures, names, prices } = await decorate(scope, rows);
  return {
    page,
    rows: rows.map(
      (r): PackageListRow => ({
        id: r.id,
        sortValue: r.sortValue,
        title: r.title,
        slug: r.slug,
        operatorName: r.operatorTradeName || r.operatorName,
        destinations: names.get(r.id) ?? [],
        firstDeparture: r.firstDeparture,
        lastDeparture: r.lastDeparture,
        departures: departures.get(r.id)?.length ?? 0,
        availability: totalAvailability(departures.get(r.id) ?? []),
        priceFrom: prices.get(r.id) ?? null,
        currency: r.currency,
        published: r.published,
      }),
    ),
  };
}

// ---------------------------------------------------------------------------
// Options and checks

/** The agency's live suppliers of `category`, and the current one even if it changed. */
export async function operatorOptions(scope: ReadScope, include?: string | null): Promise<Option[]> {
  const rows = await scope.db
    .select({ id: supplier.id, name: supplier.name, tradeName: supplier.tradeName })
    .from(supplier)
    .where(and(eq(supplier.agencyId, scope.agencyId), isNull(supplier.deletedAt), eq(supplier.category, "operator")))
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

/** The agency's live destinations, plus the ones given (a package's, even if deleted since). */
export async function packageDestinationOptions(scope: ReadScope, include: readonly string[] = []): Promise<Option[]> {
  const rows = await scope.db
    .select({ id: destination.id, name: destination.name, state: destination.state, country: destination.country })
    .from(destination)
    .where(and(eq(destination.agencyId, scope.agencyId), or(isNull(destination.deletedAt), include.length > 0 ? inArray(destination.id, [...include]) : sql`0`)))
    .orderBy(asc(destination.searchText), asc(destination.id))
    .limit(1000);
  return rows.map((r) => ({ value: r.id, label: r.state ? `${r.name} - ${r.state}` : r.country && r.country !== "BR" ? `${r.name} (${r.country})` : r.name }));
}

/** A free slug for a new package: the one typed (or agency + title), with a suffix when taken. */
export const freeSlug = (scope: ReadScope, wanted: string) => freeServiceSlug(scope, P, wanted);

/** What a save decided from the database: the slug and first publication, the operator's and destinations' names. */
export type Resolved = { slug: string; publishedAt: string | null; operatorName: string | null; destinationNames: string[] };

/**
 * Field errors a save needs the database for, and what it resolved: the
 * operator must be one of the agency's live operators (the one already saved
 * stays acceptable); each destination one of its destinations (live, or
 * already on the package); the slug free across agencies (on create a suffix
 * makes it so), and unchanged once the package was published.
 */
export async function checkPackage(
  scope: ReadScope,
  input: PackageInput,
  current: PackageRow | null,
): Promise<{ errors: Record<string, string[]> } | { resolved: Resolved }> {
  const errors: Record<string, string[]> = {};
  const [operator] = await scope.db
    .select({ id: supplier.id, category: supplier.category, deletedAt: supplier.deletedAt, name: supplier.name, tradeName: supplier.tradeName })
    .from(supplier)
    .where(and(eq(supplier.agencyId, scope.agencyId), eq(supplier.id, input.operatorId)))
    .limit(1);
  const unchanged = current?.operatorId === input.operatorId;
  if (!operator || (!unchanged && operator.deletedAt)) errors.operatorId = [pkgErr.operator];
  else if (!unchanged && operator.category !== "operator") errors.operatorId = [pkgErr.operatorCategory];

  let names: string[] = [];
  if (input.destinations.length > 0) {
    const onPackage = current
      ? (
          await scope.db
            .select({ id: thirdPartyPackageDestination.destinationId })
            .from(thirdPartyPackageDestination)
            .where(and(eq(thirdPartyPackageDestination.agencyId, scope.agencyId), eq(thirdPartyPackageDestination.packageId, current.id)))
        ).map((r) => r.id)
      : [];
    const rows = await scope.db
      .select({ id: destination.id, name: destination.name, deletedAt: destination.deletedAt })
      .from(destination)
      .where(and(eq(destination.agencyId, scope.agencyId), inArray(destination.id, input.destinations)));
    const byId = new Map(rows.map((r) => [r.id, r]));
    input.destinations.forEach((id, i) => {
      const place = byId.get(id);
      if (!place || (place.deletedAt && !onPackage.includes(id))) errors[`destinations[${i}]`] = [pkgErr.destination];
    });
    names = input.destinations.map((id) => byId.get(id)?.name ?? "").filter(Boolean);
  }

  let slug: string;
  if (!current) {
    slug = await freeSlug(scope, input.slug ?? packageSlug(await agencyPrefix(scope), input.title));
  } else {
    slug = input.slug ?? current.slug;
    if (slug !== current.slug) {
      if (current.publishedAt) errors.slug = [pkgErr.slugKept];
      else if (await slugTaken(scope, P, slug, current.id)) errors.slug = [pkgErr.slugTaken];
    }
  }
  if (Object.keys(errors).length > 0) return { errors };
  const publishedAt = current?.publishedAt ?? (input.published ? nowIso() : null);
  return { resolved: { slug, publishedAt, operatorName: operator ? [operator.tradeName, operator.name].filter(Boolean).join(" ") : null, destinationNames: names } };
}

/** The stored columns of a validated input (derived: slug, first publication, departure span, search text). */
export function packageValues(input: PackageInput, resolved: Resolved) {
  return {
    operatorId: input.operatorId,
    title: input.title,
    slug: resolved.slug,
    summary: input.summary,
    itinerary: input.itinerary,
    includes: input.includes,
    excludes: input.excludes,
    costCents: input.cost,
    currency: input.currency,
    cancellationPolicy: input.cancellationPolicy,
    published: input.published,
    publishedAt: resolved.publishedAt,
    ...departureSpan(input.departures),
    searchText: packageSearchText({ title: input.title, slug: resolved.slug, operatorName: resolved.operatorName, destinationNames: resolved.destinationNames }),
  };
}

/** The child rows a package is saved with (record kit): destinations in order, departures (stable ids), the price grid. */
export function packageChildren(input: Pick<PackageInput, "destinations" | "departures" | "prices">): ChildRows[] {
  return [
    {
      name: "destinations",
      table: thirdPartyPackageDestination,
      parentColumn: thirdPartyPackageDestination.packageId,
      match: [thirdPartyPackageDestination.destinationId],
      rows: input.destinations.map((destinationId, position) => ({ destinationId, position })),
    },
    {
      name: "departures",
      table: D,
      parentColumn: D.packageId,
      rows: input.departures.map((d) => ({ ...(d.id ? { id: d.id } : {}), departureDate: d.departureDate, returnDate: d.returnDate, seats: d.seats })),
      archive: { column: D.archivedAt, referenced: departuresInUse },
    },
    {
      name: "prices",
      table: thirdPartyPackagePrice,
      parentColumn: thirdPartyPackagePrice.packageId,
      match: [thirdPartyPackagePrice.roomType, thirdPartyPackagePrice.ageBand],
      rows: input.prices.map((p) => ({ roomType: p.roomType, ageBand: p.ageBand, priceCents: p.priceCents })),
    },
  ];
}

/** A package's children as stored (the form, clone). */
export async function packageChildRows(scope: ReadScope, id: string) {
  const [destinations, departures, prices] = await Promise.all([
    scope.db
      .select({ id: thirdPartyPackageDestination.destinationId })
      .from(thirdPartyPackageDestination)
      .where(and(eq(thirdPartyPackageDestination.agencyId, scope.agencyId), eq(thirdPartyPackageDestination.packageId, id)))
      .orderBy(asc(thirdPartyPackageDestination.position)),
    liveDepartures(scope, [id]).then((m) => m.get(id) ?? []),
    scope.db
      .select({ roomType: thirdPartyPackagePrice.roomType, ageBand: thirdPartyPackagePrice.ageBand, priceCents: thirdPartyPackagePrice.priceCents })
      .from(thirdPartyPackagePrice)
      .where(and(eq(thirdPartyPackagePrice.agencyId, scope.agencyId), eq(thirdPartyPackagePrice.packageId, id))),
  ]);
  return { destinations: destinations.map((d) => d.id), departures, prices };
}

/** A stored package as the form shows it, children included. */
export async function packageForm(scope: ReadScope, row: PackageRow): Promise<PackageFormValues> {
  return packageFormValues(row, await packageChildRows(scope, row.id));
}

/** The values of an empty form (novo): one empty row of each list, the agency's currency. */
export const packageEmpty = (currency: string): PackageFormValues => ({
  ...packageFormValues(
    { operatorId: "", title: "", slug: "", summary: null, itinerary: [], includes: [], excludes: [], costCents: 0, currency: "BRL", cancellationPolicy: null, published: false },
    { destinations: [], departures: [], prices: [] },
  ),
  currency: (SERVICE_CURRENCIES as readonly string[]).includes(currency) ? currency : "BRL",
});

/**
 * The record kit's spec of the package screen: `check` resolves the slug and
 * names that `values` then stores; the children go in the same batch.
 */
export function packageSpec(): RecordSpec<typeof thirdPartyPackage, PackageInput> {
  let resolved: Resolved | null = null;
  return {
    store: packageStore,
    listPath: PACKAGE_LIST_PATH,
    // Packages are archived (intent "archive"), never deleted.
    canDelete: () => false,
    schemas: { create: packageSchema, edit: packageEditSchema },
    values: (input) => packageValues(input, resolved!),
    children: (input) => packageChildren(input),
    display: (row) => ({
      title: row.title,
      slug: row.slug,
      operatorId: row.operatorId,
      summary: row.summary ?? "",
      includes: row.includes.join("\n"),
      excludes: row.excludes.join("\n"),
      cost: row.costCents ? formatCents(row.costCents) : "",
      currency: row.currency,
      cancellationPolicy: row.cancellationPolicy ?? "",
      published: row.published ? "✓" : "—",
    }),
    check: async (s, input, current) => {
      const checked = await checkPackage(s, input, current);
      if ("errors" in checked) return checked.errors;
      resolved = checked.resolved;
      return null;
    },
  };
}

/**
 * The edit screen's own intents: archive (administrators and operations),
 * clone, and the images' (upload, remove, move, order, alt text). Another
 * agency's or an unknown id is a 404; anything else goes on to save.
 */
export function packageIntents(id: string, copySuffix: string, bucket: R2Bucket): ExtraIntents {
  const images = imageIntents({ kind: "package", id }, bucket);
  return async (intent, formData, scope) => {
    if (intent === "archive") {
      if (!canArchiveServices(scope.role)) {
        return forbidden({ archiveError: "services.archive.forbidden", toast: { title: "services.archive.forbidden", variant: "destructive" } satisfies ToastMessage });
      }
      const result = await deleteRecord(scope, packageStore, id);
      if (!result.ok) throw notFound();
      return redirectWithToast(PACKAGE_LIST_PATH, { title: "services.archive.done", values: { name: result.label } });
    }
    if (intent === "clone") {
      const copy = await clonePackage(scope, id, copySuffix);
      if (!copy.ok) throw notFound();
      return redirectWithToast(`${PACKAGE_LIST_PATH}/editar/${copy.id}`, { title: "services.clone.done", values: { name: copy.title } });
    }
    return images(intent, formData, scope);
  };
}

/**
 * Copies a package as a new, unpublished one ("<title> (cópia)") with a new
 * unique slug, its destinations, itinerary, departures (new ids) and prices.
 * Images are not copied (the copy gets its own).
 */
export async function clonePackage(scope: WriteScope, id: string, copySuffix: string): Promise<Result<{ id: string; title: string }, "notFound" | "unique">> {
  const row = await findRecord(scope, packageStore, id);
  if (!row) return fail("notFound");
  const children = await packageChildRows(scope, id);
  const title = `${row.title} ${copySuffix}`.slice(0, 120);
  const slug = await freeSlug(scope, withSuffix(slugify(`${row.slug}-${slugify(copySuffix)}`), 1) || row.slug);
  const { id: _id, agencyId: _a, createdAt: _c, updatedAt: _u, version: _v, createdBy: _b, archivedAt: _d, ...copy } = row;
  const created = await createRecord(
    scope,
    packageStore,
    { ...copy, title, slug, published: false, publishedAt: null, searchText: packageSearchText({ title, slug }) },
    undefined,
    packageChildren({
      destinations: children.destinations,
      departures: children.departures.map((d) => ({ id: null, departureDate: d.departureDate, returnDate: d.returnDate, seats: d.seats })),
      prices: children.prices as PackageInput["prices"],
    }),
  );
  if (!created.ok) return created;
  return ok({ id: created.id, title });
}

// ---------------------------------------------------------------------------
// CSV

type CsvRow = { id: string; sortValue: string | number | null; row: PackageRow; operatorName: string | null; operatorTradeName: string | null };

/** The current filter of the list as CSV (departures "date → return (seats)", money as "1.234,56", availability per package). */
export function packagesCsv(scope: Scope, query: ListQuery<PackageSort, PackageFilter>, filename: string, yesNo: (v: boolean) => string): Response {
  const { db, agencyId } = scope;
  const sortColumn = packageSource.sortColumns[query.sort];
  const select = (where: SQL, order: SQL[], limit: number) =>
    db
      .select({ id: P.id, sortValue: sql<string | number | null>`${sortColumn}`, row: P, operatorName: supplier.name, operatorTradeName: supplier.tradeName })
      .from(P)
      .leftJoin(supplier, and(eq(supplier.id, P.operatorId), eq(supplier.agencyId, agencyId)))
      .where(where)
      .orderBy(...order)
      .limit(limit) as Promise<CsvRow[]>;
  async function* batches() {
    for await (const rows of allRows({ db, agencyId }, packageSource, query, select)) {
      const { departures, names, prices } = await decorate(scope, rows);
      yield rows.map((r): Record<PackageCsvColumn, string> => {
        const p = r.row;
        const deps = departures.get(p.id) ?? [];
        const a = totalAvailability(deps);
        const from = prices.get(p.id);
        return {
          title: p.title,
          slug: p.slug,
          operator: r.operatorTradeName || r.operatorName || "",
          destinations: (names.get(p.id) ?? []).join(" | "),
          firstDeparture: p.firstDeparture ?? "",
          lastDeparture: p.lastDeparture ?? "",
          departures: deps.map((d) => `${d.departureDate}${d.returnDate ? ` → ${d.returnDate}` : ""} (${d.seats})`).join(" | "),
          seats: String(a.total),
          held: String(a.held),
          sold: String(a.sold),
          free: String(a.free),
          priceFrom: from === undefined ? "" : formatCents(from),
          cost: formatCents(p.costCents),
          currency: p.currency,
          published: yesNo(p.published),
          publicPath: p.published ? publicPackagePath(p.slug) : "",
        };
      });
    }
  }
  return csvResponse(filename, PACKAGE_CSV_COLUMNS, batches());
}
