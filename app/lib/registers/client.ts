/**
 * Clients (Cadastros → Clientes): the list's sorts and filters, the form's
 * limits and the CSV columns (export and import use the same ones, so an
 * exported file imports back). The form's schema is in client.schema.ts
 * (server, and the browser on demand).
 */
import { PARTY_KINDS } from "~/db/schema/registers";
import type { ListSpec } from "~/lib/kit/list";
import { parseCalendarDate } from "~/lib/platform/time-zone";

export type { ClientInput } from "~/lib/registers/client.schema";

/** The clients list; records live at `${CLIENTS_PATH}/editar/:id`. */
export const CLIENTS_PATH = "/cadastros/clientes";

export const MAX_EMAILS = 5;
export const MAX_PHONES = 5;

export const CLIENT_SORTS = ["name", "city", "createdAt"] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];

export const clientListSpec = {
  sorts: CLIENT_SORTS,
  defaultSort: "name",
  filters: {
    kind: PARTY_KINDS,
    consent: ["yes", "no"],
  },
} as const satisfies ListSpec<ClientSort, "kind" | "consent">;

/** The CSV columns, in order (export header and import header). */
export const CLIENT_CSV_COLUMNS = [
  "kind",
  "name",
  "tradeName",
  "document",
  "rg",
  "rgIssuer",
  "passportNumber",
  "passportCountry",
  "passportExpiry",
  "nationality",
  "birthDate",
  "emails",
  "phones",
  "postalCode",
  "street",
  "number",
  "complement",
  "district",
  "city",
  "state",
  "country",
  "emergencyContactName",
  "emergencyContactPhone",
  "tags",
  "notes",
  "marketingConsent",
] as const;
export type ClientCsvColumn = (typeof CLIENT_CSV_COLUMNS)[number];

/** The CSV's list separator inside a cell (e-mails, phones, tags). */
export const CSV_LIST_SEPARATOR = "|";

/** A date typed the Brazilian way ("31/12/1990") or ISO; anything else is passed on for the schema to refuse. */
export function csvDate(value: string): string {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (m) return `${m[3]}-${m[2]}-${m[1]}`;
  return value.trim();
}

const YES = new Set(["1", "sim", "s", "yes", "y", "true", "si", "sí", "x"]);

/**
 * One CSV record → the form's input (what a browser would post), so that the
 * import validates each row with the same schema as the form. Phones are
 * "number" or "number*" (WhatsApp) separated by "|".
 */
export function csvRowToFormInput(row: Record<string, string | undefined>): Record<string, unknown> {
  const get = (k: ClientCsvColumn) => (row[k] ?? "").trim();
  const list = (k: ClientCsvColumn) =>
    get(k)
      .split(CSV_LIST_SEPARATOR)
      .map((s) => s.trim())
      .filter(Boolean);
  const kind = get("kind").toLowerCase();
  return {
    kind: ["pj", "company", "empresa", "juridica", "jurídica"].includes(kind) ? "company" : kind === "" || ["pf", "person", "pessoa", "fisica", "física"].includes(kind) ? "person" : kind,
    name: get("name"),
    tradeName: get("tradeName"),
    document: get("document"),
    rg: get("rg"),
    rgIssuer: get("rgIssuer"),
    passportNumber: get("passportNumber"),
    passportCountry: get("passportCountry"),
    passportExpiry: csvDate(get("passportExpiry")),
    nationality: get("nationality"),
    birthDate: csvDate(get("birthDate")),
    emails: list("emails"),
    phones: list("phones").map((p) => ({ number: p.replace(/\*$/, ""), whatsapp: p.endsWith("*") })),
    postalCode: get("postalCode"),
    street: get("street"),
    number: get("number"),
    complement: get("complement"),
    district: get("district"),
    city: get("city"),
    state: get("state"),
    country: get("country"),
    emergencyContactName: get("emergencyContactName"),
    emergencyContactPhone: get("emergencyContactPhone"),
    tags: list("tags").join(","),
    notes: get("notes"),
    marketingConsent: YES.has(get("marketingConsent").toLowerCase()),
  };
}

/** A stored client → its CSV record (the inverse of csvRowToFormInput). */
export function clientToCsvRow(c: {
  kind: string;
  name: string;
  tradeName: string | null;
  document: string | null;
  rg: string | null;
  rgIssuer: string | null;
  passportNumber: string | null;
  passportCountry: string | null;
  passportExpiry: string | null;
  nationality: string | null;
  birthDate: string | null;
  emails: string[];
  phones: { number: string; whatsapp: boolean }[];
  postalCode: string | null;
  street: string | null;
  number: string | null;
  complement: string | null;
  district: string | null;
  city: string | null;
  state: string | null;
  country: string;
  emergencyContactName: string | null;
  emergencyContactPhone: string | null;
  tags: string[];
  notes: string | null;
  marketingConsent: boolean;
}): Record<ClientCsvColumn, string> {
  return {
    kind: c.kind,
    name: c.name,
    tradeName: c.tradeName ?? "",
    document: c.document ?? "",
    rg: c.rg ?? "",
    rgIssuer: c.rgIssuer ?? "",
    passportNumber: c.passportNumber ?? "",
    passportCountry: c.passportCountry ?? "",
    passportExpiry: c.passportExpiry ?? "",
    nationality: c.nationality ?? "",
    birthDate: c.birthDate ?? "",
    emails: c.emails.join(CSV_LIST_SEPARATOR),
    phones: c.phones.map((p) => `${p.number}${p.whatsapp ? "*" : ""}`).join(CSV_LIST_SEPARATOR),
    postalCode: c.postalCode ?? "",
    street: c.street ?? "",
    number: c.number ?? "",
    complement: c.complement ?? "",
    district: c.district ?? "",
    city: c.city ?? "",
    state: c.state ?? "",
    country: c.country,
    emergencyContactName: c.emergencyContactName ?? "",
    emergencyContactPhone: c.emergencyContactPhone ?? "",
    tags: c.tags.join(CSV_LIST_SEPARATOR),
    notes: c.notes ?? "",
    marketingConsent: c.marketingConsent ? "1" : "0",
  };
}

/** Age in whole years on `today` ("YYYY-MM-DD"), or null. */
export function ageOn(birthDate: string | null, today: string): number | null {
  if (!birthDate || !parseCalendarDate(birthDate)) return null;
  let age = Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4));
  if (today.slice(5) < birthDate.slice(5)) age -= 1;
  return age >= 0 ? age : null;
}
