/**
 * The agents form's schema and its checks (Pix key by type, CPF/CNPJ by length),
 * shared by the server and the browser (loaded on the form's first focus).
 */
import { z } from "zod";
import { COMMISSION_RULES, PIX_KEY_TYPES, type PixKeyType } from "~/db/schema/registers";
import { isValidBrPhone, isValidCnpj, isValidCpf, onlyDigits } from "~/lib/platform/br-documents";
import { msg, optionalEmail, optionalText, requiredText } from "~/lib/kit/forms";
import { documentText, phoneField, regErr, versionField } from "~/lib/kit/fields";
import { agentErr, normalizePixKey, parsePercentToBps } from "~/lib/registers/agent";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = z.email();

/** Whether `key` is a valid Pix key of `type` (DICT rules: documents with check digits, e-mail, phone, EVP/UUID). */
export function isValidPixKey(type: PixKeyType, key: string): boolean {
  const k = key.trim();
  switch (type) {
    case "cpf":
      return isValidCpf(k);
    case "cnpj":
      return isValidCnpj(k);
    case "email":
      return k.length <= 77 && EMAIL.safeParse(k.toLowerCase()).success;
    case "phone": {
      if (!/^\+?[0-9 ().-]+$/.test(k)) return false;
      const digits = onlyDigits(k);
      // A number without "+", or with +55, is Brazilian; another country code keeps 8–15 digits (E.164).
      if (!k.startsWith("+") || digits.startsWith("55")) return isValidBrPhone(k);
      return /^[1-9][0-9]{7,14}$/.test(digits);
    }
    case "random":
      return UUID.test(k);
  }
}

/** The check a CPF or CNPJ gets from its number of digits: 11 is a CPF, 14 a CNPJ. */
function documentIssue(value: string): string | null {
  if (!/^[0-9\s./-]+$/.test(value)) return regErr.document;
  const digits = onlyDigits(value);
  if (digits.length === 11) return isValidCpf(value) ? null : regErr.cpf;
  if (digits.length === 14) return isValidCnpj(value) ? null : regErr.cnpj;
  return regErr.document;
}

const agentFields = {
  name: requiredText(200),
  document: documentText(),
  email: optionalEmail(),
  phone: phoneField(),
  /** The linked user (an active member of the agency, checked by the action). */
  userId: optionalText(64).refine((v) => v === null || /^[A-Za-z0-9_-]{1,64}$/.test(v), msg.invalid),
  commissionRule: z.enum(COMMISSION_RULES, { error: msg.invalid }),
  /** The default commission as typed; empty is 0 %. */
  commission: optionalText(12)
    .refine((v) => v === null || parsePercentToBps(v) !== null, regErr.percent)
    .transform((v) => (v === null ? 0 : (parsePercentToBps(v) ?? 0))),
  pixKeyType: z
    .union([z.enum(PIX_KEY_TYPES), z.literal("")], { error: msg.invalid })
    .optional()
    .transform((v) => (v ? v : null)),
  pixKey: optionalText(140),
  notes: optionalText(2000),
};

type AgentShape = { document: string | null; pixKeyType: PixKeyType | null; pixKey: string | null };

function refineAgent(v: AgentShape, ctx: z.RefinementCtx) {
  if (v.document) {
    const issue = documentIssue(v.document);
    if (issue) ctx.addIssue({ code: "custom", path: ["document"], message: issue });
  }
  if (v.pixKey && !v.pixKeyType) ctx.addIssue({ code: "custom", path: ["pixKeyType"], message: agentErr.pixKeyType });
  if (v.pixKeyType && !v.pixKey) ctx.addIssue({ code: "custom", path: ["pixKey"], message: agentErr.pixKeyMissing });
  if (v.pixKeyType && v.pixKey && !isValidPixKey(v.pixKeyType, v.pixKey)) ctx.addIssue({ code: "custom", path: ["pixKey"], message: regErr.pixKey });
}

const finish = <T extends AgentShape>(v: T) => ({
  ...v,
  document: v.document ? onlyDigits(v.document) : null,
  pixKey: v.pixKeyType && v.pixKey ? normalizePixKey(v.pixKeyType, v.pixKey) : null,
});

/** Novo agente. */
export const agentSchema = z.object(agentFields).superRefine(refineAgent).transform(finish);
/** Editar agente: the same, plus the version the form was loaded with. */
export const agentEditSchema = z
  .object({ ...agentFields, version: versionField() })
  .superRefine(refineAgent)
  .transform(finish);

export type AgentInput = z.output<typeof agentSchema>;

