import { plainFailure } from "~/lib/platform/http";
import { myDataExport } from "~/lib/portal/details.server";
import { requirePortal } from "~/middleware/portal";
import type { Route } from "./+types/meus-dados.exportar";

/** GET: everything the agency holds of the signed-in client, as a JSON download (LGPD: access and portability). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const p = await requirePortal(context, request, params.agencyId);
  const body = await myDataExport(p);
  if (!body) return plainFailure(404);
  return new Response(JSON.stringify(body, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="meus-dados-${p.agencySlug.replace(/[^\w-]/g, "_")}.json"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
