import { findAttachment } from "~/lib/finance/ledger/attachments.server";
import { directionOf, LICENCE_KEY } from "~/lib/finance/ledger/screen.server";
import { findTitle } from "~/lib/finance/ledger/titles.server";
import { serveObject } from "~/lib/platform/files.server";
import { plainFailure } from "~/lib/platform/http";
import { getEnv } from "~/middleware/cloudflare";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/attachment";

export const middleware: Route.MiddlewareFunction[] = [(args, next) => requireModule("financeiro", LICENCE_KEY[directionOf(args.request)])(args, next)];

/** GET …/anexo/:id: a receipt of a title of the viewer's agency (404 for any other). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const file = await findAttachment(scope, params.id ?? "");
  if (!file || !(await findTitle(scope.db, scope.agencyId, file.titleId, directionOf(request)))) return plainFailure(404);
  return serveObject(getEnv(context).FILES, file.key, file.fileName);
}
