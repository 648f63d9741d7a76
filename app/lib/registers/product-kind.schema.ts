/** The product kinds row form's schema (the server's; the screen posts without client validation). */
import { z } from "zod";
import { PRODUCT_KINDS } from "~/db/schema/registers";
import { msg, optionalText } from "~/lib/kit/forms";
import { checkboxField } from "~/lib/kit/fields";
import { CATEGORY_MAX } from "~/lib/registers/product-kind";

const rowFields = {
  kind: z.enum(PRODUCT_KINDS, { error: msg.invalid }),
  /** The row's version the form was loaded with; 0 when the agency has no row for the kind yet. */
  version: z
    .string({ error: msg.invalid })
    .regex(/^[0-9]{1,10}$/, msg.invalid)
    .transform(Number)
    .pipe(z.number().max(1_000_000_000, msg.invalid)),
  enabled: checkboxField(),
};

export const productKindSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("save"), ...rowFields, defaultCategory: optionalText(CATEGORY_MAX) }),
    z.object({ intent: z.literal("toggle"), ...rowFields }),
  ],
  { error: msg.invalid },
);

export type ProductKindInput = z.output<typeof productKindSchema>;

