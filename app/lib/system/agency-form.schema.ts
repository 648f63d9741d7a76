/**
 * The agency's forms' schemas (licence management's new agency, Minha Agência),
 * shared by the server and the browser (loaded on the form's first focus).
 */
import { z } from "zod";
import { LINK_DAYS } from "~/lib/contracts/contract";
import { parseBp } from "~/lib/finance/money";
import { isValidCep, isValidCnpj, normalizePhone, onlyDigits } from "~/lib/platform/br-documents";
import { emailField, msg, requiredText, optionalEmail, optionalText } from "~/lib/kit/forms";
import { err, isCurrency, isTimeZone, PLANS, SLUG_MAX, SLUG_PATTERN } from "~/lib/system/agency-form";
import { LANGUAGES } from "~/locales";
import { BRAND_COLORS } from "~/lib/public/brand";

/** An optional trimmed text: empty becomes null. */
export const nameField = () => requiredText(120);
export const legalNameField = () => optionalText(200);

export const cnpjField = () =>
  optionalText(18).refine((v) => v === null || isValidCnpj(v), err.cnpj).transform((v) => (v ? onlyDigits(v) : null));

export const slugField = () =>
  z
    .string({ error: msg.required })
    .trim()
    .toLowerCase()
    .min(1, msg.required)
    .max(SLUG_MAX, msg.tooLong)
    .refine((v) => v.length >= 3 && SLUG_PATTERN.test(v), err.slug);

export const timeZoneField = () => z.string({ error: msg.required }).trim().min(1, msg.required).refine(isTimeZone, err.timeZone);

export const currencyField = () =>
  z
    .string({ error: msg.required })
    .trim()
    .toUpperCase()
    .min(1, msg.required)
    .refine((v) => /^[A-Z]{3}$/.test(v) && isCurrency(v), err.currency);

export const planField = () => z.enum(PLANS, { error: msg.invalid });

const phoneField = () =>
  optionalText(25)
    .refine((v) => v === null || (/^\+?[0-9 ().-]+$/.test(v) && onlyDigits(v).length >= 8 && onlyDigits(v).length <= 15), err.phone)
    .transform((v) => (v ? normalizePhone(v) : null));

const websiteField = () =>
  optionalText(200)
    .transform((v) => (v && !/^[a-z][a-z0-9+.-]*:/i.test(v) ? `https://${v}` : v))
    .refine((v) => {
      if (v === null) return true;
      try {
        const url = new URL(v);
        return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".") && !url.username && !url.password;
      } catch {
        return false;
      }
    }, err.url);

/**
 * The discount limit of a sale (decision 0011): a percentage of the sale's
 * price, 0 – 100 with up to two decimals ("12,5" or "12.5") → basis points
 * (1250); empty is no limit (null).
 */
export const maxDiscountField = () =>
  z
    .string({ error: msg.invalid })
    .max(20, err.maxDiscount)
    .optional()
    .transform((v) => (v ?? "").trim())
    .transform((v) => (v === "" ? null : (parseBp(v, 10_000) ?? Number.NaN)))
    .refine((v) => v === null || Number.isInteger(v), err.maxDiscount);

/** Minha Agência: the agency's own data (spec §2.6, DOMAIN.md "Platform"). */
export const agencyProfileSchema = z
  .object({
    intent: z.literal("profile"),
    version: z.coerce.number({ error: msg.invalid }).int(msg.invalid).min(1, msg.invalid),
    name: nameField(),
    legalName: legalNameField(),
    cnpj: cnpjField(),
    cadastur: optionalText(30).refine((v) => v === null || /^[0-9A-Za-z./-]+$/.test(v), err.cadastur),
    country: z
      .string({ error: msg.required })
      .trim()
      .toUpperCase()
      .refine((v) => /^[A-Z]{2}$/.test(v), err.country),
    postalCode: optionalText(20),
    addressLine: optionalText(200),
    city: optionalText(100),
    state: optionalText(50),
    phone: phoneField(),
    email: optionalEmail(),
    website: websiteField(),
    timeZone: timeZoneField(),
    currency: currencyField(),
    slug: slugField(),
    /** Sales: the largest discount a non-Admin may give, in percent; empty = no limit. */
    maxDiscount: maxDiscountField(),
    /** The public pages' accent colour (absent: unchanged). */
    brandColor: z.enum(BRAND_COLORS, { error: msg.invalid }).optional(),
    /** Contracts: a one-time code by e-mail before signing; how many days a signing link works. */
    contractSigningOtp: z
      .union([z.boolean(), z.string()])
      .optional()
      .transform((v) => v === true || v === "on" || v === "true"),
    /** Portal: clients may go on to reserve through the portal after "quero reservar". */
    portalReservations: z
      .union([z.boolean(), z.string()])
      .optional()
      .transform((v) => v === true || v === "on" || v === "true"),
    contractLinkDays: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : String(LINK_DAYS.default)))
      .refine((v) => /^[0-9]{1,2}$/.test(v) && Number(v) >= LINK_DAYS.min && Number(v) <= LINK_DAYS.max, err.linkDays)
      .transform((v) => Number(v)),
  })
  .superRefine((v, ctx) => {
    // A Brazilian address has a CEP of 8 digits and a state of two letters (UF).
    if (v.country === "BR") {
      if (v.postalCode !== null && !isValidCep(v.postalCode)) ctx.addIssue({ code: "custom", path: ["postalCode"], message: err.cep });
      if (v.state !== null && !/^[A-Za-z]{2}$/.test(v.state)) ctx.addIssue({ code: "custom", path: ["state"], message: err.state });
    }
  })
  .transform((v) => ({
    ...v,
    postalCode: v.postalCode && v.country === "BR" ? onlyDigits(v.postalCode) : v.postalCode,
    state: v.state && v.country === "BR" ? v.state.toUpperCase() : v.state,
    maxDiscountBp: v.maxDiscount,
  }));
export type AgencyProfileInput = z.output<typeof agencyProfileSchema>;

/** Licence management → new agency, with its first Admin (invited by e-mail). */
export const newAgencySchema = z.object({
  name: nameField(),
  legalName: legalNameField(),
  cnpj: cnpjField(),
  slug: slugField(),
  timeZone: timeZoneField(),
  currency: currencyField(),
  plan: planField(),
  adminName: requiredText(120),
  adminEmail: emailField(),
  adminLocale: z.enum(LANGUAGES, { error: msg.invalid }),
});
export type NewAgencyInput = z.output<typeof newAgencySchema>;
