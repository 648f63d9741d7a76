/**
 * Suppliers and providers on the server, one implementation for both
 * registers: their record stores, list sources and pages, the stored row of a
 * form input, the duplicate check (CPF/CNPJ and e-mail within the agency) and
 * the command palette's search. Their form screens and CSV export are in
 * partner-screen.server.ts.
 */
import { and, asc, eq, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { paymentTerm, provider, supplier } from "~/db/schema";
import type { ProviderService, SupplierCategory } from "~/db/schema/registers";
import type { ListQuery } from "~/lib/kit/list";
import { runList, type ListSource } from "~/lib/kit/list.server";
import { registerSearchText } from "~/lib/kit/search-text";
import { listSourceOf, recordStore, type ReadScope, type RecordStore } from "~/lib/kit/record.server";
import { PARTNER_REGISTERS, partnerErr, type PartnerFilter, type PartnerRegister, type PartnerSort, type SupplierInput } from "~/lib/registers/partner";
import { REFERENCES } from "~/lib/registers/references.server";

export const SUPPLIER_ENTITY = PARTNER_REGISTERS.supplier.entity;
export const PROVIDER_ENTITY = PARTNER_REGISTERS.provider.entity;

export type PartnerQuery = ListQuery<PartnerSort, PartnerFilter>;

const TABLES = { supplier, provider } as const;
/**
 * The columns both tables share, typed once: a provider is a supplier plus
 * `services`, so queries over the shared columns are written against the
 * supplier's type and run against whichever table is given.
 */
export const tableOf = (register: PartnerRegister) => TABLES[register] as typeof supplier;

/** The record store of each register (typed over the shared columns). */
export const partnerStores: Record<PartnerRegister, RecordStore<typeof supplier>> = {
  supplier: storeOf("supplier"),
  provider: storeOf("provider"),
};

function storeOf(register: PartnerRegister) {
  const t = tableOf(register);
  const { entity } = PARTNER_REGISTERS[register];
  return recordStore({
    table: t,
    entity,
    label: (row) => row.name,
    softDelete: t.deletedAt,
    searchText: t.searchText,
    counter: entity,
    createdBy: t.createdBy,
    references: REFERENCES[entity],
  });
}

function sourceOf(register: PartnerRegister): ListSource<PartnerSort, PartnerFilter> {
  const t = tableOf(register);
  return listSourceOf<PartnerSort, PartnerFilter>(partnerStores[register], {
    sortColumns: { name: t.searchText, city: t.city, createdAt: t.createdAt },
    filterWhere: (f) => {
      const out: SQL[] = [];
      if (f.category) out.push(eq(t.category, f.category as SupplierCategory));
      if (f.kind) out.push(eq(t.kind, f.kind as "person" | "company"));
      return out;
    },
  });
}

export const supplierSource = sourceOf("supplier");
export const providerSource = sourceOf("provider");
export const partnerSources = { supplier: supplierSource, provider: providerSource } as const;

export type PartnerListRow = {
  id: string;
  sortValue: string | number | null;
  kind: "person" | "company";
  name: string;
  tradeName: string | null;
  document: string | null;
  category: string;
  email: string | null;
  phone: string | null;
  city: string | null;
  state: string | null;
  createdAt: string;
  /** Providers only. */
  services?: ProviderService[];
};

export function listPartners(scope: ReadScope, register: PartnerRegister, query: PartnerQuery) {
  const { db } = scope;
  const t = tableOf(register);
  const source = partnerSources[register];
  const sortColumn = source.sortColumns[query.sort];
  const columns = {
    id: t.id,
    kind: t.kind,
    name: t.name,
    tradeName: t.tradeName,
    document: t.document,
    category: t.category,
    email: t.email,
    phone: t.phone,
    city: t.city,
    state: t.state,
    createdAt: t.createdAt,
    ...(register === "provider" ? { services: provider.services } : {}),
  };
  return runList(scope, source, query, (where, order, limit) =>
    db
      .select({ ...columns, sortValue: sql<string | number | null>`${sortColumn}` })
      .from(t)
      .where(where)
      .orderBy(...order)
      .limit(limit) as Promise<PartnerListRow[]>,
  );
}

export const listSuppliers = (scope: ReadScope, query: PartnerQuery) => listPartners(scope, "supplier", query);
export const listProviders = (scope: ReadScope, query: PartnerQuery) => listPartners(scope, "provider", query);

/** A validated supplier form (a provider's adds `services`). */
export type PartnerValuesInput = SupplierInput & { services?: ProviderService[] };

/** The stored row of a validated form input (without id, agency and bookkeeping). */
export function partnerValues(input: PartnerValuesInput) {
  return {
    kind: input.kind,
    name: input.name,
    tradeName: input.tradeName,
    document: input.document,
    category: input.category,
    contacts: input.contacts,
    email: input.email,
    phone: input.phone,
    website: input.website,
    city: input.city,
    state: input.state,
    country: input.country,
    bankCode: input.bankCode,
    bankBranch: input.bankBranch,
    bankAccount: input.bankAccount,
    bankAccountType: input.bankAccountType,
    pixKeyType: input.pixKeyType,
    pixKey: input.pixKey,
    paymentTerm: input.paymentTerm,
    paymentTermId: input.paymentTermId,
    notes: input.notes,
    ...(input.services ? { services: input.services } : {}),
    searchText: registerSearchText.partner(input),
  };
}

/** A payment term the form offers as the partner's default. */
export type PaymentTermChoice = { id: string; name: string; active: boolean };

/**
 * The terms a partner may default to (Financeiro → Prazos de pagamento): the
 * agency's live, active terms by name, plus `currentId` while it is live (a
 * term deactivated after it was chosen stays chosen, marked inactive).
 */
export async function paymentTermChoices({ db, agencyId }: ReadScope, currentId: string | null): Promise<PaymentTermChoice[]> {
  const wanted = currentId ? or(eq(paymentTerm.active, true), eq(paymentTerm.id, currentId)) : eq(paymentTerm.active, true);
  return db
    .select({ id: paymentTerm.id, name: paymentTerm.name, active: paymentTerm.active })
    .from(paymentTerm)
    .where(and(eq(paymentTerm.agencyId, agencyId), isNull(paymentTerm.deletedAt), wanted))
    .orderBy(asc(paymentTerm.name), asc(paymentTerm.id))
    .limit(500);
}

/** The names of the agency's payment terms, deleted ones included (a partner may still point at one), by id. */
export async function paymentTermNames({ db, agencyId }: ReadScope): Promise<Map<string, string>> {
  const rows = await db.select({ id: paymentTerm.id, name: paymentTerm.name }).from(paymentTerm).where(eq(paymentTerm.agencyId, agencyId));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * The default payment term of a save: empty (à vista), or one the form offers
 * (a live, active term of the agency, or the partner's current one while it is
 * live). Another agency's, a deleted or an unknown id is a field error.
 */
export async function checkPartnerPaymentTerm(
  { db, agencyId }: ReadScope,
  input: { paymentTermId: string | null },
  current: { paymentTermId: string | null } | null,
): Promise<Record<string, string[]> | null> {
  const id = input.paymentTermId;
  if (!id) return null;
  const [row] = await db
    .select({ active: paymentTerm.active })
    .from(paymentTerm)
    .where(and(eq(paymentTerm.agencyId, agencyId), eq(paymentTerm.id, id), isNull(paymentTerm.deletedAt)))
    .limit(1);
  if (row && (row.active || current?.paymentTermId === id)) return null;
  return { paymentTermId: [partnerErr.paymentTermId] };
}

export type PartnerDuplicate = { field: "document" | "email"; id: string; name: string; value: string };

/** A live supplier (provider) of the agency, other than `exceptId`, with the same CPF/CNPJ or e-mail. */
export async function findPartnerDuplicate(
  { db, agencyId }: ReadScope,
  register: PartnerRegister,
  input: { document: string | null; email: string | null },
  exceptId?: string,
): Promise<PartnerDuplicate | null> {
  const t = tableOf(register);
  const scope = [eq(t.agencyId, agencyId), isNull(t.deletedAt), ...(exceptId ? [ne(t.id, exceptId)] : [])];
  for (const field of ["document", "email"] as const) {
    const value = input[field];
    if (!value) continue;
    const [row] = await db
      .select({ id: t.id, name: t.name })
      .from(t)
      .where(and(...scope, eq(t[field], value)))
      .limit(1);
    if (row) return { field, id: row.id, name: row.name, value };
  }
  return null;
}

