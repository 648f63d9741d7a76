/**
 * Which R2 object a file URL (/arquivos/{kind}/{id}) stands for, and who may see
 * it: an agency's logo, a live destination's cover and the images of a published,
 * live package or excursion are public (a page of another agency, the public pages,
 * may show them); a user's photo only to signed-in users of the same agency, and to the user.
 */
import { and, eq, isNull, or } from "drizzle-orm";
import { agency, destination, excursion, profile, serviceImage, thirdPartyPackage } from "~/db/schema";
import { crossTenant } from "~/lib/platform/db.server";
import type { PublicScope } from "~/lib/platform/scope.server";

export type StoredFile = { key: string; filename: string; publicCache: boolean };

/** The viewer asking, when signed in: who they are and their agency. */
export type FileViewer = { userId: string; agencyId: string | null } | null;

export async function storedFile(scope: PublicScope, viewer: FileViewer, kind: string, id: string, options: { mini?: boolean } = {}): Promise<StoredFile | null> {
  if (kind === "logo") {
    const [row] = await scope.db.select({ key: agency.logoKey, slug: agency.slug }).from(agency).where(eq(agency.id, id));
    return row?.key ? { key: row.key, filename: `${row.slug}-logo`, publicCache: true } : null;
  }
  if (kind === "destino") {
    // A public file by its id: the cover of any agency's live destination.
    const [row] = await crossTenant(scope.db)
      .select({ key: destination.coverKey })
      .from(destination)
      .where(and(eq(destination.id, id), isNull(destination.deletedAt)));
    return row?.key ? { key: row.key, filename: "destino", publicCache: true } : null;
  }
  if (kind === "pacote-imagem" || kind === "excursao-imagem") {
    // Across agencies on purpose: the image id names its agency; only a published, live owner's image is served.
    const owner = kind === "pacote-imagem" ? thirdPartyPackage : excursion;
    const [row] = await crossTenant(scope.db)
      .select({ key: serviceImage.storageKey, thumb: serviceImage.thumbKey })
      .from(serviceImage)
      .innerJoin(owner, and(eq(owner.id, serviceImage.ownerId), eq(owner.agencyId, serviceImage.agencyId)))
      .where(and(eq(serviceImage.id, id), eq(serviceImage.ownerKind, kind === "pacote-imagem" ? "package" : "excursion"), eq(owner.published, true), isNull(owner.archivedAt)))
      .limit(1);
    if (!row) return null;
    return { key: options.mini && row.thumb ? row.thumb : row.key, filename: kind, publicCache: true };
  }
  if (kind === "avatar") {
    if (!viewer) return null;
    const sameAgency = viewer.agencyId ? eq(profile.agencyId, viewer.agencyId) : isNull(profile.agencyId);
    const [row] = await scope.db
      .select({ key: profile.avatarKey })
      .from(profile)
      .where(and(eq(profile.id, id), or(sameAgency, eq(profile.id, viewer.userId))));
    return row?.key ? { key: row.key, filename: "avatar", publicCache: false } : null;
  }
  return null;
}
