/**
 * What the public pages send to the browser: their texts in the visitor's language (only
 * the `public` subtree, so a visitor's page carries no staff texts), dates and money
 * already formatted in the agency's zone and the visitor's language, and the SEO data
 * (canonical URL, alternates, JSON-LD). Nothing staff-only is ever put here.
 */
import { PACKAGE_ROOM_TYPES, AGE_BANDS } from "~/db/schema";
import { formatCalendarDate, formatDateTime, formatMoney, formatTime } from "~/lib/platform/format";
import type { PublicScope } from "~/lib/platform/scope.server";
import type { CatalogKind } from "~/lib/public/catalog";
import { publicExcursion, publicPackage, type PublicAgency, type PublicExcursion, type PublicPackage } from "~/lib/public/catalog.server";
import { departureChoices } from "~/lib/public/reserve.server";
import { LANGUAGES, type Language } from "~/locales";
import resources from "~/locales/resources";

export type PublicTexts = (typeof resources)["pt"]["translation"]["public"];

export const publicTexts = (lang: Language): PublicTexts => resources[lang].translation.public;

/** The agency as every public page's header and footer show it. */
export const agencyView = (a: PublicAgency) => ({
  id: a.id,
  slug: a.slug,
  name: a.name,
  logoUrl: a.logoUrl,
  color: a.color,
  phone: a.phone,
  email: a.email,
  website: a.website,
  place: [a.city, a.state].filter(Boolean).join("/") || null,
});
export type AgencyView = ReturnType<typeof agencyView>;

/** The page's URL without the language, and its alternates in each language (?lng=). */
export function seoUrls(url: URL) {
  const base = new URL(url.pathname, url.origin);
  for (const [k, v] of url.searchParams) if (k !== "lng" && k !== "apos") base.searchParams.append(k, v);
  const canonical = base.toString();
  const alternates = LANGUAGES.map((lng) => {
    const u = new URL(canonical);
    u.searchParams.set("lng", lng);
    return { lng, href: u.toString() };
  });
  return { canonical, alternates };
}

const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{\{\s*(\w+)\s*\}\}/g, (w, k: string) => (k in values ? String(values[k]) : w));

/** The price grid: rows are room types, columns age bands, only those the item prices. */
function priceGrid(item: PublicPackage | PublicExcursion, lang: Language, t: PublicTexts) {
  const rooms = PACKAGE_ROOM_TYPES.filter((r) => item.prices.some((p) => p.roomType === r));
  const ages = AGE_BANDS.filter((b) => item.prices.some((p) => p.ageBand === b));
  return {
    columns: ages.map((b) => ({ key: b, label: t.ages[b] })),
    rows: rooms.map((r) => ({
      key: r,
      label: t.rooms[r],
      cells: ages.map((b) => {
        const p = item.prices.find((x) => x.roomType === r && x.ageBand === b);
        return p ? formatMoney(p.priceCents, item.currency, lang) : "—";
      }),
    })),
  };
}

const lowest = (item: PublicPackage | PublicExcursion) => {
  const prices = item.prices.map((p) => p.priceCents).filter((c) => c > 0);
  return prices.length ? Math.min(...prices) : null;
};

/** A package's or excursion's page, ready to render. */
export function itemView(a: PublicAgency, item: PublicPackage | PublicExcursion, lang: Language, url: URL) {
  const t = publicTexts(lang);
  const from = lowest(item);
  const choices = departureChoices(item).map((d) => ({
    value: d.id,
    label: d.end && d.end !== d.start ? fill(t.item.dates, { start: formatCalendarDate(d.start, lang, "medium"), end: formatCalendarDate(d.end, lang, "medium") }) : formatCalendarDate(d.start, lang, "medium"),
  }));
  const common = {
    kind: item.kind,
    slug: item.slug,
    title: item.title,
    summary: item.summary,
    includes: item.includes,
    excludes: item.excludes,
    policy: item.cancellationPolicy,
    images: item.images,
    prices: priceGrid(item, lang, t),
    from: from === null ? null : fill(t.list.from, { price: formatMoney(from, item.currency, lang) }),
    choices,
  };
  const seo = seoUrls(url);
  const image = item.images[0] ? new URL(item.images[0].url, url.origin).toString() : a.logoUrl ? new URL(a.logoUrl, url.origin).toString() : null;
  const startDates = item.kind === "package" ? item.departures.map((d) => d.departureDate) : [item.departureAt];
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "TouristTrip",
    name: item.title,
    description: item.summary ?? undefined,
    url: seo.canonical,
    image: item.images.map((i) => new URL(i.url, url.origin).toString()),
    touristType: item.kind === "excursion" ? "Excursion" : "Package",
    ...(item.kind === "package" && item.itinerary.length
      ? { itinerary: { "@type": "ItemList", itemListElement: item.itinerary.map((d, i) => ({ "@type": "ListItem", position: i + 1, name: d.title, description: d.description ?? undefined })) } }
      : {}),
    provider: { "@type": "TravelAgency", name: a.name, url: new URL(`/agencia/${a.slug}/pacotes`, url.origin).toString(), telephone: a.phone ?? undefined, email: a.email ?? undefined },
    offers: item.prices
      .filter((p) => p.priceCents > 0)
      .map((p) => ({
        "@type": "Offer",
        name: `${t.rooms[p.roomType]} · ${t.ages[p.ageBand]}`,
        price: (p.priceCents / 100).toFixed(2),
        priceCurrency: item.currency,
        availability: choices.length ? "https://schema.org/InStock" : "https://schema.org/SoldOut",
        url: seo.canonical,
        ...(startDates[0] ? { availabilityStarts: startDates[0] } : {}),
      })),
  };
  const meta = { title: `${item.title} · ${a.name}`, description: item.summary ?? item.title, image, ...seo, jsonLd, lang };
  if (item.kind === "package") {
    return {
      ...common,
      meta,
      destinations: item.destinations,
      itinerary: item.itinerary.map((d) => ({ label: fill(t.item.day, { day: d.day }), title: d.title, description: d.description ?? null })),
      departures: item.departures.map((d) => ({
        id: d.id,
        start: formatCalendarDate(d.departureDate, lang, "medium"),
        end: d.returnDate ? formatCalendarDate(d.returnDate, lang, "medium") : null,
        places: d.free > 0 ? fill(t.item.places, { count: d.free }) : null,
      })),
      excursion: null,
    };
  }
  return {
    ...common,
    meta,
    destinations: item.destination ? [item.destination] : [],
    itinerary: [],
    departures: [],
    excursion: {
      open: item.open,
      departure: formatDateTime(item.departureAt, lang, a.timeZone, "medium"),
      return: formatDateTime(item.returnAt, lang, a.timeZone, "medium"),
      boardings: item.boardings.map((b) => ({ id: b.id, name: b.name, place: b.place, reference: b.reference, time: formatTime(b.departureAt, lang, a.timeZone), day: formatDateTime(b.departureAt, lang, a.timeZone, "medium") })),
    },
  };
}
export type ItemView = ReturnType<typeof itemView>;

/** A package's or excursion's page by its slug, or null (unknown, unpublished, archived, a draft). */
export async function itemPage(kind: CatalogKind, scope: PublicScope, a: PublicAgency, slug: string, lang: Language, url: URL) {
  const item = kind === "package" ? await publicPackage(scope, a, slug) : await publicExcursion(scope, a, slug);
  return item ? { item, view: itemView(a, item, lang, url) } : null;
}
