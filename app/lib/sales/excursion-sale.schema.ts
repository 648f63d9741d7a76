/**
 * The excursion sale's schemas (one definition: the actions and the browser,
 * which loads them on demand): the new sale (excursion, buyer, seller) and the
 * manage page's intents. Money typed as "1.234,56" → cents. What needs the
 * database (the excursion selling, the seat free, the client, boarding points,
 * price tiers, the discount limit) is checked by excursion-sale.server.ts.
 */
import { z } from "zod";
import { SALE_PAYMENT_METHODS } from "~/db/schema/sales";
import { versionField } from "~/lib/kit/fields";
import { msg, optionalText } from "~/lib/kit/forms";
import { parseCalendarDate } from "~/lib/platform/time-zone";
import { AGE_BANDS, PACKAGE_ROOM_TYPES, SALE_ID, TRAVEL_DOCUMENT_TYPES, xsErr } from "~/lib/sales/excursion-sale";
import { parseSeat } from "~/lib/sales/seats";
import { optionalMoney } from "~/lib/services/fields.schema";

const idField = (error: string = msg.invalid) =>
  z
    .string({ error })
    .trim()
    .min(1, error)
    .refine((v) => SALE_ID.test(v), error);
const optionalId = () => optionalText(64).refine((v) => v === null || SALE_ID.test(v), msg.invalid);
const day = () =>
  optionalText(10).refine((v) => v === null || parseCalendarDate(v) !== null, xsErr.invalidDay);
const seat = () =>
  optionalText(4).transform((v, ctx) => {
    if (v === null) return null;
    const n = parseSeat(v);
    if (n === null) {
      ctx.addIssue({ code: "custom", message: xsErr.noSuchSeat });
      return z.NEVER;
    }
    return n;
  });
const flag = () => z.enum(["1"]).optional().transform((v) => v === "1");

export const newExcursionSaleSchema = z.object({
  excursionId: idField(xsErr.excursion),
  clientId: idField(xsErr.client),
  agentId: idField(xsErr.agent),
});
export type NewExcursionSaleInput = z.infer<typeof newExcursionSaleSchema>;

export const excursionSaleIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("hold"), seat: seat() }),
  z.object({ intent: z.literal("release"), place: idField(xsErr.place) }),
  z.object({ intent: z.literal("move"), place: idField(xsErr.place), seat: seat() }),
  z.object({
    intent: z.literal("place"),
    place: idField(xsErr.place),
    version: versionField(),
    preview: flag(),
    clientId: optionalId(),
    name: z
      .string({ error: xsErr.name })
      .trim()
      .min(2, xsErr.name)
      .max(120, msg.tooLong),
    documentType: z.enum(TRAVEL_DOCUMENT_TYPES, { error: msg.invalid }).optional().nullable().catch(null),
    documentNumber: optionalText(30),
    birthDate: day(),
    ageBand: z.enum(AGE_BANDS, { error: msg.invalid }),
    roomType: z.enum(PACKAGE_ROOM_TYPES, { error: xsErr.tier }),
    roomLabel: optionalText(20),
    boardingId: optionalId(),
  }),
  z.object({
    intent: z.literal("plan"),
    version: versionField(),
    preview: flag(),
    discount: optionalMoney(),
    paymentTermId: optionalId(),
    paymentMethod: z.enum(SALE_PAYMENT_METHODS, { error: msg.invalid }),
    downPayment: optionalMoney(),
    firstDueDate: day(),
  }),
  z.object({ intent: z.literal("confirm"), version: versionField() }),
  z.object({ intent: z.literal("apply"), version: versionField(), preview: flag() }),
  z.object({ intent: z.literal("remove"), place: idField(xsErr.place), version: versionField(), preview: flag() }),
  z.object({
    intent: z.literal("cancel"),
    version: versionField(),
    reason: z
      .string({ error: xsErr.reasonRequired })
      .trim()
      .min(3, xsErr.reasonRequired)
      .max(300, msg.tooLong),
  }),
]);
export type ExcursionSaleIntent = z.infer<typeof excursionSaleIntentSchema>;
