/**
 * Suppliers and providers on the server, one implementation for both
 * registers: their record stores, list sources and pages, the stored row of a
 * form input, the duplicate check (CPF/CNPJ and e-mail within the agency) and
 * the command palette's search. Their form screens and CSV export are in
 * partner-screen.server.ts.
 */
import { and, eq, isNull, ne, sql, type SQL } from "drizzle-orm";
import { provider, supplier } from "~/db/schema";
import type { ProviderService, SupplierCategory } from "~/db/schema/registers";
import { formatDocument } from "~/lib/platform/br-documents";
import type { Db } from "~/lib/platform/db.server";
import type { ListQuery } from "~/lib/kit/list";
import { liveRows, runList, searchWhere, type ListSource } from "~/lib/kit/list.server";
import { registerSearchText } from "~/lib/kit/search-text";
import { listSourceOf, recordStore, type ReadScope, type RecordStore } from "~/lib/kit/record.server";
import type { SearchResult } from "~/lib/shell/search";
import { PARTNER_REGISTERS, type PartnerFilter, type PartnerRegister, type PartnerSort, type SupplierInput } from "~/lib/registers/partner";
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
    notes: input.notes,
    ...(input.services ? { services: input.services } : {}),
    searchText: registerSearchText.partner(input),
  };
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

/** The command palette's search of one register: name, trade name, CPF/CNPJ, e-mail or city. */
function searchPartnersOf(register: PartnerRegister) {
  const { path, searchKind } = PARTNER_REGISTERS[register];
  return async ({ db, agencyId, query, limit }: { db: Db; agencyId: string; query: string; limit: number }): Promise<SearchResult[]> => {
    const t = tableOf(register);
    const rows = await db
      .select({ id: t.id, name: t.name, tradeName: t.tradeName, document: t.document, city: t.city })
      .from(t)
      .where(and(...liveRows(t, agencyId), ...searchWhere(t.searchText, query)))
      .orderBy(t.searchText, t.id)
      .limit(limit);
    return rows.map((r) => ({
      kind: searchKind,
      id: r.id,
      title: r.name,
      subtitle: [r.tradeName, r.document ? formatDocument(r.document) : null, r.city].filter(Boolean).join(" · ") || null,
      href: `${path}/editar/${r.id}`,
    }));
  };
}

export const searchSuppliers = searchPartnersOf("supplier");
export const searchProviders = searchPartnersOf("provider");
