/**
 * The agency's forms (licence management's new agency, Minha Agência): one zod
 * schema per form shared by client and server (Conform). Messages are
 * translation keys. Documents, CEPs and phones are stored as the project stores
 * them (br-documents.ts): digits only.
 */
export type { AgencyProfileInput, NewAgencyInput } from "~/lib/system/agency-form.schema";

export const PLANS = ["trial", "standard", "professional", "enterprise"] as const;
export type Plan = (typeof PLANS)[number];

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX = 60;

export const err = {
  cnpj: "agencyProfile.errors.cnpj",
  cep: "agencyProfile.errors.cep",
  phone: "agencyProfile.errors.phone",
  url: "agencyProfile.errors.url",
  slug: "agencyProfile.errors.slug",
  slugTaken: "agencyProfile.errors.slugTaken",
  timeZone: "agencyProfile.errors.timeZone",
  currency: "agencyProfile.errors.currency",
  country: "agencyProfile.errors.country",
  state: "agencyProfile.errors.state",
  cadastur: "agencyProfile.errors.cadastur",
  maxDiscount: "agencyProfile.errors.maxDiscount",
  linkDays: "agencyProfile.errors.linkDays",
} as const;

/** IANA time zones this runtime knows (spec: from Intl.supportedValuesOf), UTC included. */
export function timeZones(): string[] {
  const zones = Intl.supportedValuesOf("timeZone");
  return zones.includes("UTC") ? zones : [...zones, "UTC"];
}

/** ISO 4217 codes this runtime knows. */
export function currencies(): string[] {
  return Intl.supportedValuesOf("currency");
}

let zoneSet: Set<string> | null = null;
let currencySet: Set<string> | null = null;
export const isTimeZone = (v: string) => (zoneSet ??= new Set(timeZones())).has(v);
export const isCurrency = (v: string) => (currencySet ??= new Set(currencies())).has(v);

/** A URL-safe public slug from a name: "Sol & Mar Viagens" → "sol-mar-viagens". */
export function slugify(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/, "");
}

