/** The charge forms of a receivable (server, and the browser on demand). */
import { z } from "zod";
import { msg } from "~/lib/kit/form-keys";
import { CHARGE_BILLING_TYPES } from "~/lib/payments/constants";

export const CHARGE_INTENTS = ["charge", "chargeAll", "cancelCharge"] as const;

export const chargeSchema = z.object({
  intent: z.enum(CHARGE_INTENTS, { error: msg.invalid }),
  billingType: z.enum(CHARGE_BILLING_TYPES, { error: msg.required }).optional(),
});
