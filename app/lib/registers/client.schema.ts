/**
 * The clients form's schema, shared by the server (every post) and the browser
 * (loaded on the form's first focus: `useRecordForm({ loadSchema })`).
 */
import { z } from "zod";
import { PARTY_KINDS } from "~/db/schema/registers";
import { onlyDigits } from "~/lib/platform/br-documents";
import { emailField, msg, optionalText, requiredText } from "~/lib/kit/forms";
import {
  brAddress,
  checkBrAddress,
  checkboxField,
  checkDocument,
  countryField,
  dateField,
  documentText,
  optionalCountryField,
  phoneField,
  regErr,
  tagsField,
  versionField,
} from "~/lib/kit/fields";
import { MAX_EMAILS, MAX_PHONES } from "~/lib/registers/client";

export const phoneEntry = z.object({
  number: phoneField(),
  whatsapp: checkboxField(),
});

/**
 * What a client may change of their own register in the portal (issue #21): phones, address,
 * emergency contact; the staff form has the same fields.
 */
export const clientContactFields = {
  phones: z
    .array(phoneEntry.optional())
    .optional()
    .transform((list) => (list ?? []).filter((p): p is { number: string; whatsapp: boolean } => !!p && !!p.number))
    .pipe(z.array(z.object({ number: z.string(), whatsapp: z.boolean() })).max(MAX_PHONES, regErr.tooMany)),
  postalCode: optionalText(10),
  street: optionalText(200),
  number: optionalText(20),
  complement: optionalText(100),
  district: optionalText(100),
  city: optionalText(100),
  state: optionalText(40),
  country: countryField(),
  emergencyContactName: optionalText(120),
  emergencyContactPhone: phoneField(),
};

const clientFields = {
  kind: z.enum(PARTY_KINDS, { error: msg.invalid }),
  name: requiredText(200),
  tradeName: optionalText(200),
  document: documentText(),
  rg: optionalText(20),
  rgIssuer: optionalText(20),
  passportNumber: optionalText(20).refine((v) => v === null || /^[A-Za-z0-9]{5,20}$/.test(v), regErr.document),
  passportCountry: optionalCountryField(),
  passportExpiry: dateField(),
  nationality: optionalText(60),
  birthDate: dateField(),
  // Empty rows of the repeatable e-mail / phone inputs are dropped.
  emails: z
    .array(z.string().optional())
    .optional()
    .transform((list) => (list ?? []).map((e) => (e ?? "").trim()).filter((e) => e.length > 0))
    .pipe(z.array(emailField()).max(MAX_EMAILS, regErr.tooMany)),
  ...clientContactFields,
  tags: tagsField(),
  notes: optionalText(2000),
  marketingConsent: checkboxField(),
};

type ClientShape = { kind: "person" | "company"; document: string | null; emails: string[]; birthDate: string | null; country: string; postalCode: string | null; state: string | null };

function refineClient(v: ClientShape, ctx: z.RefinementCtx) {
  checkDocument(v.kind, v.document, ctx);
  checkBrAddress(v, ctx);
  const seen = new Set<string>();
  v.emails.forEach((email, i) => {
    if (seen.has(email)) ctx.addIssue({ code: "custom", path: ["emails", i], message: regErr.duplicateEmail });
    seen.add(email);
  });
  if (v.birthDate) {
    const today = new Date().toISOString().slice(0, 10);
    if (v.birthDate > today || v.birthDate < "1900-01-01") ctx.addIssue({ code: "custom", path: ["birthDate"], message: regErr.birthDate });
  }
}

const finish = <T extends ClientShape>(v: T) => ({ ...brAddress(v), document: v.document ? onlyDigits(v.document) : null });

/** Novo cliente. */
export const clientSchema = z.object(clientFields).superRefine(refineClient).transform(finish);
/** Editar cliente: the same, plus the version the form was loaded with. */
export const clientEditSchema = z
  .object({ ...clientFields, version: versionField() })
  .superRefine(refineClient)
  .transform(finish);

export type ClientInput = z.output<typeof clientSchema>;

