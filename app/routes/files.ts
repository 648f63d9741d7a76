import { plainFailure } from "~/lib/platform/http";
import { serveObject } from "~/lib/platform/files.server";
import { storedFile } from "~/lib/platform/stored-files.server";
import { getEnv } from "~/middleware/cloudflare";
import { getViewer, publicScope } from "~/middleware/session";
import type { Route } from "./+types/files";

/**
 * GET /arquivos/avatar/{userId}: a user's photo, to signed-in users of the same
 * agency (404 otherwise). GET /arquivos/logo/{agencyId}: an agency's public logo.
 * GET /arquivos/destino/{destinationId}: a live destination's public cover image.
 * GET /arquivos/{pacote|excursao}-imagem/{imageId}[?mini=1]: an image of a published package or excursion.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const viewer = getViewer(context);
  const file = await storedFile(
    publicScope(context, request),
    viewer ? { userId: viewer.userId, agencyId: viewer.agency?.id ?? null } : null,
    params.kind,
    params.id,
    { mini: new URL(request.url).searchParams.has("mini") },
  );
  if (!file) return plainFailure(404);
  return serveObject(getEnv(context).FILES, file.key, file.filename, { publicCache: file.publicCache });
}
