/**
 * The data behind the signed-in viewer (app/middleware/session.ts builds the
 * Viewer from a verified better-auth session with these) and the account checks
 * of the sign-in pages.
 */
import { eq, sql } from "drizzle-orm";
import { agency, licence, profile, session, user, type Role } from "~/db/schema";
import type { Db } from "~/lib/platform/db.server";
import type { PublicScope } from "~/lib/platform/scope.server";
import type { ViewerAgency } from "~/lib/platform/viewer";
import type { LicenceModules } from "~/lib/system/licence";

/** Everything a signed-in request needs to know about its session, read in one statement. */
export type SessionViewerRow = {
  sessionId: string;
  expiresAt: Date;
  userId: string;
  email: string;
  userName: string;
  role: Role;
  profileAgencyId: string | null;
  activeAgencyId: string | null;
  name: string;
  avatarKey: string | null;
  active: boolean;
  agency: (ViewerAgency & { active: boolean }) | null;
  modules: LicenceModules | null;
};

/**
 * The session of a verified token with its user, profile, effective agency (the
 * profile's; a SuperAdmin's pick) and that agency's licence: one round trip, read on
 * every signed-in request (no cache), so a revoked session, a deactivated profile or
 * agency, a new role or licence apply on the next request. Null when the session row
 * does not exist (signed out, revoked) or its user has no profile.
 */
export async function sessionViewer(db: Db, token: string): Promise<SessionViewerRow | null> {
  const effectiveAgency = sql`case when ${profile.role} = 'SuperAdmin' then ${session.activeAgencyId} else ${profile.agencyId} end`;
  const [row] = await db
    .select({
      sessionId: session.id,
      expiresAt: session.expiresAt,
      activeAgencyId: session.activeAgencyId,
      userId: user.id,
      email: user.email,
      userName: user.name,
      role: profile.role,
      profileAgencyId: profile.agencyId,
      name: profile.name,
      avatarKey: profile.avatarKey,
      active: profile.active,
      agencyId: agency.id,
      agencyName: agency.name,
      agencySlug: agency.slug,
      agencyLogoKey: agency.logoKey,
      agencyTimeZone: agency.timeZone,
      agencyCurrency: agency.currency,
      agencyActive: agency.active,
      modules: licence.modules,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .innerJoin(profile, eq(profile.id, session.userId))
    .leftJoin(agency, eq(agency.id, effectiveAgency))
    .leftJoin(licence, eq(licence.agencyId, agency.id))
    .where(eq(session.token, token))
    .limit(1);
  if (!row) return null;
  return {
    sessionId: row.sessionId,
    expiresAt: row.expiresAt,
    userId: row.userId,
    email: row.email,
    userName: row.userName,
    role: row.role,
    profileAgencyId: row.profileAgencyId,
    activeAgencyId: row.activeAgencyId ?? null,
    name: row.name,
    avatarKey: row.avatarKey,
    active: row.active,
    agency:
      row.agencyId === null
        ? null
        : {
            id: row.agencyId,
            name: row.agencyName!,
            slug: row.agencySlug!,
            logoKey: row.agencyLogoKey,
            timeZone: row.agencyTimeZone!,
            currency: row.agencyCurrency!,
            active: row.agencyActive!,
          },
    modules: (row.modules as LicenceModules | null) ?? null,
  };
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
