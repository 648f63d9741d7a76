/**
 * The public catalogue (issue #21, spec §2.4): an agency's published packages and open
 * excursions (/agencia/{agency}/pacotes), one package (/pacote/{slug}), one excursion
 * (/excursao/{slug}) and the excursion's live places. Visitors have no session: the
 * agency is the one that owns the slug (slugs are unique across agencies) or the one the
 * URL names, resolved HERE and only here (`PublicAgency`); every later read is scoped to
 * it. Only what a visitor may see is selected: never costs, the operator (supplier),
 * internal notes, margins or passengers' names.
 */
import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import {
  agency,
  boardingPoint,
  destination,
  excursion,
  excursionBoarding,
  excursionPrice,
  publicCacheVersion,
  serviceImage,
  thirdPartyPackage,
  thirdPartyPackageDestination,
  thirdPartyPackagePrice,
  type AgeBand,
  type ItineraryDay,
  type PackageRoomType,
} from "~/db/schema";
import { nowIso } from "~/db/schema/columns";
import type { ReadScope } from "~/lib/kit/record.server";
import { crossTenant, type Db } from "~/lib/platform/db.server";
import type { PublicScope } from "~/lib/platform/scope.server";
import { todayIn } from "~/lib/platform/time-zone";
import { excursionPlaceCounts } from "~/lib/excursions/operational-seats.server";
import { liveDepartures } from "~/lib/services/package.server";
import { brandColor, type BrandColor } from "~/lib/public/brand";
import { CATALOG_PAGE_SIZE, type CatalogFilter, type CatalogKind } from "~/lib/public/catalog";

/** The agency a public page belongs to: what its header shows, and its cache version. */
export type PublicAgency = {
  id: string;
  slug: string;
  name: string;
  logoUrl: string | null;
  color: BrandColor;
  timeZone: string;
  currency: string;
  phone: string | null;
  email: string | null;
  website: string | null;
  city: string | null;
  state: string | null;
  version: number;
};

const AGENCY_COLUMNS = {
  id: agency.id,
  slug: agency.slug,
  name: agency.name,
  logoKey: agency.logoKey,
  brandColor: agency.brandColor,
  timeZone: agency.timeZone,
  currency: agency.currency,
  phone: agency.phone,
  email: agency.email,
  website: agency.website,
  city: agency.city,
  state: agency.state,
  active: agency.active,
  version: sql<number | null>`(select ${publicCacheVersion.version} from ${publicCacheVersion} where ${publicCacheVersion.agencyId} = ${agency.id})`,
};

type AgencyRow = { id: string; slug: string; name: string; logoKey: string | null; brandColor: string; timeZone: string; currency: string; phone: string | null; email: string | null; website: string | null; city: string | null; state: string | null; active: boolean; version: number | null };

function toAgency(r: AgencyRow): PublicAgency {
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    // The logo is a public file (/arquivos/logo/{agency}), versioned by its key.
    logoUrl: r.logoKey ? `/arquivos/logo/${r.id}?v=${encodeURIComponent(r.logoKey.slice(-12))}` : null,
    color: brandColor(r.brandColor),
    timeZone: r.timeZone,
    currency: r.currency,
    phone: r.phone,
    email: r.email,
    website: r.website,
    city: r.city,
    state: r.state,
    version: Number(r.version ?? 0),
  };
}

const SLUG = /^[a-z0-9-]{1,120}$/;
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** An active agency by its id or its slug (the agency's public pages), or null. */
export async function publicAgency(scope: PublicScope, idOrSlug: string): Promise<PublicAgency | null> {
  if (!ID.test(idOrSlug)) return null;
  const [row] = await scope.db
    .select(AGENCY_COLUMNS)
    .from(agency)
    .where(or(eq(agency.id, idOrSlug), eq(agency.slug, idOrSlug)))
    .limit(1);
  return row?.active ? toAgency(row) : null;
}

/** The scope of one agency's public reads. */
const readScope = (db: Db, a: PublicAgency): ReadScope => ({ db, agencyId: a.id });

/** The agency owning a public slug of packages or excursions (slugs are unique across agencies; the lookup says so). */
export async function slugOwner(scope: PublicScope, kind: CatalogKind, slug: string): Promise<PublicAgency | null> {
  if (!SLUG.test(slug)) return null;
  const T = kind === "package" ? thirdPartyPackage : excursion;
  // Across agencies on purpose: the slug is what names the agency here.
  const [row] = await crossTenant(scope.db)
    .select(AGENCY_COLUMNS)
    .from(T)
    .innerJoin(agency, eq(agency.id, T.agencyId))
    .where(eq(T.slug, slug))
    .limit(1);
  return row?.active ? toAgency(row) : null;
}

export type PublicImage = { id: string; alt: string; width: number | null; height: number | null; url: string; thumbUrl: string };

/** A published item's image as the public serves it (/arquivos/{pacote|excursao}-imagem/{id}). */
export const publicImageUrl = (kind: CatalogKind, id: string, mini = false) => `/arquivos/${kind === "package" ? "pacote" : "excursao"}-imagem/${id}${mini ? "?mini=1" : ""}`;

async function imagesOf(scope: ReadScope, kind: CatalogKind, ownerId: string): Promise<PublicImage[]> {
  const rows = await scope.db
    .select({ id: serviceImage.id, alt: serviceImage.alt, width: serviceImage.width, height: serviceImage.height })
    .from(serviceImage)
    .where(and(eq(serviceImage.agencyId, scope.agencyId), eq(serviceImage.ownerKind, kind), eq(serviceImage.ownerId, ownerId)))
    .orderBy(asc(serviceImage.position), asc(serviceImage.id));
  return rows.map((r) => ({ id: r.id, alt: r.alt ?? "", width: r.width, height: r.height, url: publicImageUrl(kind, r.id), thumbUrl: publicImageUrl(kind, r.id, true) }));
}

export type PriceCell = { roomType: PackageRoomType; ageBand: AgeBand; priceCents: number };

// ---------------------------------------------------------------------------
// The agency's list

export type CatalogCard = {
  kind: CatalogKind;
  id: string;
  slug: string;
  title: string;
  summary: string | null;
  currency: string;
  /** The first date to show: the next departure (a package's) or the day it leaves (an excursion). */
  date: string | null;
  fromCents: number | null;
  imageUrl: string | null;
};

export type CatalogPage = { rows: CatalogCard[]; next: string | null };

/** The keyset cursor: the last row's sort date and kind:id. */
const encodeCursor = (date: string, key: string) => `${date}~${key}`;
function decodeCursor(after: string | null): { date: string; key: string } | null {
  const m = after?.match(/^(\d{4}-\d{2}-\d{2})~((?:package|excursion):[A-Za-z0-9_-]{1,64})$/);
  return m ? { date: m[1]!, key: m[2]! } : null;
}

/**
 * One page of the agency's published, upcoming packages and open excursions, by date then
 * kind and id (keyset: `after` is the last row's cursor). Filters: a destination, a month
 * (a package with a departure in it, an excursion leaving in it), a top price (the lowest
 * per-person price at or under it).
 */
export async function catalogPage(db: Db, a: PublicAgency, filter: CatalogFilter, after: string | null): Promise<CatalogPage> {
  const today = todayIn(a.timeZone);
  const now = nowIso();
  const cursor = decodeCursor(after);
  const agencyId = a.id;
  const pkgWhere = [sql`"p"."agency_id" = ${agencyId}`, sql`"p"."archived_at" is null`, sql`"p"."published" = 1`, sql`"p"."last_departure" >= ${today}`];
  const excWhere = [sql`"e"."agency_id" = ${agencyId}`, sql`"e"."archived_at" is null`, sql`"e"."published" = 1`, sql`"e"."status" = 'open'`, sql`"e"."departure_at" >= ${now}`];
  if (filter.destination) {
    pkgWhere.push(sql`exists (select 1 from "third_party_package_destination" "pd" where "pd"."agency_id" = ${agencyId} and "pd"."package_id" = "p"."id" and "pd"."destination_id" = ${filter.destination})`);
    excWhere.push(sql`"e"."destination_id" = ${filter.destination}`);
  }
  if (filter.month) {
    pkgWhere.push(
      sql`exists (select 1 from "third_party_package_departure" "dd" where "dd"."agency_id" = ${agencyId} and "dd"."package_id" = "p"."id" and "dd"."archived_at" is null and "dd"."departure_date" >= ${today} and substr("dd"."departure_date", 1, 7) = ${filter.month})`,
    );
    excWhere.push(sql`substr("e"."departure_at", 1, 7) = ${filter.month}`);
  }
  const pkgFrom = sql`(select min("pp"."price_cents") from "third_party_package_price" "pp" where "pp"."agency_id" = ${agencyId} and "pp"."package_id" = "p"."id" and "pp"."price_cents" > 0)`;
  const excFrom = sql`(select min("ep"."price_cents") from "excursion_price" "ep" where "ep"."agency_id" = ${agencyId} and "ep"."excursion_id" = "e"."id" and "ep"."price_cents" > 0)`;
  if (filter.maxPriceCents !== null) {
    pkgWhere.push(sql`${pkgFrom} <= ${filter.maxPriceCents}`);
    excWhere.push(sql`${excFrom} <= ${filter.maxPriceCents}`);
  }
  const pkgDate = sql`coalesce((select min("nd"."departure_date") from "third_party_package_departure" "nd" where "nd"."agency_id" = ${agencyId} and "nd"."package_id" = "p"."id" and "nd"."archived_at" is null and "nd"."departure_date" >= ${today}), "p"."first_departure")`;
  const pkgImage = sql`(select "pi"."id" from "service_image" "pi" where "pi"."agency_id" = ${agencyId} and "pi"."owner_kind" = 'package' and "pi"."owner_id" = "p"."id" order by "pi"."position", "pi"."id" limit 1)`;
  const excImage = sql`(select "ei"."id" from "service_image" "ei" where "ei"."agency_id" = ${agencyId} and "ei"."owner_kind" = 'excursion' and "ei"."owner_id" = "e"."id" order by "ei"."position", "ei"."id" limit 1)`;
  const union = sql`select 'package' as kind, "p"."id" as id, "p"."slug" as slug, "p"."title" as title, "p"."summary" as summary, "p"."currency" as currency, ${pkgDate} as sort_date, ${pkgFrom} as from_cents, ${pkgImage} as image_id
      from "third_party_package" "p" where ${sql.join(pkgWhere, sql` and `)}
    union all
    select 'excursion', "e"."id", "e"."slug", "e"."title", "e"."summary", "e"."currency", substr("e"."departure_at", 1, 10), ${excFrom}, ${excImage}
      from "excursion" "e" where ${sql.join(excWhere, sql` and `)}`;
  const keyset = cursor ? sql`where (coalesce(sort_date, ''), kind || ':' || id) > (${cursor.date}, ${cursor.key})` : sql``;
  const rows = await db.all<{ kind: CatalogKind; id: string; slug: string; title: string; summary: string | null; currency: string; sort_date: string | null; from_cents: number | null; image_id: string | null }>(
    sql`select * from (${union}) ${keyset} order by coalesce(sort_date, ''), kind || ':' || id limit ${CATALOG_PAGE_SIZE + 1}`,
  );
  const page = rows.slice(0, CATALOG_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    rows: page.map((r) => ({
      kind: r.kind,
      id: r.id,
      slug: r.slug,
      title: r.title,
      summary: r.summary,
      currency: r.currency,
      date: r.sort_date,
      fromCents: r.from_cents === null ? null : Number(r.from_cents),
      imageUrl: r.image_id ? publicImageUrl(r.kind, r.image_id, true) : null,
    })),
    next: rows.length > CATALOG_PAGE_SIZE && last ? encodeCursor(last.sort_date ?? "", `${last.kind}:${last.id}`) : null,
  };
}

/** The destinations of the agency's published items (the list's filter). */
export async function catalogDestinations(db: Db, a: PublicAgency): Promise<{ value: string; label: string }[]> {
  const rows = await db
    .select({ id: destination.id, name: destination.name })
    .from(destination)
    .where(
      and(
        eq(destination.agencyId, a.id),
        isNull(destination.deletedAt),
        or(
          sql`exists (select 1 from "third_party_package_destination" "pd" join "third_party_package" "p" on "p"."id" = "pd"."package_id" and "p"."agency_id" = ${a.id} where "pd"."agency_id" = ${a.id} and "pd"."destination_id" = "destination"."id" and "p"."published" = 1 and "p"."archived_at" is null)`,
          sql`exists (select 1 from "excursion" "e" where "e"."agency_id" = ${a.id} and "e"."destination_id" = "destination"."id" and "e"."published" = 1 and "e"."archived_at" is null and "e"."status" = 'open')`,
        ),
      ),
    )
    .orderBy(asc(destination.name));
  return rows.map((r) => ({ value: r.id, label: r.name }));
}

/** Every published page of the agency (the sitemap). */
export async function catalogSlugs(db: Db, a: PublicAgency): Promise<{ kind: CatalogKind; slug: string; updatedAt: string }[]> {
  const [pkgs, excs] = await Promise.all([
    db
      .select({ slug: thirdPartyPackage.slug, updatedAt: thirdPartyPackage.updatedAt })
      .from(thirdPartyPackage)
      .where(and(eq(thirdPartyPackage.agencyId, a.id), isNull(thirdPartyPackage.archivedAt), eq(thirdPartyPackage.published, true)))
      .orderBy(asc(thirdPartyPackage.slug)),
    db
      .select({ slug: excursion.slug, updatedAt: excursion.updatedAt })
      .from(excursion)
      .where(and(eq(excursion.agencyId, a.id), isNull(excursion.archivedAt), eq(excursion.published, true), inArray(excursion.status, ["open", "closed"])))
      .orderBy(asc(excursion.slug)),
  ]);
  return [...pkgs.map((p) => ({ kind: "package" as const, ...p })), ...excs.map((e) => ({ kind: "excursion" as const, ...e }))];
}

// ---------------------------------------------------------------------------
// A package

export type PublicPackage = {
  kind: "package";
  id: string;
  slug: string;
  title: string;
  summary: string | null;
  itinerary: ItineraryDay[];
  includes: string[];
  excludes: string[];
  cancellationPolicy: string | null;
  currency: string;
  destinations: string[];
  departures: { id: string; departureDate: string; returnDate: string | null; free: number }[];
  prices: PriceCell[];
  images: PublicImage[];
  updatedAt: string;
};

/** A published, live package by its slug, with what its page shows; null when there is none. */
export async function publicPackage(scope: PublicScope, a: PublicAgency, slug: string): Promise<PublicPackage | null> {
  const s = readScope(scope.db, a);
  const P = thirdPartyPackage;
  const [row] = await s.db
    .select({ id: P.id, slug: P.slug, title: P.title, summary: P.summary, itinerary: P.itinerary, includes: P.includes, excludes: P.excludes, cancellationPolicy: P.cancellationPolicy, currency: P.currency, updatedAt: P.updatedAt })
    .from(P)
    .where(and(eq(P.agencyId, a.id), eq(P.slug, slug), isNull(P.archivedAt), eq(P.published, true)))
    .limit(1);
  if (!row) return null;
  const today = todayIn(a.timeZone);
  const [destinations, departures, prices, images] = await Promise.all([
    s.db
      .select({ name: destination.name })
      .from(thirdPartyPackageDestination)
      .innerJoin(destination, and(eq(destination.id, thirdPartyPackageDestination.destinationId), eq(destination.agencyId, a.id)))
      .where(and(eq(thirdPartyPackageDestination.agencyId, a.id), eq(thirdPartyPackageDestination.packageId, row.id)))
      .orderBy(asc(thirdPartyPackageDestination.position)),
    liveDepartures(s, [row.id]),
    s.db
      .select({ roomType: thirdPartyPackagePrice.roomType, ageBand: thirdPartyPackagePrice.ageBand, priceCents: thirdPartyPackagePrice.priceCents })
      .from(thirdPartyPackagePrice)
      .where(and(eq(thirdPartyPackagePrice.agencyId, a.id), eq(thirdPartyPackagePrice.packageId, row.id))),
    imagesOf(s, "package", row.id),
  ]);
  return {
    kind: "package",
    ...row,
    destinations: destinations.map((d) => d.name),
    departures: (departures.get(row.id) ?? [])
      .filter((d) => d.departureDate >= today)
      .map((d) => ({ id: d.id, departureDate: d.departureDate, returnDate: d.returnDate, free: d.availability.free })),
    prices,
    images,
  };
}

// ---------------------------------------------------------------------------
// An excursion

export type PublicExcursion = {
  kind: "excursion";
  id: string;
  slug: string;
  title: string;
  summary: string | null;
  destination: string | null;
  departureAt: string;
  returnAt: string;
  includes: string[];
  excludes: string[];
  cancellationPolicy: string | null;
  currency: string;
  /** Open: on sale (the reserve form shows); closed: sales over. */
  open: boolean;
  capacity: number;
  boardings: { id: string; name: string; place: string | null; reference: string | null; departureAt: string }[];
  prices: PriceCell[];
  images: PublicImage[];
  updatedAt: string;
};

const PUBLIC_EXCURSION_STATUSES = ["open", "closed"] as const;

/** A published excursion on sale or with sales over (not a draft, cancelled, done or archived one) by its slug. */
export async function publicExcursion(scope: PublicScope, a: PublicAgency, slug: string): Promise<PublicExcursion | null> {
  const s = readScope(scope.db, a);
  const E = excursion;
  const [row] = await s.db
    .select({
      id: E.id,
      slug: E.slug,
      title: E.title,
      summary: E.summary,
      destination: destination.name,
      departureAt: E.departureAt,
      returnAt: E.returnAt,
      includes: E.includes,
      excludes: E.excludes,
      cancellationPolicy: E.cancellationPolicy,
      currency: E.currency,
      status: E.status,
      capacity: E.capacity,
      updatedAt: E.updatedAt,
    })
    .from(E)
    .leftJoin(destination, and(eq(destination.id, E.destinationId), eq(destination.agencyId, a.id)))
    .where(and(eq(E.agencyId, a.id), eq(E.slug, slug), isNull(E.archivedAt), eq(E.published, true), inArray(E.status, PUBLIC_EXCURSION_STATUSES)))
    .limit(1);
  if (!row) return null;
  const [boardings, prices, images] = await Promise.all([
    s.db
      .select({ id: excursionBoarding.id, name: boardingPoint.name, address: boardingPoint.address, city: boardingPoint.city, state: boardingPoint.state, reference: boardingPoint.reference, departureAt: excursionBoarding.departureAt })
      .from(excursionBoarding)
      .innerJoin(boardingPoint, and(eq(boardingPoint.id, excursionBoarding.boardingPointId), eq(boardingPoint.agencyId, a.id)))
      .where(and(eq(excursionBoarding.agencyId, a.id), eq(excursionBoarding.excursionId, row.id), isNull(excursionBoarding.archivedAt)))
      .orderBy(asc(excursionBoarding.departureAt), asc(excursionBoarding.position)),
    s.db
      .select({ roomType: excursionPrice.roomType, ageBand: excursionPrice.ageBand, priceCents: excursionPrice.priceCents })
      .from(excursionPrice)
      .where(and(eq(excursionPrice.agencyId, a.id), eq(excursionPrice.excursionId, row.id))),
    imagesOf(s, "excursion", row.id),
  ]);
  const { status, ...rest } = row;
  return {
    kind: "excursion",
    ...rest,
    open: status === "open",
    boardings: boardings.map((b) => ({
      id: b.id,
      name: b.name,
      place: [b.address, [b.city, b.state].filter(Boolean).join("/")].filter(Boolean).join(" · ") || null,
      reference: b.reference,
      departureAt: b.departureAt,
    })),
    prices,
    images,
  };
}

/** An excursion's places as the public page shows them: total, held (a sale in progress), sold and free. */
export type PublicPlaces = { total: number; held: number; sold: number; free: number };

/** Where a published excursion is public: a published, not archived excursion on sale or with sales over. */
const publicExcursionWhere = () => and(isNull(excursion.archivedAt), eq(excursion.published, true), inArray(excursion.status, PUBLIC_EXCURSION_STATUSES));

/**
 * The seat room of a public excursion page, found by its public identity (the slug): its
 * agency and excursion, or null when no published excursion on sale or with sales over
 * has that slug. The anonymous socket of the page may join this room and no other.
 */
export async function publicExcursionRoom(scope: PublicScope, slug: string): Promise<{ agencyId: string; excursionId: string } | null> {
  const a = await slugOwner(scope, "excursion", slug);
  if (!a) return null;
  const [row] = await scope.db
    .select({ id: excursion.id })
    .from(excursion)
    .where(and(eq(excursion.agencyId, a.id), eq(excursion.slug, slug), publicExcursionWhere()))
    .limit(1);
  return row ? { agencyId: a.id, excursionId: row.id } : null;
}

/**
 * A public excursion's places now (never cached), counted from the passengers (the seat
 * rule, operational-seats.server.ts); null when the excursion is not public (any more).
 * Only counts: never who holds or bought a place.
 */
export async function publicPlaces(db: Db, agencyId: string, excursionId: string): Promise<PublicPlaces | null> {
  const [row] = await db
    .select({ capacity: excursion.capacity })
    .from(excursion)
    .where(and(eq(excursion.agencyId, agencyId), eq(excursion.id, excursionId), publicExcursionWhere()))
    .limit(1);
  if (!row) return null;
  const counts = (await excursionPlaceCounts({ db, agencyId }, [excursionId])).get(excursionId) ?? { held: 0, confirmed: 0 };
  const held = Math.min(counts.held, row.capacity);
  const sold = Math.min(counts.confirmed, row.capacity - held);
  return { total: row.capacity, held, sold, free: Math.max(0, row.capacity - held - sold) };
}

/** An excursion's places now by its slug (the page's fallback JSON, /excursao/{slug}/lugares). */
export async function excursionPlaces(scope: PublicScope, slug: string): Promise<PublicPlaces | null> {
  const room = await publicExcursionRoom(scope, slug);
  return room ? publicPlaces(scope.db, room.agencyId, room.excursionId) : null;
}
