/**
 * The suppliers' and providers' form schemas and their checks (Pix keys, bank
 * data, repeatable contacts and services), shared by the server and the browser
 * (loaded on the form's first focus).
 */
import { z } from "zod";
import { BANK_ACCOUNT_TYPES, PARTY_KINDS, PIX_KEY_TYPES, SUPPLIER_CATEGORIES, type BankAccountType, type Contact, type PixKeyType, type ProviderService } from "~/db/schema/registers";
import { isValidBrPhone, isValidCnpj, isValidCpf, normalizePhone, onlyDigits } from "~/lib/platform/br-documents";
import { msg, optionalEmail, optionalText, requiredText } from "~/lib/kit/forms";
import { BR_STATES, checkDocument, countryField, documentText, phoneField, regErr, versionField } from "~/lib/kit/fields";
import { MAX_CONTACTS, MAX_POSTED_ROWS, MAX_SERVICES, partnerErr, PIX_EMAIL_MAX } from "~/lib/registers/partner";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * A Pix key as stored for its type, or null when it is not a valid key of that
 * type: CPF / CNPJ digits (check digits verified), a lower-cased e-mail, a
 * phone in E.164 ("+5511912345678"; a Brazilian number needs a real area
 * code), a random (EVP) key as a lower-cased UUID.
 */
export function normalizePixKey(type: PixKeyType, key: string): string | null {
  const value = key.trim();
  switch (type) {
    case "cpf":
      return /^[0-9.\-\s]+$/.test(value) && isValidCpf(onlyDigits(value)) ? onlyDigits(value) : null;
    case "cnpj":
      return /^[0-9.\-/\s]+$/.test(value) && isValidCnpj(onlyDigits(value)) ? onlyDigits(value) : null;
    case "email": {
      const email = value.toLowerCase();
      return email.length <= PIX_EMAIL_MAX && z.email().safeParse(email).success ? email : null;
    }
    case "phone": {
      if (!/^\+?[0-9 ().-]+$/.test(value)) return null;
      const n = normalizePhone(value);
      if (/^[0-9]{10,11}$/.test(n)) return isValidBrPhone(n) ? `+55${n}` : null;
      return /^\+[1-9][0-9]{6,14}$/.test(n) ? n : null;
    }
    case "random":
      return UUID.test(value) ? value.toLowerCase() : null;
  }
}

/** An optional choice of a fixed list: empty (or missing) is null. */
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.literal(""), z.enum(values)], { error: msg.invalid })
    .optional()
    .transform((v) => (v ? (v as T[number]) : null));

/** The id of a row picked in a select: empty (or missing) is null. */
const optionalIdField = () =>
  z
    .string({ error: msg.invalid })
    .trim()
    .max(64, msg.invalid)
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^[A-Za-z0-9_-]{1,64}$/.test(v), msg.invalid);

/** A web address; "www.hotel.com.br" gets https://. */
export const websiteField = () =>
  optionalText(200)
    .transform((v) => (v && !/^[a-z][a-z0-9+.-]*:/i.test(v) ? `https://${v}` : v))
    .refine((v) => v === null || isWebUrl(v), regErr.url);

function isWebUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && /^[^.]+(\.[^.]+)+$/.test(url.hostname);
  } catch {
    return false;
  }
}

/**
 * Repeatable rows (contacts, services): a row left empty is dropped; a row with
 * anything filled in needs its name.
 */
function rowsField<S extends z.ZodObject<{ name: z.ZodType<string | null> }>, R>(row: S, max: number, nameError: string, toRow: (r: z.output<S>) => R) {
  return z
    .array(row.optional())
    .max(MAX_POSTED_ROWS, regErr.tooMany)
    .optional()
    .superRefine((list, ctx) => {
      list?.forEach((r, i) => {
        if (r && !r.name && Object.values(r).some((v) => v !== null && v !== undefined)) ctx.addIssue({ code: "custom", path: [i, "name"], message: nameError });
      });
    })
    .transform((list) => (list ?? []).filter((r): r is z.output<S> => !!r && !!r.name).map(toRow))
    .pipe(z.array(z.custom<R>()).max(max, regErr.tooMany));
}

const contactRow = z.object({
  name: optionalText(120),
  role: optionalText(80),
  email: optionalEmail(),
  phone: phoneField(),
});
const serviceRow = z.object({
  name: optionalText(120),
  description: optionalText(500),
});

const contactsField = () =>
  rowsField(contactRow, MAX_CONTACTS, partnerErr.contactName, (c): Contact => ({ name: c.name ?? "", role: c.role, email: c.email, phone: c.phone }));
const servicesField = () =>
  rowsField(serviceRow, MAX_SERVICES, partnerErr.serviceName, (s): ProviderService => ({ name: s.name ?? "", description: s.description }));

const partnerFields = {
  kind: z.enum(PARTY_KINDS, { error: msg.invalid }),
  name: requiredText(200),
  tradeName: optionalText(200),
  document: documentText(),
  category: z.enum(SUPPLIER_CATEGORIES, { error: (issue) => (issue.input === undefined ? msg.required : msg.invalid) }),
  contacts: contactsField(),
  email: optionalEmail(),
  phone: phoneField(),
  website: websiteField(),
  city: optionalText(100),
  state: optionalText(40),
  country: countryField(),
  bankCode: optionalText(10).refine((v) => v === null || /^[0-9]{3}$/.test(v), regErr.bankCode),
  /** Agência, with its check digit when the bank has one ("1234-5"). */
  bankBranch: optionalText(10).refine((v) => v === null || /^[0-9]{1,5}(-[0-9xX])?$/.test(v), partnerErr.bankBranch),
  /** Conta with its digit ("12345-6"). */
  bankAccount: optionalText(20)
    .refine((v) => v === null || /^[0-9]{1,13}(-[0-9xX])?$/.test(v), partnerErr.bankAccount)
    .transform((v) => (v ? v.toUpperCase() : null)),
  bankAccountType: optionalChoice(BANK_ACCOUNT_TYPES),
  pixKeyType: optionalChoice(PIX_KEY_TYPES),
  pixKey: optionalText(140),
  /** Notes about how the agency pays ("faturado 30 dias após o check-out"): free text, kept apart from the default term. */
  paymentTerm: optionalText(200),
  /** The default payment term (Financeiro → Prazos de pagamento) of the payables a sale writes; empty = à vista. The action checks it is a live term of the agency. */
  paymentTermId: optionalIdField(),
  notes: optionalText(2000),
};

type PartnerShape = {
  kind: "person" | "company";
  document: string | null;
  country: string;
  state: string | null;
  bankCode: string | null;
  bankBranch: string | null;
  bankAccount: string | null;
  bankAccountType: BankAccountType | null;
  pixKeyType: PixKeyType | null;
  pixKey: string | null;
};

function refinePartner(v: PartnerShape, ctx: z.RefinementCtx) {
  checkDocument(v.kind, v.document, ctx);
  if (v.country === "BR" && v.state && !(BR_STATES as readonly string[]).includes(v.state.toUpperCase())) {
    ctx.addIssue({ code: "custom", path: ["state"], message: regErr.state });
  }
  // Bank data is all or nothing: a payment needs the bank, the branch and the account.
  if (v.bankCode || v.bankBranch || v.bankAccount || v.bankAccountType) {
    for (const field of ["bankCode", "bankBranch", "bankAccount"] as const) {
      if (!v[field]) ctx.addIssue({ code: "custom", path: [field], message: partnerErr.bankIncomplete });
    }
  }
  if (v.pixKey && !v.pixKeyType) ctx.addIssue({ code: "custom", path: ["pixKeyType"], message: partnerErr.pixKeyType });
  else if (v.pixKeyType && !v.pixKey) ctx.addIssue({ code: "custom", path: ["pixKey"], message: partnerErr.pixKeyMissing });
  else if (v.pixKeyType && v.pixKey && normalizePixKey(v.pixKeyType, v.pixKey) === null) ctx.addIssue({ code: "custom", path: ["pixKey"], message: regErr.pixKey });
}

const finishPartner = <T extends PartnerShape>(v: T): T => ({
  ...v,
  document: v.document ? onlyDigits(v.document) : null,
  state: v.state && v.country === "BR" ? v.state.toUpperCase() : v.state,
  pixKey: v.pixKeyType && v.pixKey ? (normalizePixKey(v.pixKeyType, v.pixKey) ?? v.pixKey) : null,
  pixKeyType: v.pixKeyType && v.pixKey ? v.pixKeyType : null,
});

const providerFields = { ...partnerFields, services: servicesField() };

/** Novo fornecedor. */
export const supplierSchema = z.object(partnerFields).superRefine(refinePartner).transform(finishPartner);
/** Editar fornecedor: the same, plus the version the form was loaded with. */
export const supplierEditSchema = z
  .object({ ...partnerFields, version: versionField() })
  .superRefine(refinePartner)
  .transform(finishPartner);
/** Novo prestador: a supplier's fields plus the services offered. */
export const providerSchema = z.object(providerFields).superRefine(refinePartner).transform(finishPartner);
export const providerEditSchema = z
  .object({ ...providerFields, version: versionField() })
  .superRefine(refinePartner)
  .transform(finishPartner);

/** The schemas of a register: new and edit. */
export const partnerSchemas = {
  supplier: { create: supplierSchema, edit: supplierEditSchema },
  provider: { create: providerSchema, edit: providerEditSchema },
} as const;

export type SupplierInput = z.output<typeof supplierSchema>;
export type ProviderInput = z.output<typeof providerSchema>;
export type PartnerInput = SupplierInput | ProviderInput;

