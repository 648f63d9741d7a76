import { contractFile } from "~/lib/contracts/contract.server";
import { serveObject } from "~/lib/platform/files.server";
import { plainFailure } from "~/lib/platform/http";
import { getEnv } from "~/middleware/cloudflare";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/arquivo";

export const middleware: Route.MiddlewareFunction[] = [requireModule("contratos", "assinaturas")];

/** GET /contratos/arquivo/:id/(original|assinado): a contract's PDF, to members of its agency who may see its sale (404 otherwise). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  if (params.which !== "original" && params.which !== "assinado") return plainFailure(404);
  const file = await contractFile(scope, params.id, params.which);
  if (!file) return plainFailure(404);
  return serveObject(getEnv(context).FILES, file.key, file.filename);
}
