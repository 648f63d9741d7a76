import { pdfResponse } from "~/lib/kit/table-pdf.server";
import { plainFailure } from "~/lib/platform/http";
import { myVoucherFile } from "~/lib/portal/dashboard.server";
import { getEnv } from "~/middleware/cloudflare";
import { getLocale } from "~/middleware/i18n";
import { requirePortal } from "~/middleware/portal";
import type { Route } from "./+types/voucher";

/**
 * GET /portal/:agencyId/voucher/:id/:key: a voucher of one of the signed-in client's confirmed
 * trips, in the language they read the portal in (404 for anyone else's, a draft or cancelled sale).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const p = await requirePortal(context, request, params.agencyId);
  const file = await myVoucherFile(p, getEnv(context).FILES, params.id, params.key, getLocale(context));
  if (!file) return plainFailure(404);
  return pdfResponse(file.bytes, file.filename);
}
