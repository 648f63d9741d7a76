/**
 * The data behind the signed-in viewer (app/middleware/session.ts builds the
 * Viewer from a verified better-auth session with these) and the account checks
 * of the sign-in pages.
 */
import { eq } from "drizzle-orm";
import { agency, licence, profile, user, type Role } from "~/db/schema";
import type { Db } from "~/lib/platform/db.server";
import type { PublicScope } from "~/lib/platform/scope.server";
import type { ViewerAgency } from "~/lib/platform/viewer";
import type { LicenceModules } from "~/lib/system/licence";

export type ViewerProfile = { role: Role; agencyId: string | null; name: string; avatarKey: string | null; active: boolean };

/** A user's profile (any agency: the user is identified by the verified session). */
export async function viewerProfile(db: Db, userId: string): Promise<ViewerProfile | null> {
  const [p] = await db
    .select({ role: profile.role, agencyId: profile.agencyId, name: profile.name, avatarKey: profile.avatarKey, active: profile.active })
    .from(profile)
    .where(eq(profile.id, userId));
  return p ?? null;
}

/** The agency a viewer works in, with its licence; null when it does not exist. */
export async function viewerAgency(db: Db, agencyId: string): Promise<{ agency: ViewerAgency; active: boolean; modules: LicenceModules | null } | null> {
  const [row] = await db
    .select({
      id: agency.id,
      name: agency.name,
      slug: agency.slug,
      logoKey: agency.logoKey,
      timeZone: agency.timeZone,
      currency: agency.currency,
      active: agency.active,
      modules: licence.modules,
    })
    .from(agency)
    .leftJoin(licence, eq(licence.agencyId, agency.id))
    .where(eq(agency.id, agencyId));
  if (!row) return null;
  const { modules, active, ...rest } = row;
  return { agency: rest, active, modules: (modules as LicenceModules | null) ?? null };
}

/** The agency and saved language of a user (the password-reset mail follows them). */
export async function mailPreferences(db: Db, userId: string): Promise<{ agencyId: string | null; locale: string | null }> {
  const [p] = await db.select({ agencyId: profile.agencyId, locale: profile.locale }).from(profile).where(eq(profile.id, userId));
  return { agencyId: p?.agencyId ?? null, locale: p?.locale ?? null };
}

/**
 * Whether an e-mail's account may not sign in: a deactivated profile, or staff of
 * a deactivated agency (licence management). Unknown e-mails are not blocked here
 * (better-auth answers them like a wrong password).
 */
export async function signInBlocked(scope: PublicScope, email: string): Promise<boolean> {
  const [account] = await scope.db
    .select({ active: profile.active, role: profile.role, agencyActive: agency.active })
    .from(user)
    .innerJoin(profile, eq(profile.id, user.id))
    .leftJoin(agency, eq(agency.id, profile.agencyId))
    .where(eq(user.email, email));
  return !!account && (!account.active || (account.role !== "SuperAdmin" && account.agencyActive !== true));
}
