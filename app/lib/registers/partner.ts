/**
 * Suppliers (Cadastros → Fornecedores: hotels, airlines, operators, bus
 * companies, insurers...) and providers (Cadastros → Prestadores: transfers,
 * receptives, guides...) have the same shape, the provider adding the services
 * it offers. One set of fields, checks and list spec serves both: the form
 * schema shared by browser and server, the list's sorts and filters, and the
 * CSV export's columns.
 */
import { BANK_ACCOUNT_TYPES, PARTY_KINDS, PIX_KEY_TYPES, SUPPLIER_CATEGORIES, type Contact, type ProviderService } from "~/db/schema/registers";
import type { ListSpec } from "~/lib/kit/list";

export type { PartnerInput, ProviderInput, SupplierInput } from "~/lib/registers/partner.schema";

/** The choices the screens offer (the schema's lists). */
export { BANK_ACCOUNT_TYPES, PIX_KEY_TYPES, SUPPLIER_CATEGORIES };
export type { PixKeyType, SupplierCategory } from "~/db/schema/registers";

/** The two registers built on these fields, with what differs between them. */
export const PARTNER_REGISTERS = {
  supplier: { entity: "supplier", path: "/cadastros/fornecedores", module: "fornecedores", texts: "suppliers", searchKind: "fornecedor", csvName: "fornecedores" },
  provider: { entity: "provider", path: "/cadastros/prestadores", module: "prestadores", texts: "providers", searchKind: "prestador", csvName: "prestadores" },
} as const;
export type PartnerRegister = keyof typeof PARTNER_REGISTERS;

export const MAX_CONTACTS = 10;
export const MAX_SERVICES = 30;
/** Rows a post may carry before any per-row work (a form never sends more). */
export const MAX_POSTED_ROWS = 100;

/** Error keys of these registers (the shared ones are in regErr). */
export const partnerErr = {
  bankBranch: "partners.errors.bankBranch",
  bankAccount: "partners.errors.bankAccount",
  bankIncomplete: "partners.errors.bankIncomplete",
  pixKeyType: "partners.errors.pixKeyType",
  pixKeyMissing: "partners.errors.pixKeyMissing",
  contactName: "partners.errors.contactName",
  serviceName: "partners.errors.serviceName",
  /** The default payment term is not a live term of the agency (deleted meanwhile, or a forged id). */
  paymentTermId: "partners.errors.paymentTermId",
} as const;

/** The Banco Central's limit on an e-mail Pix key. */
export const PIX_EMAIL_MAX = 77;

export const PARTNER_SORTS = ["name", "city", "createdAt"] as const;
export type PartnerSort = (typeof PARTNER_SORTS)[number];
export type PartnerFilter = "category" | "kind";

/** Both lists: sorted by name, city or date of creation; filtered by category and kind. */
export const partnerListSpec = {
  sorts: PARTNER_SORTS,
  defaultSort: "name",
  filters: {
    category: SUPPLIER_CATEGORIES,
    kind: PARTY_KINDS,
  },
} as const satisfies ListSpec<PartnerSort, PartnerFilter>;
export const supplierListSpec = partnerListSpec;
export const providerListSpec = partnerListSpec;

/** The CSV columns, in order; providers add "services". */
export const SUPPLIER_CSV_COLUMNS = [
  "kind",
  "name",
  "tradeName",
  "document",
  "category",
  "email",
  "phone",
  "website",
  "city",
  "state",
  "country",
  "contacts",
  "bankCode",
  "bankBranch",
  "bankAccount",
  "bankAccountType",
  "pixKeyType",
  "pixKey",
  "paymentTerm",
  "defaultPaymentTerm",
  "notes",
] as const;
export const PROVIDER_CSV_COLUMNS = [...SUPPLIER_CSV_COLUMNS, "services"] as const;
export type PartnerCsvColumn = (typeof PROVIDER_CSV_COLUMNS)[number];

/** Separates the items of a list inside a CSV cell (contacts, services). */
export const CSV_LIST_SEPARATOR = " | ";

/** "Ana Souza / Reservas / ana@hotel.com / 11912345678" */
export const contactToText = (c: Contact) => [c.name, c.role, c.email, c.phone].filter(Boolean).join(" / ");
/** "City tour: meio dia, saída do hotel" */
export const serviceToText = (s: ProviderService) => (s.description ? `${s.name}: ${s.description}` : s.name);

type PartnerRow = {
  kind: string;
  name: string;
  tradeName: string | null;
  document: string | null;
  category: string;
  email: string | null;
  phone: string | null;
  website: string | null;
  city: string | null;
  state: string | null;
  country: string;
  contacts: Contact[];
  bankCode: string | null;
  bankBranch: string | null;
  bankAccount: string | null;
  bankAccountType: string | null;
  pixKeyType: string | null;
  pixKey: string | null;
  paymentTerm: string | null;
  notes: string | null;
  services?: ProviderService[];
};

/**
 * A stored supplier or provider → its CSV record (services only for providers);
 * `defaultPaymentTerm` is the name of its default payment term ("" = à vista).
 */
export function partnerToCsvRow(r: PartnerRow, defaultPaymentTerm = ""): Record<string, string> {
  const text = (v: string | null) => v ?? "";
  const row: Record<string, string> = {
    kind: r.kind,
    name: r.name,
    tradeName: text(r.tradeName),
    document: text(r.document),
    category: r.category,
    email: text(r.email),
    phone: text(r.phone),
    website: text(r.website),
    city: text(r.city),
    state: text(r.state),
    country: r.country,
    contacts: r.contacts.map(contactToText).join(CSV_LIST_SEPARATOR),
    bankCode: text(r.bankCode),
    bankBranch: text(r.bankBranch),
    bankAccount: text(r.bankAccount),
    bankAccountType: text(r.bankAccountType),
    pixKeyType: text(r.pixKeyType),
    pixKey: text(r.pixKey),
    paymentTerm: text(r.paymentTerm),
    defaultPaymentTerm,
    notes: text(r.notes),
  };
  if (r.services) row.services = r.services.map(serviceToText).join(CSV_LIST_SEPARATOR);
  return row;
}
