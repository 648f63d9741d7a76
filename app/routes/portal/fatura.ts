import { invoiceFile } from "~/lib/finance/invoices/invoice-pdf.server";
import { plainFailure } from "~/lib/platform/http";
import { actingScope, myInvoice } from "~/lib/portal/dashboard.server";
import { getEnv } from "~/middleware/cloudflare";
import { requirePortal } from "~/middleware/portal";
import type { Route } from "./+types/fatura";

/** GET /portal/:agencyId/fatura/:id: the PDF of an invoice issued to the signed-in client (404 for anyone else's). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const p = await requirePortal(context, request, params.agencyId);
  const id = await myInvoice(p, params.id);
  if (!id) return plainFailure(404);
  const file = await invoiceFile(actingScope(p), getEnv(context).FILES, id);
  if (!file) return plainFailure(404);
  return new Response(file.bytes, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${file.filename.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
