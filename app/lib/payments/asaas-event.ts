/**
 * The shape of an Asaas webhook event (issue #19), checked before anything is stored
 * (workers/webhooks.ts) and read again when it is processed (events.server.ts).
 * Import-free apart from zod so the webhooks Worker stays small.
 *
 * {id: "evt_…", event: "PAYMENT_RECEIVED", dateCreated: "2026-…", payment: {object: "payment",
 *  id: "pay_…", value, netValue, status, dueDate, paymentDate, clientPaymentDate, confirmedDate, …}}
 */
import { z } from "zod";

const text = (max: number) => z.string().min(1).max(max);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}/);
/** Money in reais (decimal); null or absent is allowed by Asaas on some events. */
const money = z.number().finite().min(0).max(1e11);

export const asaasPaymentSchema = z.looseObject({
  id: text(100),
  status: z.string().max(60).nullish(),
  value: money.nullish(),
  netValue: money.nullish(),
  dueDate: day.nullish(),
  originalDueDate: day.nullish(),
  paymentDate: day.nullish(),
  clientPaymentDate: day.nullish(),
  confirmedDate: day.nullish(),
  externalReference: z.string().max(200).nullish(),
  billingType: z.string().max(40).nullish(),
});

export const asaasEventSchema = z
  .looseObject({
    id: text(100),
    event: z
      .string()
      .min(1)
      .max(80)
      .regex(/^[A-Z0-9_]+$/),
    dateCreated: z.string().max(40).nullish(),
    payment: z.unknown().optional(),
  })
  .transform((e, ctx) => {
    if (!e.event.startsWith("PAYMENT_")) return { ...e, payment: null };
    const payment = asaasPaymentSchema.safeParse(e.payment);
    if (!payment.success) {
      ctx.addIssue({ code: "custom", message: "payment" });
      return z.NEVER;
    }
    return { ...e, payment: payment.data };
  });

export type AsaasEvent = z.infer<typeof asaasEventSchema>;
export type AsaasPayment = z.infer<typeof asaasPaymentSchema>;

/** The event, or null when the text is not an Asaas event this app understands. */
export function parseAsaasEvent(raw: string): AsaasEvent | null {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return null;
  const parsed = asaasEventSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/** Reais (a decimal with at most 2 places, as Asaas sends) to integer cents, without float drift. */
export const toCents = (reais: number) => Math.round(reais * 100);
