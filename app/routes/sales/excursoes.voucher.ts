import { href } from "react-router";
import { plainFailure } from "~/lib/platform/http";
import { pdfResponse } from "~/lib/kit/table-pdf.server";
import { sendVoucherAction } from "~/lib/vouchers/voucher-mail.server";
import { voucherFile } from "~/lib/vouchers/voucher.server";
import { getEnv, getMailer } from "~/middleware/cloudflare";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/excursoes.voucher";

export const middleware: Route.MiddlewareFunction[] = [requireModule("vendas", "excursoes")];

/**
 * GET …/excursoes/gerenciar/:id/voucher[?idioma=en]: the voucher of a confirmed excursion sale
 * (its confirmed places, seats and boarding points), to whoever may open the sale; 404 otherwise.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const file = await voucherFile(scope, getEnv(context).FILES, params.id, params.id, new URL(request.url).searchParams.get("idioma"), "excursion");
  if (!file) return plainFailure(404);
  return pdfResponse(file.bytes, file.filename);
}

/** POST (idioma): mails the voucher to the sale's client through the outbox, with the PDF attached; back to the sale with a toast. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const scope = requireScope(context, request);
  const mailer = { ...getMailer(context), files: getEnv(context).FILES };
  return sendVoucherAction(scope, mailer, request, { saleId: params.id, key: params.id, kind: "excursion", back: href("/vendas/excursoes/gerenciar/:id", { id: params.id }) });
}
