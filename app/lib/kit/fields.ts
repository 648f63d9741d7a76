/**
 * Field builders shared by the register forms (one zod schema per form, used by
 * the browser through Conform and by the action). Messages are translation keys:
 * generic ones in validation.*, register ones in registers.errors.*. Documents,
 * CEPs and phones leave the schema as digits (br-documents.ts), dates as ISO
 * "YYYY-MM-DD", countries as ISO 3166-1 alpha-2.
 */
import { z } from "zod";
import { isValidBrPhone, isValidCep, isValidCnpj, isValidCpf, normalizePhone, onlyDigits } from "~/lib/platform/br-documents";
import { msg, optionalText } from "~/lib/kit/forms";
import { parseCalendarDate } from "~/lib/platform/time-zone";
import { BR_STATES, regErr } from "~/lib/kit/field-keys";

export { BR_STATES, regErr };

/** The record's version the form was loaded with (optimistic concurrency). */
export const versionField = () => z.coerce.number({ error: msg.invalid }).int(msg.invalid).min(1, msg.invalid).max(1_000_000_000, msg.invalid);

/** An ISO 3166-1 alpha-2 code, upper-cased; empty means Brazil. */
export const countryField = () =>
  z
    .string()
    .trim()
    .toUpperCase()
    .optional()
    .transform((v) => v || "BR")
    .refine((v) => /^[A-Z]{2}$/.test(v), regErr.country);

/** An optional country code (passport country): empty becomes null. */
export const optionalCountryField = () =>
  optionalText(2)
    .transform((v) => (v ? v.toUpperCase() : null))
    .refine((v) => v === null || /^[A-Z]{2}$/.test(v), regErr.country);

/** An optional CPF or CNPJ in any punctuation, checked by `kind`'s rule in the object's refinement. */
export const documentText = () => optionalText(20);

/** An optional phone: 8 to 15 digits in the usual punctuation; stored normalised. */
export const phoneField = () =>
  optionalText(25)
    .refine((v) => v === null || (/^\+?[0-9 ().-]+$/.test(v) && onlyDigits(v).length >= 8 && onlyDigits(v).length <= 15), regErr.phone)
    .transform((v) => (v ? normalizePhone(v) : null));

/** An optional calendar date "YYYY-MM-DD" that exists. */
export const dateField = () =>
  optionalText(10).refine((v) => v === null || parseCalendarDate(v) !== null, regErr.date);

/** Tags separated by commas, semicolons or "|": trimmed, deduplicated (case-insensitively), at most 10 of 30 characters. */
export const tagsField = () =>
  z
    .string()
    .max(400, msg.tooLong)
    .optional()
    .transform((v) => {
      const seen = new Set<string>();
      const out: string[] = [];
      // "|" separates too: it is the list separator of the CSV files.
      for (const raw of (v ?? "").split(/[,;|]/)) {
        const tag = raw.trim().replace(/\s+/g, " ");
        if (tag && !seen.has(tag.toLowerCase())) {
          seen.add(tag.toLowerCase());
          out.push(tag);
        }
      }
      return out;
    })
    .refine((tags) => tags.length <= 10, regErr.tooMany)
    .refine((tags) => tags.every((t) => t.length <= 30), regErr.tag);

/** A checkbox: present ("on") is true. */
export const checkboxField = () =>
  z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((v) => v === true || v === "on" || v === "true");

/** An optional integer within bounds (form text → number). */
export const optionalInt = (min: number, max: number) =>
  optionalText(12)
    .refine((v) => v === null || /^-?[0-9]+$/.test(v), regErr.number)
    .transform((v) => (v === null ? null : Number.parseInt(v, 10)))
    .refine((v) => v === null || (v >= min && v <= max), regErr.number);

/** An optional decimal within bounds; a comma is accepted as the decimal separator. */
export const optionalDecimal = (min: number, max: number, error: string = regErr.number) =>
  optionalText(20)
    .transform((v) => (v === null ? null : v.replace(",", ".")))
    .refine((v) => v === null || /^-?[0-9]+(\.[0-9]+)?$/.test(v), error)
    .transform((v) => (v === null ? null : Number(v)))
    .refine((v) => v === null || (v >= min && v <= max), error);

/** Checks a document against the party kind: CPF for a person, CNPJ for a company. */
export function checkDocument(kind: "person" | "company", document: string | null, ctx: z.RefinementCtx, path = "document") {
  if (document === null) return;
  const ok = kind === "person" ? isValidCpf(document) : isValidCnpj(document);
  if (!ok) ctx.addIssue({ code: "custom", path: [path], message: kind === "person" ? regErr.cpf : regErr.cnpj });
}

/** A Brazilian address has a CEP of 8 digits and a state (UF) of the list. */
export function checkBrAddress(v: { country: string; postalCode?: string | null; state?: string | null }, ctx: z.RefinementCtx) {
  if (v.country !== "BR") return;
  if (v.postalCode && !isValidCep(v.postalCode)) ctx.addIssue({ code: "custom", path: ["postalCode"], message: regErr.cep });
  if (v.state && !(BR_STATES as readonly string[]).includes(v.state.toUpperCase())) ctx.addIssue({ code: "custom", path: ["state"], message: regErr.state });
}

/** Digits of a Brazilian CEP / state upper-cased; others unchanged. */
export const brAddress = <T extends { country: string; postalCode?: string | null; state?: string | null }>(v: T): T => ({
  ...v,
  postalCode: v.postalCode && v.country === "BR" ? onlyDigits(v.postalCode) : (v.postalCode ?? null),
  state: v.state && v.country === "BR" ? v.state.toUpperCase() : (v.state ?? null),
});

/** Whether a phone is a plausible Brazilian one (used for the WhatsApp link). */
export const isBrPhone = isValidBrPhone;
