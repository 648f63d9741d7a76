/**
 * The invoicing forms (one zod schema each): generate an invoice, cancel it
 * with a reason, send it by e-mail. Error keys in the zod-free invoice.ts.
 */
import { z } from "zod";
import { INVOICE_LANGUAGES } from "~/db/schema/invoices";
import { dayField } from "~/lib/finance/ledger/ledger.schema";
import { invoiceErr, MAX_INVOICE_LINES, PARTY_VALUE } from "~/lib/finance/invoices/invoice";
import { versionField } from "~/lib/kit/fields";
import { msg, optionalText, requiredText } from "~/lib/kit/forms";
import { parseCalendarDate } from "~/lib/platform/time-zone";

/** A sale item's id or "sale:" + a sale's id. */
const LINE_KEY = /^(sale:)?[A-Za-z0-9_-]{1,64}$/;

const optionalDay = () =>
  optionalText(10).refine((v) => v === null || parseCalendarDate(v) !== null, invoiceErr.date);

export const generateSchema = z
  .object({
    party: z.string({ error: invoiceErr.party }).trim().regex(PARTY_VALUE, invoiceErr.party),
    from: optionalDay(),
    to: optionalDay(),
    // One checked box posts a string, several an array.
    lines: z
      .union([z.string(), z.array(z.string())], { error: invoiceErr.lines })
      .transform((v) => (Array.isArray(v) ? v : [v]))
      .pipe(z.array(z.string().trim().regex(LINE_KEY, msg.invalid)))
      .refine((list) => list.length >= 1, invoiceErr.lines)
      .refine((list) => list.length <= MAX_INVOICE_LINES, msg.invalid)
      .transform((list) => [...new Set(list)]),
    dueDate: dayField(),
    language: z.enum(INVOICE_LANGUAGES, { error: msg.invalid }),
    notes: optionalText(2000),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ["to"], message: invoiceErr.period });
export type GenerateInput = z.infer<typeof generateSchema>;

export const cancelInvoiceSchema = z.object({
  intent: z.literal("cancel"),
  version: versionField(),
  reason: requiredText(500),
});

export const sendInvoiceSchema = z.object({
  intent: z.literal("send"),
  version: versionField(),
});

export const invoiceIntentSchema = z.discriminatedUnion("intent", [cancelInvoiceSchema, sendInvoiceSchema], { error: msg.invalid });
