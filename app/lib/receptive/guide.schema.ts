/** The guides form's schema (server, and the browser on demand). */
import { z } from "zod";
import { optionalEmail, optionalText, requiredText } from "~/lib/kit/forms";
import { checkboxField, dateField, phoneField, versionField } from "~/lib/kit/fields";
import { cpfField } from "~/lib/receptive/driver.schema";
import { rcpErr } from "~/lib/receptive/fields";
import { GUIDE_LANGUAGES } from "~/lib/receptive/guide";

/** Checkboxes named `languages`: one value or several; each must be a known code. */
const languagesField = () =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
    .refine((v) => v.length <= GUIDE_LANGUAGES.length && v.every((l) => (GUIDE_LANGUAGES as readonly string[]).includes(l)), rcpErr.languages)
    .transform((v) => GUIDE_LANGUAGES.filter((l) => v.includes(l)));

const guideFields = {
  name: requiredText(200),
  cpf: cpfField(),
  phone: phoneField(),
  email: optionalEmail(),
  cadasturNumber: optionalText(30)
    .transform((v) => (v ? v.replace(/\s+/g, "").toUpperCase() : null))
    .refine((v) => v === null || /^[0-9A-Z./-]{5,30}$/.test(v), rcpErr.cadastur),
  cadasturExpiry: dateField(),
  languages: languagesField(),
  notes: optionalText(2000),
  active: checkboxField(),
};

export const guideSchema = z.object(guideFields);
export const guideEditSchema = z.object({ ...guideFields, version: versionField() });
export type GuideInput = z.output<typeof guideSchema>;

