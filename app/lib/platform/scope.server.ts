/**
 * What a domain function receives: the request's database and who is asking.
 * Built in one place only, from the verified session (`requireScope()` and
 * friends in app/middleware/session.ts); never from the URL or a form. Domain
 * functions (`app/lib/<domain>/*.server.ts`) take a Scope and filter every query
 * on `scope.agencyId`; the tenant guard in platform/db.server.ts refuses a
 * statement on a tenant table that does not.
 */
import type { Role } from "~/db/schema";
import type { Db } from "~/lib/platform/db.server";

/** Anonymous or any request: the database and the client's address. */
export type PublicScope = { db: Db; ip: string | null };

/** A signed-in user, inside an agency or not (profile, notifications, agency choice). */
export type UserScope = PublicScope & { userId: string; role: Role; agencyId: string | null };

/** A signed-in user working in an agency: every tenant read and write takes this. */
export type Scope = PublicScope & {
  userId: string;
  role: Role;
  agencyId: string;
  /** The agency's time zone and currency (dates shown, money defaults). */
  timeZone: string;
  currency: string;
};

/**
 * A client signed in to the portal (issue #21; docs/decisions/0021-client-portal.md): the
 * agency and the client come from the verified portal session, built only by
 * `requirePortal()` in app/middleware/portal.ts. It is no staff Scope: portal domain
 * functions (app/lib/portal) filter on both agencyId and clientId.
 */
export type PortalScope = PublicScope & {
  agencyId: string;
  clientId: string;
  /** The e-mail the client signed in with. */
  email: string;
  agencySlug: string;
  agencyName: string;
  timeZone: string;
  currency: string;
};

/**
 * The agency acting with no user — an Asaas webhook settling a title, a client in the portal
 * paying their own installment — so that the staff domain functions (charges, invoice PDFs)
 * serve them. The caller has already established what the act may touch (the webhook's token
 * and charge, the portal client's own title); entries and audit rows record no user
 * (created_by and user_id are nullable).
 */
export function agencyActing(agency: { db: Db; ip: string | null; agencyId: string; timeZone: string; currency: string }): Scope {
  return { ...agency, userId: null as unknown as string, role: "Admin" };
}
