import type { Viewer } from "~/middleware/session";

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
