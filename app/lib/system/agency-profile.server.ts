/**
 * Minha Agência: the agency's own data and logo, for its Admins (and a
 * SuperAdmin working in it). Always the scope's agency, never an id from the
 * client; version-checked saves with their audit row in the same batch.
 */
import { eq, sql } from "drizzle-orm";
import { agency } from "~/db/schema";
import { auditInsert, changedFields } from "~/lib/platform/audit.server";
import type { Db } from "~/lib/platform/db.server";
import { fail, ok, type Result } from "~/lib/platform/result";
import { auditIfChanged, changedRows, isUniqueViolation, slugTaken } from "~/lib/system/agencies.server";
import type { AgencyProfileInput } from "~/lib/system/agency-form";

type AgencyScope = { db: Db; agencyId: string; userId: string; ip: string | null };
export type AgencyRow = typeof agency.$inferSelect;

/** The text fields Minha Agência edits (it also edits the discount limit, maxDiscountBp, typed as a percentage, the contracts' signing settings and whether clients reserve through the portal). */
export const EDITABLE = [
  "name",
  "legalName",
  "cnpj",
  "cadastur",
  "country",
  "postalCode",
  "addressLine",
  "city",
  "state",
  "phone",
  "email",
  "website",
  "timeZone",
  "currency",
  "slug",
] as const;

/** The scope's agency (null only if it vanished). */
export async function loadOwnAgency({ db, agencyId }: { db: Db; agencyId: string }): Promise<AgencyRow | null> {
  const [row] = await db.select().from(agency).where(eq(agency.id, agencyId));
  return row ?? null;
}

/** Sets (or clears, with null) the logo's file key; returns the previous key for the caller to delete. */
export async function setAgencyLogo(scope: AgencyScope, before: AgencyRow, key: string | null) {
  const { db, agencyId } = scope;
  await db.batch([
    db.update(agency).set({ logoKey: key }).where(eq(agency.id, agencyId)),
    auditInsert(db, { agencyId, userId: scope.userId, entity: "agency", entityId: agencyId, action: "update", changes: { logo: [before.logoKey, key] }, ip: scope.ip }),
  ]);
  return before.logoKey;
}

export type AgencyCurrent = { name: string; slug: string; timeZone: string; currency: string; version: number };
const currentOf = (r: AgencyRow): AgencyCurrent => ({ name: r.name, slug: r.slug, timeZone: r.timeZone, currency: r.currency, version: r.version });

/** Saves the agency's data if the version is still the one loaded: stale (with the current values) or slug_taken otherwise. */
export async function saveAgencyProfile(
  scope: AgencyScope,
  before: AgencyRow,
  input: AgencyProfileInput,
): Promise<Result<object, "stale", { current: AgencyCurrent }> | Result<object, "slug_taken">> {
  const { db, agencyId } = scope;
  if (input.version !== before.version) return fail("stale", { current: currentOf(before) });
  if (await slugTaken(db, input.slug, agencyId)) return fail("slug_taken");
  const next = { ...(Object.fromEntries(EDITABLE.map((k) => [k, input[k]])) as Partial<AgencyRow>), maxDiscountBp: input.maxDiscountBp, brandColor: input.brandColor ?? before.brandColor, contractSigningOtp: input.contractSigningOtp, contractLinkDays: input.contractLinkDays, portalReservations: input.portalReservations };
  const changes = changedFields(before, next);
  if (Object.keys(changes).length === 0) return ok();
  try {
    const [result] = await db.batch([
      db
        .update(agency)
        .set({ ...next, version: sql`${agency.version} + 1` })
        .where(sql`${agency.id} = ${agencyId} and ${agency.version} = ${input.version}`),
      auditIfChanged(db, { agencyId, userId: scope.userId, entity: "agency", entityId: agencyId, action: "update", changes, ip: scope.ip }),
    ]);
    // D1's meta.changes counts rows that triggers touch too (the public pages' version, migration 0034): 0 is the only "not written".
    if (changedRows(result) === 0) {
      const fresh = await loadOwnAgency(scope);
      return fail("stale", { current: currentOf(fresh ?? before) });
    }
  } catch (error) {
    if (isUniqueViolation(error)) return fail("slug_taken");
    throw error;
  }
  return ok();
}
