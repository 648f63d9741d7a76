/**
 * A voucher by e-mail to the sale's client (decision 0023), through the one mail path: the
 * PDF is stored in R2 under the agency (the copy that was sent), the outbox row names it as
 * its attachment, and delivery reads it from there (a first send and any retry), as the
 * invoice mail does.
 */
import { newId } from "~/db/schema/columns";
import { redirectWithToast } from "~/lib/platform/flash.server";
import { plainFailure } from "~/lib/platform/http";
import { dispatchMail, outboxInsert, type Mailer } from "~/lib/platform/mail.server";
import { fail, ok, type Result } from "~/lib/platform/result";
import type { Scope } from "~/lib/platform/scope.server";
import { textIn } from "~/lib/platform/text-in";
import type { SaleRow } from "~/lib/sales/sale-core.server";
import { saleClientEmail, voucherFile } from "~/lib/vouchers/voucher.server";

/** Where a sent voucher's PDF is kept (one per mail: the copy the client received). */
export const voucherMailKey = (agencyId: string, saleId: string, id: string) => `agencies/${agencyId}/vouchers/${saleId}/${id}.pdf`;

/** Mails one voucher of a confirmed sale to its client's first e-mail, in the language asked for (else the agency's). */
export async function sendVoucher(
  scope: Scope,
  mailer: Mailer & { files: R2Bucket },
  saleId: string,
  key: string,
  asked: string | null,
  kind: SaleRow["kind"],
): Promise<Result<{ to: string }, "notFound" | "noEmail">> {
  const file = await voucherFile(scope, mailer.files, saleId, key, asked, kind);
  if (!file) return fail("notFound");
  const to = await saleClientEmail(scope, file.sale.clientId);
  if (!to) return fail("noEmail");
  const storageKey = voucherMailKey(scope.agencyId, saleId, newId());
  await mailer.files.put(storageKey, file.bytes, { httpMetadata: { contentType: "application/pdf" } });
  const values = { number: file.voucher.number, title: file.voucher.title, name: file.voucher.client, agency: file.agencyName };
  const queued = outboxInsert(scope.db, {
    agencyId: scope.agencyId,
    kind: "voucher",
    to,
    locale: file.language,
    subject: textIn(file.language, "vouchers.mail.subject", values),
    text: textIn(file.language, "vouchers.mail.body", values),
    attachments: [{ filename: file.filename, key: storageKey, mimeType: "application/pdf" }],
  });
  await queued.statement;
  await dispatchMail(mailer, queued.mail);
  return ok({ to });
}

/**
 * A sale page's "send the voucher" post (field `idioma`: pt, en, es or empty): back to the
 * sale page with a toast naming the address, or saying the client has none; 404 when the
 * voucher is not found (another agency's or someone else's sale, not confirmed, no such item).
 */
export async function sendVoucherAction(
  scope: Scope,
  mailer: Mailer & { files: R2Bucket },
  request: Request,
  o: { saleId: string; key: string; kind: SaleRow["kind"]; back: string },
): Promise<Response> {
  const form = await request.formData();
  const idioma = form.get("idioma");
  const sent = await sendVoucher(scope, mailer, o.saleId, o.key, typeof idioma === "string" ? idioma : null, o.kind);
  if (!sent.ok && sent.reason === "notFound") return plainFailure(404);
  if (!sent.ok) return redirectWithToast(o.back, { title: "vouchers.mail.noEmail", variant: "destructive" });
  return redirectWithToast(o.back, { title: "vouchers.mail.sent", values: { email: sent.to } });
}
