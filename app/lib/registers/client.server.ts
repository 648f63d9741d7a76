/**
 * Clients on the server: the record store and screen spec (the kit's loader
 * and action), the list source and page, the CSV export, duplicate checks
 * (CPF/CNPJ and e-mail within the agency), the row a form input becomes, the
 * CSV import and the command palette's search.
 */
import { and, eq, inArray, isNull, ne, sql, type SQL } from "drizzle-orm";
import { client } from "~/db/schema";
import { newId } from "~/db/schema/columns";
import type { Scope } from "~/lib/platform/scope.server";
import type { ListQuery } from "~/lib/kit/list";
import { runList } from "~/lib/kit/list.server";
import { formatCep, formatDocument, formatPhone } from "~/lib/platform/br-documents";
import { registerSearchText } from "~/lib/kit/search-text";
import { exportList, wholeRows } from "~/lib/kit/export.server";
import { createRecord, listSourceOf, recordStore, type ReadScope, type WriteScope } from "~/lib/kit/record.server";
import { parseForm } from "~/lib/kit/forms";
import { fail, ok, type Result } from "~/lib/platform/result";
import type { RecordSpec } from "~/lib/kit/record-action.server";
import { CLIENT_CSV_COLUMNS, CLIENTS_PATH, clientToCsvRow, csvRowToFormInput, type ClientInput, type ClientSort } from "~/lib/registers/client";
import { clientEditSchema, clientSchema } from "~/lib/registers/client.schema";
import { REFERENCES } from "~/lib/registers/references.server";
import { canManageRegisters } from "~/lib/registers/roles";
import { auditInsert } from "~/lib/platform/audit.server";

export const CLIENT_ENTITY = "client";

export const clientStore = recordStore({
  table: client,
  entity: CLIENT_ENTITY,
  label: (row) => row.name,
  softDelete: client.deletedAt,
  searchText: client.searchText,
  counter: CLIENT_ENTITY,
  createdBy: client.createdBy,
  references: REFERENCES.client,
});

export type ClientFilter = "kind" | "consent";
export type ClientQuery = ListQuery<ClientSort, ClientFilter>;

export const clientSource = listSourceOf<ClientSort, ClientFilter>(clientStore, {
  sortColumns: { name: client.searchText, city: client.city, createdAt: client.createdAt },
  filterWhere: (f) => {
    const out: SQL[] = [];
    if (f.kind) out.push(eq(client.kind, f.kind as "person" | "company"));
    if (f.consent) out.push(eq(client.marketingConsent, f.consent === "yes"));
    return out;
  },
});

const listColumns = {
  id: client.id,
  kind: client.kind,
  name: client.name,
  tradeName: client.tradeName,
  document: client.document,
  emails: client.emails,
  phones: client.phones,
  city: client.city,
  state: client.state,
  tags: client.tags,
  marketingConsent: client.marketingConsent,
  createdAt: client.createdAt,
};

export type ClientListRow = { id: string; sortValue: string | number | null; kind: "person" | "company"; name: string; tradeName: string | null; document: string | null; emails: string[]; phones: { number: string; whatsapp: boolean }[]; city: string | null; state: string | null; tags: string[]; marketingConsent: boolean; createdAt: string };

export function listClients(scope: ReadScope, query: ClientQuery) {
  const { db } = scope;
  const sortColumn = clientSource.sortColumns[query.sort];
  return runList(scope, clientSource, query, (where, order, limit) =>
    db
      .select({ ...listColumns, sortValue: sql<string | number | null>`${sortColumn}` })
      .from(client)
      .where(where)
      .orderBy(...order)
      .limit(limit) as Promise<ClientListRow[]>,
  );
}

/** The stored row of a validated form input (without id, agency and bookkeeping). */
export function clientValues(input: ClientInput) {
  return {
    kind: input.kind,
    name: input.name,
    tradeName: input.tradeName,
    document: input.document,
    rg: input.rg,
    rgIssuer: input.rgIssuer,
    passportNumber: input.passportNumber ? input.passportNumber.toUpperCase() : null,
    passportCountry: input.passportCountry,
    passportExpiry: input.passportExpiry,
    nationality: input.nationality,
    birthDate: input.birthDate,
    emails: input.emails,
    phones: input.phones,
    postalCode: input.postalCode,
    street: input.street,
    number: input.number,
    complement: input.complement,
    district: input.district,
    city: input.city,
    state: input.state,
    country: input.country,
    emergencyContactName: input.emergencyContactName,
    emergencyContactPhone: input.emergencyContactPhone,
    tags: input.tags,
    notes: input.notes,
    marketingConsent: input.marketingConsent,
    searchText: registerSearchText.client(input),
  };
}

export type ContactClientAnswer = Result<{ id: string }, "invalid" | "duplicate", { errors?: Record<string, string[]>; existing?: string }>;

/**
 * A person registered from a contact's name, e-mail and phone (a CRM lead, a visitor's
 * reservation request): the register's schema, duplicate rule and store (numbered, audited).
 */
export async function createClientFromContact(scope: WriteScope, contact: { name: string; email: string | null; phone: string | null }): Promise<ContactClientAnswer> {
  const fd = new FormData();
  fd.set("kind", "person");
  fd.set("name", contact.name);
  fd.set("country", "BR");
  if (contact.email) fd.set("emails[0]", contact.email);
  if (contact.phone) fd.set("phones[0].number", contact.phone);
  const submission = parseForm(fd, clientSchema);
  if (!submission || submission.status !== "success") return fail("invalid", { errors: (submission?.error ?? {}) as Record<string, string[]> });
  const input = submission.value;
  const duplicate = await findClientDuplicate(scope, input);
  if (duplicate) return fail("duplicate", { errors: { [duplicate.field]: [`records.errors.duplicate.${duplicate.field}`] }, existing: duplicate.id });
  const created = await createRecord(scope, clientStore, clientValues(input));
  if (!created.ok) return fail("duplicate", { errors: {} });
  return ok({ id: created.id });
}

export type Duplicate = { field: "document" | "emails"; id: string; name: string; value: string };

/** A live client of the agency (other than `exceptId`) with the same document or one of the e-mails. */
export async function findClientDuplicate({ db, agencyId }: ReadScope, input: { document: string | null; emails: string[] }, exceptId?: string): Promise<Duplicate | null> {
  const scope = [eq(client.agencyId, agencyId), isNull(client.deletedAt), ...(exceptId ? [ne(client.id, exceptId)] : [])];
  if (input.document) {
    const [row] = await db
      .select({ id: client.id, name: client.name })
      .from(client)
      .where(and(...scope, eq(client.document, input.document)))
      .limit(1);
    if (row) return { field: "document", id: row.id, name: row.name, value: input.document };
  }
  if (input.emails.length > 0) {
    const emails = JSON.stringify(input.emails);
    const [row] = await db
      .select({ id: client.id, name: client.name, email: sql<string>`e.value` })
      .from(client)
      .innerJoin(sql`json_each(${client.emails}) as e`, sql`e.value in (select value from json_each(${emails}))`)
      .where(and(...scope))
      .limit(1);
    if (row) return { field: "emails", id: row.id, name: row.name, value: row.email };
  }
  return null;
}

// ---------------------------------------------------------------------------
// CSV import

export const IMPORT_MAX_ROWS = 5000;
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;

export type ImportRowReport = { line: number; name: string; errors: { field: string; message: string }[] };
export type ImportReport = { total: number; valid: number; invalid: ImportRowReport[]; imported: number };

/**
 * Validates every record with the form's schema, then against the agency's
 * clients and the file itself (CPF/CNPJ and e-mails must be unique). Writes
 * nothing when any row is invalid, unless `validOnly`; then the valid rows go in
 * one batch (all or none of them).
 */
export async function importClients(
  ctx: WriteScope,
  records: Record<string, string | undefined>[],
  options: { validOnly: boolean; lines?: number[] },
): Promise<ImportReport> {
  const { db } = ctx;
  const invalid: ImportRowReport[] = [];
  const valid: { line: number; input: ClientInput }[] = [];
  const seenDocuments = new Map<string, number>();
  const seenEmails = new Map<string, number>();
  records.forEach((record, i) => {
    const line = options.lines?.[i] ?? i + 2;
    const parsed = clientSchema.safeParse(csvRowToFormInput(record));
    const name = (record.name ?? "").trim();
    if (!parsed.success) {
      const errors = parsed.error.issues.map((issue) => ({ field: String(issue.path[0] ?? ""), message: issue.message }));
      invalid.push({ line, name, errors });
      return;
    }
    const errors: { field: string; message: string }[] = [];
    const input = parsed.data;
    if (input.document) {
      const other = seenDocuments.get(input.document);
      if (other) errors.push({ field: "document", message: "registers.import.duplicateInFile" });
      else seenDocuments.set(input.document, line);
    }
    for (const email of input.emails) {
      if (seenEmails.has(email)) errors.push({ field: "emails", message: "registers.import.duplicateInFile" });
      else seenEmails.set(email, line);
    }
    if (errors.length > 0) invalid.push({ line, name, errors });
    else valid.push({ line, input });
  });

  // Against the agency's live clients, in chunks (D1 binds at most 100 parameters).
  const takenDocuments = new Set<string>();
  const takenEmails = new Set<string>();
  const documents = valid.map((v) => v.input.document).filter((d): d is string => !!d);
  for (let i = 0; i < documents.length; i += 90) {
    const rows = await db
      .select({ document: client.document })
      .from(client)
      .where(and(eq(client.agencyId, ctx.agencyId), isNull(client.deletedAt), inArray(client.document, documents.slice(i, i + 90))));
    for (const r of rows) if (r.document) takenDocuments.add(r.document);
  }
  const emails = valid.flatMap((v) => v.input.emails);
  if (emails.length > 0) {
    const rows = await db.all<{ email: string }>(
      sql`select distinct e.value as email from client, json_each(client.emails) e
           where client.agency_id = ${ctx.agencyId} and client.deleted_at is null
             and e.value in (select value from json_each(${JSON.stringify(emails)}))`,
    );
    for (const r of rows) takenEmails.add(r.email);
  }
  const accepted: { line: number; input: ClientInput }[] = [];
  for (const v of valid) {
    const errors: { field: string; message: string }[] = [];
    if (v.input.document && takenDocuments.has(v.input.document)) errors.push({ field: "document", message: "registers.import.exists" });
    if (v.input.emails.some((e) => takenEmails.has(e))) errors.push({ field: "emails", message: "registers.import.exists" });
    if (errors.length > 0) invalid.push({ line: v.line, name: v.input.name, errors });
    else accepted.push(v);
  }
  invalid.sort((a, b) => a.line - b.line);

  const report: ImportReport = { total: records.length, valid: accepted.length, invalid, imported: 0 };
  if (accepted.length === 0 || (invalid.length > 0 && !options.validOnly)) return report;

  const statements = accepted.flatMap(({ input }) => {
    const id = newId();
    const values = clientValues(input);
    return [
      db.insert(client).values({ ...values, id, agencyId: ctx.agencyId, createdBy: ctx.userId }),
      auditInsert(db, { agencyId: ctx.agencyId, userId: ctx.userId, entity: CLIENT_ENTITY, entityId: id, action: "create", changes: { import: [null, true], name: [null, input.name] }, ip: ctx.ip }),
    ];
  });
  // One batch is one transaction: all the valid rows or none.
  await db.batch(statements as unknown as [(typeof statements)[number], ...(typeof statements)[number][]]);
  report.imported = accepted.length;
  return report;
}

// ---------------------------------------------------------------------------
// The form screen (novo and editar/:id) and the export

type ClientRow = typeof client.$inferSelect;

/** A stored client as the form shows it: masked documents, CEP and phones, tags as text. */
export function clientFormValues(row: ClientRow) {
  const text = (v: string | null) => v ?? "";
  return {
    kind: row.kind,
    name: row.name,
    tradeName: text(row.tradeName),
    document: row.document ? formatDocument(row.document) : "",
    rg: text(row.rg),
    rgIssuer: text(row.rgIssuer),
    passportNumber: text(row.passportNumber),
    passportCountry: text(row.passportCountry),
    passportExpiry: text(row.passportExpiry),
    nationality: text(row.nationality),
    birthDate: text(row.birthDate),
    emails: row.emails.length > 0 ? row.emails : [""],
    phones: (row.phones.length > 0 ? row.phones : [{ number: "", whatsapp: false }]).map((p) => ({
      number: p.number ? formatPhone(p.number) : "",
      whatsapp: p.whatsapp ? "on" : "",
    })),
    postalCode: row.postalCode && row.country === "BR" ? formatCep(row.postalCode) : text(row.postalCode),
    street: text(row.street),
    number: text(row.number),
    complement: text(row.complement),
    district: text(row.district),
    city: text(row.city),
    state: text(row.state),
    country: row.country,
    emergencyContactName: text(row.emergencyContactName),
    emergencyContactPhone: row.emergencyContactPhone ? formatPhone(row.emergencyContactPhone) : "",
    tags: row.tags.join(", "),
    notes: text(row.notes),
    marketingConsent: row.marketingConsent ? "on" : "",
  };
}

export type ClientFormValues = ReturnType<typeof clientFormValues>;

/** An empty client form (novo). */
export const CLIENT_EMPTY: Partial<ClientFormValues> = {
  kind: "person",
  emails: [""],
  phones: [{ number: "", whatsapp: "" }],
  country: "BR",
};

/** A flat, displayable version of a client (stale-save differences). */
function clientDisplay(row: ClientRow): Record<string, string> {
  const values = clientFormValues(row);
  return {
    ...Object.fromEntries(Object.entries(values).filter(([, v]) => typeof v === "string")),
    emails: values.emails.filter(Boolean).join(", "),
    phones: values.phones
      .filter((p) => p.number)
      .map((p) => p.number)
      .join(", "),
    marketingConsent: values.marketingConsent ? "✓" : "",
  } as Record<string, string>;
}

/** The client form screen for the kit's loader and action. */
export const clientSpec: RecordSpec<typeof client, ClientInput> = {
  store: clientStore,
  listPath: CLIENTS_PATH,
  canDelete: canManageRegisters,
  schemas: { create: clientSchema, edit: clientEditSchema },
  values: clientValues,
  display: clientDisplay,
  duplicate: (scope, input, exceptId) => findClientDuplicate(scope, input, exceptId),
};

/** The current filter of the list as CSV, in the list's order. */
export function clientsCsv(scope: Scope, query: ClientQuery, filename: string) {
  return exportList(scope, clientSource, query, wholeRows(scope.db, client, clientSource, query), CLIENT_CSV_COLUMNS, (r) => clientToCsvRow(r.row), filename);
}
