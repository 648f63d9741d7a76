import { serveObject } from "~/lib/platform/files.server";
import { plainFailure } from "~/lib/platform/http";
import { myContractFile } from "~/lib/portal/dashboard.server";
import { getEnv } from "~/middleware/cloudflare";
import { requirePortal } from "~/middleware/portal";
import type { Route } from "./+types/contrato";

/** GET /portal/:agencyId/contrato/:id/(original|assinado): a contract of the signed-in client's sale (404 for anyone else's). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const p = await requirePortal(context, request, params.agencyId);
  if (params.which !== "original" && params.which !== "assinado") return plainFailure(404);
  const file = await myContractFile(p, params.id, params.which);
  if (!file) return plainFailure(404);
  return serveObject(getEnv(context).FILES, file.key, file.filename);
}
