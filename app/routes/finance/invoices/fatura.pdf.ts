import { invoiceFile } from "~/lib/finance/invoices/invoice-pdf.server";
import { plainFailure } from "~/lib/platform/http";
import { getEnv } from "~/middleware/cloudflare";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/fatura.pdf";

export const middleware: Route.MiddlewareFunction[] = [requireModule("financeiro", "faturamento", "listagem_de_faturas")];

/** GET …/listagem-de-faturas/:id/pdf: the invoice's PDF (from R2; rendered and stored the first time), to members of its agency (404 otherwise). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const file = await invoiceFile(scope, getEnv(context).FILES, params.id);
  if (!file) return plainFailure(404);
  // Inline: the browser opens it (its viewer offers the download).
  return new Response(file.bytes, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${file.filename.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
