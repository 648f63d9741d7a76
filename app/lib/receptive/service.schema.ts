/** The receptive services form's schema (server, and the browser on demand). */
import { z } from "zod";
import { RECEPTIVE_SERVICE_KINDS } from "~/db/schema/receptive";
import { optionalMoneyField } from "~/lib/finance/settings/fields";
import { msg, optionalText, requiredText } from "~/lib/kit/forms";
import { checkboxField, optionalInt, versionField } from "~/lib/kit/fields";
import { SERVICE_CURRENCIES } from "~/lib/services/fields";
import { rcpErr } from "~/lib/receptive/fields";
import { parseDuration } from "~/lib/receptive/service";

const ID = /^[A-Za-z0-9_-]{1,64}$/;

const serviceFields = {
  name: requiredText(160),
  kind: z.enum(RECEPTIVE_SERVICE_KINDS, { error: msg.required }),
  description: optionalText(2000),
  /** Hours and minutes typed as "1:30", "90" (minutes) or "2h". */
  duration: z
    .string({ error: msg.required })
    .trim()
    .min(1, msg.required)
    .max(12, rcpErr.duration)
    .transform((v, ctx) => {
      const minutes = parseDuration(v);
      if (minutes === null) {
        ctx.addIssue({ code: "custom", message: rcpErr.duration });
        return z.NEVER;
      }
      return minutes;
    }),
  capacity: optionalInt(0, 1000).transform((v) => v ?? 0),
  providerId: optionalText(64).refine((v) => v === null || ID.test(v), rcpErr.provider),
  cost: optionalMoneyField(),
  price: optionalMoneyField(),
  currency: z.enum(SERVICE_CURRENCIES, { error: msg.invalid }),
  active: checkboxField(),
};

export const serviceSchema = z.object(serviceFields);
export const serviceEditSchema = z.object({ ...serviceFields, version: versionField() });
export type ServiceInput = z.output<typeof serviceSchema>;

