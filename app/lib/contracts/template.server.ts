/**
 * Contract templates on the server (issue #17, Modelos): the record store and
 * the list (search, language and kind filters, keyset pages, CSV), the form's
 * values, the save — the template row, a new immutable version row and the
 * audit row in one db.batch, taking the default mark from the previous default
 * of the kind in the same batch —, the versions of a template, and the sales
 * the preview may be shown against.
 *
 * Versions: a save that changes what a contract is made from (name, language or
 * body) writes version n + 1 and moves `current_version` to it; a save that only
 * changes the kind or the default mark writes no version (nothing a contract
 * keeps changed). Version rows are never updated, and a contract points at the
 * version it was made from, so editing a template never changes contracts
 * already made. Deleting a template soft-deletes it (contracts may point at it).
 */
import { and, desc, eq, isNull, ne, sql, type SQL } from "drizzle-orm";
import { auditEntry, client, contractTemplate, contractTemplateVersion, profile, sale, user } from "~/db/schema";
import { newId, nowIso } from "~/db/schema/columns";
import { plainText, mergeDocument, type TemplateDoc } from "~/lib/contracts/document";
import {
  PREVIEW_SALES_LIMIT,
  TEMPLATE_CSV_COLUMNS,
  TEMPLATES_PATH,
  canManageTemplates,
  templateToCsvRow,
  type PreviewSale,
  type TemplateFilter,
  type TemplateFormValues,
  type TemplateSort,
  type TemplateVersionRow,
} from "~/lib/contracts/template";
import { templateEditSchema, templateSchema, type TemplateInput } from "~/lib/contracts/template.schema";
import { exportList } from "~/lib/kit/export.server";
import { malformed, parseForm } from "~/lib/kit/forms";
import type { ListQuery } from "~/lib/kit/list";
import { runList, searchWhere } from "~/lib/kit/list.server";
import { deleteIntent, differences, staleAnswer } from "~/lib/kit/record-action.server";
import { findRecord, listSourceOf, recordStore, type ReadScope, type WriteScope } from "~/lib/kit/record.server";
import { buildSearchText } from "~/lib/kit/search-text";
import { auditInsert, changedFields } from "~/lib/platform/audit.server";
import type { Db } from "~/lib/platform/db.server";
import { redirectWithToast } from "~/lib/platform/flash.server";
import { conflict, forbidden, notFound } from "~/lib/platform/http";
import { fail, ok, type Result } from "~/lib/platform/result";
import type { Scope } from "~/lib/platform/scope.server";
import type { ToastMessage } from "~/lib/platform/toast";
import { saleScopeWhere } from "~/lib/sales/sale-core.server";
import { auditIfChanged, changedRows, isUniqueViolation } from "~/lib/system/agencies.server";
import { data } from "react-router";

export const TEMPLATE_ENTITY = "contract_template";

export type TemplateRow = typeof contractTemplate.$inferSelect;
type Statement = Parameters<Db["batch"]>[0][number];

export const templateStore = recordStore({
  table: contractTemplate,
  entity: TEMPLATE_ENTITY,
  label: (row) => row.name,
  softDelete: contractTemplate.deletedAt,
  searchText: contractTemplate.searchText,
  createdBy: contractTemplate.createdBy,
});

/** The form screen for the kit's loader (and the delete intent). */
export const templateSpec = { store: templateStore, listPath: TEMPLATES_PATH, canDelete: canManageTemplates };

export const templateSearchText = (name: string) => buildSearchText(name);

// ---------------------------------------------------------------------------
// The list

export type TemplateQuery = ListQuery<TemplateSort, TemplateFilter>;

export const templateSource = listSourceOf<TemplateSort, TemplateFilter>(templateStore, {
  sortColumns: { name: contractTemplate.name, updatedAt: contractTemplate.updatedAt },
  filterWhere: (f) => {
    const out: SQL[] = [];
    if (f.language) out.push(eq(contractTemplate.language, f.language as TemplateRow["language"]));
    if (f.kind) out.push(eq(contractTemplate.saleKind, f.kind as TemplateRow["saleKind"]));
    return out;
  },
});

export type TemplateListRow = {
  id: string;
  sortValue: string | number | null;
  name: string;
  language: TemplateRow["language"];
  saleKind: TemplateRow["saleKind"];
  isDefault: boolean;
  currentVersion: number;
  updatedAt: string;
};

const listColumns = (query: TemplateQuery) => ({
  id: contractTemplate.id,
  sortValue: sql<string | number | null>`${templateSource.sortColumns[query.sort]}`,
  name: contractTemplate.name,
  language: contractTemplate.language,
  saleKind: contractTemplate.saleKind,
  isDefault: contractTemplate.isDefault,
  currentVersion: contractTemplate.currentVersion,
  updatedAt: contractTemplate.updatedAt,
});

const selectRows = (db: Db, query: TemplateQuery) => (where: SQL, order: SQL[], limit: number) =>
  db
    .select(listColumns(query))
    .from(contractTemplate)
    .where(where)
    .orderBy(...order)
    .limit(limit) as Promise<TemplateListRow[]>;

/** One keyset page of the agency's live templates. */
export function listTemplates(scope: ReadScope, query: TemplateQuery) {
  return runList(scope, templateSource, query, selectRows(scope.db, query));
}

/** The current filter of the list as CSV, in the list's order (without the bodies). */
export function templatesCsv(scope: Scope, query: TemplateQuery, filename: string) {
  return exportList(scope, templateSource, query, selectRows(scope.db, query), TEMPLATE_CSV_COLUMNS, templateToCsvRow, filename);
}

// ---------------------------------------------------------------------------
// The form

/** A stored template as the form shows it (the body as the editor's JSON). */
export function templateFormValues(row: TemplateRow): TemplateFormValues {
  return {
    name: row.name,
    language: row.language,
    saleKind: row.saleKind,
    isDefault: row.isDefault ? "on" : "",
    body: JSON.stringify(row.body),
  };
}

/** An empty template form (novo): Portuguese, any kind of sale, one empty paragraph. */
export const TEMPLATE_EMPTY: TemplateFormValues = {
  name: "",
  language: "pt",
  saleKind: "any",
  isDefault: "",
  body: JSON.stringify({ type: "doc", content: [{ type: "paragraph" }] }),
};

/** The saved versions of a template, newest first, with who saved each. */
export async function templateVersions(scope: ReadScope, templateId: string, limit = 100): Promise<TemplateVersionRow[]> {
  const rows = await scope.db
    .select({
      id: contractTemplateVersion.id,
      number: contractTemplateVersion.number,
      name: contractTemplateVersion.name,
      language: contractTemplateVersion.language,
      createdAt: contractTemplateVersion.createdAt,
      profileName: profile.name,
      userName: user.name,
    })
    .from(contractTemplateVersion)
    .leftJoin(user, eq(user.id, contractTemplateVersion.createdBy))
    .leftJoin(profile, eq(profile.id, contractTemplateVersion.createdBy))
    .where(and(eq(contractTemplateVersion.agencyId, scope.agencyId), eq(contractTemplateVersion.templateId, templateId)))
    .orderBy(desc(contractTemplateVersion.number))
    .limit(limit);
  return rows.map(({ profileName, userName, ...r }) => ({ ...r, who: profileName || userName || null }));
}

/** What the stale notice compares, field by field (the body as the start of its text). */
function display(row: Pick<TemplateRow, "name" | "language" | "saleKind" | "isDefault" | "body">): Record<string, string> {
  const text = plainText(mergeDocument(row.body as TemplateDoc, {}, (key) => `[${key}]`)).replace(/\s+/g, " ").trim();
  return {
    name: row.name,
    language: row.language,
    saleKind: row.saleKind,
    isDefault: row.isDefault ? "✓" : "—",
    body: text.length > 160 ? `${text.slice(0, 160)}…` : text,
  };
}

// ---------------------------------------------------------------------------
// The save

/** The columns of a template a form input gives. */
function templateValues(input: TemplateInput) {
  return {
    name: input.name,
    language: input.language,
    saleKind: input.saleKind,
    isDefault: input.isDefault,
    body: input.body,
    searchText: templateSearchText(input.name),
  };
}

/**
 * Audit rows for, then the clearing of, the current default of `saleKind`
 * (another template than `exceptId`): the first two statements of a save that
 * marks its template as the default. `guard` makes both apply only while the
 * saved template is still at the version the form was loaded with.
 */
function clearDefaultStatements(scope: WriteScope, saleKind: TemplateRow["saleKind"], exceptId: string, guard: SQL | undefined, at: string): Statement[] {
  const { db, agencyId, userId, ip } = scope;
  const previous = and(
    eq(contractTemplate.agencyId, agencyId),
    eq(contractTemplate.saleKind, saleKind),
    eq(contractTemplate.isDefault, true),
    isNull(contractTemplate.deletedAt),
    ne(contractTemplate.id, exceptId),
    guard,
  );
  const changes = JSON.stringify({ isDefault: [true, false] });
  return [
    db
      .insert(auditEntry)
      .select(
        sql`select ${newId()}, ${agencyId}, ${userId}, ${TEMPLATE_ENTITY}, ${contractTemplate.id}, 'update', ${changes}, ${ip ?? null}, ${at} from ${contractTemplate} where ${previous}`,
      ) as Statement,
    db
      .update(contractTemplate)
      .set({ isDefault: false, updatedAt: at, version: sql`${contractTemplate.version} + 1` })
      .where(previous) as Statement,
  ];
}

/** The version row of a save: `number` with the template's name, language and body. */
function versionInsert(scope: WriteScope, templateId: string, number: number, input: TemplateInput, at: string, onlyIfChanged: boolean): Statement {
  const { db, agencyId, userId } = scope;
  if (!onlyIfChanged) {
    return db.insert(contractTemplateVersion).values({ id: newId(), agencyId, templateId, number, name: input.name, language: input.language, body: input.body, createdBy: userId, createdAt: at });
  }
  // Only when the template's update just before it in the batch applied (the version check passed).
  return db
    .insert(contractTemplateVersion)
    .select(
      sql`select ${newId()}, ${agencyId}, ${templateId}, ${number}, ${input.name}, ${input.language}, ${JSON.stringify(input.body)}, ${userId}, ${at} where changes() = 1`,
    ) as Statement;
}

export type SaveFailure = "notFound" | "stale" | "unique";

/** A new template, its version 1 and the audit row, in one batch (and the previous default of its kind cleared, when it is the default). */
export async function createTemplate(scope: WriteScope, input: TemplateInput): Promise<Result<{ id: string }, "unique">> {
  const { db, agencyId, userId, ip } = scope;
  const id = newId();
  const at = nowIso();
  const values = templateValues(input);
  const changes: Record<string, [unknown, unknown]> = {
    name: [null, input.name],
    language: [null, input.language],
    saleKind: [null, input.saleKind],
    ...(input.isDefault ? { isDefault: [null, true] } : {}),
    currentVersion: [null, 1],
  };
  try {
    await db.batch([
      ...(input.isDefault ? clearDefaultStatements(scope, input.saleKind, id, undefined, at) : []),
      db.insert(contractTemplate).values({ id, agencyId, ...values, currentVersion: 1, createdBy: userId, createdAt: at, updatedAt: at }),
      versionInsert(scope, id, 1, input, at, false),
      auditInsert(db, { agencyId, userId, entity: TEMPLATE_ENTITY, entityId: id, action: "create", changes, ip }),
    ] as unknown as Parameters<Db["batch"]>[0]);
    return ok({ id });
  } catch (error) {
    if (isUniqueViolation(error)) return fail("unique");
    throw error;
  }
}

/**
 * Saves `input` over the template if it is still at `version`: a new version row
 * when the name, language or body changed, the default mark taken from the
 * previous default, the audit row — one batch, every statement under the
 * version check. Stale: nothing written, the current row comes back.
 */
export async function updateTemplate(
  scope: WriteScope,
  id: string,
  version: number,
  input: TemplateInput,
): Promise<Result<{ changed: string[]; versionNumber: number }, SaveFailure, { current?: TemplateRow }>> {
  const { db, agencyId, userId, ip } = scope;
  const before = await findRecord(scope, templateStore, id);
  if (!before) return fail("notFound");
  if (before.version !== version) return fail("stale", { current: before });
  const at = nowIso();
  const values = templateValues(input);
  const newContent = before.name !== input.name || before.language !== input.language || JSON.stringify(before.body) !== JSON.stringify(input.body);
  const number = newContent ? before.currentVersion + 1 : before.currentVersion;
  const { body: _body, searchText: _search, ...audited } = values;
  const changes = { ...changedFields(before as Record<string, unknown>, audited), ...(newContent ? { currentVersion: [before.currentVersion, number] as [unknown, unknown] } : {}) };
  if (Object.keys(changes).length === 0) return ok({ changed: [], versionNumber: number });

  const guard = sql`exists (select 1 from ${contractTemplate} where ${and(eq(contractTemplate.agencyId, agencyId), eq(contractTemplate.id, id), eq(contractTemplate.version, version), isNull(contractTemplate.deletedAt))})`;
  const clearing = input.isDefault ? clearDefaultStatements(scope, input.saleKind, id, guard, at) : [];
  const update = db
    .update(contractTemplate)
    .set({ ...values, currentVersion: number, updatedAt: at, version: sql`${contractTemplate.version} + 1` })
    .where(and(eq(contractTemplate.agencyId, agencyId), eq(contractTemplate.id, id), eq(contractTemplate.version, version), isNull(contractTemplate.deletedAt)));
  try {
    const results = await db.batch([
      ...clearing,
      update,
      ...(newContent ? [versionInsert(scope, id, number, input, at, true)] : []),
      auditIfChanged(db, { agencyId, userId, entity: TEMPLATE_ENTITY, entityId: id, action: "update", changes, ip }),
    ] as unknown as Parameters<Db["batch"]>[0]);
    if (changedRows((results as unknown as unknown[])[clearing.length]) === 0) {
      const current = await findRecord(scope, templateStore, id);
      return current ? fail("stale", { current }) : fail("notFound");
    }
    return ok({ changed: Object.keys(changes), versionNumber: number });
  } catch (error) {
    if (isUniqueViolation(error)) return fail("unique");
    throw error;
  }
}

const FORBIDDEN_TOAST = { title: "contracts.templates.forbidden", variant: "destructive" } satisfies ToastMessage;

/**
 * The template form's action (novo and editar/:id): delete (intent=delete, soft)
 * or save. 404 for an unknown or another agency's id, 403 for a role that may not
 * change templates, 400 with the typed input kept (the body is not echoed back:
 * the editor keeps it), 409 stale with the current values; a created template
 * redirects to its edit screen, a saved one answers `{ saved, toast }`.
 */
export async function templateAction(scope: Scope, request: Request, params: { id?: string }) {
  const formData = await request.formData();
  if (params.id && formData.get("intent") === "delete") return deleteIntent(scope, templateSpec, params.id);
  const current = params.id ? await findRecord(scope, templateStore, params.id) : null;
  if (params.id && !current) throw notFound();
  if (!canManageTemplates(scope.role)) return forbidden({ toast: FORBIDDEN_TOAST });

  const submission = parseForm(formData, params.id ? templateEditSchema : templateSchema);
  if (!submission) return malformed();
  const reply = (options: Parameters<typeof submission.reply>[0] = {}) => submission.reply({ ...options, hideFields: ["body"] });
  if (submission.status !== "success") return data({ result: reply() }, { status: submission.status === "error" ? 400 : 200 });
  const input = submission.value as TemplateInput & { version?: number };
  const taken = () => conflict({ result: reply({ formErrors: ["records.errors.taken"] }) });

  if (!current) {
    const created = await createTemplate(scope, input);
    if (!created.ok) return taken();
    return redirectWithToast(`${TEMPLATES_PATH}/editar/${created.id}`, { title: "records.saved", values: { name: input.name } });
  }
  const result = await updateTemplate(scope, current.id, Number(input.version ?? 0), input);
  if (!result.ok) {
    if (result.reason === "unique") return taken();
    if (result.reason === "notFound" || !result.current) throw notFound();
    const stored = result.current;
    return staleAnswer(reply(), { version: stored.version, differences: differences(display(stored), display({ ...stored, ...templateValues(input) })) });
  }
  return { result: reply({ resetForm: true }), saved: true, toast: { title: "records.saved", values: { name: input.name } } satisfies ToastMessage };
}

// ---------------------------------------------------------------------------
// The preview

/**
 * The sales the preview may be shown against: the agency's confirmed and draft
 * sales the user may see (an Agente their own), matched by number or client
 * name, newest first, at most PREVIEW_SALES_LIMIT.
 */
export async function previewSales(scope: Scope, q: string): Promise<PreviewSale[]> {
  const rows = await scope.db
    .select({
      id: sale.id,
      number: sale.number,
      kind: sale.kind,
      status: sale.status,
      clientName: client.name,
      saleDate: sale.saleDate,
      totalCents: sale.totalCents,
      currency: sale.currency,
    })
    .from(sale)
    .innerJoin(client, and(eq(client.agencyId, scope.agencyId), eq(client.id, sale.clientId)))
    .where(and(saleScopeWhere(scope), ne(sale.status, "cancelled"), ...searchWhere(sale.searchText, q.slice(0, 100))))
    .orderBy(desc(sale.saleDate), desc(sale.number))
    .limit(PREVIEW_SALES_LIMIT);
  return rows;
}
