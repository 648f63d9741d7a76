import { signerFile } from "~/lib/contracts/sign.server";
import { serveObject } from "~/lib/platform/files.server";
import { plainFailure } from "~/lib/platform/http";
import { getEnv } from "~/middleware/cloudflare";
import { publicScope } from "~/middleware/session";
import type { Route } from "./+types/assinar-contrato.arquivo";

/**
 * GET /assinar-contrato/:token/documento — the PDF as generated, while the link is open;
 * /copia — the signed copy, for a short while after signing. 404 otherwise.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  if (params.which !== "documento" && params.which !== "copia") return plainFailure(404);
  const file = await signerFile(publicScope(context, request).db, params.token, params.which);
  if (!file) return plainFailure(404);
  return serveObject(getEnv(context).FILES, file.key, file.filename);
}
