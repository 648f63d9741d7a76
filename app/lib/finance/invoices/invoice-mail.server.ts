/**
 * An invoice by e-mail (issue #20 item 2): the mail in the invoice's language (the
 * party's), through the outbox, with the invoice's PDF attached from R2.
 */
import { and, eq, sql } from "drizzle-orm";
import { invoice } from "~/db/schema";
import { nowIso } from "~/db/schema/columns";
import { invoiceFile } from "~/lib/finance/invoices/invoice-pdf.server";
import { findInvoice, findParty, INVOICE_ENTITY, type Invoice } from "~/lib/finance/invoices/invoice.server";
import { auditInsert } from "~/lib/platform/audit.server";
import { assertInBatch, isBatchAssert } from "~/lib/platform/batch-assert.server";
import { formatCalendarDate, formatMoney } from "~/lib/platform/format";
import { dispatchMail, outboxInsert, type Mailer } from "~/lib/platform/mail.server";
import { fail, ok, type Result } from "~/lib/platform/result";
import type { Scope } from "~/lib/platform/scope.server";
import { textIn } from "~/lib/platform/text-in";

/** The e-mail of an invoice, in its language (the party's). */
export function invoiceMail(inv: Pick<Invoice, "number" | "language" | "totalCents" | "currency" | "dueDate" | "partyName">, agencyName: string) {
  const lng = inv.language;
  const values = {
    number: inv.number,
    name: inv.partyName,
    agency: agencyName,
    total: formatMoney(inv.totalCents, inv.currency, lng),
    due: formatCalendarDate(inv.dueDate, lng, "long"),
  };
  return { subject: textIn(lng, "invoices.mail.subject", values), text: textIn(lng, "invoices.mail.body", values) };
}

/** Sends the invoice to the party's e-mail through the outbox, in the invoice's language, with its PDF attached. */
export async function sendInvoice(scope: Scope, mailer: Mailer & { files: R2Bucket }, id: string, version: number, agencyName: string): Promise<Result<{ to: string }, "notFound" | "stale" | "cancelled" | "noEmail">> {
  const { db, agencyId, userId, ip } = scope;
  const inv = await findInvoice(scope, id);
  if (!inv) return fail("notFound");
  if (inv.status === "cancelled") return fail("cancelled");
  if (inv.version !== version) return fail("stale");
  const party = await findParty(scope, { kind: inv.partyKind, id: inv.partyId });
  const to = party?.email ?? null;
  if (!to) return fail("noEmail");
  const mail = invoiceMail(inv, agencyName);
  // The PDF goes with it (rendered and stored first if it is not in R2 yet); delivery reads it from there.
  const file = await invoiceFile(scope, mailer.files, id);
  if (!file) return fail("notFound");
  const queued = outboxInsert(db, {
    agencyId,
    kind: "invoice",
    to,
    locale: inv.language,
    subject: mail.subject,
    text: mail.text,
    attachments: [{ filename: file.filename, key: file.key, mimeType: "application/pdf" }],
  });
  const at = nowIso();
  try {
    await db.batch([
      assertInBatch(db, agencyId, "invoice.stale", sql`not exists (select 1 from "invoice" where "invoice"."agency_id" = ${agencyId} and "invoice"."id" = ${id} and "invoice"."version" = ${version} and "invoice"."status" = 'issued')`),
      db
        .update(invoice)
        .set({ sentAt: at, sentTo: to, updatedAt: at, version: sql`${invoice.version} + 1` })
        .where(and(eq(invoice.agencyId, agencyId), eq(invoice.id, id))),
      queued.statement,
      auditInsert(db, { agencyId, userId, ip, entity: INVOICE_ENTITY, entityId: id, action: "update", changes: { sentTo: [inv.sentTo, to] } }),
    ]);
  } catch (error) {
    if (isBatchAssert(error)) return fail("stale");
    throw error;
  }
  await dispatchMail(mailer, queued.mail);
  return ok({ to });
}
