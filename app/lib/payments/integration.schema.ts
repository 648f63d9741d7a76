/** The Asaas integration form's schema (server, and the browser on demand). */
import { z } from "zod";
import { PAYMENT_ENVIRONMENTS } from "~/db/schema/payments";
import { msg } from "~/lib/kit/form-keys";

export const integrationErr = {
  apiKeyRequired: "payments.asaas.errors.apiKeyRequired",
  apiKeyFormat: "payments.asaas.errors.apiKeyFormat",
  intermediary: "payments.asaas.errors.intermediary",
  bankAccount: "payments.asaas.errors.bankAccount",
} as const;

const optionalId = z
  .string()
  .trim()
  .max(64, msg.invalid)
  .optional()
  .transform((v) => (v ? v : null));

export const integrationSchema = z.object({
  intent: z.literal("save"),
  /** 0 while the agency has no integration row. */
  version: z.coerce.number({ error: msg.invalid }).int(msg.invalid).min(0, msg.invalid).max(1_000_000_000, msg.invalid),
  environment: z.enum(PAYMENT_ENVIRONMENTS, { error: msg.invalid }),
  /** Write-only: blank keeps the saved key. No spaces inside; Asaas keys are long printable text. */
  apiKey: z
    .string()
    .trim()
    .max(512, msg.tooLong)
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || (v.length >= 10 && /^[\x21-\x7e]+$/.test(v)), integrationErr.apiKeyFormat),
  enabled: z.enum(["on", "true"]).optional().transform((v) => v !== undefined),
  intermediaryId: optionalId,
  bankAccountId: optionalId,
});
export type IntegrationInput = z.output<typeof integrationSchema>;
