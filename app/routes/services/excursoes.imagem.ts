import { plainFailure } from "~/lib/platform/http";
import { serveObject } from "~/lib/platform/files.server";
import { serviceImageFile } from "~/lib/services/service-images.server";
import { getEnv } from "~/middleware/cloudflare";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/excursoes.imagem";

export const middleware: Route.MiddlewareFunction[] = [requireModule("servicos", "excursoes")];

/**
 * GET /servicos/excursoes/imagem/{imageId}[?mini=1]: an excursion image (or its
 * thumbnail) of the viewer's agency; 404 for another agency's. Public serving
 * comes with the public pages.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const file = await serviceImageFile(scope, "excursion", params.imageId, new URL(request.url).searchParams.get("mini") === "1");
  if (!file) return plainFailure(404);
  return serveObject(getEnv(context).FILES, file.key, file.filename);
}
