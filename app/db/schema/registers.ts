// Registers (DOMAIN.md "Registers (Cadastros)"): client, supplier, provider,
// agent, boarding point, destination and product kind.
//
// Conventions shared by every table here:
// - `agency_id` (tenant) on every row and first in every index;
// - soft deletion: `deleted_at` set instead of deleting, since sales, payables
//   and contracts will reference these rows; lists filter `deleted_at is null`;
// - `search_text`: the row's name, document and e-mail(s) normalised by
//   app/lib/search-text.ts `buildSearchText`, written by the app on every
//   insert and update, matched with LIKE for accent-insensitive search;
// - documents (CPF/CNPJ), CEPs and phones stored as digits (app/lib/br-documents.ts),
//   dates as ISO "YYYY-MM-DD" text, country codes as ISO 3166-1 alpha-2;
// - `version` for optimistic concurrency, `created_by` the user who created it
//   (null for the demo seed).

import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { user } from "~/db/schema/auth";
import { id, timestamps, version } from "~/db/schema/columns";
import { agency } from "~/db/schema/platform";

export const PARTY_KINDS = ["person", "company"] as const;
export type PartyKind = (typeof PARTY_KINDS)[number];

export const SUPPLIER_CATEGORIES = [
  "hotel",
  "airline",
  "operator",
  "bus_company",
  "insurer",
  "transfer",
  "guide",
  "receptive",
  "other",
] as const;
export type SupplierCategory = (typeof SUPPLIER_CATEGORIES)[number];

export const BANK_ACCOUNT_TYPES = ["checking", "savings", "payment"] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];

/** Pix key types of the Banco Central ("random" is the EVP key, a UUID). */
export const PIX_KEY_TYPES = ["cpf", "cnpj", "email", "phone", "random"] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

export const COMMISSION_RULES = ["sale_percent", "margin_percent"] as const;
export type CommissionRule = (typeof COMMISSION_RULES)[number];

export const PRODUCT_KINDS = ["air", "hotel", "package", "insurance", "transfer", "tour", "car_rental", "cruise", "other"] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

export type Phone = { number: string; whatsapp: boolean };
export type Contact = { name: string; role?: string | null; email?: string | null; phone?: string | null };
export type ProviderService = { name: string; description?: string | null };

const enumList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/** Tenant, bookkeeping and soft-delete columns of every register. */
const tenant = () => ({
  agencyId: text("agency_id")
    .notNull()
    .references(() => agency.id),
});
const bookkeeping = () => ({
  searchText: text("search_text").notNull().default(""),
  createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
  deletedAt: text("deleted_at"),
  ...timestamps,
  version: version(),
});

/** A CPF (11 digits) for a person, a CNPJ (14 digits) for a company, or nothing. */
const documentCheck = (table: string) =>
  check(
    `${table}_document_ck`,
    sql`document is null or (document not glob '*[^0-9]*' and ((kind = 'person' and length(document) = 11) or (kind = 'company' and length(document) = 14)))`,
  );
const kindCheck = (table: string) => check(`${table}_kind_ck`, sql`kind in (${enumList(PARTY_KINDS)})`);
const pixKeyTypeCheck = (table: string) =>
  check(`${table}_pix_key_type_ck`, sql`pix_key_type is null or pix_key_type in (${enumList(PIX_KEY_TYPES)})`);
/** One live record per document and agency; a soft-deleted one frees the document. */
const documentUnique = (table: string) => uniqueIndex(`${table}_document_uq`);
const LIVE_DOCUMENT = sql`document is not null and deleted_at is null`;

export const client = sqliteTable(
  "client",
  {
    id: id(),
    ...tenant(),
    kind: text("kind", { enum: PARTY_KINDS }).notNull().default("person"),
    /** Full name of a person, legal name (razão social) of a company. */
    name: text("name").notNull(),
    /** Trade name (nome fantasia) of a company, or the name a person goes by. */
    tradeName: text("trade_name"),
    /** CPF or CNPJ digits. */
    document: text("document"),
    rg: text("rg"),
    rgIssuer: text("rg_issuer"),
    passportNumber: text("passport_number"),
    passportCountry: text("passport_country"),
    passportExpiry: text("passport_expiry"),
    nationality: text("nationality"),
    birthDate: text("birth_date"),
    emails: text("emails", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    phones: text("phones", { mode: "json" }).$type<Phone[]>().notNull().default(sql`'[]'`),
    postalCode: text("postal_code"),
    street: text("street"),
    number: text("number"),
    complement: text("complement"),
    district: text("district"),
    city: text("city"),
    state: text("state"),
    country: text("country").notNull().default("BR"),
    emergencyContactName: text("emergency_contact_name"),
    emergencyContactPhone: text("emergency_contact_phone"),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    notes: text("notes"),
    /** LGPD: consent to marketing messages, and when it was given. */
    marketingConsent: integer("marketing_consent", { mode: "boolean" }).notNull().default(false),
    consentAt: text("consent_at"),
    ...bookkeeping(),
  },
  (t) => [
    index("client_list_idx").on(t.agencyId, t.deletedAt, t.searchText, t.id),
    index("client_city_idx").on(t.agencyId, t.deletedAt, t.city, t.id),
    // The list's filters, in the default (name) order: a filtered page and its count read an index range.
    index("client_kind_idx").on(t.agencyId, t.deletedAt, t.kind, t.searchText, t.id),
    index("client_consent_idx").on(t.agencyId, t.deletedAt, t.marketingConsent, t.searchText, t.id),
    index("client_created_idx").on(t.agencyId, t.deletedAt, t.createdAt, t.id),
    index("client_search_idx").on(t.agencyId, t.searchText),
    documentUnique("client").on(t.agencyId, t.document).where(LIVE_DOCUMENT),
    kindCheck("client"),
    documentCheck("client"),
  ],
);

/** Columns shared by supplier (fornecedor) and provider (prestador). */
const partnerColumns = () => ({
  id: id(),
  ...tenant(),
  kind: text("kind", { enum: PARTY_KINDS }).notNull().default("company"),
  /** Legal name (razão social) or a person's full name. */
  name: text("name").notNull(),
  tradeName: text("trade_name"),
  document: text("document"),
  category: text("category", { enum: SUPPLIER_CATEGORIES }).notNull().default("other"),
  contacts: text("contacts", { mode: "json" }).$type<Contact[]>().notNull().default(sql`'[]'`),
  email: text("email"),
  phone: text("phone"),
  website: text("website"),
  city: text("city"),
  state: text("state"),
  country: text("country").notNull().default("BR"),
  /** Bank code (COMPE, 3 digits), branch (agência) and account with its digit. */
  bankCode: text("bank_code"),
  bankBranch: text("bank_branch"),
  bankAccount: text("bank_account"),
  bankAccountType: text("bank_account_type", { enum: BANK_ACCOUNT_TYPES }),
  pixKeyType: text("pix_key_type", { enum: PIX_KEY_TYPES }),
  pixKey: text("pix_key"),
  /** Free text until payment terms exist in Finance ("30 dias após o check-out"). */
  paymentTerm: text("payment_term"),
  /** The default payment term (finance payment_term) of the payables a sale writes to this partner; null = à vista. */
  paymentTermId: text("payment_term_id"),
  notes: text("notes"),
});

type PartnerIndexColumns = Record<"agencyId" | "deletedAt" | "name" | "id" | "searchText" | "document" | "category" | "city" | "createdAt", SQLiteColumn>;

const partnerIndexes = (table: string, c: PartnerIndexColumns) => {
  return [
    index(`${table}_list_idx`).on(c.agencyId, c.deletedAt, c.searchText, c.id),
    index(`${table}_category_idx`).on(c.agencyId, c.deletedAt, c.category, c.searchText, c.id),
    index(`${table}_city_idx`).on(c.agencyId, c.deletedAt, c.city, c.id),
    index(`${table}_created_idx`).on(c.agencyId, c.deletedAt, c.createdAt, c.id),
    index(`${table}_search_idx`).on(c.agencyId, c.searchText),
    documentUnique(table).on(c.agencyId, c.document).where(LIVE_DOCUMENT),
    kindCheck(table),
    documentCheck(table),
    check(`${table}_category_ck`, sql`category in (${enumList(SUPPLIER_CATEGORIES)})`),
    check(`${table}_bank_account_type_ck`, sql`bank_account_type is null or bank_account_type in (${enumList(BANK_ACCOUNT_TYPES)})`),
    pixKeyTypeCheck(table),
  ];
};

export const supplier = sqliteTable("supplier", { ...partnerColumns(), ...bookkeeping() }, (t) => partnerIndexes("supplier", t));

export const provider = sqliteTable(
  "provider",
  {
    ...partnerColumns(),
    /** Services offered (transfer in/out, city tour, guiding...). */
    services: text("services", { mode: "json" }).$type<ProviderService[]>().notNull().default(sql`'[]'`),
    ...bookkeeping(),
  },
  (t) => partnerIndexes("provider", t),
);

export const agent = sqliteTable(
  "agent",
  {
    id: id(),
    ...tenant(),
    name: text("name").notNull(),
    /** CPF or CNPJ digits of the payee of commissions (resellers). */
    document: text("document"),
    email: text("email"),
    phone: text("phone"),
    /** The staff user this agent is, when internal. */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    commissionRule: text("commission_rule", { enum: COMMISSION_RULES }).notNull().default("sale_percent"),
    /** Default commission in basis points: 500 = 5 %. */
    commissionBps: integer("commission_bps").notNull().default(0),
    pixKeyType: text("pix_key_type", { enum: PIX_KEY_TYPES }),
    pixKey: text("pix_key"),
    notes: text("notes"),
    ...bookkeeping(),
  },
  (t) => [
    index("agent_list_idx").on(t.agencyId, t.deletedAt, t.searchText, t.id),
    index("agent_created_idx").on(t.agencyId, t.deletedAt, t.createdAt, t.id),
    index("agent_search_idx").on(t.agencyId, t.searchText),
    uniqueIndex("agent_document_uq").on(t.agencyId, t.document).where(LIVE_DOCUMENT),
    uniqueIndex("agent_user_uq").on(t.agencyId, t.userId).where(sql`user_id is not null and deleted_at is null`),
    check("agent_document_ck", sql`document is null or (document not glob '*[^0-9]*' and length(document) in (11, 14))`),
    check("agent_commission_ck", sql`commission_bps between 0 and 10000`),
    check("agent_rule_ck", sql`commission_rule in (${enumList(COMMISSION_RULES)})`),
    pixKeyTypeCheck("agent"),
  ],
);

export const boardingPoint = sqliteTable(
  "boarding_point",
  {
    id: id(),
    ...tenant(),
    name: text("name").notNull(),
    address: text("address"),
    district: text("district"),
    city: text("city"),
    state: text("state"),
    postalCode: text("postal_code"),
    latitude: real("latitude"),
    longitude: real("longitude"),
    /** How to find it ("em frente à bilheteria"). */
    reference: text("reference"),
    /** Minutes after an excursion's departure time that the bus is here (0 = first stop). */
    defaultOffsetMinutes: integer("default_offset_minutes").notNull().default(0),
    ...bookkeeping(),
  },
  (t) => [
    index("boarding_point_list_idx").on(t.agencyId, t.deletedAt, t.searchText, t.id),
    index("boarding_point_created_idx").on(t.agencyId, t.deletedAt, t.createdAt, t.id),
    index("boarding_point_search_idx").on(t.agencyId, t.searchText),
    check("boarding_point_coordinates_ck", sql`(latitude is null or latitude between -90 and 90) and (longitude is null or longitude between -180 and 180)`),
  ],
);

export const destination = sqliteTable(
  "destination",
  {
    id: id(),
    ...tenant(),
    name: text("name").notNull(),
    city: text("city"),
    state: text("state"),
    country: text("country").notNull().default("BR"),
    description: text("description"),
    /** R2 key of the cover image (agencies/{agencyId}/...). */
    coverKey: text("cover_key"),
    ...bookkeeping(),
  },
  (t) => [
    index("destination_list_idx").on(t.agencyId, t.deletedAt, t.searchText, t.id),
    index("destination_created_idx").on(t.agencyId, t.deletedAt, t.createdAt, t.id),
    index("destination_search_idx").on(t.agencyId, t.searchText),
  ],
);

export const productKind = sqliteTable(
  "product_kind",
  {
    id: id(),
    ...tenant(),
    kind: text("kind", { enum: PRODUCT_KINDS }).notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    /** Default chart-of-accounts category of its sales (set once Finance has the chart). */
    defaultCategory: text("default_category"),
    ...bookkeeping(),
  },
  (t) => [
    uniqueIndex("product_kind_agency_kind_uq").on(t.agencyId, t.kind),
    check("product_kind_kind_ck", sql`kind in (${enumList(PRODUCT_KINDS)})`),
  ],
);

/**
 * Live (not soft-deleted) rows per agency and register, kept by triggers
 * (migration 0004_register_counts) so that an unfiltered list shows its total
 * without counting the table: one row read instead of the whole agency's rows.
 */
export const registerCount = sqliteTable(
  "register_count",
  {
    agencyId: text("agency_id")
      .notNull()
      .references(() => agency.id),
    entity: text("entity").notNull(),
    live: integer("live").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.entity] })],
);
