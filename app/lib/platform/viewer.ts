import type { Role } from "~/db/schema";
import type { LicenceModules } from "~/lib/system/licence";

export type ViewerAgency = {
  id: string;
  name: string;
  slug: string;
  logoKey: string | null;
  timeZone: string;
  currency: string;
};

/** The signed-in user of a request, as the session middleware verified it (app/middleware/session.ts). */
export type Viewer = {
  userId: string;
  sessionId: string;
  email: string;
  name: string;
  role: Role;
  avatarKey: string | null;
  /** The agency the viewer works in: the profile's, or the one a SuperAdmin picked. */
  agency: ViewerAgency | null;
  licence: LicenceModules | null;
  needsAgencySelection: boolean;
};

/** What the browser may know about the signed-in user (no ids of sessions, no secrets). */
export function publicViewer(viewer: Viewer) {
  return {
    id: viewer.userId,
    name: viewer.name,
    email: viewer.email,
    role: viewer.role,
    avatarUrl: viewer.avatarKey ? `/arquivos/avatar/${viewer.userId}?v=${encodeURIComponent(viewer.avatarKey.slice(-12))}` : null,
    agency: viewer.agency
      ? {
          id: viewer.agency.id,
          name: viewer.agency.name,
          slug: viewer.agency.slug,
          timeZone: viewer.agency.timeZone,
          currency: viewer.agency.currency,
          logoUrl: viewer.agency.logoKey ? `/arquivos/logo/${viewer.agency.id}?v=${encodeURIComponent(viewer.agency.logoKey.slice(-12))}` : null,
        }
      : null,
    licence: viewer.licence,
  };
}
export type PublicViewer = ReturnType<typeof publicViewer>;
