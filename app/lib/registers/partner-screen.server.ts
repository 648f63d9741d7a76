/**
 * The form screens (novo and editar/:id) and the CSV export of suppliers and
 * providers, one implementation for both registers: a stored record as the
 * form shows it, the empty form, the stale notice's display, the screen spec
 * the kit's loader and action take, and the export of the list's filter.
 */
import type { provider, supplier } from "~/db/schema";
import type { Contact, ProviderService } from "~/db/schema/registers";
import { formatDocument, formatPhone } from "~/lib/platform/br-documents";
import type { Scope } from "~/lib/platform/scope.server";
import { exportList, wholeRows } from "~/lib/kit/export.server";
import type { RecordSpec } from "~/lib/kit/record-action.server";
import { contactToText, PARTNER_REGISTERS, partnerToCsvRow, PROVIDER_CSV_COLUMNS, serviceToText, SUPPLIER_CSV_COLUMNS, type PartnerRegister } from "~/lib/registers/partner";
import { partnerSchemas } from "~/lib/registers/partner.schema";
import {
  checkPartnerPaymentTerm,
  findPartnerDuplicate,
  partnerSources,
  partnerStores,
  partnerValues,
  paymentTermChoices,
  paymentTermNames,
  tableOf,
  type PartnerQuery,
  type PartnerValuesInput,
} from "~/lib/registers/partner.server";
import { ensureFinanceDefaults } from "~/lib/finance/defaults.server";
import { canManageRegisters } from "~/lib/registers/roles";

type PartnerRow = typeof supplier.$inferSelect & { services?: ProviderService[] };

const EMPTY_CONTACT = { name: "", role: "", email: "", phone: "" };
const EMPTY_SERVICE = { name: "", description: "" };

/** A stored record as the form shows it: masked document and phones, one empty row in empty lists. */
export function partnerFormValues(row: PartnerRow): Record<string, unknown> {
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
    paymentTermId: text(row.paymentTermId),
    notes: text(row.notes),
    ...(row.services ? { services: (row.services.length > 0 ? row.services : [EMPTY_SERVICE]).map((s) => ({ name: s.name, description: text(s.description) })) } : {}),
  };
}

/** An empty form of the register (novo). */
export const partnerEmpty = (register: PartnerRegister): Record<string, unknown> => ({
  kind: "company",
  category: register === "provider" ? "receptive" : "hotel",
  contacts: [EMPTY_CONTACT],
  ...(register === "provider" ? { services: [EMPTY_SERVICE] } : {}),
  country: "BR",
});

/** A flat, displayable version of a record (the stale-save differences). */
function partnerDisplay(row: PartnerRow): Record<string, string> {
  const values = partnerFormValues(row);
  return {
    ...(Object.fromEntries(Object.entries(values).filter(([, v]) => typeof v === "string")) as Record<string, string>),
    contacts: row.contacts.map(contactToText).join("; "),
    ...(row.services ? { services: row.services.map(serviceToText).join("; ") } : {}),
  };
}

/** The form screen of either register for the kit's loader and action. */
export function partnerSpec(register: PartnerRegister): RecordSpec<typeof supplier, PartnerValuesInput> {
  return {
    store: partnerStores[register],
    listPath: PARTNER_REGISTERS[register].path,
    canDelete: canManageRegisters,
    schemas: partnerSchemas[register],
    values: partnerValues,
    display: partnerDisplay,
    duplicate: (scope, input, exceptId) => findPartnerDuplicate(scope, register, input, exceptId),
    check: (scope, input, current) => checkPartnerPaymentTerm(scope, input, current),
  };
}

/**
 * The form screen's own data: the payment terms its default-term select
 * offers (a new agency gets finance's default terms first, as the finance
 * screens do).
 */
export async function partnerScreenExtra(scope: Scope, row: { paymentTermId: string | null } | null) {
  await ensureFinanceDefaults(scope.db, scope.agencyId);
  return { paymentTerms: await paymentTermChoices(scope, row?.paymentTermId ?? null) };
}

/** The current filter of the register's list as CSV, in the list's order; the default payment term by name. */
export async function partnersCsv(scope: Scope, register: PartnerRegister, query: PartnerQuery, filename: string) {
  const table = tableOf(register) as typeof supplier | typeof provider;
  const columns = register === "provider" ? PROVIDER_CSV_COLUMNS : SUPPLIER_CSV_COLUMNS;
  const source = partnerSources[register];
  const termNames = await paymentTermNames(scope);
  const toRow = (r: { row: PartnerRow }) => partnerToCsvRow(r.row, r.row.paymentTermId ? (termNames.get(r.row.paymentTermId) ?? "") : "");
  return exportList(scope, source, query, wholeRows(scope.db, table as typeof supplier, source, query), columns, (r) => toRow(r as { row: PartnerRow }), filename);
}
