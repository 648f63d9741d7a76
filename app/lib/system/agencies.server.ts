/**
 * Agencies and their licences on D1: the list for licence management, version
 * checked saves (a stale save changes nothing) and their audit rows, written in
 * one `db.batch()` so that the audit row exists exactly when the change does.
 *
 * Atomicity: a D1 batch runs as one transaction, statement after statement on
 * one connection, so SQLite's changes() tells each statement whether the one
 * before it changed a row: the audit row is inserted only after a successful
 * update (`where changes() = 1`), and a licence save that also changes the
 * agency only applies when the agency's update applied.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import { agency, auditEntry, licence, session } from "~/db/schema";
import { newId, nowIso } from "~/db/schema/columns";
import { defaultTemplateStatements } from "~/lib/contracts/default-templates.server";
import { defaultStageStatements } from "~/lib/crm/default-stages.server";
import { auditInsert, type AuditInput } from "~/lib/platform/audit.server";
import { crossTenant, type Db } from "~/lib/platform/db.server";
import { runList, type ListSource } from "~/lib/kit/list.server";
import { fail, ok, type Result } from "~/lib/platform/result";
import type { AgencyQuery } from "~/lib/system/agency-list";
import { countEnabled, type EnabledCount } from "~/lib/system/licence-edit";
import { defaultLicence, type LicenceModules } from "~/lib/system/licence";
import type { Plan } from "~/lib/system/agency-form";


/** An audit row inserted only if the statement just before it in the batch changed exactly one row. */
export function auditIfChanged(db: Db, entry: AuditInput) {
  const values = sql`select ${newId()}, ${entry.agencyId}, ${entry.userId}, ${entry.entity}, ${entry.entityId}, ${entry.action}, ${
    entry.changes ? JSON.stringify(entry.changes) : null
  }, ${entry.ip ?? null}, ${nowIso()} where changes() = 1`;
  return db.insert(auditEntry).select(values);
}

/** Whether a batch statement's result changed at least one row. */
export function changedRows(result: unknown): number {
  const meta = (result as { meta?: { changes?: number } } | undefined)?.meta;
  return meta?.changes ?? 0;
}

export type AgencyListRow = {
  id: string;
  name: string;
  slug: string;
  plan: string;
  active: boolean;
  updatedAt: string;
  enabled: EnabledCount;
};

/**
 * Every agency, by name; `q` looks for the text in the name or the slug
 * (case-insensitive). A cross-agency list: its scope is every agency, so
 * callers read it through crossTenant (the SuperAdmin guard stays on the route).
 */
const AGENCY_SOURCE: ListSource<"name", never> = {
  table: agency,
  sortColumns: { name: agency.name },
  scope: () => [],
  search: (q) => {
    const text = q.toLowerCase();
    return [sql`(instr(lower(${agency.name}), ${text}) > 0 or instr(${agency.slug}, ${text}) > 0)`];
  },
};

/** Licence management's list (SuperAdmin): one keyset page of every agency, with plan, flag and enabled modules. */
export async function listAgencies(db: Db, query: AgencyQuery) {
  // Every agency on purpose: the SuperAdmin manages all of them (route guard: requireRoles("SuperAdmin")).
  const all = crossTenant(db);
  const { rows, page } = await runList({ db: all, agencyId: null }, AGENCY_SOURCE, query, (where, order, limit) =>
    all
      .select({
        id: agency.id,
        sortValue: agency.name,
        name: agency.name,
        slug: agency.slug,
        plan: agency.plan,
        active: agency.active,
        updatedAt: agency.updatedAt,
        modules: licence.modules,
      })
      .from(agency)
      .leftJoin(licence, eq(licence.agencyId, agency.id))
      .where(where)
      .orderBy(...order)
      .limit(limit),
  );
  const agencies: AgencyListRow[] = rows.map(({ modules, sortValue: _sort, ...row }) => ({ ...row, enabled: countEnabled(modules as LicenceModules | null) }));
  return { agencies, page };
}

/** The SuperAdmin's agency choice (/selecionar-agencia): one keyset page of every agency, by name. */
export async function listAgencyChoices(db: Db, query: AgencyQuery) {
  // Every agency on purpose: a SuperAdmin may work in any of them (route guard: requireRoles("SuperAdmin")).
  const all = crossTenant(db);
  const { rows, page } = await runList({ db: all, agencyId: null }, AGENCY_SOURCE, query, (where, order, limit) =>
    all
      .select({ id: agency.id, sortValue: agency.name, name: agency.name, slug: agency.slug, city: agency.city, state: agency.state, active: agency.active })
      .from(agency)
      .where(where)
      .orderBy(...order)
      .limit(limit),
  );
  return { agencies: rows.map(({ sortValue: _sort, ...row }) => row), page };
}

/**
 * Makes `agencyId` the agency a SuperAdmin's session works in; not_found for an
 * unknown agency. Only the caller's own session changes.
 */
export async function chooseAgency(scope: { db: Db; userId: string }, sessionId: string, agencyId: string): Promise<Result<object, "not_found">> {
  const [target] = await scope.db.select({ id: agency.id }).from(agency).where(eq(agency.id, agencyId));
  if (!target) return fail("not_found");
  await scope.db.update(session).set({ activeAgencyId: target.id, updatedAt: new Date() }).where(and(eq(session.id, sessionId), eq(session.userId, scope.userId)));
  return ok();
}

export type AgencyLicence = {
  agency: { id: string; name: string; slug: string; plan: string; active: boolean; version: number };
  licence: { modules: LicenceModules; version: number; updatedAt: string; updatedBy: string | null };
};

/** An agency with its licence, or null when there is no such agency. An agency without a licence row gets the default. */
export async function getAgencyLicence(db: Db, agencyId: string): Promise<AgencyLicence | null> {
  const [row] = await db
    .select({
      id: agency.id,
      name: agency.name,
      slug: agency.slug,
      plan: agency.plan,
      active: agency.active,
      agencyVersion: agency.version,
      modules: licence.modules,
      version: licence.version,
      updatedAt: licence.updatedAt,
      updatedBy: licence.updatedBy,
    })
    .from(agency)
    .leftJoin(licence, eq(licence.agencyId, agency.id))
    .where(eq(agency.id, agencyId));
  if (!row) return null;
  return {
    agency: { id: row.id, name: row.name, slug: row.slug, plan: row.plan, active: row.active, version: row.agencyVersion },
    licence: {
      modules: (row.modules as LicenceModules | null) ?? defaultLicence(),
      version: row.version ?? 0,
      updatedAt: row.updatedAt ?? "",
      updatedBy: row.updatedBy ?? null,
    },
  };
}

export async function slugTaken(db: Db, slug: string, exceptAgencyId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: agency.id })
    .from(agency)
    .where(exceptAgencyId ? and(eq(agency.slug, slug), ne(agency.id, exceptAgencyId)) : eq(agency.slug, slug))
    .limit(1);
  return !!row;
}

/** A unique-constraint failure from D1 (the slug raced another save). */
export const isUniqueViolation = (error: unknown) => /UNIQUE constraint failed/i.test(String((error as { message?: string })?.message ?? error));

export type NewAgency = {
  name: string;
  legalName: string | null;
  cnpj: string | null;
  slug: string;
  timeZone: string;
  currency: string;
  plan: Plan;
};

/**
 * A new agency with the default licence (spec §3: every module enabled), its
 * default contract templates (issue #17: excursion and emissivo, in Portuguese)
 * and the audit rows, in one batch.
 */
export async function createAgencyWithLicence(db: Db, input: NewAgency, actor: { userId: string; ip: string | null }) {
  const id = newId();
  const modules = defaultLicence();
  await db.batch([
    db.insert(agency).values({ id, ...input }),
    db.insert(licence).values({ agencyId: id, modules, updatedBy: actor.userId }),
    auditInsert(db, {
      agencyId: id,
      userId: actor.userId,
      entity: "agency",
      entityId: id,
      action: "create",
      changes: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, [null, v]])),
      ip: actor.ip,
    }),
    auditInsert(db, { agencyId: id, userId: actor.userId, entity: "licence", entityId: id, action: "create", changes: { plan: [null, input.plan] }, ip: actor.ip }),
    ...defaultTemplateStatements(db, id, actor.userId),
    ...defaultStageStatements(db, id),
  ]);
  return { id };
}

export type LicenceSave = {
  agencyId: string;
  /** The licence version the form was loaded with. */
  version: number;
  modules: LicenceModules;
  changes: Record<string, [unknown, unknown]>;
  /** Plan and active flag, when they change: checked against the agency's version too. */
  agency?: { version: number; plan: string; active: boolean };
  actor: { userId: string; ip: string | null };
};

/** Saves a licence if its version (and the agency's, when it changes) is still the one loaded; false when stale. */
export async function saveLicence(db: Db, save: LicenceSave): Promise<boolean> {
  const { agencyId, actor } = save;
  const licenceUpdate = db
    .update(licence)
    .set({ modules: save.modules, version: sql`${licence.version} + 1`, updatedBy: actor.userId, updatedAt: nowIso() })
    .where(and(eq(licence.agencyId, agencyId), eq(licence.version, save.version), save.agency ? sql`changes() = 1` : undefined));
  const audit = auditIfChanged(db, { agencyId, userId: actor.userId, entity: "licence", entityId: agencyId, action: "update", changes: save.changes, ip: actor.ip });
  if (save.agency) {
    const agencyUpdate = db
      .update(agency)
      .set({ plan: save.agency.plan, active: save.agency.active, version: sql`${agency.version} + 1`, updatedAt: nowIso() })
      .where(
        and(
          eq(agency.id, agencyId),
          eq(agency.version, save.agency.version),
          sql`(select ${licence.version} from ${licence} where ${licence.agencyId} = ${agencyId}) = ${save.version}`,
        ),
      );
    const [, result] = await db.batch([agencyUpdate, licenceUpdate, audit]);
    return changedRows(result) === 1;
  }
  const [result] = await db.batch([licenceUpdate, audit]);
  return changedRows(result) === 1;
}
