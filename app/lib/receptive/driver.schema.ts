/** The drivers form's schema and the receptive field builders (server, and the browser on demand). */
import { z } from "zod";
import { CNH_CATEGORIES } from "~/db/schema/receptive";
import { msg, optionalEmail, optionalText, requiredText } from "~/lib/kit/forms";
import { checkboxField, phoneField, regErr, versionField } from "~/lib/kit/fields";
import { isValidCpf, onlyDigits } from "~/lib/platform/br-documents";
import { parseCalendarDate } from "~/lib/platform/time-zone";
import { normalizeCnh, rcpErr } from "~/lib/receptive/fields";

export const cpfField = () =>
  optionalText(20)
    .refine((v) => v === null || isValidCpf(v), rcpErr.cpf)
    .transform((v) => (v ? onlyDigits(v) : null));

/** A required calendar day "YYYY-MM-DD" that exists. */
export const requiredDay = () => requiredText(10).refine((v) => parseCalendarDate(v) !== null, regErr.date);

const driverFields = {
  name: requiredText(200),
  cpf: cpfField(),
  phone: phoneField(),
  email: optionalEmail(),
  cnhNumber: z
    .string({ error: msg.required })
    .trim()
    .min(1, msg.required)
    .max(20, msg.tooLong)
    .transform((v, ctx) => {
      const cnh = normalizeCnh(v);
      if (!cnh) {
        ctx.addIssue({ code: "custom", message: rcpErr.cnh });
        return z.NEVER;
      }
      return cnh;
    }),
  cnhCategory: z.enum(CNH_CATEGORIES, { error: msg.required }),
  cnhExpiry: requiredDay(),
  ear: checkboxField(),
  notes: optionalText(2000),
  active: checkboxField(),
};

export const driverSchema = z.object(driverFields);
export const driverEditSchema = z.object({ ...driverFields, version: versionField() });
export type DriverInput = z.output<typeof driverSchema>;

