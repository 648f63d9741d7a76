/** The quote form's schema (staff) and the public page's answers (accept, decline with a reason). */
import { z } from "zod";
import { QUOTE_LANGUAGES } from "~/db/schema/crm";
import { versionField } from "~/lib/kit/fields";
import { msg, optionalText, requiredText } from "~/lib/kit/forms";
import { parseCalendarDate } from "~/lib/platform/time-zone";
import { DEAL_ID, dealErr } from "~/lib/crm/deal";
import { MAX_QUOTE_ITEMS } from "~/lib/crm/quote";
import { optionalMoney, postedRows } from "~/lib/services/fields.schema";

const optionalId = () => optionalText(64).refine((v) => v === null || DEAL_ID.test(v), msg.invalid);
const day = () =>
  optionalText(10).transform((v, ctx) => {
    if (v === null) return null;
    if (!parseCalendarDate(v)) {
      ctx.addIssue({ code: "custom", message: dealErr.date });
      return z.NEVER;
    }
    return v;
  });

const itemRow = z.object({
  productKindId: optionalId(),
  supplierId: optionalId(),
  description: optionalText(300),
  startDate: day(),
  endDate: day(),
  cost: optionalMoney(),
  price: optionalMoney(),
  fees: optionalMoney(),
});

export type QuoteItemInput = {
  productKindId: string;
  supplierId: string | null;
  description: string;
  startDate: string | null;
  endDate: string | null;
  costCents: number;
  priceCents: number;
  feesCents: number;
};

const fields = {
  title: requiredText(200),
  language: z.enum(QUOTE_LANGUAGES, { error: msg.invalid }),
  validUntil: day().refine((v) => v !== null, msg.required),
  terms: optionalText(4000),
  discount: optionalMoney(),
  items: postedRows(itemRow, msg.invalid),
};

type Parsed = { title: string; language: (typeof QUOTE_LANGUAGES)[number]; validUntil: string | null; terms: string | null; discount: number | null; items?: (z.output<typeof itemRow> | undefined)[] | undefined };

function finish(v: Parsed, ctx: z.RefinementCtx) {
  const items: QuoteItemInput[] = [];
  (v.items ?? []).forEach((it, i) => {
    if (!it) return;
    const blank = !it.productKindId && !it.supplierId && !it.description && !it.startDate && !it.endDate && it.cost === null && it.price === null && it.fees === null;
    if (blank) return;
    let bad = false;
    const issue = (field: string, message: string) => {
      bad = true;
      ctx.addIssue({ code: "custom", path: ["items", i, field], message });
    };
    if (!it.productKindId) issue("productKindId", msg.required);
    if (!it.description) issue("description", msg.required);
    if (it.startDate && it.endDate && it.endDate < it.startDate) issue("endDate", dealErr.dates);
    if (bad) return;
    items.push({
      productKindId: it.productKindId!,
      supplierId: it.supplierId,
      description: it.description!,
      startDate: it.startDate,
      endDate: it.endDate,
      costCents: it.cost ?? 0,
      priceCents: it.price ?? 0,
      feesCents: it.fees ?? 0,
    });
  });
  if (items.length > MAX_QUOTE_ITEMS) ctx.addIssue({ code: "custom", path: ["items"], message: msg.invalid });
  return { title: v.title, language: v.language, validUntil: v.validUntil!, terms: v.terms, discountCents: v.discount ?? 0, items };
}

export const quoteSchema = z.object(fields).transform(finish);
export const quoteEditSchema = z.object({ ...fields, version: versionField() }).transform((v, ctx) => ({ ...finish(v, ctx), version: v.version }));
export type QuoteInput = z.output<typeof quoteSchema>;

/** The client's answers on /orcamento/{slug}. */
export const acceptSchema = z.object({ intent: z.literal("accept") });
export const declineSchema = z.object({ intent: z.literal("decline"), reason: requiredText(1000) });
