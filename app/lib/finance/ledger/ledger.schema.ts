/**
 * The ledger's forms (one zod schema each, used by the actions and fetched on
 * demand by the title form in the browser): a title, settling one or several
 * titles, reversing, cancelling, a transfer and a manual entry. Amounts are typed
 * as "1.234,56" and leave the schema as integer cents; dates as "YYYY-MM-DD".
 * The error keys are in the zod-free ledger.ts.
 */
import { z } from "zod";
import { TITLE_PARTY_KINDS, type TitlePartyKind } from "~/db/schema/finance";
import { ledgerErr } from "~/lib/finance/ledger/ledger";
import { parseCents } from "~/lib/finance/money";
import { msg, optionalText, requiredText } from "~/lib/kit/forms";
import { parseCalendarDate } from "~/lib/platform/time-zone";

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A required id of a choice (a select). */
const idField = (error: string) => z.string({ error }).trim().regex(ID, error);
const optionalId = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || ID.test(v), msg.invalid);

/** A required calendar day "YYYY-MM-DD". */
export const dayField = () =>
  z
    .string({ error: msg.required })
    .trim()
    .min(1, msg.required)
    .max(10, ledgerErr.date)
    .refine((v) => parseCalendarDate(v) !== null, ledgerErr.date);

/** A required amount above zero, typed "1.234,56", as cents. */
export const amountField = () =>
  z
    .string({ error: msg.required })
    .trim()
    .min(1, msg.required)
    .max(30, msg.tooLong)
    .transform((v, ctx) => {
      const cents = parseCents(v);
      if (cents === null || cents <= 0) {
        ctx.addIssue({ code: "custom", message: ledgerErr.amount });
        return z.NEVER;
      }
      return cents;
    });

/** An optional amount (empty is 0), zero or more. */
export const optionalAmountField = () =>
  z
    .string()
    .trim()
    .max(30, msg.tooLong)
    .optional()
    .transform((v, ctx) => {
      if (!v) return 0;
      const cents = parseCents(v);
      if (cents === null || cents < 0) {
        ctx.addIssue({ code: "custom", message: ledgerErr.figures });
        return z.NEVER;
      }
      return cents;
    });

const versionField = () => z.coerce.number({ error: msg.invalid }).int(msg.invalid).min(1, msg.invalid).max(1_000_000_000, msg.invalid);

/** "kind:id" of the party select. */
export const partyField = () =>
  z
    .string({ error: ledgerErr.party })
    .trim()
    .transform((v, ctx) => {
      const [kind, id] = v.split(":");
      if (!kind || !id || !(TITLE_PARTY_KINDS as readonly string[]).includes(kind) || !ID.test(id)) {
        ctx.addIssue({ code: "custom", message: ledgerErr.party });
        return z.NEVER;
      }
      return { kind: kind as TitlePartyKind, id };
    });

const currencyField = () =>
  z
    .string()
    .trim()
    .toUpperCase()
    .optional()
    .transform((v) => v || "BRL")
    .refine((v) => /^[A-Z]{3}$/.test(v), msg.invalid);

const titleFields = {
  party: partyField(),
  description: requiredText(200),
  documentNumber: optionalText(60),
  categoryId: idField(ledgerErr.category),
  competenceDate: dayField(),
  dueDate: dayField(),
  amount: amountField(),
  currency: currencyField(),
  notes: optionalText(2000),
};

export const titleCreateSchema = z.object({ ...titleFields, paymentTermId: optionalId() });
export const titleEditSchema = z.object({ ...titleFields, version: versionField() });
export type TitleCreateForm = z.infer<typeof titleCreateSchema>;
export type TitleEditForm = z.infer<typeof titleEditSchema>;

export const settleSchema = z.object({
  version: versionField(),
  date: dayField(),
  bankAccountId: idField(ledgerErr.account),
  principal: amountField(),
  interest: optionalAmountField(),
  fine: optionalAmountField(),
  discount: optionalAmountField(),
  fee: optionalAmountField(),
  intermediaryId: optionalId(),
  description: optionalText(200),
});

export const reverseSchema = z.object({
  entryId: idField(msg.invalid),
  reason: optionalText(200),
});

export const attachmentDeleteSchema = z.object({
  attachmentId: idField(msg.invalid),
});

export const cancelSchema = z.object({
  version: versionField(),
  reason: z.string({ error: ledgerErr.reason }).trim().min(1, ledgerErr.reason).max(200, msg.tooLong),
});

/** Several titles: each checkbox posts "id:version". */
export const settleManySchema = z.object({
  // One checked box posts a string, several an array.
  selected: z
    .union([z.string(), z.array(z.string())], { error: ledgerErr.noneSelected })
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .pipe(z.array(z.string().regex(/^[A-Za-z0-9_-]{1,64}:\d{1,10}$/, msg.invalid)))
    .refine((list) => list.length >= 1, ledgerErr.noneSelected)
    .refine((list) => list.length <= 100, msg.invalid)
    .transform((list) => list.map((v) => ({ titleId: v.split(":")[0]!, version: Number(v.split(":")[1]) }))),
  date: dayField(),
  bankAccountId: idField(ledgerErr.account),
});

export const transferSchema = z
  .object({
    fromAccountId: idField(ledgerErr.account),
    toAccountId: idField(ledgerErr.account),
    date: dayField(),
    amount: amountField(),
    description: optionalText(200),
  })
  .refine((v) => v.fromAccountId !== v.toAccountId, { path: ["toAccountId"], message: ledgerErr.sameAccount });

export const manualSchema = z.object({
  bankAccountId: idField(ledgerErr.account),
  date: dayField(),
  direction: z.enum(["in", "out"], { error: msg.invalid }),
  amount: amountField(),
  categoryId: idField(ledgerErr.category),
  description: requiredText(200),
});
