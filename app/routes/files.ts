import { and, eq, isNull, or } from "drizzle-orm";
import { agency, destination, profile } from "~/db/schema";
import { serveObject } from "~/lib/platform/files.server";
import { getDb, getEnv } from "~/middleware/cloudflare";
import { getViewer } from "~/middleware/session";
import type { Route } from "./+types/files";

/**
 * GET /arquivos/avatar/{userId}: a user's photo, to signed-in users of the same
 * agency (404 otherwise). GET /arquivos/logo/{agencyId}: an agency's public logo.
 * GET /arquivos/destino/{destinationId}: a live destination's public cover image.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const db = getDb(context);
  const env = getEnv(context);
  if (params.kind === "logo") {
    const [row] = await db.select({ key: agency.logoKey, slug: agency.slug }).from(agency).where(eq(agency.id, params.id));
    if (!row?.key) throw new Response("Not found", { status: 404 });
    return serveObject(env.FILES, row.key, `${row.slug}-logo`, { publicCache: true });
  }
  if (params.kind === "destino") {
    const [row] = await db
      .select({ key: destination.coverKey })
      .from(destination)
      .where(and(eq(destination.id, params.id), isNull(destination.deletedAt)));
    if (!row?.key) throw new Response("Not found", { status: 404 });
    return serveObject(env.FILES, row.key, "destino", { publicCache: true });
  }
  if (params.kind === "avatar") {
    const viewer = getViewer(context);
    if (!viewer) throw new Response("Not found", { status: 404 });
    const sameAgency = viewer.agency ? eq(profile.agencyId, viewer.agency.id) : isNull(profile.agencyId);
    const [row] = await db
      .select({ key: profile.avatarKey })
      .from(profile)
      .where(and(eq(profile.id, params.id), or(sameAgency, eq(profile.id, viewer.userId))));
    if (!row?.key) throw new Response("Not found", { status: 404 });
    return serveObject(env.FILES, row.key, "avatar");
  }
  throw new Response("Not found", { status: 404 });
}
