/**
 * Suppliers and providers on the server: the list sources, the stored row of a
 * form input, the duplicate check (CPF/CNPJ and e-mail within the agency), the
 * command palette's search, and the loader and action of their form screens
 * (one implementation for both registers; the route modules only pick theirs).
 */
import { and, eq, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { provider, supplier } from "~/db/schema";
import type { Contact, ProviderService, SupplierCategory } from "~/db/schema/registers";
import { formatDocument, formatPhone } from "~/lib/platform/br-documents";
import { csvResponse } from "~/lib/kit/csv.server";
import type { Db } from "~/lib/platform/db.server";
import { parseListQuery, type ListQuery } from "~/lib/kit/list";
import { allRows, liveRows, runList, searchWhere, type ListSource } from "~/lib/kit/list.server";
import { registerSearchText } from "~/lib/kit/search-text";
import type { SearchResult } from "~/lib/shell/search";
import { getDb } from "~/middleware/cloudflare";
import { getI18n } from "~/middleware/i18n";
import { requireAgency } from "~/middleware/session";
import { findLive } from "~/lib/kit/record.server";
import {
  contactToText,
  PARTNER_REGISTERS,
  partnerListSpec,
  partnerSchemas,
  partnerToCsvRow,
  PROVIDER_CSV_COLUMNS,
  serviceToText,
  SUPPLIER_CSV_COLUMNS,
  type PartnerFilter,
  type PartnerRegister,
  type PartnerSort,
  type SupplierInput,
} from "~/lib/registers/partner";
import { historyFor, notFound, recordAction } from "~/lib/kit/record-action.server";
import { canManageRegisters } from "~/lib/registers/roles";

export const SUPPLIER_ENTITY = PARTNER_REGISTERS.supplier.entity;
export const PROVIDER_ENTITY = PARTNER_REGISTERS.provider.entity;

const TABLES = { supplier, provider } as const;
/**
 * The columns both tables share, typed once: a provider is a supplier plus
 * `services`, so queries over the shared columns are written against the
 * supplier's type and run against whichever table is given.
 */
const tableOf = (register: PartnerRegister) => TABLES[register] as typeof supplier;

function sourceOf(register: PartnerRegister): ListSource<PartnerSort, PartnerFilter> {
  const t = tableOf(register);
  return {
    table: t,
    softDelete: t.deletedAt,
    search: t.searchText,
    counter: PARTNER_REGISTERS[register].entity,
    sortColumns: { name: t.searchText, city: t.city, createdAt: t.createdAt },
    filterWhere: (f) => {
      const out: SQL[] = [];
      if (f.category) out.push(eq(t.category, f.category as SupplierCategory));
      if (f.kind) out.push(eq(t.kind, f.kind as "person" | "company"));
      return out;
    },
  };
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

export function listPartners(db: Db, register: PartnerRegister, agencyId: string, query: ListQuery<PartnerSort, PartnerFilter>) {
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
  return runList({ db, agencyId }, source, query, (where, order, limit) =>
    db
      .select({ ...columns, sortValue: sql<string | number | null>`${sortColumn}` })
      .from(t)
      .where(where)
      .orderBy(...order)
      .limit(limit) as Promise<PartnerListRow[]>,
  );
}

export const listSuppliers = (db: Db, agencyId: string, query: ListQuery<PartnerSort, PartnerFilter>) => listPartners(db, "supplier", agencyId, query);
export const listProviders = (db: Db, agencyId: string, query: ListQuery<PartnerSort, PartnerFilter>) => listPartners(db, "provider", agencyId, query);

/** A validated supplier form (a provider's adds `services`). */
type PartnerValuesInput = SupplierInput & { services?: ProviderService[] };

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
  db: Db,
  register: PartnerRegister,
  agencyId: string,
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

// ---------------------------------------------------------------------------
// The form screens (novo and editar/:id) of both registers

type PartnerRow = typeof supplier.$inferSelect & { services?: ProviderService[] };

const EMPTY_CONTACT = { name: "", role: "", email: "", phone: "" };
const EMPTY_SERVICE = { name: "", description: "" };

/** A stored record as the form shows it: masked document and phones, one empty row in empty lists. */
export function partnerFormValues(row: PartnerRow) {
  const text = (v: string | null | undefined) => v ?? "";
  const pixKey = row.pixKey && (row.pixKeyType === "cpf" || row.pixKeyType === "cnpj") ? formatDocument(row.pixKey) : text(row.pixKey);
  return {
    kind: row.kind,
    name: row.name,
    tradeName: text(row.tradeName),
    document: row.document ? formatDocument(row.document) : "",
    category: row.category,
    contacts: (row.contacts.length > 0 ? row.contacts : [EMPTY_CONTACT]).map((c: Contact) => ({
      name: c.name,
      role: text(c.role),
      email: text(c.email),
      phone: c.phone ? formatPhone(c.phone) : "",
    })),
    email: text(row.email),
    phone: row.phone ? formatPhone(row.phone) : "",
    website: text(row.website),
    city: text(row.city),
    state: text(row.state),
    country: row.country,
    bankCode: text(row.bankCode),
    bankBranch: text(row.bankBranch),
    bankAccount: text(row.bankAccount),
    bankAccountType: text(row.bankAccountType),
    pixKeyType: text(row.pixKeyType),
    pixKey,
    paymentTerm: text(row.paymentTerm),
    notes: text(row.notes),
    ...(row.services ? { services: (row.services.length > 0 ? row.services : [EMPTY_SERVICE]).map((s) => ({ name: s.name, description: text(s.description) })) } : {}),
  };
}

const emptyValues = (register: PartnerRegister) => ({
  kind: "company",
  category: register === "provider" ? "receptive" : "hotel",
  contacts: [EMPTY_CONTACT],
  ...(register === "provider" ? { services: [EMPTY_SERVICE] } : {}),
  country: "BR",
});

/** A flat, displayable version of a record (the stale-save differences). */
function flat(row: PartnerRow): Record<string, string> {
  const values = partnerFormValues(row);
  return {
    ...(Object.fromEntries(Object.entries(values).filter(([, v]) => typeof v === "string")) as Record<string, string>),
    contacts: row.contacts.map(contactToText).join("; "),
    ...(row.services ? { services: row.services.map(serviceToText).join("; ") } : {}),
  };
}

type RouteArgs = { context: Readonly<RouterContextProvider>; request: Request; params: { id?: string } };

/** The form screen's loader: an empty form (novo) or the agency's live record with its history (404 otherwise). */
export async function partnerFormLoader(register: PartnerRegister, { context, request, params }: RouteArgs) {
  const viewer = requireAgency(context, request);
  const db = getDb(context);
  const i18n = getI18n(context);
  const { texts, entity } = PARTNER_REGISTERS[register];
  const base = { register, timeZone: viewer.agency.timeZone };
  if (!params.id) {
    return { ...base, mode: "new" as const, values: emptyValues(register) as Record<string, unknown>, version: 0, name: "", history: null, canDelete: false, documentTitle: i18n.t(`partners.${texts}.new`) };
  }
  const row = (await findLive(db, TABLES[register], viewer.agency.id, params.id)) as PartnerRow | null;
  if (!row) throw notFound();
  const history = await historyFor(db, viewer.agency.id, entity, row.id, new URL(request.url));
  return {
    ...base,
    mode: "edit" as const,
    values: partnerFormValues(row) as Record<string, unknown>,
    version: row.version,
    name: row.name,
    history,
    canDelete: canManageRegisters(viewer.role),
    documentTitle: row.name,
  };
}

/** The validated form of either register (the provider's carries `services`, the edit form `version`). */
type PartnerFormOutput = PartnerValuesInput & { version?: number };

/** The form screen's action: save (create / update with the version check) or delete. */
export function partnerFormAction(register: PartnerRegister, args: RouteArgs) {
  const { entity, path } = PARTNER_REGISTERS[register];
  return recordAction<PartnerRow, PartnerFormOutput>(
    {
      table: TABLES[register],
      entity,
      listPath: path,
      schemas: partnerSchemas[register],
      values: partnerValues,
      display: flat,
      duplicate: ({ db, agencyId }, input, exceptId) => findPartnerDuplicate(db, register, agencyId, input, exceptId),
    },
    args,
  );
}

// ---------------------------------------------------------------------------
// CSV export

/** The current filter of the list as CSV, in the list's order (GET <list>/exportar?<list params>). */
export async function partnerExport(register: PartnerRegister, { context, request }: Omit<RouteArgs, "params">) {
  const viewer = requireAgency(context, request);
  const db = getDb(context);
  const t = tableOf(register);
  const source = partnerSources[register];
  const query = parseListQuery(new URL(request.url).searchParams, partnerListSpec);
  const sortColumn = source.sortColumns[query.sort];
  async function* batches() {
    for await (const rows of allRows({ db, agencyId: viewer.agency.id }, source, query, (where, order, limit) =>
      db
        .select({ row: TABLES[register], id: t.id, sortValue: sql<string | number | null>`${sortColumn}` })
        .from(t)
        .where(where)
        .orderBy(...order)
        .limit(limit),
    )) {
      yield rows.map((r) => partnerToCsvRow(r.row as PartnerRow));
    }
  }
  const day = new Date().toISOString().slice(0, 10);
  const columns = register === "provider" ? PROVIDER_CSV_COLUMNS : SUPPLIER_CSV_COLUMNS;
  return csvResponse(`${PARTNER_REGISTERS[register].csvName}-${viewer.agency.slug}-${day}.csv`, columns, batches());
}
