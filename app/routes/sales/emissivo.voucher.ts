import { href } from "react-router";
import { plainFailure } from "~/lib/platform/http";
import { pdfResponse } from "~/lib/kit/table-pdf.server";
import { sendVoucherAction } from "~/lib/vouchers/voucher-mail.server";
import { voucherFile } from "~/lib/vouchers/voucher.server";
import { getEnv, getMailer } from "~/middleware/cloudflare";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/emissivo.voucher";

export const middleware: Route.MiddlewareFunction[] = [requireModule("vendas", "emissivo")];

/**
 * GET …/emissivo/editar/:id/voucher/:itemId[?idioma=en]: the voucher of one item of a confirmed
 * sale, to whoever may open the sale (404: another agency's, someone else's for an Agente, a
 * draft or cancelled sale, no such item).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const file = await voucherFile(scope, getEnv(context).FILES, params.id, params.itemId, new URL(request.url).searchParams.get("idioma"), "emissivo");
  if (!file) return plainFailure(404);
  return pdfResponse(file.bytes, file.filename);
}

/** POST (idioma): mails the voucher to the sale's client through the outbox, with the PDF attached; back to the sale with a toast. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const scope = requireScope(context, request);
  const mailer = { ...getMailer(context), files: getEnv(context).FILES };
  return sendVoucherAction(scope, mailer, request, { saleId: params.id, key: params.itemId, kind: "emissivo", back: href("/vendas/emissivo/editar/:id", { id: params.id }) });
}
